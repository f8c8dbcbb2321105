// Who a page speaks for: its trust level, registrable domain and the unit of independence. Web pages
// are judged by their registrable domain (copies on one site are one source); documents of a local
// corpus (corpus:// and file:// URLs) are each their own source, since a corpus holds distinct works.
import { isHighTrust } from '../../policy/index.js';
import type { Page, SourceView, TrustLevel } from '../../core/index.js';

export interface TrustResolver {
  /** Effective level (override → verification state → policy) and registrable domain of a URL; corpus:// URLs use the corpus trust level. */
  of(url: string): { trustLevel: TrustLevel; domain: string; origin: string };
}

export interface SourceInfo {
  /** Unit of independence: the registrable domain, or the document URL for corpus documents. */
  key: string;
  domain: string;
  trustLevel: TrustLevel;
  /** Where the level came from, as the resolver says (`override`, `verification`, `config`…). */
  origin: string;
  /** A local corpus document: never subject to L6 domain verification (its level is the user's declaration). */
  corpus: boolean;
}

export function isCorpusUrl(url: string): boolean {
  return url.startsWith('corpus://') || url.startsWith('file://');
}

/**
 * Resolves pages to sources once per URL within one read of the graph. `levels` replaces the
 * resolver's level for domains whose state was just recomputed (a user override still wins).
 */
export function createSourceResolver(trust: TrustResolver, levels?: ReadonlyMap<string, TrustLevel>): (page: Page) => SourceInfo {
  const cache = new Map<string, SourceInfo>();
  return (page) => {
    const hit = cache.get(page.url);
    if (hit) return hit;
    const t = trust.of(page.url);
    const corpus = isCorpusUrl(page.url);
    const fresh = corpus || t.origin === 'override' ? undefined : levels?.get(t.domain);
    const info: SourceInfo = {
      key: corpus ? page.url : t.domain,
      domain: t.domain,
      trustLevel: fresh ?? t.trustLevel,
      origin: fresh ? 'verification' : t.origin,
      corpus,
    };
    cache.set(page.url, info);
    return info;
  };
}

/** A page as clients see it; `bibliographic` adds authors, organization and identifiers (for citations). */
export function sourceView(page: Page, info: SourceInfo, options: { bibliographic?: boolean } = {}): SourceView {
  const bib = options.bibliographic
    ? {
        ...(page.authors.length > 0 ? { authors: page.authors } : {}),
        ...(page.organization !== undefined ? { organization: page.organization } : {}),
        ...(Object.keys(page.identifiers).length > 0 ? { identifiers: page.identifiers } : {}),
      }
    : {};
  return {
    pageId: page.id,
    url: page.url,
    domain: info.domain,
    ...(page.title !== undefined ? { title: page.title } : {}),
    trustLevel: info.trustLevel,
    sourceType: page.sourceType,
    primary: isHighTrust(info.trustLevel),
    ...(page.publishedAt !== undefined ? { publishedAt: page.publishedAt } : {}),
    ...bib,
  };
}
