// Semantic Scholar paper ids and OpenAlex work ids, bare or in URLs.

/** A Semantic Scholar paper id: the 40-hex sha. */
const S2_SHA_RE = /^[0-9a-f]{40}$/i;
/** Semantic Scholar's other paper key, `CorpusId:<n>`. */
const S2_CORPUS_ID_RE = /^corpusid:(\d+)$/i;
const OPENALEX_WORK_RE = /^W\d+$/i;

/** semanticscholar.org/paper/<slug>/<40 hex> or /paper/<40 hex>; api.semanticscholar.org/graph/v1/paper/<40 hex>. */
export function s2IdFromUrl(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  if (host !== 'semanticscholar.org' && !host.endsWith('.semanticscholar.org')) return undefined;
  const m = /\/paper\/(?:[^/]+\/)?([0-9a-f]{40})\/?$/i.exec(url.pathname);
  return m ? m[1]!.toLowerCase() : undefined;
}

/** openalex.org/W123 or api.openalex.org/works/W123 (work ids only; authors and venues are not works). */
export function openAlexIdFromUrl(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  if (host !== 'openalex.org' && !host.endsWith('.openalex.org')) return undefined;
  const m = /^\/(?:works\/)?(W\d+)\/?$/i.exec(url.pathname);
  return m ? m[1]!.toUpperCase() : undefined;
}

/** A Semantic Scholar paper id from `s2:`-prefixed or bare values: the sha (lower case) or `CorpusId:<n>`. */
export function parseS2Id(value: string): string | undefined {
  const v = value.trim().replace(/^s2:\s*/i, '');
  if (S2_SHA_RE.test(v)) return v.toLowerCase();
  const corpus = S2_CORPUS_ID_RE.exec(v);
  return corpus ? `CorpusId:${corpus[1]}` : undefined;
}

/** An OpenAlex work id (`W…`, upper case) from `openalex:`-prefixed or bare values and openalex.org URLs. */
export function parseOpenAlexId(value: string): string | undefined {
  const v = value.trim().replace(/^openalex:\s*/i, '');
  if (/^https?:\/\//i.test(v)) {
    try {
      return openAlexIdFromUrl(new URL(v));
    } catch {
      return undefined;
    }
  }
  return OPENALEX_WORK_RE.test(v) ? v.toUpperCase() : undefined;
}
