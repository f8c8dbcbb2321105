// The output of primary-source collection: seed 003 §3.1's PrimarySource and Step5Output, in the
// seed's snake_case, plus the fields the improvements need (warnings, outline sections, how the
// queries were made). Every run's output is validated against this schema before it is returned,
// and schemas/step5-output.schema.json is generated from it (`step5OutputJsonSchema`).
import { z } from 'zod';
import { ERROR_CATEGORIES, SOURCE_TYPES } from '../../core/index.js';
import { MAX_EXCERPT_CHARS } from './limits.js';

/** Web pages (http/https) and local corpus documents (corpus://corpus/id, or the file:// they came from). */
export const SOURCE_URL_PATTERN = '^(https?|corpus|file)://\\S+$';
/** ISO 8601 at the precision the source gave: year, year-month, date, or date-time. */
export const PUBLICATION_DATE_PATTERN = '^\\d{4}(-\\d{2}(-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})?)?)?)?$';

export const errorRecordSchema = z.strictObject({
  category: z.enum(ERROR_CATEGORIES),
  code: z.string().min(1),
  message: z.string(),
});
export type ErrorRecord = z.infer<typeof errorRecordSchema>;

export const primarySourceSchema = z.strictObject({
  url: z
    .string()
    .regex(new RegExp(SOURCE_URL_PATTERN))
    .describe('Web page (http/https) or local corpus document (corpus://<corpus>/<id>, or the file:// it was read from)'),
  title: z.string().min(1),
  source_type: z.enum(SOURCE_TYPES).describe('Kind of source, classified from the URL and the record (seed 003 §3.2)'),
  excerpt: z
    .string()
    .max(MAX_EXCERPT_CHARS)
    .describe(
      "The start of the text the engine read (the page's main text, a paper's abstract, a corpus document), at most 500 characters; empty for a page it could not read",
    ),
  publication_date: z
    .string()
    .regex(new RegExp(PUBLICATION_DATE_PATTERN))
    .nullable()
    .describe('ISO 8601 at the precision the source gave (year, year-month, date or date-time)'),
  author_organization: z.string().min(1).nullable().describe('Authors (three, then "et al.") or the publishing organization, when known'),
  credibility_score: z
    .number()
    .min(0)
    .max(1)
    .describe('Base score of the source type, +0.05 for https, +0.05 when an author or organization is known (seed 003 §3.2)'),
  verified: z.boolean().describe('The URL answered HTTP 200, or the corpus document exists'),
  verification_status: z
    .number()
    .int()
    .min(100)
    .max(599)
    .nullable()
    .describe('HTTP status of the last verification answer; null for corpus documents and skipped or unanswered checks'),
  relevance_to_outline: z
    .array(z.string())
    .describe("Outline sections the source bears on: the section's own query found it, or it shares half of the section's distinctive terms"),
});
export type PrimarySource = z.infer<typeof primarySourceSchema>;

export const invalidSourceSchema = z.strictObject({
  url: z.string(),
  title: z.string(),
  query: z.string().describe('The query that found it'),
  error: errorRecordSchema,
  verification_status: z.number().int().min(100).max(599).nullable(),
  attempts: z.number().int().min(0),
});
export type InvalidSource = z.infer<typeof invalidSourceSchema>;

export const failedQuerySchema = z.strictObject({
  query: z.string(),
  error: errorRecordSchema,
  attempts: z.number().int().min(1),
});
export type FailedQuery = z.infer<typeof failedQuerySchema>;

export const warningSchema = z.strictObject({ code: z.string().min(1), message: z.string() });
export type CollectWarning = z.infer<typeof warningSchema>;

export const COLLECTION_STAT_KEYS = [
  'queries_total',
  'queries_completed',
  'queries_failed',
  'queries_resumed',
  'query_attempts',
  'collectors',
  'candidates',
  'duplicates_removed',
  'dropped_over_limit',
  'sources',
  'verified',
  'unverified',
  'invalid_sources',
  'verification_attempts',
] as const;
export type CollectionStatKey = (typeof COLLECTION_STAT_KEYS)[number];

const countsOf = <K extends string>(keys: readonly K[]) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, z.number().int().min(0)])) as Record<K, z.ZodNumber>);

export const step5OutputSchema = z.strictObject({
  keyword: z.string().min(1),
  outline_sections: z.array(z.string()),
  search_queries: z.array(z.string().min(1)).describe('Every planned query, in the order run'),
  query_generation: z.strictObject({
    method: z.enum(['template', 'llm']),
    /** The model that wrote the queries (method llm). */
    model: z.string().nullable(),
    /** The queries came from a checkpoint of an earlier run. */
    from_checkpoint: z.boolean(),
  }),
  sources: z.array(primarySourceSchema).describe('Unique sources in order of discovery'),
  invalid_sources: z
    .array(invalidSourceSchema)
    .describe('Records that could not be sources (bad URL, no title) and sources that are gone (HTTP 404/410, corpus document missing)'),
  failed_queries: z.array(failedQuerySchema).describe('Queries no collector answered after the retries'),
  collection_stats: countsOf(COLLECTION_STAT_KEYS),
  source_type_distribution: countsOf(SOURCE_TYPES).describe('Number of sources of each type'),
  warnings: z.array(warningSchema).describe('What was skipped or degraded: verification off, unverified sources, low verified count, truncations'),
  task_id: z.string().min(1).optional().describe('The engine task the run searched in: its pages, papers and claims (lyra task materials <task_id>)'),
});
export type Step5Output = z.infer<typeof step5OutputSchema>;

/** Draft 2020-12 JSON Schema of the output, as published in schemas/step5-output.schema.json. */
export function step5OutputJsonSchema(): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(step5OutputSchema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
  return {
    $schema,
    $id: 'https://github.com/lyra-research/lyra/schemas/step5-output.schema.json',
    title: 'Lyra primary-source collection output (seed 003 Step5Output)',
    description: 'Output of `lyra collect` and collectPrimarySources: primary sources for a keyword and an outline.',
    ...rest,
  };
}
