// Academic query detection (English and Japanese) and the seed-000 enrichment rule as pure functions:
// academic APIs are searched for academic queries (Phase 2), and any DOI / PMID / arXiv id seen in a
// SERP item or a fetched page triggers metadata + abstract enrichment whatever the query (Phase 3,
// Phase 6 → 3). "Academic" is a priority, not a gate (seed 000 改善後のフロー 設計原則).
import type { Identifiers, SearchHit } from '../core/index.js';
import { findIdentifiersInText, findIdentifiersInTexts, formatScholarlyId, identifiersOf, stripWebOperators, type ScholarlyId } from './scholarly/index.js';

/** Terms that mark a query as academic; matched as whole words (EN) or substrings (JA). */
export const ACADEMIC_TERMS_EN: readonly string[] = [
  'paper',
  'papers',
  'study',
  'studies',
  'research',
  'preprint',
  'preprints',
  'meta-analysis',
  'meta analysis',
  'metaanalysis',
  'meta-analyses',
  'systematic review',
  'literature review',
  'scoping review',
  'review article',
  'randomized',
  'randomised',
  'rct',
  'rcts',
  'clinical trial',
  'clinical trials',
  'cohort',
  'case-control',
  'cross-sectional',
  'peer-reviewed',
  'peer reviewed',
  'citation',
  'citations',
  'cited by',
  'thesis',
  'dissertation',
  'proceedings',
  'doi',
  'pmid',
  'arxiv',
  'pubmed',
  'medline',
  'semantic scholar',
  'openalex',
  'google scholar',
  'et al',
  'evidence',
  'empirical',
];
export const ACADEMIC_TERMS_JA: readonly string[] = [
  '論文',
  '研究',
  '学術',
  '文献',
  '先行研究',
  '査読',
  'メタ分析',
  'メタアナリシス',
  '系統的レビュー',
  'システマティックレビュー',
  'ランダム化',
  '無作為化',
  '比較試験',
  '臨床試験',
  'コホート',
  '症例対照',
  '横断研究',
  'プレプリント',
  '学会',
  '学会誌',
  '紀要',
  '学位論文',
  '博士論文',
  '修士論文',
  '総説',
  '引用',
  '被引用',
  'エビデンス',
  '実証',
];
/** `site:` hosts that are scholarly: the query is about papers even without a keyword. */
export const ACADEMIC_SITES: readonly string[] = [
  'arxiv.org',
  'pubmed.ncbi.nlm.nih.gov',
  'ncbi.nlm.nih.gov',
  'pmc.ncbi.nlm.nih.gov',
  'europepmc.org',
  'semanticscholar.org',
  'openalex.org',
  'scholar.google.com',
  'doi.org',
  'biorxiv.org',
  'medrxiv.org',
  'ssrn.com',
  'researchgate.net',
  'jstage.jst.go.jp',
  'cir.nii.ac.jp',
  'ci.nii.ac.jp',
  'jstor.org',
  'sciencedirect.com',
  'springer.com',
  'link.springer.com',
  'nature.com',
  'science.org',
  'wiley.com',
  'onlinelibrary.wiley.com',
  'tandfonline.com',
  'plos.org',
  'journals.plos.org',
  'cochranelibrary.com',
  'nejm.org',
  'thelancet.com',
  'bmj.com',
  'jamanetwork.com',
  'frontiersin.org',
  'mdpi.com',
  'acm.org',
  'dl.acm.org',
  'ieee.org',
  'ieeexplore.ieee.org',
  'aclanthology.org',
];
/** Academic domain suffixes accepted in `site:` (universities). */
const ACADEMIC_SITE_SUFFIXES = ['.edu', '.ac.jp', '.ac.uk', '.edu.au', '.ac.kr', '.edu.cn'];

