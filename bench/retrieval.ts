// npm run bench:retrieval — corpus retrieval by words, by meaning and both (issue 32): Check-COVID's
// 347 abstracts as the corpus, its train and dev claims as queries, the gold abstract's rank. Rankers,
// all in the same run:
//   bm25         the corpus provider as shipped (SQLite FTS5 BM25 top 50, re-ranked by tf-idf);
//   dense        cosine between the claim and the abstract's best sentence, exact over the corpus, for
//                each encoder (use-lite, the old one; minilm-en, the published one in models/;
//                retrieval-en, its retrieval fine-tune);
//   dense-doc    cosine between the claim and the whole abstract (title and text as one input);
//   hybrid       reciprocal-rank fusion of bm25's top 50 and dense (k = 60, no fitting);
//   shipped      the corpus provider as shipped (corpus.ranking: hybrid): bm25's top 50 re-ordered by
//                score / best + 3 × cosine with the whole-abstract lead (sources/corpus/hybrid-rank.ts), the
//                cosine the retrieval encoder's (models/minilm-retrieval-en, fine-tuned on the train
//                claims' abstracts, none of which a dev claim points to); and the same with the published
//                encoder (minilm-en), shipped before it.
//   rerank-nli   (with --rerank K) the shipped ranking's top K re-ordered by the NLI cross-encoder of
//                models/nli-en: an abstract's score is its most decisive sentence's probability of
//                supporting or refuting the claim (1 − neutral), ties kept in the shipped order; and the
//                same fused with the shipped order (reciprocal rank). Dev split only (the judge's tuning
//                used Check-COVID train claims).
// Prints gold-in-top-1/5/10 and MRR@10 per split, claims/s of each encoder, peak RSS.
//   npm run bench:retrieval [-- --json out.json --limit N --encoders use-lite,minilm-en,retrieval-en --rerank 20]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { EmbeddingModel, TextExtractor } from '../src/core/index.js';
import { createMemoryVectorCache, createRetrievalEncoder, createShippedEncoder, withVectorCache } from '../src/models/embedding/index.js';
import { createUseLiteEmbeddingModel } from './lib/use-lite.js';
import { createNliStanceModel } from '../src/models/transformers/index.js';
import { createCorpusSearchProvider, ingestCorpus } from '../src/sources/index.js';
import { openStore } from '../src/store/index.js';
import { sharedDataPath } from '../src/test-support/shared-data.js';
import { exitUnlessShared } from './lib/shared-data.js';

const { values: args } = parseArgs({
  options: {
    json: { type: 'string' },
    limit: { type: 'string', default: '0' },
    encoders: { type: 'string', default: 'use-lite,minilm-en,retrieval-en' },
    rerank: { type: 'string', default: '0' },
  },
});
const rerankK = Number(args.rerank);
if (!/^\d+$/.test(args.rerank) || !Number.isInteger(rerankK))
  throw new Error(`bench:retrieval: --rerank takes a whole number of candidates (0 = off), got ${JSON.stringify(args.rerank)}`);
const covid = sharedDataPath('check-covid/corpus.json');
exitUnlessShared('bench:retrieval', [covid]);
let peakRss = process.memoryUsage().rss;
const sample = (): void => void (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const abstracts = readFileSync(covid, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { cord_id: string; title: string; abstract: string[] });
const claimsOf = (split: string): Array<{ claim: string; cord_id: string }> => {
  const all = readFileSync(sharedDataPath(`check-covid/${split}/covidCheck_${split}_composed+extracted.json`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { claim: string; cord_id: string });
  const n = Number(args.limit);
  return n > 0 ? all.slice(0, n) : all;
};
const splits = { train: claimsOf('train'), dev: claimsOf('dev') };

type Ranking = string[];
const RRF_K = 60;
function fuse(...rankings: Ranking[]): Ranking {
  const score = new Map<string, number>();
  for (const r of rankings) r.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + 1 / (RRF_K + i + 1)));
  return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}
interface Metrics {
  top1: number;
  top5: number;
  top10: number;
  mrr10: number;
}
function metrics(rankings: Ranking[], gold: string[]): Metrics {
  let top1 = 0;
  let top5 = 0;
  let top10 = 0;
  let mrr = 0;
  rankings.forEach((r, i) => {
    const at = r.indexOf(gold[i]!);
    if (at === 0) top1++;
    if (at >= 0 && at < 5) top5++;
    if (at >= 0 && at < 10) {
      top10++;
      mrr += 1 / (at + 1);
    }
  });
  const n = rankings.length;
  return { top1: top1 / n, top5: top5 / n, top10: top10 / n, mrr10: mrr / n };
}

