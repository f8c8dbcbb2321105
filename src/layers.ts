// The layer map of DESIGN.md, as data, so a test can enforce it and docs can print it.

/** Tier of each top-level folder under src/; a file may import only from lower tiers or its own folder. */
export const LAYER_TIERS: Readonly<Record<string, number>> = {
  core: 0,
  policy: 1,
  net: 2,
  extract: 2,
  store: 2,
  /** The job queue between processes (pg-boss): an adapter beside the store. */
  queue: 2,
  /** Reports as data (a document of blocks and inline pieces) and their renderings: pure, over core/ and policy/. */
  report: 2,
  sources: 3,
  models: 3,
  pipeline: 4,
  workflows: 5,
  app: 6,
  cli: 7,
  mcp: 7,
  web: 7,
  /** The hostile-input suite (issue 20; its payloads are in test-support/): above every layer, imported by none. */
  testing: 8,
};

/**
 * Explicit same-tier or upward exceptions, as `from→to`. `cli→mcp`: `lyra serve` is a command that
 * starts the MCP server; `cli→web`: `lyra ui` (and `lyra serve --http --ui`) start the browser UI.
 * Neither server imports the CLI, and mcp/ and web/ never import each other (a UI mounted in the MCP
 * HTTP server is handed to it as a request handler by the CLI).
 */
export const LAYER_EXCEPTIONS: readonly string[] = ['cli→mcp', 'cli→web'];

/** Why an import from folder `from` to folder `to` is not allowed, or undefined when it is. */
export function layerViolation(from: string, to: string): string | undefined {
  if (from === to) return undefined;
  const a = LAYER_TIERS[from];
  const b = LAYER_TIERS[to];
  if (a === undefined || b === undefined) return undefined;
  if (LAYER_EXCEPTIONS.includes(`${from}→${to}`)) return undefined;
  if (b > a) return `${from}/ (tier ${a}) imports ${to}/ (tier ${b}), a higher layer`;
  if (b === a) return `${from}/ imports its sibling ${to}/ of the same tier ${a}`;
  return undefined;
}
