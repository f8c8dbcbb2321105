// npm run bench:corpus — local corpus provider: ingest throughput on 10,000 short real documents
// (Climate-FEVER Wikipedia sentences and Check-COVID abstract sentences, one per document) through
// `ingestCorpus` into a real SQLite file, query latency, and Check-COVID retrieval quality
// (gold abstract in the top 5 and MRR@10 for train and dev claims, BM25 alone and the hybrid ranking in
// the same run), with peak RSS.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { EmbeddingModel, TextExtractor } from '../src/core/index.js';
import {
  createMemoryVectorCache,
  createRetrievalEncoder,
  createShippedEncoder,
  createTransformersEmbeddingModel,
  RETRIEVAL_ENCODER_ID,
  withVectorCache,
} from '../src/models/embedding/index.js';
import { createCorpusSearchProvider, ingestCorpus } from '../src/sources/index.js';
import { openStore } from '../src/store/index.js';
import { sharedDataPath } from '../src/test-support/shared-data.js';
import { exitUnlessShared } from './lib/shared-data.js';

// --previous DIR: a models folder holding an earlier minilm-retrieval-en (a copy taken before retraining),
// measured in the same run beside the shipped one. --dev-only: the dev claims alone (the train claims are the
// retrieval encoder's training pairs). Fitting the mix's weight (DENSE_WEIGHT) on claims no encoder was
// trained on: --models DIR reads DIR's minilm-retrieval-en instead of the shipped one (an encoder trained
// with scripts/retrieval/train_retrieval.py --holdout F), --holdout F keeps of the train claims only those
// it held out (the same rule), --weights 1,2,3 adds the hybrid at each weight and --pools 50,100 at each
// size of BM25's pool the encoder re-reads.
const { values: args } = parseArgs({
  options: {
    previous: { type: 'string' },
    'dev-only': { type: 'boolean', default: false },
    models: { type: 'string' },
    holdout: { type: 'string' },
    weights: { type: 'string' },
    pools: { type: 'string' },
  },
});
const holdout = args.holdout === undefined ? undefined : Number(args.holdout);
const weights = (args.weights ?? '').split(',').filter(Boolean).map(Number);
const pools = (args.pools ?? '').split(',').filter(Boolean).map(Number);
if (
  (holdout !== undefined && !(holdout > 0 && holdout < 1)) ||
  weights.some((w) => !(w >= 0)) ||
  pools.some((n) => !(Number.isInteger(n) && n >= 1 && n <= 1000))
) {
  console.error('bench:corpus: --holdout takes a fraction in (0, 1), --weights non-negative numbers (1,2,3), --pools whole numbers from 1 to 1000');
  process.exit(2);
}
/** Whether a train abstract was held out by train_retrieval.py --holdout F: sha1(cord_id) mod 1000 < F × 1000. */
const heldOut = (cordId: string): boolean =>
  holdout === undefined || BigInt(`0x${createHash('sha1').update(cordId).digest('hex')}`) % 1000n < BigInt(Math.round(holdout * 1000));
const TARGET_DOCS = 10_000;
const climate = sharedDataPath('climate-fever/climate-fever.jsonl');
const covid = sharedDataPath('check-covid/corpus.json');
exitUnlessShared('bench:corpus', [climate, covid]);
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

