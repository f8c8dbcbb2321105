// npm run bench:merge — near-duplicate claim merging against opposed claims (issue 32, item 5). Check-COVID
// (MIT) writes its claims in minimal pairs: from one abstract, a claim the evidence supports and one it
// refutes, often a word apart ("decreased" / "increased mortality"). Two such claims must never merge:
// merging files one's sources under the other and hides the conflict. Every pair of distinct train and
// dev claims with equal numbers and polarity and a cosine ≥ 0.75 under either encoder is a candidate;
// a candidate is an OPPOSED pair when its two claims share an abstract and one is labelled SUPPORT and the
// other REFUTE, else OTHER (different claims, mostly; a few say the same finding — those the merge
// should keep). Rules, each with and without the opposition guard (extract/claims/opposed.ts, shipped
// inside isSameClaim):
//   words        the fingerprint or Jaccard ≥ 0.8 of content terms (what merges without an encoder);
//   use-lite     words, or USE-lite cosine ≥ 0.92 (the graph phase's default embedding until 2026-11-28);
//   minilm-en    words, or the pretrained encoder's cosine ≥ 0.92 (the default since);
// and, measured beside them, a veto by the NLI judge (models/nli-en): no merge when either direction
// reads refutes ≥ 0.5. Prints merged pairs per rule and class, the guard's cost per pair and peak RSS.
//   npm run bench:merge [-- --json out.json --show 20]
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { claimsOpposed, isSameClaim, normalizeClaim, type NormalizedClaim } from '../src/extract/index.js';
import { cosineSimilarity, createShippedEncoder } from '../src/models/embedding/index.js';
import { createUseLiteEmbeddingModel } from './lib/use-lite.js';
import { createNliStanceModel } from '../src/models/transformers/index.js';
import { sharedDataPath } from '../src/test-support/shared-data.js';
import { exitUnlessShared } from './lib/shared-data.js';

const { values: args } = parseArgs({ options: { json: { type: 'string' }, show: { type: 'string', default: '0' } } });
const dataDir = sharedDataPath('check-covid');
exitUnlessShared('bench:merge', [dataDir]);
let peakRss = process.memoryUsage().rss;
const sample = (): void => void (peakRss = Math.max(peakRss, process.memoryUsage().rss));

