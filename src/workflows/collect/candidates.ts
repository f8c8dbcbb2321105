// What one engine search found for a query, before evaluation: a candidate source. Each page of the
// SearchOutcome maps to one — a page the engine read (its text or abstract is in the task), or one it
// could not read (a failed fetch, a BLOCKED domain, a page left unfetched). Candidates are kept in the
// checkpoint, so they have a schema.
import { z } from 'zod';
import { InvalidInputError, parseCorpusUrl, type SourceText, type SourceView, type UnreadSource } from '../../core/index.js';
import { identifiersFromUrl, normalizePublishedDate } from '../../extract/index.js';
import { MAX_EXCERPT_CHARS } from './limits.js';

export const candidateSchema = z.strictObject({
  url: z.string().min(1),
  title: z.string(),
  /** The start of the text the engine read (a page's main text, a paper's abstract, a corpus document); empty for an unread page. */
  excerpt: z.string(),
  publishedAt: z.string().optional(),
  authorOrganization: z.string().optional(),
  /** The record carries a DOI, PMID or arXiv id (an academic paper whatever its host). */
  hasScholarlyId: z.boolean(),
  /** The page in the run's engine task (checkSource verifies it). */
  pageId: z.string().min(1),
  /** The engine read it during the search; false: the search found it but holds no text for it. */
  read: z.boolean(),
  query: z.string(),
  section: z.string().optional(),
  /** For corpus documents: which document it is (the de-duplication key). */
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
  if (!SOURCE_URL_RE.test(c.url))
    throw new InvalidInputError(`source ${c.pageId} for query ${JSON.stringify(c.query)}: unsupported URL ${JSON.stringify(c.url)}`, {
      code: 'source_invalid',
      details: { url: c.url },
    });
  if (/^https?:/i.test(c.url)) {
    try {
      new URL(c.url);
    } catch (cause) {
      throw new InvalidInputError(`source ${c.pageId} for query ${JSON.stringify(c.query)}: malformed URL ${JSON.stringify(c.url)}`, {
        code: 'source_invalid',
        details: { url: c.url },
        cause,
      });
    }
  }
  if (!c.title.trim())
    throw new InvalidInputError(`source ${c.url} (query ${JSON.stringify(c.query)}): no title`, { code: 'source_invalid', details: { url: c.url } });
}

const date = (raw: string | undefined): { publishedAt?: string } => {
  const d = raw ? normalizePublishedDate(raw) : undefined;
  return d ? { publishedAt: d } : {};
};
const sectionOf = (section: string | undefined): { section?: string } => (section === undefined ? {} : { section });

/** Authors named in author_organization at most; more are "et al.". */
export const MAX_AUTHORS_NAMED = 3;

/** Authors (three, then "et al."), else the publishing organization. */
export function authorOrganizationOf(source: Pick<SourceView, 'authors' | 'organization'>): string | undefined {
  const authors = (source.authors ?? []).map((a) => a.replace(/\s+/g, ' ').trim()).filter(Boolean);
  if (authors.length > 0) return authors.length > MAX_AUTHORS_NAMED ? `${authors.slice(0, MAX_AUTHORS_NAMED).join(', ')} et al.` : authors.join(', ');
  const org = source.organization?.replace(/\s+/g, ' ').trim();
  return org || undefined;
}

function hasScholarlyId(source: SourceView): boolean {
  const ids = source.identifiers ?? {};
  if (ids.doi || ids.pmid || ids.arxiv) return true;
  return /^https?:/i.test(source.url) && identifiersFromUrl(source.url).some((i) => i.type === 'doi' || i.type === 'pmid' || i.type === 'arxiv');
}

function base(source: SourceView, query: { query: string; section?: string }): Omit<Candidate, 'excerpt' | 'read'> {
  const corpus = parseCorpusUrl(source.url);
  const org = authorOrganizationOf(source);
  return {
    url: source.url,
    title: (source.title ?? '').replace(/\s+/g, ' ').trim(),
    ...date(source.publishedAt),
    ...(org ? { authorOrganization: org } : {}),
    hasScholarlyId: hasScholarlyId(source),
    pageId: source.pageId,
    query: query.query,
    ...sectionOf(query.section),
    ...(corpus ? { corpusRef: corpus } : {}),
  };
}

/** A page the engine read: its bibliographic details and the start of its text as the excerpt. */
export function candidateFromSource(read: SourceText, query: { query: string; section?: string }): Candidate {
  return { ...base(read.source, query), excerpt: truncateExcerpt(read.text), read: true };
}

/** A page the search found but the engine holds no text for: what its search result said. */
export function candidateFromUnread(unread: UnreadSource, query: { query: string; section?: string }): Candidate {
  return { ...base(unread.source, query), excerpt: '', read: false };
}
