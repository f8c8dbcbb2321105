// Which hits an agent reads: its preferred source types first, its time range, covered sources
// skipped (seed 004 §2.2 steps 2-3). Pure functions.
import { classifySourceType } from '../../policy/index.js';
import { normalizeUrl, type SearchHit, type SourceType, type TrustLevel } from '../../core/index.js';
import type { AgentSourceType, AgentTimeRange } from './types.js';

/** Length of each time range in days ('all' has none). */
export const TIME_RANGE_DAYS: Readonly<Record<Exclude<AgentTimeRange, 'all'>, number>> = { day: 1, week: 7, month: 31, year: 366 };

const DAY_MS = 86_400_000;

/** The agents' kind of a page type (seed 003's types, as the engine or the URL classifier gives them). */
function kindOfPageType(t: SourceType): AgentSourceType | undefined {
  switch (t) {
    case 'academic_paper':
      return 'academic';
    case 'government_report':
    case 'statistics':
    case 'official_document':
    case 'industry_report':
      return 'official';
    case 'news_article':
      return 'news';
    case 'other':
      return undefined;
  }
}

/**
 * Kind of a source for the agents' preferences: a specialised provider's type, else the page type the
 * engine gave it or, failing that, the type of its URL (seed 003), else its trust level (corpus
 * documents have no web URL).
 */
export function agentSourceType(options: { url: string; trustLevel: TrustLevel; pageType?: SourceType; providerTypes?: AgentSourceType[] }): AgentSourceType {
  if (options.providerTypes && options.providerTypes.length > 0) return options.providerTypes[0]!;
  const byPage = options.pageType ? kindOfPageType(options.pageType) : undefined;
  if (byPage) return byPage;
  if (/^https?:\/\//i.test(options.url)) {
    const byUrl = kindOfPageType(classifySourceType(options.url));
    if (byUrl) return byUrl;
  }
  switch (options.trustLevel) {
    case 'PRIMARY':
    case 'GOVERNMENT':
      return 'official';
    case 'ACADEMIC':
      return 'academic';
    default:
      return 'community';
  }
}

/** False when the date is known and older than the range allows; unknown dates pass (nothing to judge). */
export function withinTimeRange(publishedAt: string | undefined, range: AgentTimeRange, now: Date): boolean {
  if (range === 'all' || !publishedAt) return true;
  const t = Date.parse(publishedAt);
  if (Number.isNaN(t)) return true;
  return now.getTime() - t <= TIME_RANGE_DAYS[range] * DAY_MS;
}

/** Key of a URL for covered-source checks: http(s) URLs normalized (core/url), others (corpus://, file://) as they are. */
export function sourceKey(url: string): string {
  if (!/^https?:\/\//i.test(url)) return url;
  try {
    return normalizeUrl(url);
  } catch {
    return url;
  }
}

export interface RankedHit {
  hit: SearchHit;
  sourceType: AgentSourceType;
}

/**
 * Hits in reading order: duplicates and covered sources dropped, out-of-range dates dropped,
 * preferred types first (stable, so each group keeps the providers' ranking), at most `limit`.
 */
export function selectHits<H extends RankedHit>(options: {
  hits: H[];
  preferred: AgentSourceType[];
  covered: readonly string[];
  timeRange: AgentTimeRange;
  now: Date;
  limit: number;
}): { selected: H[]; skippedCovered: number; skippedOutOfRange: number } {
  const covered = new Set(options.covered.map(sourceKey));
  const seen = new Set<string>();
  let skippedCovered = 0;
  let skippedOutOfRange = 0;
  const kept: H[] = [];
  for (const h of options.hits) {
    const key = sourceKey(h.hit.url);
    if (seen.has(key)) continue;
    seen.add(key);
    if (covered.has(key)) {
      skippedCovered++;
      continue;
    }
    if (!withinTimeRange(h.hit.publishedAt, options.timeRange, options.now)) {
      skippedOutOfRange++;
      continue;
    }
    kept.push(h);
  }
  const rank = (h: RankedHit): number => (options.preferred.includes(h.sourceType) ? 0 : 1);
  const ordered = kept
    .map((h, i) => ({ h, i }))
    .sort((a, b) => rank(a.h) - rank(b.h) || a.i - b.i)
    .map((x) => x.h);
  return { selected: ordered.slice(0, options.limit), skippedCovered, skippedOutOfRange };
}
