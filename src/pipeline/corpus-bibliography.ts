// A corpus document's bibliographic details from its fields (a CSV row's other columns): authors, DOI,
// PubMed and arXiv ids, and the publisher, so that the page, the report's sources and the
// BibTeX / CSL-JSON exports name them instead of a bare corpus:// URL. Columns are matched by name,
// lower-case with spaces and hyphens as underscores; a value that is not an identifier stays a field.
import type { Identifiers } from '../core/index.js';
import { arxivIdFromValue, parseDoi, pmidFromValue } from '../extract/index.js';
import { columnKey } from '../sources/index.js';

/** Authors a page keeps at most (a consortium paper can list thousands). */
const MAX_AUTHORS = 100;
const AUTHOR_COLUMNS = ['authors', 'author', 'creators', 'creator'];
// A journal is no organization (BibTeX and CSL would name it the publisher): it stays a field.
const ORGANIZATION_COLUMNS = ['publisher', 'organization', 'organisation'];

export interface CorpusBibliography {
  authors?: string[];
  identifiers?: Identifiers;
  organization?: string;
}

/** The fields by column key, as the CSV reader matched the columns (columnKey). */
function byColumn(fields: Record<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(fields)) {
    const key = columnKey(k);
    if (!out.has(key) && v.trim()) out.set(key, v.trim());
  }
  return out;
}

export function corpusBibliography(fields: Record<string, string> | undefined): CorpusBibliography {
  if (!fields) return {};
  const f = byColumn(fields);
  const first = (names: readonly string[]): string | undefined => names.map((n) => f.get(n)).find((v) => v !== undefined);
  const out: CorpusBibliography = {};
  const authors = first(AUTHOR_COLUMNS);
  if (authors) {
    // "Smith, J.; Doe, A." — a semicolon separates authors wherever one is used; else "A and B"; commas only
    // between full names ("Ada Lovelace, Charles Babbage"), since "Ramsey, S." is one author.
    const commas = authors.split(',').map((a) => a.trim());
    const parts = authors.includes(';')
      ? authors.split(';')
      : / and /i.test(authors)
        ? authors.split(/ and /i)
        : commas.length > 1 && commas.every((a) => a.includes(' '))
          ? commas
          : [authors];
    const list = parts.map((a) => a.trim()).filter(Boolean);
    if (list.length > 0) out.authors = list.slice(0, MAX_AUTHORS);
  }
  const identifiers: Identifiers = {};
  const doi = f.get('doi') ? parseDoi(f.get('doi')!) : undefined;
  if (doi) identifiers.doi = doi;
  const pmid = f.get('pmid') ?? f.get('pubmed_id');
  const pm = pmid ? pmidFromValue(pmid) : undefined;
  if (pm) identifiers.pmid = pm;
  const arxiv = f.get('arxiv') ?? f.get('arxiv_id');
  const ax = arxiv ? arxivIdFromValue(arxiv)?.id : undefined;
  if (ax) identifiers.arxiv = ax;
  if (Object.keys(identifiers).length > 0) out.identifiers = identifiers;
  const organization = first(ORGANIZATION_COLUMNS);
  if (organization) out.organization = organization;
  return out;
}
