// Schema of lyra.config.yaml. Unknown keys are errors, so a typo never passes silently.
// Every section is optional; what is absent takes the documented default.
import { POSTGRES_URL_MESSAGE, POSTGRES_URL_PATTERN } from '../../core/index.js';
import { z } from 'zod';
import { listenerAccessFields, listenerTimeFields } from './http-listener-schema.js';
import { mcpConfigSchema } from './mcp-config-schema.js';
import { parseAllowEntry } from '../../net/allow-entries.js';
import { BUDGET_SPECS, PIPELINE_LIMIT_SPECS, configFieldsOf } from '../../pipeline/limits.js';
import type { ConfigSource } from './paths.js';
import { CORPUS_RANKINGS } from '../../sources/corpus/hybrid-rank.js';

/** One fetch.allow_private entry, checked when the file loads (origin or CIDR + port; see net/allow-entries.ts). */
const allowPrivateEntry = z
  .string()
  .min(1)
  .superRefine((value, ctx) => {
    try {
      parseAllowEntry(value);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message.replace(/^fetch\.allow_private: /, '') });
    }
  });

/** The SearXNG instance URL: required once the section is there (no public instance is a default). */
const searxngBaseUrl = z.url({
  error: (issue) =>
    issue.input === undefined
      ? 'required: the URL of a SearXNG instance with the JSON format enabled, e.g. http://localhost:8888'
      : 'expected an absolute URL such as http://localhost:8888',
});

export const DEFAULT_CONTACT_URL = 'https://github.com/lyra-research/lyra';

