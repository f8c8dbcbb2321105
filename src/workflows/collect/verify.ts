// Source verification with the seed's retry (seed 003 §2.2: 2 attempts, 0.5 s apart). A web source
// is verified when its URL answers HTTP 200 (redirects followed); a corpus source when its document
// is in the store. Outcomes:
//   verified    HTTP 200, or the corpus document exists
//   invalid     the source is gone (HTTP 404 / 410, corpus document missing): listed in invalid_sources
//   unverified  anything else (other status, timeouts after retries, bot walls, robots.txt): kept
//               with verified=false and the reason as a warning
import { combineSignals, type Fetcher } from '../../core/index.js';
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

/** Tells whether a corpus document is in the store. */
export type CorpusDocumentCheck = (ref: { corpus: string; id: string }) => boolean;

export interface VerifyOptions {
  fetcher?: Fetcher;
  corpusDocumentExists?: CorpusDocumentCheck;
  attempts: number;
  delayMs: number;
  timeoutMs: number;
  sleep: Sleep;
  signal?: AbortSignal;
  onRetry?: (info: { url: string; attempt: number; waitMs: number; error: ErrorRecord }) => void;
}

/** Whether a candidate can be checked with what was given (a corpus check, or a fetcher for http URLs). */
export function canVerify(c: Pick<Candidate, 'url' | 'corpusRef'>, options: Pick<VerifyOptions, 'fetcher' | 'corpusDocumentExists'>): boolean {
  if (c.corpusRef) return options.corpusDocumentExists !== undefined;
  return /^https?:/i.test(c.url) && options.fetcher !== undefined;
}

const statusOf = (e: unknown): number | null => {
  const s = (e as { details?: { status?: unknown } } | undefined)?.details?.status;
  return typeof s === 'number' && Number.isInteger(s) && s >= 100 && s <= 599 ? s : null;
};

export async function verifyCandidate(c: Pick<Candidate, 'url' | 'corpusRef'>, options: VerifyOptions): Promise<Verification> {
  if (c.corpusRef) {
    if (!options.corpusDocumentExists) return { outcome: 'unverified', status: null, attempts: 0, error: { category: 'non_retryable', code: 'verifier_missing', message: `${c.url}: no corpus to check it against` } };
    const exists = options.corpusDocumentExists(c.corpusRef);
    return exists
      ? { outcome: 'verified', status: null, attempts: 1 }
      : { outcome: 'invalid', status: null, attempts: 1, error: { category: 'non_retryable', code: 'corpus_document_missing', message: `${c.url}: document ${JSON.stringify(c.corpusRef.id)} is not in corpus ${JSON.stringify(c.corpusRef.corpus)}` } };
  }
  if (!/^https?:/i.test(c.url) || !options.fetcher) {
    return { outcome: 'unverified', status: null, attempts: 0, error: { category: 'non_retryable', code: 'verifier_missing', message: `${c.url}: no way to check this URL` } };
  }
  let last: ErrorRecord | undefined;
  let lastStatus: number | null = null;
  let attempt = 0;
  while (attempt < options.attempts) {
    if (attempt > 0) {
      options.onRetry?.({ url: c.url, attempt: attempt + 1, waitMs: options.delayMs, error: last! });
      await options.sleep(options.delayMs, options.signal);
    }
    attempt++;
    try {
      const signal = combineSignals([options.signal], options.timeoutMs);
      const res = await options.fetcher.fetch({ url: c.url, signal, noCache: true });
      if (res.status === 200) return { outcome: 'verified', status: 200, attempts: attempt };
      // A success other than 200 (203, 206…) is a definite answer, but not the seed's "200".
      return { outcome: 'unverified', status: res.status, attempts: attempt, error: { category: 'non_retryable', code: 'http_status', message: `${c.url}: HTTP ${res.status}, not 200` } };
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      last = errorRecord(error, `verify ${c.url}`);
      lastStatus = statusOf(error);
      if (lastStatus !== null && SOURCE_GONE_STATUSES.has(lastStatus)) return { outcome: 'invalid', status: lastStatus, attempts: attempt, error: last };
      if (!shouldRetry(last)) break;
    }
  }
  return { outcome: 'unverified', status: lastStatus, attempts: attempt, ...(last ? { error: last } : {}) };
}
