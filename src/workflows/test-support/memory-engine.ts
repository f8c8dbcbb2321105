// One in-memory Engine for every workflow's tests (issue 33 item 4): research, collect and consensus ask
// it as they ask the pipeline engine, and src/app/engine-doubles.contract.test.ts holds it to the real
// engine. Where a workflow can tell, it behaves as the pipeline does:
// - tasks are made by createTask or named up front; a search in a task it does not hold fails
//   `task_not_found`, one in a stopped task `task_stopped`; a search is recorded before the signal is
//   heeded, and a signal (or stop) ends it `cancelled` with the query's own warning, as the engine does;
// - the providers named (none: the task's, else all) are asked; `corpus` names every `corpus:<name>`
//   (none: `corpus_not_found`); a failing one is a warning, all failing ends the search `failed` with
//   `all_providers_failed` (retryable when any failure was) and the query's own `query_failed` warning;
// - hits are de-duplicated by normalised URL in provider order and registered within the search's
//   `maxPages` and the task's page budget: web pages are fetched during the search (`answer`), papers
//   are registered by their abstract, corpus documents come from the "store"; a web page beyond the budget
//   is registered unfetched (unread, `skipped`), a corpus document or paper beyond it is not registered;
// - the claims of its readable pages, their evidence and statuses are memory-claims.ts's.
// Where it is simpler than the engine, on purpose: every provider named is asked (the engine asks a
// scholarly one only for an academic query or seekPrimary) and asked once (no retry within a search);
// each provider's list is ranked on its own (the engine's `corpus` is one provider over all corpora);
// the query budget is counted, never enforced. Deterministic, so a run interrupted and resumed can be
// compared with an uninterrupted one. Test support only; no workflow imports this file.
import {
  InvalidInputError,
  NonRetryableError,
  budgetViewOf,
  claimId,
  delay,
  errorOfCategory,
  isLyraError,
  normalizeUrl,
  parseCorpusUrl,
  throwIfAborted,
  type BudgetView,
  type CreateTaskInput,
  type Engine,
  type EngineWarning,
  type ErrorCategory,
  type Materials,
  type MaterialsOptions,
  type SearchOptions,
  type SearchOutcome,
  type SearchStateView,
  type SourceReachability,
  type SourceText,
  type SourceView,
  type StoredError,
  type Task,
  type TaskCounts,
  type TaskStatusView,
  type UnreadSource,
  type VerifyOutcome,
} from '../../core/index.js';
import { claimMaterials } from './memory-claims.js';
import { rank, textOf, viewOf, type MemoryDoc, type MemoryProvider } from './memory-docs.js';

export type { MemoryDoc, MemoryProvider } from './memory-docs.js';

export interface MemoryEngineOptions {
  providers: Record<string, MemoryProvider>;
  /**
   * The n-th fetch of a web URL (n = 1 is the search's own fetch): an HTTP 2xx status, or the error the
   * fetcher throws (its `details.status` is the HTTP status). Default 200.
   */
  answer?: (url: string, n: number) => number | Error;
  /** Corpus URLs whose document is gone from the store (checkSource finds them missing). */
  missing?: readonly string[];
  /** URLs of registered pages whose text readSource cannot give (`source_unreadable`). */
  unreadable?: readonly string[];
  /** Task ids the engine holds before any createTask (budget: 1000 pages and queries, an hour). */
  tasks?: readonly string[];
  /** Searches whose text it returns an error for fail with it after the providers answered (a later phase failing). */
  failSearch?: (query: string) => Error | undefined;
  /** Called when a search starts (query text, 1-based search number across tasks); tests abort from here. */
  onSearch?: (query: string, n: number) => void;
  /** Simulated work per search (ms), honouring the signal. */
  searchDelayMs?: number;
  /**
   * Register hits under their URL as given, whatever it is: the hostile-input suite hands the renderers
   * URLs (`javascript:`, spaces, newlines) no real provider passes. Default: a hit whose URL is no page
   * URL is dropped with a warning, as the pipeline does.
   */
  acceptAnyUrl?: boolean;
}

type PageStatus = 'fetched' | 'abstract_only' | 'failed' | 'blocked' | 'skipped';

