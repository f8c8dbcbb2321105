// One naming convention on the wire: every key of a tool result is snake_case, as the inputs are.
// The engine's views keep their camelCase names (the library's and `--json`'s contract); the MCP
// boundary converts them mechanically, so a field's MCP name is always derivable from its engine name
// (`taskId` → `task_id`, `eceBefore` → `ece_before`). Keys without a lower-to-upper step stay as they
// are: status names used as keys (`VERIFIED`), `s2`, names already snake_case (`blocked_domains`).
// No result carries an object keyed by data other than such names: tables come as columns and rows.

import { snakeKey } from '../core/index.js';

/** `taskId` → `task_id`; `VERIFIED`, `s2` and `blocked_domains` unchanged (core/key-case.ts, shared with config keys). */
export { snakeKey };

/** `task_id` → `taskId` (input names, for passing selections such as field lists to the engine). */
export function camelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A JSON-like value with every object key converted by snakeKey (arrays and nested objects too). */
export function toSnakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toSnakeKeys);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  // defineProperty: a `__proto__` key stays a key, never the object's prototype.
  for (const [k, v] of Object.entries(value))
    Object.defineProperty(out, snakeKey(k), { value: toSnakeKeys(v), enumerable: true, writable: true, configurable: true });
  return out;
}
