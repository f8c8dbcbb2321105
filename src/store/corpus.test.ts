// Corpus documents and the full-text index on both backends (FTS5; tsvector + GIN): BM25 ranking, Japanese bigrams, re-add semantics.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CorpusDocument } from '../core/index.js';
import { contentHash } from '../core/index.js';
import { LENGTH_NORM } from './corpus-tables.js';
import { ftsQueryTerms, openStore } from './index.js';
import { backendTest } from '../test-support/store-backends.js';

const doc = (id: string, title: string, text: string, corpus = 'c1'): CorpusDocument => ({ corpus, id, title, text, contentHash: contentHash(title + text) });

backendTest('BM25 ranks the document that matches more and rarer terms first, English with stemming', (b) => {
  const store = b.open();
  {
    store.upsertCorpusDocuments([
      doc('d1', 'Masks and transmission', 'Face masks reduced transmission of respiratory viruses in households.'),
      doc('d2', 'Vitamin D', 'Vitamin D supplementation did not reduce infections in adults.'),
      doc('d3', 'Hand washing', 'Hand washing reduces transmission in schools.'),
    ]);
    const hits = store.searchCorpus('Do face masks reduce viral transmission?', { limit: 5 });
    assert.equal(hits[0]?.id, 'd1');
    assert.ok(
      hits.some((h) => h.id === 'd3'),
      'stemmed "reduce"/"transmission" also matches d3',
    );
    assert.ok(hits[0]!.score > hits[1]!.score);
    assert.match(hits[0]!.snippet, /masks/i);
  }
});

backendTest('Japanese text is found through character bigrams', (b) => {
  const store = b.open();
  {
    store.upsertCorpusDocuments([
      doc('ja1', '気候変動と農業', '気候変動は農業生産性に大きな影響を与える。'),
      doc('ja2', '医療', '新しいワクチンの有効性が確認された。'),
    ]);
    assert.deepEqual(
      store.searchCorpus('農業生産性', { limit: 5 }).map((h) => h.id),
      ['ja1'],
    );
    assert.deepEqual(
      store.searchCorpus('ワクチン', { limit: 5 }).map((h) => h.id),
      ['ja2'],
    );
    assert.deepEqual(ftsQueryTerms('農業 the masks'), ['農業', 'masks']);
  }
});

backendTest('a single letter is searched only as a modifier after a word (vitamin D), never alone (Is X true?) (issue 32 item 6)', (b) => {
  assert.deepEqual(ftsQueryTerms('Is X true?'), ['true']);
  assert.deepEqual(ftsQueryTerms('Does vitamin D prevent COVID-19?'), ['vitamin', 'd', 'prevent', 'covid', '19']);
  assert.deepEqual(ftsQueryTerms('hepatitis B and a vaccine'), ['hepatitis', 'b', 'vaccine']);
  assert.deepEqual(ftsQueryTerms('X'), ['x'], 'alone, the letter is the query');
  const store = b.open();
  store.upsertCorpusDocuments([
    doc('math', 'Modular inverse', 'An integer x such that a x is congruent to 1; x times x equals x squared.'),
    doc('claim', 'Fact checks', 'Whether the claim is true was checked against three sources.'),
  ]);
  assert.deepEqual(
    store.searchCorpus('Is X true?', { limit: 5 }).map((h) => h.id),
    ['claim'],
  );
});

backendTest('re-adding skips unchanged documents and updates changed ones; corpora are listed and removed', (b) => {
  const store = b.open();
  {
    assert.deepEqual(store.upsertCorpusDocuments([doc('a', 'A', 'alpha text'), doc('b', 'B', 'beta text')]), { inserted: 2, updated: 0, unchanged: 0 });
    assert.deepEqual(store.upsertCorpusDocuments([doc('a', 'A', 'alpha text'), doc('b', 'B', 'gamma text')]), { inserted: 0, updated: 1, unchanged: 1 });
    assert.deepEqual(store.searchCorpus('beta', { limit: 5 }), [], 'the old text is gone from the index');
    assert.deepEqual(
      store.searchCorpus('gamma', { limit: 5 }).map((h) => h.id),
      ['b'],
    );
    store.upsertCorpusDocuments([doc('x', 'X', 'alpha in another corpus', 'c2')]);
    assert.deepEqual(
      store.searchCorpus('alpha', { corpus: 'c2', limit: 5 }).map((h) => h.id),
      ['x'],
    );
    assert.deepEqual(
      store.listCorpora().map((c) => [c.name, c.documents]),
      [
        ['c1', 2],
        ['c2', 1],
      ],
    );
    assert.equal(store.removeCorpus('c1'), 2);
    assert.deepEqual(
      store.searchCorpus('alpha', { limit: 5 }).map((h) => h.id),
      ['x'],
    );
    assert.throws(() => store.searchCorpus('x', { limit: 0 }), /limit must be an integer/);
  }
});

