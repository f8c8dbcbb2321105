// Read-only questions over the stored evidence that do not fit the engine's views: ready-made views
// (contradictions, unsupported claims, claim origins, …), SQL of the client's own on a read-only
// connection, and a vector search over a task's fragments. Every call is bounded in rows and time.
import type { z } from 'zod';
import type { tableResultSchema, vectorHitSchema, vectorSearchResultSchema, viewInfoSchema } from '../schemas/evidence-queries.js';

export type TableResult = z.infer<typeof tableResultSchema>;
export type ViewInfo = z.infer<typeof viewInfoSchema>;
export type VectorHit = z.infer<typeof vectorHitSchema>;
export type VectorSearchResult = z.infer<typeof vectorSearchResultSchema>;

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
