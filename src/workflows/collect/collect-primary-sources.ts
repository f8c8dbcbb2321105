// Primary-source collection (seed 003, "Step5"), done right and on the engine: required components
// checked first, queries by documented templates or a configured LLM with no fallback, each query an
// engine search in the run's task (retried as the seed says), the pages it found the candidates,
// failures recorded, sources de-duplicated, typed, scored, tied to the outline and verified through the
// engine, the output validated, and a checkpoint after query generation and after every query. The
// run's pages, papers and claims are in its engine task (`lyra task materials <task_id>`).
import {
  InvalidInputError,
  NULL_EVENT_SINK,
  NonRetryableError,
  RetryableError,
  delay,
  throwIfAborted,
  type EventSink,
  type LyraEventLevel,
} from '../../core/index.js';
import type { CollectEngine, CollectProvider } from './adapters.js';
import { checkCandidate, type Candidate } from './candidates.js';
import { CHECKPOINT_VERSION, loadCheckpoint, runFingerprint, type CheckpointStore, type CollectCheckpoint } from './checkpoint.js';
import { deduplicate, type UniqueSource } from './dedupe.js';
import { evaluateSource, sourceTypeDistribution } from './evaluate.js';
import { MIN_SOURCES_REQUIRED, MIN_VERIFIED_SOURCES, parseCollectInput, type CollectInput, type CollectOptions } from './limits.js';
import { checkpointOf, progressFrom, type RunProgress } from './progress.js';
import { llmQueries, type QueryLlm } from './query-llm.js';
import { templateQueries, type PlannedQuery } from './query-templates.js';
import { sectionTerms } from './relevance.js';
import { errorRecord, runQuery, type Sleep } from './run-query.js';
import { step5OutputSchema, type CollectWarning, type FailedQuery, type InvalidSource, type PrimarySource, type Step5Output } from './schema.js';
import { verifyCandidate, type Verification } from './verify.js';

/** Interfaces, injected: the workflow imports no implementation. */
export interface CollectDeps {
  /** The engine every query and every URL check goes through (one road for evidence). */
  engine: CollectEngine;
  /** The primary collector: the engine providers every query asks (web, corpus, scholarly); none is `collector_missing`. */
  providers: readonly CollectProvider[];
  /**
   * The run's engine task. Given the task a checkpoint recorded (a resumed run), returns the task to run
   * in: that one, the caller's, or a new one. Called once, after the queries are planned, so a run that
   * fails before (a component missing, an LLM answer that does not parse) leaves no task behind.
   */
  task: (resumed: string | undefined, options: { signal?: AbortSignal }) => Promise<string>;
  /** Writes the queries when given (query mode `auto` or `llm`). */
  llm?: QueryLlm;
  /** Where checkpoints go; absent → a warning, and an interrupted run starts over. */
  checkpoints?: CheckpointStore;
  events?: EventSink;
  /** Waits between attempts (default core delay); tests pass one that records and returns at once. */
  sleep?: Sleep;
  now?: () => Date;
}

interface RunState {
  deps: CollectDeps;
  opts: CollectOptions;
  warnings: CollectWarning[];
  emit: (type: string, level: LyraEventLevel, message: string, data?: Record<string, unknown>) => void;
  save: (progress: RunProgress) => Promise<void>;
}

/** Stored warnings and run warnings share one list; the same code and message is reported once. */
function addWarning(list: CollectWarning[], w: CollectWarning): void {
  if (!list.some((x) => x.code === w.code && x.message === w.message)) list.push(w);
}

