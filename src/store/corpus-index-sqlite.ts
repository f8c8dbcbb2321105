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

/**
 * Term entries (document × term) the per-connection memo of candidates' term frequencies keeps; past it
 * the documents read longest ago go. A research run's searches re-rank the same documents again and again
 * (the README quick start: about 115 re-ranks of 50 candidates): tokenizing them and reading their terms'
 * document frequencies every time took 9 of its 60 seconds. 400,000 entries are some 30 MB.
 */
export const TF_MEMO_TERMS = 400_000;
/** Terms whose document frequency the memo keeps; past it, it starts over. */
export const DF_MEMO_TERMS = 200_000;

interface RerankMemo {
  /** rowid → the document's term frequencies, valid while its content hash and title are these. */
  tf: Map<number, { hash: string; title: string; terms: Map<string, number> }>;
  tfTerms: number;
  /** Document frequencies over the index as it was at `stamp`. */
  df: Map<string, number>;
  stamp: string;
}

const memos = new WeakMap<Db, RerankMemo>();
/** Writes to the index through this connection (add, remove): another connection's show in data_version. */
const ownWrites = new WeakMap<Db, number>();

/** The index's state as this connection can tell it cheaply: another connection's commits and its own writes. */
function indexStamp(db: SqliteDb): string {
  return `${String(db.raw.pragma('data_version', { simple: true }))}:${ownWrites.get(db) ?? 0}`;
}

function memoOf(db: SqliteDb): RerankMemo {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = { tf: new Map(), tfTerms: 0, df: new Map(), stamp: '' }));
  const stamp = indexStamp(db);
  if (memo.stamp !== stamp) {
    memo.df.clear();
    memo.stamp = stamp;
  }
  return memo;
}

function remember(memo: RerankMemo, rowid: number, entry: { hash: string; title: string; terms: Map<string, number> }): void {
  const old = memo.tf.get(rowid);
  if (old) {
    memo.tf.delete(rowid);
    memo.tfTerms -= old.terms.size;
  }
  memo.tf.set(rowid, entry);
  memo.tfTerms += entry.terms.size;
  for (const [id, e] of memo.tf) {
    if (memo.tfTerms <= TF_MEMO_TERMS) break;
    memo.tf.delete(id);
    memo.tfTerms -= e.terms.size;
  }
}

function bumpWrites(db: Db): void {
  ownWrites.set(db, (ownWrites.get(db) ?? 0) + 1);
}

export const sqliteCorpusIndex: CorpusIndex = {
  add(db, rowid, title, text) {
    bumpWrites(db);
    db.run('INSERT INTO corpus_fts (rowid, title, body) VALUES (?, ?, ?)', rowid, ftsIndexText(title), ftsIndexText(text));
  },
  remove(db, rowid) {
    bumpWrites(db);
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
    const memo = memoOf(db);
    // Each row's remembered terms, when the document is the one remembered; only the query and the
    // documents not read before go through the scratch table.
    const kept = rows.map((r) => {
      const e = memo.tf.get(r.rowid);
      return e && e.hash === r.content_hash && e.title === r.title ? e.terms : undefined;
    });
    const unread = rows.filter((_, i) => kept[i] === undefined);
    const scratch = db.raw.transaction(() => {
      db.run('DELETE FROM temp.corpus_rerank');
      db.run('INSERT INTO temp.corpus_rerank (rowid, title, body) VALUES (?, ?, ?)', QUERY_ROW, '', terms.join(' '));
      for (const r of unread)
        db.run(
          'INSERT INTO temp.corpus_rerank (rowid, title, body) VALUES (?, ?, ?)',
          r.rowid,
          ftsIndexText(r.title),
          ftsIndexText(r.text.slice(0, RERANK_MAX_CHARS)),
        );
      return {
        // Raw rows counted in JS: several times faster than GROUP BY over the virtual table.
        tokens: db.stmt('SELECT doc, col, term FROM temp.corpus_rerank_tokens').raw().all() as Array<[number, string, string]>,
        n: db.get<{ n: number }>('SELECT COUNT(*) AS n FROM corpus_docs')?.n ?? 0,
      };
    })();
    const read = new Map<number, Map<string, number>>();
    for (const [doc, col, term] of scratch.tokens) {
      let m = read.get(doc);
      if (!m) read.set(doc, (m = new Map()));
      m.set(term, (m.get(term) ?? 0) + (col === 'title' ? TITLE_WEIGHT : 1));
    }
    const queryTerms = [...(read.get(QUERY_ROW)?.keys() ?? [])];
    for (const r of unread) remember(memo, r.rowid, { hash: r.content_hash, title: r.title, terms: read.get(r.rowid) ?? new Map() });
    const tf = new Map<number, Map<string, number>>();
    rows.forEach((r, i) => tf.set(r.rowid, kept[i] ?? read.get(r.rowid) ?? new Map()));
    // Document frequencies of every term the scores read (a document's norm reads all of its terms).
    if (memo.df.size > DF_MEMO_TERMS) memo.df.clear();
    const lookup = db.stmt('SELECT doc FROM temp.corpus_fts_terms WHERE term = ?').pluck();
    const df = new Map<string, number>();
    const need = (term: string): void => {
      if (df.has(term)) return;
      let d = memo.df.get(term);
      if (d === undefined) memo.df.set(term, (d = (lookup.get(term) as number | undefined) ?? 0));
      df.set(term, d);
    };
    for (const t of queryTerms) need(t);
    for (const m of tf.values()) for (const t of m.keys()) need(t);
    return { tf, queryTerms, df, n: scratch.n };
  },
};
