// store/: SQLite persistence of the evidence graph and local corpora.
export { openStore, type OpenStoreOptions, type SqliteStore } from './sqlite-store.js';
export { MIGRATIONS, SCHEMA_VERSION, migrate, type Migration } from './migrations.js';
export { CORPUS_LEAD_CHARS, CORPUS_PASSAGES_CHARS, MAX_CORPUS_LIMIT, TITLE_WEIGHT, corpusLead, corpusPassageText } from './corpus-tables.js';
export { edgeNaturalKey } from './graph-tables.js';
export { QUERY_STOPWORDS, cjkBigrams, ftsIndexText, ftsMatchExpression, ftsQueryTerms, snippetAround } from './fts-text.js';
export { createReadonlySql, type ReadonlySql, type ReadonlySqlOptions, type ReadonlySqlQuery } from './readonly-sql.js';
export { MAX_SQL_CHARS, checkReadonlySql, leadingKeyword } from './readonly-sql-check.js';
export { EVIDENCE_VIEWS, EVIDENCE_VIEW_NAMES, RECENT_YEARS, evidenceView, type EvidenceView } from './evidence-views.js';