interface StoredPage {
  doc: MemoryDoc;
  view: SourceView;
  status: PageStatus;
  /** The search's own fetch: its HTTP status and error. */
  httpStatus?: number;
  error?: StoredError;
  check?: Omit<SourceReachability, 'source' | 'from'>;
}

interface TaskState {
  task: Task;
  queries: SearchStateView[];
  /** Query id → the search's arguments, for resume. */
  args: Map<string, { text: string; options: SearchOptions }>;
  /** Pages by URL key, in the order first found. */
  pages: Map<string, StoredPage>;
  queriesUsed: number;
  /** Aborted by stop(): the searches in flight end cancelled. */
  controller: AbortController;
  /** Statements given to verifyClaim: claims of the task without a page of their own. */
  verified: string[];
}

/** The Engine methods the double answers: the union of what the workflows use. */
export type MemoryEngineMethods = Pick<
  Engine,
  'createTask' | 'search' | 'verifyClaim' | 'status' | 'stop' | 'resume' | 'materials' | 'counts' | 'readSource' | 'checkSource'
>;

const AT = '2025-01-01T00:00:00.000Z';

/** A page status with text to read: fetched, or a paper registered by its abstract. */
const isReadable = (status: PageStatus): status is 'fetched' | 'abstract_only' => status === 'fetched' || status === 'abstract_only';

function errorOf(e: Error): StoredError & { httpStatus?: number } {
  if (!isLyraError(e)) return { category: 'retryable', code: 'unexpected', message: e.message };
  const s = (e.details as { status?: unknown }).status;
  return { category: e.category, code: e.code, message: e.message, ...(typeof s === 'number' ? { httpStatus: s } : {}) };
}

export class MemoryEngine implements MemoryEngineMethods {
  /** Every search: its task, query and options. */
  readonly searches: Array<{ taskId: string; query: string; providers: string[]; maxPages?: number; seekPrimary: boolean }> = [];
  /** Every time a provider was asked, by provider name. */
  readonly calls: Record<string, string[]> = {};
  /** Every fetch of a web URL (the searches' own and the checks'), in order. */
  readonly fetches: string[] = [];
  /** Every checkSource call: the page's URL and whether it was a recheck. */
  readonly checks: Array<{ url: string; recheck: boolean }> = [];
  /** Page ids read, in order. */
  readonly reads: string[] = [];
  private readonly tasks = new Map<string, TaskState>();
  private readonly answer: (url: string, n: number) => number | Error;
  private searchCount = 0;
  private lastTaskId?: string;

  constructor(private readonly options: MemoryEngineOptions) {
    this.answer = options.answer ?? (() => 200);
    for (const id of options.tasks ?? []) this.addTask(id, 'memory task', { maxPages: 1000, maxQueries: 1000, maxSeconds: 3600 });
  }

  /** The task createTask made last. */
  get task(): Task | undefined {
    return this.lastTaskId === undefined ? undefined : this.tasks.get(this.lastTaskId)?.task;
  }

  /** The pages of a task, in the order found (unread ones too). */
  pagesOf(taskId: string): SourceView[] {
    return [...this.state(taskId).pages.values()].map((p) => p.view);
  }

  private addTask(id: string, question: string, budget: Task['budget'], language?: string): TaskState {
    const task: Task = { id, question, status: 'created', budget, priorityDomains: [], createdAt: AT, configSnapshot: {}, ...(language ? { language } : {}) };
    const s: TaskState = { task, queries: [], args: new Map(), pages: new Map(), queriesUsed: 0, controller: new AbortController(), verified: [] };
    this.tasks.set(id, s);
    return s;
  }

  private state(taskId: string): TaskState {
    const s = this.tasks.get(taskId);
    if (!s) throw new InvalidInputError(`task ${taskId} not found`, { code: 'task_not_found' });
    return s;
  }

  async createTask(input: CreateTaskInput): Promise<Task> {
    const id = `task_mem${String(this.tasks.size + 1).padStart(4, '0')}`;
    const b = input.budget;
    const s = this.addTask(
      id,
      input.question,
      { maxPages: b?.maxPages ?? 100, maxQueries: b?.maxQueries ?? 50, maxSeconds: b?.maxSeconds ?? 1800 },
      input.language,
    );
    if (input.providers && input.providers.length > 0) s.task.configSnapshot = { providers: [...input.providers] };
    this.lastTaskId = id;
    return s.task;
  }

