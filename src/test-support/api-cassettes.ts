// Recorded API responses from ../shared/data/api_fixtures for contract tests: VCR-style YAML
// cassettes (vcrpy `body.string`, some gzip bytes under !!binary; httpx-style `content`) and plain
// files, plus the real fetcher configured for loopback contract tests.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parse } from 'yaml';
import type { Fetcher } from '../core/index.js';
import { createHttpFetcher, lyraUserAgent } from '../net/index.js';
import { sharedDataPath } from './shared-data.js';

export interface CassetteInteraction {
  method: string;
  uri: string;
  requestBody?: string;
  status: number;
  headers: Record<string, string>;
  /** Decoded body (gunzipped when the recording holds compressed bytes). */
  body: string;
}

export function apiFixturePath(rel: string): string {
  return sharedDataPath(`api_fixtures/${rel}`);
}

interface RawInteraction {
  request: { method: string; uri: string; body?: unknown };
  response: {
    status?: { code: number } | number;
    status_code?: number;
    headers?: Record<string, string | string[]>;
    body?: { string?: string | Uint8Array };
    content?: string;
  };
}

function headerMap(raw: Record<string, string | string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw ?? {})) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  return out;
}

function decode(body: string | Uint8Array | undefined): string {
  if (body === undefined) return '';
  if (typeof body === 'string') return body;
  const bytes = Buffer.from(body);
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
}

/** Every interaction of a cassette file, bodies decoded. */
export function readCassette(path: string): CassetteInteraction[] {
  const doc = parse(readFileSync(path, 'utf8'), { customTags: ['binary'] }) as { interactions: RawInteraction[] };
  return doc.interactions.map((it) => {
    const r = it.response;
    const status = typeof r.status === 'number' ? r.status : (r.status?.code ?? r.status_code ?? 0);
    const headers = headerMap(r.headers);
    // The recorded bytes are already decoded text or gzip bytes; the served body is always plain.
    delete headers['content-encoding'];
    delete headers['content-length'];
    delete headers['transfer-encoding'];
    return {
      method: it.request.method,
      uri: it.request.uri,
      requestBody: typeof it.request.body === 'string' && it.request.body ? it.request.body : undefined,
      status,
      headers,
      body: decode(r.body?.string ?? r.content),
    };
  });
}

/** The one interaction of a cassette whose URI contains `needle` (throws when none or several match). */
export function cassetteInteraction(path: string, needle = ''): CassetteInteraction {
  const all = readCassette(path).filter((i) => i.uri.includes(needle));
  if (all.length !== 1) throw new Error(`cassette ${path}: ${all.length} interactions match ${JSON.stringify(needle)}`);
  return all[0]!;
}

/**
 * The real net/ fetcher set up for API contract tests against the loopback web: 127.0.0.1 allowed
 * through the SSRF guard, no retries (a 429 or 5xx reaches the client under test at once), no cache.
 */
export function createContractFetcher(): Fetcher {
  return createHttpFetcher({
    userAgent: lyraUserAgent({ version: '0.0.0-test', contactUrl: 'https://example.org/lyra-tests' }),
    qpsFor: () => 10_000,
    ssrf: { allow: ['127.0.0.1/32:1-65535'] },
    maxRetries: 0,
    robots: { enabled: false },
  });
}
