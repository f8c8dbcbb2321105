// What the research workflow needs (injected) and what it gives back.
import type { ClaimStatus, Engine, RelevanceModel, StanceJudge, Thesaurus, Translator } from '../../core/index.js';
import type { Answer, AnswerWriter } from '../answer/index.js';
import type { TerminationRule } from '../../policy/index.js';
import type { ResearchLanguage } from './language.js';
import type { ResearchBudget, ResearchPhase, ResearchStateStore, ResearchWarning, SearchPhase } from './state.js';

/** A translator for the other language's queries (models.llm): the one core Translator. */
export type QueryTranslator = Translator;

/** Where the run's files go (app/: the run folder). */
export interface ResearchOutput {
  /** Writes one file of the run folder (replacing it), e.g. `search_log.md`. */
  write(name: string, content: string): Promise<void>;
  /** The folder, as shown to the user and recorded for --resume. */
  readonly location: string;
}

export type ResearchEngine = Pick<Engine, 'createTask' | 'search' | 'verifyClaim' | 'status' | 'stop' | 'materials' | 'counts' | 'resume'> &
  // Optional, so an engine written for an earlier release still runs: without it the budget is read from status().
  Partial<Pick<Engine, 'budget'>>;

export interface ResearchDeps {
  engine: ResearchEngine;
  state: ResearchStateStore;
  output: ResearchOutput;
  translator?: QueryTranslator;
  /**
   * The languages the searched sources are written in, when they are known (a run over local corpora
   * only): no query is written in another, and no translator is wanted for one.
   */
  sourceLanguages?: ReadonlySet<ResearchLanguage>;
  onEvent?: (event: ResearchEvent) => void;
  /** The chat model that writes the prose answer (models.llm); without it the answer has no prose. */
  writer?: AnswerWriter;
  /** The engine's judge (Engine.judge), which checks each sentence of the prose answer against the quotes it cites. */
  judge?: StanceJudge;
  /** The sources behind the task's providers, as a reader should see them ("corpus example (1,344 documents)"). */
  describeSources?: (providers: readonly string[]) => string[];
  /** A source's real address when its corpus knows one (the example corpus: its Wikipedia article), else null. */
  linkOf?: (url: string) => string | null;
  /**
   * Relevance by meaning (models/relevance): the term rules mixed with a sentence encoder's cosines of
   * question and claim and of question and the claim's document title, for English questions. Without it the term rules alone score relevance.
   */
  relevanceModel?: RelevanceModel;
  /**
   * Names of things by other names (WordNet), for relevance: a claim that names the question's subject
   * otherwise ("ascorbic acid" for "vitamin C") holds it. Without it only the rules' own synonyms count.
   */
  thesaurus?: Thesaurus;
  /** Clock (tests). */
  now?: () => Date;
}

export interface ResearchInput {
  question: string;
  /** Report language; default the question's. */
  language?: ResearchLanguage;
  /** Engine providers (`corpus:<name>`, `searxng`…); default the engine's configured ones. */
  providers?: string[];
  budget?: Partial<ResearchBudget>;
  /** `overview` allows the seed's one-step relaxation for low-risk claims; `decision` (default) never relaxes. */
  purpose?: 'overview' | 'decision';
  templatesPerPerspective?: number;
  maxMajorClaims?: number;
  /** Searches VERIFY's send-back round to DEEP may run (default DEFAULT_MAX_SEND_BACK_SEARCHES; 0 turns it off). */
  maxSendBackSearches?: number;
  signal?: AbortSignal;
}

export interface ClosestRule {
  rule: TerminationRule;
  progress: number;
}

export type ResearchEvent =
  | { type: 'research.started'; runId: string; taskId: string; question: string; language: ResearchLanguage; resumed: boolean; at: string }
  | { type: 'research.phase'; phase: ResearchPhase; at: string }
  | {
      type: 'research.search';
      phase: SearchPhase;
      key: string;
      genre: string;
      query: string;
      status: 'start' | 'done' | 'failed' | 'skipped';
      newPages?: number;
      error?: string;
      at: string;
    }
  | { type: 'research.round'; round: number; coverage: number; marginalUtility: number; stop: boolean; rule?: string; closest: ClosestRule; at: string }
  | {
      type: 'research.progress';
      phase: ResearchPhase;
      round: number;
      searches: number;
      pages: number;
      claims: number;
      elapsedMs: number;
      closest?: ClosestRule;
      at: string;
    }
  | { type: 'research.warning'; warning: ResearchWarning; at: string }
  | { type: 'research.stopped'; reason: string; runDir: string; taskId: string; at: string }
  | { type: 'research.completed'; runDir: string; report: string; at: string };

export interface ResearchResult {
  runId: string;
  taskId: string;
  status: 'completed' | 'stopped';
  runDir: string;
  /** File names in the run folder: the Markdown report, report.html beside it, the search log, the JSON artifacts, the report as data. */
  files: {
    report: string;
    reportHtml: string;
    searchLog: string;
    artifacts: string[];
    /** The report as data (report/ ReportDocument, `<topic>_report.json`) that report.md is rendered from. */
    reportDocument: string;
  };
  /** The claim of each numbered claim heading of the report, in order (`### 1. …` first); empty for a stopped run. */
  reportClaimIds: string[];
  /** Statuses of the claims relevant to the question, and of all claims. */
  relevantCounts: Record<ClaimStatus, number>;
  allCounts: Record<ClaimStatus, number>;
  /** Searches run (done or failed), and those of them that failed. */
  searches: number;
  failedSearches: number;
  deepRounds: number;
  /** Why DEEP stopped: `reason` in the run's language (as the report says it), `reasonEn` in English (a run saved before: `reason`). */
  deepStop?: { rule?: string; reason: string; reasonEn: string };
  majorClaims: { total: number; searched: number };
  warnings: ResearchWarning[];
  elapsedMs: number;
  /** The answer on the question (null for a stopped run). */
  answer: Answer | null;
  /** True when the sources held nothing relevant to the question (the CLI exits 1 with research_no_relevant). */
  noRelevant: boolean;
}