export interface AcademicQueryAssessment {
  academic: boolean;
  /** Why, e.g. `term:meta-analysis`, `term:論文`, `site:arxiv.org`, `identifier:doi:10.1/x`. */
  reasons: string[];
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
const EN_RE = new RegExp(
  `(?:^|[^\\p{L}\\p{N}])(${ACADEMIC_TERMS_EN.map(escapeRe)
    .sort((a, b) => b.length - a.length)
    .join('|')})(?=$|[^\\p{L}\\p{N}])`,
  'giu',
);

export function assessAcademicQuery(query: string): AcademicQueryAssessment {
  const reasons: string[] = [];
  const q = query.normalize('NFKC');
  for (const id of findIdentifiersInText(q)) reasons.push(`identifier:${formatScholarlyId(id)}`);
  for (const m of q.matchAll(/(?:^|\s)site:(\S+)/gi)) {
    const host = m[1]!
      .toLowerCase()
      .replace(/^\*\./, '')
      .replace(/^www\./, '')
      .replace(/\/.*$/, '');
    if (ACADEMIC_SITES.some((s) => host === s || host.endsWith(`.${s}`)) || ACADEMIC_SITE_SUFFIXES.some((s) => host.endsWith(s) || `.${host}` === s))
      reasons.push(`site:${host}`);
  }
  // Terms are read outside operators, so `site:arxiv.org` counts once, as a site.
  const words = stripWebOperators(q);
  for (const m of words.matchAll(EN_RE)) {
    const term = m[1]!.toLowerCase();
    if (!reasons.includes(`term:${term}`)) reasons.push(`term:${term}`);
  }
  for (const term of ACADEMIC_TERMS_JA) if (words.includes(term)) reasons.push(`term:${term}`);
  return { academic: reasons.length > 0, reasons };
}

/** Seed 000 `_is_academic_query`: whether academic APIs are searched for this query (Phase 2). */
export function isAcademicQuery(query: string): boolean {
  return assessAcademicQuery(query).academic;
}

export interface EnrichmentCandidate<T> {
  item: T;
  identifiers: ScholarlyId[];
}

/** Identifiers in one SERP item: its URL, title and snippet. */
export function identifiersInSearchHit(hit: Pick<SearchHit, 'url' | 'title' | 'snippet'>): ScholarlyId[] {
  return findIdentifiersInTexts([safeDecode(hit.url), hit.title, hit.snippet]);
}

/** SERP items that carry an identifier and so need enrichment (Phase 3), with those identifiers. */
export function searchHitsNeedingEnrichment<T extends Pick<SearchHit, 'url' | 'title' | 'snippet'>>(hits: T[]): Array<EnrichmentCandidate<T>> {
  return hits.map((item) => ({ item, identifiers: identifiersInSearchHit(item) })).filter((c) => c.identifiers.length > 0);
}

/** What of a fetched page is read for identifiers; ExtractedDocument fits this shape. */
export interface PageIdentifierSource {
  url: string;
  /** The document's own identifiers (from its URL and metadata). */
  identifiers?: Identifiers;
  /** Every identifier the extractor found, own and cited. */
  foundIdentifiers?: ReadonlyArray<{ type: string; value: string }>;
  /** DOI, arXiv and PubMed links found in the page (seed 000 Phase 6 → Phase 3). */
  academicLinks?: readonly string[];
  /** Main text; scanned only when the extractor gave no identifiers. */
  text?: string;
}

/** Identifiers in a fetched page: its own first, then the ones it links to or mentions. */
export function identifiersInPage(page: PageIdentifierSource, options: { limit?: number } = {}): ScholarlyId[] {
  const found: ScholarlyId[] = [...identifiersOf(page.identifiers ?? {})];
  found.push(...findIdentifiersInTexts([safeDecode(page.url)]));
  for (const f of page.foundIdentifiers ?? []) {
    if (f.type === 'doi' || f.type === 'pmid' || f.type === 'arxiv') found.push(...identifiersOf({ [f.type]: f.value }));
  }
  found.push(...findIdentifiersInTexts((page.academicLinks ?? []).map(safeDecode)));
  if (!page.foundIdentifiers && page.text) found.push(...findIdentifiersInText(page.text));
  const seen = new Set<string>();
  const out = found.filter((id) => {
    const k = formatScholarlyId(id);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return options.limit === undefined ? out : out.slice(0, options.limit);
}

export interface ScholarlyPlan {
  /** Phase 2: search the academic APIs with the query. */
  searchAcademic: boolean;
  reasons: string[];
  /** Phase 3: identifiers to enrich, in order of first appearance, from SERP items and pages. */
  identifiers: ScholarlyId[];
}

/** The seed-000 rule for one query: academic search when the query is academic; enrichment whenever an identifier was seen. */
export function planScholarlyWork(input: {
  query: string;
  hits?: Array<Pick<SearchHit, 'url' | 'title' | 'snippet'>>;
  pages?: PageIdentifierSource[];
}): ScholarlyPlan {
  const assessment = assessAcademicQuery(input.query);
  const ids = [...(input.hits ?? []).flatMap(identifiersInSearchHit), ...(input.pages ?? []).flatMap((p) => identifiersInPage(p))];
  const seen = new Set<string>();
  const identifiers = ids.filter((id) => {
    const k = formatScholarlyId(id);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return { searchAcademic: assessment.academic, reasons: assessment.reasons, identifiers };
}

function safeDecode(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
