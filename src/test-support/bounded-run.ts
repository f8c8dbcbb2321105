// Runs one exported function of a module in a worker thread with a deadline and a heap cap, for
// tests that assert "completes" on hostile input: a quadratic loop cannot be interrupted inside the
// test's own thread (node:test timeouts fire only once synchronous code returns), a worker can be
// terminated. The deadline is generous (minutes of headroom); it catches a hang, not a slowdown.
import { Worker } from 'node:worker_threads';

export interface BoundedRunOptions {
  /** Absolute file URL of the module (e.g. `new URL('./x.ts', import.meta.url).href`). */
  module: string;
  /** Name of the exported function; it receives `args` and may be async. Its result must be cloneable. */
  exportName: string;
  args?: unknown[];
  /** Wall-clock limit; the worker is terminated past it. */
  timeoutMs: number;
  /** Old-generation heap cap of the worker (MB): an allocation past it fails the run. */
  maxHeapMb?: number;
}

export type BoundedRunResult<T> = { ok: true; value: T; ms: number } | { ok: false; reason: 'timeout' | 'error'; message: string; ms: number };

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// Workers do not inherit the main thread's module hooks: register tsx before loading TypeScript.
import(workerData.tsx).then((tsx) => { tsx.register(); return import(workerData.module); }).then(async (m) => {
  const value = await m[workerData.exportName](...workerData.args);
  parentPort.postMessage({ ok: true, value });
}).catch((err) => parentPort.postMessage({ ok: false, message: String(err && err.stack || err) }));
`;

export function boundedRun<T>(options: BoundedRunOptions): Promise<BoundedRunResult<T>> {
  const started = performance.now();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { tsx: import.meta.resolve('tsx/esm/api'), module: options.module, exportName: options.exportName, args: options.args ?? [] },
    ...(options.maxHeapMb ? { resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb } } : {}),
  });
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: BoundedRunResult<T>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(r);
    };
    const ms = (): number => Math.round(performance.now() - started);
    const timer = setTimeout(
      () => done({ ok: false, reason: 'timeout', message: `did not complete within ${options.timeoutMs} ms`, ms: ms() }),
      options.timeoutMs,
    );
    worker.on('message', (m: { ok: boolean; value?: T; message?: string }) =>
      done(m.ok ? { ok: true, value: m.value as T, ms: ms() } : { ok: false, reason: 'error', message: m.message ?? 'failed', ms: ms() }),
    );
    worker.on('error', (err) => done({ ok: false, reason: 'error', message: err.message, ms: ms() }));
    worker.on('exit', (code) => done({ ok: false, reason: 'error', message: `worker exited with code ${code} before answering`, ms: ms() }));
  });
}
