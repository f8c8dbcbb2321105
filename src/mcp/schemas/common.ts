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

export const idSchema = (what: string): z.ZodString => z.string().min(1).max(MAX_ID_CHARS).regex(/^[A-Za-z0-9_.:-]+$/, `${what} is a token of letters, digits and _ . : -`);

export const taskIdSchema = idSchema('task_id').describe('Task id returned by create_task (task_…).');

export const providerSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z_]+(:[A-Za-z0-9_.-]+)?$/, 'a provider name such as corpus, corpus:example, searxng, duckduckgo, semantic_scholar, openalex, crossref, arxiv, pubmed');

export const providersSchema = z
  .array(providerSchema)
  .min(1)
  .max(MAX_PROVIDERS)
  .describe('Search providers: `corpus` (every local corpus) or `corpus:<name>` (e.g. corpus:example, shipped and offline), `searxng`, `duckduckgo`, and scholarly sources `semantic_scholar`, `openalex`, `crossref`, `arxiv`, `pubmed`. Default: the task\'s.');

export const stanceSchema = z.enum(STANCES);

export const queryTextSchema = z.string().trim().min(1).max(MAX_QUERY_CHARS);

export const urlSchema = z.string().max(MAX_URL_CHARS).regex(/^https?:\/\/\S+$/i, 'an absolute http(s) URL');

export const doiSchema = z.string().min(3).max(300).regex(/^\S+$/, 'a DOI such as 10.1000/xyz123 (or doi:…, https://doi.org/…)');

export const domainSchema = z.string().min(1).max(253).regex(/^[A-Za-z0-9.-]+$/, 'a host name such as nih.gov');
