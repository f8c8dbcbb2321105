// `lyra serve [--http] [--host H] [--port P] [--conformance-fixtures]`: Lyra as an MCP server for Claude Desktop, Cline,
// Cursor… — stdio by default (the client starts it), Streamable HTTP with --http.
import type { Command } from 'commander';
import { z } from 'zod';
import { lyraVersion } from '../../app/fetcher.js';
import { storeLabel } from '../../app/open-store.js';
import { createServeRuntime, httpSettings } from '../../app/ui/serve.js';
import { createUiActions, uiLimitsOf, uiSettings } from '../../app/ui/ui.js';
import { InvalidInputError } from '../../core/index.js';
import { checkBindOptions, createLyraMcpServer, loadConformanceFixtures, serveStdio, startHttpServer, type McpServices } from '../../mcp/index.js';
import { UI_MOUNT_PATH, createUiHandler } from '../../web/index.js';
import type { CliContext } from '../context.js';
import { printJsonLine } from '../io.js';
import { shutdownSignal } from '../shutdown-signal.js';

const flagsSchema = z.strictObject({
  http: z.boolean().optional(),
  host: z.string().min(1).max(255).optional(),
  port: z.coerce.number().int().min(0).max(65_535).optional(),
  json: z.boolean().optional(),
  conformanceFixtures: z.boolean().optional(),
  ui: z.boolean().optional(),
});

export function registerServeCommand(program: Command, ctx: CliContext): void {
  program
    .command('serve')
    .description('Run Lyra as an MCP server: stdio by default (for Claude Desktop, Cline, Cursor), Streamable HTTP with --http')
    .option('--http', 'serve Streamable HTTP instead of stdio (bound to 127.0.0.1 unless --host says otherwise)')
    .option('--host <host>', 'with --http: address to bind; beyond loopback a token is required (mcp.http.token or $LYRA_MCP_TOKEN)')
    .option('--port <port>', 'with --http: TCP port (default 3917; 0 picks a free one)')
    .option('--json', 'with --http: print {"url": …} on stdout once listening')
    .option('--ui', 'with --http: also serve the browser UI (lyra ui) at /ui, under the same host, origin and token checks')
    .option(
      '--conformance-fixtures',
      "also serve the MCP conformance suite's reference fixtures (test_* tools, test:// resources, test_* prompts); for npm run check:mcp only",
    )
    .addHelpText(
      'after',
      '\nstdio: stdout carries the protocol only; diagnostics go to stderr. HTTP: endpoint /mcp, Origin and Host checked (DNS-rebinding protection).\nClient configuration: {"command": "node", "args": ["/path/to/lyra/bin/lyra.js", "serve"]} (the path of your clone) — see docs/mcp.md.',
    )
    .action(async (raw: Record<string, unknown>) => {
      const parsed = flagsSchema.safeParse(raw);
      if (!parsed.success)
        throw new InvalidInputError(`serve: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`, { code: 'invalid_flag' });
      const flags = parsed.data;
      if (!flags.http && (flags.host !== undefined || flags.port !== undefined || flags.json || flags.ui)) {
        throw new InvalidInputError('serve: --host, --port, --json and --ui apply to --http only', { code: 'invalid_flag' });
      }
      const config = ctx.config();
      const settings = flags.http
        ? httpSettings(config, { env: ctx.env, ...(flags.host ? { host: flags.host } : {}), ...(flags.port !== undefined ? { port: flags.port } : {}) })
        : undefined;
      // Refused before anything is opened: no store, no engine for a server that will not start.
      if (settings) checkBindOptions({ host: settings.host, ...(settings.token ? { token: settings.token } : {}) });
      const runtime = createServeRuntime(config);
      const services: McpServices = { engine: runtime.engine, store: runtime.store, recompute: runtime.recompute, evidence: runtime.evidence };
      const version = lyraVersion();
      const serverOptions = {
        services,
        version,
        settings: runtime.settings,
        ...(flags.conformanceFixtures ? { fixtures: await loadConformanceFixtures() } : {}),
      };
      const stop = shutdownSignal();
      try {
        if (!settings) {
          ctx.io.stderr(`lyra serve: MCP over stdio (store ${storeLabel(config.store)})\n`);
          await serveStdio({ server: createLyraMcpServer(serverOptions), signal: stop });
          return;
        }
        const ui = flags.ui ? uiSettings(config, { env: ctx.env }) : undefined;
        const uiHandler = ui
          ? createUiHandler({
              services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) },
              host: settings.host,
              base: UI_MOUNT_PATH,
              allowedOrigins: settings.allowedOrigins,
              allowedHosts: settings.allowedHosts,
              runsDirs: ui.runsDirs,
              ...(settings.token ? { token: settings.token } : {}),
              limits: uiLimitsOf(ui),
              log: (line) => ctx.io.stderr(`lyra serve: ui: ${line}\n`),
            })
          : undefined;
        const http = await startHttpServer({
          ...(uiHandler ? { mounts: [{ prefix: UI_MOUNT_PATH, handle: uiHandler.handle }] } : {}),
          host: settings.host,
          port: settings.port,
          allowedOrigins: settings.allowedOrigins,
          allowedHosts: settings.allowedHosts,
          ...(settings.token ? { token: settings.token } : {}),
          ...(settings.maxBodyBytes !== undefined ? { maxBodyBytes: settings.maxBodyBytes } : {}),
          ...(settings.maxSessions !== undefined ? { maxSessions: settings.maxSessions } : {}),
          ...(settings.sessionIdleMs !== undefined ? { sessionIdleMs: settings.sessionIdleMs } : {}),
          ...(settings.requestTimeoutMs !== undefined ? { requestTimeoutMs: settings.requestTimeoutMs } : {}),
          ...(settings.headersTimeoutMs !== undefined ? { headersTimeoutMs: settings.headersTimeoutMs } : {}),
          ...(settings.idleTimeoutMs !== undefined ? { idleTimeoutMs: settings.idleTimeoutMs } : {}),
          ...(settings.maxConnections !== undefined ? { maxConnections: settings.maxConnections } : {}),
          createServer: () => createLyraMcpServer(serverOptions),
          log: (line) => ctx.io.stderr(`lyra serve: ${line}\n`),
        });
        const uiUrl = uiHandler ? http.url.replace(/\/mcp$/, `${UI_MOUNT_PATH}/`) : undefined;
        if (flags.json) printJsonLine(ctx.io, { url: http.url, ...(uiUrl ? { ui: uiUrl } : {}) });
        else
          ctx.io.stdout(
            `lyra serve: MCP over Streamable HTTP at ${http.url}${settings.token ? ' (bearer token required)' : ''}${uiUrl ? `; browser UI at ${uiUrl}${settings.token ? ' (open it once with ?token=<token>)' : ''}` : ''}\n`,
          );
        await new Promise<void>((resolve) => stop.addEventListener('abort', () => resolve(), { once: true }));
        uiHandler?.close();
        await http.close();
      } finally {
        await runtime.close();
      }
    });
}
