// An in-memory engine for the collect workflow's tests (search, readSource, checkSource), behaving as the
// pipeline does where collect can tell: every provider named is asked; a failing one is a warning, all
// failing ends the search `failed` with `all_providers_failed` (retryable when any failure was); pages are
// de-duplicated by URL in provider order; web pages are fetched during the search (the `answer` for the
// URL), papers are registered by their abstract without a fetch, corpus documents from the "store"; pages
// beyond `maxPages` are left unfetched. Test support only; nothing in the workflow imports this file.
import {
  InvalidInputError,
  NonRetryableError,
  isLyraError,
  normalizeUrl,
  parseCorpusUrl,
  throwIfAborted,
  type BudgetView,
  type EngineWarning,
  type ErrorCategory,
  type Identifiers,
  type SearchOptions,
  type SearchOutcome,
  type SourceReachability,
  type SourceText,
  type SourceView,
  type StoredError,
  type UnreadSource,
} from '../../../core/index.js';
import { classifySourceType } from '../../../policy/index.js';
import type { CollectEngine } from '../adapters.js';

export interface MemoryPage {
  url: string;
  title: string;
  /** The text the engine reads (a page's text, a paper's abstract, a corpus document). */
  text?: string;
  publishedAt?: string;
  authors?: string[];
  organization?: string;
  identifiers?: Identifiers;
  /** A scholarly record: registered by its abstract, not fetched during the search. */
  paper?: boolean;
}

/** A provider's answer to the n-th time it is asked a query: pages, or an error it fails with. */
export type MemoryProvider = (query: string, n: number) => MemoryPage[] | Error;

interface StoredPage {
  page: MemoryPage;
  view: SourceView;
  status: 'fetched' | 'abstract_only' | 'failed' | 'blocked' | 'skipped';
  /** The search's own fetch: its HTTP status and error. */
  httpStatus?: number;
  error?: StoredError;
  check?: Omit<SourceReachability, 'source' | 'from'>;
}

const BUDGET: BudgetView = {
  maxPages: 1000,
  pagesUsed: 0,
  pagesLeft: 1000,
  maxQueries: 1000,
  queriesUsed: 0,
  queriesLeft: 1000,
  maxSeconds: 3600,
  secondsUsed: 0,
  secondsLeft: 3600,
  exhausted: false,
};
const AT = '2025-01-01T00:00:00.000Z';

export interface MemoryCollectEngine extends CollectEngine {
  /** Every search: its task, query and options. */
  searches: Array<{ taskId: string; query: string; providers: string[]; maxPages?: number; seekPrimary: boolean }>;
  /** Every time a provider was asked, by provider name. */
  calls: Record<string, string[]>;
  /** Every checkSource call: the page's URL and whether it was a recheck. */
  checks: Array<{ url: string; recheck: boolean }>;
  /** Every fetch of a URL (the search's own and the checks'), in order. */
  fetches: string[];
  /** Task ids the engine holds. */
  tasks: Set<string>;
  /** The pages of a task, in the order registered. */
  pagesOf(taskId: string): SourceView[];
}

function errorOf(e: Error): StoredError & { httpStatus?: number } {
  if (!isLyraError(e)) return { category: 'retryable', code: 'unexpected', message: e.message };
  const s = (e.details as { status?: unknown }).status;
  return { category: e.category, code: e.code, message: e.message, ...(typeof s === 'number' ? { httpStatus: s } : {}) };
}

/**
 * `answer(url, n)`: the n-th fetch of a web URL (n = 1 is the search's own fetch): an HTTP 2xx status, or
 * the error the fetcher throws (its `details.status` is the HTTP status). Default 200. `missing`: corpus
 * URLs whose document is gone from the store.
 */
