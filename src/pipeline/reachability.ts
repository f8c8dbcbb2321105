// Engine.checkSource: whether a page of a task answers. The task's own fetch of the page says so when
// there is one that reached the server (Phase 6 keeps each page's outcome with its HTTP status and
// whether the fetcher's cache served it); a corpus document registered
// from the store answers; anything else (a paper known by its abstract, a page the page limit left out,
// or a recheck) is fetched once now through the engine's fetcher — robots.txt, politeness, the address
// guard, not from the cache — and a page of a BLOCKED domain is not fetched at all. No text is stored:
// the page's status and fragments stay what the task's reading made them.
import { isLyraError, parseCorpusUrl, type Page } from '../core/index.js';
import type { PipelineDeps } from './deps.js';
import { isCorpusUrl } from './materials/index.js';
import { domainBlockReason, failureOf, httpStatusOf } from './phases/fetch.js';
import type { PageOutcome, ReachabilityRecord } from './task-state.js';

const now = (): string => new Date().toISOString();

/**
 * What the task's own reading of the page says, or undefined when it says nothing: not fetched, no status
 * kept, or served from the fetcher's cache (that is not the page answering).
 */
export function reachabilityFromTask(page: Page, outcome: PageOutcome | undefined): ReachabilityRecord | undefined {
  if (isCorpusUrl(page.url)) return page.fetchStatus === 'fetched' ? { reachable: true, httpStatus: null, at: page.fetchedAt ?? page.createdAt } : undefined;
  if (!outcome) return undefined;
  if (outcome.status === 'fetched')
    return outcome.httpStatus === undefined || outcome.fromCache ? undefined : { reachable: true, httpStatus: outcome.httpStatus, at: outcome.at };
  return { reachable: false, httpStatus: outcome.httpStatus ?? null, ...(outcome.error ? { error: outcome.error } : {}), at: outcome.at };
}

/** Checks the page now: the store for a corpus document, else one fetch of its URL. Rethrows only when `signal` aborted. */
export async function checkReachability(options: {
  deps: Pick<PipelineDeps, 'fetcher' | 'store' | 'trust'>;
  page: Page;
  signal?: AbortSignal;
}): Promise<ReachabilityRecord> {
  const { deps, page, signal } = options;
  const corpus = parseCorpusUrl(page.url);
  if (corpus) {
    return deps.store.getCorpusDocument(corpus.corpus, corpus.id)
      ? { reachable: true, httpStatus: null, at: now() }
      : {
          reachable: false,
          httpStatus: null,
          error: {
            category: 'non_retryable',
            code: 'corpus_document_missing',
            message: `${page.url}: document ${JSON.stringify(corpus.id)} is not in corpus ${JSON.stringify(corpus.corpus)}`,
          },
          at: now(),
        };
  }
  if (!/^https?:/i.test(page.url)) {
    return {
      reachable: false,
      httpStatus: null,
      error: { category: 'non_retryable', code: 'url_unsupported', message: `${page.url}: only http(s) pages and corpus documents can be checked` },
      at: now(),
    };
  }
  const blocked = domainBlockReason(deps.trust, page.url);
  if (blocked) return { reachable: false, httpStatus: null, error: blocked, at: now() };
  try {
    const res = await deps.fetcher.fetch({ url: page.url, noCache: true, ...(page.taskId ? { taskId: page.taskId } : {}), ...(signal ? { signal } : {}) });
    return { reachable: true, httpStatus: res.status, at: now() };
  } catch (err) {
    if (signal?.aborted) throw err;
    const status = httpStatusOf(err);
    const error = failureOf(err);
    return {
      reachable: false,
      httpStatus: status ?? null,
      error: isLyraError(err) ? error : { ...error, message: `${page.url}: ${error.message}` },
      at: now(),
    };
  }
}
