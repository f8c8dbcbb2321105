// Materials' sources as CSL-JSON (the citation format of Zotero, Pandoc and citeproc): one item per
// source with the same keys the BibTeX renderer uses; the trust level goes in `note`. JSON needs no
// escaping, but every value is typeset by whatever reads it, so bidi controls are shown by code point
// (neutralizeBidi), as in every other output format.
import { neutralizeBidi as t, type Materials, type SourceType, type SourceView } from '../core/index.js';
import { citationKeys, dateParts, parseAuthorName } from './citation-keys.js';
import type { RenderMaterialsOptions } from './render-options.js';

const CSL_TYPE: Record<SourceType, string> = {
  academic_paper: 'article-journal',
  government_report: 'report',
  statistics: 'dataset',
  official_document: 'document',
  industry_report: 'report',
  news_article: 'article-newspaper',
  other: 'webpage',
};

export interface CslItem {
  id: string;
  type: string;
  title?: string;
  author?: Array<{ family: string; given?: string } | { literal: string }>;
  issued?: { 'date-parts': number[][] };
  publisher?: string;
  DOI?: string;
  PMID?: string;
  URL: string;
  note: string;
}

function item(s: SourceView, id: string, linkOf: NonNullable<RenderMaterialsOptions['linkOf']>): CslItem {
  const date = dateParts(s.publishedAt);
  return {
    id,
    type: CSL_TYPE[s.sourceType],
    ...(s.title ? { title: t(s.title) } : {}),
    ...(s.authors && s.authors.length > 0 ? { author: s.authors.map((a) => parseAuthorName(t(a))) } : {}),
    ...(date ? { issued: { 'date-parts': [date] } } : {}),
    ...(s.organization ? { publisher: t(s.organization) } : {}),
    ...(s.identifiers?.doi ? { DOI: t(s.identifiers.doi) } : {}),
    ...(s.identifiers?.pmid ? { PMID: t(s.identifiers.pmid) } : {}),
    URL: t(linkOf(s.url) ?? s.url),
    note: t(`Trust level ${s.trustLevel}; ${s.sourceType.replace(/_/g, ' ')}; ${s.domain}`),
  };
}

export function materialsCsl(m: Materials, options: RenderMaterialsOptions = {}): CslItem[] {
  const keys = citationKeys(m.pages);
  const linkOf = options.linkOf ?? (() => undefined);
  return m.pages.map((s, i) => item(s, keys[i]!, linkOf));
}

export function renderMaterialsCsl(m: Materials, options: RenderMaterialsOptions = {}): string {
  return `${JSON.stringify(materialsCsl(m, options), null, 2)}\n`;
}
