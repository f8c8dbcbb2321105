// `lyra search "<query>" --provider corpus|searxng|duckduckgo|browser`: one provider, ranked hits.
import type { Command } from 'commander';
import { z } from 'zod';
import { listBuiltinCorpora } from '../../app/corpus/builtin-corpora.js';
import { openExistingStore, openOrCreateStore } from '../../app/open-store.js';
import { createRuntime } from '../../app/runtime.js';
import { searchWithProvider } from '../../app/search.js';
import { InvalidInputError, errorOfCategory, isLyraError, terminalLine, type SearchHit } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { printJson } from '../io.js';

const flagsSchema = z.strictObject({
  provider: z.enum(['corpus', 'searxng', 'duckduckgo', 'browser']).optional(),
  corpus: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(1000),
  json: z.boolean().optional(),
});

export function registerSearchCommand(program: Command, ctx: CliContext): void {
  program
    .command('search')
    .argument('<query>', 'the query as you would type it; operators (site:, filetype:, "quoted phrases") pass through to web engines')
    .option(
      '-p, --provider <name>',
      'corpus | searxng | duckduckgo | browser (duckduckgo and browser need no setting; searxng needs providers.searxng.base_url; browser loads the result page in the system Chromium); --corpus alone means corpus',
    )
    .option('--corpus <name>', 'search only this local corpus (implies --provider corpus, as in verify, research and task create)')
    .option('-l, --limit <n>', 'hits to return (1-1000)', '10')
    .option('--json', 'print JSON: {query, provider, hits: [{id, title, url, snippet, score, rank}]}')
    .description('Search one provider and print ranked hits')
    .action(async (query: string, raw: Record<string, unknown>) => {
      const parsed = flagsSchema.safeParse(raw);
      if (!parsed.success)
        throw new InvalidInputError(`search: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`, { code: 'invalid_flag' });
      const flags = parsed.data;
      if (!query.trim()) throw new InvalidInputError('search: empty query', { code: 'invalid_argument' });
      // One rule in every command: --corpus NAME implies the corpus provider.
      const provider = flags.provider ?? (flags.corpus ? 'corpus' : undefined);
      if (!provider)
        throw new InvalidInputError('search: name what to search: --corpus NAME (a local corpus), or -p corpus|searxng|duckduckgo|browser', {
          code: 'invalid_flag',
        });
      if (flags.corpus && provider !== 'corpus')
        throw new InvalidInputError(`search: --corpus searches a local corpus; it cannot go with --provider ${provider}`, { code: 'invalid_flag' });
      const config = ctx.config();
      // Web providers fetch through the configured fetcher (SSRF guard, politeness), built on first use.
      const runtime = createRuntime(config, {}, provider === 'browser' ? { render: true } : {});
      let hits: SearchHit[];
      try {
        hits = await searchWithProvider({
          config,
          provider,
          query,
          limit: flags.limit,
          corpus: flags.corpus,
          // A built-in corpus (corpora/<name>) is indexed on first use, which needs a writable store.
          store: () =>
            ctx.track(
              flags.corpus && listBuiltinCorpora().some((c) => c.name === flags.corpus) ? openOrCreateStore(config.store) : openExistingStore(config.store),
            ),
          fetcher: runtime.fetcher,
          encoder: runtime.retrievalEncoder,
        });
      } catch (err) {
        // Offline (the name of the search service does not resolve): the same way on as lyra doctor's.
        if (isLyraError(err) && /^dns_/.test(err.code ?? ''))
          throw errorOfCategory(
            err.category,
            `${err.message} — offline? Search local documents instead: lyra search "…" --corpus example (shipped), or lyra corpus add <folder> then --corpus NAME`,
            { code: err.code, cause: err },
          );
        throw err;
      } finally {
        await runtime.close();
      }
      if (flags.json)
        return printJson(ctx.io, {
          query,
          provider,
          hits: hits.map((h) => ({
            id: h.id ?? h.url,
            title: h.title,
            url: h.url,
            snippet: h.snippet,
            score: h.score,
            rank: h.rank,
            ...(h.corpus ? { corpus: h.corpus } : {}),
            ...(h.publishedAt ? { published_at: h.publishedAt } : {}),
          })),
        });
      if (hits.length === 0) return ctx.io.stdout('no hits\n');
      // Titles, URLs and snippets come from providers and pages: control characters shown, never sent (JSON stays exact).
      for (const h of hits)
        ctx.io.stdout(`${h.rank}. ${terminalLine(h.title)}\n   ${terminalLine(h.url)}  (score ${h.score.toFixed(3)})\n   ${terminalLine(h.snippet)}\n`);
    });
}
