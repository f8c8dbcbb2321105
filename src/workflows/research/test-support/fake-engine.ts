// A small in-memory Engine for the research workflow's tests: documents of sentences, word-overlap
// search, every sentence of a registered document a claim, other documents' sentences sharing words
// as evidence (a "not" on one side only refutes), statuses from the real policy functions.
// Deterministic, so a run interrupted and resumed can be compared with an uninterrupted one.
import {
  InvalidInputError,
  claimId,
  delay,
  type ClaimMaterial,
  type ClaimStatus,
  type CreateTaskInput,
  type EvidenceView,
  type Materials,
  type MaterialsOptions,
  type SearchOptions,
  type SearchOutcome,
  type SearchStateView,
  type SourceView,
  type Task,
  type TaskCounts,
  type TaskStatusView,
  type VerifyOutcome,
  judgeFields,
  ORIGIN_JUDGE,
  modelJudge,
} from '../../../core/index.js';
import { claimConfidence, determineClaimStatus, statusAxesFromEvidence, type EvidenceItem } from '../../../policy/index.js';
import type { ResearchEngine } from '../types.js';

export interface FakeDoc {
  id: string;
  title: string;
  sentences: string[];
  publishedAt?: string;
  /** The source's URL; default `corpus://fake/<id>` (the hostile-input suite gives pages' URLs). */
  url?: string;
}

export interface FakeEngineOptions {
  docs: FakeDoc[];
  /** Called when a search starts (query text, 1-based search number); tests abort from here. */
  onSearch?: (query: string, n: number) => void;
  /** Simulated work per search (ms), honouring the signal. */
  searchDelayMs?: number;
  /** Searches whose text matches fail with a non_retryable error. */
  failOn?: RegExp;
  /** The code of that error (default `fake_failure`). */
  failCode?: string;
}

const words = (s: string): Set<string> =>
  new Set((s.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => !['the', 'and', 'not', 'that', 'with', 'for'].includes(w)));
const negated = (s: string): boolean => /\bnot\b/i.test(s);
const url = (d: FakeDoc): string => d.url ?? `corpus://fake/${d.id}`;

export class FakeEngine implements ResearchEngine {
  task?: Task;
  readonly registered: string[] = [];
  readonly queries: SearchStateView[] = [];
  /** Query id → the search's arguments, for resume. */
  private readonly args = new Map<string, { text: string; options: SearchOptions }>();
  private queriesUsed = 0;
  private searchCount = 0;
  private readonly docs: Map<string, FakeDoc>;
  /** Statements given to verifyClaim: claims of the task without a source of their own. */
  private readonly verifiedStatements: string[] = [];

  constructor(private readonly options: FakeEngineOptions) {
    this.docs = new Map(options.docs.map((d) => [d.id, d]));
  }

  async createTask(input: CreateTaskInput): Promise<Task> {
    this.task = {
      id: 'task_fake0001',
      question: input.question,
      status: 'created',
      budget: { maxPages: input.budget?.maxPages ?? 100, maxQueries: input.budget?.maxQueries ?? 50, maxSeconds: input.budget?.maxSeconds ?? 1800 },
      priorityDomains: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      configSnapshot: {},
      ...(input.language ? { language: input.language } : {}),
    };
    return this.task;
  }

  private source(d: FakeDoc): SourceView {
    return {
      pageId: `pg_${d.id}`,
      url: url(d),
      domain: 'corpus:fake',
      title: d.title,
      trustLevel: 'ACADEMIC',
      sourceType: 'other',
      primary: true,
      ...(d.publishedAt ? { publishedAt: d.publishedAt } : {}),
    };
  }

  private run(queryId: string): SearchOutcome {
    const { text, options } = this.args.get(queryId)!;
    const q = this.queries.find((x) => x.queryId === queryId)!;
    if (this.options.failOn?.test(text)) {
      q.status = 'failed';
      q.lastError = `non_retryable: fake failure for ${text}`;
      q.error = { category: 'non_retryable', code: this.options.failCode ?? 'fake_failure', message: `fake failure for ${text}` };
      return this.outcome(q, 0, 0, []);
    }
    const qw = words(text);
    const hits = [...this.docs.values()]
      .map((d) => ({ d, score: [...words(`${d.title} ${d.sentences.join(' ')}`)].filter((w) => qw.has(w)).length }))
      .filter((h) => h.score > 0)
      .sort((a, b) => b.score - a.score || (a.d.id < b.d.id ? -1 : 1))
      .slice(0, 10);
    const room = Math.min(options.maxPages ?? 10, this.task!.budget.maxPages - this.registered.length);
    let added = 0;
    for (const h of hits) {
      if (added >= room) break;
      if (this.registered.includes(h.d.id)) continue;
      this.registered.push(h.d.id);
      added++;
    }
    q.status = 'done';
    // As the engine: the readable pages the search found, registered by it or already in the task.
    const sources = hits.filter((h) => this.registered.includes(h.d.id)).map((h) => this.source(h.d));
    return this.outcome(q, hits.length, added, sources);
  }

