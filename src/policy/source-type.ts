// Source type and credibility score (seed 003 §3.2), used for primary-source collection and the page
// record. Matching is on host labels and path words, not raw substrings, so "metadata" is not "data"
// and "education.example" is not ".edu".
import type { SourceType } from '../core/index.js';

/** Base credibility of each source type (seed 003 §3.2). */
export const SOURCE_TYPE_BASE_SCORES: Readonly<Record<SourceType, number>> = {
  academic_paper: 0.9,
  government_report: 0.85,
  statistics: 0.8,
  official_document: 0.8,
  industry_report: 0.7,
  news_article: 0.5,
  other: 0.3,
};
export const HTTPS_BONUS = 0.05;
export const AUTHOR_BONUS = 0.05;
export const MAX_CREDIBILITY = 1.0;

/** Academic hosts (seed: scholar.google, researchgate, pubmed; plus the scholarly indexes Lyra reads). */
const ACADEMIC_HOSTS = [
  'scholar.google.com',
  'researchgate.net',
  'pubmed.ncbi.nlm.nih.gov',
  'ncbi.nlm.nih.gov',
  'europepmc.org',
  'arxiv.org',
  'doi.org',
  'semanticscholar.org',
  'openalex.org',
  'biorxiv.org',
  'medrxiv.org',
  'jstage.jst.go.jp',
  'cinii.ac.jp',
];
/** Academic suffixes: US .edu, Japanese .ac.jp, British .ac.uk, and .edu.<cc>. */
const ACADEMIC_SUFFIXES = ['.edu', '.ac.jp', '.ac.uk'];
const GOVERNMENT_SUFFIXES = ['.gov', '.go.jp', '.gov.uk', '.mil', '.lg.jp'];
/** Whole words of the host or path (seed: statistics, stats, data, survey). */
const STATISTICS_WORDS = ['statistics', 'stats', 'data', 'survey'];
const OFFICIAL_HOSTS = ['iso.org', 'ietf.org', 'rfc-editor.org', 'w3.org', 'who.int', 'un.org', 'oecd.org', 'europa.eu'];
const INDUSTRY_HOSTS = ['mckinsey.com', 'bcg.com', 'deloitte.com', 'pwc.com', 'gartner.com', 'accenture.com', 'kpmg.com', 'ey.com'];
const NEWS_HOSTS = [
  'reuters.com',
  'bloomberg.com',
  'nikkei.com',
  'apnews.com',
  'bbc.co.uk',
  'bbc.com',
  'nytimes.com',
  'theguardian.com',
  'nhk.or.jp',
  'asahi.com',
  'yomiuri.co.jp',
  'cnn.com',
  'washingtonpost.com',
  'ft.com',
  'wsj.com',
];

export interface SourceHints {
  title?: string;
  /** The page carries a DOI, PMID or arXiv id. */
  hasScholarlyId?: boolean;
  author?: string;
  organization?: string;
}

function hostMatches(host: string, domains: readonly string[]): boolean {
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

function hasSuffix(host: string, suffixes: readonly string[]): boolean {
  return suffixes.some((s) => host.endsWith(s) || host.includes(`${s}.`));
}

function parts(url: string): { host: string; words: string[] } | undefined {
  try {
    const u = new URL(url);
    const host = u.hostname.toLowerCase();
    const words = `${host} ${decodeURIComponent(u.pathname)}`
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    return { host, words };
  } catch {
    return undefined;
  }
}

/**
 * Classifies a source by URL (and hints) in the seed's order: academic, government, statistics, then
 * (not in the seed, which never returns it) official documents of standards and intergovernmental
 * bodies, industry, news, other.
 */
export function classifySourceType(url: string, hints: SourceHints = {}): SourceType {
  const p = parts(url);
  if (!p) return 'other';
  const { host, words } = p;
  if (hints.hasScholarlyId || hostMatches(host, ACADEMIC_HOSTS) || hasSuffix(host, ACADEMIC_SUFFIXES)) return 'academic_paper';
  if (hasSuffix(host, GOVERNMENT_SUFFIXES)) return 'government_report';
  if (words.some((w) => STATISTICS_WORDS.includes(w))) return 'statistics';
  if (hostMatches(host, OFFICIAL_HOSTS) || host.endsWith('.int')) return 'official_document';
  if (hostMatches(host, INDUSTRY_HOSTS)) return 'industry_report';
  if (hostMatches(host, NEWS_HOSTS) || words.includes('news')) return 'news_article';
  return 'other';
}

/** Base score of the type, +0.05 for https, +0.05 when an author or organization is known, capped at 1. */
export function credibilityScore(sourceType: SourceType, url: string, hints: SourceHints = {}): number {
  let score = SOURCE_TYPE_BASE_SCORES[sourceType];
  if (url.toLowerCase().startsWith('https://')) score = Math.min(score + HTTPS_BONUS, MAX_CREDIBILITY);
  if (hints.author?.trim() || hints.organization?.trim()) score = Math.min(score + AUTHOR_BONUS, MAX_CREDIBILITY);
  return Math.round(score * 1000) / 1000;
}
