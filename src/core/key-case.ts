// Key names across boundaries: camelCase in the engine, snake_case in config files and on the MCP wire.
// One conversion for both, so a config key and a wire field are always derivable from the engine's name.

/** `taskId` → `task_id`, `citationTopK` → `citation_top_k`; `VERIFIED`, `s2` and `blocked_domains` unchanged. */
export function snakeKey(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, (_m, a: string, b: string) => `${a}_${b.toLowerCase()}`);
}
