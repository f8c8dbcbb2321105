// Which data trains the embedded stance model and which evaluates it. One place, so the training
// script and the benchmark cannot disagree about what is held out.
import {
  isHeldOut,
  loadBreakingNli,
  loadCheckCovid,
  loadClimateFever,
  loadConjNli,
  loadFeverRte,
  loadHans,
  loadMnliSample,
  loadNegationNli,
  loadSciFactRte,
  loadSnli,
  loadSnliCad,
  splitFraction,
  type CheckCovidPair,
  type LabelledPair,
} from './stance-data.js';
import { bm25Index, contentTerms, hashSample, termOverlap } from './stance-related.js';
import { splitSentences } from '../../src/models/stance/index.js';

export interface EvalSuite {
  name: string;
  note: string;
  pairs: LabelledPair[];
}

/** Evaluation suites: none of these pairs (or their groups) is trained on. */
export function evaluationSuites(root: string): EvalSuite[] {
  const cc = loadCheckCovid(root, 'dev');
  const negation = loadNegationNli(root).filter(isHeldOut);
  return [
    { name: 'check_covid_dev_evidence', note: 'Check-COVID dev, annotated evidence sentences as passage', pairs: cc },
    { name: 'check_covid_dev_abstract', note: 'Check-COVID dev, whole abstract as passage (ill-posed for NEI; not tuned to)', pairs: cc.map(wholeAbstract) },
    { name: 'snli_test', note: 'SNLI 1.0 test (e-SNLI files)', pairs: loadSnli(root, 'test') },
    {
      name: 'climate_fever_test',
      note: 'Climate-FEVER claim–evidence pairs, test half by claim id (never trained on)',
      pairs: loadClimateFever(root).filter((p) => splitFraction(p.group, 'climate') < 0.5),
    },
    { name: 'scifact_rte_heldout', note: 'SciFact rationale pairs, 30 % held out by claim (no neutral gold)', pairs: loadSciFactRte(root).filter(isHeldOut) },
    { name: 'negation_mnli_heldout', note: 'Negation NLI (MNLI part), 30 % held out by premise', pairs: negation.filter((p) => p.source === 'negation_mnli') },
    { name: 'negation_snli_heldout', note: 'Negation NLI (SNLI part), 30 % held out by premise', pairs: negation.filter((p) => p.source === 'negation_snli') },
    { name: 'breaking_nli_heldout', note: 'Breaking NLI, 30 % held out by premise', pairs: loadBreakingNli(root).filter(isHeldOut) },
    { name: 'conjnli_dev', note: 'ConjNLI dev (gold; only the silver adversarial set is trained on)', pairs: loadConjNli(root, 'conj_dev') },
  ];
}

function wholeAbstract(p: CheckCovidPair): LabelledPair {
  return { ...p, passage: p.abstract.join(' ') };
}

export interface TrainingPools {
  /** Per-sentence training pairs with a weight. */
  train: (LabelledPair & { weight: number })[];
  /** Per-sentence pairs held out from training for temperature scaling and early checks. */
  dev: LabelledPair[];
  /** Check-COVID train claims held out for fitting the aggregation threshold on evidence passages. */
  passageDev: LabelledPair[];
}

/** Fraction of each training set's groups kept as dev (temperature / threshold fitting). */
export const DEV_FRACTION = 0.1;

function take<T>(items: T[], n: number, salt: string, key: (t: T) => string): T[] {
  return [...items].sort((a, b) => splitFraction(key(a), salt) - splitFraction(key(b), salt)).slice(0, n);
}

/**
 * The training data. Only sets whose licenses allow shipped weights (see MODEL_CARD.md): SNLI dev
 * (CC BY-SA 4.0 text, e-SNLI MIT), counterfactual SNLI (Apache-2.0), MNLI samples (MIT repo; MNLI
 * OANC / CC BY-SA 3.0), negation NLI MNLI/SNLI parts (MIT), Breaking NLI (CC BY-SA 4.0), ConjNLI
 * adversarial silver set (MIT), HANS-contradicting MNLI pairs (MIT), FEVER dev RTE (CC BY-SA 3.0),
 * Check-COVID train (MIT), SciFact rationale pairs (CC BY 4.0 claims, ODC-By abstracts).
 */