export const lyraConfigSchema = z.strictObject({
  /** Data folder (database, caches); overrides $LYRA_HOME. Relative paths are from the config file. */
  home: z.string().min(1).optional(),
  /** URL sent in the User-Agent so site owners can reach the operator. */
  contact_url: z.url({ message: 'expected an absolute URL such as https://example.org/contact' }).optional(),
  domains: z
    .strictObject({
      /** A user domains.yaml merged over the shipped one; default $LYRA_HOME/domains.yaml when it exists. */
      file: z.string().min(1).optional(),
      /** Reload domain files when they change while Lyra runs. */
      watch: z.boolean().optional(),
    })
    .optional(),
  store: z
    .strictObject({
      /** SQLite database file; default $LYRA_HOME/lyra.db. */
      path: z.string().min(1).optional(),
      /**
       * A PostgreSQL database instead of the SQLite file (postgres://user@host:5432/db): the team store that
       * `lyra worker` processes share. $LYRA_DATABASE_URL overrides it.
       */
      url: z.string().regex(POSTGRES_URL_PATTERN, POSTGRES_URL_MESSAGE).optional(),
    })
    .optional(),
  /** Local corpora (`lyra corpus add`). */
  corpus: z
    .strictObject({
      /** Largest file ingested, in bytes (default 64 MiB); larger files are reported and skipped. */
      max_file_bytes: z
        .number()
        .int()
        .min(1)
        .max(2 ** 40)
        .optional(),
      /** Files visited by one `corpus add` at most (default 200,000). */
      max_files: z.number().int().min(1).max(10_000_000).optional(),
      /**
       * How corpus search orders documents: `hybrid` (default) re-orders BM25's best 50 by words and the
       * shipped sentence encoder's reading together (queries in Latin script); `bm25`: words alone.
       */
      ranking: z.enum(CORPUS_RANKINGS).optional(),
    })
    .optional(),
  /** Text extraction limits (`lyra extract`, corpora, the pipeline); absent keys keep the extract/ defaults. */
  extract: z
    .strictObject({
      /** Largest HTML page extracted, in characters (default 20,000,000); larger pages fail with extract_too_large. */
      max_html_chars: z.number().int().min(1_000).max(500_000_000).optional(),
      /** Largest plain-text or Markdown document, in characters (default 50,000,000). */
      max_text_chars: z.number().int().min(1_000).max(2_000_000_000).optional(),
      /** Largest PDF, in bytes (default 100 MiB). */
      max_pdf_bytes: z
        .number()
        .int()
        .min(1_024)
        .max(2 ** 40)
        .optional(),
      /** PDF pages read (default 2,000); later pages are left out with a warning. */
      max_pdf_pages: z.number().int().min(1).max(1_000_000).optional(),
      /** Bytes a PDF's streams may decode to (default 256 MiB; decompression bombs); more fail with pdf_too_large. */
      max_pdf_inflated_bytes: z
        .number()
        .int()
        .min(1_024)
        .max(2 ** 40)
        .optional(),
      /** Elements in one page that Readability will score (default 200,000); more fail with extract_too_many_elements. */
      max_elements: z.number().int().min(100).max(10_000_000).optional(),
      /** Longest fragment in characters (default 2,000); longer blocks are cut at line, sentence or word ends. */
      max_fragment_chars: z.number().int().min(100).max(1_000_000).optional(),
      /** Links kept per document (default 5,000). */
      max_links: z.number().int().min(0).max(1_000_000).optional(),
      /** Largest local file `lyra extract` reads, in bytes (default 100 MiB). */
      max_file_bytes: z
        .number()
        .int()
        .min(1)
        .max(2 ** 40)
        .optional(),
    })
    .optional(),
  fetch: z
    .strictObject({
      /** Time limit for one request attempt, in milliseconds. */
      timeout_ms: z.number().int().min(100).max(600_000).optional(),
      /** Largest body read; larger responses are aborted (bytes). */
      max_body_bytes: z.number().int().min(1024).max(1_073_741_824).optional(),
      max_redirects: z.number().int().min(0).max(20).optional(),
      /** Requests in flight at once over all hosts. */
      concurrency: z.number().int().min(1).max(64).optional(),
      max_retries: z.number().int().min(0).max(10).optional(),
      /** Longest silence (no headers or body bytes) before an attempt is abandoned, in milliseconds. */
      idle_timeout_ms: z.number().int().min(50).max(600_000).optional(),
      /** Requests in flight at once to one host. */
      per_host_concurrency: z.number().int().min(1).max(16).optional(),
      respect_robots: z.boolean().optional(),
      cache: z
        .strictObject({
          enabled: z.boolean().optional(),
          max_bytes: z.number().int().min(0).optional(),
          /** Cache folder; default $LYRA_HOME/cache/http. */
          dir: z.string().min(1).optional(),
          /** A cached copy younger than this is served without asking the server; older ones are revalidated. */
          fresh_ms: z.number().int().min(0).optional(),
        })
        .optional(),
      /** Origins (http://127.0.0.1:8888) or CIDRs with a port (10.1.0.0/16:8080) the SSRF guard lets through although private or loopback. */
      allow_private: z.array(allowPrivateEntry).optional(),
      /** Render script-only pages with the system Chromium (Debian package chromium); enabled defaults to true when it is found. */
      render: z.strictObject({ enabled: z.boolean().optional(), chromium_path: z.string().min(1).optional() }).optional(),
    })
    .optional(),
  /**
   * Web search with no configuration (issue 19): on by default. When `providers` names no web provider,
   * the engine searches the web through the browser SERP provider (system Chromium found) or the
   * DuckDuckGo HTML provider (no Chromium); `enabled: false` turns every web provider off.
   */
  web_search: z
    .strictObject({
      /** false: no web search at all, configured providers included (scholarly APIs and corpora only). Default true. */
      enabled: z.boolean().optional(),
      /** The provider used when `providers` names none: auto (browser when Chromium is found, else duckduckgo), browser, duckduckgo. */
      provider: z.enum(['auto', 'browser', 'duckduckgo']).optional(),
      /** The engine the browser SERP provider loads (default duckduckgo_html). */
      browser_engine: z.enum(['duckduckgo_html', 'duckduckgo_lite', 'mojeek', 'bing']).optional(),
    })
    .optional(),
  /** Web search providers configured explicitly (SearXNG needs its base_url; an empty duckduckgo: section means on with defaults). */
  providers: z
    .strictObject({
      searxng: z.strictObject({ base_url: searxngBaseUrl }).optional(),
      duckduckgo: z.strictObject({ base_url: z.url().optional(), region: z.string().optional() }).optional(),
    })
    .optional(),
  /** Scholarly APIs; base URLs default to the public services. */
  scholarly: z
    .strictObject({
      /** Time one source may take in one multi-source call before it is reported as timed out (ms). */
      timeout_ms: z.number().int().min(100).max(600_000).optional(),
      semantic_scholar: z
        .strictObject({
          base_url: z.url().optional(),
          api_key: z.string().min(1).optional(),
          enabled: z.boolean().optional(),
          requests_per_second: z.number().min(0).max(100).optional(),
        })
        .optional(),
      openalex: z
        .strictObject({
          base_url: z.url().optional(),
          mailto: z.email().optional(),
          api_key: z.string().min(1).optional(),
          enabled: z.boolean().optional(),
          requests_per_second: z.number().min(0).max(100).optional(),
        })
        .optional(),
      crossref: z
        .strictObject({
          base_url: z.url().optional(),
          mailto: z.email().optional(),
          enabled: z.boolean().optional(),
          requests_per_second: z.number().min(0).max(100).optional(),
        })
        .optional(),
      arxiv: z
        .strictObject({ base_url: z.url().optional(), enabled: z.boolean().optional(), requests_per_second: z.number().min(0).max(100).optional() })
        .optional(),
      pubmed: z
        .strictObject({
          base_url: z.url().optional(),
          api_key: z.string().min(1).optional(),
          email: z.email().optional(),
          enabled: z.boolean().optional(),
          requests_per_second: z.number().min(0).max(100).optional(),
        })
        .optional(),
      unpaywall: z
        .strictObject({ base_url: z.url().optional(), email: z.email().optional(), requests_per_second: z.number().min(0).max(100).optional() })
        .optional(),
    })
    .optional(),
  models: z
    .strictObject({
      stance: z
        .strictObject({
          /** embedded (default: the networks trained from scratch), nli (the pretrained judge in models/nli-en, opt-in), transformers, llm, client. */
          backend: z.enum(['nli', 'embedded', 'transformers', 'llm', 'client']).optional(),
          /** The embedded backend's English model descriptor; default models/stance-en/stance-en.json as shipped. */
          weights_path: z.string().min(1).optional(),
          /**
           * Which judge reads Japanese claims under the nli, embedded and client backends: `embedded` (default,
           * the network of models/stance-ja) or `nli` (the pretrained cross-encoder in models/nli-ja, opt-in: its
           * card says why it is not the default).
           */
          japanese: z.enum(['nli', 'embedded']).optional(),
          /**
           * Under the embedded backend: `nli` reads each English supports or refutes edge of the network
           * again with the pretrained cross-encoder (models/nli-en) and keeps it only when that judge's most
           * probable label is the same (models/second-reading.ts); `nli-refutes` (default) reads its refutations
           * only; `none` keeps the network's.
           */
          second_reading: z.enum(['none', 'nli', 'nli-refutes']).optional(),
          /**
           * `client` backend: which embedded judgements go to the MCP client's model (sampling). A
           * supports/refutes edge at least `sure_above` confident, or a neutral one whose supports and
           * refutes probabilities stay under `unsure_floor`, is kept; at most `max_escalations` pairs per call.
           */
          client: z
            .strictObject({
              sure_above: z.number().min(0).max(1).optional(),
              unsure_floor: z.number().min(0).max(1).optional(),
              max_escalations: z.number().int().min(0).max(10_000).optional(),
            })
            .optional(),
        })
        .optional(),
      /** An OpenAI-compatible chat endpoint (Ollama, llama.cpp server, vLLM, OpenAI). */
      llm: z
        .strictObject({
          base_url: z.url(),
          model: z.string().min(1),
          api_key: z.string().min(1).optional(),
          timeout_ms: z.number().int().min(100).max(600_000).optional(),
          concurrency: z.number().int().min(1).max(32).optional(),
          max_retries: z.number().int().min(0).max(10).optional(),
        })
        .optional(),
      /** ONNX NLI cross-encoders run by @huggingface/transformers from a local folder. */
      transformers: z
        .strictObject({
          /** Model id, also its folder under models_dir, e.g. Xenova/nli-deberta-v3-xsmall. */
          model: z.string().min(1).optional(),
          /** Folder of model folders; default $LYRA_HOME/models. */
          models_dir: z.string().min(1).optional(),
          dtype: z.enum(['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4', 'bnb4', 'q4f16']).optional(),
          batch_size: z.number().int().min(1).max(512).optional(),
          /** Where `lyra models pull` downloads from; default https://huggingface.co/. */
          hub_url: z.url().optional(),
          /** Extra output label (lower case) → supports/refutes/neutral. */
          labels: z.record(z.string(), z.enum(['supports', 'refutes', 'neutral'])).optional(),
        })
        .optional(),
      /**
       * How a research run scores a claim's relevance to its question: `meaning` (default: the term rules mixed
       * with the shipped encoder's cosines of question and claim and of question and the claim's document
       * title, models/relevance, for English questions) or
       * `rules` (the term rules alone, the relevance before 2026-11-29).
       */
      relevance: z
        .strictObject({
          backend: z.enum(['meaning', 'rules']).optional(),
          /** Default models/relevance/relevance.json as shipped (what `npm run train:relevance` writes). */
          weights_path: z.string().min(1).optional(),
        })
        .optional(),
      /**
       * The learned claim screen (models/claim-screen): a veto over the claims the rules accept, read from
       * the embedded encoder's vectors (models/minilm-en); skipped with a warning under another embedding model. Off unless
       * `enabled: true`.
       */
      claim_screen: z
        .strictObject({
          enabled: z.boolean().optional(),
          /** Default models/claim-screen/claim-screen.json as shipped (what `npm run train:claim-screen` writes). */
          weights_path: z.string().min(1).optional(),
        })
        .optional(),
      embedding: z
        .strictObject({
          /** embedded (the shipped encoder, models/minilm-en: all-MiniLM-L6-v2, English; USE-lite until 2026-11-28) or transformers (an ONNX sentence encoder under models_dir). */
          backend: z.enum(['embedded', 'transformers']).optional(),
          /** Encoder model id for the transformers backend, e.g. Xenova/multilingual-e5-small. */
          model: z.string().min(1).optional(),
          /** Text prepended to every input (e5 models expect "query: "). */
          prefix: z.string().max(100).optional(),
          dtype: z.enum(['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4', 'bnb4', 'q4f16']).optional(),
          /** On-disk vector cache; default $LYRA_HOME/cache/vectors.db. */
          cache_path: z.string().min(1).optional(),
          /** Vectors kept on disk (≈ 1.5 KiB each with the shipped encoder); oldest evicted beyond. */
          cache_max_entries: z.number().int().min(0).max(10_000_000).optional(),
        })
        .optional(),
    })
    .optional(),
  /** The evidence pipeline (docs/PIPELINE.md): scheduling, retries and per-query fan-out limits. */
  pipeline: z
    .strictObject({
      // Every limit with its bounds and default is said once, in pipeline/limits.ts (PIPELINE_LIMIT_SPECS).
      ...configFieldsOf(PIPELINE_LIMIT_SPECS),
      /** Budget of a task when `task create` names none. */
      default_budget: z.strictObject(configFieldsOf(BUDGET_SPECS)).optional(),
      /** Phase 7 (the evidence graph) limits. */
      graph: z
        .strictObject({
          claims_per_page: z.number().int().min(1).optional(),
          claims_per_task: z.number().int().min(1).optional(),
          candidates_per_claim: z.number().int().min(1).optional(),
          verify_candidates: z.number().int().min(1).optional(),
          stance_batch_size: z.number().int().min(1).optional(),
          max_stance_pairs: z.number().int().min(1).optional(),
          min_candidate_relevance: z.number().min(0).max(1).optional(),
          recency_years: z.number().int().min(1).optional(),
        })
        .optional(),
    })
    .optional(),
  /** `lyra serve` (the MCP server): HTTP, and what one tool call may cost. */
  mcp: mcpConfigSchema.optional(),
  /**
   * Team scale (docs/team.md): the database holding the job queue (pg-boss) and the shared per-host
   * politeness schedule, and the limits of `lyra worker`. Defaults in app/workers/worker-settings.ts.
   */
  workers: z
    .strictObject({
      /** postgres:// URL of the team database; default the PostgreSQL store's ($LYRA_DATABASE_URL or store.url). Without one there are no jobs and politeness is per process. */
      database_url: z.string().regex(POSTGRES_URL_PATTERN, POSTGRES_URL_MESSAGE).optional(),
      /** Jobs one `lyra worker` runs at once (default 2; `--concurrency` overrides). */
      concurrency: z.number().int().min(1).max(64).optional(),
      /** A job running longer than this is failed and retried by another worker (its lease), in seconds (default 900). */
      job_expire_seconds: z.number().int().min(1).max(86_400).optional(),
      /** Retries of a failed or expired job (default 3). */
      retry_limit: z.number().int().min(0).max(100).optional(),
      /** Seconds before a retry (default 10), doubled at each retry when retry_backoff (default true). */
      retry_delay_seconds: z.number().int().min(0).max(3_600).optional(),
      retry_backoff: z.boolean().optional(),
      /** A job whose task another worker is running is put back for this many seconds (default 5). */
      busy_delay_seconds: z.number().int().min(1).max(3_600).optional(),
      /** How often an idle worker asks the queue for a job, in seconds (default 2). */
      polling_interval_seconds: z.number().min(0.5).max(600).optional(),
      /** How often expired jobs are found and retried, in seconds (default 30; one worker does it at a time). */
      maintenance_interval_seconds: z.number().int().min(1).max(3_600).optional(),
      /** An unsent shared politeness slot holds its host at most this long (a worker died holding it), in ms (default 30,000). */
      host_hold_ms: z.number().int().min(1_000).max(600_000).optional(),
      /** On SIGINT/SIGTERM a worker lets running jobs finish this long, then cancels them (they are retried), in seconds (default 60). */
      shutdown_timeout_seconds: z.number().int().min(0).max(86_400).optional(),
      /** A query a worker runs hands its planned pages to page jobs, which every worker takes (default false: the query's worker fetches them itself; docs/team.md has the measured trade-off). */
      page_jobs: z.boolean().optional(),
      /** Page jobs one `lyra worker` runs at once, beside its query jobs (default 4). */
      page_concurrency: z.number().int().min(1).max(64).optional(),
      /** A page job running longer than this is failed and retried by another worker, in seconds (default 300). */
      page_job_expire_seconds: z.number().int().min(1).max(86_400).optional(),
      /** A query run by a worker hands its graph step to a graph job that any worker takes (default false). */
      graph_jobs: z.boolean().optional(),
      /** Graph jobs one worker runs at once, beside its query and page jobs (default 1). */
      graph_concurrency: z.number().int().min(1).max(64).optional(),
      /** A graph job's lease: a worker killed mid-step leaves it to another after this (default 900). */
      graph_job_expire_seconds: z.number().int().min(1).max(86_400).optional(),
    })
    .optional(),
  /** The browser UI (`lyra ui`, `lyra serve --http --ui`); defaults in app/ui/ui-defaults.ts (UI_DEFAULTS). */
  ui: z
    .strictObject({
      // port default 3918; without ui.token or $LYRA_UI_TOKEN a server bound beyond loopback makes a
      // random token; a browser presents it once (`?token=`, then a cookie).
      ...listenerAccessFields,
      /** Largest request body (an action's form), in bytes (default 16 KiB). */
      max_body_bytes: z.number().int().min(1_024).max(10_485_760).optional(),
      /** Requests per client address per minute (default 600); more get 429. */
      rate_limit_per_minute: z.number().int().min(1).max(1_000_000).optional(),
      /** Actions (POST) per client address per minute (default 30). */
      action_rate_limit_per_minute: z.number().int().min(1).max(100_000).optional(),
      /** How often the store is checked for changes to push to open pages, in ms (default 1,000). */
      live_poll_ms: z.number().int().min(100).max(60_000).optional(),
      /** Live-update streams open at once (default 32); a new one makes the oldest yield. */
      max_live_clients: z.number().int().min(1).max(10_000).optional(),
      /** A live-update stream ends after this long, in ms (default 30 min); the browser reconnects by itself. */
      live_max_stream_ms: z.number().int().min(1_000).max(86_400_000).optional(),
      /** A live-update stream with no event for this long ends, in ms (default 5 min); the browser reconnects. */
      live_idle_ms: z.number().int().min(1_000).max(86_400_000).optional(),
      /** Claims of one task a page shows at most (default 10,000); the rest are counted, not shown. */
      max_claims: z.number().int().min(100).max(1_000_000).optional(),
      /** Claims listed per page of a task view (default 1,000; the next ones are one link away). */
      page_claims: z.number().int().min(10).max(100_000).optional(),
      ...listenerTimeFields,
      /** Folders holding consensus run folders (default $LYRA_HOME/runs). */
      runs_dirs: z.array(z.string().min(1).max(4_096)).max(50).optional(),
    })
    .optional(),
});