  private outcome(q: SearchStateView, found: number, added: number, sources: SourceView[]): SearchOutcome {
    return {
      taskId: this.task!.id,
      queryId: q.queryId,
      query: q.text,
      sentQueries: [q.text],
      status: q.status,
      resultsFound: found,
      newPages: added,
      pagesFetched: 0,
      fragments: 0,
      usefulFragments: 0,
      harvestRate: 0,
      novelty: 0,
      duplicateRate: 0,
      satisfaction: 'partial',
      hasPrimarySource: true,
      claims: [],
      sources,
      unread: [],
      budget: this.status(this.task!.id).budget,
      warnings: [],
    };
  }

  async search(taskId: string, query: string, options: SearchOptions = {}): Promise<SearchOutcome> {
    if (this.task?.status === 'stopped') throw new InvalidInputError(`task ${taskId} is stopped`, { code: 'task_stopped' });
    this.task!.status = 'running';
    const queryId = `q_${String(this.queries.length + 1).padStart(3, '0')}`;
    this.queries.push({
      queryId,
      text: query,
      kind: 'query',
      mode: options.refute ? 'refute' : 'normal',
      origin: options.origin ?? 'client',
      ...(options.clientKey !== undefined ? { clientKey: options.clientKey } : {}),
      status: 'running',
      attempts: 1,
    });
    this.args.set(queryId, { text: query, options: { ...(options.maxPages ? { maxPages: options.maxPages } : {}) } });
    this.queriesUsed += options.refute ? 7 : 1;
    this.options.onSearch?.(query, ++this.searchCount);
    if (this.options.searchDelayMs) await delay(this.options.searchDelayMs, options.signal);
    options.signal?.throwIfAborted();
    return this.run(queryId);
  }

  async verifyClaim(taskId: string, statement: string, options: SearchOptions = {}): Promise<VerifyOutcome> {
    const { queryId } = await this.search(taskId, statement, options);
    if (!this.verifiedStatements.includes(statement)) this.verifiedStatements.push(statement);
    return {
      queryId,
      claim: { id: claimId(statement), statement },
      status: 'UNSUPPORTED',
      confidence: 0.5,
      uncertainty: 0.2,
      controversy: 0,
      rationale: '',
      conditions: [],
      supporting: [],
      refuting: [],
      neutralCount: 0,
      queries: [statement],
      warnings: [],
    };
  }

  status(_taskId: string): TaskStatusView {
    const t = this.task!;
    const pagesUsed = this.registered.length;
    const b = t.budget;
    return {
      task: t,
      status: t.status,
      searches: this.queries.map((q) => ({ ...q })),
      pagesFetched: 0,
      pagesRegistered: pagesUsed,
      usefulFragments: 0,
      harvestRate: 0,
      satisfaction: 'partial',
      hasPrimarySource: true,
      noveltyTrend: [],
      claimCounts: { VERIFIED: 0, CONDITIONED: 0, CONTESTED: 0, UNSUPPORTED: 0, REFUTED: 0, PENDING: 0 },
      sideClaims: 0,
      budget: {
        maxPages: b.maxPages,
        pagesUsed,
        pagesLeft: Math.max(0, b.maxPages - pagesUsed),
        maxQueries: b.maxQueries,
        queriesUsed: this.queriesUsed,
        queriesLeft: Math.max(0, b.maxQueries - this.queriesUsed),
        maxSeconds: b.maxSeconds,
        secondsUsed: 0,
        secondsLeft: b.maxSeconds,
        exhausted: false,
      },
      authQueueSize: 0,
      warnings: [],
      failures: [],
      blocked_domains: [],
    };
  }

