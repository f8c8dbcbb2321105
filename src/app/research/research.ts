// `lyra research` and library callers: the research workflow (workflows/research) over the engine
// built from the configuration (createEngine), writing into `<out>/YYYYMMDD_HHMM/`. The run's state
// is an engine checkpoint of its task (`research:state`); `research_run.json` in the run folder
// points at the task, so `lyra research --resume <run-dir|task-id>` — and `lyra resume <task-id>`
// through `isResearchTask` / `resumeResearch` — continue a stopped or killed run.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { ensureOutputDir } from '../output-path.js';
import { storeLabel } from '../open-store.js';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { InvalidInputError, type EngineEvent, type Store } from '../../core/index.js';
import type { ChatClient } from '../../models/index.js';
import {
  loadResearchState,
  researchRunSchema,
  resumeResearchWorkflow,
  runResearchWorkflow,
  type AnswerWriter,
  type ResearchDeps,
  type ResearchEngine,
  type QueryTranslator,
  type ResearchBudget,
  type ResearchEvent,
  type ResearchInput,
  type ResearchOutput,
  type ResearchResult,
  type ResearchState,
  type ResearchStateStore,
} from '../../workflows/index.js';
import { builtinDocumentLink, ensureBuiltinCorpus, listBuiltinCorpora } from '../corpus/builtin-corpora.js';
import { checkQuestionLanguage } from '../corpus/corpus-language.js';
import type { LyraConfig } from '../config/index.js';
import { createEngine, type AppEngine, type EngineOverrides } from '../engine.js';
import { readJsonFile } from '../json-file.js';
import { openJobQueue } from '../workers/jobs.js';
import { chatClientOf } from '../llm.js';
import { createQueuedSearch, retryWhileTaskBusy } from './queued-search.js';
import type { PgBossQueue } from '../../queue/index.js';
import { reportCsp } from '../../report/index.js';
import { createLlmTranslator } from '../translator.js';
import { RESEARCH_RUN_FILE, RESEARCH_STATE_KEY } from './research-files.js';

export { RESEARCH_RUN_FILE, RESEARCH_STATE_KEY };
/** Default parent of run folders, relative to the working directory (seed 001: _outputs/research/). */
export const DEFAULT_RESEARCH_OUT = '_outputs/research';

export interface RunResearchInput extends Omit<ResearchInput, 'providers' | 'budget'> {
  /** Search this corpus (a built-in corpus such as `example` is indexed on first use). */
  corpus?: string;
  /** Engine providers (`corpus`, `corpus:<name>`, `searxng`, `duckduckgo`, scholarly sources). */
  providers?: string[];
  budget?: Partial<ResearchBudget>;
  /** Parent folder of the run folder (default DEFAULT_RESEARCH_OUT under cwd). */
  out?: string;
  cwd?: string;
  /** Research and engine events (progress, --json). */
  onEvent?: (event: ResearchEvent | EngineEvent) => void;
  /**
   * Run the searches as jobs on `lyra worker` processes (the team database's queue, queued-search.ts)
   * instead of in this process; planning, VERIFY's checks and the report stay here. Needs a team
   * database (LYRA_DATABASE_URL, store.url or workers.database_url).
   */
  queue?: boolean;
}

export interface RunResearchOverrides {
  engine?: EngineOverrides;
  /** A translator instead of the configured one; null: none even when models.llm is set. */
  translator?: QueryTranslator | null;
  /** The prose answer's writer instead of models.llm; null: none even when models.llm is set. */
  writer?: AnswerWriter | null;
  now?: () => Date;
}

const runFileSchema = z.object({ run_id: z.string(), task_id: z.string(), question: z.string(), started_at: z.string(), store: z.string() });

