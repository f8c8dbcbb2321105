// list_views, query_view, query_sql and vector_search (the original system's tools): questions over
// the stored evidence that the engine's views do not answer. Tables come as columns and rows; every
// call is bounded in rows and time (mcp.sql), vector search in hits and fragments (mcp.vector_search).
import { z } from 'zod';
import type { TableResult } from '../../core/index.js';
import { EVIDENCE_VIEW_NAMES, MAX_SQL_CHARS } from '../../store/index.js';
import { queryTextSchema, taskIdSchema } from '../schemas/common.js';
import { tableResultSchema, vectorSearchResultSchema, viewInfoSchema } from '../schemas/views.js';
import { defineTool } from '../tool-types.js';

/** Largest row limit a call may ask for; mcp.sql.max_rows caps it further (default 200). */
export const MAX_ROWS_INPUT = 100_000;
export const MAX_SQL_PARAMS = 100;

const tableSchema = tableResultSchema;

function tableLine(t: TableResult, what: string, more: string): string {
  const cut = t.cutCells > 0 ? `; ${t.cutCells} long cells cut` : '';
  return `${what}: ${t.rowCount} rows × ${t.columns.length} columns (${t.columns.slice(0, 8).join(', ')}${t.columns.length > 8 ? ', …' : ''})${t.truncated ? `; more rows left past ${t.maxRows}: ${more}` : ''}${cut}.`;
}

export const listViewsTool = defineTool({
  name: 'list_views',
  title: 'Ready-made views',
  description: 'The ready-made views query_view runs: name, what each shows, columns.',
  input: z.strictObject({}),
  output: z.looseObject({ views: z.array(viewInfoSchema) }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run(_args, ctx) {
    return { views: ctx.services.evidence.listViews() };
  },
  summarize: (r) => `${r.views.length} views: ${r.views.map((v) => v.name).join(', ')}. Run one with query_view.`,
});

export const queryViewTool = defineTool({
  name: 'query_view',
  title: 'Run a ready-made view',
  description: 'Runs a ready-made view (list_views) over one task: columns and rows, paged with offset and limit.',
  input: z.strictObject({
    name: z.enum(EVIDENCE_VIEW_NAMES),
    task_id: taskIdSchema,
    limit: z.number().int().min(1).max(MAX_ROWS_INPUT).optional(),
    offset: z.number().int().min(0).max(10_000_000).optional(),
  }),
  output: tableSchema.extend({ name: z.string(), task_id: z.string(), offset: z.number() }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const t = await ctx.services.evidence.queryView({
      name: args.name,
      taskId: args.task_id,
      signal: ctx.signal,
      ...(args.limit !== undefined ? { limit: args.limit } : {}),
      ...(args.offset !== undefined ? { offset: args.offset } : {}),
    });
    return { name: args.name, taskId: args.task_id, offset: args.offset ?? 0, ...t };
  },
  summarize: (r) => tableLine(r, `View ${r.name} of task ${r.taskId}`, `next offset ${r.offset + r.rowCount}`),
});

export const querySqlTool = defineTool({
  name: 'query_sql',
  title: 'Read-only SQL',
  description:
    'One SELECT (WITH, VALUES) on a read-only connection; writes, ATTACH and PRAGMA are refused; rows and time are limited (default 200, 5 s). Tables: tasks, queries, pages, fragments, claims, edges (body_json: use json_extract)…; see sqlite_master. params bind ?.',
  input: z.strictObject({
    sql: z.string().trim().min(1).max(MAX_SQL_CHARS),
    params: z
      .array(z.union([z.string().max(10_000), z.number(), z.null()]))
      .max(MAX_SQL_PARAMS)
      .optional(),
    max_rows: z.number().int().min(1).max(MAX_ROWS_INPUT).optional(),
  }),
  output: tableSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run(args, ctx) {
    return ctx.services.evidence.querySql({
      sql: args.sql,
      signal: ctx.signal,
      ...(args.params ? { params: args.params } : {}),
      ...(args.max_rows !== undefined ? { maxRows: args.max_rows } : {}),
    });
  },
  summarize: (r) => tableLine(r, 'Query', 'add a narrower WHERE, or LIMIT … OFFSET in the SQL'),
});

export const vectorSearchTool = defineTool({
  name: 'vector_search',
  title: 'Semantic search over fragments',
  description:
    "Ranks a task's fragments by embedding similarity to a text: fragment id, page, URL, trust level, score, text cut to quote_chars (whole: get_materials fragment_ids).",
  input: z.strictObject({
    task_id: taskIdSchema,
    query: queryTextSchema,
    limit: z.number().int().min(1).max(1_000).optional(),
    min_score: z.number().min(-1).max(1).optional(),
    quote_chars: z.number().int().min(40).max(100_000).optional(),
  }),
  output: vectorSearchResultSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run(args, ctx) {
    return ctx.services.evidence.vectorSearch({
      taskId: args.task_id,
      query: args.query,
      signal: ctx.signal,
      ...(args.limit !== undefined ? { limit: args.limit } : {}),
      ...(args.min_score !== undefined ? { minScore: args.min_score } : {}),
      ...(args.quote_chars !== undefined ? { quoteChars: args.quote_chars } : {}),
    });
  },
  summarize: (r) => `${r.hits.length} fragments, best score ${r.hits[0]?.score ?? 0}; compared ${r.fragmentsCompared} of ${r.fragmentsInTask} (${r.model}).`,
});
