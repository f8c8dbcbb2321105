// Outbound academic links: links to scholarly resolvers, indexes and preprint servers, or any link
// whose URL names a scholarly identifier (seed 000 Phase 6: in-page DOI/academic links → Phase 3).
import { identifiersFromUrl } from './find-identifiers.js';

/** Hosts (and their subdomains) whose links point at scholarly records. */
export const ACADEMIC_HOSTS: readonly string[] = [
  'doi.org',
  'arxiv.org',
  'pubmed.ncbi.nlm.nih.gov',
  'pmc.ncbi.nlm.nih.gov',
  'europepmc.org',
  'semanticscholar.org',
  'openalex.org',
  'crossref.org',
  'biorxiv.org',
  'medrxiv.org',
  'ssrn.com',
  'jstor.org',
  'scholar.google.com',
  'dblp.org',
  'openreview.net',
  'aclanthology.org',
  'osf.io',
  'zenodo.org',
  'hal.science',
  'ci.nii.ac.jp',
  'jstage.jst.go.jp',
];
/** Paths on www.ncbi.nlm.nih.gov that are scholarly records (the rest of NCBI is databases and tools). */
const NCBI_RECORD_PATH_RE = /^\/(?:pubmed|pmc)\//;
/**
 * Publisher article pages whose URL holds no DOI (the page's citation_doi meta names it once fetched):
 * host (and subdomains) → article path. Hosts that also publish news or ads are matched by path only.
 */
export const PUBLISHER_ARTICLE_PATHS: ReadonlyArray<readonly [string, RegExp]> = [
  ['sciencedirect.com', /^\/science\/article\//],
  ['nature.com', /^\/articles\/[a-z0-9-]+\d/],
  ['link.springer.com', /^\/(?:article|chapter)\//],
  ['academic.oup.com', /\/article\//],
  ['ieeexplore.ieee.org', /^\/(?:abstract\/)?document\/\d+/],
  ['thelancet.com', /^\/journals\/[^/]+\/article\//],
  ['bmj.com', /^\/content\/\d+/],
  ['jamanetwork.com', /^\/journals\/[^/]+\/fullarticle\//],
  ['cell.com', /\/fulltext\//],
  ['mdpi.com', /^\/\d{4}-\d{3}[\dX]\/\d+/],
  ['proceedings.neurips.cc', /^\/paper/],
  ['proceedings.mlr.press', /^\/v\d+\//],
];

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
  if (PUBLISHER_ARTICLE_PATHS.some(([d, path]) => hostMatches(host, d) && path.test(url.pathname))) return true;
  return identifiersFromUrl(url, 'link').length > 0;
}
