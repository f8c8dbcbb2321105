// A small model file shipped as JSON (the claim screen's weights, the relevance model's): read and
// validated against its zod schema in one place, so a file that cannot be read or does not parse is the
// same error, naming the file, whichever model it belongs to. Never a model built from a partial file.
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { InvalidInputError } from '../core/index.js';

export function readModelFile<S extends z.ZodType>(options: {
  path: string;
  schema: S;
  /** The model's name in messages ("claim screen", "relevance model"). */
  what: string;
  /** The format the file must declare, named in the message of a file that does not parse. */
  format: string;
}): z.infer<S> {
  const { path, schema, what, format } = options;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (cause) {
    throw new InvalidInputError(`${what}: cannot read ${path}: ${(cause as Error).message}`, {
      code: 'model_file_unreadable',
      details: { file: path },
      cause,
    });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new InvalidInputError(`${what}: ${path} is not a ${format} file: ${parsed.error.issues[0]?.message ?? 'invalid'}`, {
      code: 'model_file_invalid',
      details: { file: path },
    });
  return parsed.data;
}