backendTest('a corpus can carry a trust level for its URL-less documents', (b) => {
  const store = b.open();
  {
    store.upsertCorpusDocuments([doc('a', 'A', 'alpha')]);
    assert.equal(store.listCorpora()[0]?.trustLevel, undefined);
    store.setCorpusTrustLevel('c1', 'ACADEMIC');
    assert.equal(store.listCorpora()[0]?.trustLevel, 'ACADEMIC');
    store.setCorpusTrustLevel('c1', undefined);
    assert.equal(store.listCorpora()[0]?.trustLevel, undefined);
    assert.throws(() => store.setCorpusTrustLevel('nope', 'LOW'), /no corpus named "nope"/);
  }
});

backendTest('BM25 candidates are re-ranked by tf-idf (sqrt tf, 1 + ln(N/df), title tokens twice, norm ** LENGTH_NORM)', (b) => {
  const store = b.open();
  {
    store.upsertCorpusDocuments([doc('d1', 'Zeta', 'alpha beta'), doc('d2', 'Eta', 'gamma')]);
    // d1's tokens: "zeta" twice (title), alpha, beta; each has df 1 of N = 2, so idf = 1 + ln 2 for all.
    // score = sqrt(1) * idf^2 / norm ** 0.6, norm = sqrt((2 + 1 + 1) * idf^2) = 2 * idf.
    const idf = 1 + Math.log(2);
    const [hit] = store.searchCorpus('alpha', { limit: 5 });
    assert.equal(hit?.id, 'd1');
    assert.equal(LENGTH_NORM, 0.6);
    assert.ok(Math.abs(hit!.score - idf ** 2 / (2 * idf) ** LENGTH_NORM) < 1e-9, `score ${hit?.score}`);
    // A short abstract about the query outranks a long one that uses its words in passing.
    const filler = Array.from({ length: 40 }, (_, i) => `topic${i} finding${i}`).join(' ');
    store.upsertCorpusDocuments([
      doc('long', 'Nutrition survey', `Vitamin levels and infection history were recorded among other items. ${filler}`),
      doc('short', 'Vitamin D and infection', 'Vitamin D supplements lowered respiratory infection rates.'),
    ]);
    assert.deepEqual(
      store.searchCorpus('Does vitamin D prevent infection?', { limit: 5 }).map((h) => h.id),
      ['short', 'long'],
    );
  }
});

test('search re-ranks on a read-only store too (its scratch tables are TEMP)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-corpus-ro-'));
  try {
    const path = join(dir, 'lyra.db');
    const writer = openStore({ path });
    writer.upsertCorpusDocuments([
      doc('ja1', '気候変動と農業', '気候変動は農業生産性に大きな影響を与える。'),
      doc('en1', 'Masks', 'Face masks reduce transmission.'),
    ]);
    writer.close();
    const reader = openStore({ path, readonly: true });
    try {
      assert.deepEqual(
        reader.searchCorpus('農業生産性', { limit: 5 }).map((h) => h.id),
        ['ja1'],
      );
      assert.deepEqual(
        reader.searchCorpus('do masks reduce transmission', { limit: 5 }).map((h) => h.id),
        ['en1'],
      );
    } finally {
      reader.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the re-rank's memo of candidates' terms gives a fresh connection's scores, re-reads a changed document and sees another connection's writes", () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-corpus-memo-'));
  const path = join(dir, 'lyra.db');
  const a = openStore({ path });
  const b = openStore({ path });
  const scores = (store: typeof a, q: string): string[] => store.searchCorpus(q, { limit: 10 }).map((h) => `${h.id} ${h.score.toFixed(12)}`);
  try {
    a.upsertCorpusDocuments([doc('d1', 'Zeta', 'alpha beta'), doc('d2', 'Eta', 'gamma alpha'), doc('d3', 'Theta', 'alpha delta delta')]);
    const first = scores(a, 'alpha delta');
    assert.deepEqual(scores(a, 'alpha delta'), first, 'read again from the memo');
    assert.deepEqual(scores(b, 'alpha delta'), first, 'as a connection that never read them');
    // Changed through this connection: d3 no longer holds "delta" and falls behind.
    a.upsertCorpusDocuments([doc('d3', 'Theta', 'alpha epsilon')]);
    const changed = scores(a, 'alpha delta');
    assert.notDeepEqual(changed, first);
    assert.deepEqual(scores(b, 'alpha delta'), changed);
    // Another connection adds documents holding "alpha": its document frequency, and every score, moves here too.
    b.upsertCorpusDocuments([doc('d4', 'Iota', 'alpha'), doc('d5', 'Kappa', 'alpha zeta')]);
    const afterB = scores(a, 'alpha delta');
    assert.notDeepEqual(afterB, changed);
    const fresh = openStore({ path, readonly: true });
    try {
      assert.deepEqual(afterB, scores(fresh, 'alpha delta'));
    } finally {
      fresh.close();
    }
  } finally {
    a.close();
    b.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
