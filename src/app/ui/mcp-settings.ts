// The MCP server's limits and naming (config `mcp`, docs/mcp.md) and its token variable: here, apart
// from serve.ts (which wires the engine), so that `lyra config show` reads them without loading the engine.
import type { LyraConfig } from '../config/index.js';

/** Environment variable holding the HTTP bearer token (wins over mcp.http.token). */
export const MCP_TOKEN_ENV = 'LYRA_MCP_TOKEN';

/** What one MCP tool call may cost and how results are named (config `mcp`, docs/mcp.md). */
export interface McpSettings {
  /** Deprecated (0.2.x): 0.1 camelCase output names, no output schemas in tools/list. */
  legacyOutputNames: boolean;
  /** Progress notification interval while a call runs, in ms (0: only on engine events). */
  progressIntervalMs: number;
  /** Longest get_status wait_seconds. */
  maxWaitSeconds: number;
  materials: { pageClaims: number; perClaim: number; quoteChars: number; maxPageBytes: number };
  sql: { maxRows: number; timeoutMs: number; maxCellChars: number; maxMemoryMb: number };
  vectorSearch: { maxResults: number; maxFragments: number };
}

export const MCP_DEFAULTS: McpSettings = {
  legacyOutputNames: false,
  progressIntervalMs: 10_000,
  maxWaitSeconds: 50,
  materials: { pageClaims: 20, perClaim: 3, quoteChars: 300, maxPageBytes: 40_000 },
  sql: { maxRows: 200, timeoutMs: 5_000, maxCellChars: 2_000, maxMemoryMb: 256 },
  vectorSearch: { maxResults: 50, maxFragments: 5_000 },
};

/** The `mcp` section over the defaults. */
export function mcpSettingsOf(config: LyraConfig): McpSettings {
  const m = config.raw.mcp ?? {};
  const d = MCP_DEFAULTS;
  return {
    legacyOutputNames: m.legacy_output_names ?? d.legacyOutputNames,
    progressIntervalMs: m.progress_interval_ms ?? d.progressIntervalMs,
    maxWaitSeconds: m.max_wait_seconds ?? d.maxWaitSeconds,
    materials: {
      pageClaims: m.materials?.page_claims ?? d.materials.pageClaims,
      perClaim: m.materials?.per_claim ?? d.materials.perClaim,
      quoteChars: m.materials?.quote_chars ?? d.materials.quoteChars,
      maxPageBytes: m.materials?.max_page_bytes ?? d.materials.maxPageBytes,
    },
    sql: {
      maxRows: m.sql?.max_rows ?? d.sql.maxRows,
      timeoutMs: m.sql?.timeout_ms ?? d.sql.timeoutMs,
      maxCellChars: m.sql?.max_cell_chars ?? d.sql.maxCellChars,
      maxMemoryMb: m.sql?.max_memory_mb ?? d.sql.maxMemoryMb,
    },
    vectorSearch: {
      maxResults: m.vector_search?.max_results ?? d.vectorSearch.maxResults,
      maxFragments: m.vector_search?.max_fragments ?? d.vectorSearch.maxFragments,
    },
  };
}
