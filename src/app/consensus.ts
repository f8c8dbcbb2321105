// `lyra consensus` and library callers: builds the consensus engine's adapters from LyraConfig —
// search providers (local corpora, SearXNG, DuckDuckGo, scholarly databases), a document source
// (the store for corpus hits, fetch + extract for web pages, abstracts for papers), trust from the
// domain policy (corpus trust level for URL-less corpus documents) and the configured models.
import {
  InvalidInputError, NonRetryableError, type EmbeddingModel, type EventSink, type SearchHit, type SearchProvider, type StanceModel, type Store,
  type TrustLevel,
} from '../core/index.js';
import { createTextExtractor } from '../extract/index.js';
import { trustScore } from '../policy/index.js';
import { parseCorpusUrl, type CanonicalPaper } from '../sources/index.js';
import {
  ConsensusResearchEngine, DEFAULT_CONFIG, type ConsensusResearchConfig, type ConsensusResearchEvent, type ConsensusResearchResult, type ConsensusSearchProvider,
  type DocumentSource, type SourceDocument, type TrustFunction,
} from '../workflows/consensus/index.js';
import { ensureBuiltinCorpus, listBuiltinCorpora } from './builtin-corpora.js';
import { createDomainPolicySource, type DomainPolicySource, type LyraConfig } from './config/index.js';
import { explainDomain } from './domains.js';
import { extractSource, textExtractorOptions } from './extract-source.js';
import { createFetcher } from './fetcher.js';
import { buildEmbeddingModel, buildStanceModel } from './models.js';
import { createScholarlySources, searchPapers } from './scholarly.js';
import { createWebProvider, searchWithProvider } from './search.js';
import { webSearchPlan } from './web-search.js';

export const CONSENSUS_PROVIDERS = ['corpus', 'searxng', 'duckduckgo', 'scholarly'] as const;
export type ConsensusProviderName = (typeof CONSENSUS_PROVIDERS)[number];

export interface ConsensusRunOptions {
  config: LyraConfig;
  topic: string;
  /** Engine settings for this run (agentCount, iterationCount, agentTimeoutMs…) over DEFAULT_CONFIG. */
  engine?: Partial<ConsensusResearchConfig>;
  /** Search this corpus only (a built-in corpus is indexed on first use). */
  corpus?: string;
  /**
   * Providers to use. Default: the corpus named by `corpus`; without it, every local corpus (when
   * the store holds one) and each configured web provider. `scholarly` is opt-in.
   */
  providers?: ConsensusProviderName[];
  /** The store: corpora, and L6 verification state for trust. Needed for corpus search. */
  store?: Store;
  events?: EventSink;
  signal?: AbortSignal;
  /** Receives every engine event (progress). */
  onEvent?: (event: ConsensusResearchEvent) => void;
  /** Stance model; default: built from `models.stance` (the embedded model unless configured). */
  stance?: StanceModel;
  /**
   * Pairs statements for conflict detection by meaning: a model, or true to build the configured one
   * (`models.embedding`, USE-lite). Default: by shared words, several times faster (README figures).
   */
  embedding?: EmbeddingModel | boolean;
}

const EVENT_TYPES = [
  'researchStarted', 'iterationStarted', 'agentStarted', 'agentCompleted', 'scoringCompleted', 'consensusSelected', 'iterationCompleted', 'researchCompleted', 'researchFailed',
] as const;

/** Which providers a run uses, checked against the configuration and the store. */
export function resolveConsensusProviders(options: Pick<ConsensusRunOptions, 'config' | 'corpus' | 'providers' | 'store'>): ConsensusProviderName[] {
  if (options.providers && options.providers.length > 0) {
    const names = [...new Set(options.providers)];
    if (options.corpus && !names.includes('corpus')) names.unshift('corpus');
    return names;
  }
  if (options.corpus) return ['corpus'];
  const out: ConsensusProviderName[] = [];
  if (options.store && options.store.listCorpora().some((c) => c.documents > 0)) out.push('corpus');
  // The web providers in use (web-search.ts): configured ones, else the zero-config one. Consensus reads
  // SERPs over plain HTTP, so the browser SERP provider stands as DuckDuckGo's HTML endpoint here.
  for (const n of webSearchPlan(options.config).providers) {
    const name = n === 'browser' ? 'duckduckgo' : n;
    if (!out.includes(name)) out.push(name);
  }
  if (out.length === 0) {
    throw new InvalidInputError(
      'consensus: no search provider: index a corpus (lyra corpus add …), use a built-in one (--corpus example), or turn web search on (web_search.enabled: true, or providers.searxng / providers.duckduckgo)',
      { code: 'provider_not_configured' },
    );
  }
  return out;
}

