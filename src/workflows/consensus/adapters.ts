// What the consensus workflow needs from the outside, injected by app/. One road for evidence: the
// agents search and read through the engine (Engine.search, Engine.readSource), so every page, claim and
// edge of a consensus run lands in one task graph under the engine's trust, fetch and stance rules; the
// conflicts between reports are judged through the engine (Engine.judge), never by a model called here. Interfaces only.
import type { EmbeddingModel, Engine, StanceJudge, Thesaurus } from '../../core/index.js';
import type { AgentSourceType } from './types.js';

/** The engine calls the agents make. */
export type EvidenceEngine = Pick<Engine, 'search' | 'readSource'>;

/**
 * A provider the agents may ask, by the engine's name (`corpus:<name>`, `searxng`, `semantic_scholar`…).
 * One with `sourceTypes` (scholarly databases → `academic`) is asked only by agents preferring one of them.
 */
export interface AgentProvider {
  name: string;
  sourceTypes?: AgentSourceType[];
}

/** Text of one source, ready for sentence splitting. */
export interface SourceDocument {
  url: string;
  title: string;
  /** Main text, paragraphs separated by blank lines. */
  text: string;
  publishedAt?: string;
  fetchedAt: string;
  corpus?: string;
  documentId?: string;
}

/** What ResearchAgent works with. */
export interface AgentDependencies {
  engine: EvidenceEngine;
  /** The engine task every agent's searches run in: its graph holds the whole run's evidence. */
  taskId: string;
  providers: AgentProvider[];
  /** Clock for time-range filters and timestamps (tests fix it). */
  now?: () => Date;
  /** The subject's other names when a report reads its sources' statements against the topic (topic-reading.ts). */
  thesaurus?: Thesaurus;
}

/** What ReportScorer works with. */
export interface ScorerDependencies {
  /** The engine's judge (Engine.judge): conflicts are judged by the stance model and decision the graph uses. */
  judge: StanceJudge;
  /** Pairs statements by meaning; without it, by shared words. */
  embedding?: EmbeddingModel;
  /** The subject's other names when a report's relevance to the topic is scored (topic-reading.ts). */
  thesaurus?: Thesaurus;
}
