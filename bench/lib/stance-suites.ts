// Which data trains the embedded stance model and which evaluates it. One place, so the training
// script and the benchmark cannot disagree about what is held out.
import {
  isHeldOut, loadBreakingNli, loadCheckCovid, loadClimateFever, loadConjNli, loadFeverRte, loadHans, loadMnliSample,
  loadNegationNli, loadSciFactRte, loadSnli, loadSnliCad, splitFraction, type CheckCovidPair, type LabelledPair,
} from './stance-data.js';

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
    { name: 'climate_fever_test', note: 'Climate-FEVER claim–evidence pairs, test half by claim id (never trained on)', pairs: loadClimateFever(root).filter((p) => splitFraction(p.group, 'climate') < 0.5) },
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
  const ccNeutral = (pairs: CheckCovidPair[]): LabelledPair[] => pairs.flatMap((p, i) => {
    const others = p.abstract.filter((s) => !p.evidence.includes(s));
    const picked = take(others, 1, `ccn${i}`, (s) => s);
    const far = abstracts[Math.floor(splitFraction(`${p.claim}${i}`, 'far') * abstracts.length)]!;
    const farSentence = far[Math.floor(splitFraction(p.claim, 'far-s') * far.length)];
    return [...picked, ...(farSentence && far !== p.abstract ? [farSentence] : [])].map((s) => ({ ...p, passage: s, label: 'neutral' as const, source: 'check_covid_negative' }));
  });

  const snliFamily = [...weighted(loadSnli(root, 'dev'), 1), ...weighted(loadSnliCad(root), 1)];
  const pool: (LabelledPair & { weight: number })[] = [
    ...snliFamily,
    ...reversed(snliFamily, options.reverseWeight ?? 0),
    ...weighted(loadMnliSample(root), 1.5),
    ...weighted(loadNegationNli(root).filter((p) => !isHeldOut(p)), 1.5),
    ...weighted(loadBreakingNli(root).filter((p) => !isHeldOut(p)), 0.5),
    ...weighted(take(loadConjNli(root, 'adversarial_train_15k'), 5000, 'conj', (p) => p.claim + p.passage), 0.7),
    ...weighted(loadHans(root), 1.5),
    ...weighted(take(loadFeverRte(root), 6000, 'fever', (p) => p.claim + p.passage), 0.7),
    ...weighted(loadSciFactRte(root).filter((p) => !isHeldOut(p)), sfWeight),
  ];
  const train = pool.filter((p) => splitFraction(p.group, 'dev') >= DEV_FRACTION);
  // Reversed pairs stay out of dev so that dev scores compare across runs.
  const dev: LabelledPair[] = pool.filter((p) => splitFraction(p.group, 'dev') < DEV_FRACTION && !p.source.endsWith('_reversed'));
  train.push(...weighted(ccPerSentence(ccTrain), ccWeight), ...weighted(ccNeutral(ccTrain), ccWeight / 3));
  dev.push(...ccPerSentence(ccDev), ...ccNeutral(ccDev));
  return { train, dev, passageDev: ccDev };
}
