// PubMed (PMID) and PubMed Central (PMCID) identifiers in URLs and labelled text.

/**
 * PMIDs are positive integers; the largest assigned are 8 digits. Leading zeros are dropped (the same
 * integer is the same record), so a value that is all zeros is none.
 */
const PMID_RE = /^0*([1-9]\d{0,8})$/;
const PMCID_RE = /^PMC\d{3,9}$/;
/** A PMID in text needs its label (`PMID: 123`, `PMID：123` in Japanese text): a bare number is not an identifier. */
const PMID_IN_TEXT_RE = /\bPMID\s*[:：]?\s*([1-9]\d{0,8})\b/g;
const PMCID_IN_TEXT_RE = /\bPMC\d{3,9}\b/g;
/** A PubMed URL written without its scheme (`pubmed.ncbi.nlm.nih.gov/123`). */
const SCHEMELESS_URL_RE = /^(?:[a-z]+\.)*(?:ncbi\.nlm\.nih\.gov|europepmc\.org)\//i;

export function parsePmid(value: string): string | undefined {
  const s = value.trim().replace(/^pmid\s*:?\s*/i, '');
  return PMID_RE.exec(s)?.[1];
}

export function parsePmcid(value: string): string | undefined {
  const s = value
    .trim()
    .replace(/^pmcid\s*:?\s*/i, '')
    .toUpperCase();
  if (PMCID_RE.test(s)) return s;
  return /^\d{3,9}$/.test(s) ? `PMC${s}` : undefined;
}

/** Labelled PMIDs in free text with the offset where each match starts (repeats kept). */
export function locatePmids(text: string): Array<{ at: number; pmid: string }> {
  return [...text.matchAll(PMID_IN_TEXT_RE)].map((m) => ({ at: m.index, pmid: m[1]! }));
}

/** PMCIDs in free text with the offset where each starts (repeats kept). */
export function locatePmcids(text: string): Array<{ at: number; pmcid: string }> {
  return [...text.matchAll(PMCID_IN_TEXT_RE)].map((m) => ({ at: m.index, pmcid: m[0] }));
}

export function findPmids(text: string): string[] {
  return [...new Set(locatePmids(text).map((m) => m.pmid))];
}

export function findPmcids(text: string): string[] {
  return [...new Set(locatePmcids(text).map((m) => m.pmcid))];
}

function isNcbi(host: string): boolean {
  return host === 'ncbi.nlm.nih.gov' || host.endsWith('.ncbi.nlm.nih.gov');
}

/** PMID from pubmed.ncbi.nlm.nih.gov/<id>, ncbi.nlm.nih.gov/pubmed/<id>, europepmc.org/(article|abstract)/MED/<id>. */
export function pmidFromUrl(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  const path = url.pathname;
  let m: RegExpExecArray | null = null;
  if (host === 'pubmed.ncbi.nlm.nih.gov') m = /^\/(\d+)\/?$/.exec(path);
  else if (isNcbi(host)) m = /^\/pubmed\/(\d+)\/?$/.exec(path);
  else if (host === 'europepmc.org' || host === 'www.europepmc.org') m = /^\/(?:article|abstract)\/MED\/(\d+)\/?$/i.exec(path);
  return m ? parsePmid(m[1]!) : undefined;
}

/** PMCID from ncbi.nlm.nih.gov/pmc/articles/PMC…, pmc.ncbi.nlm.nih.gov/articles/PMC…, europepmc.org/(article|abstract)/PMC/PMC…. */
export function pmcidFromUrl(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  const path = url.pathname;
  let m: RegExpExecArray | null = null;
  if (host === 'pmc.ncbi.nlm.nih.gov') m = /^\/articles\/(PMC\d+)(?:\/|$)/i.exec(path);
  else if (isNcbi(host)) m = /^\/pmc\/articles\/(PMC\d+)(?:\/|$)/i.exec(path);
  else if (host === 'europepmc.org' || host === 'www.europepmc.org') m = /^\/(?:article|abstract)\/PMC\/(PMC\d+)\/?$/i.exec(path);
  return m ? parsePmcid(m[1]!) : undefined;
}

/** The PMID in a value that names one: bare digits, `PMID:` digits, or a PubMed / Europe PMC URL (scheme optional). */
export function pmidFromValue(value: string): string | undefined {
  const v = value.trim();
  const href = SCHEMELESS_URL_RE.test(v) ? `https://${v}` : v;
  if (/^https?:\/\//i.test(href)) {
    try {
      return pmidFromUrl(new URL(href));
    } catch {
      return undefined;
    }
  }
  return parsePmid(v);
}
