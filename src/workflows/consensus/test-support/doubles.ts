// Small deterministic doubles for the consensus tests: a stance model (usable as the engine's model and
// as the workflow's judge, Engine.judge) and an in-memory evidence engine. Test support only; nothing in the workflow imports this file.
import {
  InvalidInputError,
  NonRetryableError,
  throwIfAborted,
  type BudgetView,
  type EngineWarning,
  type SearchOptions,
  type SearchOutcome,
  type SourceText,
  type SourceType,
  type SourceView,
  type StanceJudge,
  type StanceJudgement,
  type StanceModel,
  type StancePair,
  type TrustLevel,
} from '../../../core/index.js';
import { classifySourceType } from '../../../policy/index.js';
import type { EvidenceEngine } from '../adapters.js';
import type { AgentReport, AgentStrategy, SourceReference } from '../types.js';

const NEGATION = /\b(?:not|no|never)\b|ない|ません/;

/**
 * Judges "refutes" when exactly one side is negated and they share a content word, else neutral;
 * `refutes` is the contradiction probability it reports. Records every pair it was asked.
 */
export function negationStance(options: { refutes?: number } = {}): StanceModel & StanceJudge & { pairs: StancePair[] } {
  const refutes = options.refutes ?? 0.8;
  const pairs: StancePair[] = [];
  const words = (s: string): Set<string> => new Set(s.toLowerCase().match(/[a-z]{4,}/g) ?? []);
  return {
    name: 'negation-double',
    stanceModelName: () => 'negation-double',
    pairs,
    judge: async (batch) => {
      pairs.push(...batch);
      return batch.map((p): StanceJudgement => {
        const shared = [...words(p.claim)].some((w) => words(p.passage).has(w));
        const contra = shared && NEGATION.test(p.claim) !== NEGATION.test(p.passage);
        const rest = (1 - refutes) / 2;
        return contra
          ? { stance: 'refutes', confidence: refutes, scores: { supports: rest, refutes, neutral: rest }, decisiveSentence: p.passage }
          : { stance: 'neutral', confidence: 0.8, scores: { supports: 0.1, refutes: 0.1, neutral: 0.8 }, decisiveSentence: p.passage };
      });
    },
  };
}

/** A fixed judgement for every pair. */
export function fixedStance(judgement: Omit<StanceJudgement, 'decisiveSentence'>): StanceModel & StanceJudge {
  return {
    name: 'fixed-double',
    stanceModelName: () => 'fixed-double',
    judge: async (batch) => batch.map((p) => ({ ...judgement, decisiveSentence: p.passage })),
  };
}

export interface MemoryDoc {
  url: string;
  title: string;
  text: string;
  publishedAt?: string;
  /** The engine's page type (papers from a scholarly provider are `academic_paper`); default by URL. */
  sourceType?: SourceType;
}

