// The corpus index on PostgreSQL: a tsvector per document (title weight A, body weight D, over the
// same prepared text as FTS5 gets: CJK bigrams, fts-text.ts) with a GIN index, the `english`
// configuration's Snowball stems in place of FTS5's Porter stems, ts_rank candidates, and a table of
// document frequencies per lexeme for the shared tf-idf re-rank. Term frequencies come from the stored
// tsvector, whose position lists PostgreSQL caps at 256 per lexeme (FTS5 reads up to RERANK_MAX_CHARS).
import type { CorpusIndex, DocRow } from '../corpus-index.js';
import { TITLE_WEIGHT } from '../corpus-index.js';
import { ftsIndexText } from '../fts-text.js';

/** Text search configuration of the index and of queries. */
export const PG_TS_CONFIG = 'english';
/** ts_rank weights {D, C, B, A}: a title match counts TITLE_WEIGHT times a body match, as in FTS5's BM25 column weights. */
const RANK_WEIGHTS = `{${1 / TITLE_WEIGHT}, 0, 0, 1}`;

/** A PostgreSQL array literal of strings. */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

export const pgCorpusIndex: CorpusIndex = {
  add(db, rowid, title, text) {
    db.run(
      `UPDATE corpus_docs SET tsv = setweight(to_tsvector('${PG_TS_CONFIG}', ?), 'A') || setweight(to_tsvector('${PG_TS_CONFIG}', ?), 'D') WHERE rowid = ?`,
      ftsIndexText(title),
      ftsIndexText(text),
      rowid,
    );
    db.run(
      `INSERT INTO corpus_terms (term, df) SELECT lexeme, 1 FROM unnest((SELECT tsv FROM corpus_docs WHERE rowid = ?))
       ON CONFLICT (term) DO UPDATE SET df = corpus_terms.df + 1`,
      rowid,
    );
  },
  remove(db, rowid) {
    db.run('UPDATE corpus_terms t SET df = t.df - 1 FROM unnest((SELECT tsv FROM corpus_docs WHERE rowid = ?)) u WHERE t.term = u.lexeme', rowid);
    db.run('DELETE FROM corpus_terms WHERE df <= 0');
    db.run("UPDATE corpus_docs SET tsv = '' WHERE rowid = ?", rowid);
  },
  candidates(db, terms, options) {
    // Terms are letters and digits only (ftsQueryTerms), so joined by " or " they are a safe websearch query.
    return db.all<DocRow>(
      `SELECT d.rowid, d.corpus, d.doc_id, d.title, d.text, d.url, d.published_at, d.origin, d.content_hash
       FROM corpus_docs d, websearch_to_tsquery('${PG_TS_CONFIG}', ?) q
       WHERE d.tsv @@ q AND (?::text IS NULL OR d.corpus = ?)
       ORDER BY ts_rank('${RANK_WEIGHTS}', d.tsv, q) DESC, d.rowid LIMIT ?`,
      terms.join(' or '),
      options.corpus ?? null,
      options.corpus ?? null,
      options.limit,
    );
  },
  termStats(db, rows, terms) {
    const ids = `{${rows.map((r) => r.rowid).join(',')}}`;
    const tf = new Map<number, Map<string, number>>();
    for (const t of db.all<{ rowid: number; lexeme: string; weights: string[] | string }>(
      'SELECT d.rowid, u.lexeme, u.weights FROM corpus_docs d, unnest(d.tsv) u WHERE d.rowid = ANY(?::bigint[])',
      ids,
    )) {
      let m = tf.get(t.rowid);
      if (!m) tf.set(t.rowid, (m = new Map()));
      const weights = Array.isArray(t.weights) ? t.weights : t.weights.replace(/[{}]/g, '').split(',');
      let f = 0;
      for (const w of weights) f += w === 'A' ? TITLE_WEIGHT : 1;
      m.set(t.lexeme, f);
    }
    const queryTerms = db.all<{ lexeme: string }>(`SELECT lexeme FROM unnest(to_tsvector('${PG_TS_CONFIG}', ?))`, terms.join(' ')).map((r) => r.lexeme);
    const lexemes = [...new Set([...queryTerms, ...[...tf.values()].flatMap((m) => [...m.keys()])])];
    const df = new Map<string, number>();
    for (const r of db.all<{ term: string; df: number }>('SELECT term, df FROM corpus_terms WHERE term = ANY(?::text[])', pgTextArray(lexemes)))
      df.set(r.term, r.df);
    const n = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM corpus_docs')?.n ?? 0;
    return { tf, queryTerms, df, n };
  },
};
