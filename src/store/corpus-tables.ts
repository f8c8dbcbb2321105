// Local corpora: documents plus a full-text index (corpus-index.ts: FTS5 on SQLite, tsvector + GIN on
// PostgreSQL). Search takes the index's top candidates (title weighted over body) and re-ranks them by
// tf-idf similarity normalised by each document's idf-weighted length.
import { InvalidInputError, type CorpusDocument, type CorpusHit, type CorpusInfo, type TrustLevel } from '../core/index.js';
import { MAX_CORPUS_LIMIT, corpusLead, corpusPassageText, RERANK_POOL, rerankScores, type CorpusIndex, type DocRow } from './corpus-index.js';
import { sqliteCorpusIndex } from './corpus-index-sqlite.js';
import { pgCorpusIndex } from './pg/corpus-index-pg.js';
import { type Db, compact, opt, parseJson } from './db.js';
import { ftsQueryTerms, snippetAround } from './fts-text.js';

function corpusIndexFor(db: Db): CorpusIndex {
  return db.dialect === 'postgres' ? pgCorpusIndex : sqliteCorpusIndex;
}

export {
  CORPUS_LEAD_CHARS,
  CORPUS_PASSAGES_CHARS,
  LENGTH_NORM,
  corpusLead,
  corpusPassageText,
  MAX_CORPUS_LIMIT,
  RERANK_MAX_CHARS,
  RERANK_POOL,
  TITLE_WEIGHT,
} from './corpus-index.js';

function touchCorpus(db: Db, name: string, now: string): void {
  db.run(
    'INSERT INTO corpora (name, created_at, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET updated_at = excluded.updated_at',
    name,
    now,
    now,
  );
}

function fieldsJson(d: CorpusDocument): string | null {
  return d.fields && Object.keys(d.fields).length > 0 ? JSON.stringify(d.fields) : null;
}

export function upsertCorpusDocuments(db: Db, docs: CorpusDocument[]): { inserted: number; updated: number; unchanged: number } {
  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  const index = corpusIndexFor(db);
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
        'UPDATE corpus_docs SET title = ?, text = ?, url = ?, published_at = ?, origin = ?, content_hash = ?, fields_json = ? WHERE rowid = ?',
        d.title,
        d.text,
        d.url ?? null,
        d.publishedAt ?? null,
        d.origin ?? null,
        d.contentHash,
        fieldsJson(d),
        existing.rowid,
      );
      index.remove(db, existing.rowid);
      rowid = existing.rowid;
      counts.updated++;
    } else {
      const res = db.get<{ rowid: number }>(
        'INSERT INTO corpus_docs (corpus, doc_id, title, text, url, published_at, origin, content_hash, fields_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING rowid',
        d.corpus,
        d.id,
        d.title,
        d.text,
        d.url ?? null,
        d.publishedAt ?? null,
        d.origin ?? null,
        d.contentHash,
        fieldsJson(d),
      );
      rowid = Number(res!.rowid);
      counts.inserted++;
    }
    index.add(db, rowid, d.title, d.text);
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
    fields: r.fields_json ? parseJson<Record<string, string>>(r.fields_json, `corpus_docs.fields_json (${r.corpus}/${r.doc_id})`) : undefined,
    contentHash: r.content_hash,
  });
}

export function getCorpusDocument(db: Db, corpus: string, id: string): CorpusDocument | undefined {
  const r = db.get<DocRow>('SELECT * FROM corpus_docs WHERE corpus = ? AND doc_id = ?', corpus, id);
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
    corpusIndexFor(db).remove(db, row.rowid);
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
  const index = corpusIndexFor(db);
  const rows = index.candidates(db, terms, {
    ...(options.corpus !== undefined ? { corpus: options.corpus } : {}),
    limit: Math.max(options.limit, RERANK_POOL),
  });
  const similarity = rerankScores(rows, index.termStats(db, rows, terms));
  // Ties keep the BM25 order (rows are sorted by it).
  const ranked = rows.map((r, i) => ({ r, i, score: similarity.get(r.rowid)! })).sort((a, b) => b.score - a.score || a.i - b.i);
  return ranked.slice(0, options.limit).map(({ r, score }) => ({
    corpus: r.corpus,
    id: r.doc_id,
    title: r.title,
    url: opt(r.url),
    snippet: snippetAround(r.text, terms),
    lead: corpusLead(r.title, r.text),
    text: corpusPassageText(r.text),
    score,
  }));
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
