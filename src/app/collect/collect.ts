// `lyra collect` and library callers: runs workflows/collect on the engine (one road). A collection is
// an engine task — a new one, the one a checkpoint of `out` recorded, or the caller's: every query is an
// engine search in it (the engine's web, corpus and scholarly providers; fetch, trust, claims, stance),
// so its pages, papers and claims are in the task graph (`lyra task materials <task_id>`), and sources
// are verified through the engine. The checkpoint is `<out>.checkpoint.json` beside the output file:
// written after query generation and after every query, removed once the output is written; a re-run
// with the same --out resumes from it, in the same task.
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import { InvalidInputError, NonRetryableError, type BudgetInput, type EventSink, type StanceModel, type Store } from '../../core/index.js';
// The chat client file directly: models/index.ts is not in the repository yet.
import { chatClientOf } from '../llm.js';
import { storeLabel } from '../open-store.js';
import type { HostResolver } from '../../net/index.js';
import {
  MAX_OUTLINE_CHARS,
  collectPrimarySources,
  parseCollectInput,
  parseOutline,
  type CheckpointStore,
  type CollectInput,
  type CollectProvider,
  type Sleep,
  type Step5Output,
} from '../../workflows/index.js';
import { ensureBuiltinCorpus, listBuiltinCorpora } from '../corpus/builtin-corpora.js';
import { readTextFile, type LyraConfig } from '../config/index.js';
import { createEngine, type AppEngine } from '../engine.js';
import { SCHOLARLY_SOURCE_ALIASES, SCHOLARLY_SOURCE_NAMES } from '../scholarly.js';
import { webSearchPlan, type WebProviderName } from '../web-search.js';

export const COLLECT_PROVIDER_NAMES = ['searxng', 'duckduckgo', 'browser', 'corpus'] as const;
export type CollectProviderName = (typeof COLLECT_PROVIDER_NAMES)[number];
/** Suffix of the checkpoint file kept beside `--out`. */
export const CHECKPOINT_SUFFIX = '.checkpoint.json';

export interface RunCollectInput extends Omit<CollectInput, 'outline'> {
  /** Outline section headings; or give `outlineFile`. */
  outline?: string[];
  /** Markdown (headings), plain text (one section a line) or JSON outline file. */
  outlineFile?: string;
  /**
   * Web / corpus providers to use. With none of providers, corpus and scholarly given, the web providers
   * the engine uses (lyra doctor lists them) and every enabled scholarly source are used; naming any of
   * them uses only what is named.
   */
  providers?: CollectProviderName[];
  /** A corpus to search (implies the corpus provider); built-in corpora are indexed on first use. */
  corpus?: string;
  /** Scholarly sources by name (`s2`, `openalex`, `crossref`, `arxiv`, `pubmed`), `all`, or `none`. */
  scholarly?: string[];
  /** Output file; its checkpoint is `<out>.checkpoint.json`. Without it there are no checkpoints. */
  out?: string;
  /** Discard an existing checkpoint and start over. */
  fresh?: boolean;
  /** Run in this engine task (it must exist); default: the checkpoint's task when resuming, else a new task. */
  taskId?: string;
  /**
   * Budget of a new task. Default: room for every page the run's searches may read (maxQueries ×
   * hitsPerQuery × providers) and every query attempt; seconds as pipeline.default_budget says.
   */
  budget?: BudgetInput;
}

export interface RunCollectOverrides {
  events?: EventSink;
  /** Waits between attempts (tests: return at once). */
  sleep?: Sleep;
  /** DNS override for the engine's fetcher (tests: virtual hosts on a loopback server). */
  resolver?: HostResolver;
  /** The store the run's task is written to (and its corpora searched); default: the configured one. */
  store?: Store;
  /** The engine's stance model; default: built from `models.stance`. */
  stance?: StanceModel;
}

export interface RunCollectResult {
  output: Step5Output;
  /** The engine task holding the run's pages, papers and claims. */
  taskId: string;
  /** The file written, when `out` was given. */
  outFile?: string;
}

export function checkpointPathFor(out: string): string {
  return `${out}${CHECKPOINT_SUFFIX}`;
}

/** A checkpoint in one JSON file, replaced atomically (write a temporary file, then rename). */
export function createFileCheckpointStore(path: string): CheckpointStore {
  return {
    location: path,
    async load() {
      if (!existsSync(path)) return undefined;
      const text = readTextFile(path, 'checkpoint');
      try {
        return JSON.parse(text) as unknown;
      } catch (cause) {
        throw new NonRetryableError(`collect: checkpoint ${path} is not JSON (${(cause as Error).message}); delete it or pass --fresh`, {
          code: 'checkpoint_invalid',
          details: { location: path },
          cause,
        });
      }
    },
    async save(checkpoint) {
      writeJsonAtomic(path, checkpoint, false);
    },
  };
}

