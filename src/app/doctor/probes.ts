// lyra doctor's reachability probes: for each configured web provider, scholarly API and the chat
// endpoint, ONE request through Lyra's own fetcher (per-host politeness, the SSRF guard with the
// provider-origin allowance the real client gets, no cache, no retry) with a timeout. Probes run in
// parallel, so the whole check takes at most about one timeout; an offline machine fails them fast.
import { isAbortError, isLyraError, type Fetcher } from '../../core/index.js';
import {
  SERP_ENGINES,
  arxivOptionsSchema,
  crossrefOptionsSchema,
  duckDuckGoOptionsSchema,
  openAlexOptionsSchema,
  pubmedOptionsSchema,
  semanticScholarOptionsSchema,
  unpaywallOptionsSchema,
} from '../../sources/index.js';
import type { LyraConfig } from '../config/index.js';
import { webSearchPlan } from '../web-search.js';
import type { Probe, SourceCheck } from './doctor-schema.js';

/** Default time one probe may take, ms (`lyra doctor --timeout`). */
export const DEFAULT_PROBE_TIMEOUT_MS = 5_000;
/** Bounds of `--timeout`. */
export const PROBE_TIMEOUT_RANGE = { min: 100, max: 60_000 } as const;

export interface ProbeTarget {
  name: string;
  kind: SourceCheck['kind'];
  enabled: boolean;
  baseUrl: string | null;
  /** The one URL asked; null when the source is off. */
  url: string | null;
  headers?: Record<string, string>;
}

