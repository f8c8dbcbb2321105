// ResearchAgent (seed 004 §2.2): search with the strategy's modifiers → choose sources (preferred
// types first, time range, covered sources skipped) → read them → claims → entities → an
// extractive report. Searching and reading go through the engine (one road): each query runs the
// pipeline in the run's task, which reads and judges what it finds; the agent then chooses among the
// pages the query found and reads their stored text. Every step honours the AbortSignal, so a timeout
// really stops the work.
import {
  InvalidInputError,
  NonRetryableError,
  errorOfCategory,
  errorMessage,
  parseCorpusUrl,
  throwIfAborted,
  type SearchHit,
  type SourceView,
} from '../../core/index.js';
import { trustScore } from '../../policy/index.js';
import type { AgentDependencies, AgentProvider } from './adapters.js';
import { buildAgentReport, type ReadSource } from './agent-report.js';
import { modifiersFor } from './config.js';
import { agentSourceType, selectHits, withinTimeRange, type RankedHit } from './source-selection.js';
import type { AgentReport, AgentStrategy, IterationContext, ReportLanguage } from './types.js';

/** A page a query found, as the agent chooses and reads it. */
type AgentHit = RankedHit & { pageId: string; trustLevel: SourceView['trustLevel'] };

/** Follow-up queries an agent sends for questions left open by the previous iteration. */
export const MAX_FOLLOW_UP_QUERIES = 2;
/** Most hits asked of one provider for one query. */
export const MAX_SEARCH_LIMIT = 100;

/** What the engine runs: the seed's ResearchAgent, or a test double. */
export interface ConsensusAgent {
  readonly strategy: AgentStrategy;
  execute(context: IterationContext, options?: { signal?: AbortSignal }): Promise<AgentReport>;
}

export interface ResearchAgentOptions {
  strategy: AgentStrategy;
  language: ReportLanguage;
  dependencies: AgentDependencies;
  /** Topic when the context carries none. */
  topic?: string;
  /** Agents in the run, to share follow-up questions between them. */
  agentCount?: number;
  /** Names of the providers to ask; empty or absent = all injected. */
  providers?: string[];
  /** Documents read at the same time (default 4). */
  fetchConcurrency?: number;
}

