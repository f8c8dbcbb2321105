// The signal a long-running command (lyra serve, lyra ui) stops on: aborted at SIGINT or SIGTERM.
export function shutdownSignal(): AbortSignal {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return controller.signal;
}
