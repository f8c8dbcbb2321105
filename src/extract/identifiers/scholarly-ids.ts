// Semantic Scholar paper ids and OpenAlex work ids in URLs.

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
