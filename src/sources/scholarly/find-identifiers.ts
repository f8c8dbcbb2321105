// Finds DOIs, PMIDs and arXiv ids in free text and URLs (SERP titles/snippets, page text, links).
// Seed 000 Phase 3: any identifier seen in a SERP item or a fetched page triggers enrichment.
import type { Identifiers } from '../../core/index.js';
import { formatScholarlyId, normalizeArxivId, normalizeDoi, normalizePmid, type ScholarlyId } from './identifiers.js';

/** Most identifiers scanned from one text; a page listing thousands of references is capped here. */
export const MAX_IDENTIFIERS_PER_TEXT = 200;

const DOI_IN_TEXT = /\b10\.\d{4,9}\/[^\s"'<>&?#\u3000-\u30ff\u4e00-\u9fff]+/gi;
/** Publisher URLs append a view name after the DOI (…/10.3389/x.2020.1/full); not part of the DOI. */
const DOI_VIEW_SUFFIX = /\/(?:full|abstract|pdf|epdf|html|fulltext|summary|meta|references|figures|tables|suppl)$/i;
const DOI_URL_ENCODED = /\bdoi\.org\/(10\.\d{4,9}%2f[^\s"'<>&]+)/gi;
const ARXIV_URL = /arxiv\.org\/(?:abs|pdf)\/((?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?\/\d{7})(?:v\d+)?)/gi;
const ARXIV_LABEL = /\barxiv\s*:\s*((?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?\/\d{7})(?:v\d+)?)/gi;
const PUBMED_URL = /(?:pubmed\.ncbi\.nlm\.nih\.gov|ncbi\.nlm\.nih\.gov\/pubmed)\/(\d{1,9})\b/gi;
const PMID_LABEL = /\bPMID\s*[:：]?\s*(\d{1,9})\b/g;

export interface FindIdentifiersOptions {
  /** Cap on identifiers returned (default MAX_IDENTIFIERS_PER_TEXT). */
  limit?: number;
}

/** Identifiers in `text`, de-duplicated, in order of first appearance (DOIs, then arXiv, then PMIDs). */
export function findIdentifiersInText(text: string, options: FindIdentifiersOptions = {}): ScholarlyId[] {
  const limit = options.limit ?? MAX_IDENTIFIERS_PER_TEXT;
  const found: Array<{ at: number; id: ScholarlyId }> = [];
  const scan = (re: RegExp, kind: ScholarlyId['kind'], norm: (s: string) => string | undefined): void => {
    for (const m of text.matchAll(re)) {
      const value = norm(m[1] ?? m[0]);
      if (value) found.push({ at: m.index ?? 0, id: { kind, value } });
    }
  };
  scan(DOI_URL_ENCODED, 'doi', normalizeDoi);
  scan(DOI_IN_TEXT, 'doi', (s) => {
    const doi = normalizeDoi(s);
    return doi ? normalizeDoi(doi.replace(DOI_VIEW_SUFFIX, '')) : undefined;
  });
  scan(ARXIV_URL, 'arxiv', normalizeArxivId);
  scan(ARXIV_LABEL, 'arxiv', normalizeArxivId);
  scan(PUBMED_URL, 'pmid', normalizePmid);
  scan(PMID_LABEL, 'pmid', normalizePmid);
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  const out: ScholarlyId[] = [];
  for (const { id } of found) {
    // An arXiv DOI names the arXiv paper: keep the arXiv id, which every source understands.
    const arxivFromDoi = id.kind === 'doi' && id.value.startsWith('10.48550/arxiv.') ? normalizeArxivId(id.value) : undefined;
    const final: ScholarlyId = arxivFromDoi ? { kind: 'arxiv', value: arxivFromDoi } : id;
    const key = formatScholarlyId(final);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(final);
    if (out.length >= limit) break;
  }
  return out;
}

/** Identifiers in several texts (URL, title, snippet, links), merged in order. */
export function findIdentifiersInTexts(texts: Array<string | undefined>, options: FindIdentifiersOptions = {}): ScholarlyId[] {
  const joined = texts.filter((t): t is string => typeof t === 'string' && t.length > 0).join('\n');
  return findIdentifiersInText(joined, options);
}

/** Identifiers already extracted into a record (e.g. ExtractedDocument.identifiers) as a list. */
export function identifiersOf(record: Identifiers): ScholarlyId[] {
  const out: ScholarlyId[] = [];
  if (record.doi) {
    const v = normalizeDoi(record.doi);
    if (v) out.push({ kind: 'doi', value: v });
  }
  if (record.pmid) {
    const v = normalizePmid(record.pmid);
    if (v) out.push({ kind: 'pmid', value: v });
  }
  if (record.arxiv) {
    const v = normalizeArxivId(record.arxiv);
    if (v) out.push({ kind: 'arxiv', value: v });
  }
  return out;
}
