// The answers of the evidence queries (core/interfaces/evidence-queries.ts) as zod schemas: the types
// are inferred from them and the MCP tools list_views, query_view, query_sql and vector_search derive
// their output schemas from them (mcp/schemas/wire.ts), so a trust level is the enum there too.
import { z } from 'zod';
import { TRUST_LEVELS } from '../enums.js';
import { locatorSchema } from './graph-entities.js';

/** A table: column names once, rows as arrays (no keys repeated per row). */
export const tableResultSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
  /** Rows returned. */
  rowCount: z.number(),
  /** More rows were left past the row limit. */
  truncated: z.boolean(),
  /** Text cells cut to the cell limit. */
  cutCells: z.number(),
  /** Rows returned at most for this call. */
  maxRows: z.number(),
  elapsedMs: z.number(),
});

export const viewInfoSchema = z.object({
  name: z.string(),
  description: z.string(),
  columns: z.array(z.string()),
});

export const vectorHitSchema = z.object({
  fragmentId: z.string(),
  pageId: z.string(),
  url: z.string(),
  trustLevel: z.enum(TRUST_LEVELS),
  /** Cosine similarity of the query and the fragment. */
  score: z.number(),
  /** The fragment text, cut to the quote length from its start. */
  text: z.string(),
  fragmentChars: z.number(),
  locator: locatorSchema,
});

export const vectorSearchResultSchema = z.object({
  hits: z.array(vectorHitSchema),
  /** Fragments compared (at most the configured number, in document order). */
  fragmentsCompared: z.number(),
  fragmentsInTask: z.number(),
  model: z.string(),
});
