// Local corpora: documents plus an FTS5 index. Search takes the BM25 top candidates (title weighted
// over body) and re-ranks them by tf-idf similarity normalised by each document's idf-weighted length.
import { InvalidInputError, NonRetryableError, type CorpusDocument, type CorpusHit, type CorpusInfo, type TrustLevel } from '../core/index.js';
import { type Db, compact, opt } from './db.js';
import { ftsIndexText, ftsMatchExpression, ftsQueryTerms, snippetAround } from './fts-text.js';

/** BM25 column weights: a term in the title counts this many times a term in the body. */
export const TITLE_WEIGHT = 2;
/** Largest page of search results. */
export const MAX_CORPUS_LIMIT = 1000;
/** BM25 candidates re-ranked per search (more when the caller asks for more results). */
export const RERANK_POOL = 50;
/** Characters of a candidate's text read when re-ranking, so one huge document cannot stall a search. */
export const RERANK_MAX_CHARS = 50_000;

interface DocRow {
  rowid: number;
  corpus: string;
  doc_id: string;
  title: string;
  text: string;
  url: string | null;
  published_at: string | null;
  origin: string | null;
  content_hash: string;
}

function touchCorpus(db: Db, name: string, now: string): void {
  db.run(
    'INSERT INTO corpora (name, created_at, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET updated_at = excluded.updated_at',
    name,
    now,
    now,
  );
}

export function upsertCorpusDocuments(db: Db, docs: CorpusDocument[]): { inserted: number; updated: number; unchanged: number } {
  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  const now = new Date().toISOString();
  const touched = new Set<string>();
  for (const d of docs) {
    if (!d.corpus.trim() || !d.id.trim())
      throw new InvalidInputError(`corpus document needs a corpus name and an id (got ${JSON.stringify({ corpus: d.corpus, id: d.id })})`, {
        code: 'invalid_document',
      });
    if (!touched.has(d.corpus)) {
      touchCorpus(db, d.corpus, now);
      touched.add(d.corpus);
    }
    const existing = db.get<{ rowid: number; content_hash: string }>(
      'SELECT rowid, content_hash FROM corpus_docs WHERE corpus = ? AND doc_id = ?',
      d.corpus,
      d.id,
    );
    if (existing && existing.content_hash === d.contentHash) {
      counts.unchanged++;
      continue;
    }
    let rowid: number;
    if (existing) {
      db.run(
        'UPDATE corpus_docs SET title = ?, text = ?, url = ?, published_at = ?, origin = ?, content_hash = ? WHERE rowid = ?',
        d.title,
        d.text,
        d.url ?? null,
        d.publishedAt ?? null,
        d.origin ?? null,
        d.contentHash,
        existing.rowid,
      );
      db.run('DELETE FROM corpus_fts WHERE rowid = ?', existing.rowid);
      rowid = existing.rowid;
      counts.updated++;
    } else {
      const res = db.run(
        'INSERT INTO corpus_docs (corpus, doc_id, title, text, url, published_at, origin, content_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        d.corpus,
        d.id,
        d.title,
        d.text,
        d.url ?? null,
        d.publishedAt ?? null,
        d.origin ?? null,
        d.contentHash,
      );
      rowid = Number(res.lastInsertRowid);
      counts.inserted++;
    }
    db.run('INSERT INTO corpus_fts (rowid, title, body) VALUES (?, ?, ?)', rowid, ftsIndexText(d.title), ftsIndexText(d.text));
  }
  return counts;
}

export function getCorpusDocumentHash(db: Db, corpus: string, id: string): string | undefined {
  return db.get<{ content_hash: string }>('SELECT content_hash FROM corpus_docs WHERE corpus = ? AND doc_id = ?', corpus, id)?.content_hash;
}

function docFromRow(r: DocRow): CorpusDocument {
  return compact({
    corpus: r.corpus,
    id: r.doc_id,
    title: r.title,
    text: r.text,
    url: opt(r.url),
    publishedAt: opt(r.published_at),
    origin: opt(r.origin),
    contentHash: r.content_hash,
  });
}

export function getCorpusDocument(db: Db, corpus: string, id: string): CorpusDocument | undefined {
  const r = db.get<DocRow>('SELECT rowid, * FROM corpus_docs WHERE corpus = ? AND doc_id = ?', corpus, id);
  return r ? docFromRow(r) : undefined;
}

