// Draws the labelled samples of bench:research (bench/data/): sentences for claim checkability, from
// the shipped example corpus and from Check-COVID's abstracts (../shared/data, referenced by id and
// sentence index only: its text is never copied into the project). Deterministic (seeded), so the
// sample can be re-drawn and checked; the labels themselves were added by hand (see bench/data/README.md).
//   node --import tsx scripts/draw-claim-sample.ts checkability > /tmp/sample.jsonl
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, sharedDataPath } from '../src/test-support/shared-data.js';
import { draw } from './seeded-draw.js';

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
/** `items` less everything already drawn: each sample excludes the samples drawn before it. */
const without = <T>(items: readonly T[], drawn: readonly (readonly T[])[]): T[] => items.filter((x) => !drawn.some((d) => d.includes(x)));
/**
 * The checkability samples in the order they were drawn — each excludes every sentence drawn before
 * it — with their sizes and seeds (example corpus, then Check-COVID).
 */
const CHECKABILITY_DRAWS: ReadonlyArray<{ mode: string; example: [number, number]; covid: [number, number] }> = [
  // The development sample: the screening rules were written while reading its errors.
  { mode: 'checkability', example: [130, 15001], covid: [100, 15002] },
  // Held out: drawn and labelled after the rules were frozen (its errors were then read).
  { mode: 'checkability-heldout', example: [60, 15003], covid: [40, 15004] },
  // Final: drawn and labelled at the end and measured before any rule was changed for it.
  { mode: 'checkability-final', example: [60, 15005], covid: [40, 15006] },
  // Blind: drawn after the final sample's rules were added, labelled by the rubric alone without running the extractor.
  { mode: 'checkability-blind', example: [60, 15007], covid: [40, 15008] },
  // Training labels for the learned screen (scripts/train-claim-screen.ts), labelled by the rubric alone.
  { mode: 'checkability-train', example: [180, 15009], covid: [120, 15010] },
  // Blind again: drawn with the training sample, labelled by the rubric alone, and scored once, after the
  // learned screen was frozen.
  { mode: 'checkability-blind2', example: [60, 15011], covid: [40, 15012] },
  // Blind a third time (150: 90 / 60): drawn after blind2's errors were read and the rules and screen
  // changed for them, labelled by the rubric alone, scored once after both were frozen.
  { mode: 'checkability-blind3', example: [90, 15013], covid: [60, 15014] },
  // Blind a fourth time (150: 100 / 50, the example corpus weighted up: it is where the rules are
  // weakest): drawn after blind3 was scored and its errors read, scored once after the rules were frozen again.
  { mode: 'checkability-blind4', example: [100, 15015], covid: [50, 15016] },
  // Blind a fifth time (200: 120 / 80), labelled by two labellers independently (their agreement is the
  // rubric's own ceiling), scored once after the rules were frozen again.
  { mode: 'checkability-blind5', example: [120, 15017], covid: [80, 15018] },
  // Blind a sixth time (200: 120 / 80), two labellers, drawn after blind5 was scored and its errors
  // read; scored once after the rules were frozen again.
  { mode: 'checkability-blind6', example: [120, 15019], covid: [80, 15020] },
  // Blind a seventh time (200: 120 / 80), two labellers, drawn before the screen over the pretrained
  // sentence encoder (issue 32) was fitted; scored once after it was frozen.
  { mode: 'checkability-blind7', example: [120, 15021], covid: [80, 15022] },
];
const samples: Record<string, [typeof example, typeof covid]> = {};
const drawnExample: Array<typeof example> = [];
const drawnCovid: Array<typeof covid> = [];
for (const d of CHECKABILITY_DRAWS) {
  const ex = draw(without(example, drawnExample), ...d.example);
  const cv = draw(without(covid, drawnCovid), ...d.covid);
  samples[d.mode] = [ex, cv];
  drawnExample.push(ex);
  drawnCovid.push(cv);
}
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
/**
 * Questions of the second blind relevance sample: drawn after the first blind sample's errors were read
 * and the relevance rules changed for them; labelled by the rubric alone, scored once after the rules
 * were frozen again. Chosen for subjects the corpora cover well, so that the sample holds enough
 * relevant claims for a precision that means something.
 */
export const RELEVANCE_BLIND2_QUESTIONS = [
  { corpus: 'example', question: 'Is the Greenland ice sheet melting?', topic: 'Greenland ice sheet melting' },
  { corpus: 'example', question: 'Is thawing permafrost releasing greenhouse gases?', topic: 'thawing permafrost releasing greenhouse gases' },
  { corpus: 'example', question: 'Are droughts becoming more frequent because of global warming?', topic: 'droughts more frequent because global warming' },
  { corpus: 'check-covid', question: 'Are children at lower risk of severe COVID-19?', topic: 'children lower risk severe COVID-19' },
] as const;
/**
 * Questions of the third blind relevance sample, drawn **stratified** for precision: per question up to
 * STRATUM claims that Lyra's relevance (frozen at the draw) calls relevant and STRATUM that it does not,
 * shuffled together, so the labeller cannot tell them apart. Precision is read on the first stratum
 * directly; recall weights each stratum by its share of the pool (the header line carries the counts).
 */
