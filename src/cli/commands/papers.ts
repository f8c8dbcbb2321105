// `lyra papers "<query>"`, `lyra paper <id>`, `lyra citations <id>`: the scholarly APIs through the
// canonical paper index. Sources that fail are listed as warnings (stderr, and `warnings` in JSON);
// the command fails only when no source could answer.
import type { Command } from 'commander';
import { z } from 'zod';
import { withScholarlySources } from '../../app/one-shot.js';
import { getCitations, getPaper, searchPapers } from '../../app/scholarly.js';
import { NonRetryableError, InvalidInputError, type LyraEvent } from '../../core/index.js';
import type { CanonicalPaper, SourceOutcome, SourceWarning } from '../../sources/index.js';
import type { CliContext } from '../context.js';
import { formatTable, printJson } from '../io.js';

const SOURCE_CHOICES = ['s2', 'openalex', 'crossref', 'arxiv', 'pubmed', 'all'] as const;

const papersFlags = z.strictObject({
  source: z
    .string()
    .default('all')
    .transform((s, ctx) => {
      const list = s
        .split(',')
        .map((x) => x.trim().toLowerCase())
        .filter(Boolean);
      for (const x of list) {
        if (!(SOURCE_CHOICES as readonly string[]).includes(x) && x !== 'semantic_scholar')
          ctx.addIssue({ code: 'custom', message: `unknown source ${JSON.stringify(x)} (expected ${SOURCE_CHOICES.join('|')})` });
      }
      return list;
    }),
  limit: z.coerce.number().int().min(1).max(1000),
  json: z.boolean().optional(),
});
const paperFlags = z.strictObject({ json: z.boolean().optional() });
const citationsFlags = z.strictObject({
  direction: z.enum(['references', 'citations']),
  limit: z.coerce.number().int().min(1).max(1000),
  json: z.boolean().optional(),
});

function parseFlags<S extends z.ZodType>(command: string, schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new InvalidInputError(`${command}: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`, { code: 'invalid_flag' });
  return parsed.data;
}

/** Paper as printed in JSON: snake_case keys, stable contract (new keys may be added). */
export function paperJson(p: CanonicalPaper): Record<string, unknown> {
  return {
    key: p.key,
    title: p.title,
    ...(p.year !== undefined ? { year: p.year } : {}),
    ...(p.publishedAt ? { published_at: p.publishedAt } : {}),
    authors: p.authors,
    ...(p.venue ? { venue: p.venue } : {}),
    ...(p.abstract ? { abstract: p.abstract, abstract_source: p.abstractSource } : {}),
    identifiers: p.identifiers,
    ...(p.url ? { url: p.url } : {}),
    ...(p.openAccessUrl ? { open_access_url: p.openAccessUrl } : {}),
    ...(p.citationCount !== undefined ? { citation_count: p.citationCount } : {}),
    ...(p.referenceCount !== undefined ? { reference_count: p.referenceCount } : {}),
    sources: p.sources,
    records: p.records,
  };
}

const outcomesJson = (outcomes: SourceOutcome[]): unknown[] =>
  outcomes.map((o) => ({ source: o.source, status: o.status, count: o.count, ...(o.error ? { error: o.error } : {}) }));

function printWarnings(ctx: CliContext, warnings: SourceWarning[]): void {
  for (const w of warnings) ctx.io.stderr(`lyra: warning: ${w.source}: ${w.category}: ${w.message}\n`);
}

const ids = (p: CanonicalPaper): string =>
  Object.entries(p.identifiers)
    .map(([k, v]) => `${k}:${v}`)
    .join(' ');

/** Fetch retries and other warnings go to stderr; source failures are printed once, as warnings. */
const eventsTo = (ctx: CliContext) => ({
  emit: (e: LyraEvent): void => {
    if ((e.level === 'warn' || e.level === 'error') && e.type !== 'scholarly.source_failed') ctx.io.stderr(`lyra: ${e.level}: ${e.message}\n`);
  },
});