/** LOW for corpus documents, ACADEMIC for *.edu, UNVERIFIED otherwise (as a domain policy would say). */
export function testTrustLevel(url: string): TrustLevel {
  if (url.startsWith('corpus://')) return 'LOW';
  if (/\.edu\//.test(url)) return 'ACADEMIC';
  return 'UNVERIFIED';
}

function rankDocs(docs: readonly MemoryDoc[], query: string, limit: number): MemoryDoc[] {
  const q = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return docs
    .map((d, i) => ({ d, i, n: q.filter((w) => `${d.title} ${d.text}`.toLowerCase().includes(w)).length }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .slice(0, limit)
    .map(({ d }) => d);
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

const BUDGET: BudgetView = {
  maxPages: 1000,
  pagesUsed: 0,
  pagesLeft: 1000,
  maxQueries: 1000,
  queriesUsed: 0,
  queriesLeft: 1000,
  maxSeconds: 3600,
  secondsUsed: 0,
  secondsLeft: 3600,
  exhausted: false,
};

export interface MemoryEngine extends EvidenceEngine {
  /** Every search asked: the task, the query and the providers named. */
  searches: Array<{ taskId: string; query: string; providers: string[] }>;
  /** Page ids read, in order. */
  reads: string[];
}

/**
 * An engine over in-memory documents: each provider ranks its documents by how many query words they
 * contain (ties: list order); a `down` provider fails with its message, and a search whose every
 * provider is down ends `failed` with a query warning, as the pipeline's does; `failing` pages cannot be
 * read. Pages are keyed by URL.
 */
export function memoryEngine(options: { providers: Record<string, MemoryDoc[]>; down?: Record<string, string>; failing?: string[] }): MemoryEngine {
  const searches: MemoryEngine['searches'] = [];
  const reads: string[] = [];
  const pages = new Map<string, MemoryDoc>();
  for (const docs of Object.values(options.providers)) for (const d of docs) pages.set(d.url, d);
  const view = (d: MemoryDoc): SourceView => {
    const trustLevel = testTrustLevel(d.url);
    return {
      pageId: d.url,
      url: d.url,
      domain: hostnameOf(d.url),
      title: d.title,
      trustLevel,
      sourceType: d.sourceType ?? (/^https?:/.test(d.url) ? classifySourceType(d.url) : 'other'),
      primary: trustLevel === 'ACADEMIC',
      ...(d.publishedAt ? { publishedAt: d.publishedAt } : {}),
    };
  };
  return {
    searches,
    reads,
    search: async (taskId, query, opts: SearchOptions = {}): Promise<SearchOutcome> => {
      throwIfAborted(opts.signal);
      const names = opts.providers ?? Object.keys(options.providers);
      searches.push({ taskId, query, providers: names });
      const at = '2025-01-01T00:00:00.000Z';
      const warnings: EngineWarning[] = [];
      const found: MemoryDoc[] = [];
      for (const name of names) {
        const down = options.down?.[name];
        if (down) warnings.push({ source: name, category: 'retryable', code: 'provider_failed', message: down, target: query, at });
        else found.push(...rankDocs(options.providers[name] ?? [], query, opts.maxPages ?? 100));
      }
      const failed = names.length > 0 && names.every((n) => options.down?.[n]);
      if (failed)
        warnings.push({
          source: 'query',
          category: 'retryable',
          code: 'query_failed',
          message: warnings.map((w) => `${w.source}: ${w.message}`).join('; '),
          target: query,
          at,
        });
      const sources = [...new Map(found.map((d) => [d.url, view(d)])).values()];
      return {
        taskId,
        queryId: `q${searches.length}`,
        query,
        sentQueries: [query],
        status: failed ? 'failed' : 'done',
        resultsFound: found.length,
        newPages: sources.length,
        pagesFetched: sources.length,
        fragments: 0,
        usefulFragments: 0,
        harvestRate: 0,
        novelty: 0,
        duplicateRate: 0,
        satisfaction: 'partial',
        hasPrimarySource: false,
        claims: [],
        sources,
        unread: [],
        budget: BUDGET,
        warnings,
      };
    },
    readSource: (_taskId, pageId): SourceText => {
      reads.push(pageId);
      if (options.failing?.includes(pageId)) throw new NonRetryableError(`readSource: ${pageId} has no text (failed)`, { code: 'source_unreadable' });
      const d = pages.get(pageId);
      if (!d) throw new InvalidInputError(`readSource: no page ${pageId}`, { code: 'page_not_found' });
      return { source: view(d), text: d.text };
    },
  };
}

export const TEST_STRATEGY: AgentStrategy = {
  agentId: 1,
  queryModifiers: ['公式'],
  preferredSources: ['official'],
  timeRange: 'all',
  maxResultsPerAgent: 10,
};

/** A report with given claims, sources and content, for scorer tests. */
export function makeReport(options: {
  id: string;
  agentId?: number;
  content?: string;
  sources?: SourceReference[];
  claims?: Array<{ text: string; sourceUrl: string; publishedAt?: string }>;
}): AgentReport {
  return {
    agentId: options.agentId ?? 1,
    reportId: options.id,
    content: options.content ?? '',
    sources: options.sources ?? [],
    strategy: TEST_STRATEGY,
    generatedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 0,
    ...(options.claims ? { claims: options.claims } : {}),
  };
}
