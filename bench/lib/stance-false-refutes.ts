// False-refute evaluation of a stance model: how often it calls `refutes` where a person would not.
// A false refute is Lyra's most damaging stance error (a contradiction edge, a MISINFORMATION block of
// a domain, a CONTESTED/REFUTED claim), and the sets that train the model have few of the pairs that
// produce them in use. Two parts:
// 1. Constructions: hand-written pairs around negation words that do not negate ("not only … but
//    also", "not just", "no longer only", double negation "not uncommon", "not until", "no doubt",
//    "whether or not", "not least", "if not", "no fewer than"), each with a gold label, plus true
//    negations as controls (these must stay refutes).
// 2. Related sentences of the example corpus (corpora/example: Wikipedia climate sentences): pairs of
//    different sentences of the same article, and each sentence with its BM25 nearest neighbour in
//    another article, judged both ways as consensus/conflicts.ts does. Different encyclopedia
//    sentences on one topic almost never contradict each other, so every refutes here is counted as
//    false (an upper bound: a few may be real; the report lists the flagged pairs for inspection).
// Evaluation only: the corpus sentences come from Climate-FEVER (no license stated for the labels), and
// nothing here is trained on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Stance } from '../../src/core/index.js';
import { isConflictBothWays } from '../../src/policy/index.js';
import { bm25Index, contentTerms, hashSample } from './stance-related.js';

export interface ConstructionPair {
  pattern: string;
  claim: string;
  passage: string;
  label: Stance;
}

const S: Stance = 'supports';
const N: Stance = 'neutral';
const R: Stance = 'refutes';

