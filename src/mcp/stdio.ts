// stdio: the client starts `lyra serve` and speaks JSON-RPC over stdin/stdout. stdout carries the
// protocol only; diagnostics go to stderr.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

/** Serves until the client closes stdin (or the signal aborts); resolves then. */
export async function serveStdio(options: { server: Server; signal?: AbortSignal }): Promise<void> {
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
    options.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await options.server.connect(transport);
  await closed;
  await options.server.close().catch(() => undefined);
}