export function registerPapersCommands(program: Command, ctx: CliContext): void {
  program
    .command('papers')
    .argument('<query>', 'what to look for; web operators such as site: are removed before the APIs see it')
    .option('-s, --source <names>', `${SOURCE_CHOICES.join(' | ')}, or a comma list (default all enabled: scholarly.*.enabled)`, 'all')
    .option('-l, --limit <n>', 'papers asked of each source (1-1000)', '10')
    .option(
      '--json',
      'print JSON: {query, api_query, papers: [{key, title, year, authors, abstract, identifiers, sources, records…}], sources: [{source, status, count, error?}], warnings}',
    )
    .description('Search scholarly APIs (Semantic Scholar, OpenAlex, Crossref, arXiv, PubMed) and merge the results into canonical papers')
    .addHelpText('after', "\nA source that fails (down, 429, timeout) is a warning; the others' papers still print. Exit 1 only when every source failed.")
    .action(async (query: string, raw: Record<string, unknown>) => {
      const flags = parseFlags('papers', papersFlags, raw);
      if (!query.trim()) throw new InvalidInputError('papers: empty query', { code: 'invalid_argument' });
      const config = ctx.config();
      const r = await withScholarlySources({ config, events: eventsTo(ctx) }, (setup) =>
        searchPapers({ setup, query, sources: flags.source, limit: flags.limit }),
      );
      if (flags.json)
        return printJson(ctx.io, {
          query: r.query,
          api_query: r.apiQuery,
          papers: r.papers.map(paperJson),
          sources: outcomesJson(r.outcomes),
          warnings: r.warnings,
        });
      printWarnings(ctx, r.warnings);
      if (r.papers.length === 0) return ctx.io.stdout('no papers\n');
      ctx.io.stdout(
        formatTable(
          ['#', 'year', 'sources', 'id', 'title'],
          r.papers.map((p, i) => [i + 1, p.year, p.sources.join(','), p.key, p.title.length > 90 ? `${p.title.slice(0, 89)}…` : p.title]),
        ),
      );
    });

  program
    .command('paper')
    .argument('<id>', 'doi:10.…, a DOI or doi.org URL, pmid:…, arXiv id or URL, an S2 paper id or an OpenAlex W-id')
    .option('--json', 'print JSON: {id, paper: {key, title, abstract, identifiers, sources, records…}, sources: [{source, status, count, error?}], warnings}')
    .description('Look one paper up in every scholarly source that knows its identifier and print the merged record')
    .action(async (id: string, raw: Record<string, unknown>) => {
      const flags = parseFlags('paper', paperFlags, raw);
      const config = ctx.config();
      const r = await withScholarlySources({ config, events: eventsTo(ctx) }, (setup) => getPaper({ setup, id }));
      if (!r.paper) {
        throw new NonRetryableError(`paper: ${id} was not found in ${r.outcomes.map((o) => o.source).join(', ') || 'any source'}`, {
          code: 'not_found',
          details: { id },
        });
      }
      if (flags.json) return printJson(ctx.io, { id, paper: paperJson(r.paper), sources: outcomesJson(r.outcomes), warnings: r.warnings });
      printWarnings(ctx, r.warnings);
      const p = r.paper;
      ctx.io.stdout(
        [
          p.title,
          `  ${[p.authors.slice(0, 6).join(', ') + (p.authors.length > 6 ? ' et al.' : ''), p.venue, p.year].filter(Boolean).join(' · ')}`,
          `  ids: ${ids(p)}`,
          `  sources: ${p.sources.join(', ')}`,
          ...(p.openAccessUrl ? [`  open access: ${p.openAccessUrl}`] : []),
          ...(p.citationCount !== undefined ? [`  cited by: ${p.citationCount}`] : []),
          '',
          p.abstract ? `${p.abstract}\n  (abstract from ${p.abstractSource})` : '(no abstract in any source)',
        ].join('\n') + '\n',
      );
    });

  program
    .command('citations')
    .argument('<id>', 'the paper: doi:…, pmid:…, arXiv id, S2 paper id or OpenAlex W-id')
    .option('-d, --direction <dir>', 'references (works it cites) | citations (works citing it)', 'references')
    .option('-l, --limit <n>', 'links asked of each source (1-1000)', '50')
    .option('--json', 'print JSON: {id, direction, links: [{influential, via, paper}], sources: [{source, status, count, error?}], warnings}')
    .description('List the references or the citing works of a paper from Semantic Scholar and OpenAlex, merged, influential first')
    .action(async (id: string, raw: Record<string, unknown>) => {
      const flags = parseFlags('citations', citationsFlags, raw);
      const config = ctx.config();
      const r = await withScholarlySources({ config, events: eventsTo(ctx) }, (setup) =>
        getCitations({ setup, id, direction: flags.direction, limit: flags.limit }),
      );
      if (flags.json)
        return printJson(ctx.io, {
          id: r.id,
          direction: r.direction,
          links: r.links.map((l) => ({ influential: l.influential, via: l.via, paper: paperJson(l.paper) })),
          sources: outcomesJson(r.outcomes),
          warnings: r.warnings,
        });
      printWarnings(ctx, r.warnings);
      if (r.links.length === 0) return ctx.io.stdout(`no ${r.direction}\n`);
      ctx.io.stdout(
        formatTable(
          ['#', 'infl.', 'year', 'via', 'id', 'title'],
          r.links.map((l, i) => [
            i + 1,
            l.influential ? 'yes' : '',
            l.paper.year,
            l.via.join(','),
            l.paper.key,
            l.paper.title.length > 80 ? `${l.paper.title.slice(0, 79)}…` : l.paper.title,
          ]),
        ),
      );
    });
}
