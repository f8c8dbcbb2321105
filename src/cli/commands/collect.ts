// `lyra collect --keyword "<kw>" [--outline FILE] [--corpus NAME | --provider ...] [--out FILE] [--task ID] [--json]`:
// primary sources (papers, statistics, official data) for a keyword and an outline (seed 003 Step5), in an
// engine task whose id it prints (task_id in --json).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { COLLECT_PROVIDER_NAMES, checkpointPathFor, runCollect } from '../../app/collect/collect.js';
import { ensureOutputFile } from '../../app/output-path.js';
import { InvalidInputError, terminalLine, type LyraEvent } from '../../core/index.js';
import type { Step5Output } from '../../workflows/index.js';
import { repeatable } from '../repeatable.js';
import type { CliContext } from '../context.js';
import { formatTable, printJson } from '../io.js';
import { createProgress } from '../progress.js';

/** Repeated or comma-separated values (repeatable), lower-cased. */
const list = (s: string[] | undefined): string[] | undefined => s?.map((x) => x.toLowerCase());

const flagsSchema = z.strictObject({
  keyword: z.string().trim().min(1, 'expected a non-empty keyword'),
  outline: z.string().min(1).optional(),
  provider: z
    .array(z.string())
    .optional()
    .transform(list)
    .pipe(z.array(z.enum(COLLECT_PROVIDER_NAMES)).min(1).optional()),
  corpus: z.string().min(1).optional(),
  scholarly: z.array(z.string()).optional().transform(list).pipe(z.array(z.string()).min(1).optional()),
  out: z.string().min(1).optional(),
  fresh: z.boolean().optional(),
  task: z.string().trim().min(1).optional(),
  queries: z.enum(['auto', 'template', 'llm']).default('auto'),
  verify: z.boolean().default(true),
  maxQueries: z.coerce.number().int().min(1).max(50).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  maxSources: z.coerce.number().int().min(1).max(1000).optional(),
  json: z.boolean().optional(),
});

function printHuman(ctx: CliContext, o: Step5Output, outFile: string | undefined): void {
  const s = o.collection_stats;
  ctx.io.stdout(`keyword: ${o.keyword}\n`);
  if (o.task_id) ctx.io.stdout(`task: ${o.task_id}\n`);
  ctx.io.stdout(
    `queries: ${s.queries_completed}/${s.queries_total} done (${s.queries_resumed} from checkpoint, ${s.queries_failed} failed; ${o.query_generation.method}${o.query_generation.model ? ` ${o.query_generation.model}` : ''})\n`,
  );
  ctx.io.stdout(`sources: ${s.sources} (${s.verified} verified, ${s.duplicates_removed} duplicates removed, ${s.invalid_sources} invalid)\n`);
  ctx.io.stdout(
    `types: ${Object.entries(o.source_type_distribution)
      .filter(([, n]) => n > 0)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}\n\n`,
  );
  ctx.io.stdout(
    formatTable(
      ['type', 'cred', 'ok', 'title', 'url'],
      // Titles and URLs come from pages and providers: control characters shown, never sent (JSON stays exact).
      o.sources.map((x) => [
        x.source_type,
        x.credibility_score.toFixed(2),
        x.verified ? 'yes' : 'no',
        terminalLine(x.title.length > 60 ? `${x.title.slice(0, 59)}…` : x.title),
        terminalLine(x.url),
      ]),
    ),
  );
  for (const f of o.failed_queries) ctx.io.stdout(`failed query: ${terminalLine(f.query)}: ${f.error.category}: ${terminalLine(f.error.message)}\n`);
  for (const i of o.invalid_sources) ctx.io.stdout(`invalid source: ${terminalLine(i.url)}: ${terminalLine(i.error.message)}\n`);
  if (outFile) ctx.io.stdout(`written to ${outFile}\n`);
  if (o.task_id) ctx.io.stdout(`evidence graph: task ${o.task_id} (lyra task materials ${o.task_id})\n`);
}