export function memoryCollectEngine(options: {
  providers: Record<string, MemoryProvider>;
  answer?: (url: string, n: number) => number | Error;
  missing?: string[];
  tasks?: string[];
}): MemoryCollectEngine {
  const searches: MemoryCollectEngine['searches'] = [];
  const calls: Record<string, string[]> = {};
  const checks: MemoryCollectEngine['checks'] = [];
  const fetches: string[] = [];
  const tasks = new Set(options.tasks ?? ['task-1']);
  const pages = new Map<string, Map<string, StoredPage>>();
  const answer = options.answer ?? (() => 200);
  const fetch = (url: string): number | Error => {
    fetches.push(url);
    return answer(url, fetches.filter((f) => f === url).length);
  };
  const taskPages = (taskId: string): Map<string, StoredPage> => {
    if (!tasks.has(taskId)) throw new InvalidInputError(`task ${taskId} not found`, { code: 'task_not_found' });
    let m = pages.get(taskId);
    if (!m) pages.set(taskId, (m = new Map()));
    return m;
  };
  const viewOf = (p: MemoryPage): SourceView => {
    const corpus = p.url.startsWith('corpus://');
    return {
      pageId: `pg:${p.url}`,
      url: p.url,
      domain: corpus ? p.url : new URL(p.url).hostname,
      title: p.title,
      trustLevel: corpus ? 'LOW' : 'UNVERIFIED',
      sourceType: p.paper ? 'academic_paper' : corpus ? 'other' : classifySourceType(p.url),
      primary: false,
      ...(p.publishedAt ? { publishedAt: p.publishedAt } : {}),
    };
  };
  const bibliographic = (s: StoredPage): SourceView => ({
    ...s.view,
    ...(s.page.authors?.length ? { authors: s.page.authors } : {}),
    ...(s.page.organization ? { organization: s.page.organization } : {}),
    ...(s.page.identifiers && Object.keys(s.page.identifiers).length > 0 ? { identifiers: s.page.identifiers } : {}),
  });

  function register(taskId: string, p: MemoryPage, fetchIt: boolean): StoredPage {
    const m = taskPages(taskId);
    const key = p.url.startsWith('corpus://') ? p.url : normalizeUrl(p.url);
    const existing = m.get(key);
    if (existing && existing.status !== 'skipped') return existing;
    const stored: StoredPage = { page: p, view: viewOf(p), status: 'skipped' };
    if (p.url.startsWith('corpus://')) stored.status = 'fetched';
    else if (p.paper) stored.status = 'abstract_only';
    else if (fetchIt) {
      const a = fetch(p.url);
      if (a instanceof Error) {
        const { httpStatus, ...error } = errorOf(a);
        Object.assign(stored, { status: error.category === 'blocked' ? 'blocked' : 'failed', error, ...(httpStatus !== undefined ? { httpStatus } : {}) });
      } else Object.assign(stored, { status: 'fetched', httpStatus: a });
    }
    m.set(key, stored);
    return stored;
  }

  const find = (taskId: string, pageId: string): StoredPage => {
    const s = [...taskPages(taskId).values()].find((x) => x.view.pageId === pageId);
    if (!s) throw new InvalidInputError(`task ${taskId} has no page ${pageId}`, { code: 'page_not_found' });
    return s;
  };

  return {
    searches,
    calls,
    checks,
    fetches,
    tasks,
    pagesOf: (taskId) => [...taskPages(taskId).values()].map((s) => s.view),

    async search(taskId: string, query: string, opts: SearchOptions = {}): Promise<SearchOutcome> {
      throwIfAborted(opts.signal);
      taskPages(taskId);
      const names = opts.providers ?? Object.keys(options.providers);
      searches.push({
        taskId,
        query,
        providers: names,
        ...(opts.maxPages !== undefined ? { maxPages: opts.maxPages } : {}),
        seekPrimary: opts.seekPrimary === true,
      });
      const warnings: EngineWarning[] = [];
      const found: Array<[string, MemoryPage]> = [];
      const failures: StoredError[] = [];
      for (const name of names) {
        const provider = options.providers[name];
        if (!provider) throw new InvalidInputError(`unknown provider ${name}`, { code: 'provider_unknown' });
        (calls[name] ??= []).push(query);
        const a = provider(query, calls[name]!.filter((q) => q === query).length);
        if (a instanceof Error) {
          const e = errorOf(a);
          failures.push(e);
          warnings.push({ source: name, category: e.category, code: e.code, message: e.message, target: query, at: AT });
        } else found.push(...a.map((p): [string, MemoryPage] => [name, p]));
      }
      const base = {
        taskId,
        queryId: `q${searches.length}`,
        query,
        sentQueries: [query],
        resultsFound: found.length,
        fragments: 0,
        usefulFragments: 0,
        harvestRate: 0,
        novelty: 0,
        duplicateRate: 0,
        hasPrimarySource: false,
        claims: [],
        budget: BUDGET,
      };
      if (names.length > 0 && failures.length === names.length) {
        const category: ErrorCategory = failures.some((f) => f.category === 'retryable') ? 'retryable' : failures[0]!.category;
        const error = {
          category,
          code: 'all_providers_failed',
          message: `every search provider failed for ${JSON.stringify(query)}: ${names.map((n, i) => `${n}: ${failures[i]!.message}`).join('; ')}`,
        };
        warnings.push({ source: 'query', category, code: 'query_failed', message: `${category}: ${error.message}`, target: query, at: AT });
        return { ...base, status: 'failed', error, newPages: 0, pagesFetched: 0, satisfaction: 'unsatisfied', sources: [], unread: [], warnings };
      }
      const seen = new Set<string>();
      const sources: SourceView[] = [];
      const unread: UnreadSource[] = [];
      let budget = opts.maxPages ?? Infinity;
      for (const [name, p] of found) {
        if (seen.has(p.url)) continue;
        seen.add(p.url);
        let s: StoredPage;
        try {
          s = register(taskId, p, budget > 0);
        } catch (e) {
          // A hit whose URL is no page URL is dropped with a warning naming the provider and the URL, as Phase 1 does.
          const { httpStatus: _h, ...error } = errorOf(e as Error);
          warnings.push({ source: name, ...error, target: p.url, at: AT });
          continue;
        }
        budget -= 1;
        if (s.status === 'fetched' || s.status === 'abstract_only') sources.push(s.view);
        else
          unread.push({
            source: s.view,
            fetchStatus: s.status,
            ...(s.error ? { error: s.error } : {}),
            ...(s.httpStatus !== undefined ? { httpStatus: s.httpStatus } : {}),
          });
      }
      return { ...base, status: 'done', newPages: sources.length, pagesFetched: sources.length, satisfaction: 'partial', sources, unread, warnings };
    },

    readSource(taskId: string, pageId: string): SourceText {
      const s = find(taskId, pageId);
      if (s.status !== 'fetched' && s.status !== 'abstract_only')
        throw new NonRetryableError(`readSource: ${s.page.url} has no text (${s.status})`, { code: 'source_unreadable' });
      return { source: bibliographic(s), text: s.page.text ?? '' };
    },

    async checkSource(taskId: string, pageId: string, opts: { recheck?: boolean; signal?: AbortSignal } = {}): Promise<SourceReachability> {
      throwIfAborted(opts.signal);
      const s = find(taskId, pageId);
      checks.push({ url: s.page.url, recheck: opts.recheck === true });
      const corpus = parseCorpusUrl(s.page.url);
      if (corpus) {
        const gone = options.missing?.includes(s.page.url) === true;
        return {
          source: s.view,
          from: 'check',
          reachable: !gone,
          httpStatus: null,
          at: AT,
          ...(gone ? { error: { category: 'non_retryable', code: 'corpus_document_missing', message: `${s.page.url}: not in corpus ${corpus.corpus}` } } : {}),
        };
      }
      if (!opts.recheck && s.check) return { source: s.view, ...s.check, from: 'check' };
      if (!opts.recheck && (s.status === 'failed' || s.status === 'blocked' || (s.status === 'fetched' && s.httpStatus !== undefined))) {
        return {
          source: s.view,
          from: 'task',
          reachable: s.status === 'fetched',
          httpStatus: s.httpStatus ?? null,
          at: AT,
          ...(s.error ? { error: s.error } : {}),
        };
      }
      const a = fetch(s.page.url);
      throwIfAborted(opts.signal);
      if (a instanceof Error) {
        const { httpStatus, ...error } = errorOf(a);
        s.check = { reachable: false, httpStatus: httpStatus ?? null, error, at: AT };
      } else s.check = { reachable: true, httpStatus: a, at: AT };
      return { source: s.view, ...s.check, from: 'check' };
    },
  };
}
