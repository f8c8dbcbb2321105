// Types of the consensus research workflow (seed 004 §4). Field names follow the seed; additions
// Lyra needs are marked "Lyra:" and are optional or documented, so the seed's shapes still fit.
import type { AnswerVerdict } from '../answer/index.js';
import type { TrustLevel } from '../../core/index.js';
import type { KindOf } from '../../extract/index.js';

/** Lyra: the consensus run's verdict on its topic's proposition (workflows/consensus/answer.ts). */
export interface ConsensusAnswer {
  proposition: string;
  verdict: AnswerVerdict;
  confidence: number;
  for: Array<{ quote: string; url: string; confidence: number }>;
  against: Array<{ quote: string; url: string; confidence: number }>;
  /** Statements judged. */
  judged: number;
  /** Independent sources whose statements passed the judge's bar, for and against (an "insufficient evidence" verdict may rest on some). */
  supportingSources?: number;
  refutingSources?: number;
  stanceModel: string;
}

/** Language of queries and report text: the topic's language (DESIGN.md "Languages"). */
export type ReportLanguage = 'ja' | 'en';

/**
 * Kind of source an agent prefers (seed 004 §4.2 `SourceType`). Exported under this name because
 * `SourceType` is Lyra's page type (seed 003) in core/.
 */
export type AgentSourceType = 'official' | 'news' | 'academic' | 'community';

export type AgentTimeRange = 'day' | 'week' | 'month' | 'year' | 'all';

/** Agent strategy (seed 004 §4.2). */
export interface AgentStrategy {
  agentId: number;
  /** Search query modifiers (the seed's Japanese; used for Japanese topics). */
  queryModifiers: string[];
  preferredSources: AgentSourceType[];
  /** Sources whose publication date is known and older than this are left out. */
  timeRange: AgentTimeRange;
  maxResultsPerAgent: number;
  /** Lyra: modifiers for other topic languages (`en`); `queryModifiers` when a language has none. */
  localizedModifiers?: Partial<Record<ReportLanguage, string[]>>;
}

/** Consensus research configuration (seed 004 §4.1, with Lyra's limits). */
export interface ConsensusResearchConfig {
  topic: string;
  /** Parallel agents (default 3, at most MAX_AGENTS). */
  agentCount: number;
  /** Iterations (default 3, at most MAX_ITERATIONS). */
  iterationCount: number;
  /** Per-agent time limit; the agent's work is aborted through its AbortSignal (default 300000). */
  agentTimeoutMs: number;
  /**
   * Conflict tolerance (0-1, default 0.1): a pair of statements is a conflict only when the stance
   * model's contradiction probability exceeds each other class by at least this margin, both ways.
   */
  conflictThreshold: number;
  searchConfig: {
    /**
     * Lyra: names of the injected search providers the agents ask (`corpus`, `searxng`,
     * `duckduckgo`, `scholarly`…); empty = every injected one. The seed's single web `provider`
     * became a list because Lyra injects providers (local corpus first, web opt-in).
     */
    providers: string[];
    maxResultsPerAgent: number;
  };
  /** Early termination: two consecutive best-score improvements below this ratio (default 0.05). */
  earlyTerminationThreshold: number;
  /** Lyra: report and query language; default: detected from the topic. */
  language?: ReportLanguage;
  /** Lyra: retries of an iteration whose majority of agents failed (default 1). */
  iterationRetries: number;
  /** Lyra: statements of one report compared with other reports for conflicts (default 30). */
  maxClaimsPerReport: number;
  /** Lyra: statement pairs judged by the stance model per pair of reports (default 120). */
  maxConflictPairs: number;
  /** Lyra: documents one agent reads at the same time (default 4). */
  fetchConcurrency: number;
  /** Lyra: agent strategies, cycled when there are more agents; default DEFAULT_STRATEGIES. */
  strategies?: AgentStrategy[];
}

/** Iteration context (seed 004 §4.3). */
export interface IterationContext {
  /** 1-based. */
  iteration: number;
  previousConsensus: string | null;
  previousScore: ReportScore | null;
  unresolvedQuestions: string[];
  /** URLs already covered by a selected report; agents do not read them again. */
  coveredSources: string[];
  areasToDeepen: string[];
  isInitial: boolean;
  topic?: string;
}

/** Score of one report (seed 004 §4.4). */
export interface ReportScore {
  reportId: string;
  consistencyScore: number;
  reliabilityScore: number;
  coverageScore: number;
  /** Lyra: relevance of the report to the topic (reportRelevance); absent when scored without a topic. */
  relevanceScore?: number;
  /** Lyra: how many of the report's statements reach the relevance floor on their own (with relevanceScore). */
  relevantStatements?: number;
  totalScore: number;
  conflicts: ConflictDetail[];
  unverifiedCount: number;
  sourceUrls?: string[];
}

export type ConflictType = 'contradiction' | 'inconsistency' | 'outdated';

export interface ConflictStatement {
  text: string;
  /** URL of the source the statement was quoted from. */
  source: string;
  reportId: string;
}

