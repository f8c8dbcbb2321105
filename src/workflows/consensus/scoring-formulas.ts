// The scorer's formulas (seed 004 §2.3.2), as pure functions with the seed's numbers as constants.
import { DEFAULT_TRUST_LEVEL, trustScore } from '../../policy/index.js';
import type { AgentReport, ConflictDetail, ReportLanguage, SourceReference } from './types.js';

/**
 * Score = relevance × (consistency × 0.5 + reliability × 0.3 + coverage × 0.2). The seed's weighted
 * sum is kept; Lyra multiplies it by the report's relevance to the topic (reportRelevance), so a report
 * about something else cannot win on having no conflicts. A report below RELEVANCE_FLOOR is never selected.
 */
export const SCORE_WEIGHTS = { consistency: 0.5, reliability: 0.3, coverage: 0.2 } as const;
/** Least relevance to the topic of a report that may be selected (the claims' relevance threshold of research). */
export const RELEVANCE_FLOOR = 0.3;
/** Statements a report's relevance is averaged over: its most relevant REPORT_RELEVANCE_TOP… */
export const REPORT_RELEVANCE_TOP = 8;
/** …over at least this many, so a report with one or two relevant sentences among off-topic sources is not about the topic. */
export const REPORT_RELEVANCE_MIN_STATEMENTS = 5;
/** Each conflict takes severity/5 × confidence × 0.1 off consistency. */
export const CONFLICT_PENALTY = 0.1;
export const MAX_SEVERITY = 5;
/** Coverage = sources × 0.3 + content length × 0.2 + sections × 0.2 + entity diversity × 0.3. */
export const COVERAGE_WEIGHTS = { sourceCount: 0.3, contentLength: 0.2, sectionCount: 0.2, entityDiversity: 0.3 } as const;
/** Sources, and headings, at which their metric reaches 1. */
export const FULL_SOURCE_COUNT = 10;
export const FULL_SECTION_COUNT = 10;
/** Content length: rises to 1 at 1,000 characters, stays 1 to 5,000, falls to 0.5 at 10,000 and beyond. */
export const CONTENT_LENGTH_RISE = 1000;
export const CONTENT_LENGTH_PLATEAU = 5000;
export const CONTENT_LENGTH_FALL = 10000;
/** Each entity pattern adds min(matches / 5, 0.25). */
export const ENTITY_MATCHES_PER_QUARTER = 5;
export const ENTITY_PATTERN_CAP = 0.25;
/**
 * Reliability of a source reference that carries no score: the trust score of an unknown domain
 * (UNVERIFIED, 0.30; DESIGN.md "Source reliability"), not the seed's 0.5.
 */
export const UNSCORED_SOURCE_RELIABILITY = trustScore(DEFAULT_TRUST_LEVEL);

/** 1 without conflicts; otherwise 1 − Σ (severity/5 × confidence × 0.1), floored at 0. */
export function consistencyScore(conflicts: readonly Pick<ConflictDetail, 'severity' | 'confidence'>[]): number {
  if (conflicts.length === 0) return 1.0;
  const penalty = conflicts.reduce((sum, c) => sum + (c.severity / MAX_SEVERITY) * c.confidence * CONFLICT_PENALTY, 0);
  return Math.max(0, 1.0 - penalty);
}

/** Mean reliability of the sources; 0 without sources. */
export function reliabilityScore(sources: readonly SourceReference[]): number {
  if (sources.length === 0) return 0;
  return sources.reduce((sum, s) => sum + (s.reliabilityScore ?? UNSCORED_SOURCE_RELIABILITY), 0) / sources.length;
}

export function normalizeContentLength(length: number): number {
  if (length < CONTENT_LENGTH_RISE) return length / CONTENT_LENGTH_RISE;
  if (length <= CONTENT_LENGTH_PLATEAU) return 1.0;
  if (length <= CONTENT_LENGTH_FALL) return 1.0 - (length - CONTENT_LENGTH_PLATEAU) / CONTENT_LENGTH_FALL;
  return 0.5;
}

