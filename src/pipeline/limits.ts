// Every limit of the pipeline in one place, with its default (config section `pipeline`, docs/configuration.md)
// Queues, loops, retries and per-query fan-out are all bounded here.
import { z } from 'zod';
import { snakeKey, type Budget } from '../core/index.js';

/** A limit given as an integer within bounds, or a switch; `doc` is what the config key does. */
export type LimitSpec = { kind: 'int'; default: number; min: number; max: number; doc: string } | { kind: 'bool'; default: boolean; doc: string };

/**
 * Every tunable limit of the pipeline, said once: its default, its bounds and what it does. The engine's
 * defaults (PIPELINE_DEFAULTS), the config section `pipeline` (its schema, app/config/config-schema.ts;
 * its defaults as `lyra config show` lists them; its mapping, app/engine.ts) and the check of
 * docs/configuration.md are derived from this table; a key's config name is its snake_case.
 */
export const PIPELINE_LIMIT_SPECS = {
  maxConcurrentTasks: {
    kind: 'int',
    default: 2,
    min: 1,
    max: 64,
    doc: 'Tasks whose queries run at the same time (queries of one task always run one at a time).',
  },
  maxQueuedQueries: { kind: 'int', default: 200, min: 1, max: 100_000, doc: 'Pending queries one task may hold; queueing more is invalid input.' },
  queryAttempts: { kind: 'int', default: 2, min: 1, max: 10, doc: 'Attempts of one query on retryable errors (seed 003 MAX_QUERY_RETRIES = 2).' },
  queryBackoffMs: {
    kind: 'int',
    default: 1_000,
    min: 0,
    max: 600_000,
    doc: 'Backoff between query attempts: this × attempt number, in ms (seed 003: 1 s × attempt).',
  },
  serpLimit: { kind: 'int', default: 10, min: 1, max: 200, doc: 'Results asked of each SERP provider (web or corpus) for each sent query.' },
  scholarlyLimit: { kind: 'int', default: 10, min: 1, max: 100, doc: 'Papers asked of each scholarly source in Phase 2.' },
  maxEnrichIdentifiers: {
    kind: 'int',
    default: 50,
    min: 1,
    max: 1_000,
    doc: 'Identifiers looked up per enrichment round (Phase 3); the rest are reported as skipped.',
  },
  identifierRounds: {
    kind: 'int',
    default: 1,
    min: 0,
    max: 5,
    doc: 'Rounds of "identifiers found in fetched pages → Phase 3" after the first pass (seed 000 Phase 6 → 3).',
  },
  maxCitationPapers: {
    kind: 'int',
    default: 20,
    min: 0,
    max: 1_000,
    doc: 'Papers whose citations are tracked per query and round (Phase 5); the rest are reported.',
  },
  citationLimit: {
    kind: 'int',
    default: 20,
    min: 1,
    max: 1_000,
    doc: 'References and citations asked of each source per paper and direction (seed 000: referenced_works[:20]).',
  },
  citationTopK: { kind: 'int', default: 10, min: 0, max: 100, doc: 'Related papers kept per tracked paper (seed 000 決定5: 上位10件).' },
  fetchConcurrency: {
    kind: 'int',
    default: 4,
    min: 1,
    max: 64,
    doc: 'Pages fetched and extracted at once within one query (the fetcher adds its own per-host limits).',
  },
  maxFragmentsPerPage: { kind: 'int', default: 300, min: 1, max: 100_000, doc: 'Fragments kept per page; more are dropped with a warning.' },
  abstractFragmentChars: {
    kind: 'int',
    default: 600,
    min: 100,
    max: 100_000,
    doc: 'Longest fragment built from an abstract (sentences grouped up to this many characters).',
  },
  corpusFragmentChars: { kind: 'int', default: 2_000, min: 100, max: 100_000, doc: 'Longest fragment built from a corpus document paragraph.' },
  mirrorQueries: { kind: 'bool', default: true, doc: 'Ask for a cross-language mirror of each query (needs a translator; otherwise a warning).' },
  maxExpansions: { kind: 'int', default: 8, min: 1, max: 50, doc: 'Expanded queries sent per client query at most.' },
  maxRendersPerTask: {
    kind: 'int',
    default: 10,
    min: 0,
    max: 10_000,
    doc: 'Script-built pages rendered in Chromium per task at most (Phase 6; 0 turns rendering in the pipeline off).',
  },
  renderMinTextChars: {
    kind: 'int',
    default: 200,
    min: 1,
    max: 100_000,
    doc: 'A static HTML page with scripts whose extracted text is shorter than this is rendered (characters).',
  },
  renderTimeoutMs: {
    kind: 'int',
    default: 30_000,
    min: 1_000,
    max: 600_000,
    doc: "Time one render may take, navigation and settle (ms); the fetcher's body size limit bounds its HTML.",
  },
  synonymQueries: {
    kind: 'int',
    default: 2,
    min: 0,
    max: 10,
    doc: 'WordNet synonym queries per English client query in normal mode (seed 002 同義語展開); 0 turns them off.',
  },
} as const satisfies Record<string, LimitSpec>;