export function registerCollectCommand(program: Command, ctx: CliContext): void {
  program
    .command('collect')
    .description('Collect primary sources (papers, statistics, official data) for a keyword and an outline: typed, scored, verified, de-duplicated')
    .requiredOption('-k, --keyword <keyword>', 'the article keyword')
    .option('--outline <file>', 'outline: Markdown (its headings), plain text (a section a line) or JSON (["…"] or {"sections": [...]})')
    .option(
      '-p, --provider <name>',
      `web/corpus provider, repeatable or comma-separated: ${COLLECT_PROVIDER_NAMES.join(', ')} (the web ones lyra doctor lists as in use)`,
      repeatable,
    )
    .option('--corpus <name>', 'search this local corpus (built-in ones are indexed on first use)')
    .option('--scholarly <name>', 'scholarly source, repeatable or comma-separated: s2, openalex, crossref, arxiv, pubmed, all, or none', repeatable)
    .option('-o, --out <file>', 'write the JSON output here; progress is checkpointed in <file>.checkpoint.json and a re-run resumes')
    .option('--fresh', 'discard the checkpoint of --out and start over')
    .option('--task <id>', 'run in this existing engine task (default: a new task, or the task of the --out checkpoint when resuming)')
    .option('--queries <mode>', 'auto (the LLM of models.llm when configured, else templates) | template | llm', 'auto')
    .option('--no-verify', 'do not check the sources (every source stays unverified; a warning says so)')
    .option('--max-queries <n>', 'most queries generated (1-50, default 12)')
    .option('-l, --limit <n>', 'hits asked of each provider per query (1-100, default 10)')
    .option('--max-sources <n>', 'most sources kept and verified (1-1000, default 100)')
    .option('--json', 'print the output JSON (schemas/step5-output.schema.json), with task_id')
    .addHelpText(
      'after',
      [
        '',
        'Sources: with none of --provider, --corpus and --scholarly, the web providers in use (lyra doctor) and every',
        'enabled scholarly source are used; naming any of them uses only what is named. No source at all is a',
        'non_retryable error. Fewer than 2 sources is a retryable error (exit 1): run again with the same --out',
        'to resume (in the same task); completed queries are skipped, failed ones retried.',
        '',
        "The run is an engine task: each query goes through Lyra's pipeline (search, fetch, extract, claims, stance,",
        'trust), its pages and papers are in the task graph (lyra task materials <task_id>), and sources are verified',
        'through the engine (a page it already fetched is not fetched again). The task id is printed (task_id in --json).',
        '',
        'Example: lyra collect --keyword "coral reef decline" --corpus example',
      ].join('\n'),
    )
    .action(async (raw: Record<string, unknown>) => {
      const parsed = flagsSchema.safeParse(raw);
      if (!parsed.success)
        throw new InvalidInputError(`collect: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`, { code: 'invalid_flag' });
      const flags = parsed.data;
      if (flags.fresh && !flags.out)
        throw new InvalidInputError('collect: --fresh only applies with --out (the checkpoint lives beside it)', { code: 'invalid_flag' });
      const config = ctx.config();
      // A --out that names a folder is refused before the run, not after it.
      if (flags.out) ensureOutputFile(resolve(ctx.cwd, flags.out));
      const progress = createProgress(ctx.io, { enabled: !flags.json });
      const events = {
        emit: (e: LyraEvent): void => {
          if (e.level === 'warn' || e.level === 'error') {
            progress.done();
            const hint = e.data?.code === 'checkpoints_off' ? ' (pass --out FILE to keep checkpoints beside it)' : '';
            ctx.io.stderr(`lyra: ${e.level === 'warn' ? 'warning' : 'error'}: ${e.message}${hint}\n`);
          } else if (e.type.startsWith('collect.')) progress.update(e.message);
        },
      };
      try {
        const { output, outFile } = await runCollect(
          config,
          {
            keyword: flags.keyword,
            ...(flags.outline ? { outlineFile: flags.outline } : {}),
            ...(flags.provider ? { providers: flags.provider } : {}),
            ...(flags.corpus ? { corpus: flags.corpus } : {}),
            ...(flags.scholarly ? { scholarly: flags.scholarly } : {}),
            ...(flags.out ? { out: flags.out } : {}),
            ...(flags.fresh ? { fresh: true } : {}),
            ...(flags.task ? { taskId: flags.task } : {}),
            queryMode: flags.queries,
            verify: flags.verify,
            ...(flags.maxQueries ? { maxQueries: flags.maxQueries } : {}),
            ...(flags.limit ? { hitsPerQuery: flags.limit } : {}),
            ...(flags.maxSources ? { maxSources: flags.maxSources } : {}),
          },
          { events },
        );
        progress.done();
        if (flags.json) return printJson(ctx.io, output);
        printHuman(ctx, output, outFile);
      } catch (error) {
        progress.done();
        if (flags.out && existsSync(checkpointPathFor(flags.out)))
          ctx.io.stderr(`lyra: progress so far is in ${checkpointPathFor(flags.out)}; run the same command again to resume\n`);
        throw error;
      }
    });
}