/** Ids and hashes of a corpus's documents from one origin (a file), to find removed entries on re-add. */
export function listCorpusDocumentIds(db: Db, corpus: string, origin?: string): string[] {
  const rows =
    origin === undefined
      ? db.all<{ doc_id: string }>('SELECT doc_id FROM corpus_docs WHERE corpus = ? ORDER BY rowid', corpus)
      : db.all<{ doc_id: string }>('SELECT doc_id FROM corpus_docs WHERE corpus = ? AND origin = ? ORDER BY rowid', corpus, origin);
  return rows.map((r) => r.doc_id);
}

export function removeCorpusDocuments(db: Db, corpus: string, ids: string[]): number {
  let removed = 0;
  for (const id of ids) {
    const row = db.get<{ rowid: number }>('SELECT rowid FROM corpus_docs WHERE corpus = ? AND doc_id = ?', corpus, id);
    if (!row) continue;
    db.run('DELETE FROM corpus_fts WHERE rowid = ?', row.rowid);
    db.run('DELETE FROM corpus_docs WHERE rowid = ?', row.rowid);
    removed++;
  }
  return removed;
}

export function searchCorpus(db: Db, query: string, options: { corpus?: string; limit: number }): CorpusHit[] {
  if (!Number.isInteger(options.limit) || options.limit < 1 || options.limit > MAX_CORPUS_LIMIT) {
    throw new InvalidInputError(`corpus search: limit must be an integer from 1 to ${MAX_CORPUS_LIMIT} (got ${options.limit})`, { code: 'invalid_limit' });
  }
  const terms = ftsQueryTerms(query);
  if (terms.length === 0) return [];
  const rows = db.all<DocRow & { rank: number }>(
    `SELECT d.rowid, d.*, bm25(corpus_fts, ${TITLE_WEIGHT}, 1.0) AS rank
     FROM corpus_fts JOIN corpus_docs d ON d.rowid = corpus_fts.rowid
     WHERE corpus_fts MATCH ? AND (? IS NULL OR d.corpus = ?)
     ORDER BY rank, d.rowid LIMIT ?`,
    ftsMatchExpression(terms),
    options.corpus ?? null,
    options.corpus ?? null,
    Math.max(options.limit, RERANK_POOL),
  );
  const similarity = similarityScores(db, rows, terms);
  // Ties keep the BM25 order (rows are sorted by it).
  const ranked = rows.map((r, i) => ({ r, i, score: similarity.get(r.rowid)! })).sort((a, b) => b.score - a.score || a.i - b.i);
  return ranked.slice(0, options.limit).map(({ r, score }) => ({
    corpus: r.corpus,
    id: r.doc_id,
    title: r.title,
    url: opt(r.url),
    snippet: snippetAround(r.text, terms),
    score,
  }));
}

const rerankReady = new WeakSet<Db>();

/**
 * Per-connection TEMP tables: a scratch FTS5 table with the corpus index's own tokenizer (read from
 * its schema, so stems always agree) to tokenize candidates and the query, its per-token view, and
 * the corpus index's document frequencies. TEMP objects also work on read-only connections.
 */