/**
 * Entity patterns per language. Japanese: the seed's (年, capitalised words, 「」 quotes, URLs);
 * English: the same kinds of thing (years, capitalised words, “” or "" quotes, URLs).
 */
export const ENTITY_PATTERNS: Readonly<Record<ReportLanguage, readonly RegExp[]>> = {
  ja: [/\d{4}年/g, /[A-Z][a-z]+/g, /「[^」]+」/g, /https?:\/\/[^\s]+/g],
  en: [/\b(?:1[5-9]|20)\d{2}\b/g, /[A-Z][a-z]+/g, /“[^”]+”|"[^"\n]+"/g, /https?:\/\/[^\s]+/g],
};

export function estimateEntityDiversity(content: string, language: ReportLanguage): number {
  let diversity = 0;
  for (const pattern of ENTITY_PATTERNS[language]) {
    const matches = content.match(pattern);
    if (matches && matches.length > 0) diversity += Math.min(matches.length / ENTITY_MATCHES_PER_QUARTER, ENTITY_PATTERN_CAP);
  }
  return Math.min(diversity, 1.0);
}

/** Markdown headings of levels 1-3, over 10, capped at 1 (the seed leaves it uncapped, letting coverage pass 1). */
export function sectionMetric(content: string): number {
  return Math.min((content.match(/^#{1,3}\s/gm) ?? []).length / FULL_SECTION_COUNT, 1.0);
}

export interface CoverageMetrics {
  sourceCount: number;
  contentLength: number;
  sectionCount: number;
  entityDiversity: number;
}

export function coverageMetrics(report: Pick<AgentReport, 'content' | 'sources'>, language: ReportLanguage): CoverageMetrics {
  return {
    sourceCount: Math.min(report.sources.length / FULL_SOURCE_COUNT, 1.0),
    contentLength: normalizeContentLength(report.content.length),
    sectionCount: sectionMetric(report.content),
    entityDiversity: estimateEntityDiversity(report.content, language),
  };
}

export function coverageScore(report: Pick<AgentReport, 'content' | 'sources'>, language: ReportLanguage): number {
  const m = coverageMetrics(report, language);
  return (
    m.sourceCount * COVERAGE_WEIGHTS.sourceCount +
    m.contentLength * COVERAGE_WEIGHTS.contentLength +
    m.sectionCount * COVERAGE_WEIGHTS.sectionCount +
    m.entityDiversity * COVERAGE_WEIGHTS.entityDiversity
  );
}

export function totalScore(s: { consistencyScore: number; reliabilityScore: number; coverageScore: number; relevanceScore?: number }): number {
  const seed = s.consistencyScore * SCORE_WEIGHTS.consistency + s.reliabilityScore * SCORE_WEIGHTS.reliability + s.coverageScore * SCORE_WEIGHTS.coverage;
  return s.relevanceScore === undefined ? seed : s.relevanceScore * seed;
}

/**
 * A report's relevance to the topic: the mean relevance (workflows/answer claimRelevance, the same as
 * research's) of its REPORT_RELEVANCE_TOP most relevant statements, counting at least
 * REPORT_RELEVANCE_MIN_STATEMENTS (missing ones as 0).
 */
export function reportRelevance(statementRelevances: readonly number[]): number {
  const top = [...statementRelevances].sort((a, b) => b - a).slice(0, REPORT_RELEVANCE_TOP);
  const n = Math.max(top.length, REPORT_RELEVANCE_MIN_STATEMENTS);
  return Math.round((top.reduce((a, b) => a + b, 0) / n) * 1000) / 1000;
}

/** Labels of unverified statements (seed: [要検証], [未確認], [unverified], （要確認）). */
export const UNVERIFIED_PATTERNS: readonly RegExp[] = [/\[要検証\]/g, /\[未確認\]/g, /\[unverified\]/gi, /（要確認）/g];

export function countUnverifiedStatements(content: string): number {
  let count = 0;
  for (const pattern of UNVERIFIED_PATTERNS) count += content.match(pattern)?.length ?? 0;
  return count;
}
