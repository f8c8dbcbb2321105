// The EvidenceQueries of `lyra serve` (core/interfaces/evidence-queries.ts): the store's ready-made
// views and read-only SQL through one child-process connection (store/readonly-sql.ts), and vector
// search over a task's fragments with the engine's embedding model. Limits come from `mcp.sql` and
// `mcp.vector_search`; a call may ask for less, never more.
import { InvalidInputError, isPostgresUrl, type EmbeddingModel, type EvidenceQueries, type Store, type TableResult } from '../../core/index.js';
import { searchFragments, type TrustResolver } from '../../pipeline/index.js';
import { EVIDENCE_VIEWS, createReadonlySql, evidenceView, type ReadonlySql } from '../../store/index.js';

export interface EvidenceQueriesOptions {
  store: Store;
  /** The store's database file (the read-only connection opens it on the first query). */
  storePath: string;
  trust: TrustResolver;
  embedding(): EmbeddingModel;
  sql: { maxRows: number; timeoutMs: number; maxCellChars: number; maxMemoryMb?: number };
  vectorSearch: { maxResults: number; maxFragments: number };
}

/** Characters of fragment text a vector-search hit carries unless asked otherwise. */
export const DEFAULT_HIT_CHARS = 300;

export function createEvidenceQueries(options: EvidenceQueriesOptions): EvidenceQueries {
  let runner: ReadonlySql | undefined;
  const sql = (): ReadonlySql => {
    // The read-only SQL child opens the SQLite file; a PostgreSQL store (a URL) has no such file.
    if (isPostgresUrl(options.storePath))
      throw new InvalidInputError('query_sql and query_view read the SQLite store; this Lyra stores in PostgreSQL: query it with psql under a read-only role', {
        code: 'sql_unsupported_store',
        details: { store: options.storePath },
      });
    const { maxMemoryMb, ...limits } = options.sql;
    return (runner ??= createReadonlySql({ path: options.storePath, ...limits, ...(maxMemoryMb !== undefined ? { maxRssMb: maxMemoryMb } : {}) }));
  };
  const requireTask = (taskId: string): void => {
    if (!options.store.getTask(taskId))
      throw new InvalidInputError(`no task ${JSON.stringify(taskId)} (create_task returns task ids)`, { code: 'task_not_found', details: { taskId } });
  };
  return {
    listViews: () => EVIDENCE_VIEWS.map((v) => ({ name: v.name, description: v.description, columns: v.columns })),
    async queryView(input): Promise<TableResult> {
      const view = evidenceView(input.name);
      if (!view)
        throw new InvalidInputError(`no view ${JSON.stringify(input.name.slice(0, 100))}; views: ${EVIDENCE_VIEWS.map((v) => v.name).join(', ')}`, {
          code: 'view_not_found',
        });
      requireTask(input.taskId);
      return sql().query({
        sql: view.sql,
        params: [input.taskId],
        ...(input.offset !== undefined ? { offset: input.offset } : {}),
        ...(input.limit !== undefined ? { maxRows: input.limit } : {}),
        ...(input.signal ? { signal: input.signal } : {}),
      });
    },
    querySql(input): Promise<TableResult> {
      return sql().query({
        sql: input.sql,
        ...(input.params ? { params: input.params } : {}),
        ...(input.maxRows !== undefined ? { maxRows: input.maxRows } : {}),
        ...(input.signal ? { signal: input.signal } : {}),
      });
    },
    vectorSearch(input) {
      const v = options.vectorSearch;
      return searchFragments(
        { store: options.store, embedding: options.embedding(), trust: options.trust },
        {
          taskId: input.taskId,
          query: input.query,
          limit: Math.min(input.limit ?? v.maxResults, v.maxResults),
          maxFragments: v.maxFragments,
          quoteChars: input.quoteChars ?? DEFAULT_HIT_CHARS,
          ...(input.minScore !== undefined ? { minScore: input.minScore } : {}),
          ...(input.signal ? { signal: input.signal } : {}),
        },
      );
    },
    async close(): Promise<void> {
      await runner?.close();
    },
  };
}
