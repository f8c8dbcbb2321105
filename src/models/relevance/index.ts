export {
  DEFAULT_RELEVANCE_MODEL_PATH,
  RELEVANCE_MODEL_FORMAT,
  SIMILARITY_BATCH,
  createRelevanceModel,
  loadRelevanceModel,
  readRelevanceModelFile,
  relevanceFeatures,
  relevanceModelFileSchema,
  type RelevanceModelFile,
} from './relevance-model.js';
