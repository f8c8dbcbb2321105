// The tools' output schemas say what the engine's views say: a trust level, a claim status or a stance
// is its enum wherever a tool returns one, never a bare string (issue 33: schemas derived from core's,
// not restated by hand).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { STANCES, TRUST_LEVELS } from '../../core/index.js';
import { LYRA_TOOLS } from './index.js';

/** Keys whose values are one of a fixed set, and that set. */
const ENUM_KEYS: Array<[RegExp, readonly string[] | undefined]> = [
  [/(^|_)trust_level$|^tier$/, TRUST_LEVELS],
  [/^stance$/, STANCES],
  // A claim's, a task's, a query's, a page's or an auth item's status: each an enum of its own (undefined:
  // any values). impact_on_status is seed 001's sentence on what a search changed, not a status.
  [/^(?!impact_on_)(\w+_)?status$/, undefined],
];

/** Every property of a JSON Schema, with its path, at every depth. */
function* properties(schema: unknown, path: string): Generator<[string, string, Record<string, unknown>]> {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Record<string, unknown>;
  for (const [k, v] of Object.entries((s.properties as Record<string, unknown>) ?? {})) {
    yield [k, `${path}.${k}`, v as Record<string, unknown>];
    yield* properties(v, `${path}.${k}`);
  }
  for (const key of ['items', 'additionalProperties']) if (s[key] && typeof s[key] === 'object') yield* properties(s[key], `${path}[]`);
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const sub of (s[key] as unknown[]) ?? []) yield* properties(sub, path);
}

/** The values a property allows when it is an enum (optional and nullable ones included). */
function enumOf(p: Record<string, unknown>): string[] | undefined {
  if (Array.isArray(p.enum)) return p.enum as string[];
  const alts = (p.anyOf as Array<Record<string, unknown>> | undefined)?.flatMap((a) => (Array.isArray(a.enum) ? (a.enum as string[]) : []));
  return alts && alts.length > 0 ? alts : undefined;
}

test("every tool's output schema gives trust levels, claim statuses and stances as their enums", () => {
  const loose: string[] = [];
  for (const tool of LYRA_TOOLS) {
    const schema = z.toJSONSchema(tool.output, { io: 'output' });
    for (const [key, path, p] of properties(schema, tool.name)) {
      for (const [re, values] of ENUM_KEYS) {
        if (!re.test(key)) continue;
        // A status view under a `status` key is an object, not a value.
        if (p.type === 'object') continue;
        const e = enumOf(p);
        if (!e) loose.push(`${path}: ${JSON.stringify(p.type ?? p)}`);
        else if (values) assert.deepEqual([...new Set(e)].sort(), [...values].sort(), path);
      }
    }
  }
  assert.deepEqual(loose, []);
});
