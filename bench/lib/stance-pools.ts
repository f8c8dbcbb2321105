// The English training data of the stance model, and what each set keeps out for tuning and
// evaluation. One place, so the training script and bench:verdicts cannot disagree on what is held out.
//
// The target is the candidate distribution (issue 14): a claim against sentences a search found,
// most of which neither support nor refute it. So besides the NLI sets (trainingPools in
// stance-suites.ts), the pool holds related-but-silent sentences: FM2's retrieved non-gold sentences
// of the claim's Wikipedia page, every other sentence of the Check-COVID abstracts a search returns
// for a training claim, and BM25 neighbours from FEVER and Check-COVID (relatedNeutralPairs).
import { loadCheckCovid, splitFraction, type LabelledPair } from './stance-data.js';
import { checkCovidCandidates, loadEvidenceInference, loadFm2 } from './stance-data-extra.js';
import { relatedNeutralPairs, trainingPools } from './stance-suites.js';

export type WeightedPair = LabelledPair & { weight: number };

/** Share of FM2 claims held out for evaluation (by claim id); never trained on or tuned to. */
export const FM2_EVAL_FRACTION = 0.2;
/** Check-COVID train claims (by claim group) kept out of training for tuning thresholds (same split as v1). */
export const CC_TUNE_FRACTION = 0.15;

export const isFm2Eval = (p: LabelledPair): boolean => splitFraction(p.group, 'fm2-eval') < FM2_EVAL_FRACTION;
export const isCcTune = (group: string): boolean => splitFraction(group, 'cc-dev') < CC_TUNE_FRACTION;

export interface PoolWeights {
  fm2Gold: number;
  fm2Retrieved: number;
  evidenceInference: number;
  ccCandidateOther: number;
  related: number;
}

export const DEFAULT_POOL_WEIGHTS: PoolWeights = { fm2Gold: 1.5, fm2Retrieved: 0.5, evidenceInference: 1, ccCandidateOther: 1, related: 0.5 };

/**
 * Share of the Check-COVID candidates' other sentences kept for training (by sentence hash): 45,000 of
 * them would be a third of all pairs and of the training time, for one kind of neutral.
 */
export const CC_CANDIDATE_KEEP = 0.35;

export interface EnglishPools {
  train: WeightedPair[];
  /** Per-sentence pairs for choosing the epoch (10 % of each training set's groups, as v1). */
  dev: LabelledPair[];
  /** Candidate-distribution pairs kept out of training, for fitting temperature and thresholds. */
  tune: LabelledPair[];
}

/** Every English training pair with its weight, plus dev and tuning pairs. */
export function englishPools(root: string, weights: PoolWeights = DEFAULT_POOL_WEIGHTS): EnglishPools {
  const base = trainingPools(root, { reverseWeight: 1 });
  const devFraction = (group: string): boolean => splitFraction(group, 'dev') < 0.1;
  const train: WeightedPair[] = [...base.train];
  const dev: LabelledPair[] = [...base.dev];
  const tune: LabelledPair[] = [];
  const add = (pairs: LabelledPair[], weight: number): void => {
    for (const p of pairs) {
      if (devFraction(p.group)) dev.push(p);
      else train.push({ ...p, weight });
    }
  };

  const fm2 = loadFm2(root).filter((p) => !isFm2Eval(p));
  add(
    fm2.filter((p) => p.source === 'fm2_gold'),
    weights.fm2Gold,
  );
  add(
    fm2.filter((p) => p.source === 'fm2_retrieved'),
    weights.fm2Retrieved,
  );

  add(loadEvidenceInference(root, 'train'), weights.evidenceInference);
  dev.push(...loadEvidenceInference(root, 'validation'));

  // Check-COVID: candidates of the training claims (their evidence sentences are already in the base
  // pool, so only the other sentences join); the tuning claims' candidates are kept for thresholds.
  const ccTrainAll = loadCheckCovid(root, 'train');
  const ccDev = loadCheckCovid(root, 'dev');
  const devAbstracts = new Set(ccDev.map((p) => p.abstract.join(' ')));
  const candidates = checkCovidCandidates(ccTrainAll, { exclude: devAbstracts });
  for (const p of candidates) {
    if (isCcTune(p.group)) tune.push(p);
    else if (p.source === 'check_covid_candidate_other' && splitFraction(`${p.claim}\u0000${p.passage}`, 'cc-cand') < CC_CANDIDATE_KEEP) {
      train.push({ ...p, weight: weights.ccCandidateOther });
    }
  }
  const ccTrain = ccTrainAll.filter((p) => !isCcTune(p.group));
  add(relatedNeutralPairs(root, ccTrain, ccDev), weights.related);
  return { train, dev, tune };
}
