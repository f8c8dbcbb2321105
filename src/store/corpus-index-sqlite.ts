// The corpus index on SQLite: an FTS5 table (rowid = corpus_docs.rowid) holding the prepared text
// (CJK bigrams, fts-text.ts), BM25 candidates, and fts5vocab tables for the re-rank's statistics.
import { NonRetryableError } from '../core/index.js';
import type { CorpusIndex, DocRow } from './corpus-index.js';
import { RERANK_MAX_CHARS, TITLE_WEIGHT } from './corpus-index.js';
import { SqliteDb, type Db } from './db.js';
import { ftsIndexText, ftsMatchExpression } from './fts-text.js';

function sqlite(db: Db): SqliteDb {
  if (!(db instanceof SqliteDb)) throw new NonRetryableError(`store ${db.path}: the FTS5 corpus index needs SQLite`, { code: 'store_dialect' });
  return db;
}

const rerankReady = new WeakSet<Db>();

/**
 * Per-connection TEMP tables: a scratch FTS5 table with the corpus index's own tokenizer (read from
 * its schema, so stems always agree) to tokenize candidates and the query, its per-token view, and
 * the corpus index's document frequencies. TEMP objects also work on read-only connections.
 */
function ensureRerankTables(db: SqliteDb): void {
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

/** Row id of the query in the scratch table; corpus_docs row ids start at 1. */
const QUERY_ROW = 0;

export const sqliteCorpusIndex: CorpusIndex = {
  add(db, rowid, title, text) {
    db.run('INSERT INTO corpus_fts (rowid, title, body) VALUES (?, ?, ?)', rowid, ftsIndexText(title), ftsIndexText(text));
  },
  remove(db, rowid) {
    db.run('DELETE FROM corpus_fts WHERE rowid = ?', rowid);
  },
  candidates(db, terms, options) {
    return db.all<DocRow>(
      `SELECT d.* FROM corpus_fts JOIN corpus_docs d ON d.rowid = corpus_fts.rowid
       WHERE corpus_fts MATCH ? AND (? IS NULL OR d.corpus = ?)
       ORDER BY bm25(corpus_fts, ${TITLE_WEIGHT}, 1.0), d.rowid LIMIT ?`,
      ftsMatchExpression(terms),
      options.corpus ?? null,
      options.corpus ?? null,
      options.limit,
    );
  },
  termStats(anyDb, rows, terms) {
    const db = sqlite(anyDb);
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
    const tf = new Map<number, Map<string, number>>();
    for (const [doc, col, term] of scratch.tokens) {
      let m = tf.get(doc);
      if (!m) tf.set(doc, (m = new Map()));
      m.set(term, (m.get(term) ?? 0) + (col === 'title' ? TITLE_WEIGHT : 1));
    }
    const queryTerms = [...(tf.get(QUERY_ROW)?.keys() ?? [])];
    tf.delete(QUERY_ROW);
    return { tf, queryTerms, df: new Map(scratch.df), n: scratch.n };
  },
};
