// Read-only questions over the stored evidence that do not fit the engine's views: ready-made views
// (contradictions, unsupported claims, claim origins, …), SQL of the client's own on a read-only
// connection, and a vector search over a task's fragments. Every call is bounded in rows and time.
import type { Locator } from '../entities.js';
import type { TrustLevel } from '../enums.js';

/** A table: column names once, rows as arrays (no keys repeated per row). */
export interface TableResult {
  columns: string[];
  rows: unknown[][];
  /** Rows returned. */
  rowCount: number;
  /** More rows were left past the row limit. */
  truncated: boolean;
  /** Text cells cut to the cell limit. */
  cutCells: number;
  /** Rows returned at most for this call. */
  maxRows: number;
  elapsedMs: number;
}

export interface ViewInfo {
  name: string;
  description: string;
  columns: string[];
}

export interface VectorHit {
  fragmentId: string;
  pageId: string;
  url: string;
  trustLevel: TrustLevel;
  /** Cosine similarity of the query and the fragment. */
  score: number;
  /** The fragment text, cut to the quote length from its start. */
  text: string;
  fragmentChars: number;
  locator: Locator;
}

export interface VectorSearchResult {
  hits: VectorHit[];
  /** Fragments compared (at most the configured number, in document order). */
  fragmentsCompared: number;
  fragmentsInTask: number;
  model: string;
}

export interface EvidenceQueries {
  listViews(): ViewInfo[];
  queryView(input: { name: string; taskId: string; limit?: number; offset?: number; signal?: AbortSignal }): Promise<TableResult>;
  /** One SELECT (or WITH … SELECT / VALUES); writes, ATTACH, PRAGMA and several statements are refused. */
  querySql(input: { sql: string; params?: Array<string | number | null>; maxRows?: number; signal?: AbortSignal }): Promise<TableResult>;
  vectorSearch(input: {
    taskId: string;
    query: string;
    limit?: number;
    minScore?: number;
    quoteChars?: number;
    signal?: AbortSignal;
  }): Promise<VectorSearchResult>;
  close(): Promise<void>;
}
