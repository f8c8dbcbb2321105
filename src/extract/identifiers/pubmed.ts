// PubMed (PMID) and PubMed Central (PMCID) identifiers in URLs and labelled text.

/** PMIDs are positive integers; the largest assigned are 8 digits. */
const PMID_RE = /^[1-9]\d{0,8}$/;
const PMCID_RE = /^PMC\d{3,9}$/;
/** A PMID in text needs its label: a bare number is not an identifier. */
const PMID_IN_TEXT_RE = /\bPMID\s*:?\s*([1-9]\d{0,8})\b/g;
const PMCID_IN_TEXT_RE = /\bPMC\d{3,9}\b/g;

export function parsePmid(value: string): string | undefined {
  const s = value.trim().replace(/^pmid\s*:?\s*/i, '');
  return PMID_RE.test(s) ? s : undefined;
}

export function parsePmcid(value: string): string | undefined {
  const s = value.trim().replace(/^pmcid\s*:?\s*/i, '').toUpperCase();
  if (PMCID_RE.test(s)) return s;
  return /^\d{3,9}$/.test(s) ? `PMC${s}` : undefined;
}

export function findPmids(text: string): string[] {
  return [...new Set([...text.matchAll(PMID_IN_TEXT_RE)].map((m) => m[1]!))];
}

export function findPmcids(text: string): string[] {
  return [...new Set([...text.matchAll(PMCID_IN_TEXT_RE)].map((m) => m[0]))];
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
