// ConsensusResearchEngine (seed 004 §2.1): parallel agents, scoring, consensus selection and
// iterations, with the seed's events, fault handling (§5) and final report.
import {
  InvalidInputError,
  NonRetryableError,
  errorMessage,
  isLyraError,
  throwIfAborted,
  type EmbeddingModel,
  type StanceJudge,
  type Thesaurus,
} from '../../core/index.js';
import type { AgentDependencies } from './adapters.js';
import { runWithTimeout } from './agent-runner.js';
import { languageOf, resolveBaseConfig, resolveConfig, strategyFor } from './config.js';
import { ConsensusSelector } from './consensus-selector.js';
import { ConsensusEventEmitter, type ConsensusEventListenerOf, type ConsensusResearchEvent, type ConsensusResearchEventType } from './events.js';
import { consensusAnswer } from './answer.js';
import { generateFinalReport, selectedScore } from './final-report.js';
import { buildNextContext, initialContext, shouldTerminateEarly } from './iteration.js';
import { ReportScorer } from './report-scorer.js';
import { ResearchAgent, type ConsensusAgent } from './research-agent.js';
import type {
  AgentFailure,
  AgentReport,
  AgentStrategy,
  ConsensusResearchConfig,
  ConsensusResearchResult,
  IterationContext,
  IterationResult,
  ReportLanguage,
} from './types.js';

export interface AgentInit {
  strategy: AgentStrategy;
  config: ConsensusResearchConfig;
  language: ReportLanguage;
}

export interface ConsensusEngineDependencies {
  /** Judges statement pairs for conflicts between reports: the engine's judge (Engine.judge). */
  judge: StanceJudge;
  /** Pairs statements by meaning for conflict detection; without it, by shared words. */
  embedding?: EmbeddingModel;
  /** The subject's other names when reports are scored against the topic (topic-reading.ts; the agents' own is `agents.thesaurus`). */
  thesaurus?: Thesaurus;
  /** Search providers, document source and trust for the built-in ResearchAgent. */
  agents?: AgentDependencies;
  /** Builds the agent of a strategy; default: ResearchAgent over `agents`. */
  createAgent?: (init: AgentInit) => ConsensusAgent;
}

/** `research()` options: any configuration key for this run, and a signal that cancels it. */
export type ResearchOptions = Partial<ConsensusResearchConfig> & { signal?: AbortSignal };

interface AgentsOutcome {
  reports: AgentReport[];
  failures: AgentFailure[];
}

interface RunState {
  config: ConsensusResearchConfig;
  language: ReportLanguage;
  agents: ConsensusAgent[];
  scorer: ReportScorer;
  signal?: AbortSignal;
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(errorMessage(value));
}

/**
 * Why a failed iteration after the first ends the run with the consensus before it, or undefined when
 * the failure is the run's: every new source off the topic, or every agent out of sources not read before.
 */
export function laterIterationEnd(error: unknown): string | undefined {
  if (!isLyraError(error)) return undefined;
  if (error.code === 'consensus_no_relevant') return 'found no report about the topic among sources not read before';
  const failures = (error.details as { failures?: AgentFailure[] } | undefined)?.failures;
  if (error.code === 'agents_failed' && failures && failures.length > 0 && failures.every((f) => f.code === 'no_sources'))
    return 'found no source not read before';
  return undefined;
}

export class ConsensusResearchEngine {
  private readonly config: ConsensusResearchConfig;
  private readonly dependencies: ConsensusEngineDependencies;
  private readonly events = new ConsensusEventEmitter();
  private readonly selector = new ConsensusSelector();

  constructor(config: Partial<ConsensusResearchConfig> = {}, dependencies: ConsensusEngineDependencies) {
    if (!dependencies?.judge)
      throw new InvalidInputError('consensus engine: a stance judge is required (dependencies.judge, the engine)', { code: 'missing_dependency' });
    if (!dependencies.createAgent && !dependencies.agents) {
      throw new InvalidInputError('consensus engine: give dependencies.agents (search, documents, trust) or dependencies.createAgent', {
        code: 'missing_dependency',
      });
    }
    this.config = resolveBaseConfig(config);
    this.dependencies = dependencies;
  }

