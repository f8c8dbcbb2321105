// One assembly: the adapters Lyra is made of, built from the configuration in this one place, each on
// first use and at most once per runtime — the store, the domain policy, the HTTP fetcher under it,
// the scholarly sources over that fetcher, the stance and embedding models, the translator. The engine
// (engine.ts), the MCP server (serve.ts) and the one-shot commands (fetch, extract, claims, papers,
// doctor, search) take their parts from a runtime instead of opening a policy or building a fetcher
// of their own, so a fetch limit, a policy file or a model setting means the same thing everywhere.
// Closing the runtime closes what it built; parts handed in through `overrides` stay the caller's.
import type { AuthItem, ClaimScreen, EmbeddingModel, EventSink, Fetcher, RelevanceModel, StanceModel, Store } from '../core/index.js';
import { createPgHostSchedule, type HostResolver } from '../net/index.js';
import type { Translator } from '../pipeline/index.js';
import { calibratedStanceModel } from './feedback/calibration.js';
import { createDomainPolicySource, type DomainPolicySource, type LyraConfig } from './config/index.js';
import { createFetcher, type CreateFetcherOptions } from './fetcher.js';
import {
  buildClaimScreen,
  buildRelevanceModel,
  buildEmbeddingModel,
  buildMergeJudge,
  buildRetrievalEncoder,
  buildSentenceEncoder,
  buildStanceModel,
  buildVectorCache,
  embeddingIsShipped,
  rankingByMeaning,
} from './models.js';
import { openOrCreateStore } from './open-store.js';
import { createScholarlySources, type ScholarlySetup } from './scholarly.js';
import { configuredTranslator } from './translator.js';
import { webSearchPlan, type WebSearchPlan } from './web-search.js';
import { workerSettings } from './workers/worker-settings.js';

export interface RuntimeOverrides {
  /** A store to use (not closed by the runtime). */
  store?: Store;
  /** A domain policy to read trust and rates through (not closed by the runtime). */
  policy?: DomainPolicySource;
  /** A fetcher to use instead of the configured one (not closed by the runtime). */
  fetcher?: Fetcher;
  /** DNS resolver of the configured fetcher (tests map names to loopback). */
  resolver?: HostResolver;
  stance?: StanceModel;
  embedding?: EmbeddingModel;
  /** The sentence encoder of corpus search; null: BM25 alone (default: corpus.ranking). */
  retrievalEncoder?: EmbeddingModel | null;
  /** The learned claim screen to use; null: none (default: models.claim_screen). */
  claimScreen?: ClaimScreen | null;
  /** Relevance by meaning for research runs; null: the term rules alone (default: models.relevance, over sentenceEncoder). */
  relevanceModel?: RelevanceModel | null;
  /** The judge that vetoes merging contradicting claims; null: none, words alone guard merges (default: the shipped NLI cross-encoder). */
  mergeJudge?: StanceModel | null;
  /** The pretrained sentence encoder of the graph phase's claim links; null: none, no such links (default: models/minilm-en). */
  sentenceEncoder?: EmbeddingModel | null;
  translator?: Translator;
  /** Fetch, policy and scholarly events (retries, reloads, source failures). */
  events?: EventSink;
  /** Where the configured fetcher sends auth-queue items (walls, CAPTCHAs); default store().enqueueAuth. */
  onAuthRequired?: (item: AuthItem) => void;
}

export interface RuntimeOptions {
  /**
   * Follow edits of the domains files while running, as `domains.watch` allows (a long-lived engine
   * or server); one-shot commands read the policy once. Default false.
   */
  watchPolicy?: boolean;
  /** Let the fetcher render (`render: true`) even when fetch.render.enabled and the web search plan do not (the CLI's --render). */
  render?: boolean;
  /** Fetcher limits over the configured ones (lyra doctor's probes: one attempt, a short timeout). */
  fetchLimits?: CreateFetcherOptions['limits'];
  /** Judge under the store's active stance calibration (lyra serve: MCP's calibration tools fit it). */
  calibrateStance?: boolean;
}

export interface Runtime {
  readonly config: LyraConfig;
  /** The web search plan of the configuration (providers, Chromium). */
  readonly plan: WebSearchPlan;
  /** Whether the fetcher renders script-built pages in Chromium. */
  readonly canRender: boolean;
  store(): Store;
  policy(): DomainPolicySource;
  /** The configured fetcher under policy(); auth-queue items (walls, CAPTCHAs) go to store(), opened only then. */
  fetcher(): Fetcher;
  scholarly(): ScholarlySetup;
  stance(): StanceModel;
  embedding(): EmbeddingModel;
  /** The sentence encoder corpus search ranks by meaning with (`corpus.ranking`); undefined: BM25 alone. Loaded on first use. */
  retrievalEncoder(): EmbeddingModel | undefined;
  /** The learned claim screen (models.claim_screen), undefined unless switched on; loaded on first use. */
  claimScreen(): ClaimScreen | undefined;
  /** Relevance by meaning of research runs (models.relevance), undefined under `backend: rules`; loaded on first use. */
  relevanceModel(): RelevanceModel | undefined;
  /** The judge that vetoes merging claims it reads as contradicting (models/nli-en); loaded only when a run has such a pair to judge. */
  mergeJudge(): StanceModel | undefined;
  /** The shipped pretrained sentence encoder (models/minilm-en); loaded on first use. */
  sentenceEncoder(): EmbeddingModel | undefined;
  /** The configured translator (models.llm), or undefined when none is configured. */
  translator(): Translator | undefined;
  /** Closes what the runtime built (fetcher, policy watchers, embedding model, store), in that order. */
  close(): Promise<void>;
}

