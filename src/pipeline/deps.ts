// What the pipeline needs from the outside, as interfaces (PIPELINE.md "Layers"): app/engine.ts
// builds these from the configuration; tests build them from real components on loopback.
import type {
  ClaimScreen,
  EmbeddingModel,
  GraphJobRunner,
  Fetcher,
  PageJobRunner,
  ScholarlySource,
  SearchProvider,
  StanceModel,
  Store,
  TextExtractor,
  QuestionRelevance,
  Thesaurus,
} from '../core/index.js';
import type { GraphDeps, GraphLimits, GraphPhaseResult, RecomputeResult, TrustResolver } from './graph/index.js';
import type { OpenAccessLocator } from '../sources/index.js';
import type { PipelineLimits } from './limits.js';
import type { Translator } from './query-expansion.js';

export type { GraphDeps, GraphPhaseResult, TrustResolver };
export type GraphRecomputeResult = RecomputeResult;

/** Scholarly sources enabled in the configuration (app/scholarly.ts ScholarlySetup). */
export interface ScholarlyDeps {
  sources: ScholarlySource[];
  openAccess?: OpenAccessLocator;
  /** Sources switched off in config, reported as task warnings. */
  disabled: string[];
}

/** Models are built on first use, so a command that needs none never loads one; a missing one throws (non_retryable). */
export interface ModelDeps {
  stance(): StanceModel;
  embedding(): EmbeddingModel;
  /** The learned claim screen over rule-accepted claims; absent or undefined: the rules alone decide. */
  claimScreen?(): ClaimScreen | undefined;
  /** The judge that vetoes merging claims it reads as contradicting (the shipped NLI cross-encoder); absent: words alone guard merges. */
  mergeJudge?(): StanceModel | undefined;
  /** The pretrained sentence encoder (models/minilm-en) that, with mergeJudge, links claims of different sources stating the same finding; absent: no such links. */
  sentenceEncoder?(): EmbeddingModel | undefined;
}

export interface PipelineDeps {
  store: Store;
  fetcher: Fetcher;
  extractor: TextExtractor;
  /** Configured web SERP providers by name (`searxng`, `duckduckgo`). */
  webProviders: Record<string, SearchProvider>;
  /** The local corpus provider, over every corpus or one by name. */
  corpusProvider(corpus?: string): SearchProvider;
  scholarly: ScholarlyDeps;
  models: ModelDeps;
  trust: TrustResolver;
  /** Translates for mirror queries; absent: mirrors are skipped with a warning. */
  translator?: Translator;
  /** The fetcher renders pages (`render: true`) in Chromium: Phase 6 renders script-built pages (phases/render-fallback.ts). */
  canRender?: boolean;
  /** Synonyms for English queries (WordNet); absent while pipeline.synonym_queries > 0: a warning per query. */
  thesaurus?: Thesaurus;
  /** Orders materials by relevance to the task's question; absent: by decision relevance and confidence only. */
  questionRelevance?: QuestionRelevance;
  limits?: Partial<PipelineLimits>;
  /** Limits of the graph step (config `pipeline.graph`). */
  graphLimits?: Partial<GraphLimits>;
  /** Cancels a task's in-flight fetches (the fetcher's cancelTask). */
  cancelFetches?(taskId: string): void;
  /**
   * Phase 6 hands its planned pages to page jobs on the team's workers and waits for them, instead of
   * fetching them in this process (a `lyra worker` with workers.page_jobs); absent: fetched here.
   */
  pageJobs?: PageJobRunner;
  /**
   * Phase 7 hands the query's graph step to a graph job on the team's workers and waits for it, instead
   * of running it in this process (a `lyra worker` with workers.graph_jobs); absent: run here.
   */
  graphJobs?: GraphJobRunner;
}
