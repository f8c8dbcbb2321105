// URL normalization: one canonical form per resource, so caches, dedup and page ids agree.
import { InvalidInputError } from './errors.js';

/** Query parameters that only track clicks and never change the resource. */
export const TRACKING_PARAMS: readonly string[] = [
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  'igshid',
  'ref_src',
  'spm',
  'scid',
  'vero_id',
  'oly_anon_id',
  'oly_enc_id',
  '_hsenc',
  '_hsmi',
];
const TRACKING_PREFIXES: readonly string[] = ['utm_', 'pk_', 'mtm_'];

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.includes(lower) || TRACKING_PREFIXES.some((p) => lower.startsWith(p));
}

/**
 * Normalizes an http(s) URL: lower-case scheme and host, no default port, no fragment, tracking
 * parameters removed, remaining query parameters sorted (stable for equal keys), empty path → "/".
 * Throws InvalidInputError for anything that is not an absolute http(s) URL.
 */
export function normalizeUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch (cause) {
    throw new InvalidInputError(`not an absolute URL: ${JSON.stringify(input)} (an address such as https://example.org/page)`, { code: 'url_invalid', cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidInputError(`unsupported scheme ${url.protocol} in ${JSON.stringify(input)}: only http and https addresses are fetched`, {
      code: 'url_scheme',
    });
  }
  url.hash = '';
  // WHATWG URL already lower-cases the host and drops a default port; this keeps the intent explicit.
  if (url.port === DEFAULT_PORTS[url.protocol]) url.port = '';
  url.hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  const kept = [...url.searchParams.entries()].filter(([k]) => !isTrackingParam(k));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = '';
  for (const [k, v] of kept) url.searchParams.append(k, v);
  if (url.pathname === '') url.pathname = '/';
  return url.toString();
}

/** Host of a URL, lower-cased, without a trailing dot; throws InvalidInputError on a bad URL. */
export function hostOf(input: string): string {
  try {
    return new URL(input).hostname.toLowerCase().replace(/\.$/, '');
  } catch (cause) {
    throw new InvalidInputError(`hostOf: not an absolute URL: ${JSON.stringify(input)}`, { code: 'url_invalid', cause });
  }
}

/**
 * URL of a corpus document without one of its own: `corpus://bees/papers/notes.txt`. The id's folders
 * stay readable (each segment is encoded, not the slashes between them; `.` and `..` segments are
 * encoded whole so nothing that resolves URLs can collapse them); parseCorpusUrl reads it back either way.
 */
export function corpusDocumentUrl(corpus: string, id: string): string {
  const path = id
    .split('/')
    .map((s) => (s === '.' || s === '..' ? s.replaceAll('.', '%2E') : encodeURIComponent(s)))
    .join('/');
  return `corpus://${encodeURIComponent(corpus)}/${path}`;
}

/** Parses a corpus:// URL back into corpus and document id; undefined for other URLs. */
export function parseCorpusUrl(url: string): { corpus: string; id: string } | undefined {
  const m = /^corpus:\/\/([^/]+)\/(.+)$/.exec(url);
  return m ? { corpus: decodeURIComponent(m[1]!), id: decodeURIComponent(m[2]!) } : undefined;
}

/**
 * Corpora whose documents (corpus:// addresses: no address of their own) are among `sources` as UNVERIFIED,
 * sorted: a user's own folder is that unless added with a trust level, and statuses weigh evidence by trust,
 * so the research report and `lyra verify` say how to vouch for it.
 */
export function unverifiedCorpora(sources: ReadonlyArray<{ url: string; trustLevel: string }>): string[] {
  const names = new Set<string>();
  for (const s of sources) {
    const doc = s.trustLevel === 'UNVERIFIED' ? parseCorpusUrl(s.url) : undefined;
    if (doc) names.add(doc.corpus);
  }
  return [...names].sort();
}