  /** The provider names a search asks (none named: the task's, else all); `corpus` stands for every `corpus:<name>`. */
  private providerNames(s: TaskState, requested: readonly string[] | undefined): string[] {
    const fromTask = s.task.configSnapshot.providers;
    const names = requested && requested.length > 0 ? requested : Array.isArray(fromTask) ? (fromTask as string[]) : Object.keys(this.options.providers);
    const out: string[] = [];
    for (const name of names) {
      const expanded =
        name === 'corpus' && !Object.hasOwn(this.options.providers, name) ? Object.keys(this.options.providers).filter((k) => k.startsWith('corpus:')) : [name];
      if (expanded.length === 0) throw new InvalidInputError('no local corpus: add one with lyra corpus add', { code: 'corpus_not_found' });
      for (const n of expanded) {
        if (!Object.hasOwn(this.options.providers, n)) throw new InvalidInputError(`unknown provider ${n}`, { code: 'provider_unknown' });
        if (!out.includes(n)) out.push(n);
      }
    }
    return out;
  }

  private fetch(url: string): number | Error {
    this.fetches.push(url);
    return this.answer(url, this.fetches.filter((f) => f === url).length);
  }

  private pagesUsed(s: TaskState): number {
    return [...s.pages.values()].filter((p) => p.status !== 'skipped').length;
  }

  /** The key a page is stored under: its normalised URL (throws for a hit whose URL is no page URL). */
  private keyOf(d: MemoryDoc): string {
    return d.url.startsWith('corpus://') || this.options.acceptAnyUrl ? d.url : normalizeUrl(d.url);
  }

  /**
   * Registers a page (fetching a web page); with no room left, a web page is registered unfetched and a
   * corpus document or paper not at all (undefined), as the engine's register phase does.
   */
  private register(s: TaskState, key: string, d: MemoryDoc, room: boolean): { page: StoredPage; added: boolean } | undefined {
    const existing = s.pages.get(key);
    if (existing && existing.status !== 'skipped') return { page: existing, added: false };
    if (!room && (d.url.startsWith('corpus://') || d.paper)) return undefined;
    const page: StoredPage = { doc: d, view: viewOf(d), status: 'skipped' };
    if (room) {
      if (d.url.startsWith('corpus://')) page.status = 'fetched';
      else if (d.paper) page.status = 'abstract_only';
      else {
        const a = this.fetch(d.url);
        if (a instanceof Error) {
          const { httpStatus, ...error } = errorOf(a);
          Object.assign(page, { status: error.category === 'blocked' ? 'blocked' : 'failed', error, ...(httpStatus !== undefined ? { httpStatus } : {}) });
        } else Object.assign(page, { status: 'fetched', httpStatus: a });
      }
    }
    s.pages.set(key, page);
    return { page, added: room };
  }

