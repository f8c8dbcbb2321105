// Unpaywall has no recorded fixture in ../shared/data: its body here follows the documented v2 DOI
// object (doi, is_oa, oa_status, best_oa_location{url, url_for_pdf, url_for_landing_page, license,
// version, host_type}). The rate limiter is tested with a fixed clock, never by timing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { LyraError } from '../../core/index.js';
import { startLoopbackWeb, type LoopbackWeb } from '../../test-support/loopback-web.js';
import { createContractFetcher } from '../../test-support/api-cassettes.js';
import { createRateLimiter, createUnpaywallLocator } from './index.js';

let web: LoopbackWeb;
before(async () => {
  web = await startLoopbackWeb();
});
after(() => web.close());

const locator = () =>
  createUnpaywallLocator({ fetcher: createContractFetcher(), baseUrl: web.url('/v2'), email: 'lyra-tests@example.org', requestsPerSecond: 0 });
const json = (body: unknown, status = 200) => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

test('unpaywall: best OA location by DOI, email sent; 404 is unknown; a missing is_oa is an error naming it', async () => {
  web.route(
    '/v2/*',
    json({
      doi: '10.1038/srep16696',
      is_oa: true,
      oa_status: 'gold',
      best_oa_location: {
        url: 'https://www.nature.com/articles/srep16696.pdf',
        url_for_pdf: 'https://www.nature.com/articles/srep16696.pdf',
        url_for_landing_page: 'https://doi.org/10.1038/srep16696',
        license: 'cc-by',
        version: 'publishedVersion',
        host_type: 'publisher',
      },
    }),
  );
  const loc = await locator().findOpenAccess('https://doi.org/10.1038/SREP16696');
  assert.deepEqual(loc, {
    doi: '10.1038/srep16696',
    isOa: true,
    url: 'https://www.nature.com/articles/srep16696.pdf',
    pdfUrl: 'https://www.nature.com/articles/srep16696.pdf',
    landingPageUrl: 'https://doi.org/10.1038/srep16696',
    oaStatus: 'gold',
    license: 'cc-by',
    version: 'publishedVersion',
    hostType: 'publisher',
  });
  const sent = new URL(web.requests.at(-1)!.path, web.origin);
  assert.equal(sent.pathname, '/v2/10.1038/srep16696');
  assert.equal(sent.searchParams.get('email'), 'lyra-tests@example.org');
  web.route('/v2/*', json({ doi: '10.1/closed', is_oa: false, best_oa_location: null }));
  assert.deepEqual(await locator().findOpenAccess('10.1234/closed'), { doi: '10.1234/closed', isOa: false });
  web.route('/v2/*', json({ message: 'not found' }, 404));
  assert.equal(await locator().findOpenAccess('10.1234/none'), undefined);
  web.route('/v2/*', json({ doi: '10.1/x' }));
  await assert.rejects(
    locator().findOpenAccess('10.1234/x'),
    (e: unknown) => e instanceof LyraError && e.category === 'non_retryable' && /^unpaywall: .*field is_oa/.test(e.message),
  );
  assert.throws(() => createUnpaywallLocator({ fetcher: createContractFetcher(), email: '' }), /scholarly\.unpaywall\.email/);
});

test('rate limiter: a caller waits for the next slot, the queue is bounded, abort releases the waiter', async () => {
  const now = 1_000_000;
  const limiter = createRateLimiter({ name: 'test_api', requestsPerSecond: 0.001, maxQueued: 1, now: () => now });
  await limiter.acquire(); // first slot is free
  const controller = new AbortController();
  const waiting = limiter.acquire(controller.signal); // next slot is 1000 s away: waits
  await assert.rejects(
    limiter.acquire(),
    (e: unknown) => e instanceof LyraError && e.category === 'retryable' && e.code === 'rate_limit_queue_full' && /^test_api: /.test(e.message),
  );
  controller.abort(new Error('stopped'));
  await assert.rejects(waiting, /stopped/);
  const free = createRateLimiter({ name: 'local', requestsPerSecond: 0 });
  await Promise.all([free.acquire(), free.acquire(), free.acquire()]);
});