  async stop(taskId: string): Promise<TaskStatusView> {
    this.task!.status = 'stopped';
    for (const q of this.queries) if (q.status === 'running' || q.status === 'pending') q.status = 'cancelled';
    return this.status(taskId);
  }

  async resume(taskId: string): Promise<TaskStatusView> {
    this.task!.status = 'running';
    for (const q of this.queries) if (q.status === 'running' || q.status === 'pending' || q.status === 'cancelled') this.run(q.queryId);
    return this.status(taskId);
  }

  private claimMaterial(statement: string, origins: FakeDoc[]): ClaimMaterial {
    const id = claimId(statement);
    const cw = words(statement);
    const originIds = new Set(origins.map((d) => d.id));
    const supporting: EvidenceView[] = [];
    const refuting: EvidenceView[] = [];
    for (const d of origins) {
      const i = d.sentences.indexOf(statement);
      supporting.push({
        edgeId: `e_${d.id}_${i}_${id}`,
        stance: 'supports',
        confidence: 1,
        fragmentId: `f_${d.id}_${i}`,
        quote: statement,
        locator: { paragraph: i },
        source: this.source(d),
        ...judgeFields(ORIGIN_JUDGE),
      });
    }
    for (const docId of this.registered) {
      if (originIds.has(docId)) continue;
      const d = this.docs.get(docId)!;
      d.sentences.forEach((s, i) => {
        if ([...words(s)].filter((w) => cw.has(w)).length < 3) return;
        const stance = negated(s) !== negated(statement) ? 'refutes' : 'supports';
        const view: EvidenceView = {
          edgeId: `e_${d.id}_${i}_${id}`,
          stance,
          confidence: 0.9,
          fragmentId: `f_${d.id}_${i}`,
          quote: s,
          locator: { paragraph: i },
          source: this.source(d),
          ...judgeFields(modelJudge('fake-stance')),
        };
        (stance === 'refutes' ? refuting : supporting).push(view);
      });
    }
    const items: EvidenceItem[] = [...supporting, ...refuting].map((e) => ({
      stance: e.stance,
      confidence: e.confidence,
      trustLevel: e.source.trustLevel,
      source: e.source.url,
    }));
    const axes = statusAxesFromEvidence(items, { coverage: 1, recency: 1, traceability: 1, contestedByHighTrust: false });
    const decision = determineClaimStatus(axes);
    const conf = claimConfidence(items);
    return {
      id,
      statement,
      slots: {},
      decisionRelevance: /\d/.test(statement) ? 'medium' : 'low',
      status: decision.status as ClaimStatus,
      confidence: conf.confidence,
      uncertainty: conf.uncertainty,
      controversy: conf.controversy,
      rationale: decision.rationale,
      axes,
      conditions: decision.conditions,
      counts: { supports: supporting.length, refutes: refuting.length, neutral: 0 },
      supporting,
      refuting,
      origins: origins.map((d) => this.source(d)),
    };
  }

  counts(taskId: string): TaskCounts {
    const all = this.materials(taskId, { offset: 0, limit: 1_000_000 });
    return {
      pageIds: all.pages.map((p) => p.pageId),
      evidence: Object.fromEntries(all.claims.map((c) => [c.id, c.counts.supports + c.counts.refutes])),
      totalClaims: all.paging.totalClaims,
    };
  }

  materials(taskId: string, options: MaterialsOptions = {}): Materials {
    const origins = new Map<string, { statement: string; docs: FakeDoc[] }>();
    for (const docId of this.registered) {
      const d = this.docs.get(docId)!;
      for (const s of d.sentences) {
        const id = claimId(s);
        const o = origins.get(id) ?? { statement: s, docs: [] };
        o.docs.push(d);
        origins.set(id, o);
      }
    }
    for (const s of this.verifiedStatements) if (!origins.has(claimId(s))) origins.set(claimId(s), { statement: s, docs: [] });
    const all = [...origins.values()].map((o) => this.claimMaterial(o.statement, o.docs)).sort((a, b) => (a.id < b.id ? -1 : 1));
    const offset = options.offset ?? 0;
    const limit = options.limit ?? 100;
    return {
      task: this.task!,
      claims: all.slice(offset, offset + limit),
      contested: [],
      citations: [],
      counterevidenceLog: [],
      pages: this.registered.map((id) => this.source(this.docs.get(id)!)),
      paging: { offset, limit, totalClaims: all.length, sideClaims: 0 },
    };
  }
}