  private run(s: TaskState, queryId: string): SearchOutcome {
    const { text, options } = s.args.get(queryId)!;
    const q = s.queries.find((x) => x.queryId === queryId)!;
    const names = this.providerNames(s, options.providers);
    const warnings: EngineWarning[] = [];
    const failures: StoredError[] = [];
    const found: Array<[string, MemoryDoc]> = [];
    for (const name of names) {
      const provider = this.options.providers[name]!;
      const asked = (this.calls[name] ??= []);
      asked.push(text);
      const a = typeof provider === 'function' ? provider(text, asked.filter((x) => x === text).length) : rank(provider, text);
      if (a instanceof Error) {
        const e = errorOf(a);
        failures.push(e);
        warnings.push({ source: name, category: e.category, code: e.code, message: e.message, target: text, at: AT });
      } else found.push(...a.map((d): [string, MemoryDoc] => [name, d]));
    }
    if (names.length > 0 && failures.length === names.length) {
      const category: ErrorCategory = failures.some((f) => f.category === 'retryable') ? 'retryable' : failures[0]!.category;
      const message = `every search provider failed for ${JSON.stringify(text)}: ${names.map((n, i) => `${n}: ${failures[i]!.message}`).join('; ')}`;
      return this.fail(s, q, { category, code: 'all_providers_failed', message }, warnings);
    }
    const late = this.options.failSearch?.(text);
    if (late) {
      const { httpStatus: _h, ...error } = errorOf(late);
      return this.fail(s, q, error, warnings);
    }
    const seen = new Set<string>();
    const sources: SourceView[] = [];
    const unread: UnreadSource[] = [];
    const taskRoom = s.task.budget.maxPages - this.pagesUsed(s);
    let room = Math.min(options.maxPages ?? Infinity, taskRoom);
    // Corpus documents and papers left out for want of room, warned about as the engine's Phase 2 does.
    let notRegistered = 0;
    let added = 0;
    let fetched = 0;
    for (const [name, d] of found) {
      let key: string;
      try {
        key = this.keyOf(d);
      } catch (e) {
        // A hit whose URL is no page URL is dropped with a warning naming the provider and the URL, as Phase 1 does.
        const { httpStatus: _h, ...error } = errorOf(e as Error);
        warnings.push({ source: name, ...error, target: d.url, at: AT });
        continue;
      }
      if (seen.has(key)) continue;
      seen.add(key);
      const r = this.register(s, key, d, room > 0);
      if (!r) {
        notRegistered += 1;
        continue;
      }
      const p = r.page;
      if (r.added) {
        room -= 1;
        added += 1;
        if (isReadable(p.status)) fetched += 1;
      }
      if (isReadable(p.status)) sources.push(p.view);
      else
        unread.push({
          source: p.view,
          fetchStatus: p.status,
          ...(p.error ? { error: p.error } : {}),
          ...(p.httpStatus !== undefined ? { httpStatus: p.httpStatus } : {}),
        });
    }
    if (notRegistered > 0) {
      const spent: NonNullable<EngineWarning['spent']> = [];
      if (options.maxPages !== undefined && added >= options.maxPages) spent.push('query_pages');
      if (added >= taskRoom) spent.push('task_pages');
      warnings.push({
        source: 'budget',
        category: 'warning',
        code: 'budget_exhausted',
        message: `${notRegistered} papers or documents not registered: the budget is used up`,
        spent,
        at: AT,
      });
    }
    q.status = 'done';
    return { ...this.outcome(s, q, found.length, warnings), status: 'done', newPages: added, pagesFetched: fetched, sources, unread };
  }

  /** A search that failed: no metrics, so no results found (as the engine's outcome reads it). */
  private fail(s: TaskState, q: SearchStateView, error: StoredError, warnings: EngineWarning[]): SearchOutcome {
    q.status = 'failed';
    q.lastError = `${error.category}: ${error.message}`;
    q.error = error;
    // As the engine's outcome of a failed search: the query's own warning after the providers'.
    warnings.push({ source: 'query', category: error.category, code: 'query_failed', message: q.lastError, target: q.text, at: AT });
    return {
      ...this.outcome(s, q, 0, warnings),
      status: 'failed',
      error,
      satisfaction: 'unsatisfied',
      newPages: 0,
      pagesFetched: 0,
      sources: [],
      unread: [],
    };
  }

  private outcome(
    s: TaskState,
    q: SearchStateView,
    found: number,
    warnings: EngineWarning[],
  ): Omit<SearchOutcome, 'status' | 'newPages' | 'pagesFetched' | 'sources' | 'unread'> {
    const { budget, hasPrimarySource } = this.status(s.task.id);
    return {
      taskId: s.task.id,
      queryId: q.queryId,
      query: q.text,
      sentQueries: [q.text],
      resultsFound: found,
      fragments: 0,
      usefulFragments: 0,
      harvestRate: 0,
      novelty: 0,
      duplicateRate: 0,
      satisfaction: 'partial',
      hasPrimarySource,
      claims: [],
      budget,
      warnings,
    };
  }

