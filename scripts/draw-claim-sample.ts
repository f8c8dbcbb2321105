// Draws the labelled samples of bench:research (bench/data/): sentences for claim checkability, from
// the shipped example corpus and from Check-COVID's abstracts (../shared/data, referenced by id and
// sentence index only: its text is never copied into the project). Deterministic (seeded), so the
// sample can be re-drawn and checked; the labels themselves were added by hand (see bench/data/README.md).
//   node --import tsx scripts/draw-claim-sample.ts checkability > /tmp/sample.jsonl
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, sharedDataPath } from '../src/test-support/shared-data.js';

/** mulberry32: a small seeded generator, so the draw is reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function draw<T>(items: readonly T[], n: number, seed: number): T[] {
  const r = rng(seed);
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(r() * pool.length), 1)[0]!);
  return out;
}

const example = readFileSync(join(PROJECT_ROOT, 'corpora', 'example', 'documents.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { id: string; text: string })
  .flatMap((d) => d.text.split('\n\n').map((text, para) => ({ doc: d.id, para, text })));
const covid = readFileSync(sharedDataPath('check-covid/corpus.json'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { cord_id: string; abstract: string[] })
  .flatMap((d) => d.abstract.map((text, sent) => ({ cord_id: d.cord_id, sent_index: sent, text })));

const mode = process.argv[2] ?? 'checkability';
const exampleLine = (e: (typeof example)[number]): string => JSON.stringify({ corpus: 'example', doc: e.doc, para: e.para, text: e.text });
const covidLine = (c: (typeof covid)[number]): string => JSON.stringify({ corpus: 'check-covid', cord_id: c.cord_id, sent_index: c.sent_index, text: c.text });
const devExample = draw(example, 130, 15001);
const devCovid = draw(covid, 100, 15002);
/** `items` less everything already drawn: each sample excludes the samples drawn before it. */
const without = <T>(items: readonly T[], ...drawn: (readonly T[])[]): T[] => items.filter((x) => !drawn.some((d) => d.includes(x)));
const heldExample = draw(without(example, devExample), 60, 15003);
const heldCovid = draw(without(covid, devCovid), 40, 15004);
const finalExample = draw(without(example, devExample, heldExample), 60, 15005);
const finalCovid = draw(without(covid, devCovid, heldCovid), 40, 15006);
const blindExample = draw(without(example, devExample, heldExample, finalExample), 60, 15007);
const blindCovid = draw(without(covid, devCovid, heldCovid, finalCovid), 40, 15008);
const trainExample = draw(without(example, devExample, heldExample, finalExample, blindExample), 180, 15009);
const trainCovid = draw(without(covid, devCovid, heldCovid, finalCovid, blindCovid), 120, 15010);
// The development sample: the screening rules were written while reading its errors. Held out: drawn
// and labelled after the rules were frozen (its errors were then read); final: drawn and labelled at
// the end and measured before any rule was changed for it.
const samples: Record<string, [typeof example, typeof covid]> = {
  checkability: [devExample, devCovid],
  'checkability-heldout': [heldExample, heldCovid],
  'checkability-final': [finalExample, finalCovid],
  // Blind: drawn after the final sample's rules were added, labelled by the rubric alone without running the extractor.
  'checkability-blind': [blindExample, blindCovid],
  // Training labels for the learned screen (scripts/train-claim-screen.ts), labelled by the rubric alone.
  'checkability-train': [trainExample, trainCovid],
  // Blind again: drawn with the training sample, labelled by the rubric alone, and scored once, after the
  // learned screen was frozen.
  'checkability-blind2': [
    draw(without(example, devExample, heldExample, finalExample, blindExample, trainExample), 60, 15011),
    draw(without(covid, devCovid, heldCovid, finalCovid, blindCovid, trainCovid), 40, 15012),
  ],
};
const sample = samples[mode];
if (sample) {
  for (const e of sample[0]) console.log(exampleLine(e));
  for (const c of sample[1]) console.log(covidLine(c));
}