async function planQueries(state: RunState): Promise<CollectCheckpoint['queries']> {
  const { opts, deps } = state;
  const useLlm = opts.queryMode === 'llm' || (opts.queryMode === 'auto' && deps.llm !== undefined);
  const warnings: CollectWarning[] = [];
  let items: PlannedQuery[];
  let dropped: number;
  if (useLlm) {
    // Any failure here propagates: no template queries stand in for an LLM that did not answer well.
    const r = await llmQueries({
      llm: deps.llm!,
      keyword: opts.keyword,
      sections: opts.outline,
      maxQueries: opts.maxQueries,
      maxTokens: opts.llmMaxTokens,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    items = r.queries;
    dropped = r.dropped;
    for (const s of r.unknownSections)
      warnings.push({
        code: 'llm_unknown_section',
        message: `the LLM tied a query to ${JSON.stringify(s)}, which is not an outline section; the query is kept without a section`,
      });
  } else {
    const r = templateQueries({ keyword: opts.keyword, sections: opts.outline, maxQueries: opts.maxQueries });
    items = r.queries;
    dropped = r.dropped;
  }
  if (dropped > 0) warnings.push({ code: 'queries_truncated', message: `${dropped} generated queries beyond maxQueries ${opts.maxQueries} were not run` });
  return {
    method: useLlm ? 'llm' : 'template',
    model: useLlm ? deps.llm!.model : null,
    generatedAt: (deps.now?.() ?? new Date()).toISOString(),
    dropped,
    items,
    warnings,
  };
}

async function collectQueries(state: RunState, cp: RunProgress): Promise<number> {
  const { opts, deps } = state;
  let resumed = 0;
  const items = cp.header.queries.items;
  for (const [i, q] of items.entries()) {
    if (cp.completed.has(q.query)) {
      resumed++;
      continue;
    }
    throwIfAborted(opts.signal);
    state.emit('collect.query_start', 'info', `query ${i + 1}/${items.length}: ${q.query}`, { query: q.query, index: i });
    const r = await runQuery(q, {
      engine: deps.engine,
      taskId: cp.header.taskId,
      providers: deps.providers,
      // Each provider's hits are bounded by the engine's serp and scholarly limits; the search may read them all.
      maxPages: opts.hitsPerQuery * deps.providers.length,
      timeoutMs: opts.collectorTimeoutMs,
      attempts: opts.queryAttempts,
      backoffMs: opts.queryBackoffMs,
      sleep: deps.sleep ?? delay,
      ...(opts.signal ? { signal: opts.signal } : {}),
      onRetry: (info) =>
        state.emit('collect.query_retry', 'warn', `query ${JSON.stringify(q.query)}: attempt ${info.attempt} in ${info.waitMs} ms (${info.error.message})`, {
          query: q.query,
          ...info,
        }),
    });
    if (r.ok) {
      const valid: Candidate[] = [];
      const rejected: InvalidSource[] = [...r.rejected];
      for (const c of r.candidates) {
        try {
          checkCandidate(c);
          valid.push(c);
        } catch (error) {
          rejected.push({ url: c.url, title: c.title, query: q.query, error: errorRecord(error, c.url), verification_status: null, attempts: 0 });
        }
      }
      cp.completed.set(q.query, { query: q.query, candidates: valid, rejected, warnings: r.warnings, attempts: r.attempts });
      cp.failed.delete(q.query);
      state.emit('collect.query_done', 'info', `query ${i + 1}/${items.length} done: ${valid.length} sources`, {
        query: q.query,
        index: i,
        sources: valid.length,
      });
    } else {
      cp.failed.set(q.query, { query: q.query, error: r.error, attempts: r.attempts });
      state.emit('collect.query_failed', 'warn', r.error.message, { query: q.query, index: i, error: r.error });
    }
    // After every query (seed 003 §4.2), so a killed run loses at most the query in flight.
    await state.save(cp);
  }
  return resumed;
}

async function verifyAll(state: RunState, cp: RunProgress, sources: UniqueSource[]): Promise<Map<string, Verification>> {
  const { opts, deps } = state;
  const out = new Map<string, Verification>();
  const todo: UniqueSource[] = [];
  for (const s of sources) {
    const stored = cp.verifications.get(s.key);
    if (stored) out.set(s.key, stored);
    else todo.push(s);
  }
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < todo.length) {
      const s = todo[next++]!;
      const v = await verifyCandidate(s.candidate, {
        engine: deps.engine,
        taskId: cp.header.taskId,
        attempts: opts.verifyAttempts,
        delayMs: opts.verifyRetryDelayMs,
        timeoutMs: opts.verifyTimeoutMs,
        sleep: deps.sleep ?? delay,
        ...(opts.signal ? { signal: opts.signal } : {}),
        onRetry: (info) =>
          state.emit('collect.verify_retry', 'warn', `verify ${info.url}: attempt ${info.attempt} in ${info.waitMs} ms (${info.error.message})`, info),
      });
      out.set(s.key, v);
      cp.verifications.set(s.key, v);
      await state.save(cp);
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.verifyConcurrency, todo.length) }, worker));
  return out;
}

