// What a collector found for one query, before evaluation: a candidate source. Web and corpus hits
// and scholarly papers each map to one. Candidates are kept in the checkpoint, so they have a schema.
import { z } from 'zod';
import { InvalidInputError, type Paper, type SearchHit } from '../../core/index.js';
import { identifiersFromUrl, normalizePublishedDate } from '../../extract/index.js';
import { MAX_EXCERPT_CHARS } from './limits.js';

export const candidateSchema = z.strictObject({
  url: z.string().min(1),
  title: z.string(),
  excerpt: z.string(),
  publishedAt: z.string().optional(),
  authorOrganization: z.string().optional(),
  /** The record carries a DOI, PMID or arXiv id (an academic paper whatever its host). */
  hasScholarlyId: z.boolean(),
  /** Collector name (searxng, corpus, openalex…). */
  collector: z.string(),
  query: z.string(),
  section: z.string().optional(),
  /** For corpus hits: where to check that the document exists. */
  corpusRef: z.strictObject({ corpus: z.string(), id: z.string() }).optional(),
});
export type Candidate = z.infer<typeof candidateSchema>;

/** At most `max` UTF-16 units without splitting a surrogate pair (seed: `excerpt[:500]`). */
export function truncateExcerpt(text: string, max = MAX_EXCERPT_CHARS): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

const SOURCE_URL_RE = /^(https?|corpus|file):\/\/\S+$/i;

/** Throws InvalidInputError (`source_invalid`) when a candidate cannot become a PrimarySource. */
export function checkCandidate(c: Candidate): void {
  if (!SOURCE_URL_RE.test(c.url)) throw new InvalidInputError(`source from ${c.collector} for query ${JSON.stringify(c.query)}: unsupported URL ${JSON.stringify(c.url)}`, { code: 'source_invalid', details: { url: c.url } });
  if (/^https?:/i.test(c.url)) {
    try {
      new URL(c.url);
    } catch (cause) {
      throw new InvalidInputError(`source from ${c.collector} for query ${JSON.stringify(c.query)}: malformed URL ${JSON.stringify(c.url)}`, { code: 'source_invalid', details: { url: c.url }, cause });
    }
  }
  if (!c.title.trim()) throw new InvalidInputError(`source ${c.url} from ${c.collector}: no title`, { code: 'source_invalid', details: { url: c.url } });
}

const date = (raw: string | undefined): { publishedAt?: string } => {
  const d = raw ? normalizePublishedDate(raw) : undefined;
  return d ? { publishedAt: d } : {};
};
const sectionOf = (section: string | undefined): { section?: string } => (section === undefined ? {} : { section });

export function candidateFromHit(hit: SearchHit, query: { query: string; section?: string }): Candidate {
  return {
    url: hit.url.trim(),
    title: hit.title.replace(/\s+/g, ' ').trim(),
    excerpt: truncateExcerpt(hit.snippet),
    ...date(hit.publishedAt),
    hasScholarlyId: /^https?:/i.test(hit.url) && identifiersFromUrl(hit.url).some((i) => i.type === 'doi' || i.type === 'pmid' || i.type === 'arxiv'),
    collector: hit.provider,
    query: query.query,
    ...sectionOf(query.section),
    ...(hit.corpus !== undefined && hit.id !== undefined ? { corpusRef: { corpus: hit.corpus, id: hit.id } } : {}),
  };
}

/** Authors named in author_organization at most; more are "et al.". */
export const MAX_AUTHORS_NAMED = 3;

/**
 * A paper's URL: its DOI's resolver when it has a DOI (so the same paper from two indexes meets on
 * one URL), else the index's own page, else PubMed / arXiv by identifier, else the open-access copy.
 */
export function paperUrl(paper: Paper): string | undefined {
  const ids = paper.identifiers;
  if (ids.doi) return `https://doi.org/${ids.doi}`;
  if (paper.url) return paper.url;
  if (ids.pmid) return `https://pubmed.ncbi.nlm.nih.gov/${ids.pmid}/`;
  if (ids.arxiv) return `https://arxiv.org/abs/${ids.arxiv}`;
  return paper.openAccessUrl;
}

export function candidateFromPaper(paper: Paper, query: { query: string; section?: string }): Candidate {
  const authors = paper.authors.map((a) => a.trim()).filter(Boolean);
  const named = authors.length > MAX_AUTHORS_NAMED ? `${authors.slice(0, MAX_AUTHORS_NAMED).join(', ')} et al.` : authors.join(', ');
  return {
    url: paperUrl(paper) ?? '',
    title: paper.title.replace(/\s+/g, ' ').trim(),
    excerpt: truncateExcerpt(paper.abstract ?? ''),
    ...date(paper.publishedAt ?? (paper.year !== undefined ? String(paper.year) : undefined)),
    ...(named ? { authorOrganization: named } : {}),
    hasScholarlyId: Boolean(paper.identifiers.doi || paper.identifiers.pmid || paper.identifiers.arxiv),
    collector: paper.source,
    query: query.query,
    ...sectionOf(query.section),
  };
}
