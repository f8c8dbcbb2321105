// Source verification through the engine, with the seed's retry (seed 003 §2.2: 2 attempts, 0.5 s
// apart). The first attempt takes what the run's task already knows — the engine fetched the page
// during the search, or registered the corpus document from the store — and fetches only what it did
// not (a paper known by its abstract, a page left unfetched); a retry fetches again (checkSource with
// recheck). A web source is verified when its URL answered HTTP 200 (redirects followed); a corpus
// source when its document is in the store. Outcomes:
//   verified    HTTP 200, or the corpus document exists
//   invalid     the source is gone (HTTP 404 / 410, corpus document missing): listed in invalid_sources
//   unverified  anything else (other status, timeouts after retries, bot walls, robots.txt, BLOCKED
//               domains): kept with verified=false and the reason as a warning
import { combineSignals, type SourceReachability } from '../../core/index.js';
import type { CollectEngine } from './adapters.js';
import type { Candidate } from './candidates.js';
import { errorRecord, shouldRetry, type Sleep } from './run-query.js';
import type { ErrorRecord } from './schema.js';

/** HTTP statuses that mean the source does not exist (any more). */
export const SOURCE_GONE_STATUSES: ReadonlySet<number> = new Set([404, 410]);

export type VerificationOutcome = 'verified' | 'unverified' | 'invalid';

export interface Verification {
  outcome: VerificationOutcome;
  status: number | null;
  attempts: number;
  /** Why the source is not verified. */
  error?: ErrorRecord;
}

export interface VerifyOptions {
  engine: CollectEngine;
  taskId: string;
  attempts: number;
  delayMs: number;
  timeoutMs: number;
  sleep: Sleep;
  signal?: AbortSignal;
  onRetry?: (info: { url: string; attempt: number; waitMs: number; error: ErrorRecord }) => void;
}

export async function verifyCandidate(c: Pick<Candidate, 'url' | 'pageId'>, options: VerifyOptions): Promise<Verification> {
  let last: ErrorRecord | undefined;
  let lastStatus: number | null = null;
  let attempt = 0;
  while (attempt < options.attempts) {
    if (attempt > 0) {
      options.onRetry?.({ url: c.url, attempt: attempt + 1, waitMs: options.delayMs, error: last! });
      await options.sleep(options.delayMs, options.signal);
    }
    attempt++;
    let check: SourceReachability;
    try {
      const signal = combineSignals([options.signal], options.timeoutMs);
      check = await options.engine.checkSource(options.taskId, c.pageId, { signal, ...(attempt > 1 ? { recheck: true } : {}) });
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      last = errorRecord(error, `verify ${c.url}`);
      lastStatus = null;
      if (!shouldRetry(last)) break;
      continue;
    }
    if (check.reachable) {
      // A corpus document the store holds: no HTTP status to report.
      if (check.httpStatus === null || check.httpStatus === 200) return { outcome: 'verified', status: check.httpStatus, attempts: attempt };
      // A success other than 200 (203, 206…) is a definite answer, but not the seed's "200".
      return {
        outcome: 'unverified',
        status: check.httpStatus,
        attempts: attempt,
        error: { category: 'non_retryable', code: 'http_status', message: `${c.url}: HTTP ${check.httpStatus}, not 200` },
      };
    }
    last = check.error ?? { category: 'retryable', code: 'unreachable', message: `${c.url}: no answer` };
    lastStatus = check.httpStatus;
    if ((lastStatus !== null && SOURCE_GONE_STATUSES.has(lastStatus)) || last.code === 'corpus_document_missing')
      return { outcome: 'invalid', status: lastStatus, attempts: attempt, error: last };
    if (!shouldRetry(last)) break;
  }
  return { outcome: 'unverified', status: lastStatus, attempts: attempt, ...(last ? { error: last } : {}) };
}
