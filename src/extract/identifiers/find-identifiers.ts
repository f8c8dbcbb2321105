// Identifiers from a URL, from labelled free text and from metadata name/value pairs, merged with
// the strongest source kept per identifier.
import type { Identifiers } from '../../core/index.js';
import { arxivIdFromDoi, arxivIdFromUrl, findArxivIds, locateArxivIds, parseArxivId, type ArxivId } from './arxiv.js';
import { doiFromUrl, findDois, locateDois, parseDoi, trimDoiTail } from './doi.js';
import { findPmcids, findPmids, locatePmcids, locatePmids, parsePmcid, parsePmid, pmcidFromUrl, pmidFromUrl } from './pubmed.js';
import { openAlexIdFromUrl, s2IdFromUrl } from './scholarly-ids.js';
import { IDENTIFIER_SOURCES, type FoundIdentifier, type IdentifierSource } from './types.js';

function arxiv(a: ArxivId, source: IdentifierSource): FoundIdentifier {
  return { type: 'arxiv', value: a.id, source, ...(a.version ? { version: a.version } : {}) };
}

function withDoi(doi: string, source: IdentifierSource): FoundIdentifier[] {
  const out: FoundIdentifier[] = [{ type: 'doi', value: doi, source }];
  const ax = arxivIdFromDoi(doi);
  if (ax) out.push(arxiv(ax, source));
  return out;
}

