// The corpus full-text index behind corpus-tables.ts, one per backend (FTS5 on SQLite, tsvector + GIN on
// PostgreSQL), and the re-rank both share: tf-idf similarity of each candidate with the query.
import type { Db } from './db.js';

/** Index column weights: a term in the title counts this many times a term in the body. */
export const TITLE_WEIGHT = 2;
/** Largest page of search results. */
export const MAX_CORPUS_LIMIT = 1000;
/** Index candidates re-ranked per search (more when the caller asks for more results). */
export const RERANK_POOL = 50;
/**
 * Characters of a hit's `lead` (its title and the opening of its text): what a sentence encoder reads of
 * the document (the shipped encoder keeps 2,000 characters of an input).
 */
export const CORPUS_LEAD_CHARS = 2_000;

/** A document's lead: its title and the opening of its text, CORPUS_LEAD_CHARS in all. */
export function corpusLead(title: string, text: string): string {
  return `${title} ${text.slice(0, CORPUS_LEAD_CHARS)}`.slice(0, CORPUS_LEAD_CHARS);
}
/**
 * Characters of a hit's `text`: the opening that corpus search's passages cover (sources/corpus/passages.ts;
 * eight passages of about 600 characters). Text past it is read by BM25 alone.
 */
export const CORPUS_PASSAGES_CHARS = 4_800;

/** A hit's `text`: the opening of a document's text, CORPUS_PASSAGES_CHARS, that its passages are cut from. */
export function corpusPassageText(text: string): string {
  return text.slice(0, CORPUS_PASSAGES_CHARS);
}
/** Characters of a candidate's text read when re-ranking, so one huge document cannot stall a search. */
export const RERANK_MAX_CHARS = 50_000;
/**
 * Exponent of the document vector's norm in the re-rank score: 1 is plain cosine, which buries long
 * documents (a full article under one-sentence ones); 0.6 keeps most of cosine's gain on abstracts
 * (chosen on Check-COVID dev claims) while a long, on-topic article still ranks first.
 */
export const LENGTH_NORM = 0.6;

export interface DocRow {
  rowid: number;
  corpus: string;
  doc_id: string;
  title: string;
  text: string;
  url: string | null;
  published_at: string | null;
  origin: string | null;
  content_hash: string;
  /** Absent in rows read by a search's own column list. */
  fields_json?: string | null;
}

/** What the re-rank needs: each candidate's term frequencies (title tokens weighted), the query's terms, document frequencies. */
export interface TermStats {
  /** rowid → term → frequency, title occurrences counted TITLE_WEIGHT times. */
  tf: Map<number, Map<string, number>>;
  /** The query's terms as the index tokenizes them (stems). */
  queryTerms: string[];
  /** Documents in the whole index holding each term. */
  df: Map<string, number>;
  /** Documents in the whole index. */
  n: number;
}

export interface CorpusIndex {
  add(db: Db, rowid: number, title: string, text: string): void;
  remove(db: Db, rowid: number): void;
  /** Documents matching any term, best first by the index's own rank (BM25 or ts_rank), ties by rowid. */
  candidates(db: Db, terms: readonly string[], options: { corpus?: string; limit: number }): DocRow[];
  termStats(db: Db, rows: readonly DocRow[], terms: readonly string[]): TermStats;
}

/**
 * tf-idf similarity of each candidate with the query: document term weight sqrt(tf) * idf (title
 * tokens count TITLE_WEIGHT times), query term weight idf, idf = 1 + ln(N / df) over the whole index,
 * dot product divided by the document vector's norm ** LENGTH_NORM. Unlike BM25's token-count length
 * normalisation, the idf-weighted norm favours abstracts whose rare vocabulary is about the query
 * over ones that also cover many other specific topics.
 */
export function rerankScores(rows: readonly DocRow[], stats: TermStats): Map<number, number> {
  // Every candidate term is in the index (same text, same tokenizer); a query term that is not matches no candidate.
  const idf = (term: string): number => 1 + Math.log(Math.max(stats.n, 1) / Math.max(stats.df.get(term) ?? 1, 1));
  const out = new Map<number, number>();
  for (const r of rows) {
    // A candidate whose title and text hold no token has a zero vector: score 0.
    const m = stats.tf.get(r.rowid) ?? new Map<string, number>();
    let norm = 0;
    for (const [term, f] of m) norm += f * idf(term) ** 2;
    let dot = 0;
    for (const term of stats.queryTerms) {
      const f = m.get(term);
      if (f) dot += Math.sqrt(f) * idf(term) ** 2;
    }
    out.set(r.rowid, norm > 0 ? dot / norm ** (LENGTH_NORM / 2) : 0);
  }
  return out;
}