/** [pattern, claim, passage, label]; the sentence with the construction is the passage, then the claim. */
const CONSTRUCTIONS: [string, string, string, Stance][] = [
  [
    'not only',
    'Rising carbon dioxide concentrations increase global surface temperature.',
    'Not only do rising carbon dioxide concentrations increase global surface temperature, but rising temperatures also release more carbon dioxide.',
    S,
  ],
  [
    'not only',
    'Rising temperatures release more carbon dioxide.',
    'Not only do rising carbon dioxide concentrations increase global surface temperature, but rising temperatures also release more carbon dioxide.',
    S,
  ],
  [
    'not only',
    'Not only do rising carbon dioxide concentrations increase global surface temperature, but rising temperatures also release more carbon dioxide.',
    'Rising carbon dioxide concentrations increase global surface temperature.',
    N,
  ],
  [
    'not only',
    'Cellulosic ethanol is a cost-effective alternative to fossil fuels.',
    'Cellulosic ethanol is not only a step toward energy diversity but also a cost-effective alternative to fossil fuels.',
    S,
  ],
  [
    'not only',
    'Cellulosic ethanol is not only a step toward energy diversity but also a cost-effective alternative to fossil fuels.',
    'Cellulosic ethanol is a cost-effective alternative to fossil fuels.',
    N,
  ],
  ['not only', 'Warming oceans threaten coral reefs.', 'Warming oceans threaten not only coral reefs but also the fisheries that depend on them.', S],
  ['not only', 'Warming oceans threaten not only coral reefs but also the fisheries that depend on them.', 'Warming oceans threaten coral reefs.', N],
  ['not only', 'Droughts reduce crop yields.', 'Droughts not only reduce crop yields, they also increase food prices.', S],
  ['not only', 'Droughts not only reduce crop yields, they also increase food prices.', 'Droughts increase food prices.', N],
  ['not only', 'Melting glaciers raise sea levels.', 'Melting glaciers not only raise sea levels but also reduce fresh water supplies.', S],
  ['not just', 'Heat waves affect the elderly.', 'Heat waves affect not just the elderly but also young children.', S],
  ['not just', 'Heat waves affect not just the elderly but also young children.', 'Heat waves affect young children.', N],
  ['not just', 'Air pollution harms the lungs.', 'Air pollution harms not just the lungs but the heart as well.', S],
  ['not just', 'Air pollution harms not just the lungs but the heart as well.', 'Air pollution harms the heart.', N],
  ['not merely', 'The policy reduced emissions.', 'The policy did not merely reduce emissions; it also created jobs.', S],
  ['no longer only', 'Wildfires are a threat in the western United States.', 'Wildfires are no longer only a threat in the western United States.', S],
  ['no longer only', 'Wildfires are no longer only a threat in the western United States.', 'Wildfires are a threat in the eastern United States.', N],
  ['no longer just', 'Flooding is a coastal problem.', 'Flooding is no longer just a coastal problem.', S],
  ['double negation', 'Frost after extreme heat is common in the region.', 'It is not uncommon to have frost following extreme heat in the region.', S],
  ['double negation', 'It is not uncommon to have frost following extreme heat in the region.', 'Frost often follows extreme heat in the region.', S],
  [
    'double negation',
    'A temperature drop of 20 degrees in one day is usual there.',
    'It is not unusual to see temperatures drop 20 degrees from one day to another there.',
    S,
  ],
  ['double negation', 'Such an outcome is possible.', 'Such an outcome is not impossible.', S],
  ['double negation', 'The effect of aerosols on cooling is significant.', 'The effect of aerosols on cooling is not insignificant.', S],
  ['double negation', 'Geoengineering carries risks.', 'Geoengineering is not without risks.', S],
  ['double negation', 'The new model is likely to overestimate warming.', 'The new model is not unlikely to overestimate warming.', S],
  ['double negation', 'The pattern resembles the 1998 El Nino.', 'The pattern is not unlike the 1998 El Nino.', S],
  [
    'not until',
    'Numerical weather prediction became practical after computers were developed.',
    'It was not until the development of the computer that numerical weather prediction became practical.',
    S,
  ],
  [
    'not until',
    'It was not until the development of the computer that numerical weather prediction became practical.',
    'Numerical weather prediction became practical after computers were developed.',
    S,
  ],
  ['not until', 'The treaty entered into force in 2005.', 'The treaty did not enter into force until 2005.', S],
  ['not until', 'Ice cores were first drilled in the 1950s.', 'It was not until the 1950s that ice cores were first drilled.', S],
  ['no doubt', 'Sea level rise is accelerating.', 'There is no doubt that sea level rise is accelerating.', S],
  ['no doubt', 'There is no doubt that sea level rise is accelerating.', 'Sea level rise is accelerating.', S],
  ['no doubt', 'The film was broadly accurate.', 'The judge said he had no doubt the film was broadly accurate.', S],
  ['without doubt', 'Human activity is the main cause of recent warming.', 'Human activity is without doubt the main cause of recent warming.', S],
  [
    'whether or not',
    'Extreme weather events can be attributed to human activities.',
    'One subject discussed in the literature is whether or not extreme weather events can be attributed to human activities.',
    N,
  ],
  [
    'whether or not',
    'One subject discussed in the literature is whether or not extreme weather events can be attributed to human activities.',
    'Extreme weather events can be attributed to human activities.',
    N,
  ],
  ['not least', 'Warming affects coral reefs.', 'Warming affects many ecosystems, not least coral reefs.', S],
  ['if not', 'Many glaciers are retreating.', 'Many, if not most, glaciers are retreating.', S],
  ['no fewer than', 'At least 40 countries signed the agreement.', 'No fewer than 40 countries signed the agreement.', S],
  ['no less than', 'The storm caused at least 500 deaths.', 'The storm caused no less than 500 deaths.', S],
  ['not to mention', 'Coal plants emit mercury.', 'Coal plants emit carbon dioxide, not to mention mercury.', S],
  ['cannot be ruled out', 'A collapse of the ice sheet is possible this century.', 'A collapse of the ice sheet this century cannot be ruled out.', S],
  // Controls: true negations and opposites must stay refutes.
  ['control negation', 'Smoking causes lung cancer.', 'Smoking does not cause lung cancer.', R],
  [
    'control negation',
    'Rising carbon dioxide concentrations increase global surface temperature.',
    'Rising carbon dioxide concentrations do not increase global surface temperature.',
    R,
  ],
  ['control negation', 'Droughts reduce crop yields.', 'Droughts never reduce crop yields.', R],
  ['control negation', 'There is a link between the wildfire and climate change.', 'There is no link between the wildfire and climate change.', R],
  ['control negation', 'The lake freezes in winter.', 'The lake no longer freezes in winter.', R],
  ['control negation', 'Sea level rise is accelerating.', 'Sea level rise is not accelerating.', R],
  ['control opposite', 'Global temperatures increased during the twentieth century.', 'Global temperatures decreased during the twentieth century.', R],
  ['control opposite', 'Arctic sea ice expanded in 2012.', 'Arctic sea ice shrank in 2012.', R],
];

