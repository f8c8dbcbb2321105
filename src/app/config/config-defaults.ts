// What each key of lyra.config.yaml is when the file does not set it: the value the code uses, read
// from the constant or option schema that holds it wherever app/ can import it (so this table cannot
// drift from the code), a path derived from $LYRA_HOME, an environment variable, or nothing (unset).
// `lyra config show` prints it beside the file's own values; `schemaKeys` checks that every key of
// the schema is here (src/cli/commands/config.test.ts).
import { redactDatabaseUrl } from '../../core/index.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { DEFAULT_MAX_FRAGMENT_CHARS } from '../../extract/document/assemble.js';
import { DEFAULT_MAX_HTML_CHARS } from '../../extract/html/extract-html.js';
import { DEFAULT_MAX_LINKS } from '../../extract/html/html-blocks.js';
import { DEFAULT_MAX_ELEMENTS } from '../../extract/html/readability.js';
import { DEFAULT_MAX_PDF_BYTES, DEFAULT_MAX_PDF_PAGES } from '../../extract/pdf/extract-pdf.js';
import { DEFAULT_MAX_PDF_INFLATED_BYTES } from '../../extract/pdf/inflated-size.js';
import { DEFAULT_MAX_TEXT_CHARS } from '../../extract/text/extract-text.js';
import { DEFAULT_CLAIM_SCREEN_PATH } from '../../models/claim-screen/claim-screen.js';
import { DEFAULT_RELEVANCE_MODEL_PATH } from '../../models/relevance/relevance-model.js';
import { transformersEmbeddingOptionsSchema } from '../../models/embedding/transformers-embedding.js';
import { DEFAULT_VECTOR_CACHE_ENTRIES } from '../../models/embedding/vector-cache.js';
import { escalationOptionsSchema } from '../../models/escalating-stance.js';
import { DEFAULT_SECOND_READING } from '../../models/factory.js';
import { chatClientOptionsSchema } from '../../models/llm/chat-client.js';
import { DEFAULT_STANCE_WEIGHTS_PATH } from '../../models/stance/embedded.js';
import { DEFAULT_MODEL_HUB } from '../../models/transformers/pull.js';
import { transformersStanceOptionsSchema } from '../../models/transformers/stance-transformers.js';
import { DEFAULT_CHROMIUM_PATH } from '../../net/chromium-renderer.js';
import { FETCH_DEFAULTS } from '../../net/fetcher-options.js';
import { DEFAULT_GRAPH_LIMITS } from '../../pipeline/graph/limits.js';
import { BUDGET_SPECS, PIPELINE_DEFAULTS, PIPELINE_LIMIT_SPECS, snakeCase, type PipelineLimitKey } from '../../pipeline/limits.js';
import { DEFAULT_CORPUS_RANKING } from '../../sources/corpus/hybrid-rank.js';
import { DEFAULT_MAX_FILES, DEFAULT_MAX_FILE_BYTES } from '../../sources/corpus/ingest.js';
import { DEFAULT_SOURCE_TIMEOUT_MS } from '../../sources/papers/source-outcome.js';
import { arxivOptionsSchema } from '../../sources/scholarly/arxiv.js';
import { crossrefOptionsSchema } from '../../sources/scholarly/crossref.js';
import { openAlexOptionsSchema } from '../../sources/scholarly/openalex.js';
import { pubmedOptionsSchema } from '../../sources/scholarly/pubmed.js';
import { semanticScholarOptionsSchema } from '../../sources/scholarly/semantic-scholar.js';
import { unpaywallOptionsSchema } from '../../sources/scholarly/unpaywall.js';
import { browserSerpOptionsSchema } from '../../sources/web/browser-serp.js';
import { duckDuckGoOptionsSchema } from '../../sources/web/duckduckgo.js';
import { DEFAULT_CONTACT_URL, type LyraConfig } from './index.js';
import { MAX_EXTRACT_FILE_BYTES } from '../tasks/extract-limits.js';
import { MCP_DEFAULTS, MCP_TOKEN_ENV } from '../ui/mcp-settings.js';
import { UI_DEFAULTS, UI_DEFAULT_PORT, UI_TOKEN_ENV } from '../ui/ui-defaults.js';
import { WEB_SEARCH_DEFAULTS, chromiumPathOf } from '../web-search.js';
import { WORKER_DEFAULTS } from '../workers/worker-settings.js';

