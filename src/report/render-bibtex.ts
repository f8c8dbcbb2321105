// Materials' sources as BibTeX: @article for academic papers, @techreport for government and
// institutional reports, @misc otherwise; the trust level and source type go in `note`. Every value
// goes through core/format's BibTeX escaping; a DOI that is not DOI syntax, a non-http(s) URL or a
// non-numeric PMID is left out rather than written.
import { bibtexDoi, bibtexField, bibtexKey, bibtexUrl, type Materials, type SourceType, type SourceView } from '../core/index.js';
import { citationKeys, dateParts, parseAuthorName } from './citation-keys.js';
import type { RenderMaterialsOptions } from './render-options.js';

const ENTRY_TYPE: Record<SourceType, string> = {
  academic_paper: 'article',
  government_report: 'techreport',
  statistics: 'misc',
  official_document: 'misc',
  industry_report: 'techreport',
  news_article: 'misc',
  other: 'misc',
};

/** Escapes LaTeX's special characters so a title or name prints as written (core/format's bibtexField). */
export const escapeBibtex = bibtexField;

function authorField(authors: string[]): string {
  return authors
    .map((a) => {
      const n = parseAuthorName(a);
      return 'literal' in n ? `{${escapeBibtex(n.literal)}}` : n.given ? `${escapeBibtex(n.family)}, ${escapeBibtex(n.given)}` : escapeBibtex(n.family);
    })
    .join(' and ');
}

/** A paper is an @article whatever its page type: a DOI, PMID or arXiv id says so (a corpus abstract, a PDF typed `other`). */
function entryType(s: SourceView): string {
  const ids = s.identifiers ?? {};
  return ids.doi || ids.pmid || ids.arxiv ? 'article' : ENTRY_TYPE[s.sourceType];
}

function entry(s: SourceView, key: string, linkOf: NonNullable<RenderMaterialsOptions['linkOf']>): string {
  const type = entryType(s);
  const date = dateParts(s.publishedAt);
  const ids = s.identifiers ?? {};
  const fields: Array<[string, string | undefined]> = [
    ['title', s.title ? `{${escapeBibtex(s.title)}}` : undefined],
    ['author', s.authors && s.authors.length > 0 ? authorField(s.authors) : undefined],
    [
      type === 'techreport' ? 'institution' : 'organization',
      s.organization ? escapeBibtex(s.organization) : type === 'techreport' ? escapeBibtex(s.domain) : undefined,
    ],
    ['year', date ? String(date[0]) : undefined],
    ['month', date && date[1] !== undefined ? String(date[1]) : undefined],
    ['doi', bibtexDoi(ids.doi)],
    ['eprint', ids.arxiv ? bibtexField(ids.arxiv) : undefined],
    ['archiveprefix', ids.arxiv ? 'arXiv' : undefined],
    ['pmid', ids.pmid && /^\d{1,9}$/.test(ids.pmid) ? ids.pmid : undefined],
    ['url', bibtexUrl(linkOf(s.url) ?? s.url)],
    ['note', escapeBibtex(`Trust level ${s.trustLevel}; ${s.sourceType.replace(/_/g, ' ')}; ${s.domain}`)],
  ];
  const body = fields
    .filter((f): f is [string, string] => f[1] !== undefined)
    .map(([k, v]) => `  ${k} = {${v}}`)
    .join(',\n');
  return `@${type}{${bibtexKey(key)},\n${body}\n}\n`;
}

export function renderMaterialsBibtex(m: Materials, options: RenderMaterialsOptions = {}): string {
  const keys = citationKeys(m.pages);
  const linkOf = options.linkOf ?? (() => undefined);
  return m.pages.map((s, i) => entry(s, keys[i]!, linkOf)).join('\n');
}
