// `lyra fetch <url> [--json] [--render] [--no-cache]`: one page through the polite fetcher (robots,
// SSRF guard, throttle, cache), printing what came back and the decoded text.
import type { Command } from 'commander';
import { z } from 'zod';
import { fetchUrl } from '../../app/one-shot.js';
import { openOrCreateStore } from '../../app/open-store.js';
import { InvalidInputError, normalizeUrl, terminalLine, terminalText, type LyraEvent } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { printJson } from '../io.js';

const flagsSchema = z.strictObject({
  json: z.boolean().optional(),
  render: z.boolean().optional(),
  cache: z.boolean().optional(),
});

export function registerFetchCommand(program: Command, ctx: CliContext): void {
  program
    .command('fetch')
    .argument('<url>', 'absolute http(s) URL')
    .option('--json', 'print JSON: {url, final_url, status, content_type, charset, bytes, from_cache, fetched_at, text}')
    .option('--render', 'render the page in Chromium first (needs the Debian package chromium)')
    .option('--no-cache', 'skip the on-disk cache for this request')
    .description('Fetch one URL politely (robots.txt, per-domain rate, SSRF guard, cache) and print its text')
    .addHelpText('after', '\nA CAPTCHA or login page is an error (category blocked) and is added to the auth queue.')
    .action(async (url: string, raw: Record<string, unknown>) => {
      const parsed = flagsSchema.safeParse(raw);
      if (!parsed.success)
        throw new InvalidInputError(`fetch: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`, { code: 'invalid_flag' });
      const flags = parsed.data;
      normalizeUrl(url); // invalid_input for anything but an absolute http(s) URL, before any setup
      const config = ctx.config();
      const events = {
        emit: (e: LyraEvent) => {
          if (e.level === 'warn' || e.level === 'error') ctx.io.stderr(`lyra: ${e.level}: ${terminalLine(e.message)}\n`);
        },
      };
      const r = await fetchUrl({
        config,
        url,
        render: flags.render === true,
        noCache: flags.cache === false,
        events,
        store: () => ctx.track(openOrCreateStore(config.store))!,
      });
      const summary = {
        url: r.url,
        final_url: r.finalUrl,
        status: r.status,
        content_type: r.contentType,
        charset: r.charset,
        bytes: r.body.length,
        from_cache: r.fromCache,
        fetched_at: r.fetchedAt,
      };
      if (flags.json) return printJson(ctx.io, { ...summary, text: r.text });
      // The page's text and headers go to a terminal: control characters are shown, never sent (JSON stays exact).
      ctx.io.stdout(
        [
          `status: ${r.status}`,
          `final url: ${terminalLine(r.finalUrl)}`,
          `content type: ${terminalLine(r.contentType) || '(none)'}`,
          `charset: ${r.charset || '(binary)'}`,
          `bytes: ${r.body.length}`,
          `from cache: ${r.fromCache ? 'yes' : 'no'}`,
          '',
          terminalText(r.text) || (r.body.length > 0 ? `(binary content, ${r.body.length} bytes, not shown)` : '(empty body)'),
        ].join('\n') + '\n',
      );
    });
}
