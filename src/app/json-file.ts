// One JSON file read and validated at the boundary: the shipped corpus manifests, their vectors'
// manifests and a research run's pointer file. Each caller turns a failure into its own typed error.
import { readFileSync } from 'node:fs';
import type { z } from 'zod';

/** Why a JSON file was refused: it could not be read or parsed, or it does not match its schema. */
export interface JsonFileProblem {
  kind: 'unreadable' | 'invalid';
  /** The read or parse error, or the schema's issues as `path: message; …`. */
  why: string;
  cause?: unknown;
}

/** The file's contents parsed by `schema`; any failure is the error `fail` makes of it. */
export function readJsonFile<S extends z.ZodType>(path: string, schema: S, fail: (problem: JsonFileProblem) => Error): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (cause) {
    throw fail({ kind: 'unreadable', why: (cause as Error).message, cause });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw fail({ kind: 'invalid', why: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
  return parsed.data;
}
