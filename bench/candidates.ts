// npm run bench:candidates — the graph phase's candidate evidence (pipeline/graph/candidates.ts): how often
// a claim's gold evidence sentence is among the K fragments the judge is given. Two sets, the sentences as
// the fragments, every claim against all of them (harder than a run, where a task holds only the pages
// it read):
//   Check-COVID dev: 207 claims over the 3,459 sentences of the 347 abstracts (gold: the evidence
//     sentences of the claim's abstract);
//   Climate-FEVER: 1,061 claims over their 5,240 evidence sentences (gold: those labelled SUPPORTS or
//     REFUTES; evaluation only, no encoder was trained on it).
// Rankers, in the same run: the words alone (the IDF-weighted share of the claim's terms), and the words'
// shortlist of K × factor re-ranked by the mean of that share and an encoder's cosine (as shipped:
// minilm-en, factor SHORTLIST_FACTOR), for each encoder and factor asked for. Prints the evidence in the
// top K, MRR@K, the gold abstract among them (Check-COVID), ratios against the words alone, texts embedded
// per second and peak RSS.
//   npm run bench:candidates [-- --factors 4,16 --encoders minilm-en,retrieval-en --k 8 --limit N]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { EmbeddingModel, Fragment } from '../src/core/index.js';
import { createMemoryVectorCache, createRetrievalEncoder, createShippedEncoder, withVectorCache } from '../src/models/embedding/index.js';
import {
  type CandidateIndex,
  type CandidateRequest,
  DEFAULT_GRAPH_LIMITS,
  indexFragments,
  SHORTLIST_FACTOR,
  selectCandidates,
} from '../src/pipeline/graph/index.js';
import { sharedDataPath } from '../src/test-support/shared-data.js';
import { exitUnlessShared } from './lib/shared-data.js';

const { values: args } = parseArgs({
  options: {
    factors: { type: 'string', default: `${SHORTLIST_FACTOR},16` },
    encoders: { type: 'string', default: 'minilm-en,retrieval-en' },
    k: { type: 'string', default: String(DEFAULT_GRAPH_LIMITS.candidatesPerClaim) },
    limit: { type: 'string' },
  },
});
const ENCODERS: Record<string, () => EmbeddingModel> = { 'minilm-en': createShippedEncoder, 'retrieval-en': createRetrievalEncoder };
const factors = args.factors.split(',').filter(Boolean).map(Number);
const encoders = args.encoders.split(',').filter(Boolean);
const k = Number(args.k);
const limit = args.limit === undefined ? Infinity : Number(args.limit);
if (
  factors.some((f) => !(Number.isInteger(f) && f >= 1 && f <= 64)) ||
  encoders.some((e) => !ENCODERS[e]) ||
  !(Number.isInteger(k) && k >= 1) ||
  !(limit >= 1)
) {
  console.error(`bench:candidates: --factors takes whole numbers 1–64, --encoders ${Object.keys(ENCODERS).join(',')}, --k and --limit whole numbers ≥ 1`);
  process.exit(2);
}
const covidDir = sharedDataPath('check-covid');
const climate = sharedDataPath('climate-fever/climate-fever.jsonl');
exitUnlessShared('bench:candidates', [covidDir, climate]);
const jsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

interface Query {
  claim: string;
  gold: ReadonlySet<string>;
  /** The page whose fragments count as the gold document (Check-COVID), or undefined. */
  goldPage?: string;
}
interface BenchSet {
  name: string;
  fragments: Fragment[];
  queries: Query[];
}

const fragment = (id: string, pageId: string, text: string): Fragment => ({ id, pageId, text, locator: { paragraph: 0 }, quotable: true });

function checkCovid(): BenchSet {
  const corpus = jsonl<{ cord_id: string; abstract: string[] }>(`${covidDir}/corpus.json`);
  const fragments = corpus.flatMap((d) => d.abstract.map((s, i) => fragment(`${d.cord_id}:${i}`, d.cord_id, s)));
  const queries = jsonl<{ claim: string; cord_id: string; evidence_set?: Array<{ sent_index: number }> }>(
    `${covidDir}/dev/covidCheck_dev_composed+extracted.json`,
  )
    .filter((c) => (c.evidence_set ?? []).length > 0)
    .map((c) => ({ claim: c.claim, gold: new Set(c.evidence_set!.map((e) => `${c.cord_id}:${e.sent_index}`)), goldPage: c.cord_id }));
  return { name: 'Check-COVID dev', fragments, queries: queries.slice(0, limit) };
}

