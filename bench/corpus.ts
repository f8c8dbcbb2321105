// npm run bench:corpus — local corpus provider: ingest throughput on 10,000 short real documents
// (Climate-FEVER Wikipedia sentences and Check-COVID abstract sentences, one per document) through
// `ingestCorpus` into a real SQLite file, query latency, and Check-COVID retrieval quality
// (gold abstract in the top 5 for train and dev claims), with peak RSS.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TextExtractor } from '../src/core/index.js';
import { createCorpusSearchProvider, ingestCorpus } from '../src/sources/index.js';
import { openStore } from '../src/store/index.js';
import { sharedDataPath } from '../src/test-support/shared-data.js';

const TARGET_DOCS = 10_000;
const climate = sharedDataPath('climate-fever/climate-fever.jsonl');
const covid = sharedDataPath('check-covid/corpus.json');
for (const p of [climate, covid]) {
  if (!existsSync(p)) {
    console.log(`bench:corpus skipped: missing ${p} (../shared/data is not part of a user's clone)`);
    process.exit(0);
  }
}
let peakRss = process.memoryUsage().rss;
const sample = (): void => void (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const noExtractor: TextExtractor = { extract: () => Promise.reject(new Error('JSONL only')) };

const sentences: Array<{ title: string; text: string }> = [];
for (const line of readFileSync(climate, 'utf8').split('\n').filter(Boolean)) {
  for (const e of (JSON.parse(line) as { evidences: Array<{ article: string; evidence: string }> }).evidences)
    sentences.push({ title: e.article, text: e.evidence });
}
const abstracts = readFileSync(covid, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { cord_id: string; title: string; abstract: string[] });
for (const a of abstracts) for (const s of a.abstract) sentences.push({ title: a.title, text: s });
const docs = sentences.slice(0, TARGET_DOCS).map((s, i) => JSON.stringify({ id: `d${i}`, title: s.title, text: s.text }));

const dir = mkdtempSync(join(tmpdir(), 'lyra-bench-corpus-'));
try {
  const file = join(dir, 'docs.jsonl');
  writeFileSync(file, `${docs.join('\n')}\n`);
  const store = openStore({ path: join(dir, 'lyra.db') });
  const t0 = performance.now();
  const report = await ingestCorpus({ store, extractor: noExtractor, name: 'bench', paths: [file], onProgress: sample });
  const ingestMs = performance.now() - t0;
  sample();
  const t1 = performance.now();
  const again = await ingestCorpus({ store, extractor: noExtractor, name: 'bench', paths: [file] });
  const reingestMs = performance.now() - t1;

  const provider = createCorpusSearchProvider({ store, corpus: 'bench' });
  const queries = sentences.slice(0, 500).map((s) => s.text);
  const t2 = performance.now();
  for (const q of queries) await provider.search({ query: q, limit: 10 });
  const queryMs = (performance.now() - t2) / queries.length;

  // Retrieval quality on the real Check-COVID corpus (abstracts as documents).
  await ingestCorpus({ store, extractor: noExtractor, name: 'check-covid', paths: [covid] });
  const cc = createCorpusSearchProvider({ store, corpus: 'check-covid' });
  const recall = async (split: string): Promise<[number, number]> => {
    const claims = readFileSync(sharedDataPath(`check-covid/${split}/covidCheck_${split}_composed+extracted.json`), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { claim: string; cord_id: string });
    let hit = 0;
    for (const c of claims) if ((await cc.search({ query: c.claim, limit: 5 })).some((h) => h.id === c.cord_id)) hit++;
    return [hit, claims.length];
  };
  const [trainHit, trainN] = await recall('train');
  const [devHit, devN] = await recall('dev');
  sample();
  store.close();

  const rows: Array<[string, string]> = [
    [
      'documents ingested',
      `${report.inserted} (${(ingestMs / 1000).toFixed(2)} s, ${Math.round(report.inserted / (ingestMs / 1000))} docs/s; target: 10,000 in < 60 s)`,
    ],
    [
      're-ingest unchanged',
      `${again.unchanged} skipped in ${(reingestMs / 1000).toFixed(2)} s (${(ingestMs / reingestMs).toFixed(1)}x faster than the first ingest)`,
    ],
    ['query latency', `${queryMs.toFixed(2)} ms mean over ${queries.length} sentence queries, top 10`],
    ['Check-COVID train recall@5', `${trainHit}/${trainN} = ${((100 * trainHit) / trainN).toFixed(1)} %`],
    ['Check-COVID dev recall@5', `${devHit}/${devN} = ${((100 * devHit) / devN).toFixed(1)} %`],
    ['peak RSS', `${(peakRss / 2 ** 20).toFixed(0)} MiB`],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log('bench:corpus — local corpus provider (SQLite FTS5: BM25 top 50 re-ranked by tf-idf, norm^0.6)');
  for (const [k, v] of rows) console.log(`  ${k.padEnd(w)}  ${v}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
