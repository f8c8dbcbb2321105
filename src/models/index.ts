// models/: stance backends (embeddings and LLM backends come later).
export * from './stance/index.js';
export * from './embedding/index.js';
export * from './llm/index.js';
export * from './transformers/index.js';
export * from './claim-screen/index.js';
export * from './relevance/index.js';
export {
  DEFAULT_SECOND_READING,
  EMBEDDING_BACKENDS,
  SECOND_READINGS,
  STANCE_BACKENDS,
  createEmbeddingModel,
  createStanceModel,
  openVectorCache,
} from './factory.js';
export { createEscalatingStanceModel, escalationOptionsSchema, uncertainty, type EscalationOptions } from './escalating-stance.js';
export type {
  ClosableEmbeddingModel,
  CreateEmbeddingModelOptions,
  CreateStanceModelOptions,
  EmbeddingBackend,
  SecondReading,
  StanceBackend,
} from './factory.js';
export {
  DEFAULT_MAX_SYNONYMS,
  DOMINANT_SENSE_SHARE,
  MAX_LINE_BYTES,
  MAX_SENSE_LINES,
  SYNONYM_MEMO_LIMIT,
  createWordNetThesaurus,
  defaultWordNetDir,
  openSortedFile,
  sameStem,
} from './wordnet/index.js';
export type { SortedFile, WordNetThesaurusOptions } from './wordnet/index.js';
