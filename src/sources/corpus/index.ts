export { parseDocumentFile, parseDocumentRecord, type DocumentRecord } from './document-records.js';
export { columnKey } from './csv-records.js';
export {
  CORPUS_NAME_RE,
  DEFAULT_MAX_FILES,
  DEFAULT_MAX_FILE_BYTES,
  INGEST_BATCH,
  ingestCorpus,
  validateCorpusName,
  type IngestOptions,
  type IngestProgress,
  type IngestReport,
} from './ingest.js';
export { corpusDocumentUrl, createCorpusSearchProvider, createPassageMemo, parseCorpusUrl, type PassageMemo } from './corpus-provider.js';
export type { CorpusDenseOptions, CorpusSearchProviderOptions } from './corpus-provider.js';
export { CORPUS_RANKINGS, DEFAULT_CORPUS_RANKING, DENSE_POOL, DENSE_WEIGHT, hybridScores, type CorpusRanking, type PoolEntry } from './hybrid-rank.js';
export { documentPassages, MAX_PASSAGES, PASSAGE_CHARS, type PassageOptions } from './passages.js';