  on<T extends ConsensusResearchEventType>(type: T, listener: ConsensusEventListenerOf<T>): this {
    this.events.on(type, listener);
    return this;
  }

  off<T extends ConsensusResearchEventType>(type: T, listener: ConsensusEventListenerOf<T>): this {
    this.events.off(type, listener);
    return this;
  }

  private emit(event: ConsensusResearchEvent): void {
    this.events.emit(event);
  }

  /** Runs the iterative consensus research on `topic` (seed 004 research()). */
  async research(topic: string, options: ResearchOptions = {}): Promise<ConsensusResearchResult> {
    const { signal, ...partial } = options;
    const startedAt = new Date().toISOString();
    const t0 = Date.now();
    const config = resolveConfig(this.config, partial, topic.trim());
    const language = languageOf(config);
    const agents = Array.from({ length: config.agentCount }, (_, i) => this.createAgent({ strategy: strategyFor(config, i), config, language }));
    const scorer = new ReportScorer({
      judge: this.dependencies.judge,
      ...(this.dependencies.embedding ? { embedding: this.dependencies.embedding } : {}),
      ...(this.dependencies.thesaurus ? { thesaurus: this.dependencies.thesaurus } : {}),
      conflictThreshold: config.conflictThreshold,
      maxClaimsPerReport: config.maxClaimsPerReport,
      maxConflictPairs: config.maxConflictPairs,
      language,
    });
    const run: RunState = { config, language, agents, scorer, ...(signal ? { signal } : {}) };

    this.emit({ type: 'researchStarted', topic: config.topic, config });
    const iterations: IterationResult[] = [];
    let context: IterationContext = initialContext(config.topic);
    let terminatedEarly = false;
    let stopReason: string | undefined;
    try {
      for (let i = 1; i <= config.iterationCount; i++) {
        context = { ...context, iteration: i, isInitial: i === 1 };
        let result: IterationResult;
        try {
          result = await this.runIteration(context, run);
        } catch (error) {
          // A later iteration whose new sources are all off the topic, or that finds no source not read
          // before (a small folder is read whole by the first), ends the run; the last consensus stands.
          const ended = i > 1 ? laterIterationEnd(error) : undefined;
          if (!ended) throw error;
          terminatedEarly = true;
          stopReason = `iteration ${i} ${ended} (${errorMessage(error)})`;
          break;
        }
        iterations.push(result);
        if (i >= 2 && shouldTerminateEarly(iterations, config.earlyTerminationThreshold)) {
          terminatedEarly = i < config.iterationCount;
          break;
        }
        if (i < config.iterationCount) context = buildNextContext(context, result.consensusReport, selectedScore(result), language);
      }
      const finalScore = selectedScore(iterations[iterations.length - 1]!);
      const lastIteration = iterations[iterations.length - 1]!;
      const finalAgentReport = lastIteration.agentReports.find((r) => r.reportId === lastIteration.selectedReportId);
      const answer = finalAgentReport
        ? await consensusAnswer({ topic: config.topic, report: finalAgentReport, judge: this.dependencies.judge, ...(signal ? { signal } : {}) })
        : undefined;
      const result: ConsensusResearchResult = {
        finalReport: generateFinalReport({ iterations, finalScore, language, ...(answer ? { answer } : {}) }),
        ...(answer ? { answer } : {}),
        iterations,
        totalDurationMs: Date.now() - t0,
        totalAgentRuns: iterations.reduce((n, it) => n + (it.agentRuns ?? it.agentReports.length), 0),
        finalScore,
        metadata: {
          topic: config.topic,
          startedAt,
          completedAt: new Date().toISOString(),
          config,
          language,
          terminatedEarly,
          ...(stopReason ? { stopReason } : {}),
        },
      };
      this.emit({ type: 'researchCompleted', result });
      return result;
    } catch (error) {
      this.emit({ type: 'researchFailed', error: asError(error) });
      throw error;
    }
  }

  private createAgent(init: AgentInit): ConsensusAgent {
    if (this.dependencies.createAgent) return this.dependencies.createAgent(init);
    return new ResearchAgent({
      strategy: init.strategy,
      language: init.language,
      dependencies: this.dependencies.agents!,
      topic: init.config.topic,
      agentCount: init.config.agentCount,
      providers: init.config.searchConfig.providers,
      fetchConcurrency: init.config.fetchConcurrency,
    });
  }