  async search(taskId: string, query: string, options: SearchOptions = {}): Promise<SearchOutcome> {
    const s = this.state(taskId);
    if (s.task.status === 'stopped') throw new InvalidInputError(`task ${taskId} is stopped`, { code: 'task_stopped' });
    s.task.status = 'running';
    const providers = this.providerNames(s, options.providers);
    this.searches.push({
      taskId,
      query,
      providers: options.providers ? [...options.providers] : providers,
      ...(options.maxPages !== undefined ? { maxPages: options.maxPages } : {}),
      seekPrimary: options.seekPrimary === true,
    });
    const queryId = `q_${String(s.queries.length + 1).padStart(3, '0')}`;
    const q: SearchStateView = {
      queryId,
      text: query,
      kind: 'query',
      mode: options.refute ? 'refute' : 'normal',
      origin: options.origin ?? 'client',
      ...(options.clientKey !== undefined ? { clientKey: options.clientKey } : {}),
      status: 'running',
      attempts: 1,
    };
    s.queries.push(q);
    const { signal: _signal, ...kept } = options;
    s.args.set(queryId, { text: query, options: kept });
    s.queriesUsed += options.refute ? 7 : 1;
    // As the engine: the query is recorded before the signal is heeded, so a search cut off is found again by
    // its key; the caller's signal or a stop ends it cancelled (an outcome, not a throw).
    this.options.onSearch?.(query, ++this.searchCount);
    const signal = options.signal ? AbortSignal.any([options.signal, s.controller.signal]) : s.controller.signal;
    try {
      if (this.options.searchDelayMs) await delay(this.options.searchDelayMs, signal);
      throwIfAborted(signal);
    } catch {
      return this.cancel(s, q, signal.reason);
    }
    const out = this.run(s, queryId);
    this.completeIfFinished(s);
    return out;
  }

  /** A search cut off: cancelled, with the query's own warning, as the engine's outcome of it. */
  private cancel(s: TaskState, q: SearchStateView, reason: unknown): SearchOutcome {
    q.status = 'cancelled';
    q.lastError = `cancelled: ${reason instanceof Error ? reason.message : String(reason ?? 'stopped')}`;
    const warnings: EngineWarning[] = [{ source: 'query', category: 'retryable', code: 'query_cancelled', message: q.lastError, target: q.text, at: AT }];
    return { ...this.outcome(s, q, 0, warnings), status: 'cancelled', satisfaction: 'unsatisfied', newPages: 0, pagesFetched: 0, sources: [], unread: [] };
  }

  /** As the engine when its queue drains: a running task with nothing left to run is completed. */
  private completeIfFinished(s: TaskState): void {
    if (s.task.status === 'running' && !s.queries.some((q) => q.status === 'running' || q.status === 'pending')) s.task.status = 'completed';
  }