/** Questions of the relevance sample: three over the example corpus, one over Check-COVID. */
export const RELEVANCE_QUESTIONS = [
  { corpus: 'example', question: 'Are coral reefs dying because of climate change?', topic: 'coral reefs dying because climate change' },
  { corpus: 'example', question: 'Is sea level rise accelerating?', topic: 'sea level rise accelerating' },
  { corpus: 'example', question: 'Is Arctic sea ice declining?', topic: 'Arctic sea ice declining' },
  { corpus: 'check-covid', question: 'Do face masks reduce the spread of COVID-19?', topic: 'face masks reduce spread COVID-19' },
] as const;
/**
 * Questions of the blind relevance sample: drawn after the relevance rules were frozen, labelled by the
 * rubric alone, never used to tune them.
 */
export const RELEVANCE_BLIND_QUESTIONS = [
  { corpus: 'example', question: 'Is ocean acidification harming marine life?', topic: 'ocean acidification harming marine life' },
  { corpus: 'example', question: 'Are glaciers retreating because of global warming?', topic: 'glaciers retreating because global warming' },
  { corpus: 'check-covid', question: 'Does hydroxychloroquine help patients with COVID-19?', topic: 'hydroxychloroquine help patients COVID-19' },
] as const;
/** Searches whose hits make a question's claim pool: the topic and the science perspective words. */
const POOL_SUFFIXES = ['', 'mechanism', 'measurements data', 'causes', 'effects risks', 'projections', 'review'];

const relevanceDraw =
  mode === 'relevance'
    ? { questions: RELEVANCE_QUESTIONS, seed: 15100 }
    : mode === 'relevance-blind'
      ? { questions: RELEVANCE_BLIND_QUESTIONS, seed: 15200 }
      : undefined;
if (relevanceDraw) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { addToCorpus, loadConfig, openOrCreateStore, searchCorpus } = await import('../src/app/index.js');
  const { extractClaimCandidates, normalizeClaim } = await import('../src/extract/index.js');
  const { analyzeQuestion } = await import('../src/workflows/index.js');
  const home = mkdtempSync(join(tmpdir(), 'lyra-draw-'));
  const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
  const store = openOrCreateStore(config.store.path);
  await addToCorpus({ config, store, name: 'check-covid', paths: [sharedDataPath('check-covid/corpus.json')], trustLevel: 'ACADEMIC' });
  const byDoc = new Map<string, string>(example.map((e) => [`${e.doc}#${e.para}`, e.text]));
  for (const [qi, q] of relevanceDraw.questions.entries()) {
    const pool = new Map<string, Record<string, unknown>>();
    for (const suffix of POOL_SUFFIXES) {
      for (const hit of await searchCorpus({ store, query: `${q.topic} ${suffix}`.trim(), corpus: q.corpus, limit: 10 })) {
        if (hit.id === undefined) continue;
        const hitId = hit.id;
        if (q.corpus === 'example') {
          for (const [k, text] of byDoc) {
            if (!k.startsWith(`${hit.id}#`)) continue;
            for (const c of extractClaimCandidates({ text, source: hitId }))
              pool.set(c.text, { corpus: 'example', doc: hitId, para: Number(k.split('#')[1]), text: c.text });
          }
        } else {
          const sentences = covid.filter((c) => c.cord_id === hit.id);
          sentences.forEach((s, i) => {
            const context = sentences
              .slice(0, i)
              .map((x) => x.text)
              .join(' ');
            const full = context ? `${context} ${s.text}` : s.text;
            const mine = extractClaimCandidates({ text: full, source: hitId }).filter((c) => c.start >= full.length - s.text.length - 1);
            if (mine.length > 0)
              pool.set(`${s.cord_id}#${s.sent_index}`, { corpus: 'check-covid', cord_id: s.cord_id, sent_index: s.sent_index, text: mine[0]!.text });
          });
        }
      }
    }
    // Term rarity as a run would count it: document frequencies of the question's terms over the whole pool.
    const analysis = analyzeQuestion(q.question);
    const poolTerms = [...pool.values()].map((c) => new Set(normalizeClaim({ text: String(c.text), source: 'pool' }).terms));
    const df = Object.fromEntries([...analysis.subjectTerms, ...analysis.aspectTerms].map((t) => [t, poolTerms.filter((terms) => terms.has(t)).length]));
    console.log(JSON.stringify({ question: q.question, weights: { n: pool.size, df } }));
    for (const item of draw([...pool.values()], 50, relevanceDraw.seed + qi)) console.log(JSON.stringify({ question: q.question, ...item }));
  }
  store.close();
  rmSync(home, { recursive: true, force: true });
}
