// Every input the UI takes, checked with zod at the boundary: route ids, query parameters, forms.
import { z } from 'zod';
import { CLAIM_STATUSES, InvalidInputError, STANCES, TRUST_LEVELS } from '../core/index.js';

const id = (prefix: string) =>
  z
    .string()
    .min(1)
    .max(200)
    .regex(new RegExp(`^${prefix}[A-Za-z0-9_-]+$`), `expected an id such as ${prefix}…`);
export const taskIdSchema = id('task_');
export const claimIdSchema = id('clm_');
export const edgeIdSchema = id('edg_');
export const runIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._-]+$/)
  .refine((s) => s !== '.' && s !== '..', 'not a folder name');

const many = <T extends z.ZodType>(item: T) => z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item).max(20));

export const claimFilterSchema = z.strictObject({
  status: many(z.enum([...CLAIM_STATUSES, 'PENDING'])),
  trust: many(z.enum(TRUST_LEVELS)),
  domain: z
    .string()
    .max(300)
    .optional()
    .transform((s) => s?.trim() || undefined),
  lang: z
    .enum(['', 'en', 'ja'])
    .optional()
    .transform((s) => s || undefined),
  q: z
    .string()
    .max(500)
    .optional()
    .transform((s) => s?.trim() || undefined),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
  rejected: z.enum(['', 'hide']).optional(),
});
export type ClaimFilterQuery = z.output<typeof claimFilterSchema>;

export const graphQuerySchema = z.strictObject({ mode: z.enum(['auto', 'sources', 'all']).optional() });
export const fragmentQuerySchema = z.strictObject({ fragment: z.enum(['1']).optional() });
export const eventsQuerySchema = z.strictObject({ task: taskIdSchema.optional() });

const text = (max: number) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'required').max(max));
const common = { form_token: z.string().min(1).max(200), author: text(200), reason: text(2_000), back: z.string().max(2_000).optional() };

export const actionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('reject_claim'), claim_id: claimIdSchema, ...common }),
  z.strictObject({ action: z.literal('restore_claim'), claim_id: claimIdSchema, ...common }),
  z.strictObject({ action: z.literal('correct_edge'), edge_id: edgeIdSchema, label: z.enum(STANCES), ...common }),
  z.strictObject({ action: z.literal('override_domain'), domain: z.string().min(1).max(253), trust_level: z.enum(TRUST_LEVELS), ...common }),
]);
export type UiAction = z.output<typeof actionSchema>;

/** URLSearchParams → a record of strings or string lists (repeated keys), for the schemas above. */
export function paramsRecord(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of params) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

export const emptyQuerySchema = z.strictObject({});

/** Parses one input with its schema; a mismatch is invalid input naming the field (HTTP 400). */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`)
    .join('; ');
  throw new InvalidInputError(`invalid ${what}: ${issues}`, { code: 'ui_invalid_input', details: { what } });
}
