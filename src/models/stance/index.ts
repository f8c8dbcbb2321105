// Stance backends: the `embedded` model and its building blocks (exported for training and benchmarks).
export { aggregateSentences, type SentenceProbabilities } from './aggregate.js';
export {
  createEmbeddedStanceModel, DEFAULT_STANCE_WEIGHTS_PATH, type EmbeddedStanceModel, type EmbeddedStanceOptions, type SentenceJudgement,
} from './embedded.js';
export {
  HAND_FEATURES, hashFeature, MAX_ATTENTION_TOKENS, pairFeatures, prepareText, TOKEN_FLAGS, tokenInputSize,
  type FeatureResources, type PairFeatures, type PreparedText,
} from './features.js';
export { applyGuard, guardOf, NUMBER_TOLERANCE, UNRELATED_KEEP, type GuardName } from './guards.js';
export { CURATED_ANTONYMS } from './lexicon.js';
export { isNegationCue, litotesBase, NEGATION_SCOPE, negationScope, resolveNegationConstructions } from './negation.js';
export {
  backward, CLASSES, createGradients, createParams, DENSE_TENSORS, ensembleLogits, forward, NUM_CLASSES, softmax, tensorSizes, Workspace,
  type NetworkParams, type NetworkShape, type PairInput,
} from './network.js';
export { DEFAULT_MAX_SENTENCES, splitSentences, type SplitOptions } from './sentences.js';
export { stem, tokenize, type Token } from './text.js';
export { fitStandardization, fitTemperature, seededRandom, train, type TrainExample, type TrainOptions } from './trainer.js';
export { decodeWeights, encodeWeights, loadWeights, type EncodeInput, type StanceWeights, type WeightsHeader } from './weights-file.js';
export { dequantizeVectors, dot, oovVector, quantizeVectors, WordVectors } from './word-vectors.js';
export { checkStanceBatch, checkStancePair } from './pair-checks.js';
