// Small async helpers that honour AbortSignal.

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Throws the signal's reason when it has aborted. */
export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
}

/** A signal that aborts when any input aborts or after `timeoutMs` (if given). */
export function combineSignals(signals: Array<AbortSignal | undefined>, timeoutMs?: number): AbortSignal {
  const list = signals.filter((s): s is AbortSignal => s !== undefined);
  if (timeoutMs !== undefined) list.push(AbortSignal.timeout(timeoutMs));
  return list.length === 1 ? list[0]! : AbortSignal.any(list);
}
