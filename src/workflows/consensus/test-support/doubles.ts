// Small deterministic doubles for the consensus tests: a stance model, in-memory search providers
// and a document source. Test support only; nothing in the workflow imports this file.
import type { SearchHit, SearchProvider, StanceJudgement, StanceModel, StancePair } from '../../../core/index.js';
import type { DocumentSource, SourceDocument, TrustFunction } from '../adapters.js';
import type { AgentReport, AgentStrategy, SourceReference } from '../types.js';

const NEGATION = /\b(?:not|no|never)\b|ない|ません/;

/**
 * Judges "refutes" when exactly one side is negated and they share a content word, else neutral;
 * `refutes` is the contradiction probability it reports. Records every pair it was asked.
 */
export function negationStance(options: { refutes?: number } = {}): StanceModel & { pairs: StancePair[] } {
  const refutes = options.refutes ?? 0.8;
  const pairs: StancePair[] = [];
  const words = (s: string): Set<string> => new Set(s.toLowerCase().match(/[a-z]{4,}/g) ?? []);
  return {
    name: 'negation-double',
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
export function fixedStance(judgement: Omit<StanceJudgement, 'decisiveSentence'>): StanceModel {
  return { name: 'fixed-double', judge: async (batch) => batch.map((p) => ({ ...judgement, decisiveSentence: p.passage })) };
}

export interface MemoryDoc {
  url: string;
  title: string;
  text: string;
  publishedAt?: string;
  corpus?: string;
  id?: string;
}

/** Ranks documents by how many query words they contain (ties: list order); records queries. */
export function memorySearch(name: string, docs: MemoryDoc[]): SearchProvider & { queries: string[] } {
  const queries: string[] = [];
  return {
    name,
    queries,
    search: async (req) => {
      queries.push(req.query);
      const q = req.query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      return docs
        .map((d, i) => ({ d, i, n: q.filter((w) => `${d.title} ${d.text}`.toLowerCase().includes(w)).length }))
        .filter((x) => x.n > 0)
        .sort((a, b) => b.n - a.n || a.i - b.i)
        .slice(0, req.limit)
        .map(({ d }, rank): SearchHit => ({
          url: d.url, title: d.title, snippet: d.text.slice(0, 80), score: 1 / (rank + 1), rank: rank + 1, provider: name,
          ...(d.publishedAt ? { publishedAt: d.publishedAt } : {}), ...(d.corpus ? { corpus: d.corpus, id: d.id } : {}),
        }));
    },
  };
}

export function memoryDocuments(docs: MemoryDoc[], options: { failing?: string[] } = {}): DocumentSource & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    read: async (hit): Promise<SourceDocument> => {
      reads.push(hit.url);
      if (options.failing?.includes(hit.url)) throw new Error(`fetch ${hit.url}: HTTP 503`);
      const d = docs.find((x) => x.url === hit.url);
      if (!d) throw new Error(`no document ${hit.url}`);
      return { url: d.url, title: d.title, text: d.text, fetchedAt: '2025-01-01T00:00:00.000Z', ...(d.publishedAt ? { publishedAt: d.publishedAt } : {}) };
    },
  };
}

/** LOW (0.40) for corpus documents, ACADEMIC (0.90) for *.edu, UNVERIFIED (0.30) otherwise. */
export const testTrust: TrustFunction = (s) => {
  if (s.corpus) return { level: 'LOW', score: 0.4 };
  if (/\.edu\//.test(s.url)) return { level: 'ACADEMIC', score: 0.9 };
  return { level: 'UNVERIFIED', score: 0.3 };
};

export const TEST_STRATEGY: AgentStrategy = {
  agentId: 1, queryModifiers: ['公式'], preferredSources: ['official'], timeRange: 'all', maxResultsPerAgent: 10,
};

/** A report with given claims, sources and content, for scorer tests. */
export function makeReport(options: { id: string; agentId?: number; content?: string; sources?: SourceReference[]; claims?: Array<{ text: string; sourceUrl: string; publishedAt?: string }> }): AgentReport {
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