export const RELEVANCE_BLIND3_QUESTIONS = [
  { corpus: 'example', question: 'Is Antarctica losing ice?', topic: 'Antarctica losing ice' },
  { corpus: 'example', question: 'Are hurricanes becoming stronger because of climate change?', topic: 'hurricanes stronger because climate change' },
  { corpus: 'check-covid', question: 'Is remdesivir effective against COVID-19?', topic: 'remdesivir effective against COVID-19' },
  { corpus: 'check-covid', question: 'Are older adults at higher risk of dying from COVID-19?', topic: 'older adults higher risk dying COVID-19' },
] as const;
/** The fourth blind relevance sample: drawn the same stratified way after blind3's errors were read and the rules changed for them. */
export const RELEVANCE_BLIND4_QUESTIONS = [
  { corpus: 'example', question: 'Are heat waves becoming more frequent?', topic: 'heat waves more frequent' },
  { corpus: 'example', question: 'Are wildfires increasing because of climate change?', topic: 'wildfires increasing because climate change' },
  { corpus: 'check-covid', question: 'Does obesity increase the risk of severe COVID-19?', topic: 'obesity increase risk severe COVID-19' },
  { corpus: 'check-covid', question: 'Do vaccines protect against COVID-19?', topic: 'vaccines protect against COVID-19' },
] as const;
/** The fifth: the same stratified way after blind4's errors were read (the corpus's own topic words), labelled by two labellers. */
export const RELEVANCE_BLIND5_QUESTIONS = [
  { corpus: 'example', question: 'Is the ocean warming?', topic: 'ocean warming' },
  { corpus: 'example', question: 'Is snow cover declining?', topic: 'snow cover declining' },
  { corpus: 'check-covid', question: 'Can COVID-19 spread through the air?', topic: 'COVID-19 spread through air airborne' },
  { corpus: 'check-covid', question: 'Does hydroxychloroquine cause heart problems?', topic: 'hydroxychloroquine heart problems cardiac' },
] as const;
/**
 * The sixth, drawn before relevance by the pretrained sentence encoder (issue 32) was fitted, stratified
 * by a signal nothing was fitted to: the published encoder's cosine of question and claim. Per question
 * 25 claims from the pool's nearest quarter (at most 60 claims) and 25 from the rest, each row naming
 * its stratum (`stratum: near | far`), so any relevance can be scaled to the pool by the strata as
 * drawn. Two labellers.
 */
export const RELEVANCE_BLIND6_QUESTIONS = [
  { corpus: 'example', question: 'Does deforestation contribute to climate change?', topic: 'deforestation contribute climate change' },
  { corpus: 'example', question: 'Are polar bears threatened by the loss of sea ice?', topic: 'polar bears threatened loss sea ice' },
  { corpus: 'check-covid', question: 'Does vitamin D protect against COVID-19?', topic: 'vitamin D protect against COVID-19' },
  { corpus: 'check-covid', question: 'Does smoking worsen COVID-19 outcomes?', topic: 'smoking worsen COVID-19 outcomes' },
] as const;
/**
 * The seventh, drawn on 2026-11-29 before the subject-by-meaning feature of relevance was fitted, the
 * same way as the sixth (stratified by the published encoder's cosine, two labellers). Questions chosen
 * so that the corpus often says the subject in other words ("anthropogenic", "diabetic patients",
 * "plasma therapy").
 */
export const RELEVANCE_BLIND7_QUESTIONS = [
  { corpus: 'example', question: 'Are humans causing global warming?', topic: 'humans causing global warming' },
  { corpus: 'example', question: 'Is the Arctic warming faster than the rest of the world?', topic: 'Arctic warming faster rest world' },
  { corpus: 'check-covid', question: 'Does diabetes make COVID-19 more severe?', topic: 'diabetes COVID-19 severe' },
  { corpus: 'check-covid', question: 'Does convalescent plasma help COVID-19 patients?', topic: 'convalescent plasma COVID-19 patients' },
] as const;
/**
 * The eighth, drawn on 2026-11-30 with the shipped relevance (models/relevance, fitted on 2026-11-29) frozen,
 * the same way as the sixth and seventh (stratified by the published encoder's cosine, two labellers), to
 * measure that fit once on questions nothing was fitted or read for. Subjects no earlier sample asked about.
 */
export const RELEVANCE_BLIND8_QUESTIONS = [
  { corpus: 'example', question: 'Do large volcanic eruptions cool the climate?', topic: 'volcanic eruptions cool climate' },
  { corpus: 'example', question: 'Is climate change making heavy rainfall more frequent?', topic: 'climate change heavy rainfall more frequent' },
  { corpus: 'check-covid', question: 'Does dexamethasone reduce deaths among COVID-19 patients?', topic: 'dexamethasone reduce deaths COVID-19 patients' },
  { corpus: 'check-covid', question: 'Can pregnant women pass COVID-19 to their babies?', topic: 'pregnant women pass COVID-19 babies' },
] as const;
const STRATUM = 25;
/** Searches whose hits make a question's claim pool: the topic and the science perspective words. */
const POOL_SUFFIXES = ['', 'mechanism', 'measurements data', 'causes', 'effects risks', 'projections', 'review'];