const dir = mkdtempSync(join(tmpdir(), 'lyra-bench-retrieval-'));
try {
  const store = openStore({ path: join(dir, 'lyra.db') });
  const noExtractor: TextExtractor = { extract: () => Promise.reject(new Error('JSONL only')) };
  await ingestCorpus({ store, extractor: noExtractor, name: 'check-covid', paths: [covid] });
  const provider = createCorpusSearchProvider({ store, corpus: 'check-covid' });
  const bm25: Record<string, Ranking[]> = {};
  for (const [split, claims] of Object.entries(splits)) {
    bm25[split] = [];
    for (const c of claims) bm25[split].push((await provider.search({ query: c.claim, limit: 50 })).map((h) => h.id!));
  }
  // The shipped ranking (corpus.ranking: hybrid): BM25's best 50 re-ordered with the retrieval encoder's
  // cosine; and the same with the published encoder (minilm-en), the ranking shipped before it.
  const hybridOf = async (encoder: EmbeddingModel): Promise<Record<string, Ranking[]>> => {
    const provider = createCorpusSearchProvider({ store, corpus: 'check-covid', dense: { encoder: withVectorCache(encoder, createMemoryVectorCache()) } });
    const out: Record<string, Ranking[]> = {};
    for (const [split, claims] of Object.entries(splits)) {
      out[split] = [];
      for (const c of claims) out[split].push((await provider.search({ query: c.claim, limit: 50 })).map((h) => h.id!));
    }
    return out;
  };
  const hybridShipped = await hybridOf(createRetrievalEncoder());
  const hybridPublished = await hybridOf(createShippedEncoder());
  store.close();
  sample();

  // The cross-encoder over the shipped ranking's top K (dev only): every sentence of each candidate judged.
  const reranked: { nli?: Ranking[]; fused?: Ranking[]; unitsPerSecond?: number; claimsPerSecond?: number } = {};
  if (rerankK > 0) {
    const judge = createNliStanceModel();
    const textOf = new Map(abstracts.map((a) => [a.cord_id, [a.title, ...a.abstract].join(' ')]));
    const t = performance.now();
    let units = 0;
    reranked.nli = [];
    reranked.fused = [];
    for (const [i, c] of splits.dev.entries()) {
      const top = hybridShipped.dev![i]!.slice(0, rerankK);
      const lists = await judge.judgeSentenceLists(top.map((id) => ({ claim: c.claim, passage: textOf.get(id) ?? '' })));
      units += lists.reduce((n, l) => n + l.length, 0);
      const score = lists.map((l) => Math.max(0, ...l.map((s) => 1 - s.probs[2]!)));
      const byNli = top
        .map((id, k) => ({ id, k, s: score[k]! }))
        .sort((a, b) => b.s - a.s || a.k - b.k)
        .map((x) => x.id);
      const rest = hybridShipped.dev![i]!.slice(rerankK);
      reranked.nli.push([...byNli, ...rest]);
      reranked.fused.push([...fuse(top, byNli), ...rest]);
      sample();
    }
    const seconds = (performance.now() - t) / 1000;
    reranked.unitsPerSecond = Math.round(units / seconds);
    reranked.claimsPerSecond = Number((splits.dev.length / seconds).toFixed(2));
  }

  const wanted = new Set(args.encoders.split(',').map((e) => e.trim()));
  const encoders: Array<{ label: string; model: EmbeddingModel }> = [
    { label: 'use-lite', model: createUseLiteEmbeddingModel() },
    { label: 'minilm-en', model: createShippedEncoder() },
    { label: 'retrieval-en', model: createRetrievalEncoder() },
  ].filter((e) => wanted.has(e.label));
  const sentences = abstracts.flatMap((a) => [a.title, ...a.abstract].map((text) => ({ id: a.cord_id, text })));
  const rows: Array<{ ranker: string; split: string } & Metrics> = [];
  for (const [split] of Object.entries(splits)) {
    const gold = splits[split as 'train'].map((c) => c.cord_id);
    rows.push({ ranker: 'bm25', split, ...metrics(bm25[split]!, gold) });
    rows.push({ ranker: 'hybrid, published minilm-en', split, ...metrics(hybridPublished[split]!, gold) });
    rows.push({ ranker: 'shipped hybrid (retrieval-en)', split, ...metrics(hybridShipped[split]!, gold) });
    if (split === 'dev' && reranked.nli && reranked.fused) {
      rows.push({ ranker: `rerank-nli top ${rerankK}`, split, ...metrics(reranked.nli, gold) });
      rows.push({ ranker: `rerank-nli top ${rerankK} + shipped (rrf)`, split, ...metrics(reranked.fused, gold) });
    }
  }
  const speed: Record<string, { sentencesPerSecond: number; claimsPerSecond: number }> = {};
  for (const { label, model } of encoders) {
    await model.embed(['warm up']);
    let t = performance.now();
    const vectors: Float32Array[] = [];
    for (let i = 0; i < sentences.length; i += 256) vectors.push(...(await model.embed(sentences.slice(i, i + 256).map((s) => s.text))));
    const sentencesPerSecond = sentences.length / ((performance.now() - t) / 1000);
    // Whole abstracts too (title and text in one input; the encoder reads its first 512 tokens).
    const docVectors = await model.embed(abstracts.map((a) => [a.title, ...a.abstract].join(' ')));
    sample();
    let claimSeconds = 0;
    let claimCount = 0;
    for (const [split, claims] of Object.entries(splits)) {
      t = performance.now();
      const cv = await model.embed(claims.map((c) => c.claim));
      claimSeconds += (performance.now() - t) / 1000;
      claimCount += claims.length;
      const dense: Ranking[] = cv.map((q) => {
        const best = new Map<string, number>();
        vectors.forEach((v, j) => {
          let dot = 0;
          for (let k = 0; k < v.length; k++) dot += v[k]! * q[k]!;
          const id = sentences[j]!.id;
          if (dot > (best.get(id) ?? -Infinity)) best.set(id, dot);
        });
        return [...best.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
      });
      const gold = claims.map((c) => c.cord_id);
      const denseDoc: Ranking[] = cv.map((q) =>
        docVectors
          .map((v, j) => [abstracts[j]!.cord_id, v.reduce((acc, x, k) => acc + x * q[k]!, 0)] as const)
          .sort((a, b) => b[1] - a[1])
          .map(([id]) => id),
      );
      rows.push({ ranker: `dense ${label}`, split, ...metrics(dense, gold) });
      rows.push({ ranker: `dense-doc ${label}`, split, ...metrics(denseDoc, gold) });
      rows.push({
        ranker: `hybrid bm25+doc ${label}`,
        split,
        ...metrics(
          denseDoc.map((d, i) => fuse(bm25[split]![i]!, d.slice(0, 50))),
          gold,
        ),
      });
      rows.push({
        ranker: `hybrid bm25+${label}`,
        split,
        ...metrics(
          dense.map((d, i) => fuse(bm25[split]![i]!, d.slice(0, 50))),
          gold,
        ),
      });
    }
    speed[label] = { sentencesPerSecond: Math.round(sentencesPerSecond), claimsPerSecond: Math.round(claimCount / claimSeconds) };
    sample();
  }
  console.log(
    `bench:retrieval — Check-COVID: ${abstracts.length} abstracts (${sentences.length} sentences), claims: train ${splits.train.length}, dev ${splits.dev.length}`,
  );
  console.log(`${'ranker'.padEnd(40)}split   top1   top5  top10  MRR@10   top5 vs bm25`);
  for (const r of rows) {
    const base = rows.find((x) => x.ranker === 'bm25' && x.split === r.split)!;
    console.log(
      `${r.ranker.padEnd(40)}${r.split.padEnd(6)}${[r.top1, r.top5, r.top10, r.mrr10].map((x) => x.toFixed(3).padStart(7)).join('')}   ${(r.top5 / base.top5).toFixed(3)}×`,
    );
  }
  for (const [label, s] of Object.entries(speed))
    console.log(`${label}: ${s.sentencesPerSecond} corpus sentences/s, ${s.claimsPerSecond} claims/s (2 CPU threads max)`);
  if (reranked.unitsPerSecond !== undefined)
    console.log(
      `rerank-nli: ${reranked.unitsPerSecond} claim–sentence pairs/s, ${reranked.claimsPerSecond} claims/s (top ${rerankK}, 2 CPU threads max; the peak RSS below includes the NLI model)`,
    );
  console.log(`peak RSS ${Math.round(peakRss / 1048576)} MB`);
  if (args.json)
    writeFileSync(
      args.json,
      `${JSON.stringify({ rows, speed, rerank: rerankK > 0 ? { k: rerankK, unitsPerSecond: reranked.unitsPerSecond, claimsPerSecond: reranked.claimsPerSecond } : null, peakRssMb: Math.round(peakRss / 1048576) }, null, 2)}\n`,
    );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
