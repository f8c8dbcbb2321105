// `lyra doctor --json`: a public contract (docs/guide.md, JSON contracts), defined once as a zod schema. New
// fields may be added; the existing ones keep their names and meaning.
import { z } from 'zod';
import { CONFIG_SOURCES } from '../config/index.js';

/** What one bounded probe found. */
export const PROBE_STATUSES = [
  /** Answered 2xx. */
  'ok',
  /** Answered with an HTTP error (4xx/5xx): the service is reachable but refused or failed this request. */
  'http_error',
  /** Answered with a bot check, CAPTCHA or login wall. */
  'blocked',
  /** Lyra did not send the request: the SSRF guard (a private address without an allowance) or robots.txt. */
  'refused',
  /** No answer: DNS, connection, timeout (an offline machine). */
  'unreachable',
  /** Not probed: not configured, turned off, or `--no-probe`. */
  'skipped',
] as const;
export type ProbeStatus = (typeof PROBE_STATUSES)[number];

export const probeSchema = z.strictObject({
  status: z.enum(PROBE_STATUSES),
  /** The one URL asked (query strings with keys are never printed: keys are sent as headers or left out). */
  url: z.string().nullable(),
  http_status: z.number().int().optional(),
  /** The error's code and message when not `ok` (e.g. network_error, timeout, ssrf_blocked). */
  code: z.string().optional(),
  message: z.string().optional(),
  /** Wall time of the probe, ms. */
  elapsed_ms: z.number().int().min(0).optional(),
});
export type Probe = z.infer<typeof probeSchema>;

export const SOURCE_KINDS = ['web', 'scholarly', 'llm'] as const;

export const sourceCheckSchema = z.strictObject({
  /** searxng, duckduckgo, browser, semantic_scholar, openalex, crossref, arxiv, pubmed, unpaywall, llm. */
  name: z.string(),
  kind: z.enum(SOURCE_KINDS),
  /**
   * Used as configured. Web: the providers named in `providers`, else the zero-config one (browser when
   * Chromium is found, else duckduckgo), none with web_search.enabled: false; a scholarly API is on
   * unless enabled: false; unpaywall needs an email.
   */
  enabled: z.boolean(),
  base_url: z.string().nullable(),
  probe: probeSchema,
});
export type SourceCheck = z.infer<typeof sourceCheckSchema>;

export const stanceJudgeSchema = z.strictObject({
  /** The backend that judges claims in this language (models.stance.backend). */
  backend: z.enum(['nli', 'embedded', 'transformers', 'llm', 'client']),
  /** What judges: a descriptor file, a model folder, or the chat model. */
  model: z.string().nullable(),
  /** The descriptor file or model folder, when the backend reads one. */
  path: z.string().nullable(),
  present: z.boolean(),
});

export const problemSchema = z.strictObject({
  /** `error`: Lyra cannot do its main job as configured; `warning`: something is off or missing but the rest works. */
  severity: z.enum(['error', 'warning']),
  code: z.string(),
  message: z.string(),
  /** The command or setting that fixes it. */
  fix: z.string(),
});
export type Problem = z.infer<typeof problemSchema>;

export const doctorReportSchema = z.strictObject({
  /** No problem of severity `error`. `lyra doctor` exits 1 when false. */
  ok: z.boolean(),
  version: z.string(),
  config: z.strictObject({
    file: z.string().nullable(),
    source: z.enum(CONFIG_SOURCES).nullable(),
    network_trusted: z.boolean(),
    /** Config files that exist but are not read (one file is read, never merged). */
    shadowed: z.array(z.string()),
    warnings: z.array(z.string()),
  }),
  paths: z.strictObject({
    home: z.strictObject({ path: z.string(), exists: z.boolean() }),
    store: z.strictObject({
      path: z.string(),
      exists: z.boolean(),
      bytes: z.number().int().nullable(),
      corpora: z.array(z.strictObject({ name: z.string(), documents: z.number().int() })),
    }),
    domains: z.strictObject({ default_file: z.string(), user_file: z.string().nullable() }),
    http_cache: z.string().nullable(),
    models_dir: z.strictObject({ path: z.string(), exists: z.boolean() }),
  }),
  sources: z.array(sourceCheckSchema),
  models: z.strictObject({
    stance_backend: z.enum(['nli', 'embedded', 'transformers', 'llm', 'client']),
    /** Which backend and model will judge English and Japanese claims. */
    stance: z.strictObject({ en: stanceJudgeSchema, ja: stanceJudgeSchema }),
    /**
     * Under the embedded backend's English judge: which edges the pretrained cross-encoder reads
     * again (models.stance.second_reading) and whether its model is there; null when none are.
     */
    second_reading: z
      .strictObject({ edges: z.enum(['refutes', 'supports and refutes']), model: z.string(), path: z.string(), present: z.boolean() })
      .nullable()
      .optional(),
    embedding: z.strictObject({ backend: z.enum(['embedded', 'transformers']), model: z.string(), present: z.boolean() }),
    /** Corpus search's retrieval encoder (shipped), when corpus.ranking ranks by meaning (hybrid); null with bm25. */
    retrieval: z.strictObject({ model: z.string(), present: z.boolean() }).nullable().optional(),
    /** How research runs score relevance (models.relevance): under `meaning`, the weights file and whether it reads. */
    relevance: z
      .strictObject({ backend: z.enum(['meaning', 'rules']), path: z.string().nullable(), readable: z.boolean(), error: z.string().nullable() })
      .optional(),
    /** Model folders under the models dir (lyra models list). */
    local: z.array(z.string()),
    /** models.llm: translation (mirror queries), the llm judge and prose answers. */
    llm: z.strictObject({ configured: z.boolean(), base_url: z.string().nullable(), model: z.string().nullable() }),
  }),
  chromium: z.strictObject({
    path: z.string(),
    /** `config` (fetch.render.chromium_path) or `default` (/usr/bin/chromium). */
    source: z.enum(['config', 'default']),
    found: z.boolean(),
    render_enabled: z.boolean(),
  }),
  /** Web search as the engine will run it (app/web-search.ts): on or off, the providers in use, the zero-config one chosen, and why. */
  web_search: z.strictObject({
    enabled: z.boolean(),
    providers: z.array(z.enum(['searxng', 'duckduckgo', 'browser'])),
    zero_config: z.enum(['browser', 'duckduckgo']).nullable(),
    reason: z.string(),
  }),
  /** Probe settings: each probe is one request with this timeout, no retry, under the fetcher's politeness and SSRF guard. */
  probes: z.strictObject({ enabled: z.boolean(), timeout_ms: z.number().int() }),
  problems: z.array(problemSchema),
});
export type DoctorReport = z.infer<typeof doctorReportSchema>;