/** Each relevance sample's questions and seed, by mode; stratified ones draw half Lyra-relevant (or near by the encoder's cosine). */
const RELEVANCE_DRAWS: Record<
  string,
  { questions: ReadonlyArray<{ corpus: string; question: string; topic: string }>; seed: number; stratified?: true; byEncoder?: true }
> = {
  relevance: { questions: RELEVANCE_QUESTIONS, seed: 15100 },
  'relevance-blind': { questions: RELEVANCE_BLIND_QUESTIONS, seed: 15200 },
  'relevance-blind2': { questions: RELEVANCE_BLIND2_QUESTIONS, seed: 15300 },
  'relevance-blind3': { questions: RELEVANCE_BLIND3_QUESTIONS, seed: 15400, stratified: true },
  'relevance-blind4': { questions: RELEVANCE_BLIND4_QUESTIONS, seed: 15500, stratified: true },
  'relevance-blind5': { questions: RELEVANCE_BLIND5_QUESTIONS, seed: 15600, stratified: true },
  'relevance-blind6': { questions: RELEVANCE_BLIND6_QUESTIONS, seed: 15700, stratified: true, byEncoder: true },
  'relevance-blind7': { questions: RELEVANCE_BLIND7_QUESTIONS, seed: 15800, stratified: true, byEncoder: true },
  'relevance-blind8': { questions: RELEVANCE_BLIND8_QUESTIONS, seed: 15900, stratified: true, byEncoder: true },
};
const relevanceDraw = RELEVANCE_DRAWS[mode];
if (relevanceDraw) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { addToCorpus, loadConfig, openOrCreateStore, searchCorpus } = await import('../src/app/index.js');
  const { extractClaimCandidates, normalizeClaim } = await import('../src/extract/index.js');
  const { MIN_RELEVANCE, analyzeQuestion, claimRelevance } = await import('../src/workflows/index.js');
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
    if (!relevanceDraw.stratified) {
      console.log(JSON.stringify({ question: q.question, weights: { n: pool.size, df } }));
      for (const item of draw([...pool.values()], 50, relevanceDraw.seed + qi)) console.log(JSON.stringify({ question: q.question, ...item }));
      continue;
    }
    if (relevanceDraw.byEncoder) {
      const { createShippedEncoder } = await import('../src/models/index.js');
      const { cosineSimilarity } = await import('../src/core/index.js');
      const encoder = createShippedEncoder();
      const items = [...pool.values()];
      const [qv, ...vs] = await encoder.embed([q.question, ...items.map((c) => String(c.text))]);
      const ranked = items.map((c, i) => ({ c, cos: cosineSimilarity(qv!, vs[i]!) })).sort((a, b) => b.cos - a.cos);
      const nearCount = Math.min(60, Math.ceil(items.length / 4));
      const near = ranked.slice(0, nearCount).map((r) => r.c);
      const far = ranked.slice(nearCount).map((r) => r.c);
      const chosen = [
        ...draw(near, STRATUM, relevanceDraw.seed + qi).map((c) => ({ ...c, stratum: 'near' })),
        ...draw(far, STRATUM, relevanceDraw.seed + 100 + qi).map((c) => ({ ...c, stratum: 'far' })),
      ];
      console.log(JSON.stringify({ question: q.question, weights: { n: pool.size, df }, strata: { near: near.length, far: far.length } }));
      for (const item of draw(chosen, chosen.length, relevanceDraw.seed + 200 + qi)) console.log(JSON.stringify({ question: q.question, ...item }));
      continue;
    }
    // Stratified: Lyra's relevance as bench:research computes it (the claim's terms against these weights).
    const weights = { n: pool.size, df: new Map(Object.entries(df)) };
    const relevantNow = (c: Record<string, unknown>): boolean =>
      claimRelevance(analysis, normalizeClaim({ text: String(c.text), source: 'pool' }).terms, weights).relevance >= MIN_RELEVANCE;
    const picks = [...pool.values()].filter(relevantNow);
    const others = [...pool.values()].filter((c) => !relevantNow(c));
    const chosen = [...draw(picks, STRATUM, relevanceDraw.seed + qi), ...draw(others, STRATUM, relevanceDraw.seed + 100 + qi)];
    console.log(JSON.stringify({ question: q.question, weights: { n: pool.size, df }, strata: { relevant: picks.length, other: others.length } }));
    for (const item of draw(chosen, chosen.length, relevanceDraw.seed + 200 + qi)) console.log(JSON.stringify({ question: q.question, ...item }));
  }
  store.close();
  rmSync(home, { recursive: true, force: true });
}
