// ReportScorer (seed 004 §2.3): conflicts between reports, then consistency, reliability and
// coverage, total = 0.5 / 0.3 / 0.2, and the count of unverified statements.
import { detectLanguage } from '../../extract/index.js';
import type { ScorerDependencies } from './adapters.js';
import { DEFAULT_CONFIG } from './config.js';
import { detectConflicts } from './conflicts.js';
import {
  RELEVANCE_FLOOR,
  consistencyScore,
  countUnverifiedStatements,
  coverageScore,
  reliabilityScore,
  reportRelevance,
  totalScore,
} from './scoring-formulas.js';
import type { Thesaurus } from '../../core/index.js';
import { claimRelevance, termWeights } from '../answer/index.js';
import { kindsNamed, topicReading } from './topic-reading.js';
import { extractClaimCandidates, normalizeClaim } from '../../extract/index.js';

/** The statements a report cites (its claims, else the claims of its text). */
function statementsOf(report: AgentReport): string[] {
  return report.claims ? report.claims.map((c) => c.text) : extractClaimCandidates({ text: report.content, source: report.reportId }).map((c) => c.text);
}

/** Each report's relevance to the topic; term rarity is counted over every report's statements. */
export function topicRelevance(topic: string, reports: readonly AgentReport[], options: { thesaurus?: Thesaurus } = {}): Map<string, number> {
  return new Map([...topicRelevanceParts(topic, reports, options)].map(([id, r]) => [id, r.relevance]));
}

/** Each report's relevance to the topic and how many of its statements reach RELEVANCE_FLOOR on their own. */
export function topicRelevanceParts(
  topic: string,
  reports: readonly AgentReport[],
  options: { thesaurus?: Thesaurus } = {},
): Map<string, { relevance: number; relevantStatements: number }> {
  const statements = new Map(reports.map((r) => [r.reportId, statementsOf(r)]));
  // The subject through its other names and the kinds any report's sources name (topic-reading.ts): a
  // report's own reading, which covers its statements (each is a sentence of its sources), else its statements'.
  const kinds = reports.flatMap((r) => r.kinds ?? kindsNamed(statements.get(r.reportId)!));
  const analysis = topicReading(topic, kinds, options);
  const terms = new Map(reports.map((r) => [r.reportId, statements.get(r.reportId)!.map((s) => normalizeClaim({ text: s, source: r.reportId }).terms)]));
  const weights = termWeights([...terms.values()].flat());
  return new Map(
    reports.map((r) => {
      const each = terms.get(r.reportId)!.map((t) => claimRelevance(analysis, t, weights).relevance);
      return [r.reportId, { relevance: reportRelevance(each), relevantStatements: each.filter((x) => x >= RELEVANCE_FLOOR).length }];
    }),
  );
}
import type { AgentReport, ConflictDetail, ReportLanguage, ReportScore } from './types.js';

export interface ReportScorerOptions extends ScorerDependencies {
  /** Conflict tolerance (seed default 0.1); see ConsensusResearchConfig.conflictThreshold. */
  conflictThreshold?: number;
  maxClaimsPerReport?: number;
  maxConflictPairs?: number;
  /** Language of the reports (entity patterns); default: detected from each report's text. */
  language?: ReportLanguage;
}

export interface ScoreCallOptions {
  signal?: AbortSignal;
  language?: ReportLanguage;
  /** The research topic: each report's relevance to it becomes part of its score. */
  topic?: string;
}

export class ReportScorer {
  private readonly options: ReportScorerOptions;

  constructor(options: ReportScorerOptions) {
    this.options = options;
  }

  /** Scores every report against the others; conflicts are detected once per pair of reports. */
  async scoreReports(reports: AgentReport[], call: ScoreCallOptions = {}): Promise<ReportScore[]> {
    const language = call.language ?? this.options.language;
    const conflicts = await detectConflicts({
      reports,
      judge: this.options.judge,
      ...(this.options.embedding ? { embedding: this.options.embedding } : {}),
      conflictThreshold: this.options.conflictThreshold ?? DEFAULT_CONFIG.conflictThreshold,
      maxClaimsPerReport: this.options.maxClaimsPerReport ?? DEFAULT_CONFIG.maxClaimsPerReport,
      maxPairs: this.options.maxConflictPairs ?? DEFAULT_CONFIG.maxConflictPairs,
      language:
        language ??
        detectLanguage(
          reports
            .map((r) => r.content)
            .join('\n')
            .slice(0, 20_000),
        ),
      ...(call.signal ? { signal: call.signal } : {}),
    });
    const relevance = call.topic ? topicRelevanceParts(call.topic, reports, this.options.thesaurus ? { thesaurus: this.options.thesaurus } : {}) : undefined;
    return reports.map((r) => {
      const parts = relevance?.get(r.reportId);
      const score = this.scoreWithConflicts(r, conflicts.get(r.reportId) ?? [], language, parts?.relevance);
      return parts ? { ...score, relevantStatements: parts.relevantStatements } : score;
    });
  }

  /** One report against the others (seed's scoreReport). */
  async scoreReport(report: AgentReport, allReports: AgentReport[], call: ScoreCallOptions = {}): Promise<ReportScore> {
    const others = allReports.filter((r) => r.reportId !== report.reportId);
    const scores = await this.scoreReports([report, ...others], call);
    return scores[0]!;
  }

  /** The seed's formulas over given conflicts. */
  scoreWithConflicts(report: AgentReport, conflicts: ConflictDetail[], language?: ReportLanguage, relevance?: number): ReportScore {
    const lang = language ?? detectLanguage(report.content.slice(0, 20_000));
    const parts = {
      consistencyScore: consistencyScore(conflicts),
      reliabilityScore: reliabilityScore(report.sources),
      coverageScore: coverageScore(report, lang),
      ...(relevance !== undefined ? { relevanceScore: relevance } : {}),
    };
    return {
      reportId: report.reportId,
      ...parts,
      totalScore: totalScore(parts),
      conflicts,
      unverifiedCount: countUnverifiedStatements(report.content),
      sourceUrls: report.sources.map((s) => s.url),
    };
  }
}