interface Row {
  claim: string;
  cord_id: string;
  label: 'SUPPORT' | 'REFUTE' | 'NOTENOUGHINFO';
}
const byText = new Map<string, { text: string; cord: string; labels: Set<string> }>();
for (const split of ['train', 'dev']) {
  for (const line of readFileSync(`${dataDir}/${split}/covidCheck_${split}_composed+extracted.json`, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as Row;
    const text = r.claim.replace(/\s+/g, ' ').trim();
    const entry = byText.get(text) ?? { text, cord: r.cord_id, labels: new Set<string>() };
    entry.labels.add(r.label);
    byText.set(text, entry);
  }
}
const claims = [...byText.values()];
const normalized: NormalizedClaim[] = claims.map((c, i) => normalizeClaim({ text: c.text, source: `check-covid:${i}` }));
const texts = claims.map((c) => c.text);
const encoders = { 'use-lite': createUseLiteEmbeddingModel(), 'minilm-en': createShippedEncoder() };
const vectors: Record<string, Float32Array[]> = {};
const encodeSeconds: Record<string, number> = {};
for (const [name, model] of Object.entries(encoders)) {
  const t0 = performance.now();
  vectors[name] = await model.embed(texts);
  encodeSeconds[name] = (performance.now() - t0) / 1000;
  sample();
}

interface Candidate {
  i: number;
  j: number;
  opposedClass: boolean;
  cos: Record<string, number>;
}
const candidates: Candidate[] = [];
for (let i = 0; i < claims.length; i++) {
  for (let j = i + 1; j < claims.length; j++) {
    const a = normalized[i]!;
    const b = normalized[j]!;
    if (a.negated !== b.negated || a.numbers.join() !== b.numbers.join()) continue;
    const cos = {
      'use-lite': cosineSimilarity(vectors['use-lite']![i]!, vectors['use-lite']![j]!),
      'minilm-en': cosineSimilarity(vectors['minilm-en']![i]!, vectors['minilm-en']![j]!),
    };
    if (cos['use-lite'] < 0.75 && cos['minilm-en'] < 0.75) continue;
    const ci = claims[i]!;
    const cj = claims[j]!;
    const opposedClass =
      ci.cord === cj.cord && ((ci.labels.has('SUPPORT') && cj.labels.has('REFUTE')) || (ci.labels.has('REFUTE') && cj.labels.has('SUPPORT')));
    candidates.push({ i, j, opposedClass, cos });
  }
}

// The judge's veto, read both ways (contradiction is symmetric; a merge must survive either reading).
const nli = createNliStanceModel();
const t0 = performance.now();
const ab = await nli.judge(candidates.map((c) => ({ claim: texts[c.j]!, passage: texts[c.i]! })));
const ba = await nli.judge(candidates.map((c) => ({ claim: texts[c.i]!, passage: texts[c.j]! })));
const nliSeconds = (performance.now() - t0) / 1000;
sample();
const nliRefutes = candidates.map((_, k) => Math.max(ab[k]!.scores.refutes, ba[k]!.scores.refutes));

const g0 = performance.now();
const guard = candidates.map((c) => claimsOpposed(texts[c.i]!, texts[c.j]!));
const guardMicros = ((performance.now() - g0) * 1000) / Math.max(1, candidates.length);

// Merging without the guard is isSameClaim's similarity test alone; with it, isSameClaim itself.
const rules = {
  words: (_: Candidate) => ({}),
  'use-lite': (c: Candidate) => ({ similarity: () => c.cos['use-lite'] }),
  'minilm-en': (c: Candidate) => ({ similarity: () => c.cos['minilm-en'] }),
} as const;
interface Cell {
  opposed: number;
  other: number;
}
const table: Record<string, Record<string, Cell>> = {};
const merged: Record<string, Candidate[]> = {};
const blockedOther: Record<string, Array<{ c: Candidate; why: string }>> = {};
for (const [name, optionsOf] of Object.entries(rules)) {
  const row: Record<string, Cell> = { unguarded: { opposed: 0, other: 0 }, guarded: { opposed: 0, other: 0 }, 'guarded + nli veto': { opposed: 0, other: 0 } };
  merged[name] = [];
  blockedOther[name] = [];
  candidates.forEach((c, k) => {
    const a = normalized[c.i]!;
    const b = normalized[c.j]!;
    const withGuard = isSameClaim(a, b, optionsOf(c));
    // Without the guard: the same test with b's words read as a's, so that nothing opposes them.
    const withoutGuard = withGuard || (guard[k] !== undefined && isSameClaim(a, { ...b, statement: a.statement }, optionsOf(c)));
    const cls = c.opposedClass ? 'opposed' : 'other';
    if (withoutGuard) row.unguarded![cls]++;
    if (withoutGuard && !withGuard && !c.opposedClass) blockedOther[name]!.push({ c, why: `the guard: ${guard[k]!.kind} ${guard[k]!.words.join('/')}` });
    if (withGuard && nliRefutes[k]! >= 0.5 && !c.opposedClass) blockedOther[name]!.push({ c, why: `the veto: refutes ${nliRefutes[k]!.toFixed(2)}` });
    if (withGuard) {
      row.guarded![cls]++;
      merged[name]!.push(c);
    }
    if (withGuard && nliRefutes[k]! < 0.5) row['guarded + nli veto']![cls]++;
  });
  table[name] = row;
}

const nOpposed = candidates.filter((c) => c.opposedClass).length;
console.log(
  `check-covid: ${claims.length} distinct claims (train + dev); ${candidates.length} candidate pairs (equal numbers and polarity, cosine ≥ 0.75 under either encoder): ${nOpposed} opposed (SUPPORT / REFUTE from one abstract), ${candidates.length - nOpposed} other`,
);
console.log('merged pairs (opposed / other), lower opposed is better:');
console.log(`  ${'rule'.padEnd(10)} ${'unguarded'.padEnd(12)} ${'guarded'.padEnd(12)} guarded + nli veto`);
for (const [name, row] of Object.entries(table)) {
  const cell = (c: Cell) => `${c.opposed} / ${c.other}`.padEnd(12);
  const base = row.unguarded!.opposed;
  const ratio =
    base > 0 ? ` (opposed ×${(row.guarded!.opposed / base).toFixed(2)} guarded, ×${(row['guarded + nli veto']!.opposed / base).toFixed(2)} with veto)` : '';
  console.log(`  ${name.padEnd(10)} ${cell(row.unguarded!)} ${cell(row.guarded!)} ${cell(row['guarded + nli veto']!)}${ratio}`);
}
const kinds = new Map<string, number>();
guard.forEach((g, k) => {
  if (g)
    kinds.set(
      `${candidates[k]!.opposedClass ? 'opposed' : 'other'} ${g.kind}`,
      (kinds.get(`${candidates[k]!.opposedClass ? 'opposed' : 'other'} ${g.kind}`) ?? 0) + 1,
    );
});
console.log(`guard findings over all candidates: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);
console.log(
  `speed: guard ${guardMicros.toFixed(1)} µs per pair; encoders ${Object.entries(encodeSeconds)
    .map(([n, s]) => `${n} ${(claims.length / s).toFixed(0)} claims/s`)
    .join(', ')}; nli veto ${((2 * candidates.length) / nliSeconds).toFixed(0)} pairs/s; peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB`,
);
const show = Number(args.show);
if (show > 0) {
  for (const name of Object.keys(rules)) {
    for (const c of merged[name]!.slice(0, show))
      console.log(`[${name}] ${c.opposedClass ? 'OPPOSED' : 'other'} ${JSON.stringify(c.cos)}\n  ${texts[c.i]}\n  ${texts[c.j]}`);
    for (const { c, why } of blockedOther[name]!.slice(0, show)) console.log(`[${name}] other, kept apart by ${why}\n  ${texts[c.i]}\n  ${texts[c.j]}`);
  }
}
if (args.json)
  writeFileSync(
    args.json,
    JSON.stringify(
      { claims: claims.length, candidates: candidates.length, opposed: nOpposed, table, guardMicros, encodeSeconds, nliSeconds, peakRss },
      null,
      2,
    ),
  );