function writeJsonAtomic(path: string, value: unknown, pretty: boolean): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, pretty ? 2 : undefined)}\n`);
  renameSync(tmp, path);
}

/** Reads an outline file (format from its extension: .json, .md/.markdown, else detected). */
export function readOutlineFile(path: string): string[] {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (cause) {
    throw new InvalidInputError(`cannot read outline ${path}: ${(cause as Error).message}`, { code: 'file_unreadable', details: { file: path }, cause });
  }
  // UTF-8 is at most 4 bytes a character: a larger file cannot fit the character limit.
  if (size > MAX_OUTLINE_CHARS * 4)
    throw new InvalidInputError(`outline ${path}: ${size} bytes is too large`, { code: 'outline_too_large', details: { file: path } });
  const ext = extname(path).toLowerCase();
  const format = ext === '.json' ? 'json' : ext === '.md' || ext === '.markdown' ? 'markdown' : undefined;
  return parseOutline(readTextFile(path, 'outline'), { source: path, ...(format ? { format } : {}) });
}

function scholarlyNamesOf(config: LyraConfig, names: string[] | undefined, explicit: boolean): string[] {
  const enabled = SCHOLARLY_SOURCE_NAMES.filter((n) => config.raw.scholarly?.[n]?.enabled !== false);
  if (!explicit) return enabled;
  if (names === undefined || names.includes('none')) return [];
  if (names.length === 0 || names.includes('all')) {
    if (enabled.length === 0) throw new InvalidInputError('every scholarly source is disabled in config (scholarly.*.enabled: false)', { code: 'no_sources' });
    return enabled;
  }
  const out: string[] = [];
  for (const raw of names) {
    const name = SCHOLARLY_SOURCE_ALIASES[raw.toLowerCase()];
    if (!name)
      throw new InvalidInputError(`unknown scholarly source ${JSON.stringify(raw)} (expected ${Object.keys(SCHOLARLY_SOURCE_ALIASES).join(', ')} or all)`, {
        code: 'source_unknown',
        details: { source: raw },
      });
    if (!enabled.includes(name))
      throw new InvalidInputError(`scholarly source ${name} is disabled: set scholarly.${name}.enabled to true`, {
        code: 'provider_not_configured',
        details: { setting: `scholarly.${name}.enabled` },
      });
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * The engine providers a collection asks, by the engine's names: the named web providers (or those the
 * engine uses), the corpus, the scholarly sources. Naming a web provider while web search is off is
 * invalid input; whether a named one is configured the engine says when the task is made.
 */
export function collectProviders(config: LyraConfig, input: Pick<RunCollectInput, 'providers' | 'corpus' | 'scholarly'>): CollectProvider[] {
  const { providers, corpus, scholarly } = input;
  for (const p of providers ?? []) {
    if (!(COLLECT_PROVIDER_NAMES as readonly string[]).includes(p))
      throw new InvalidInputError(`collect: unknown provider ${JSON.stringify(p)} (expected ${COLLECT_PROVIDER_NAMES.join(', ')})`, {
        code: 'provider_unknown',
      });
  }
  const explicit = providers !== undefined || corpus !== undefined || scholarly !== undefined;
  const plan = webSearchPlan(config);
  const named = (providers ?? []).filter((p): p is WebProviderName => p !== 'corpus');
  if (named.length > 0 && !plan.enabled) {
    throw new InvalidInputError(`provider ${named[0]}: web search is off (web_search.enabled: false in ${config.configFile ?? 'lyra.config.yaml'})`, {
      code: 'web_search_off',
      details: { setting: 'web_search.enabled' },
    });
  }
  const web: string[] = explicit ? named : plan.providers;
  const corpora = corpus !== undefined ? [`corpus:${corpus}`] : providers?.includes('corpus') ? ['corpus'] : [];
  return [
    ...[...new Set([...web, ...corpora])].map((name) => ({ name })),
    ...scholarlyNamesOf(config, scholarly, explicit).map((name) => ({ name, scholarly: true })),
  ];
}

async function checkCorpus(engine: AppEngine, corpus: string | undefined, signal?: AbortSignal): Promise<void> {
  if (corpus === undefined) return;
  await ensureBuiltinCorpus({ store: engine.store, name: corpus, ...(signal ? { signal } : {}) });
  if (!engine.store.listCorpora().some((c) => c.name === corpus)) {
    const builtin = listBuiltinCorpora().map((c) => c.name);
    throw new InvalidInputError(
      `collect: no corpus named ${JSON.stringify(corpus)} (see lyra corpus list${builtin.length ? `; built in: ${builtin.join(', ')}` : ''})`,
      { code: 'corpus_not_found', details: { corpus } },
    );
  }
}

/**
 * Collects primary sources as configured, in an engine task. Writes `out` (pretty JSON) when given and
 * keeps checkpoints beside it. Errors are those of collectPrimarySources plus invalid_input for a
 * provider that is named but not usable, an unknown corpus or task, or an unreadable outline.
 */
export async function runCollect(config: LyraConfig, input: RunCollectInput, overrides: RunCollectOverrides = {}): Promise<RunCollectResult> {
  const { outlineFile, providers: _providers, corpus, scholarly: _scholarly, out, fresh, taskId: givenTask, budget, ...rest } = input;
  if (input.outline && outlineFile) throw new InvalidInputError('collect: give the outline as sections or as a file, not both', { code: 'invalid_argument' });
  const outline = outlineFile ? readOutlineFile(outlineFile) : input.outline;
  const workflowInput: CollectInput = { ...rest, ...(outline ? { outline } : {}) };
  // Checked before anything is built: an invalid option never opens the store or loads a model.
  const opts = parseCollectInput(workflowInput);
  const providers = collectProviders(config, input);

  const events = overrides.events;
  // Collect plans its own queries (templates or the LLM): no mirror or synonym queries. It reports what its
  // queries find: no citation tracking (Phase 5). Its own retry is seed 003's (2 attempts, 1 s apart), so
  // the engine tries each search once; each provider is asked for hitsPerQuery results.
  const engine = createEngine(config, {
    limits: {
      mirrorQueries: false,
      synonymQueries: 0,
      maxCitationPapers: 0,
      queryAttempts: 1,
      serpLimit: opts.hitsPerQuery,
      scholarlyLimit: opts.hitsPerQuery,
    },
    ...(events ? { events } : {}),
    ...(overrides.resolver ? { resolver: overrides.resolver } : {}),
    ...(overrides.store ? { store: overrides.store } : {}),
    ...(overrides.stance ? { stance: overrides.stance } : {}),
  });
  try {
    if (providers.length > 0) await checkCorpus(engine, corpus, input.signal);
    const checkpointFile = out ? checkpointPathFor(out) : undefined;
    if (checkpointFile && fresh) rmSync(checkpointFile, { force: true });
    const llm = input.queryMode === 'template' ? undefined : chatClientOf(config);
    let runTask: string | undefined;
    const output = await collectPrimarySources(
      {
        engine,
        providers,
        task: async (resumed) => {
          const id = givenTask ?? resumed;
          if (id !== undefined) {
            const task = engine.store.getTask(id);
            const from = resumed === id ? ` (named by the checkpoint ${checkpointFile}; pass --fresh to start over)` : '';
            if (!task)
              throw new InvalidInputError(`collect: no task ${id} in ${storeLabel(config.store)}${from}`, { code: 'task_not_found', details: { taskId: id } });
            if (task.status === 'stopped')
              throw new InvalidInputError(`collect: task ${id} is stopped (${task.stopReason ?? 'no reason given'}); lyra resume ${id} reopens it${from}`, {
                code: 'task_stopped',
                details: { taskId: id },
              });
            return (runTask = id);
          }
          const task = await engine.createTask({
            question: opts.keyword,
            providers: providers.map((p) => p.name),
            budget: budget ?? { maxPages: opts.maxQueries * opts.hitsPerQuery * providers.length, maxQueries: opts.maxQueries * opts.queryAttempts },
          });
          return (runTask = task.id);
        },
        ...(llm ? { llm } : {}),
        ...(checkpointFile ? { checkpoints: createFileCheckpointStore(checkpointFile) } : {}),
        ...(events ? { events } : {}),
        ...(overrides.sleep ? { sleep: overrides.sleep } : {}),
      },
      workflowInput,
    );
    if (out) {
      writeJsonAtomic(out, output, true);
      // The output is now the record of the run; a later run with this --out starts afresh.
      rmSync(checkpointFile!, { force: true });
    }
    return { output, taskId: output.task_id ?? runTask!, ...(out ? { outFile: out } : {}) };
  } finally {
    await engine.close();
  }
}
