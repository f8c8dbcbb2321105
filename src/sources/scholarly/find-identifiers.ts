// DOIs, PMIDs and arXiv ids in free text and URLs (SERP titles/snippets, page text, links), as the
// scholarly APIs look them up. Seed 000 Phase 3: any identifier seen in a SERP item or a fetched page
// triggers enrichment. The parsing is extract/identifiers' (identifiersInMixedText); this file only
// chooses and caps.
import type { Identifiers } from '../../core/index.js';
import { arxivIdFromDoi, identifiersInMixedText } from '../../extract/index.js';
import { formatScholarlyId, normalizeArxivId, normalizeDoi, normalizePmid, type ScholarlyId } from './identifiers.js';

/** Most identifiers scanned from one text; a page listing thousands of references is capped here. */
export const MAX_IDENTIFIERS_PER_TEXT = 200;

export interface FindIdentifiersOptions {
  /** Cap on identifiers returned (default MAX_IDENTIFIERS_PER_TEXT). */
  limit?: number;
}

/** Identifiers in `text`, de-duplicated, in order of first appearance. */
export function findIdentifiersInText(text: string, options: FindIdentifiersOptions = {}): ScholarlyId[] {
  const limit = options.limit ?? MAX_IDENTIFIERS_PER_TEXT;
  const seen = new Set<string>();
  const out: ScholarlyId[] = [];
  for (const found of identifiersInMixedText(text)) {
    let id: ScholarlyId;
    if (found.type === 'doi') {
      // An arXiv DOI names the arXiv paper: keep the arXiv id, which every source understands.
      const arxiv = arxivIdFromDoi(found.value);
      id = arxiv ? { kind: 'arxiv', value: arxiv.id } : { kind: 'doi', value: found.value };
    } else if (found.type === 'arxiv' || found.type === 'pmid') {
      id = { kind: found.type, value: found.value };
    } else {
      // PMCIDs have no lookup; S2 and OpenAlex ids in URLs are left to the pages themselves, as before.
      continue;
    }
    const key = formatScholarlyId(id);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(id);
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
