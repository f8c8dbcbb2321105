// Schema of domains.yaml (seed 000 §提案4, DESIGN.md "Source reliability"). Pure: parsing text is
// the caller's business; this validates the parsed value.
import { z } from 'zod';
import { parseTrustLevel, type TrustLevel } from '../core/index.js';

/** Requests per second used for a domain that no rule names. */
export const DEFAULT_DOMAIN_QPS = 1;
/** Upper bound on any configured qps: Lyra is a polite crawler, not a load generator. */
export const MAX_DOMAIN_QPS = 20;

const HOST_RE = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const PATTERN_RE = /^\*\.([a-z0-9-]+)(\.[a-z0-9-]+)*$/;

const trustLevelField = z.string().transform((value, ctx): TrustLevel => {
  const level = parseTrustLevel(value);
  if (!level) {
    ctx.addIssue({ code: 'custom', message: `expected one of primary, government, academic, trusted, low, unverified, blocked; got ${JSON.stringify(value)}` });
    return z.NEVER;
  }
  return level;
});

const hostField = z
  .string()
  .transform((s) => s.trim().toLowerCase().replace(/\.$/, ''))
  .refine((s) => HOST_RE.test(s), { message: 'expected a host name such as "example.org" (no scheme, path or wildcard)' });

const qpsField = z.number().positive().max(MAX_DOMAIN_QPS);

/** A date written as YAML `2024-01-15` arrives as a Date; quoted, as a string. Both are kept as text. */
const dateField = z.union([z.string().min(1), z.date().transform((d) => d.toISOString().slice(0, 10))]);

export const domainRuleSchema = z.strictObject({
  domain: hostField,
  trust_level: trustLevelField,
  qps: qpsField.optional(),
  note: z.string().optional(),
});

export const patternRuleSchema = z.strictObject({
  pattern: z
    .string()
    .transform((s) => s.trim().toLowerCase())
    .refine((s) => PATTERN_RE.test(s), { message: 'expected a suffix pattern such as "*.gov" or "*.ac.jp"' }),
  trust_level: trustLevelField,
  qps: qpsField.optional(),
  note: z.string().optional(),
});

export const userOverrideSchema = z.strictObject({
  domain: hostField,
  trust_level: trustLevelField,
  reason: z.string().min(1, 'expected a non-empty reason'),
  added_at: dateField,
  qps: qpsField.optional(),
});

export const domainsFileSchema = z.strictObject({
  version: z.literal(1).optional(),
  defaults: z
    .strictObject({
      trust_level: trustLevelField.optional(),
      qps: qpsField.optional(),
    })
    .optional(),
  domains: z.array(domainRuleSchema).optional(),
  patterns: z.array(patternRuleSchema).optional(),
  user_overrides: z.array(userOverrideSchema).nullable().optional(),
});

export type DomainRule = z.output<typeof domainRuleSchema>;
export type PatternRule = z.output<typeof patternRuleSchema>;
export type UserOverride = z.output<typeof userOverrideSchema>;
export type DomainsFile = z.output<typeof domainsFileSchema>;
