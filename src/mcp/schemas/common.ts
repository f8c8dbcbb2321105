// Input pieces shared by the tools. Every string and list is bounded, so a huge argument is an
// invalid_input error at the boundary, never work for the engine.
import { z } from 'zod';
import { STANCES } from '../../core/index.js';

/** Longest question (pipeline MAX_QUESTION_CHARS) and query (MAX_QUERY_CHARS). */
export const MAX_QUESTION_CHARS = 2_000;
export const MAX_QUERY_CHARS = 1_000;
/** Ids are short tokens such as task_…, edg_…, clm_…, frg_…, auth_…. */
export const MAX_ID_CHARS = 200;
export const MAX_URL_CHARS = 4_096;
export const MAX_TARGETS = 200;
export const MAX_PROVIDERS = 20;
export const MAX_DOMAINS = 100;
export const MAX_REASON_CHARS = 2_000;

/**
 * A string matching `re`, checked by the server: a refinement rather than a JSON Schema `pattern`,
 * so the many ids and names of tools/list do not each carry their expression (tools/list ≤ 20 KB).
 */
const matching = (schema: z.ZodString, re: RegExp, message: string): z.ZodString => schema.refine((s) => re.test(s), message);

export const idSchema = (what: string): z.ZodString =>
  matching(z.string().min(1).max(MAX_ID_CHARS), /^[A-Za-z0-9_.:-]+$/, `${what} is a token of letters, digits and _ . : -`);

/** A task id as create_task returns it (task_…); self-explanatory, so it carries no description in tools/list. */
export const taskIdSchema = idSchema('task_id');

export const providerSchema = matching(
  z.string().min(1).max(100),
  /^[a-z_]+(:[A-Za-z0-9_.-]+)?$/,
  'a provider name such as corpus, corpus:example, searxng, duckduckgo, semantic_scholar, openalex, crossref, arxiv, pubmed',
);

/** Providers of one query or target (described once, in create_task's providers). */
export const providerListSchema = z.array(providerSchema).min(1).max(MAX_PROVIDERS);

export const providersSchema = providerListSchema.describe(
  "corpus, corpus:<name> (corpus:example is offline), searxng, duckduckgo, browser, semantic_scholar, openalex, crossref, arxiv, pubmed. Default: the task's.",
);

export const stanceSchema = z.enum(STANCES);

export const queryTextSchema = z.string().trim().min(1).max(MAX_QUERY_CHARS);

export const urlSchema = matching(z.string().max(MAX_URL_CHARS), /^https?:\/\/\S+$/i, 'an absolute http(s) URL');

export const doiSchema = matching(z.string().min(3).max(300), /^\S+$/, 'a DOI such as 10.1000/xyz123 (or doi:…, https://doi.org/…)');

export const domainSchema = matching(z.string().min(1).max(253), /^[A-Za-z0-9.-]+$/, 'a host name such as nih.gov');