export interface PoolOptions {
  /** Sample weight of Check-COVID train pairs (default 3). */
  checkCovidWeight?: number;
  /** Sample weight of SciFact pairs (default 3). */
  sciFactWeight?: number;
  /**
   * Sample weight of the related-but-different neutral pairs (default 0 = none: a run with 0.7 measured
   * Check-COVID dev macro-F1 0.447 against 0.528 without them, so the shipped weights leave them out).
   */
  relatedWeight?: number;
  /** FEVER RTE pairs sampled for training (default 6000). */
  feverPairs?: number;
  /**
   * Weight of reversed SNLI-family pairs (0 = none): a contradiction read backwards is still a
   * contradiction; an entailment read backwards is mostly neutral (the hypothesis is the more general
   * sentence), so it is added as neutral at half this weight.
   */
  reverseWeight?: number;
}

function reversed(pairs: readonly (LabelledPair & { weight: number })[], weight: number): (LabelledPair & { weight: number })[] {
  if (weight <= 0) return [];
  return pairs.flatMap((p) => {
    if (p.label === 'neutral') return [];
    const flipped = { ...p, claim: p.passage, passage: p.claim, source: `${p.source}_reversed` };
    return p.label === 'refutes' ? [{ ...flipped, weight }] : [{ ...flipped, label: 'neutral' as const, weight: weight / 2 }];
  });
}

export function trainingPools(root: string, options: PoolOptions = {}): TrainingPools {
  const ccWeight = options.checkCovidWeight ?? 3;
  const sfWeight = options.sciFactWeight ?? 3;
  const weighted = (pairs: LabelledPair[], weight: number): (LabelledPair & { weight: number })[] => pairs.map((p) => ({ ...p, weight }));
  const cc = loadCheckCovid(root, 'train');
  const ccTrain = cc.filter((p) => splitFraction(p.group, 'cc-dev') >= 0.15);
  const ccDev = cc.filter((p) => splitFraction(p.group, 'cc-dev') < 0.15);
  const ccPerSentence = (pairs: CheckCovidPair[]): LabelledPair[] => pairs.flatMap((p) => p.primary.map((s) => ({ ...p, passage: s })));
  // Sentences of the same abstract that are not annotated evidence, and sentences of other abstracts,
  // as neutral: in use most passage sentences do not address the claim.
  const abstracts = cc.map((p) => p.abstract);
  const ccNeutral = (pairs: CheckCovidPair[]): LabelledPair[] =>
    pairs.flatMap((p, i) => {
      const others = p.abstract.filter((s) => !p.evidence.includes(s));
      const picked = take(others, 1, `ccn${i}`, (s) => s);
      const far = abstracts[Math.floor(splitFraction(`${p.claim}${i}`, 'far') * abstracts.length)]!;
      const farSentence = far[Math.floor(splitFraction(p.claim, 'far-s') * far.length)];
      return [...picked, ...(farSentence && far !== p.abstract ? [farSentence] : [])].map((s) => ({
        ...p,
        passage: s,
        label: 'neutral' as const,
        source: 'check_covid_negative',
      }));
    });

  const snliFamily = [...weighted(loadSnli(root, 'dev'), 1), ...weighted(loadSnliCad(root), 1)];
  const pool: (LabelledPair & { weight: number })[] = [
    ...snliFamily,
    ...reversed(snliFamily, options.reverseWeight ?? 0),
    ...weighted(loadMnliSample(root), 1.5),
    ...weighted(
      loadNegationNli(root).filter((p) => !isHeldOut(p)),
      1.5,
    ),
    ...weighted(
      loadBreakingNli(root).filter((p) => !isHeldOut(p)),
      0.5,
    ),
    ...weighted(
      take(loadConjNli(root, 'adversarial_train_15k'), 5000, 'conj', (p) => p.claim + p.passage),
      0.7,
    ),
    ...weighted(loadHans(root), 1.5),
    ...weighted(
      take(loadFeverRte(root), options.feverPairs ?? 6000, 'fever', (p) => p.claim + p.passage),
      0.7,
    ),
    ...((options.relatedWeight ?? 0) > 0
      ? weighted(
          relatedNeutralPairs(
            root,
            cc.filter((p) => splitFraction(p.group, 'cc-dev') >= 0.15),
            loadCheckCovid(root, 'dev'),
          ),
          options.relatedWeight ?? 0,
        )
      : []),
    ...weighted(
      loadSciFactRte(root).filter((p) => !isHeldOut(p)),
      sfWeight,
    ),
  ];
  const train = pool.filter((p) => splitFraction(p.group, 'dev') >= DEV_FRACTION);
  // Reversed pairs stay out of dev so that dev scores compare across runs.
  const dev: LabelledPair[] = pool.filter((p) => splitFraction(p.group, 'dev') < DEV_FRACTION && !p.source.endsWith('_reversed'));
  train.push(...weighted(ccPerSentence(ccTrain), ccWeight), ...weighted(ccNeutral(ccTrain), ccWeight / 3));
  dev.push(...ccPerSentence(ccDev), ...ccNeutral(ccDev));
  return { train, dev, passageDev: ccDev };
}

