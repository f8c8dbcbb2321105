// Stance backends: the `embedded` models (English and Japanese) and their building blocks (exported for training and benchmarks).
export { aggregateSentences, type SentenceProbabilities } from './aggregate.js';
export {
  createEmbeddedStanceModel,
  DEFAULT_STANCE_JA_PATH,
  DEFAULT_STANCE_WEIGHTS_PATH,
  stanceLanguage,
  type EmbeddedStanceModel,
  type EmbeddedStanceOptions,
} from './embedded.js';
export { ALIGN_MIN_COSINE, slotAlignment, slotTerms, type SlotAlignment, type SlotTerms } from './alignment.js';
export { calibrated, decidePassage, sentenceVerdict, type JudgedSentence } from './decide.js';
export { nonEvidenceReason } from './evidential.js';
export { DecisionSchema, DescriptorSchema, loadDescriptor, type Decision, type Descriptor, type LoadedDescriptor } from './descriptor.js';
export { createEnglishJudge, judgeWithCache, JUDGE_CHUNK, type SentenceItem, type SentenceJudge } from './english-judge.js';
export { createJapaneseJudge } from './japanese-judge.js';
export {
  JA_HAND_FEATURES,
  JA_IDS_PER_TOKEN,
  JA_MAX_TOKENS,
  JA_TOKEN_FLAGS,
  JAPANESE_RE,
  jaPairFeatures,
  prepareJa,
  type JaPairInput,
  type JaPrepared,
} from './ja-features.js';
export { loadOnnxRuntime, openEnglishNetwork, openJapaneseNetwork, type OnnxNetwork } from './onnx-network.js';
export { decodeVectorsFile, encodeVectorsFile, loadVectorsFile, type VectorsHeader } from './vectors-file.js';
export {
  HAND_FEATURES,
  hashFeature,
  MAX_ATTENTION_TOKENS,
  pairFeatures,
  prepareText,
  TOKEN_FLAGS,
  tokenInputSize,
  type FeatureResources,
  type PairFeatures,
  type PairInput,
  type PreparedText,
} from './features.js';
export { CURATED_ANTONYMS } from '../../extract/index.js';
export { isNegationCue, litotesBase, NEGATION_SCOPE, negationScope, resolveNegationConstructions } from './negation.js';
export { DEFAULT_MAX_SENTENCES, splitSentences, type SplitOptions } from './sentences.js';
export { stem, tokenize, type Token } from '../../extract/index.js';
export { dequantizeVectors, dot, oovVector, quantizeVectors, WordVectors } from './word-vectors.js';
export { DEFAULT_STANCE_MAX_PAIRS, checkStanceBatch, checkStancePair } from './pair-checks.js';
export { MIN_REST_ALIGNMENT, MIN_SUBJECT_ALIGNMENT, fitLabel, fitTemperature, type LabelFit, type SetScore, type TuneItem } from './threshold-fit.js';