function climateFever(): BenchSet {
  const fragments: Fragment[] = [];
  const seen = new Set<string>();
  const queries: Query[] = [];
  for (const r of jsonl<{ claim: string; evidences: Array<{ evidence_id: string; evidence: string; article: string; evidence_label: string }> }>(climate)) {
    const gold = new Set<string>();
    for (const e of r.evidences) {
      if (!seen.has(e.evidence_id)) {
        seen.add(e.evidence_id);
        fragments.push(fragment(e.evidence_id, e.article, e.evidence));
      }
      if (e.evidence_label === 'SUPPORTS' || e.evidence_label === 'REFUTES') gold.add(e.evidence_id);
    }
    if (gold.size > 0) queries.push({ claim: r.claim, gold });
  }
  return { name: 'Climate-FEVER', fragments, queries: queries.slice(0, limit) };
}

let peakRss = process.memoryUsage().rss;
const sample = (): void => void (peakRss = Math.max(peakRss, process.memoryUsage().rss));

interface Row {
  ranker: string;
  hit: number;
  mrr: number;
  goldPage: number;
  embedded: number;
  seconds: number;
}

/** A set's index and requests, built once and read by every ranker. */
interface Prepared {
  index: CandidateIndex;
  requests: CandidateRequest[];
}

const prepare = (set: BenchSet): Prepared => ({
  index: indexFragments(set.fragments),
  requests: set.queries.map((q, i) => ({ claimId: `q${i}`, statement: q.claim, excludePages: new Set<string>(), k })),
});

async function measure(set: BenchSet, { index, requests }: Prepared, ranker: string, encoder?: EmbeddingModel, factor?: number): Promise<Row> {
  let embedded = 0;
  const counted: EmbeddingModel | undefined = encoder && {
    name: encoder.name,
    dimensions: encoder.dimensions,
    embed: (texts, options) => {
      embedded += texts.length;
      return encoder.embed(texts, options);
    },
  };
  const t = performance.now();
  const found = await selectCandidates({
    index,
    requests,
    minRelevance: DEFAULT_GRAPH_LIMITS.minCandidateRelevance,
    ...(counted ? { embedding: counted } : {}),
    ...(factor ? { shortlistFactor: factor } : {}),
  });
  const seconds = (performance.now() - t) / 1000;
  sample();
  let hit = 0;
  let mrr = 0;
  let goldPage = 0;
  set.queries.forEach((q, i) => {
    const list = found.get(`q${i}`) ?? [];
    const at = list.findIndex((c) => q.gold.has(c.fragmentId));
    if (at >= 0) {
      hit++;
      mrr += 1 / (at + 1);
    }
    if (q.goldPage && list.some((c) => c.fragmentId.startsWith(`${q.goldPage}:`))) goldPage++;
  });
  const n = set.queries.length;
  return { ranker, hit: hit / n, mrr: mrr / n, goldPage: goldPage / n, embedded, seconds };
}

const started = performance.now();
console.log(
  `bench:candidates — the graph phase's candidate evidence: a gold evidence sentence among the top ${k} (K, pipeline.graph.candidates_per_claim), every claim over every sentence of its set; words: the IDF-weighted share of the claim's terms; an encoder: the words' shortlist of K × factor re-ranked by the mean of that share and its cosine (shipped: minilm-en, factor ${SHORTLIST_FACTOR}); least relevance ${DEFAULT_GRAPH_LIMITS.minCandidateRelevance}; 2 CPU threads`,
);
for (const set of [checkCovid(), climateFever()]) {
  const prepared = prepare(set);
  const rows: Row[] = [await measure(set, prepared, 'words alone')];
  for (const name of encoders) {
    // One encoder and vector cache per set: each text is embedded once, whatever the factor.
    const encoder = withVectorCache(ENCODERS[name]!(), createMemoryVectorCache());
    for (const f of factors)
      rows.push(await measure(set, prepared, `${name}, factor ${f}${name === 'minilm-en' && f === SHORTLIST_FACTOR ? ' (shipped)' : ''}`, encoder, f));
  }
  console.log(`\n${set.name}: ${set.queries.length} claims, ${set.fragments.length} sentences`);
  const base = rows[0]!;
  const w = Math.max(...rows.map((r) => r.ranker.length));
  for (const r of rows) {
    const gold = set.queries.some((q) => q.goldPage) ? `, gold abstract among them ${r.goldPage.toFixed(3)}` : '';
    const speed =
      r.embedded > 0 ? `, ${r.embedded} texts embedded (${Math.round(r.embedded / r.seconds)}/s; a later factor finds the earlier ones' vectors cached)` : '';
    console.log(
      `  ${r.ranker.padEnd(w)}  evidence in top ${k} ${r.hit.toFixed(3)} (${(r.hit / base.hit).toFixed(3)}× words), MRR@${k} ${r.mrr.toFixed(3)}${gold}${speed}`,
    );
  }
}
console.log(`\npeak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB; ${((performance.now() - started) / 1000).toFixed(0)} s`);