function ensureRerankTables(db: Db): void {
  if (rerankReady.has(db)) return;
  const sql = db.get<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'corpus_fts'")?.sql ?? '';
  const tokenize = /tokenize\s*=\s*'([^']*)'/.exec(sql)?.[1];
  if (!tokenize)
    throw new NonRetryableError(`store ${db.path}: cannot read the tokenizer of corpus_fts from its schema`, { code: 'store_corrupt', details: { sql } });
  db.raw.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.corpus_rerank USING fts5(title, body, tokenize='${tokenize}');
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.corpus_rerank_tokens USING fts5vocab(temp, corpus_rerank, 'instance');
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.corpus_fts_terms USING fts5vocab(main, corpus_fts, 'row');`);
  rerankReady.add(db);
}

/**
 * Exponent of the document vector's norm in the re-rank score: 1 is plain cosine, which buries long
 * documents (a full article under one-sentence ones); 0.6 keeps most of cosine's gain on abstracts
 * (chosen on Check-COVID dev claims) while a long, on-topic article still ranks first.
 */
export const LENGTH_NORM = 0.6;
/** Row id of the query in the scratch table; corpus_docs row ids start at 1. */
const QUERY_ROW = 0;

/**
 * tf-idf similarity of each candidate with the query: document term weight sqrt(tf) * idf (title
 * tokens count TITLE_WEIGHT times), query term weight idf, idf = 1 + ln(N / df) over the whole index,
 * dot product divided by the document vector's norm ** LENGTH_NORM. Unlike BM25's token-count length
 * normalisation, the idf-weighted norm favours abstracts whose rare vocabulary is about the query
 * over ones that also cover many other specific topics.
 */
function similarityScores(db: Db, rows: ReadonlyArray<{ rowid: number; title: string; text: string }>, terms: readonly string[]): Map<number, number> {
  ensureRerankTables(db);
  const scratch = db.raw.transaction(() => {
    db.run('DELETE FROM temp.corpus_rerank');
    db.run('INSERT INTO temp.corpus_rerank (rowid, title, body) VALUES (?, ?, ?)', QUERY_ROW, '', terms.join(' '));
    for (const r of rows)
      db.run(
        'INSERT INTO temp.corpus_rerank (rowid, title, body) VALUES (?, ?, ?)',
        r.rowid,
        ftsIndexText(r.title),
        ftsIndexText(r.text.slice(0, RERANK_MAX_CHARS)),
      );
    return {
      // Raw rows counted in JS: several times faster than GROUP BY over the virtual table.
      tokens: db.stmt('SELECT doc, col, term FROM temp.corpus_rerank_tokens').raw().all() as Array<[number, string, string]>,
      df: db
        .stmt('SELECT v.term, v.doc FROM (SELECT DISTINCT term FROM temp.corpus_rerank_tokens) t JOIN temp.corpus_fts_terms v ON v.term = t.term')
        .raw()
        .all() as Array<[string, number]>,
      n: db.get<{ n: number }>('SELECT COUNT(*) AS n FROM corpus_docs')?.n ?? 0,
    };
  })();
  const df = new Map(scratch.df);
  // Every candidate term is in the index (same text, same tokenizer); a query term that is not matches no candidate.
  const idf = (term: string): number => 1 + Math.log(Math.max(scratch.n, 1) / Math.max(df.get(term) ?? 1, 1));
  const tf = new Map<number, Map<string, number>>();
  for (const [doc, col, term] of scratch.tokens) {
    let m = tf.get(doc);
    if (!m) tf.set(doc, (m = new Map()));
    m.set(term, (m.get(term) ?? 0) + (col === 'title' ? TITLE_WEIGHT : 1));
  }
  const queryTerms = [...(tf.get(QUERY_ROW)?.keys() ?? [])];
  const out = new Map<number, number>();
  for (const r of rows) {
    // A candidate whose title and text hold no token has a zero vector: score 0.
    const m = tf.get(r.rowid) ?? new Map<string, number>();
    let norm = 0;
    for (const [term, f] of m) norm += f * idf(term) ** 2;
    let dot = 0;
    for (const term of queryTerms) {
      const f = m.get(term);
      if (f) dot += Math.sqrt(f) * idf(term) ** 2;
    }
    out.set(r.rowid, norm > 0 ? dot / norm ** (LENGTH_NORM / 2) : 0);
  }
  return out;
}

export function listCorpora(db: Db): CorpusInfo[] {
  return db
    .all<{ name: string; created_at: string; updated_at: string; n: number; trust_level: string | null }>(
      'SELECT c.name, c.created_at, c.updated_at, c.trust_level, (SELECT COUNT(*) FROM corpus_docs d WHERE d.corpus = c.name) AS n FROM corpora c ORDER BY c.name',
    )
    .map((r) =>
      compact({ name: r.name, documents: r.n, trustLevel: opt(r.trust_level) as TrustLevel | undefined, createdAt: r.created_at, updatedAt: r.updated_at }),
    );
}

export function setCorpusTrustLevel(db: Db, name: string, level: TrustLevel | undefined): void {
  const res = db.run('UPDATE corpora SET trust_level = ? WHERE name = ?', level ?? null, name);
  if (res.changes === 0) throw new InvalidInputError(`no corpus named ${JSON.stringify(name)}`, { code: 'corpus_not_found', details: { name } });
}

/** Removes a corpus and its documents; returns how many documents went. */
export function removeCorpus(db: Db, name: string): number {
  const ids = listCorpusDocumentIds(db, name);
  const removed = removeCorpusDocuments(db, name, ids);
  db.run('DELETE FROM corpora WHERE name = ?', name);
  return removed;
}