/**
 * Neutral pairs of related but different sentences (see stance-related.ts), from sets whose licenses
 * allow training: FEVER (Wikipedia, CC BY-SA 3.0) claims with the BM25-nearest evidence sentence of
 * other claims, FEVER evidence sentences with their nearest other evidence sentence, and consecutive
 * sentences of Check-COVID training abstracts (never an abstract that a dev claim uses). Noisy by
 * construction (a neighbour may happen to support or refute), hence a low weight; sentences that
 * nearly copy the claim's own evidence, and claims that paraphrase the claim, are skipped.
 */
export function relatedNeutralPairs(root: string, ccTrain: readonly CheckCovidPair[], ccDev: readonly CheckCovidPair[]): LabelledPair[] {
  const fever = loadFeverRte(root);
  const sentences: string[] = [];
  const owners: Set<number>[] = [];
  const sentenceIndex = new Map<string, number>();
  const claims = [...new Set(fever.map((p) => p.claim))];
  const claimIndex = new Map(claims.map((c, i) => [c, i]));
  const own = claims.map(() => new Set<number>());
  for (const p of fever) {
    const c = claimIndex.get(p.claim)!;
    for (const s of splitSentences(p.passage)) {
      if (s.length < 30) continue;
      let i = sentenceIndex.get(s);
      if (i === undefined) {
        i = sentences.length;
        sentences.push(s);
        owners.push(new Set());
        sentenceIndex.set(s, i);
      }
      owners[i]!.add(c);
      own[c]!.add(i);
    }
  }
  const sentenceTerms = sentences.map(contentTerms);
  const claimTerms = claims.map(contentTerms);
  const index = bm25Index(sentenceTerms);
  const out: LabelledPair[] = [];
  for (const claim of hashSample(claims, 4000, 'rel-claim', (c) => c)) {
    const c = claimIndex.get(claim)!;
    const mine = [...own[c]!];
    const near = (j: number): boolean =>
      own[c]!.has(j) ||
      mine.some((m) => termOverlap(sentenceTerms[m]!, sentenceTerms[j]!) >= 0.6) ||
      [...owners[j]!].some((o) => termOverlap(claimTerms[o]!, claimTerms[c]!) >= 0.6);
    const [j] = index.search(claimTerms[c]!, 1, { minShared: 2, skip: near });
    if (j !== undefined) out.push({ claim, passage: sentences[j]!, label: 'neutral', group: claim, source: 'fever_related' });
  }
  for (const i of hashSample(
    sentences.map((_, k) => k),
    3000,
    'rel-ev',
    (k) => sentences[k]!,
  )) {
    const skip = (j: number): boolean => j === i || [...owners[j]!].some((o) => owners[i]!.has(o)) || termOverlap(sentenceTerms[i]!, sentenceTerms[j]!) >= 0.6;
    const [j] = index.search(sentenceTerms[i]!, 1, { minShared: 3, skip });
    if (j === undefined) continue;
    const [a, b] = splitFraction(sentences[i]! + sentences[j]!, 'rel-dir') < 0.5 ? [i, j] : [j, i];
    out.push({ claim: sentences[a]!, passage: sentences[b]!, label: 'neutral', group: sentences[a]!, source: 'wiki_related' });
  }
  const devAbstracts = new Set(ccDev.map((p) => p.abstract.join(' ')));
  const seen = new Set<string>();
  for (const p of ccTrain) {
    const key = p.abstract.join(' ');
    if (devAbstracts.has(key) || seen.has(key)) continue;
    seen.add(key);
    for (let k = 1; k < p.abstract.length; k++) {
      const [a, b] = [p.abstract[k - 1]!, p.abstract[k]!];
      if (a.length < 30 || b.length < 30 || splitFraction(a + b, 'rel-cc') >= 0.5) continue;
      const flip = splitFraction(b + a, 'rel-dir') < 0.5;
      out.push({ claim: flip ? b : a, passage: flip ? a : b, label: 'neutral', group: p.group, source: 'check_covid_related' });
    }
  }
  return out;
}