function corpusProvider(options: { config: LyraConfig; store: Store; corpus?: string }): SearchProvider {
  return {
    name: 'corpus',
    search: (request) => searchWithProvider({
      config: options.config, provider: 'corpus', query: request.query, limit: request.limit, store: () => options.store,
      ...(options.corpus ? { corpus: options.corpus } : {}), ...(request.signal ? { signal: request.signal } : {}),
    }),
  };
}

/** Scholarly databases as one provider; papers are kept so their abstracts serve as the documents' text. */
function scholarlyProvider(options: { config: LyraConfig; fetcher: () => ReturnType<typeof createFetcher>; papers: Map<string, CanonicalPaper>; events?: EventSink }): SearchProvider {
  return {
    name: 'scholarly',
    search: async (request) => {
      const setup = createScholarlySources({ config: options.config, fetcher: options.fetcher() });
      const result = await searchPapers({ setup, query: request.query, limit: request.limit, ...(request.signal ? { signal: request.signal } : {}), ...(options.events ? { events: options.events } : {}) });
      for (const w of result.warnings) {
        options.events?.emit({ type: 'consensus.scholarly_warning', level: 'warn', message: `${w.source}: ${w.message}`, at: new Date().toISOString() });
      }
      const hits: SearchHit[] = [];
      for (const p of result.papers) {
        const url = p.url ?? (p.identifiers.doi ? `https://doi.org/${p.identifiers.doi}` : p.openAccessUrl);
        if (!url) continue;
        options.papers.set(url, p);
        hits.push({
          url, title: p.title, snippet: (p.abstract ?? '').slice(0, 300), score: 1 / (hits.length + 1), rank: hits.length + 1, provider: 'scholarly',
          ...(p.publishedAt ? { publishedAt: p.publishedAt } : {}),
        });
      }
      return hits;
    },
  };
}

interface Built {
  search: ConsensusSearchProvider[];
  documents: DocumentSource;
  trust: TrustFunction;
  close: () => Promise<void>;
}