function parseUrl(value: string): URL | undefined {
  if (!/^https?:\/\//i.test(value.trim())) return undefined;
  try {
    return new URL(value.trim());
  } catch {
    return undefined;
  }
}

/** Identifiers named by a URL (doi.org, publisher /doi/ paths, arxiv.org, PubMed, PMC, Europe PMC, Semantic Scholar, OpenAlex). */
export function identifiersFromUrl(value: string | URL, source: IdentifierSource = 'url'): FoundIdentifier[] {
  const url = typeof value === 'string' ? parseUrl(value) : value;
  if (!url) return [];
  const out: FoundIdentifier[] = [];
  const doi = doiFromUrl(url);
  if (doi) out.push(...withDoi(doi, source));
  const ax = arxivIdFromUrl(url);
  if (ax) out.push(arxiv(ax, source));
  const pmid = pmidFromUrl(url);
  if (pmid) out.push({ type: 'pmid', value: pmid, source });
  const pmcid = pmcidFromUrl(url);
  if (pmcid) out.push({ type: 'pmcid', value: pmcid, source });
  const s2 = s2IdFromUrl(url);
  if (s2) out.push({ type: 's2', value: s2, source });
  const oa = openAlexIdFromUrl(url);
  if (oa) out.push({ type: 'openalex', value: oa, source });
  return out;
}

/** Identifiers written in prose: any DOI, and PMIDs, PMCIDs and arXiv ids that carry their label; grouped by type. */
export function identifiersFromText(text: string, source: IdentifierSource = 'text'): FoundIdentifier[] {
  const out: FoundIdentifier[] = [];
  for (const doi of findDois(text)) out.push(...withDoi(doi, source));
  for (const a of findArxivIds(text)) out.push(arxiv(a, source));
  for (const v of findPmids(text)) out.push({ type: 'pmid', value: v, source });
  for (const v of findPmcids(text)) out.push({ type: 'pmcid', value: v, source });
  return out;
}

/**
 * An http(s) URL written in text: up to white space, a quote or a CJK character (as a DOI ends);
 * trailing punctuation and unbalanced closing brackets are trimmed from it like from a DOI.
 */
const URL_IN_TEXT_RE = /https?:\/\/[^\s"'\u201c\u201d\u2018\u2019\u00ab\u00bb\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]+/gi;

/**
 * Identifiers in text that mixes URLs and prose (a search result's URL, title and snippet; a query),
 * deduplicated, in order of appearance: every URL is read as a URL (identifiersFromUrl: a publisher
 * path's DOI without its `/full` view, PubMed and arXiv URLs), the rest as prose (identifiersFromText).
 */
export function identifiersInMixedText(text: string, source: IdentifierSource = 'text'): FoundIdentifier[] {
  const found: Array<{ at: number; ids: FoundIdentifier[] }> = [];
  // URLs are read first and blanked out (same length, so offsets hold) before the prose is scanned.
  const parts: string[] = [];
  let from = 0;
  for (const m of text.matchAll(URL_IN_TEXT_RE)) {
    const href = trimDoiTail(m[0]);
    const url = parseUrl(href);
    if (!url) continue;
    found.push({ at: m.index, ids: identifiersFromUrl(url, source) });
    parts.push(text.slice(from, m.index), ' '.repeat(href.length));
    from = m.index + href.length;
  }
  parts.push(text.slice(from));
  const prose = parts.join('');
  for (const d of locateDois(prose)) found.push({ at: d.at, ids: withDoi(d.doi, source) });
  for (const a of locateArxivIds(prose)) found.push({ at: a.at, ids: [arxiv(a.arxiv, source)] });
  for (const p of locatePmids(prose)) found.push({ at: p.at, ids: [{ type: 'pmid', value: p.pmid, source }] });
  for (const p of locatePmcids(prose)) found.push({ at: p.at, ids: [{ type: 'pmcid', value: p.pmcid, source }] });
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  const out: FoundIdentifier[] = [];
  for (const id of found.flatMap((f) => f.ids)) {
    const key = `${id.type}:${id.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(id);
  }
  return out;
}

/** Meta names (lower case) that hold exactly one identifier of a known type. */
const TYPED_META: Record<string, 'doi' | 'pmid' | 'pmcid' | 'arxiv'> = {
  citation_doi: 'doi',
  'dc.identifier.doi': 'doi',
  'prism.doi': 'doi',
  bepress_citation_doi: 'doi',
  doi: 'doi',
  citation_pmid: 'pmid',
  'dc.identifier.pmid': 'pmid',
  citation_pmcid: 'pmcid',
  citation_arxiv_id: 'arxiv',
  'dc.identifier.arxiv': 'arxiv',
};
/** Meta names that hold an identifier of any type, often prefixed (`doi:`, `info:doi/`, `pmid:`, a URL). */
const GENERIC_META = new Set(['dc.identifier', 'dcterms.identifier', 'citation_id', 'rft_id', 'prism.url']);
/** Meta names (and `<link rel=canonical>`) holding the document's own URL. */
const URL_META = new Set(['og:url', 'canonical', 'citation_abstract_html_url', 'citation_fulltext_html_url', 'citation_pdf_url', 'citation_public_url']);

/** One identifier from a value of unknown type: a URL, `doi:…`, `pmid:…`, `PMC…`, `arXiv:…`, a bare DOI. */
export function parseIdentifierValue(value: string, source: IdentifierSource): FoundIdentifier[] {
  const v = value.trim();
  if (parseUrl(v)) return identifiersFromUrl(v, source);
  if (/^pmid\s*:/i.test(v)) {
    const p = parsePmid(v);
    return p ? [{ type: 'pmid', value: p, source }] : [];
  }
  if (/^pmc(?:id)?\s*:?\s*(?:pmc)?\d/i.test(v)) {
    const p = parsePmcid(v.replace(/^pmcid\s*:\s*/i, ''));
    return p ? [{ type: 'pmcid', value: p, source }] : [];
  }
  if (/^arxiv\s*:/i.test(v)) {
    const a = parseArxivId(v);
    return a ? [arxiv(a, source)] : [];
  }
  const doi = parseDoi(v);
  return doi ? withDoi(doi, source) : [];
}

/** Identifiers in metadata name/value pairs (names compared in lower case). */
export function identifiersFromMeta(entries: Iterable<{ name: string; value: string }>, source: IdentifierSource = 'meta'): FoundIdentifier[] {
  const out: FoundIdentifier[] = [];
  for (const { name, value } of entries) {
    const key = name.toLowerCase();
    const type = TYPED_META[key];
    if (type === 'doi') {
      const doi = parseDoi(value);
      if (doi) out.push(...withDoi(doi, source));
    } else if (type === 'pmid') {
      const p = parsePmid(value);
      if (p) out.push({ type, value: p, source });
    } else if (type === 'pmcid') {
      const p = parsePmcid(value);
      if (p) out.push({ type, value: p, source });
    } else if (type === 'arxiv') {
      const a = parseArxivId(value);
      if (a) out.push(arxiv(a, source));
    } else if (GENERIC_META.has(key)) {
      out.push(...parseIdentifierValue(value, source));
    } else if (URL_META.has(key)) {
      out.push(...identifiersFromUrl(value, source));
    }
  }
  return out;
}

const SOURCE_RANK = new Map(IDENTIFIER_SOURCES.map((s, i) => [s, i]));

/** Deduplicates by type and value, keeping the strongest source (url > meta > link > text); stable order otherwise. */
export function mergeFoundIdentifiers(lists: Iterable<FoundIdentifier[]>): FoundIdentifier[] {
  const byKey = new Map<string, FoundIdentifier>();
  for (const list of lists) {
    for (const id of list) {
      const key = `${id.type}:${id.value}`;
      const prev = byKey.get(key);
      if (!prev) byKey.set(key, id);
      else if (SOURCE_RANK.get(id.source)! < SOURCE_RANK.get(prev.source)!) byKey.set(key, { ...id, version: id.version ?? prev.version });
    }
  }
  return [...byKey.values()].sort((a, b) => SOURCE_RANK.get(a.source)! - SOURCE_RANK.get(b.source)!);
}

/**
 * The document's own identifiers (core `Identifiers`): the first of each type found in its URL or
 * metadata. Identifiers only mentioned in links or text are cited works, not the document.
 */
export function selfIdentifiers(found: readonly FoundIdentifier[]): Identifiers {
  const out: Identifiers = {};
  for (const id of found) {
    if (id.source !== 'url' && id.source !== 'meta') continue;
    if (id.type === 'pmcid') continue; // core Identifiers has no PMCID slot; it stays in the found list.
    if (out[id.type] === undefined) out[id.type] = id.value;
  }
  return out;
}