  async verifyClaim(taskId: string, statement: string, options: SearchOptions = {}): Promise<VerifyOutcome> {
    const out = await this.search(taskId, statement, options);
    const { queryId } = out;
    const s = this.state(taskId);
    if (out.status !== 'done') {
      const q = s.queries.find((x) => x.queryId === queryId);
      throw errorOfCategory(
        out.error?.category ?? 'retryable',
        `verify: the search for ${JSON.stringify(statement)} ended ${out.status}: ${q?.lastError ?? out.status}`,
        {
          code: 'verify_search_failed',
          ...(out.error ? { details: { cause: out.error } } : {}),
        },
      );
    }
    if (!s.verified.includes(statement)) s.verified.push(statement);
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
      closest: [],
      queries: [statement],
      warnings: [],
    };
  }

  budget(taskId: string): BudgetView {
    const s = this.state(taskId);
    return budgetViewOf(s.task.budget, { pages: this.pagesUsed(s), queries: s.queriesUsed, seconds: 0 });
  }

  status(taskId: string): TaskStatusView {
    const s = this.state(taskId);
    const t = s.task;
    const pagesUsed = this.pagesUsed(s);
    return {
      task: t,
      status: t.status,
      searches: s.queries.map((q) => ({ ...q })),
      pagesFetched: [...s.pages.values()].filter((p) => p.status === 'fetched').length,
      pagesRegistered: pagesUsed,
      usefulFragments: 0,
      harvestRate: 0,
      satisfaction: 'partial',
      hasPrimarySource: [...s.pages.values()].some((p) => p.view.primary && p.status !== 'skipped'),
      noveltyTrend: [],
      claimCounts: { VERIFIED: 0, CONDITIONED: 0, CONTESTED: 0, UNSUPPORTED: 0, REFUTED: 0, PENDING: 0 },
      sideClaims: 0,
      budget: this.budget(taskId),
      authQueueSize: 0,
      warnings: [],
      failures: [],
      blocked_domains: [],
    };
  }

  async stop(taskId: string): Promise<TaskStatusView> {
    const s = this.state(taskId);
    s.task.status = 'stopped';
    // A search in flight ends cancelled by the abort; one not started yet is cancelled here.
    s.controller.abort(new Error('task stopped'));
    for (const q of s.queries) if (q.status === 'pending') q.status = 'cancelled';
    return this.status(taskId);
  }

  /** As the engine: the queries cut off (cancelled, pending, or running when it stopped) run again, then the task completes. */
  async resume(taskId: string): Promise<TaskStatusView> {
    const s = this.state(taskId);
    const todo = s.queries.filter((q) => q.status === 'pending' || q.status === 'running' || q.status === 'cancelled');
    if (s.task.status === 'stopped' || todo.length > 0) {
      s.task.status = 'running';
      s.controller = new AbortController();
    }
    for (const q of todo) {
      q.attempts += 1;
      this.run(s, q.queryId);
    }
    this.completeIfFinished(s);
    return this.status(taskId);
  }

  /** A registered page's record, found by its id. */
  private page(taskId: string, pageId: string): StoredPage {
    const p = [...this.state(taskId).pages.values()].find((x) => x.view.pageId === pageId);
    if (!p) throw new InvalidInputError(`task ${taskId} has no page ${pageId}`, { code: 'page_not_found' });
    return p;
  }

  readSource(taskId: string, pageId: string): SourceText {
    this.reads.push(pageId);
    const p = this.page(taskId, pageId);
    const unreadable = this.options.unreadable?.includes(p.doc.url) === true;
    if (unreadable || !isReadable(p.status))
      throw new NonRetryableError(`readSource: ${p.doc.url} has no text (${unreadable ? 'failed' : p.status})`, { code: 'source_unreadable' });
    const d = p.doc;
    return {
      source: {
        ...p.view,
        ...(d.authors?.length ? { authors: d.authors } : {}),
        ...(d.organization ? { organization: d.organization } : {}),
        ...(d.identifiers && Object.keys(d.identifiers).length > 0 ? { identifiers: d.identifiers } : {}),
      },
      text: textOf(d),
    };
  }

  async checkSource(taskId: string, pageId: string, opts: { recheck?: boolean; signal?: AbortSignal } = {}): Promise<SourceReachability> {
    throwIfAborted(opts.signal);
    const p = this.page(taskId, pageId);
    this.checks.push({ url: p.doc.url, recheck: opts.recheck === true });
    const corpus = parseCorpusUrl(p.doc.url);
    if (corpus) {
      const gone = this.options.missing?.includes(p.doc.url) === true;
      return {
        source: p.view,
        from: 'check',
        reachable: !gone,
        httpStatus: null,
        at: AT,
        ...(gone ? { error: { category: 'non_retryable', code: 'corpus_document_missing', message: `${p.doc.url}: not in corpus ${corpus.corpus}` } } : {}),
      };
    }
    if (!opts.recheck && p.check) return { source: p.view, ...p.check, from: 'check' };
    if (!opts.recheck && (p.status === 'failed' || p.status === 'blocked' || (p.status === 'fetched' && p.httpStatus !== undefined))) {
      return {
        source: p.view,
        from: 'task',
        reachable: p.status === 'fetched',
        httpStatus: p.httpStatus ?? null,
        at: AT,
        ...(p.error ? { error: p.error } : {}),
      };
    }
    const a = this.fetch(p.doc.url);
    throwIfAborted(opts.signal);
    if (a instanceof Error) {
      const { httpStatus, ...error } = errorOf(a);
      p.check = { reachable: false, httpStatus: httpStatus ?? null, error, at: AT };
    } else p.check = { reachable: true, httpStatus: a, at: AT };
    return { source: p.view, ...p.check, from: 'check' };
  }

  private readable(s: TaskState): StoredPage[] {
    return [...s.pages.values()].filter((p) => isReadable(p.status));
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
    const s = this.state(taskId);
    const all = claimMaterials(this.readable(s), s.verified);
    const offset = options.offset ?? 0;
    const limit = options.limit ?? 100;
    return {
      task: s.task,
      claims: all.slice(offset, offset + limit),
      contested: [],
      citations: [],
      counterevidenceLog: [],
      // Every page of the task, read or not, as the engine's task graph lists them.
      pages: [...s.pages.values()].map((p) => p.view),
      paging: { offset, limit, totalClaims: all.length, sideClaims: 0 },
    };
  }
}