const defaultBase = (schema: { shape: Record<string, unknown> }): string => (schema.shape.baseUrl as { parse(v: unknown): string }).parse(undefined);
const join = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`;

/** What doctor asks of each source: a cheap real request of its API, so the answer says whether the API works, not only whether the host answers. */
export function probeTargets(config: LyraConfig, exists?: (path: string) => boolean): ProbeTarget[] {
  const p = config.raw.providers ?? {};
  // Web providers as the engine registers them (web-search.ts): configured ones, else the zero-config one.
  const web = webSearchPlan(config, exists).providers;
  const engine = SERP_ENGINES[config.raw.web_search?.browser_engine ?? 'duckduckgo_html'];
  const s = config.raw.scholarly ?? {};
  const llm = config.raw.models?.llm;
  const target = (
    name: string,
    kind: ProbeTarget['kind'],
    enabled: boolean,
    baseUrl: string | null,
    path: (base: string) => string,
    headers?: Record<string, string>,
  ): ProbeTarget => ({
    name,
    kind,
    enabled,
    baseUrl,
    url: enabled && baseUrl ? path(baseUrl) : null,
    ...(headers ? { headers } : {}),
  });
  const scholarly = (name: keyof typeof s & string, schema: { shape: Record<string, unknown> }): { enabled: boolean; base: string } => {
    const section = s[name] as { enabled?: boolean; base_url?: string } | undefined;
    return { enabled: section?.enabled !== false, base: section?.base_url ?? defaultBase(schema) };
  };
  const s2 = scholarly('semantic_scholar', semanticScholarOptionsSchema);
  const oa = scholarly('openalex', openAlexOptionsSchema);
  const cr = scholarly('crossref', crossrefOptionsSchema);
  const ax = scholarly('arxiv', arxivOptionsSchema);
  const pm = scholarly('pubmed', pubmedOptionsSchema);
  const upBase = s.unpaywall?.base_url ?? defaultBase(unpaywallOptionsSchema);
  const mailto = (m: string | undefined): string => (m ? `&mailto=${encodeURIComponent(m)}` : '');
  return [
    target('searxng', 'web', web.includes('searxng'), p.searxng?.base_url ?? null, (b) => join(b, '/search?q=lyra&format=json')),
    target(
      'duckduckgo',
      'web',
      web.includes('duckduckgo'),
      p.duckduckgo?.base_url ?? defaultBase(duckDuckGoOptionsSchema),
      (b) => `${b}${b.includes('?') ? '&' : '?'}q=lyra`,
    ),
    // The browser SERP provider's engine, probed with a plain request (reachability; the page itself is rendered when searching).
    target('browser', 'web', web.includes('browser'), engine.url, (b) => `${b}${b.includes('?') ? '&' : '?'}${engine.queryParam}=lyra`),
    target(
      'semantic_scholar',
      'scholarly',
      s2.enabled,
      s2.base,
      (b) => join(b, '/paper/search?query=lyra&limit=1&fields=title'),
      s.semantic_scholar?.api_key ? { 'x-api-key': s.semantic_scholar.api_key } : undefined,
    ),
    target('openalex', 'scholarly', oa.enabled, oa.base, (b) => join(b, `/works?search=lyra&per_page=1${mailto(s.openalex?.mailto)}`)),
    target('crossref', 'scholarly', cr.enabled, cr.base, (b) => join(b, `/works?rows=0${mailto(s.crossref?.mailto)}`)),
    target('arxiv', 'scholarly', ax.enabled, ax.base, (b) => `${b}?search_query=all:lyra&max_results=1`),
    target('pubmed', 'scholarly', pm.enabled, pm.base, (b) => join(b, '/einfo.fcgi?retmode=json')),
    target('unpaywall', 'scholarly', s.unpaywall?.email !== undefined, upBase, (b) =>
      join(b, `/10.1038/nature12373?email=${encodeURIComponent(s.unpaywall?.email ?? '')}`),
    ),
    target(
      'llm',
      'llm',
      llm !== undefined,
      llm?.base_url ?? null,
      (b) => join(b, '/models'),
      llm?.api_key ? { authorization: `Bearer ${llm.api_key}` } : undefined,
    ),
  ];
}

/** Turns a fetch error into a probe result (data, never a parsed message). */
function failure(err: unknown, url: string, elapsed: number): Probe {
  const base = { url, elapsed_ms: elapsed };
  if (!isLyraError(err)) return { ...base, status: 'unreachable', code: 'unexpected', message: err instanceof Error ? err.message : String(err) };
  const status = typeof err.details.status === 'number' ? err.details.status : undefined;
  const common = { ...base, code: err.code, message: err.message };
  if (err.code === 'http_status' && status !== undefined) return { ...common, status: 'http_error', http_status: status };
  if (err.code === 'ssrf_blocked' || err.code === 'robots_disallowed') return { ...common, status: 'refused' };
  // A CAPTCHA or bot-check page is `blocked`; the fetcher files a plain 401/403 of an API (a wrong key, a format
  // switched off) as a wall too (net/block-detect.ts), but to the user it is an HTTP error with a fix of its own.
  // (A name that does not resolve is a BlockedError as well, but it is no answer: unreachable.)
  if (err.code === 'auth_required') {
    if (err.details.kind !== 'captcha' && status !== undefined) return { ...common, status: 'http_error', http_status: status };
    return { ...common, status: 'blocked', ...(status !== undefined ? { http_status: status } : {}) };
  }
  return { ...common, status: 'unreachable' };
}

/** Runs one probe: one request, no retry (the fetcher is built with max_retries 0), within `timeoutMs`. */
export async function runProbe(options: { fetcher: Fetcher; target: ProbeTarget; timeoutMs: number; signal?: AbortSignal }): Promise<Probe> {
  const { target } = options;
  if (!target.enabled || !target.url) return { status: 'skipped', url: null };
  const url = target.url;
  const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]);
  const t0 = Date.now();
  try {
    const res = await options.fetcher.fetch({
      url,
      signal,
      noCache: true,
      ignoreRobots: true,
      headers: { accept: 'application/json, application/atom+xml, text/html;q=0.8', ...target.headers },
      // The real client's allowance: a configured base URL may be private for its own origin only.
      ...(target.baseUrl ? { providerOrigin: new URL(target.baseUrl).origin } : {}),
    });
    return { status: 'ok', url, http_status: res.status, elapsed_ms: Date.now() - t0 };
  } catch (err) {
    if (options.signal?.aborted) throw err;
    if (isAbortError(err) || signal.aborted)
      return { status: 'unreachable', url, code: 'timeout', message: `no answer within ${options.timeoutMs} ms`, elapsed_ms: Date.now() - t0 };
    return failure(err, url, Date.now() - t0);
  }
}
