// Options of every backend factory are checked by a zod schema; a bad value is an
// InvalidInputError naming the factory and each wrong field (not a raw ZodError).
import type { z } from 'zod';
import { InvalidInputError } from '../core/index.js';

export function parseOptions<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(options)'}: ${i.message}`).join('; ');
  throw new InvalidInputError(`${what}: invalid options: ${issues}`, { code: 'invalid_options', details: { issues: parsed.error.issues } });
}
