// Phase 7 step 2, first half: which fragments are candidate evidence for a claim. Every fragment of
// the task is indexed by content terms; a claim's shortlist is the fragments with the highest
// IDF-weighted share of its terms, re-ranked with embedding cosine when a model is configured.
import { cosineSimilarity, throwIfAborted, type EmbeddingModel, type Fragment } from '../../core/index.js';
import { isTitleText } from '../../extract/index.js';
import type { TaskGraph } from '../materials/index.js';
import { contentTerms } from '../materials/index.js';

/** Shortlist per claim before the embedding re-rank, as a multiple of the K finally kept. */
export const SHORTLIST_FACTOR = 4;
/** Relevances are rounded to this many decimals before ranking, so float noise never reorders ties. */
const RELEVANCE_DECIMALS = 6;

export interface CandidateIndex {
  /** Every fragment of the task: pages by URL, then document order. */
  fragments: Fragment[];
  postings: Map<string, number[]>;
  idf(term: string): number;
}

export interface CandidateRequest {
  claimId: string;
  statement: string;
  /** Pages never taken as evidence for this claim (the pages it was extracted from). */
  excludePages: ReadonlySet<string>;
  k: number;
}

export interface Candidate {
  fragmentId: string;
  relevance: number;
}

export function buildCandidateIndex(graph: TaskGraph): CandidateIndex {
  // A page's own title, stored as its first paragraph (a corpus document's heading), states nothing: it is
  // never evidence ("Sleep deprivation and memory: a randomised trial" supported a claim at 0.78).
  return indexFragments(graph.pages.flatMap((p) => (graph.fragmentsByPage.get(p.id) ?? []).filter((f) => !isTitleText(f.text, p.title))));
}

/** The index over these fragments, in this order: postings of their content terms and the terms' IDF. */
export function indexFragments(fragments: Fragment[]): CandidateIndex {
  const postings = new Map<string, number[]>();
  fragments.forEach((f, i) => {
    for (const t of contentTerms(f.text)) {
      const list = postings.get(t);
      if (list) list.push(i);
      else postings.set(t, [i]);
    }
  });
  const n = fragments.length;
  return { fragments, postings, idf: (t) => Math.log(1 + n / Math.max(1, postings.get(t)?.length ?? 0)) };
}

const round = (x: number): number => Math.round(x * 10 ** RELEVANCE_DECIMALS) / 10 ** RELEVANCE_DECIMALS;

/** IDF-weighted share of the claim's terms present in each fragment sharing at least one of them. */
export function lexicalScores(index: CandidateIndex, statement: string, excludePages: ReadonlySet<string>): Map<number, number> {
  const terms = contentTerms(statement);
  const total = terms.reduce((s, t) => s + index.idf(t), 0);
  const scores = new Map<number, number>();
  if (total === 0) return scores;
  for (const t of terms) {
    const w = index.idf(t) / total;
    for (const i of index.postings.get(t) ?? []) {
      if (excludePages.has(index.fragments[i]!.pageId)) continue;
      scores.set(i, (scores.get(i) ?? 0) + w);
    }
  }
  return scores;
}

const byRelevance = (a: Candidate, b: Candidate): number =>
  b.relevance - a.relevance || (a.fragmentId < b.fragmentId ? -1 : a.fragmentId > b.fragmentId ? 1 : 0);

/**
 * The top K candidates of each request with relevance ≥ minRelevance. Relevance is the lexical share,
 * or with embeddings the mean of the lexical share and the (non-negative) cosine of claim and fragment.
 */
export async function selectCandidates(options: {
  index: CandidateIndex;
  requests: CandidateRequest[];
  minRelevance: number;
  embedding?: EmbeddingModel;
  /** The lexical shortlist the embedding re-ranks, as a multiple of K (default SHORTLIST_FACTOR; bench:candidates measures others). */
  shortlistFactor?: number;
  signal?: AbortSignal;
}): Promise<Map<string, Candidate[]>> {
  const { index, requests, minRelevance, embedding, signal } = options;
  const factor = options.shortlistFactor ?? SHORTLIST_FACTOR;
  const shortlists = new Map<string, Array<{ i: number; lex: number }>>();
  for (const r of requests) {
    throwIfAborted(signal);
    const list = [...lexicalScores(index, r.statement, r.excludePages)].map(([i, lex]) => ({ i, lex: round(lex) }));
    list.sort((a, b) => b.lex - a.lex || a.i - b.i);
    shortlists.set(r.claimId, list.slice(0, r.k * factor));
  }
  let vectors: Map<string, Float32Array> | undefined;
  if (embedding) {
    const texts = new Set<string>();
    for (const r of requests) {
      texts.add(r.statement);
      for (const s of shortlists.get(r.claimId) ?? []) texts.add(index.fragments[s.i]!.text);
    }
    const list = [...texts];
    const out = list.length > 0 ? await embedding.embed(list, signal ? { signal } : {}) : [];
    vectors = new Map(list.map((t, j) => [t, out[j]!]));
  }
  const result = new Map<string, Candidate[]>();
  for (const r of requests) {
    const claimVector = vectors?.get(r.statement);
    const ranked: Candidate[] = (shortlists.get(r.claimId) ?? []).map((s) => {
      const f = index.fragments[s.i]!;
      const fragmentVector = vectors?.get(f.text);
      const relevance = claimVector && fragmentVector ? round((s.lex + Math.max(0, cosineSimilarity(claimVector, fragmentVector))) / 2) : s.lex;
      return { fragmentId: f.id, relevance };
    });
    result.set(
      r.claimId,
      ranked
        .filter((c) => c.relevance >= minRelevance)
        .sort(byRelevance)
        .slice(0, r.k),
    );
  }
  return result;
}