function encoderIn(modelsDir: string): EmbeddingModel {
  const dir = resolve(modelsDir);
  if (!existsSync(join(dir, RETRIEVAL_ENCODER_ID))) {
    console.error(`bench:corpus: ${dir} holds no ${RETRIEVAL_ENCODER_ID} folder`);
    process.exit(2);
  }
  return createTransformersEmbeddingModel({ modelId: RETRIEVAL_ENCODER_ID, modelsDir: dir, dtype: 'q8' });
}

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

  // Retrieval quality on the real Check-COVID corpus (abstracts as documents): BM25 alone (corpus.ranking:
  // bm25), the hybrid ranking as shipped (the default: BM25's best 50 re-ordered with the retrieval encoder's
  // cosine, models/minilm-retrieval-en) and the same with the published encoder it was fine-tuned from
  // (minilm-en, shipped before it), each encoder's vectors kept in memory as the vector cache keeps them.
  await ingestCorpus({ store, extractor: noExtractor, name: 'check-covid', paths: [covid] });
  const dense = (model: EmbeddingModel, passages = true) => ({ encoder: withVectorCache(model, createMemoryVectorCache()), passages });
  const previous: Record<string, ReturnType<typeof createCorpusSearchProvider>> = args.previous
    ? {
        'hybrid, previous encoder, lead only': createCorpusSearchProvider({
          store,
          corpus: 'check-covid',
          dense: dense(encoderIn(args.previous), false),
        }),
        'hybrid, previous encoder': createCorpusSearchProvider({ store, corpus: 'check-covid', dense: dense(encoderIn(args.previous)) }),
      }
    : {};
  const retrieval = (): EmbeddingModel => (args.models ? encoderIn(args.models) : createRetrievalEncoder());
  // The weights share one encoder and cache: the vectors are computed once, the mix again for each weight.
  const weighed = dense(retrieval());
  const rankers: Record<string, ReturnType<typeof createCorpusSearchProvider>> = {
    bm25: createCorpusSearchProvider({ store, corpus: 'check-covid' }),
    ...previous,
    'hybrid, published minilm-en': createCorpusSearchProvider({ store, corpus: 'check-covid', dense: dense(createShippedEncoder()) }),
    'hybrid, lead only': createCorpusSearchProvider({ store, corpus: 'check-covid', dense: dense(retrieval(), false) }),
    hybrid: createCorpusSearchProvider({ store, corpus: 'check-covid', dense: weighed }),
    ...Object.fromEntries(
      weights.map((w) => [`hybrid, weight ${w}`, createCorpusSearchProvider({ store, corpus: 'check-covid', dense: { ...weighed, weight: w } })]),
    ),
    ...Object.fromEntries(
      pools.map((n) => [`hybrid, pool ${n}`, createCorpusSearchProvider({ store, corpus: 'check-covid', dense: { ...weighed, pool: n } })]),
    ),
  };
  // Each split's claims, read once for every ranking.
  const claimsOf = (split: string): Array<{ claim: string; cord_id: string }> =>
    readFileSync(sharedDataPath(`check-covid/${split}/covidCheck_${split}_composed+extracted.json`), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { claim: string; cord_id: string })
      .filter((c) => split !== 'train' || heldOut(c.cord_id));
  const claimsBySplit = { train: claimsOf('train'), dev: claimsOf('dev') };
  const quality = async (ranker: string, split: 'train' | 'dev'): Promise<{ top5: number; mrr10: number; n: number; ms: number }> => {
    const claims = claimsBySplit[split];
    let top5 = 0;
    let mrr = 0;
    const t = performance.now();
    for (const c of claims) {
      const at = (await rankers[ranker]!.search({ query: c.claim, limit: 10 })).findIndex((h) => h.id === c.cord_id);
      if (at >= 0 && at < 5) top5++;
      if (at >= 0) mrr += 1 / (at + 1);
      sample();
    }
    return { top5: top5 / claims.length, mrr10: mrr / claims.length, n: claims.length, ms: (performance.now() - t) / claims.length };
  };
  // Train first under hybrid: its searches read every abstract once (cold); dev's then find them cached (warm).
  const splits = args['dev-only'] ? (['dev'] as const) : (['train', 'dev'] as const);
  const q: Record<string, Partial<Record<'train' | 'dev', Awaited<ReturnType<typeof quality>>>>> = {};
  for (const r of Object.keys(rankers)) {
    q[r] = {};
    for (const split of splits) q[r][split] = await quality(r, split);
  }
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
    ...splits.flatMap(
      (split): Array<[string, string]> =>
        Object.keys(rankers).map((r) => {
          const m = q[r]![split]!;
          const base = q.bm25![split]!;
          return [
            `Check-COVID ${split === 'train' && holdout !== undefined ? 'train, held out' : split} (${m.n} claims), ${r}`,
            `recall@5 ${m.top5.toFixed(3)} (${(m.top5 / base.top5).toFixed(3)}× bm25), MRR@10 ${m.mrr10.toFixed(3)}, ${m.ms.toFixed(1)} ms per query`,
          ];
        }),
    ),
    ['peak RSS', `${(peakRss / 2 ** 20).toFixed(0)} MiB`],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(
    'bench:corpus — local corpus provider (SQLite FTS5: BM25 top 50 re-ranked by tf-idf, norm^0.6; hybrid: that top 50 re-ordered with the retrieval encoder’s cosine, the best of the lead’s and its 600-character passages’ (lead only: the lead’s alone, as before passages) (all-MiniLM-L6-v2 fine-tuned on the train claims’ abstracts, none of them a dev claim’s), 2 CPU threads)',
  );
  for (const [k, v] of rows) console.log(`  ${k.padEnd(w)}  ${v}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
