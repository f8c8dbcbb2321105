export {
  DEFAULT_RELEVANCE_MODEL_PATH,
  RELEVANCE_MODEL_FORMAT,
  RELEVANCE_MODEL_FORMAT_V1,
  SIMILARITY_BATCH,
  createRelevanceModel,
  loadRelevanceModel,
  readRelevanceModelFile,
  relevanceFeatures,
  relevanceModelFileSchema,
  type RelevanceInputs,
  type RelevanceModelFile,
} from './relevance-model.js';
