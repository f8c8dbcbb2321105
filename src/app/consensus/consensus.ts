// `lyra consensus` and library callers: runs the consensus workflow on the engine (one road). The run
// is an engine task: every agent query goes through the seven phases (search, fetch, extract, claims,
// stance, trust from the one domain policy), so its pages, claims and edges land in the task graph that
// `lyra task materials <task>` shows; the agents read the pages' stored text. The configured stance
// model judges both the graph and the conflicts between the agents' reports.
import { InvalidInputError, type BudgetInput, type EmbeddingModel, type EventSink, type StanceModel, type Store } from '../../core/index.js';
import {
  ConsensusResearchEngine,
  DEFAULT_CONFIG,
  type AgentProvider,
  type ConsensusResearchConfig,
  type ConsensusResearchEvent,
  type ConsensusResearchResult,
} from '../../workflows/consensus/index.js';
import { ensureBuiltinCorpus, listBuiltinCorpora } from '../corpus/builtin-corpora.js';
import type { LyraConfig } from '../config/index.js';
import { createEngine, type AppEngine } from '../engine.js';
import { buildStanceModel } from '../models.js';
import { SCHOLARLY_SOURCE_NAMES } from '../scholarly.js';
import { webSearchPlan } from '../web-search.js';

export const CONSENSUS_PROVIDERS = ['corpus', 'searxng', 'duckduckgo', 'browser', 'scholarly'] as const;
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
  /** The store the run's task is written to (and its corpora searched); default: the configured one. */
  store?: Store;
  /** Budget of the run's engine task (pages, queries, seconds); default: the engine's task defaults. */
  budget?: BudgetInput;
  events?: EventSink;
  signal?: AbortSignal;
  /** Receives every engine event (progress). */
  onEvent?: (event: ConsensusResearchEvent) => void;
  /** Stance model; default: built from `models.stance` (the embedded model unless configured). */
  stance?: StanceModel;
  /**
   * Pairs statements for conflict detection by meaning: a model, or true to build the configured one
   * (`models.embedding`, the shipped encoder). Default: by shared words, several times faster (docs/guide.md figures).
   */
  embedding?: EmbeddingModel | boolean;
}

/** What a consensus run returns: the workflow's result and the engine task holding its evidence. */
export type ConsensusRunResult = ConsensusResearchResult & { taskId: string };

const EVENT_TYPES = [
  'researchStarted',
  'iterationStarted',
  'agentStarted',
  'agentCompleted',
  'scoringCompleted',
  'consensusSelected',
  'iterationCompleted',
  'researchCompleted',
  'researchFailed',
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
  // The web providers the engine uses (web-search.ts): configured ones, else the zero-config one (the
  // browser SERP provider when Chromium is found, else DuckDuckGo's HTML endpoint).
  for (const n of webSearchPlan(options.config).providers) {
    const name = n as ConsensusProviderName;
    if (CONSENSUS_PROVIDERS.includes(name) && !out.includes(name)) out.push(name);
  }
  if (out.length === 0) {
    throw new InvalidInputError(
      'consensus: no search provider: index a corpus (lyra corpus add …), use a built-in one (--corpus example), or turn web search on (web_search.enabled: true, or providers.searxng / providers.duckduckgo)',
      { code: 'provider_not_configured' },
    );
  }
  return out;
}

/**
 * The engine providers behind the consensus names: `corpus` is the named corpus (or every one), and
 * `scholarly` every enabled scholarly source, each typed `academic` so only agents preferring academic
 * sources ask them (seed 004's preferred source types).
 */
export function consensusAgentProviders(config: LyraConfig, names: readonly ConsensusProviderName[], corpus?: string): AgentProvider[] {
  const scholarly = config.raw.scholarly ?? {};
  return names.flatMap((name): AgentProvider[] => {
    switch (name) {
      case 'corpus':
        return [{ name: corpus ? `corpus:${corpus}` : 'corpus' }];
      case 'scholarly':
        return SCHOLARLY_SOURCE_NAMES.filter((s) => scholarly[s]?.enabled !== false).map((s) => ({ name: s, sourceTypes: ['academic'] }));
      default:
        return [{ name }];
    }
  });
}

async function checkCorpus(engine: AppEngine, options: Pick<ConsensusRunOptions, 'corpus' | 'signal'>): Promise<void> {
  if (!options.corpus) return;
  await ensureBuiltinCorpus({ store: engine.store, name: options.corpus, ...(options.signal ? { signal: options.signal } : {}) });
  if (!engine.store.listCorpora().some((c) => c.name === options.corpus)) {
    const builtin = listBuiltinCorpora().map((c) => c.name);
    throw new InvalidInputError(
      `consensus: no corpus named ${JSON.stringify(options.corpus)} (see lyra corpus list${builtin.length ? `; built in: ${builtin.join(', ')}` : ''})`,
      {
        code: 'corpus_not_found',
        details: { corpus: options.corpus },
      },
    );
  }
}

/** Runs the consensus workflow in a new engine task with the configured models, releasing them afterwards. */
export async function runConsensus(options: ConsensusRunOptions): Promise<ConsensusRunResult> {
  // The stance model first: missing weights are an error before any corpus is indexed or page fetched.
  const stance = options.stance ?? buildStanceModel({ config: options.config });
  // The agents plan their own queries (strategy modifiers, follow-ups), as lyra research does: no
  // mechanical mirror or synonym queries, which would triple the pipeline work of every agent query.
  const engine = createEngine(options.config, {
    stance,
    limits: { mirrorQueries: false, synonymQueries: 0 },
    ...(options.store ? { store: options.store } : {}),
    ...(options.events ? { events: options.events } : {}),
  });
  try {
    await checkCorpus(engine, options);
    const names = resolveConsensusProviders({ ...options, store: engine.store });
    const providers = consensusAgentProviders(options.config, names, options.corpus);
    const task = await engine.createTask({
      question: options.topic,
      providers: providers.map((p) => p.name),
      ...(options.budget ? { budget: options.budget } : {}),
    });
    // The engine's own embedding model (one encoder per process); a caller's model when one is handed in.
    const embedding = typeof options.embedding === 'object' ? options.embedding : options.embedding === true ? engine.embeddingModel() : undefined;
    const workflow = new ConsensusResearchEngine(
      { ...options.engine, searchConfig: { ...DEFAULT_CONFIG.searchConfig, ...options.engine?.searchConfig, providers: providers.map((p) => p.name) } },
      {
        judge: engine,
        ...(embedding ? { embedding } : {}),
        // WordNet's other names of the subject, as research relevance reads them (workflows/consensus/topic-reading.ts).
        thesaurus: engine.thesaurus,
        agents: { engine, taskId: task.id, providers, thesaurus: engine.thesaurus },
      },
    );
    if (options.onEvent) for (const t of EVENT_TYPES) workflow.on(t, options.onEvent);
    const result = await workflow.research(options.topic, options.signal ? { signal: options.signal } : {});
    return { ...result, taskId: task.id };
  } finally {
    await engine.close();
  }
}
