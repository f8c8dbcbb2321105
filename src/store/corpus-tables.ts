// Local corpora: documents plus an FTS5 index ranked by BM25 (title weighted over body).
import { InvalidInputError, type CorpusDocument, type CorpusHit, type CorpusInfo, type TrustLevel } from '../core/index.js';
import { type Db, compact, opt } from './db.js';
import { ftsIndexText, ftsMatchExpression, ftsQueryTerms, snippetAround } from './fts-text.js';

/** BM25 column weights: a term in the title counts this many times a term in the body. */
export const TITLE_WEIGHT = 2;
/** Largest page of search results. */
export const MAX_CORPUS_LIMIT = 1000;

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
  db.run('INSERT INTO corpora (name, created_at, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET updated_at = excluded.updated_at', name, now, now);
}

export function upsertCorpusDocuments(db: Db, docs: CorpusDocument[]): { inserted: number; updated: number; unchanged: number } {
  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  const now = new Date().toISOString();
  const touched = new Set<string>();
  for (const d of docs) {
    if (!d.corpus.trim() || !d.id.trim()) throw new InvalidInputError(`corpus document needs a corpus name and an id (got ${JSON.stringify({ corpus: d.corpus, id: d.id })})`, { code: 'invalid_document' });
    if (!touched.has(d.corpus)) {
      touchCorpus(db, d.corpus, now);
      touched.add(d.corpus);
    }
    const existing = db.get<{ rowid: number; content_hash: string }>('SELECT rowid, content_hash FROM corpus_docs WHERE corpus = ? AND doc_id = ?', d.corpus, d.id);
    if (existing && existing.content_hash === d.contentHash) {
      counts.unchanged++;
      continue;
    }
    let rowid: number;
    if (existing) {
      db.run('UPDATE corpus_docs SET title = ?, text = ?, url = ?, published_at = ?, origin = ?, content_hash = ? WHERE rowid = ?', d.title, d.text, d.url ?? null, d.publishedAt ?? null, d.origin ?? null, d.contentHash, existing.rowid);
      db.run('DELETE FROM corpus_fts WHERE rowid = ?', existing.rowid);
      rowid = existing.rowid;
      counts.updated++;
    } else {
      const res = db.run('INSERT INTO corpus_docs (corpus, doc_id, title, text, url, published_at, origin, content_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', d.corpus, d.id, d.title, d.text, d.url ?? null, d.publishedAt ?? null, d.origin ?? null, d.contentHash);
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
  return compact({ corpus: r.corpus, id: r.doc_id, title: r.title, text: r.text, url: opt(r.url), publishedAt: opt(r.published_at), origin: opt(r.origin), contentHash: r.content_hash });
}

export function getCorpusDocument(db: Db, corpus: string, id: string): CorpusDocument | undefined {
  const r = db.get<DocRow>('SELECT rowid, * FROM corpus_docs WHERE corpus = ? AND doc_id = ?', corpus, id);
  return r ? docFromRow(r) : undefined;
}

/** Ids and hashes of a corpus's documents from one origin (a file), to find removed entries on re-add. */
export function listCorpusDocumentIds(db: Db, corpus: string, origin?: string): string[] {
  const rows = origin === undefined
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
    ftsMatchExpression(terms), options.corpus ?? null, options.corpus ?? null, options.limit,
  );
  return rows.map((r) => ({
    corpus: r.corpus,
    id: r.doc_id,
    title: r.title,
    url: opt(r.url),
    snippet: snippetAround(r.text, terms),
    // FTS5's bm25() is negative, more negative = better; flip it so higher is better.
    score: -r.rank,
  }));
}

export function listCorpora(db: Db): CorpusInfo[] {
  return db
    .all<{ name: string; created_at: string; updated_at: string; n: number; trust_level: string | null }>(
      'SELECT c.name, c.created_at, c.updated_at, c.trust_level, (SELECT COUNT(*) FROM corpus_docs d WHERE d.corpus = c.name) AS n FROM corpora c ORDER BY c.name',
    )
    .map((r) => compact({ name: r.name, documents: r.n, trustLevel: opt(r.trust_level) as TrustLevel | undefined, createdAt: r.created_at, updatedAt: r.updated_at }));
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
