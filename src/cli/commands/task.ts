// `lyra task create|search|status|stop|materials|list`: research tasks through the engine (seed 002's
// create_task / search / get_status / stop_task / get_materials). Parsing and formatting only.
import type { Command } from 'commander';
import { z } from 'zod';
import { builtinDocumentLink } from '../../app/corpus/builtin-corpora.js';
import { withEngine, type AppEngine } from '../../app/engine.js';
import { openExistingStore, storeLabel } from '../../app/open-store.js';
import { waitUntilIdle } from '../../app/tasks/task-wait.js';
import { enqueueQueryJobs } from '../../app/workers/jobs.js';
import { hasTeamDatabase } from '../../app/workers/worker-settings.js';
import { InvalidInputError, RetryableError, terminalJson, type EngineEvent, type SearchOutcome, type TaskStatusView } from '../../core/index.js';
import { errorOfCategory } from '../../sources/index.js';
import { MATERIALS_FORMATS, parseMaterialsFormat, renderMaterials } from '../../report/index.js';
import { repeatable } from '../repeatable.js';
import type { CliContext } from '../context.js';
import { formatTable, printJson } from '../io.js';
import { createProgress, type Progress } from '../progress.js';
import { shutdownSignal } from '../shutdown-signal.js';

const count = (max: number) => z.coerce.number().int().min(1).max(max);
const names = z.array(z.string().trim().min(1)).optional();

const createFlags = z.strictObject({
  budgetPages: count(1_000_000).optional(),
  budgetSeconds: count(30 * 24 * 3600).optional(),
  budgetQueries: count(100_000).optional(),
  provider: names,
  corpus: z.string().trim().min(1).optional(),
  priorityDomain: names,
  language: z.string().trim().min(2).max(10).optional(),
  json: z.boolean().optional(),
});
const searchFlags = z.strictObject({
  refute: z.boolean().optional(),
  provider: names,
  corpus: z.string().trim().min(1).optional(),
  maxPages: count(100_000).optional(),
  seekPrimary: z.boolean().optional(),
  queue: z.boolean().optional(),
  json: z.boolean().optional(),
});
const jsonFlag = z.strictObject({ json: z.boolean().optional() });
const waitFlags = z.strictObject({
  timeout: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3600)
    .default(3600),
  json: z.boolean().optional(),
});
const stopFlags = z.strictObject({ reason: z.string().trim().min(1).max(500).optional(), json: z.boolean().optional() });
const materialsFlags = z.strictObject({
  format: z.string().default('json'),
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100_000).optional(),
  graph: z.boolean().optional(),
});