/** A task's budget when none is given (issue 6), and the bounds of one given (the CLI's, MCP's and config's). */
export const BUDGET_SPECS = {
  maxPages: { kind: 'int', default: 100, min: 1, max: 1_000_000, doc: 'Pages a task may fetch or register.' },
  maxQueries: { kind: 'int', default: 50, min: 1, max: 100_000, doc: 'Queries a task may send, expansions included.' },
  maxSeconds: { kind: 'int', default: 1_800, min: 1, max: 30 * 24 * 3600, doc: 'Seconds a task may run.' },
} as const satisfies Record<string, LimitSpec>;

type Specs = typeof PIPELINE_LIMIT_SPECS;
type LimitValues<S extends Record<string, LimitSpec>> = { -readonly [K in keyof S]: S[K] extends { kind: 'bool' } ? boolean : number };

/** camelCase → snake_case, as config keys name the limits (citationTopK → citation_top_k). */
export type SnakeCase<S extends string> = S extends `${infer C}${infer R}` ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<R>}` : S;
export function snakeCase<S extends string>(name: S): SnakeCase<S> {
  return snakeKey(name) as SnakeCase<S>;
}

function defaultsOf<S extends Record<string, LimitSpec>>(specs: S): LimitValues<S> {
  return Object.fromEntries(Object.entries(specs).map(([k, s]) => [k, s.default])) as LimitValues<S>;
}

/** One limit as a config key's schema: an integer within its bounds, or a boolean; always optional. */
function limitField(s: LimitSpec): z.ZodOptional<z.ZodNumber> | z.ZodOptional<z.ZodBoolean> {
  return s.kind === 'bool' ? z.boolean().optional() : z.number().int().min(s.min).max(s.max).optional();
}

type ConfigFields<S extends Record<string, LimitSpec>> = {
  [K in keyof S as SnakeCase<K & string>]: S[K] extends { kind: 'bool' } ? z.ZodOptional<z.ZodBoolean> : z.ZodOptional<z.ZodNumber>;
};

/** The config keys of a spec table (snake_case, optional, bounded) for a zod object. */
export function configFieldsOf<S extends Record<string, LimitSpec>>(specs: S): ConfigFields<S> {
  return Object.fromEntries(Object.entries(specs).map(([k, s]) => [snakeCase(k), limitField(s)])) as ConfigFields<S>;
}

/** A config section's values of a spec table (snake_case keys) under the table's names; absent keys stay absent. */
export function fromConfigKeys<S extends Record<string, LimitSpec>>(specs: S, section: Readonly<Record<string, unknown>>): Partial<LimitValues<S>> {
  return Object.fromEntries(
    Object.keys(specs)
      .map((k) => [k, section[snakeCase(k)]] as const)
      .filter(([, v]) => v !== undefined),
  ) as Partial<LimitValues<S>>;
}

export const PIPELINE_DEFAULTS = {
  ...defaultsOf(PIPELINE_LIMIT_SPECS),
  /** Time one source may take in a multi-source call (ms); undefined: the sources' default (config scholarly.timeout_ms). */
  sourceTimeoutMs: undefined as number | undefined,
  /** Task budget defaults (issue 6). */
  defaultBudget: defaultsOf(BUDGET_SPECS) satisfies Budget,
};

export type PipelineLimits = Omit<typeof PIPELINE_DEFAULTS, 'sourceTimeoutMs'> & { sourceTimeoutMs?: number };
export type PipelineLimitKey = keyof Specs;

export const budgetInputSchema = z.strictObject(
  Object.fromEntries(Object.entries(BUDGET_SPECS).map(([k, s]) => [k, limitField(s)])) as { [K in keyof typeof BUDGET_SPECS]: z.ZodOptional<z.ZodNumber> },
);

/** Limits with defaults for every key not given. */
export function resolveLimits(input: Partial<PipelineLimits> = {}): PipelineLimits {
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<PipelineLimits>;
  return { ...PIPELINE_DEFAULTS, ...defined, defaultBudget: { ...PIPELINE_DEFAULTS.defaultBudget, ...defined.defaultBudget } };
}
