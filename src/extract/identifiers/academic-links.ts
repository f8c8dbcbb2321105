// Outbound academic links: links to scholarly resolvers, indexes and preprint servers, or any link
// whose URL names a scholarly identifier (seed 000 Phase 6: in-page DOI/academic links → Phase 3).
import { identifiersFromUrl } from './find-identifiers.js';

/** Hosts (and their subdomains) whose links point at scholarly records. */
export const ACADEMIC_HOSTS: readonly string[] = [
  'doi.org', 'arxiv.org', 'pubmed.ncbi.nlm.nih.gov', 'pmc.ncbi.nlm.nih.gov', 'europepmc.org', 'semanticscholar.org',
  'openalex.org', 'crossref.org', 'biorxiv.org', 'medrxiv.org', 'ssrn.com', 'jstor.org', 'scholar.google.com',
  'dblp.org', 'openreview.net', 'aclanthology.org', 'osf.io', 'zenodo.org', 'hal.science', 'ci.nii.ac.jp', 'jstage.jst.go.jp',
];
/** Paths on www.ncbi.nlm.nih.gov that are scholarly records (the rest of NCBI is databases and tools). */
const NCBI_RECORD_PATH_RE = /^\/(?:pubmed|pmc)\//;

function hostMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** True when the URL points at a scholarly record or names a scholarly identifier. */
export function isAcademicUrl(value: string | URL): boolean {
  let url: URL;
  try {
    url = typeof value === 'string' ? new URL(value) : value;
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  if (ACADEMIC_HOSTS.some((d) => hostMatches(host, d))) return true;
  if (hostMatches(host, 'ncbi.nlm.nih.gov') && NCBI_RECORD_PATH_RE.test(url.pathname)) return true;
  return identifiersFromUrl(url, 'link').length > 0;
}