/** research_run.json once the run is done: the pointer, its status and the answer (schemas/research/research_run.schema.json). */
function recordAnswer(dir: string, result: ResearchResult): void {
  const file = join(dir, RESEARCH_RUN_FILE);
  let pointer: Record<string, unknown>;
  try {
    pointer = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    pointer = { run_id: result.runId, task_id: result.taskId };
  }
  const run = researchRunSchema.parse({
    ...pointer,
    status: result.status,
    answer: result.answer,
    ...(result.status === 'completed' ? { report_claim_ids: result.reportClaimIds, report_html_csp: reportCsp() } : {}),
  });
  const tmp = join(dir, `.${RESEARCH_RUN_FILE}.tmp`);
  writeFileSync(tmp, `${JSON.stringify(run, null, 2)}\n`);
  renameSync(tmp, file);
}

function stateStore(store: Store): ResearchStateStore {
  return {
    load: (taskId) => store.loadCheckpoint(taskId, RESEARCH_STATE_KEY)?.payload,
    save: (state) => store.saveCheckpoint(state.taskId, RESEARCH_STATE_KEY, state),
  };
}

/** True when the task was started by `lyra research` (the hook `lyra resume` can call). */
export function isResearchTask(store: Store, taskId: string): boolean {
  return store.loadCheckpoint(taskId, RESEARCH_STATE_KEY) !== undefined;
}

function translatorFor(chat: ChatClient | undefined, override: RunResearchOverrides['translator']): QueryTranslator | undefined {
  if (override !== undefined) return override ?? undefined;
  return chat ? createLlmTranslator(chat) : undefined;
}

/**
 * What the workflow needs from the app besides the engine: the prose answer's writer (models.llm) and
 * judge (the engine's own, Engine.judge), the sources named as a reader should see them, and real links
 * of built-in corpus documents.
 */
function answerDeps(
  engine: AppEngine,
  chat: ChatClient | undefined,
  overrides: RunResearchOverrides,
): Pick<ResearchDeps, 'writer' | 'judge' | 'describeSources' | 'linkOf' | 'relevanceModel' | 'thesaurus'> {
  const writer = overrides.writer === undefined ? chat : (overrides.writer ?? undefined);
  const relevanceModel = engine.relevanceModel();
  return {
    ...(relevanceModel ? { relevanceModel } : {}),
    thesaurus: engine.thesaurus,
    ...(writer ? { writer, judge: engine } : {}),
    describeSources: (providers) => describeSources(engine.store, providers),
    linkOf: (url) => builtinDocumentLink(url),
  };
}

/** Providers as a reader should see them: `corpus` names the corpora it stands for, with their document counts. */
export function describeSources(store: Store, providers: readonly string[]): string[] {
  const corpora = store.listCorpora();
  const one = (name: string): string => {
    const c = corpora.find((x) => x.name === name);
    return c ? `${name} (${c.documents.toLocaleString('en')} documents)` : name;
  };
  return providers.map((p) => {
    if (p === 'corpus') return `corpus: ${corpora.map((c) => one(c.name)).join(', ') || 'none'}`;
    if (p.startsWith('corpus:')) return `corpus ${one(p.slice('corpus:'.length))}`;
    return p;
  });
}

/** `<parent>/YYYYMMDD_HHMM` (local time), with `_2`, `_3`… when a run of the same minute exists. */
export function newRunDir(parent: string, at: Date): string {
  const p = (x: number): string => String(x).padStart(2, '0');
  const base = `${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}_${p(at.getHours())}${p(at.getMinutes())}`;
  ensureOutputDir(parent);
  for (let i = 1; ; i++) {
    const dir = join(parent, i === 1 ? base : `${base}_${i}`);
    if (existsSync(dir)) continue;
    mkdirSync(dir);
    return dir;
  }
}

function folderOutput(dir: string): ResearchOutput {
  return {
    location: dir,
    write: async (name, content) => {
      // Written beside, then renamed: a killed run never leaves half a report.
      const tmp = join(dir, `.${name}.tmp`);
      writeFileSync(tmp, content);
      renameSync(tmp, join(dir, name));
    },
  };
}

/**
 * Builds the engine with the research defaults: the workflow handles the other language itself, and
 * plans every query itself (perspective templates, gap queries, refutations), so the engine adds no
 * synonym queries that would spend the run's query budget (seed 002's expansion is for client queries).
 */
