// `lyra ui [--port P] [--host H] [--open] [--json]`: the evidence graph in a browser — tasks, claims
// with their quotes, contested pairs, blocked domains, the graph, runs — served by web/ over the store.
import type { Command } from 'commander';
import { userInfo } from 'node:os';
import { z } from 'zod';
import { storeLabel } from '../../app/open-store.js';
import { openInBrowser } from '../../app/ui/open-browser.js';
import { createServeRuntime } from '../../app/ui/serve.js';
import { createUiActions, uiLimitsOf, uiSettings } from '../../app/ui/ui.js';
import { InvalidInputError, checkBindOptions } from '../../core/index.js';
import { UI_GUARD_LABELS, startUiServer } from '../../web/index.js';
import type { CliContext } from '../context.js';
import { printJsonLine } from '../io.js';
import { shutdownSignal } from '../shutdown-signal.js';

const flagsSchema = z.strictObject({
  host: z.string().min(1).max(255).optional(),
  port: z.coerce.number().int().min(0).max(65_535).optional(),
  open: z.boolean().optional(),
  json: z.boolean().optional(),
});

function defaultAuthor(env: NodeJS.ProcessEnv): string {
  try {
    return env.USER || userInfo().username || 'ui user';
  } catch {
    return 'ui user';
  }
}

export function registerUiCommand(program: Command, ctx: CliContext): void {
  program
    .command('ui')
    .description(
      "Open the evidence in a browser: tasks, claims with verbatim quotes, contested pairs, blocked domains, the graph; reject / restore claims, correct stances, set a domain's level",
    )
    .option(
      '--host <host>',
      'address to bind (default 127.0.0.1); beyond loopback a token is required (ui.token or $LYRA_UI_TOKEN; a random one is made and printed when neither is set)',
    )
    .option('--port <port>', 'TCP port (default 3918; 0 picks a free one)')
    .option('--open', 'open the UI in the default browser once listening')
    .option('--json', 'print {"url": …} on stdout once listening')
    .addHelpText('after', "\nLimits (request size, rate, live streams, claims per page) are set in the config's ui section; see docs/ui.md. Stop with Ctrl-C.")
    .action(async (raw: Record<string, unknown>) => {
      const parsed = flagsSchema.safeParse(raw);
      if (!parsed.success)
        throw new InvalidInputError(`ui: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`, { code: 'invalid_flag' });
      const flags = parsed.data;
      const config = ctx.config();
      const s = uiSettings(config, { env: ctx.env, ...(flags.host ? { host: flags.host } : {}), ...(flags.port !== undefined ? { port: flags.port } : {}) });
      checkBindOptions({ host: s.host, ...(s.token ? { token: s.token } : {}), labels: UI_GUARD_LABELS });
      const runtime = createServeRuntime(config);
      const stop = shutdownSignal();
      try {
        const server = await startUiServer({
          services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) },
          host: s.host,
          port: s.port,
          allowedOrigins: s.allowedOrigins,
          allowedHosts: s.allowedHosts,
          runsDirs: s.runsDirs,
          author: defaultAuthor(ctx.env),
          ...(s.token ? { token: s.token } : {}),
          limits: uiLimitsOf(s),
          log: (line) => ctx.io.stderr(`lyra ui: ${line}\n`),
          signal: stop,
        });
        // The token link is printed only when the token was made here (a configured one is not echoed).
        const url = s.tokenGenerated && s.token ? `${server.url}?token=${encodeURIComponent(s.token)}` : server.url;
        if (flags.json) printJsonLine(ctx.io, { url });
        else
          ctx.io.stdout(
            `lyra ui: ${url}${s.token && !s.tokenGenerated ? ' (append ?token=<ui.token> once)' : ''} (store ${storeLabel(config.store)}; Ctrl-C stops)\n`,
          );
        if (flags.open) await openInBrowser(url).catch((err: Error) => ctx.io.stderr(`lyra ui: ${err.message}\n`));
        await new Promise<void>((resolve) => (stop.aborted ? resolve() : stop.addEventListener('abort', () => resolve(), { once: true })));
        await server.close();
      } finally {
        await runtime.close();
      }
    });
}
