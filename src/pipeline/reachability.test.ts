import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from '../core/index.js';
import { reachabilityFromTask } from './reachability.js';
import type { PageOutcome } from './task-state.js';

const page = (url: string, fetchStatus: Page['fetchStatus']): Page => ({
  id: 'pg1',
  taskId: 't1',
  url,
  domain: 'example.org',
  sourceType: 'other',
  fetchStatus,
  authors: [],
  identifiers: {},
  abstractOnly: false,
  trustLevel: 'UNVERIFIED',
  createdAt: '2025-01-01T00:00:00Z',
});
const outcome = (o: Partial<PageOutcome>): PageOutcome => ({ status: 'fetched', queryId: 'q1', at: '2025-01-02T00:00:00Z', ...o });

test("reachabilityFromTask: the task's own fetch answers when it reached the server; a cached page, a page with no status kept or none fetched are checked anew", () => {
  assert.deepEqual(reachabilityFromTask(page('https://example.org/a', 'fetched'), outcome({ httpStatus: 200 })), {
    reachable: true,
    httpStatus: 200,
    at: '2025-01-02T00:00:00Z',
  });
  assert.equal(
    reachabilityFromTask(page('https://example.org/a', 'fetched'), outcome({ httpStatus: 200, fromCache: true })),
    undefined,
    'the cache is not the page answering',
  );
  assert.equal(reachabilityFromTask(page('https://example.org/a', 'fetched'), outcome({})), undefined, 'an outcome stored before the status was kept');
  assert.equal(reachabilityFromTask(page('https://doi.org/10.1/x', 'abstract_only'), undefined), undefined, 'a paper known by its abstract was never fetched');
  const error = { category: 'non_retryable' as const, code: 'http_status', message: 'GET https://example.org/b: HTTP 404' };
  assert.deepEqual(reachabilityFromTask(page('https://example.org/b', 'failed'), outcome({ status: 'failed', httpStatus: 404, error })), {
    reachable: false,
    httpStatus: 404,
    error,
    at: '2025-01-02T00:00:00Z',
  });
  assert.deepEqual(
    reachabilityFromTask(page('https://example.org/c', 'failed'), outcome({ status: 'failed', error: { ...error, code: 'timeout', category: 'retryable' } }))
      ?.httpStatus,
    null,
  );
  assert.deepEqual(reachabilityFromTask(page('corpus://docs/a', 'fetched'), undefined), { reachable: true, httpStatus: null, at: '2025-01-01T00:00:00Z' });
});