export function constructionPairs(): ConstructionPair[] {
  return CONSTRUCTIONS.map(([pattern, claim, passage, label]) => ({ pattern, claim, passage, label }));
}

export interface RelatedPair {
  kind: 'same_article' | 'bm25_neighbour' | 'construction_neighbour';
  a: string;
  b: string;
}

/** Negation-like constructions whose sentences are paired with all their close neighbours. */
export const CONSTRUCTION_RE =
  /\b(?:not only|not just|not merely|no longer|not until|not un\w+|not in\w+|not without|no doubt|whether or not|if not|not least)\b/i;

/**
 * Sentence pairs of the example corpus: up to `perKind` pairs of consecutive sentences of one article
 * and up to `perKind` BM25 nearest neighbours from another article (at least 3 shared terms), and
 * every sentence with a construction (CONSTRUCTION_RE) with its 3 nearest neighbours. Deterministic.
 */
export function relatedPairs(projectRoot: string, perKind = 600): RelatedPair[] {
  const docs = readFileSync(join(projectRoot, 'corpora/example/documents.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { id: string; text: string });
  const sentences: { doc: number; text: string; terms: string[] }[] = [];
  docs.forEach((d, doc) => {
    for (const text of d.text
      .split(/\n\n+/)
      .map((s) => s.trim())
      .filter((s) => s.length > 30))
      sentences.push({ doc, text, terms: contentTerms(text) });
  });
  const index = bm25Index(sentences.map((s) => s.terms));
  const neighbours = (i: number, k: number): number[] =>
    index.search(sentences[i]!.terms, k, { minShared: 3, skip: (j) => sentences[j]!.doc === sentences[i]!.doc });
  const out: RelatedPair[] = [];
  const sameArticle: RelatedPair[] = [];
  for (let i = 1; i < sentences.length; i++) {
    if (sentences[i]!.doc === sentences[i - 1]!.doc) sameArticle.push({ kind: 'same_article', a: sentences[i - 1]!.text, b: sentences[i]!.text });
  }
  out.push(...hashSample(sameArticle, perKind, 'fr-same', (p) => p.a + p.b));
  const order = hashSample(
    sentences.map((_, i) => i),
    sentences.length,
    'fr-bm25',
    (i) => sentences[i]!.text,
  );
  let added = 0;
  for (const i of order) {
    if (added >= perKind) break;
    const [j] = neighbours(i, 1);
    if (j === undefined) continue;
    out.push({ kind: 'bm25_neighbour', a: sentences[i]!.text, b: sentences[j]!.text });
    added++;
  }
  sentences.forEach((s, i) => {
    if (!CONSTRUCTION_RE.test(s.text)) return;
    for (const j of neighbours(i, 3)) out.push({ kind: 'construction_neighbour', a: s.text, b: sentences[j]!.text });
  });
  return out;
}

export interface FalseRefuteReport {
  constructions: {
    n: number;
    accuracy: number;
    falseRefutes: number;
    nonRefuteGold: number;
    controlsRefuted: number;
    controls: number;
    byPattern: Record<string, { n: number; correct: number; refuted: number }>;
  };
  related: Record<RelatedPair['kind'], { pairs: number; judgements: number; refutes: number; supports: number; conflicts: number }>;
  /** Related pairs judged refutes both ways (the consensus conflict rule), for inspection. */
  flagged: { kind: string; a: string; b: string; forward: number; reverse: number }[];
  lines: string[];
}

interface Judge {
  judge(pairs: { claim: string; passage: string }[]): Promise<{ stance: Stance; confidence: number; scores: Record<Stance, number> }[]>;
}

export async function evaluateFalseRefutes(model: Judge, projectRoot: string): Promise<FalseRefuteReport> {
  const cons = constructionPairs();
  const cj = await model.judge(cons.map((p) => ({ claim: p.claim, passage: p.passage })));
  const byPattern: FalseRefuteReport['constructions']['byPattern'] = {};
  let correct = 0,
    falseRefutes = 0,
    nonRefuteGold = 0,
    controls = 0,
    controlsRefuted = 0;
  cons.forEach((p, i) => {
    const got = cj[i]!.stance;
    const b = (byPattern[p.pattern] ??= { n: 0, correct: 0, refuted: 0 });
    b.n++;
    if (got === p.label) {
      b.correct++;
      correct++;
    }
    if (got === 'refutes') b.refuted++;
    if (p.label === 'refutes') {
      controls++;
      if (got === 'refutes') controlsRefuted++;
    } else {
      nonRefuteGold++;
      if (got === 'refutes') falseRefutes++;
    }
  });
  const pairs = relatedPairs(projectRoot);
  const fwd = await model.judge(pairs.map((p) => ({ claim: p.a, passage: p.b })));
  const rev = await model.judge(pairs.map((p) => ({ claim: p.b, passage: p.a })));
  const related = {} as FalseRefuteReport['related'];
  const flagged: FalseRefuteReport['flagged'] = [];
  pairs.forEach((p, i) => {
    const r = (related[p.kind] ??= { pairs: 0, judgements: 0, refutes: 0, supports: 0, conflicts: 0 });
    r.pairs++;
    for (const j of [fwd[i]!, rev[i]!]) {
      r.judgements++;
      if (j.stance === 'refutes') r.refutes++;
      if (j.stance === 'supports') r.supports++;
    }
    // The consensus workflow's conflict rule, at the seed's tolerance (0.1).
    if (isConflictBothWays(fwd[i]!, rev[i]!)) {
      r.conflicts++;
      flagged.push({ kind: p.kind, a: p.a, b: p.b, forward: fwd[i]!.scores.refutes, reverse: rev[i]!.scores.refutes });
    }
  });
  const pc = (x: number, n: number): string => (n ? `${((100 * x) / n).toFixed(1)} %` : '–');
  const lines = [
    `constructions (${cons.length} hand-written pairs): accuracy ${pc(correct, cons.length)}; false refutes ${falseRefutes}/${nonRefuteGold} (${pc(falseRefutes, nonRefuteGold)}); true negation/opposite controls judged refutes ${controlsRefuted}/${controls}`,
    `  by pattern (correct/n, refutes): ${Object.entries(byPattern)
      .map(([k, v]) => `${k} ${v.correct}/${v.n} R${v.refuted}`)
      .join('; ')}`,
    '| related pairs (corpora/example) | pairs | judgements (both ways) | judged refutes | judged supports | conflicts (contradiction both ways, policy isConflictBothWays) |',
    '|---|---|---|---|---|---|',
    ...Object.entries(related).map(
      ([k, r]) =>
        `| ${k} | ${r.pairs} | ${r.judgements} | ${r.refutes} (${pc(r.refutes, r.judgements)}) | ${r.supports} (${pc(r.supports, r.judgements)}) | ${r.conflicts} (${pc(r.conflicts, r.pairs)}) |`,
    ),
  ];
  return {
    constructions: { n: cons.length, accuracy: correct / cons.length, falseRefutes, nonRefuteGold, controlsRefuted, controls, byPattern },
    related,
    flagged,
    lines,
  };
}