/** The agents' adapters: providers, document source and trust; `close` releases the fetcher and policy watcher. */
export async function buildConsensusAdapters(options: Pick<ConsensusRunOptions, 'config' | 'corpus' | 'providers' | 'store' | 'events' | 'signal'>): Promise<Built> {
  const { config, store } = options;
  if (options.corpus && store) await ensureBuiltinCorpus({ store, name: options.corpus, ...(options.signal ? { signal: options.signal } : {}) });
  if (options.corpus && !store?.listCorpora().some((c) => c.name === options.corpus)) {
    const builtin = listBuiltinCorpora().map((c) => c.name);
    throw new InvalidInputError(`consensus: no corpus named ${JSON.stringify(options.corpus)} (see lyra corpus list${builtin.length ? `; built in: ${builtin.join(', ')}` : ''})`, {
      code: 'corpus_not_found', details: { corpus: options.corpus },
    });
  }
  const names = resolveConsensusProviders(options);
  if (names.includes('corpus') && !store) {
    throw new InvalidInputError(`consensus: no corpus yet (the database ${config.store.path} does not exist); run lyra corpus add first`, { code: 'corpus_not_found' });
  }

  const policy: DomainPolicySource = createDomainPolicySource({ ...config.domains, watch: false, ...(options.events ? { events: options.events } : {}) });
  let fetcher: ReturnType<typeof createFetcher> | undefined;
  const getFetcher = (): ReturnType<typeof createFetcher> => (fetcher ??= createFetcher({
    config, policy, ...(options.events ? { events: options.events } : {}), ...(store ? { onAuthRequired: (item) => store.enqueueAuth(item) } : {}),
  }));
  const papers = new Map<string, CanonicalPaper>();
  const search: ConsensusSearchProvider[] = names.map((name) => {
    switch (name) {
      case 'corpus': return { provider: corpusProvider({ config, store: store!, ...(options.corpus ? { corpus: options.corpus } : {}) }) };
      case 'scholarly': return { provider: scholarlyProvider({ config, fetcher: getFetcher, papers, ...(options.events ? { events: options.events } : {}) }), sourceTypes: ['academic'] };
      default: return { provider: createWebProvider({ config, name, fetcher: getFetcher }) };
    }
  });

  const corpusLevels = new Map<string, TrustLevel | undefined>((store?.listCorpora() ?? []).map((c) => [c.name, c.trustLevel]));
  const trust: TrustFunction = (s) => {
    if (/^https?:\/\//i.test(s.url)) {
      const e = explainDomain({ policy: policy.current(), ...(store ? { store } : {}), domain: s.url });
      return { level: e.trust_level, score: e.score };
    }
    // URL-less corpus documents (corpus://, file://) carry their corpus's level; no level: the policy default.
    const corpus = s.corpus ?? parseCorpusUrl(s.url)?.corpus;
    const level = (corpus ? corpusLevels.get(corpus) : undefined) ?? policy.current().defaults.trustLevel;
    return { level, score: trustScore(level) };
  };

  const extractor = createTextExtractor(textExtractorOptions(config));
  const documents: DocumentSource = {
    read: async (hit, call = {}): Promise<SourceDocument> => {
      const fetchedAt = new Date().toISOString();
      if (hit.corpus && hit.id) {
        const doc = store?.getCorpusDocument(hit.corpus, hit.id);
        if (!doc) throw new NonRetryableError(`consensus: corpus document ${hit.corpus}/${hit.id} is not in the store`, { code: 'corpus_document_missing' });
        return { url: hit.url, title: doc.title, text: doc.text, fetchedAt, corpus: doc.corpus, documentId: doc.id, ...(doc.publishedAt ? { publishedAt: doc.publishedAt } : {}) };
      }
      const paper = papers.get(hit.url);
      if (paper?.abstract) {
        return { url: hit.url, title: paper.title, text: paper.abstract, fetchedAt, ...(paper.publishedAt ? { publishedAt: paper.publishedAt } : {}) };
      }
      if (!/^https?:\/\//i.test(hit.url)) throw new NonRetryableError(`consensus: cannot read ${hit.url} (not a web page or corpus document)`, { code: 'url_scheme' });
      const doc = await extractSource({ source: hit.url, cwd: process.cwd(), config, fetcher: getFetcher(), extractor, ...(call.signal ? { signal: call.signal } : {}) });
      return { url: hit.url, title: doc.title ?? hit.title, text: doc.text, fetchedAt, ...(doc.publishedAt ? { publishedAt: doc.publishedAt } : {}) };
    },
  };

  return {
    search,
    documents,
    trust,
    close: async () => {
      await fetcher?.close();
      policy.close();
    },
  };
}

/** Runs the consensus workflow with the configured adapters and models, releasing them afterwards. */
export async function runConsensus(options: ConsensusRunOptions): Promise<ConsensusResearchResult> {
  // The stance model first: missing weights are an error before any corpus is indexed or page fetched.
  const stance = options.stance ?? buildStanceModel({ config: options.config });
  const adapters = await buildConsensusAdapters(options);
  let ownEmbedding: ReturnType<typeof buildEmbeddingModel> | undefined;
  try {
    ownEmbedding = options.embedding === true ? buildEmbeddingModel({ config: options.config }) : undefined;
    const embedding = typeof options.embedding === 'object' ? options.embedding : ownEmbedding;
    const engine = new ConsensusResearchEngine(
      { ...options.engine, searchConfig: { ...DEFAULT_CONFIG.searchConfig, ...options.engine?.searchConfig, providers: adapters.search.map((s) => s.provider.name) } },
      { stance, ...(embedding ? { embedding } : {}), agents: { search: adapters.search, documents: adapters.documents, trust: adapters.trust } },
    );
    if (options.onEvent) for (const t of EVENT_TYPES) engine.on(t, options.onEvent);
    return await engine.research(options.topic, options.signal ? { signal: options.signal } : {});
  } finally {
    ownEmbedding?.close();
    await adapters.close();
  }
}