/** Where a value that the file does not set comes from. */
export interface DefaultValue {
  /** `default`: the code's constant; `derived`: a path under $LYRA_HOME; `env`: an environment variable; `unset`: nothing (the feature is off or needs the key). */
  source: 'default' | 'derived' | 'env' | 'unset';
  value: unknown;
  /** The environment variable, for `env`. */
  env?: string;
  /** Applies only when this section is in the file (a provider is off without its section). */
  whenSection?: string;
}

/** The default of one option of an adapter's zod options schema (its `.default(…)`). */
function optionDefault(schema: { shape: Record<string, unknown> }, key: string): unknown {
  const value = (schema.shape[key] as z.ZodType).parse(undefined);
  if (value === undefined) throw new Error(`config defaults: option ${key} has no default in its schema`);
  return value;
}

const d = (value: unknown): DefaultValue => ({ source: 'default', value });
const unset: DefaultValue = { source: 'unset', value: null };

/** The defaults as they apply to this configuration (paths derived from its home, the environment read once). */
export function configDefaults(config: LyraConfig, env: NodeJS.ProcessEnv): Record<string, DefaultValue> {
  const home = config.home;
  const homeDomains = join(home, 'domains.yaml');
  const f = FETCH_DEFAULTS;
  const p = PIPELINE_DEFAULTS;
  const g = DEFAULT_GRAPH_LIMITS;
  const w = WORKER_DEFAULTS;
  const scholarly = (name: string, schema: { shape: Record<string, unknown> }, extra: string[] = []): Record<string, DefaultValue> => ({
    [`scholarly.${name}.base_url`]: d(optionDefault(schema, 'baseUrl')),
    // PubMed's rate depends on the key (sources/scholarly/pubmed.ts: 10/s with an NCBI key, else 3/s).
    [`scholarly.${name}.requests_per_second`]: d(
      name === 'pubmed' ? (config.raw.scholarly?.pubmed?.api_key ? 10 : 3) : optionDefault(schema, 'requestsPerSecond'),
    ),
    ...(name === 'unpaywall' ? {} : { [`scholarly.${name}.enabled`]: d(true) }),
    ...Object.fromEntries(extra.map((k) => [`scholarly.${name}.${k}`, unset])),
  });
  const token = env[MCP_TOKEN_ENV]?.trim();
  const uiToken = env[UI_TOKEN_ENV]?.trim();
  return {
    home: env.LYRA_HOME?.trim() ? { source: 'env', env: 'LYRA_HOME', value: home } : d(home),
    contact_url: d(DEFAULT_CONTACT_URL),
    'domains.file': existsSync(homeDomains) ? { source: 'derived', value: homeDomains } : unset,
    'domains.watch': d(true),
    'store.path': { source: 'derived', value: join(home, 'lyra.db') },
    'store.url': env.LYRA_DATABASE_URL?.trim() ? { source: 'env', env: 'LYRA_DATABASE_URL', value: redactDatabaseUrl(env.LYRA_DATABASE_URL.trim()) } : unset,
    'corpus.max_file_bytes': d(DEFAULT_MAX_FILE_BYTES),
    'corpus.max_files': d(DEFAULT_MAX_FILES),
    'corpus.ranking': d(DEFAULT_CORPUS_RANKING),
    'extract.max_html_chars': d(DEFAULT_MAX_HTML_CHARS),
    'extract.max_text_chars': d(DEFAULT_MAX_TEXT_CHARS),
    'extract.max_pdf_bytes': d(DEFAULT_MAX_PDF_BYTES),
    'extract.max_pdf_pages': d(DEFAULT_MAX_PDF_PAGES),
    'extract.max_pdf_inflated_bytes': d(DEFAULT_MAX_PDF_INFLATED_BYTES),
    'extract.max_elements': d(DEFAULT_MAX_ELEMENTS),
    'extract.max_fragment_chars': d(DEFAULT_MAX_FRAGMENT_CHARS),
    'extract.max_links': d(DEFAULT_MAX_LINKS),
    'extract.max_file_bytes': d(MAX_EXTRACT_FILE_BYTES),
    'fetch.timeout_ms': d(f.timeoutMs),
    'fetch.max_body_bytes': d(f.maxBodyBytes),
    'fetch.max_redirects': d(f.maxRedirects),
    'fetch.concurrency': d(f.concurrency),
    'fetch.max_retries': d(f.maxRetries),
    'fetch.idle_timeout_ms': d(f.idleTimeoutMs),
    'fetch.per_host_concurrency': d(f.perHostConcurrency),
    'fetch.respect_robots': d(true),
    'fetch.cache.enabled': d(true),
    'fetch.cache.max_bytes': d(f.cacheMaxBytes),
    'fetch.cache.dir': { source: 'derived', value: join(home, 'cache', 'http') },
    'fetch.cache.fresh_ms': d(f.cacheFreshMs),
    'fetch.allow_private': d([]),
    // On when the system Chromium is there (app/fetcher.ts, app/engine.ts).
    'fetch.render.enabled': d(existsSync(chromiumPathOf(config))),
    'fetch.render.chromium_path': d(DEFAULT_CHROMIUM_PATH),
    'web_search.enabled': d(WEB_SEARCH_DEFAULTS.enabled),
    'web_search.provider': d(WEB_SEARCH_DEFAULTS.provider),
    'web_search.browser_engine': d(optionDefault(browserSerpOptionsSchema, 'engine')),
    'providers.searxng.base_url': unset,
    'providers.duckduckgo.base_url': { ...d(optionDefault(duckDuckGoOptionsSchema, 'baseUrl')), whenSection: 'providers.duckduckgo' },
    'providers.duckduckgo.region': { ...d(optionDefault(duckDuckGoOptionsSchema, 'region')), whenSection: 'providers.duckduckgo' },
    'scholarly.timeout_ms': d(DEFAULT_SOURCE_TIMEOUT_MS),
    ...scholarly('semantic_scholar', semanticScholarOptionsSchema, ['api_key']),
    ...scholarly('openalex', openAlexOptionsSchema, ['mailto', 'api_key']),
    ...scholarly('crossref', crossrefOptionsSchema, ['mailto']),
    ...scholarly('arxiv', arxivOptionsSchema),
    ...scholarly('pubmed', pubmedOptionsSchema, ['api_key', 'email']),
    ...scholarly('unpaywall', unpaywallOptionsSchema, ['email']),
    'models.stance.backend': d('embedded'),
    'models.stance.weights_path': d(DEFAULT_STANCE_WEIGHTS_PATH),
    'models.stance.japanese': d('embedded'),
    'models.stance.second_reading': d(DEFAULT_SECOND_READING),
    'models.stance.client.sure_above': d(optionDefault(escalationOptionsSchema, 'sureAbove')),
    'models.stance.client.unsure_floor': d(optionDefault(escalationOptionsSchema, 'unsureFloor')),
    'models.stance.client.max_escalations': d(optionDefault(escalationOptionsSchema, 'maxEscalations')),
    'models.llm.base_url': unset,
    'models.llm.model': unset,
    'models.llm.api_key': unset,
    'models.llm.timeout_ms': { ...d(optionDefault(chatClientOptionsSchema, 'timeoutMs')), whenSection: 'models.llm' },
    'models.llm.concurrency': { ...d(optionDefault(chatClientOptionsSchema, 'concurrency')), whenSection: 'models.llm' },
    'models.llm.max_retries': { ...d(optionDefault(chatClientOptionsSchema, 'maxRetries')), whenSection: 'models.llm' },
    'models.transformers.model': unset,
    'models.transformers.models_dir': { source: 'derived', value: join(home, 'models') },
    'models.transformers.dtype': d(optionDefault(transformersStanceOptionsSchema, 'dtype')),
    // 16 pairs per pass, but one for a dynamically quantized file, whose results would depend on the batch (defaultBatchSize).
    'models.transformers.batch_size': d('16; 1 for dtype q8, int8 or uint8'),
    'models.transformers.hub_url': d(DEFAULT_MODEL_HUB),
    'models.transformers.labels': unset,
    'models.relevance.backend': d('meaning'),
    'models.relevance.weights_path': d(DEFAULT_RELEVANCE_MODEL_PATH),
    'models.claim_screen.enabled': d(false),
    'models.claim_screen.weights_path': d(DEFAULT_CLAIM_SCREEN_PATH),
    'models.embedding.backend': d('embedded'),
    'models.embedding.model': unset,
    'models.embedding.prefix': d(optionDefault(transformersEmbeddingOptionsSchema, 'prefix')),
    'models.embedding.dtype': d(optionDefault(transformersEmbeddingOptionsSchema, 'dtype')),
    'models.embedding.cache_path': { source: 'derived', value: join(home, 'cache', 'vectors.db') },
    'models.embedding.cache_max_entries': d(DEFAULT_VECTOR_CACHE_ENTRIES),
    // Said once in pipeline/limits.ts: every limit's key is its name in snake_case.
    ...Object.fromEntries(Object.keys(PIPELINE_LIMIT_SPECS).map((k) => [`pipeline.${snakeCase(k)}`, d(p[k as PipelineLimitKey])])),
    ...Object.fromEntries(
      Object.keys(BUDGET_SPECS).map((k) => [`pipeline.default_budget.${snakeCase(k)}`, d(p.defaultBudget[k as keyof typeof BUDGET_SPECS])]),
    ),
    'pipeline.graph.claims_per_page': d(g.claimsPerPage),
    'pipeline.graph.claims_per_task': d(g.claimsPerTask),
    'pipeline.graph.candidates_per_claim': d(g.candidatesPerClaim),
    'pipeline.graph.verify_candidates': d(g.verifyCandidates),
    'pipeline.graph.stance_batch_size': d(g.stanceBatchSize),
    'pipeline.graph.max_stance_pairs': d(g.maxStancePairs),
    'pipeline.graph.min_candidate_relevance': d(g.minCandidateRelevance),
    'pipeline.graph.recency_years': d(g.recencyYears),
    // The MCP server's defaults live in mcp/http.ts (HTTP_DEFAULTS), above app/: restated here and
    // compared with it by src/cli/commands/config.test.ts.
    'mcp.http.host': d('127.0.0.1'),
    'mcp.http.port': d(3917),
    'mcp.http.token': token ? { source: 'env', env: MCP_TOKEN_ENV, value: token } : unset,
    'mcp.http.allowed_origins': d([]),
    'mcp.http.allowed_hosts': d([]),
    'mcp.http.max_body_bytes': d(4 * 1024 * 1024),
    'mcp.http.max_sessions': d(64),
    'mcp.http.session_idle_ms': d(30 * 60_000),
    'mcp.http.request_timeout_ms': d(30_000),
    'mcp.http.headers_timeout_ms': d(10_000),
    'mcp.http.idle_timeout_ms': d(5_000),
    'mcp.http.max_connections': d(128),
    'mcp.legacy_output_names': d(MCP_DEFAULTS.legacyOutputNames),
    'mcp.progress_interval_ms': d(MCP_DEFAULTS.progressIntervalMs),
    'mcp.max_wait_seconds': d(MCP_DEFAULTS.maxWaitSeconds),
    'mcp.materials.page_claims': d(MCP_DEFAULTS.materials.pageClaims),
    'mcp.materials.per_claim': d(MCP_DEFAULTS.materials.perClaim),
    'mcp.materials.quote_chars': d(MCP_DEFAULTS.materials.quoteChars),
    'mcp.materials.max_page_bytes': d(MCP_DEFAULTS.materials.maxPageBytes),
    'mcp.sql.max_rows': d(MCP_DEFAULTS.sql.maxRows),
    'mcp.sql.timeout_ms': d(MCP_DEFAULTS.sql.timeoutMs),
    'mcp.sql.max_cell_chars': d(MCP_DEFAULTS.sql.maxCellChars),
    'mcp.sql.max_memory_mb': d(MCP_DEFAULTS.sql.maxMemoryMb),
    'mcp.vector_search.max_results': d(MCP_DEFAULTS.vectorSearch.maxResults),
    'mcp.vector_search.max_fragments': d(MCP_DEFAULTS.vectorSearch.maxFragments),
    'ui.host': d(UI_DEFAULTS.host),
    'ui.port': d(UI_DEFAULT_PORT),
    // Without ui.token or $LYRA_UI_TOKEN a server bound beyond loopback makes a random token and prints it.
    'ui.token': uiToken ? { source: 'env', env: UI_TOKEN_ENV, value: uiToken } : unset,
    'ui.allowed_origins': d([]),
    'ui.allowed_hosts': d([]),
    'ui.max_body_bytes': d(UI_DEFAULTS.maxBodyBytes),
    'ui.rate_limit_per_minute': d(UI_DEFAULTS.rateLimitPerMinute),
    'ui.action_rate_limit_per_minute': d(UI_DEFAULTS.actionRateLimitPerMinute),
    'ui.live_poll_ms': d(UI_DEFAULTS.livePollMs),
    'ui.max_live_clients': d(UI_DEFAULTS.maxLiveClients),
    'ui.live_max_stream_ms': d(UI_DEFAULTS.liveMaxStreamMs),
    'ui.live_idle_ms': d(UI_DEFAULTS.liveIdleMs),
    'ui.max_claims': d(UI_DEFAULTS.maxClaims),
    'ui.page_claims': d(UI_DEFAULTS.pageClaims),
    'ui.request_timeout_ms': d(UI_DEFAULTS.requestTimeoutMs),
    'ui.headers_timeout_ms': d(UI_DEFAULTS.headersTimeoutMs),
    'ui.idle_timeout_ms': d(UI_DEFAULTS.idleTimeoutMs),
    'ui.max_connections': d(UI_DEFAULTS.maxConnections),
    'ui.runs_dirs': { source: 'derived', value: [join(home, 'runs')] },
    // The team database defaults to the PostgreSQL store's (store.url or $LYRA_DATABASE_URL), shown without its password.
    'workers.database_url': config.store.url ? { source: 'derived', value: redactDatabaseUrl(config.store.url) } : unset,
    'workers.concurrency': d(w.concurrency),
    'workers.job_expire_seconds': d(w.jobExpireSeconds),
    'workers.retry_limit': d(w.retryLimit),
    'workers.retry_delay_seconds': d(w.retryDelaySeconds),
    'workers.retry_backoff': d(w.retryBackoff),
    'workers.busy_delay_seconds': d(w.busyDelaySeconds),
    'workers.polling_interval_seconds': d(w.pollingIntervalSeconds),
    'workers.maintenance_interval_seconds': d(w.maintenanceIntervalSeconds),
    'workers.host_hold_ms': d(w.hostHoldMs),
    'workers.shutdown_timeout_seconds': d(w.shutdownTimeoutSeconds),
    'workers.page_jobs': d(w.pageJobs),
    'workers.page_concurrency': d(w.pageConcurrency),
    'workers.page_job_expire_seconds': d(w.pageJobExpireSeconds),
    'workers.graph_jobs': d(w.graphJobs),
    'workers.graph_concurrency': d(w.graphConcurrency),
    'workers.graph_job_expire_seconds': d(w.graphJobExpireSeconds),
  };
}
