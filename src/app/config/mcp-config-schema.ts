// The `mcp:` section of lyra.config.yaml: `lyra serve` over HTTP, and what one tool call may cost
// (pages of materials, waits, SQL and vector searches). Every limit here is documented in docs/configuration.md
// ("Configuration", MCP server).
import { z } from 'zod';
import { listenerAccessFields, listenerTimeFields } from './http-listener-schema.js';

export const mcpConfigSchema = z.strictObject({
  http: z
    .strictObject({
      // token: $LYRA_MCP_TOKEN overrides it; port default 3917.
      ...listenerAccessFields,
      /** Largest request body in bytes (default 4 MiB). */
      max_body_bytes: z.number().int().min(1_024).max(1_073_741_824).optional(),
      /** Sessions open at once (default 64). */
      max_sessions: z.number().int().min(1).max(10_000).optional(),
      /** A session unused this long is closed, in ms (default 30 min). */
      session_idle_ms: z
        .number()
        .int()
        .min(1_000)
        .max(7 * 24 * 3_600_000)
        .optional(),
      ...listenerTimeFields,
    })
    .optional(),
  /**
   * Deprecated transition (0.2.x only, removed in 0.3.0): tool results keep the 0.1 camelCase names
   * (`taskId`) instead of snake_case, and tools/list publishes no output schemas. Default false.
   */
  legacy_output_names: z.boolean().optional(),
  /** A progress notification this often while a tool call runs and the client asked for progress (ms; default 10 s; 0: only on engine events). */
  progress_interval_ms: z.number().int().min(0).max(600_000).optional(),
  /** Longest `get_status` wait_seconds (default 50, under the SDK clients' 60 s request timeout). */
  max_wait_seconds: z.number().int().min(0).max(3_600).optional(),
  /** `get_materials` pages. */
  materials: z
    .strictObject({
      /** Claims per page unless paging.limit says otherwise (default 20). */
      page_claims: z.number().int().min(1).max(1_000).optional(),
      /** Supporting and refuting quotes (each) and contested pairs per claim (default 3). */
      per_claim: z.number().int().min(0).max(100).optional(),
      /** Longest quote in characters, cut around the decisive sentence (default 300). */
      quote_chars: z.number().int().min(40).max(100_000).optional(),
      /** Largest page in bytes of JSON (default 40,000, which keeps the tool result under 50 KB). */
      max_page_bytes: z.number().int().min(1_000).max(10_000_000).optional(),
    })
    .optional(),
  /** `query_sql` and `query_view`, run on a read-only connection in a child process. */
  sql: z
    .strictObject({
      /** Rows returned at most (default 200; a call may ask for fewer). */
      max_rows: z.number().int().min(1).max(100_000).optional(),
      /** A query still running after this is killed (ms; default 5000). */
      timeout_ms: z.number().int().min(100).max(600_000).optional(),
      /** Longest text cell returned, in characters (default 2000; longer ones are cut and flagged). */
      max_cell_chars: z.number().int().min(10).max(1_000_000).optional(),
      /** Resident memory of the query process while a statement runs, in MB (default 256); past it the statement is stopped. */
      max_memory_mb: z.number().int().min(64).max(65_536).optional(),
    })
    .optional(),
  /** `vector_search` over a task's fragments. */
  vector_search: z
    .strictObject({
      /** Hits returned at most (default 50). */
      max_results: z.number().int().min(1).max(1_000).optional(),
      /** Fragments of a task compared at most, in document order (default 5000). */
      max_fragments: z.number().int().min(1).max(1_000_000).optional(),
    })
    .optional(),
});