export function parseFlags<S extends z.ZodType>(command: string, schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new InvalidInputError(
      `${command}: ${parsed.error.issues.map((i) => `--${i.path.join('.').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${i.message}`).join('; ')}`,
      { code: 'invalid_flag' },
    );
  return parsed.data;
}

function providersOf(flags: { provider?: string[]; corpus?: string }): string[] | undefined {
  const list = [
    ...(flags.corpus ? [`corpus:${flags.corpus}`] : []),
    ...(flags.provider ?? [])
      .flatMap((p) => p.split(','))
      .map((p) => p.trim())
      .filter(Boolean),
  ];
  return list.length > 0 ? list : undefined;
}

/** One progress line per engine event (terminal only). */
export function eventText(e: EngineEvent): string | undefined {
  switch (e.type) {
    case 'query.start':
      return `query: ${e.query}`;
    case 'phase.start':
      return `phase ${e.phase}…`;
    case 'page.fetched':
    case 'page.registered':
      return `${e.type === 'page.fetched' ? 'fetched' : 'registered'} ${e.url}`;
    case 'page.failed':
      return `failed ${e.url}: ${e.error ?? ''}`;
    case 'claim.added':
      return `claim: ${e.statement}`;
    default:
      return undefined;
  }
}

export function followProgress(engine: AppEngine, progress: Progress): () => void {
  return engine.on((e) => {
    const t = eventText(e);
    if (t) progress.update(t);
  });
}

function outcomeText(o: SearchOutcome): string {
  const lines = [
    `query ${o.queryId} ${o.status}: ${o.query}`,
    `  sent: ${o.sentQueries.join(' | ') || '-'}`,
    `  results ${o.resultsFound}, new pages ${o.newPages}, fetched ${o.pagesFetched}, fragments ${o.fragments} (useful ${o.usefulFragments})`,
    `  harvest ${o.harvestRate.toFixed(2)}, novelty ${o.novelty.toFixed(2)}, duplicates ${o.duplicateRate.toFixed(2)}, ${o.satisfaction}${o.hasPrimarySource ? ', primary source' : ''}`,
    `  budget: pages ${o.budget.pagesUsed}/${o.budget.maxPages}, queries ${o.budget.queriesUsed}/${o.budget.maxQueries}, seconds ${o.budget.secondsUsed}/${o.budget.maxSeconds}`,
    ...o.claims.slice(0, 20).map((c) => `  [${c.status ?? 'PENDING'} ${c.confidence.toFixed(2)}] ${c.statement} — ${c.source.domain} (${c.source.trustLevel})`),
    ...(o.claims.length > 20 ? [`  … ${o.claims.length - 20} more claims (lyra task materials ${o.taskId})`] : []),
    ...o.warnings.map((w) => `  warning: ${w.source}: ${w.category} ${w.code}: ${w.message}${w.target ? ` (${w.target})` : ''}`),
  ];
  return `${lines.join('\n')}\n`;
}

export function statusText(s: TaskStatusView): string {
  const b = s.budget;
  const counts =
    Object.entries(s.claimCounts)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || 'none';
  const lines = [
    `task ${s.task.id} ${s.status}: ${s.task.question}`,
    `  pages fetched ${s.pagesFetched}, registered ${s.pagesRegistered}; useful fragments ${s.usefulFragments}, harvest ${s.harvestRate.toFixed(2)}, ${s.satisfaction}${s.hasPrimarySource ? ', primary source' : ''}`,
    `  budget: pages ${b.pagesUsed}/${b.maxPages}, queries ${b.queriesUsed}/${b.maxQueries}, seconds ${b.secondsUsed}/${b.maxSeconds}${b.exhausted ? ' (exhausted)' : ''}`,
    `  novelty trend: ${s.noveltyTrend.map((n) => n.toFixed(2)).join(' → ') || '-'}`,
    s.task.kind === 'verify' ? `  the claim asked: ${counts}` : `  claims: ${counts}`,
    ...(s.sideClaims > 0 ? [`  side claims: ${s.sideClaims} (sentences of the pages read, not part of the answer; lyra task materials lists them)`] : []),
    `  auth queue: ${s.authQueueSize}`,
  ];
  const table =
    s.searches.length > 0
      ? formatTable(
          ['query', 'kind', 'status', 'tries', 'harvest', 'novelty', 'satisfaction', 'text'],
          s.searches.map((q) => [
            q.queryId,
            q.kind,
            q.status,
            q.attempts,
            q.harvestRate?.toFixed(2),
            q.novelty?.toFixed(2),
            q.satisfaction,
            q.text.slice(0, 60),
          ]),
        )
      : '';
  const failures = s.failures.map((f) => `  failed: ${f.source} ${f.target ?? ''}: ${f.category} ${f.code}: ${f.message}`);
  const blocked = s.blocked_domains.map(
    (d) =>
      `  blocked: ${d.domain} (was ${d.original_trust_level}): ${d.reason ?? '-'}; claims ${d.contradicting_claims.join(', ') || '-'}; ${d.can_restore ? `restore via ${d.restore_via}` : 'not restorable'}`,
  );
  return `${lines.join('\n')}\n${table}${[...failures, ...blocked].map((l) => `${l}\n`).join('')}`;
}

/** Read-only commands never create a database: no store yet means no such task. */
async function withExistingStore<T>(ctx: CliContext, taskId: string, fn: (engine: AppEngine) => T): Promise<T> {
  const config = ctx.config();
  const store = ctx.track(openExistingStore(config.store));
  if (!store)
    throw new InvalidInputError(`no task ${JSON.stringify(taskId)}: the database ${storeLabel(config.store)} does not exist yet`, {
      code: 'task_not_found',
      details: { taskId },
    });
  return withEngine({ config, overrides: { store } }, async (engine) => fn(engine));
}

export function registerTaskCommand(program: Command, ctx: CliContext): void {
  const task = program.command('task').description('Research tasks: create, search (the seven-phase pipeline), status, wait, stop, materials, list');

  task
    .command('create')
    .argument('<question>', 'the research question, in quotes')
    .option('--budget-pages <n>', 'pages fetched or registered at most (default pipeline.default_budget.max_pages, 100)')
    .option('--budget-seconds <n>', 'seconds of work at most (default 1800)')
    .option('--budget-queries <n>', 'queries sent at most, expansions included (default 50)')
    .option(
      '-p, --provider <name>',
      'provider, repeatable or comma-separated: searxng, duckduckgo, corpus, corpus:<name>, semantic_scholar, openalex, crossref, arxiv, pubmed (default: every configured one)',
      repeatable,
    )
    .option('--corpus <name>', 'search this local corpus (same as --provider corpus:<name>)')
    .option('--priority-domain <domain>', 'a domain whose results are fetched first (never a trust change); repeatable or comma-separated', repeatable)
    .option('--language <code>', 'ja, en… (default: detected from the question)')
    .option('--json', 'print the task as JSON')
    .description('Create a task; no provider usable or a required model missing is an error (non_retryable)')
    .action(async (question: string, opts: Record<string, unknown>) => {
      const f = parseFlags('task create', createFlags, opts);
      const providers = providersOf(f);
      const created = await withEngine({ config: ctx.config() }, (engine) =>
        engine.createTask({
          question,
          budget: {
            ...(f.budgetPages ? { maxPages: f.budgetPages } : {}),
            ...(f.budgetSeconds ? { maxSeconds: f.budgetSeconds } : {}),
            ...(f.budgetQueries ? { maxQueries: f.budgetQueries } : {}),
          },
          ...(providers ? { providers } : {}),
          ...(f.priorityDomain ? { priorityDomains: f.priorityDomain } : {}),
          ...(f.language ? { language: f.language } : {}),
        }),
      );
      if (f.json) return printJson(ctx.io, created);
      ctx.io.stdout(`${created.id}\n`);
    });

  task
    .command('search')
    .argument('<id>', 'task id')
    .argument('<query>', 'the query, as the client designed it (Lyra only expands it mechanically)')
    .option('--refute', 'refute mode: also send the query with the critique vocabulary appended')
    .option('-p, --provider <name>', "provider for this query, repeatable or comma-separated (default: the task's)", repeatable)
    .option('--corpus <name>', 'search this local corpus (same as --provider corpus:<name>)')
    .option('--max-pages <n>', 'pages this query may fetch or register (within the task budget)')
    .option('--seek-primary', 'ask the scholarly APIs even for a non-academic query')
    .option(
      '--queue',
      'record the query as pending and return at once; `lyra resume <id>` runs it, or with a team database a `lyra worker` (a job is enqueued)',
    )
    .option('--json', 'print the outcome as JSON')
    .description('Run one query through the seven phases (SERP, scholarly APIs, enrichment, registration, citations, fetch, evidence graph)')
    .addHelpText('after', '\nA failed query is recorded with its error (exit code 1) and the task goes on; lyra task status lists every failure.')
    .action(async (id: string, query: string, opts: Record<string, unknown>) => {
      const f = parseFlags('task search', searchFlags, opts);
      const providers = providersOf(f);
      if (f.queue) {
        const config = ctx.config();
        const items = await withEngine({ config }, async (engine) =>
          engine.record(id, [{ query, ...(f.refute ? { refute: true } : {}), ...(providers ? { providers } : {}) }], {
            ...(f.maxPages ? { maxPages: f.maxPages } : {}),
            ...(f.seekPrimary ? { seekPrimary: true } : {}),
          }),
        );
        // With a team database the query is also a job for `lyra worker`; recorded first, so a lost job leaves it pending for lyra resume.
        const jobs = hasTeamDatabase(config)
          ? await enqueueQueryJobs(
              config,
              items.map((i) => ({ taskId: id, queryId: i.queryId })),
            )
          : undefined;
        if (f.json) return printJson(ctx.io, { queued: items, ...(jobs ? { jobs } : {}) });
        return ctx.io.stdout(`${items.map((i) => i.queryId).join('\n')}\n`);
      }
      const progress = createProgress(ctx.io, { enabled: !f.json });
      const outcome = await withEngine({ config: ctx.config() }, async (engine) => {
        const off = followProgress(engine, progress);
        try {
          return await engine.search(id, query, {
            ...(f.refute ? { refute: true } : {}),
            ...(providers ? { providers } : {}),
            ...(f.maxPages ? { maxPages: f.maxPages } : {}),
            ...(f.seekPrimary ? { seekPrimary: true } : {}),
          });
        } finally {
          off();
          progress.done();
        }
      });
      if (f.json) printJson(ctx.io, outcome);
      else ctx.io.stdout(outcomeText(outcome));
      if (outcome.status !== 'done') {
        const w = outcome.warnings.find((x) => x.code === 'query_failed' || x.code === 'query_cancelled');
        throw errorOfCategory(
          w && w.category !== 'warning' ? w.category : 'retryable',
          `task search: query ${outcome.queryId} ${outcome.status}: ${w?.message ?? ''}`,
          { code: `query_${outcome.status}` },
        );
      }
    });

  task
    .command('status')
    .argument('<id>', 'task id')
    .option('--json', 'print the status as JSON')
    .description('Metrics of a task: searches, pages, budget, novelty trend, claim counts, failures, blocked domains (never advice)')
    .action(async (id: string, opts: Record<string, unknown>) => {
      const f = parseFlags('task status', jsonFlag, opts);
      const s = await withExistingStore(ctx, id, (engine) => engine.status(id));
      if (f.json) printJson(ctx.io, s);
      else ctx.io.stdout(statusText(s));
    });

  task
    .command('wait')
    .argument('<id>', 'task id')
    .option('--timeout <seconds>', 'give up after this many seconds (default 3600)')
    .option('--json', 'print the status, milestones and what is still waiting as JSON')
    .description('Wait until no query of the task is pending or running (queued queries run by lyra worker or lyra resume); exit 1 when the time runs out')
    .action(async (id: string, opts: Record<string, unknown>) => {
      const f = parseFlags('task wait', waitFlags, opts);
      const w = await withExistingStore(ctx, id, (engine) =>
        waitUntilIdle({ engine, store: engine.store }, { taskId: id, timeoutMs: f.timeout * 1000, signal: shutdownSignal() }),
      );
      if (f.json) printJson(ctx.io, w);
      else ctx.io.stdout(statusText(w.status));
      if (w.endedBy === 'timeout')
        throw new RetryableError(`task wait: ${w.waitingFor.length} item(s) of task ${id} still waiting after ${f.timeout} s`, {
          code: 'wait_timeout',
          details: { taskId: id },
        });
    });

  task
    .command('stop')
    .argument('<id>', 'task id')
    .option('--reason <text>', 'why the task stops (kept with the task)')
    .option('--json', 'print the final status as JSON')
    .description('Stop a task: in-flight work is cancelled (also in another lyra process), queued queries become cancelled')
    .action(async (id: string, opts: Record<string, unknown>) => {
      const f = parseFlags('task stop', stopFlags, opts);
      const s = await withEngine({ config: ctx.config() }, (engine) => engine.stop(id, f.reason));
      if (f.json) printJson(ctx.io, s);
      else ctx.io.stdout(statusText(s));
    });

  task
    .command('materials')
    .argument('<id>', 'task id')
    .option('--format <format>', `${MATERIALS_FORMATS.join(' | ')}`, 'json')
    .option('--offset <n>', 'first claim (paging)')
    .option('--limit <n>', 'claims per page')
    .option('--graph', 'include every node and edge (json)')
    .description("The task's materials: claims with supporting and refuting evidence (quotes, locators, trust levels), contested pairs, citations")
    .action(async (id: string, opts: Record<string, unknown>) => {
      const f = parseFlags('task materials', materialsFlags, opts);
      const format = parseMaterialsFormat(f.format);
      const m = await withExistingStore(ctx, id, (engine) =>
        engine.materials(id, {
          ...(f.offset !== undefined ? { offset: f.offset } : {}),
          ...(f.limit !== undefined ? { limit: f.limit } : {}),
          ...(f.graph ? { includeGraph: true } : {}),
        }),
      );
      // A built-in corpus document is cited by its own article (its corpus:// URL is no address a reader can open).
      const text = renderMaterials(m, format, { linkOf: builtinDocumentLink });
      // The JSON formats stay exact (terminalJson); md, bibtex and html are text, shown as the printer shows it.
      ctx.io.stdout(format === 'json' || format === 'csl-json' ? terminalJson(text) : text);
    });

  task
    .command('list')
    .option('--json', 'print JSON')
    .description('List tasks with their status')
    .action((opts: Record<string, unknown>) => {
      const f = parseFlags('task list', jsonFlag, opts);
      const store = ctx.track(openExistingStore(ctx.config().store));
      const tasks = store?.listTasks() ?? [];
      if (f.json) return printJson(ctx.io, { tasks });
      if (tasks.length === 0) return ctx.io.stdout('no tasks\n');
      ctx.io.stdout(
        formatTable(
          ['task', 'status', 'created', 'question'],
          tasks.map((t) => [t.id, t.status, t.createdAt, t.question.slice(0, 70)]),
        ),
      );
    });
}