function researchEngine(config: LyraConfig, overrides: RunResearchOverrides): AppEngine {
  const eo = overrides.engine ?? {};
  return createEngine(config, { ...eo, limits: { mirrorQueries: false, synonymQueries: 0, ...eo.limits } });
}

async function withResearchEngine<T>(
  config: LyraConfig,
  overrides: RunResearchOverrides,
  onEvent: RunResearchInput['onEvent'],
  fn: (engine: AppEngine) => Promise<T>,
): Promise<T> {
  const engine = researchEngine(config, overrides);
  const off = onEvent ? engine.on((e) => onEvent(e)) : undefined;
  try {
    return await fn(engine);
  } finally {
    off?.();
    await engine.close();
  }
}

/** The engine the workflow sees with `--queue`: its searches are jobs for `lyra worker` (queued-search.ts). */
function withQueuedSearches(engine: AppEngine, queue: PgBossQueue, onEvent: RunResearchInput['onEvent']): ResearchEngine {
  const search = createQueuedSearch(engine, queue, {
    onUntaken: ({ taskId, queryId, jobId, waitedMs }) =>
      onEvent?.({
        type: 'warning',
        taskId,
        at: new Date().toISOString(),
        warning: {
          source: 'job queue',
          category: 'warning',
          code: 'job_untaken',
          message: `job ${jobId} (query ${queryId}) has waited ${Math.round(waitedMs / 1000)} s and no lyra worker took it: is one running on this team database?`,
          target: queryId,
          at: new Date().toISOString(),
        },
      }),
  });
  return {
    createTask: (input) => engine.createTask(input),
    search,
    verifyClaim: (taskId, statement, options) =>
      retryWhileTaskBusy(() => engine.verifyClaim(taskId, statement, options), options?.signal ? { signal: options.signal } : {}),
    status: (taskId) => engine.status(taskId),
    budget: (taskId) => engine.budget(taskId),
    stop: (taskId, reason) => engine.stop(taskId, reason),
    materials: (taskId, options) => engine.materials(taskId, options),
    counts: (taskId) => engine.counts(taskId),
    resume: (taskId, options) => engine.resume(taskId, options),
  };
}

/** Runs `lyra research`: a new run folder, the engine task, every phase. */
export async function runResearch(config: LyraConfig, input: RunResearchInput, overrides: RunResearchOverrides = {}): Promise<ResearchResult> {
  const cwd = input.cwd ?? process.cwd();
  const providers = [...(input.corpus ? [`corpus:${input.corpus}`] : []), ...(input.providers ?? [])];
  // Before anything is written: without a team database this throws team_database_missing.
  const queue = input.queue ? openJobQueue(config) : undefined;
  return withResearchEngine(config, overrides, input.onEvent, async (engine) => {
    // The languages the searched corpora's documents are in, when only corpora are searched.
    let sourceLanguages: ReadonlySet<'en' | 'ja'> | undefined;
    if (input.corpus) {
      await ensureBuiltinCorpus({ store: engine.store, name: input.corpus, ...(input.signal ? { signal: input.signal } : {}) });
      if (!engine.store.listCorpora().some((c) => c.name === input.corpus)) {
        const builtin = listBuiltinCorpora().map((c) => c.name);
        throw new InvalidInputError(
          `research: no corpus named ${JSON.stringify(input.corpus)} (see lyra corpus list${builtin.length ? `; built in: ${builtin.join(', ')}` : ''})`,
          {
            code: 'corpus_not_found',
            details: { corpus: input.corpus },
          },
        );
      }
      // Only corpora searched: a question in a language none of their documents is in cannot match.
      if ((input.providers ?? []).every((p) => p === 'corpus' || p.startsWith('corpus:'))) {
        const corpora = providers.map((p) => (p === 'corpus' ? undefined : p.slice('corpus:'.length))).filter((c): c is string => c !== undefined);
        sourceLanguages = checkQuestionLanguage({ store: engine.store, question: input.question, corpora });
      }
    }
    const now = overrides.now ?? (() => new Date());
    const dir = newRunDir(resolve(cwd, input.out ?? DEFAULT_RESEARCH_OUT), now());
    const chat = chatClientOf(config);
    const translator = translatorFor(chat, overrides.translator);
    const onEvent = (e: ResearchEvent): void => {
      if (e.type === 'research.started') {
        writeFileSync(
          join(dir, RESEARCH_RUN_FILE),
          `${JSON.stringify({ run_id: e.runId, task_id: e.taskId, question: e.question, started_at: e.at, store: storeLabel(config.store) }, null, 2)}\n`,
        );
      }
      input.onEvent?.(e);
    };
    const { corpus: _c, out: _o, cwd: _w, onEvent: _e, providers: _p, queue: _q, ...rest } = input;
    const result = await runResearchWorkflow(
      {
        engine: queue ? withQueuedSearches(engine, queue, input.onEvent) : engine,
        state: stateStore(engine.store),
        output: folderOutput(dir),
        onEvent,
        ...(translator ? { translator } : {}),
        ...(sourceLanguages ? { sourceLanguages } : {}),
        ...answerDeps(engine, chat, overrides),
        ...(overrides.now ? { now: overrides.now } : {}),
      },
      { ...rest, ...(providers.length > 0 ? { providers } : {}) },
    );
    recordAnswer(dir, result);
    return result;
  }).finally(() => queue?.close());
}