export type LyraConfigFile = z.output<typeof lyraConfigSchema>;

/** Configuration after defaults and path resolution. */
export interface LyraConfig {
  /** The config file read, if any. */
  configFile?: string;
  /** How it was found: `--config` (flag), `$LYRA_CONFIG` (env), the working directory (cwd) or `$LYRA_HOME` (home). */
  configSource?: ConfigSource;
  /** Config files that exist but were not read because a file of higher precedence was (one file is read, never merged). */
  shadowedConfigFiles: string[];
  home: string;
  contactUrl: string;
  domains: { defaultFile: string; userFile?: string; watch: boolean };
  /** `url`, when set ($LYRA_DATABASE_URL, else store.url), is a PostgreSQL database used instead of the SQLite file at `path`. */
  store: { path: string; url?: string };
  /** The team database (jobs, shared politeness): workers.database_url, else the PostgreSQL store's URL; undefined without one. */
  teamDatabaseUrl?: string;
  /** The parsed file as written, for the task's config snapshot (less the settings ignored for trust, see `warnings`). */
  raw: LyraConfigFile;
  /**
   * Whether the file may widen network reach: true for `--config`, `$LYRA_CONFIG`, a file in
   * `$LYRA_HOME`, or no file. A `lyra.config.yaml` found in the working directory is not trusted:
   * its allow_private, model endpoints and Chromium path are ignored and its provider base URLs get
   * no private-address allowance.
   */
  networkTrusted: boolean;
  /** Settings ignored or weakened while loading, each naming the file and the key. */
  warnings: string[];
}