/**
 * Collects primary sources for a keyword and an outline. Throws NonRetryableError (`collector_missing`,
 * `llm_missing`) when a required component is absent, RetryableError (`query_generation_unparsable`)
 * when the LLM's answer does not parse, and RetryableError (`insufficient_sources`) when fewer than
 * MIN_SOURCES_REQUIRED sources remain; fewer than MIN_VERIFIED_SOURCES verified is a warning.
 */
export async function collectPrimarySources(deps: CollectDeps, input: CollectInput): Promise<Step5Output> {
  const opts = parseCollectInput(input);
  const events = deps.events ?? NULL_EVENT_SINK;
  const now = (): Date => deps.now?.() ?? new Date();
  const warnings: CollectWarning[] = [];
  const emit: RunState['emit'] = (type, level, message, data) => events.emit({ type, level, message, at: now().toISOString(), ...(data ? { data } : {}) });

  // Required components first (seed 003 §1.2): nothing is searched when one is missing.
  if (deps.providers.length === 0) {
    throw new NonRetryableError(
      'collect: no primary collector: turn web search on (web_search.enabled, or providers.searxng / providers.duckduckgo), add a corpus, or enable a scholarly source (scholarly.*)',
      {
        code: 'collector_missing',
        details: { component: 'primary_collector' },
      },
    );
  }
  if (opts.queryMode === 'llm' && !deps.llm) {
    throw new NonRetryableError('collect: query generation by LLM was asked for, but no LLM is configured (models.llm)', {
      code: 'llm_missing',
      details: { component: 'llm', setting: 'models.llm' },
    });
  }
  const warn = (w: CollectWarning): void => {
    addWarning(warnings, w);
    emit('collect.warning', 'warn', w.message, { code: w.code });
  };
  if (!opts.verify) warn({ code: 'verification_off', message: 'URL verification is off: no source was checked, every source has verified=false' });
  if (!deps.checkpoints) warn({ code: 'checkpoints_off', message: 'no checkpoint store: an interrupted run will start over' });

  // Saves are serialized: verification workers finish concurrently.
  let saving: Promise<void> = Promise.resolve();
  const save = (progress: RunProgress): Promise<void> => {
    if (!deps.checkpoints) return Promise.resolve();
    const store = deps.checkpoints;
    const cp = checkpointOf(progress, now().toISOString());
    saving = saving.then(() => store.save(cp, opts.signal ? { signal: opts.signal } : {}));
    return saving;
  };
  const state: RunState = { deps, opts, warnings, emit, save };

  const collectorNames = deps.providers.map((p) => p.name);
  const fingerprint = runFingerprint({ keyword: opts.keyword, outline: opts.outline, collectors: collectorNames });
  const stored = deps.checkpoints ? await loadCheckpoint(deps.checkpoints, fingerprint, opts.signal) : undefined;
  const queries = stored ? stored.queries : await planQueries(state);
  const taskId = await deps.task(stored?.taskId, opts.signal ? { signal: opts.signal } : {});
  if (stored && taskId !== stored.taskId) {
    throw new InvalidInputError(
      `collect: checkpoint ${deps.checkpoints!.location} ran in engine task ${stored.taskId}, not ${taskId}; resume in that task, or start over with fresh`,
      {
        code: 'checkpoint_mismatch',
        details: { location: deps.checkpoints!.location, taskId: stored.taskId },
      },
    );
  }
  let cp: RunProgress;
  if (stored) {
    cp = progressFrom(stored);
    emit(
      'collect.resumed',
      'info',
      `resuming from ${deps.checkpoints!.location} in task ${taskId}: ${stored.completed.length}/${stored.queries.items.length} queries done`,
      { location: deps.checkpoints!.location, taskId },
    );
  } else {
    cp = {
      header: { version: CHECKPOINT_VERSION, fingerprint, keyword: opts.keyword, outline: opts.outline, collectors: collectorNames, taskId, queries },
      completed: new Map(),
      failed: new Map(),
      verifications: new Map(),
    };
    // The first checkpoint (seed 003 §4.1): a re-run never asks for queries again, and runs in this task.
    await state.save(cp);
    emit('collect.queries_generated', 'info', `${queries.items.length} queries (${queries.method}) in task ${taskId}`, {
      queries: queries.items.map((q) => q.query),
      taskId,
    });
  }
  const plan = cp.header.queries;
  for (const w of plan.warnings) warn(w);

  const resumed = await collectQueries(state, cp);

  const candidates: Candidate[] = [];
  const invalid: InvalidSource[] = [];
  const failed: FailedQuery[] = [];
  let queryAttempts = 0;
  for (const q of plan.items) {
    const done = cp.completed.get(q.query);
    if (done) {
      candidates.push(...done.candidates);
      invalid.push(...done.rejected);
      for (const w of done.warnings) warn(w);
      queryAttempts += done.attempts;
    }
    const f = cp.failed.get(q.query);
    if (f) {
      failed.push(f);
      queryAttempts += f.attempts;
    }
  }

  const { unique, duplicatesRemoved } = deduplicate(candidates);
  const kept = unique.slice(0, opts.maxSources);
  const droppedOverLimit = unique.length - kept.length;
  if (droppedOverLimit > 0)
    warn({ code: 'sources_truncated', message: `${droppedOverLimit} sources beyond maxSources ${opts.maxSources} were dropped (in order of discovery)` });

  const verifications = opts.verify ? await verifyAll(state, cp, kept) : new Map<string, Verification>();

  const sections = sectionTerms(opts.keyword, opts.outline);
  const sources: PrimarySource[] = [];
  let verificationAttempts = 0;
  for (const s of kept) {
    const v = verifications.get(s.key);
    verificationAttempts += v?.attempts ?? 0;
    if (v?.outcome === 'invalid') {
      invalid.push({
        url: s.candidate.url,
        title: s.candidate.title,
        query: s.queries[0]!,
        error: v.error!,
        verification_status: v.status,
        attempts: v.attempts,
      });
      continue;
    }
    if (v?.outcome === 'unverified' && v.error)
      warn({ code: 'source_unverified', message: `${s.candidate.url}: not verified after ${v.attempts} attempt(s): ${v.error.message}` });
    sources.push(evaluateSource(s, { sections, ...(v ? { verification: v } : {}) }));
  }

  const verified = sources.filter((s) => s.verified).length;
  // Seed 003 §2.3: too few sources is an error the caller may retry (failed queries are retried on resume).
  if (sources.length < MIN_SOURCES_REQUIRED) {
    throw new RetryableError(
      `collect: insufficient sources collected: ${sources.length} (minimum: ${MIN_SOURCES_REQUIRED}) for keyword ${JSON.stringify(opts.keyword)}; ${failed.length} of ${plan.items.length} queries failed`,
      {
        code: 'insufficient_sources',
        details: {
          collected: sources.length,
          minimum: MIN_SOURCES_REQUIRED,
          failed_queries: failed,
          invalid_sources: invalid.length,
          task_id: taskId,
          ...(deps.checkpoints ? { checkpoint: deps.checkpoints.location } : {}),
        },
      },
    );
  }
  if (verified < MIN_VERIFIED_SOURCES)
    warn({ code: 'low_verified_sources', message: `low verified source count: ${verified} (minimum: ${MIN_VERIFIED_SOURCES})` });

  const output: Step5Output = {
    keyword: opts.keyword,
    outline_sections: opts.outline,
    search_queries: plan.items.map((q) => q.query),
    query_generation: { method: plan.method, model: plan.model, from_checkpoint: stored !== undefined },
    sources,
    invalid_sources: invalid,
    failed_queries: failed,
    collection_stats: {
      queries_total: plan.items.length,
      queries_completed: plan.items.filter((q) => cp.completed.has(q.query)).length,
      queries_failed: failed.length,
      queries_resumed: resumed,
      query_attempts: queryAttempts,
      collectors: deps.providers.length,
      candidates: candidates.length,
      duplicates_removed: duplicatesRemoved,
      dropped_over_limit: droppedOverLimit,
      sources: sources.length,
      verified,
      unverified: sources.length - verified,
      invalid_sources: invalid.length,
      verification_attempts: verificationAttempts,
    },
    source_type_distribution: sourceTypeDistribution(sources),
    warnings,
    task_id: taskId,
  };
  const checked = step5OutputSchema.safeParse(output);
  if (!checked.success) {
    throw new NonRetryableError(
      `collect: output does not match the Step5Output schema (${checked.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')})`,
      { code: 'output_invalid' },
    );
  }
  return checked.data;
}