/** The task id behind `--resume <run-dir|task-id>`. */
export function researchTaskOf(target: string, cwd = process.cwd()): string {
  const dir = resolve(cwd, target);
  if (existsSync(dir) && statSync(dir).isDirectory()) {
    const file = join(dir, RESEARCH_RUN_FILE);
    if (!existsSync(file))
      throw new InvalidInputError(`research: ${dir} is not a research run folder (no ${RESEARCH_RUN_FILE})`, {
        code: 'research_run_missing',
        details: { dir },
      });
    return readJsonFile(file, runFileSchema, (p) =>
      p.kind === 'unreadable'
        ? new InvalidInputError(`research: ${file} is unreadable: ${p.why}`, { code: 'research_run_invalid', cause: p.cause })
        : new InvalidInputError(`research: ${file} lacks task_id/run_id`, { code: 'research_run_invalid' }),
    ).task_id;
  }
  if (/^task_[A-Za-z0-9]+$/.test(target)) return target;
  throw new InvalidInputError(`research: --resume expects a run folder or a task id, got ${JSON.stringify(target)}`, { code: 'invalid_argument' });
}

/** Continues a research run (a run folder or its task id) in the folder it started in. */
export async function resumeResearch(
  config: LyraConfig,
  input: { target: string; cwd?: string; signal?: AbortSignal; onEvent?: RunResearchInput['onEvent'] },
  overrides: RunResearchOverrides = {},
): Promise<ResearchResult> {
  const taskId = researchTaskOf(input.target, input.cwd);
  return withResearchEngine(config, overrides, input.onEvent, async (engine) => {
    const store = stateStore(engine.store);
    const state: ResearchState = loadResearchState(store, taskId);
    if (!state.runDir) throw new InvalidInputError(`research: the state of task ${taskId} names no run folder`, { code: 'research_state_invalid' });
    mkdirSync(state.runDir, { recursive: true });
    const chat = chatClientOf(config);
    const translator = translatorFor(chat, overrides.translator);
    const result = await resumeResearchWorkflow(
      {
        engine,
        state: store,
        output: folderOutput(state.runDir),
        ...(input.onEvent ? { onEvent: input.onEvent } : {}),
        ...(translator ? { translator } : {}),
        ...answerDeps(engine, chat, overrides),
        ...(overrides.now ? { now: overrides.now } : {}),
      },
      { state, ...(input.signal ? { signal: input.signal } : {}) },
    );
    recordAnswer(state.runDir, result);
    return result;
  });
}