function once<T>(build: () => T): { get: () => T; built: () => T | undefined } {
  let value: { v: T } | undefined;
  return { get: () => (value ??= { v: build() }).v, built: () => value?.v };
}

export function createRuntime(config: LyraConfig, overrides: RuntimeOverrides = {}, options: RuntimeOptions = {}): Runtime {
  const events = overrides.events ? { events: overrides.events } : {};
  const plan = webSearchPlan(config);
  // Rendering (the browser SERP provider's result pages, Phase 6's script-built pages) is on when the
  // system Chromium is found, unless fetch.render.enabled says otherwise; the browser starts on first use.
  const canRender = overrides.fetcher
    ? false
    : options.render === true || plan.providers.includes('browser') || (config.raw.fetch?.render?.enabled ?? plan.chromium.found);
  // Each part: the caller's when given (never closed here), else built once on first use and owned.
  const ownStore = once(() => openOrCreateStore(config.store));
  const store = (): Store => overrides.store ?? ownStore.get();
  const ownPolicy = once(() => createDomainPolicySource({ ...config.domains, watch: options.watchPolicy === true && config.domains.watch, ...events }));
  const policy = (): DomainPolicySource => overrides.policy ?? ownPolicy.get();
  // With a team database every fetcher of every process reserves its hosts' slots there (docs/team.md), so
  // a host's qps holds over all workers; it is opened with the fetcher and closed after it.
  const ownSchedule = once(() =>
    config.teamDatabaseUrl ? createPgHostSchedule({ url: config.teamDatabaseUrl, holdMs: workerSettings(config).hostHoldMs }) : undefined,
  );
  const ownFetcher = once(() =>
    createFetcher({
      config,
      policy: policy(),
      onAuthRequired: overrides.onAuthRequired ?? ((item) => store().enqueueAuth(item)),
      ...(canRender ? { enableRender: true } : {}),
      ...(options.fetchLimits ? { limits: options.fetchLimits } : {}),
      ...events,
      ...(overrides.resolver ? { resolver: overrides.resolver } : {}),
      sharedSchedule: ownSchedule.get(),
    }),
  );
  const fetcher = (): Fetcher => overrides.fetcher ?? ownFetcher.get();
  const scholarly = once(() => createScholarlySources({ config, fetcher: fetcher() }));
  const stance = once((): StanceModel => {
    if (overrides.stance) return overrides.stance;
    return options.calibrateStance ? calibratedStanceModel({ base: () => buildStanceModel({ config }), store: store() }) : buildStanceModel({ config });
  });
  // One connection to the vector cache file for both encoders (each keeps its own model's vectors in it).
  const ownVectorCache = once(() => buildVectorCache({ config }));
  const ownEmbedding = once(() => (embeddingIsShipped(config) ? ownSentence.get() : buildEmbeddingModel({ config, cache: ownVectorCache.get })));
  // The published encoder serves the graph phase (and the default embedding); corpus search (unless
  // corpus.ranking is bm25) ranks with its retrieval fine-tune.
  const ownSentence = once(() => buildSentenceEncoder({ config, cache: ownVectorCache.get }));
  const ownRetrieval = once(() => (rankingByMeaning(config) ? buildRetrievalEncoder({ config, cache: ownVectorCache.get }) : undefined));
  const claimScreen = once(() => (overrides.claimScreen !== undefined ? (overrides.claimScreen ?? undefined) : buildClaimScreen({ config })));
  const sentenceEncoder = (): EmbeddingModel | undefined =>
    overrides.sentenceEncoder !== undefined ? (overrides.sentenceEncoder ?? undefined) : ownSentence.get();
  const relevanceModel = once(() =>
    overrides.relevanceModel !== undefined ? (overrides.relevanceModel ?? undefined) : buildRelevanceModel({ config, encoder: sentenceEncoder }),
  );
  const mergeJudge = once(() => (overrides.mergeJudge !== undefined ? (overrides.mergeJudge ?? undefined) : buildMergeJudge()));
  const translator = once(() => overrides.translator ?? configuredTranslator(config));
  let closed = false;
  return {
    config,
    plan,
    canRender,
    store,
    policy,
    fetcher,
    scholarly: scholarly.get,
    stance: stance.get,
    embedding: () => overrides.embedding ?? ownEmbedding.get(),
    retrievalEncoder: () => (overrides.retrievalEncoder !== undefined ? (overrides.retrievalEncoder ?? undefined) : ownRetrieval.get()),
    claimScreen: claimScreen.get,
    relevanceModel: relevanceModel.get,
    mergeJudge: mergeJudge.get,
    sentenceEncoder,
    translator: translator.get,
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await ownFetcher.built()?.close();
      await ownSchedule.built()?.close();
      ownPolicy.built()?.close();
      // The default embedding model may be the sentence encoder: each closed once.
      const encoders = new Set([ownEmbedding.built(), ownSentence.built(), ownRetrieval.built()]);
      for (const e of encoders) e?.close();
      ownVectorCache.built()?.close?.();
      ownStore.built()?.close();
    },
  };
}

/** Runs `fn` with a runtime built from the configuration and closes it afterwards (one-shot commands). */
export async function withRuntime<T>(
  config: LyraConfig,
  fn: (runtime: Runtime) => Promise<T>,
  options: { overrides?: RuntimeOverrides } & RuntimeOptions = {},
): Promise<T> {
  const { overrides, ...rest } = options;
  const runtime = createRuntime(config, overrides, rest);
  try {
    return await fn(runtime);
  } finally {
    await runtime.close();
  }
}