/** Runs `fn` over `items` with at most `limit` at a time, in order of the results. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export class ResearchAgent implements ConsensusAgent {
  readonly agentId: number;
  private readonly options: ResearchAgentOptions;
  private runs = 0;

  constructor(options: ResearchAgentOptions) {
    this.options = options;
    this.agentId = options.strategy.agentId;
    const names = options.providers ?? [];
    const known = options.dependencies.providers.map((p) => p.name);
    const unknown = names.filter((n) => !known.includes(n));
    if (unknown.length > 0) {
      throw new InvalidInputError(`research agent ${this.agentId}: search provider ${unknown.join(', ')} not available (have: ${known.join(', ') || 'none'})`, {
        code: 'provider_not_configured',
      });
    }
    if (this.providers().length === 0) throw new InvalidInputError(`research agent ${this.agentId}: no search provider`, { code: 'provider_not_configured' });
  }

  get strategy(): AgentStrategy {
    return this.options.strategy;
  }

  /** Seed buildSearchQuery: topic + modifiers; later iterations add one area to deepen. */
  buildSearchQuery(topic: string, context: IterationContext): string {
    const modifiers = modifiersFor(this.strategy, this.options.language).join(' ');
    if (context.isInitial || context.areasToDeepen.length === 0) return `${topic} ${modifiers}`.trim();
    const focusArea = context.areasToDeepen[this.agentId % context.areasToDeepen.length] ?? '';
    return `${topic} ${focusArea} ${modifiers}`.replace(/\s+/g, ' ').trim();
  }

  /** This agent's share of the open questions (agents take turns), at most MAX_FOLLOW_UP_QUERIES. */
  followUpQuestions(context: IterationContext): string[] {
    const n = Math.max(1, this.options.agentCount ?? 1);
    return context.unresolvedQuestions.filter((_, i) => i % n === (this.agentId - 1) % n).slice(0, MAX_FOLLOW_UP_QUERIES);
  }

  /** Providers this agent asks: general ones plus specialised ones matching its preferences (all when that leaves none). */
  private providers(): AgentProvider[] {
    const names = this.options.providers ?? [];
    const pool = this.options.dependencies.providers.filter((p) => names.length === 0 || names.includes(p.name));
    const mine = pool.filter((p) => !p.sourceTypes || p.sourceTypes.length === 0 || p.sourceTypes.some((t) => this.strategy.preferredSources.includes(t)));
    return mine.length > 0 ? mine : pool;
  }

  async execute(context: IterationContext, options: { signal?: AbortSignal } = {}): Promise<AgentReport> {
    const { signal } = options;
    const started = Date.now();
    const deps = this.options.dependencies;
    const now = deps.now ?? (() => new Date());
    const topic = context.topic ?? this.options.topic;
    if (!topic?.trim()) throw new InvalidInputError(`research agent ${this.agentId}: no topic`, { code: 'invalid_argument' });
    const reportId = `report-${this.agentId}-${context.iteration}-${++this.runs}`;
    const warnings: string[] = [];
    const max = this.strategy.maxResultsPerAgent;
    const limit = Math.min(MAX_SEARCH_LIMIT, max * 2 + context.coveredSources.length);

    // 1-2. Search: the strategy's query, then follow-ups of open questions.
    const query = this.buildSearchQuery(topic, context);
    const followUps = this.followUpQuestions(context);
    const queries = [query, ...followUps];
    const perQuery = await Promise.all(queries.map((q) => this.search(q, limit, warnings, signal)));
    const ranked = perQuery.flat();

    // 3. Choose sources: preferred types first, time range, covered ones skipped.
    const blocked = ranked.filter((h) => h.trustLevel === 'BLOCKED');
    if (blocked.length > 0) warnings.push(`${blocked.length} hits from blocked domains skipped`);
    const choice = selectHits({
      hits: ranked.filter((h) => !blocked.includes(h)),
      preferred: this.strategy.preferredSources,
      covered: context.coveredSources,
      timeRange: this.strategy.timeRange,
      now: now(),
      limit: max,
    });
    if (choice.selected.length === 0) {
      throw new NonRetryableError(
        `research agent ${this.agentId}: no new source for ${JSON.stringify(query)} (${ranked.length} hits; ${choice.skippedCovered} already covered, ${choice.skippedOutOfRange} outside the time range "${this.strategy.timeRange}", ${blocked.length} blocked)`,
        { code: 'no_sources', details: { agentId: this.agentId, query } },
      );
    }

    // 4. Read them (fetch + extract, or the corpus store); one failure is a warning, all is an error.
    throwIfAborted(signal);
    const concurrency = this.options.fetchConcurrency ?? 4;
    const read = await mapLimit(choice.selected, concurrency, (h) => this.read(h, warnings, now(), signal));
    const sources = read.filter((s): s is ReadSource => s !== undefined);
    if (sources.length === 0) {
      throw new NonRetryableError(
        `research agent ${this.agentId}: none of ${choice.selected.length} sources could be read (${warnings.slice(-3).join('; ')})`,
        {
          code: 'no_sources',
          details: { agentId: this.agentId, query },
        },
      );
    }

    // 5-7. Claims, entities and the report.
    throwIfAborted(signal);
    const followUpCounts = followUps.map((q, i) => ({
      question: q,
      newSources: sources.filter((s) => (perQuery[i + 1] ?? []).some((h) => h.hit.url === s.ref.url)).length,
    }));
    const built = buildAgentReport({
      topic,
      language: this.options.language,
      agentId: this.agentId,
      modifiers: modifiersFor(this.strategy, this.options.language),
      queries,
      sources,
      followUps: followUpCounts,
      ...(this.options.dependencies.thesaurus ? { thesaurus: this.options.dependencies.thesaurus } : {}),
    });
    throwIfAborted(signal);
    return {
      agentId: this.agentId,
      reportId,
      content: built.content,
      sources: sources.map((s) => s.ref),
      strategy: this.strategy,
      generatedAt: now().toISOString(),
      durationMs: Date.now() - started,
      claims: built.claims,
      keyFindings: built.keyFindings,
      ...(built.kinds.length > 0 ? { kinds: built.kinds } : {}),
      queries,
      entities: built.entities,
      warnings,
    };
  }

  /** One query through the engine in the run's task; the pages it found, in its providers' ranking. */
  private async search(query: string, limit: number, warnings: string[], signal?: AbortSignal): Promise<AgentHit[]> {
    const deps = this.options.dependencies;
    const providers = this.providers();
    const out = await deps.engine.search(deps.taskId, query, { providers: providers.map((p) => p.name), maxPages: limit, ...(signal ? { signal } : {}) });
    throwIfAborted(signal);
    if (out.status !== 'done') {
      const failure = out.warnings.find((w) => w.source === 'query');
      throw errorOfCategory(
        failure && failure.category !== 'warning' ? failure.category : 'retryable',
        `research agent ${this.agentId}: search failed for ${JSON.stringify(query)}: ${failure?.message ?? out.status}`,
        { code: 'search_failed' },
      );
    }
    for (const w of out.warnings) if (w.category !== 'warning') warnings.push(`search ${JSON.stringify(query)}: ${w.source}: ${w.message}`);
    // A specialised provider (scholarly → academic) types the pages only it could have found: papers.
    const specialised = providers.find((p) => p.sourceTypes && p.sourceTypes.length > 0);
    return out.sources.slice(0, limit).map((s, i) => this.hitOf(s, i, specialised));
  }

  private hitOf(s: SourceView, i: number, specialised: AgentProvider | undefined): AgentHit {
    const hit: SearchHit = {
      url: s.url,
      title: s.title ?? s.url,
      snippet: '',
      score: 1 / (i + 1),
      rank: i + 1,
      provider: 'engine',
      ...(s.publishedAt ? { publishedAt: s.publishedAt } : {}),
    };
    const providerTypes = specialised && s.sourceType === 'academic_paper' ? specialised.sourceTypes : undefined;
    return {
      hit,
      pageId: s.pageId,
      trustLevel: s.trustLevel,
      sourceType: agentSourceType({ url: s.url, trustLevel: s.trustLevel, pageType: s.sourceType, ...(providerTypes ? { providerTypes } : {}) }),
    };
  }

  private async read(h: AgentHit, warnings: string[], now: Date, signal?: AbortSignal): Promise<ReadSource | undefined> {
    throwIfAborted(signal);
    const deps = this.options.dependencies;
    try {
      const { source, text } = deps.engine.readSource(deps.taskId, h.pageId);
      const corpus = parseCorpusUrl(source.url);
      const doc = {
        url: source.url,
        title: source.title ?? h.hit.title,
        text,
        fetchedAt: now.toISOString(),
        ...(source.publishedAt ? { publishedAt: source.publishedAt } : {}),
        ...(corpus ? { corpus: corpus.corpus, documentId: corpus.id } : {}),
      };
      if (!withinTimeRange(doc.publishedAt, this.strategy.timeRange, now)) {
        warnings.push(`${h.hit.url}: published ${doc.publishedAt}, outside the time range "${this.strategy.timeRange}"`);
        return undefined;
      }
      if (!doc.text.trim()) {
        warnings.push(`${h.hit.url}: no text`);
        return undefined;
      }
      return {
        doc,
        ref: {
          url: doc.url,
          title: doc.title || doc.url,
          fetchedAt: doc.fetchedAt,
          reliabilityScore: trustScore(source.trustLevel),
          trustLevel: source.trustLevel,
          sourceType: h.sourceType,
          ...(doc.publishedAt ? { publishedAt: doc.publishedAt } : {}),
          ...(doc.corpus ? { corpus: doc.corpus } : {}),
          ...(doc.documentId ? { documentId: doc.documentId } : {}),
        },
      };
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      warnings.push(`${h.hit.url}: ${errorMessage(error)}`);
      return undefined;
    }
  }
}