  /** One iteration (seed runIteration), retried when most agents fail (seed §5.1 retryIteration). */
  private async runIteration(context: IterationContext, run: RunState): Promise<IterationResult> {
    const start = Date.now();
    this.emit({ type: 'iterationStarted', iteration: context.iteration, context });

    const needed = Math.ceil(run.agents.length / 2);
    const failures: AgentFailure[] = [];
    let attempt = 1;
    let outcome = await this.executeAgentsInParallel(context, run, attempt);
    failures.push(...outcome.failures);
    while (outcome.reports.length < needed && attempt <= run.config.iterationRetries) {
      throwIfAborted(run.signal);
      attempt++;
      outcome = await this.executeAgentsInParallel(context, run, attempt);
      failures.push(...outcome.failures);
    }
    throwIfAborted(run.signal);
    if (outcome.reports.length < needed) {
      const failed = outcome.failures.length;
      const reasons = outcome.failures.map((f) => `agent ${f.agentId}: ${f.error}`).join('; ');
      const retries = attempt - 1;
      throw new NonRetryableError(
        `consensus research: iteration ${context.iteration} failed: ${failed} of ${run.agents.length} agents failed` +
          `${retries > 0 ? ` after ${retries} ${retries === 1 ? 'retry' : 'retries'}` : ''} (${reasons})`,
        { code: 'agents_failed', details: { iteration: context.iteration, failed, agents: run.agents.length, attempts: attempt, failures: outcome.failures } },
      );
    }

    const reports = outcome.reports;
    const scores = await run.scorer.scoreReports(reports, { language: run.language, topic: run.config.topic, ...(run.signal ? { signal: run.signal } : {}) });
    this.emit({ type: 'scoringCompleted', iteration: context.iteration, scores });

    const selection = this.selector.select(scores);
    const selected = reports.find((r) => r.reportId === selection.selectedReportId)!;
    this.emit({ type: 'consensusSelected', iteration: context.iteration, selectedAgentId: selected.agentId, reason: selection.reason });

    const result: IterationResult = {
      iteration: context.iteration,
      agentReports: reports,
      scores,
      consensusReport: selected.content,
      selectionReason: selection.reason,
      durationMs: Date.now() - start,
      selectedReportId: selection.selectedReportId,
      selectedAgentId: selected.agentId,
      attempts: attempt,
      failedAgents: failures,
      agentRuns: attempt * run.agents.length,
    };
    this.emit({ type: 'iterationCompleted', iteration: context.iteration, durationMs: result.durationMs });
    return result;
  }

  /** Every agent at once, each under its time limit; failures are collected, not thrown (seed §2.1.2). */
  private async executeAgentsInParallel(context: IterationContext, run: RunState, attempt: number): Promise<AgentsOutcome> {
    const settled = await Promise.all(
      run.agents.map(async (agent) => {
        const agentId = agent.strategy.agentId;
        this.emit({ type: 'agentStarted', iteration: context.iteration, agentId, strategy: agent.strategy });
        const started = Date.now();
        try {
          const report = await runWithTimeout({
            agentId,
            timeoutMs: run.config.agentTimeoutMs,
            ...(run.signal ? { signal: run.signal } : {}),
            run: (signal) => agent.execute(context, { signal }),
          });
          this.emit({ type: 'agentCompleted', iteration: context.iteration, agentId, durationMs: Date.now() - started, success: true });
          return { report };
        } catch (error) {
          const message = errorMessage(error);
          this.emit({ type: 'agentCompleted', iteration: context.iteration, agentId, durationMs: Date.now() - started, success: false, error: message });
          const category = isLyraError(error) ? (error.code === 'agent_timeout' ? 'timeout' : error.category) : 'non_retryable';
          return { failure: { agentId, attempt, error: message, category, ...(isLyraError(error) ? { code: error.code } : {}) } satisfies AgentFailure };
        }
      }),
    );
    return {
      reports: settled.flatMap((s) => ('report' in s && s.report ? [s.report] : [])),
      failures: settled.flatMap((s) => ('failure' in s && s.failure ? [s.failure] : [])),
    };
  }
}
