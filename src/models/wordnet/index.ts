// models/wordnet: WordNet 3.1 synonyms for mechanical query expansion (Thesaurus).
export {
  DEFAULT_MAX_SYNONYMS,
  DOMINANT_SENSE_SHARE,
  MAX_SENSE_LINES,
  SYNONYM_MEMO_LIMIT,
  createWordNetThesaurus,
  defaultWordNetDir,
  sameStem,
} from './wordnet-thesaurus.js';
export type { WordNetThesaurusOptions } from './wordnet-thesaurus.js';
export { MAX_LINE_BYTES, openSortedFile, type SortedFile } from './sorted-file.js';