/** A conflict between a statement of one report and one of another (seed 004 §4.4). */
export interface ConflictDetail {
  conflictId: string;
  type: ConflictType;
  /** The scored report's statement. */
  statement1: ConflictStatement;
  statement2: ConflictStatement;
  /** 1-5. */
  severity: number;
  /** 0-1: the stance model's contradiction probability (the lower of the two directions). */
  confidence: number;
  resolution?: string;
}

/** Lyra: a statement of a report, quoted verbatim from one of its sources. */
export interface ReportClaim {
  /** Verbatim sentence of the source. */
  text: string;
  sourceUrl: string;
  publishedAt?: string;
  /** Distinct sources stating it (near-duplicates merged). */
  corroboratingSources?: number;
  /** Marked [要検証]/[unverified] in the report. */
  unverified?: boolean;
}

/** Lyra: one of a report's key findings, as data: the quote, the source it quotes and the others stating it. */
export interface ReportFinding {
  /** The verbatim statement quoted. */
  quote: string;
  /** The source quoted. */
  sourceUrl: string;
  /** Other sources stating the same (near-duplicates merged), in the report's order. */
  otherSourceUrls: string[];
  /** Marked [要検証]/[unverified]: one source, below TRUSTED. */
  unverified: boolean;
}

/** Lyra: a named thing found in the report's sources. */
export interface ReportEntity {
  text: string;
  kind: 'name' | 'acronym' | 'date' | 'quantity';
  count: number;
}

/** One agent's report (seed 004 §4.4). */
export interface AgentReport {
  agentId: number;
  reportId: string;
  /** Markdown. */
  content: string;
  sources: SourceReference[];
  strategy: AgentStrategy;
  generatedAt: string;
  durationMs: number;
  /** Lyra: the statements the report cites, for conflict detection; extracted from `content` when absent. */
  claims?: ReportClaim[];
  /**
   * Lyra: the key findings, as the report's Key findings section lists them: the final report takes them
   * from here; only a report without them (text alone, as the seed's agents write) is read for them.
   */
  keyFindings?: ReportFinding[];
  /** Lyra: queries the agent sent. */
  queries?: string[];
  /** Lyra: entities of the sources read. */
  entities?: ReportEntity[];
  /** Lyra: failures that did not stop the agent (one provider, one document). */
  warnings?: string[];
  /**
   * Lyra: the kinds of things its sources name ("intermittent fasting covers…, including alternate-day
   * fasting"), at most MAX_REPORT_KINDS: scoring reads the topic's subject through them as the report did.
   */
  kinds?: KindOf[];
}

/** A source a report read (seed 004 §4.4). */
export interface SourceReference {
  url: string;
  title: string;
  fetchedAt: string;
  /** Lyra's trust score of the source (DESIGN.md "Source reliability"). */
  reliabilityScore?: number;
  /** Lyra: the trust level behind the score. */
  trustLevel?: TrustLevel;
  /** Lyra: kind of source, as the agents' preferences see it. */
  sourceType?: AgentSourceType;
  publishedAt?: string;
  /** Lyra: corpus and document id of a local corpus document. */
  corpus?: string;
  documentId?: string;
}

/** Lyra: an agent that did not deliver a report. */
export interface AgentFailure {
  agentId: number;
  /** 1 for the first run of the iteration, 2 for its retry. */
  attempt: number;
  error: string;
  /** Error category (`retryable`, `non_retryable`…) or `timeout`. */
  category: string;
  /** The error's code, when it has one (`no_sources`: no source not read before). */
  code?: string;
}

/** Result of one iteration (seed 004 §4.4). */
export interface IterationResult {
  iteration: number;
  agentReports: AgentReport[];
  scores: ReportScore[];
  consensusReport: string;
  selectionReason: string;
  durationMs: number;
  selectedReportId: string;
  /** Lyra: agent of the selected report. */
  selectedAgentId?: number;
  /** Lyra: 2 when the iteration was retried after a majority failure. */
  attempts?: number;
  /** Lyra: agents that failed, in every attempt. */
  failedAgents?: AgentFailure[];
  /** Lyra: agent runs made (retries included). */
  agentRuns?: number;
}

/** Final result (seed 004 §4.4). */
export interface ConsensusResearchResult {
  finalReport: string;
  iterations: IterationResult[];
  totalDurationMs: number;
  totalAgentRuns: number;
  /** Score of the report selected in the last iteration. */
  finalScore: ReportScore;
  /** Lyra: the verdict on the topic's proposition (yes/no topics only), through the research verdict code. */
  answer?: ConsensusAnswer;
  metadata: {
    topic: string;
    startedAt: string;
    completedAt: string;
    config: ConsensusResearchConfig;
    /** Lyra: report language. */
    language?: ReportLanguage;
    /** Lyra: the run stopped before iterationCount because improvements stalled. */
    terminatedEarly?: boolean;
    /** Lyra: why the run stopped before its last iteration (an iteration whose reports were all off the topic). */
    stopReason?: string;
  };
}

/** Choice of the consensus report (seed 004 §2.4). */
export interface ConsensusSelection {
  selectedReportId: string;
  reason: string;
}
