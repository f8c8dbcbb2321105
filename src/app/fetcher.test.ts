import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDomainPolicy, domainsFileSchema } from '../policy/index.js';
import { startLoopbackWeb } from '../test-support/loopback-web.js';
import { qpsLookup } from './fetcher.js';
import { createFetcher, fetcherSettings, loadConfig, lyraVersion, type DomainPolicySource } from './index.js';

test('fetcherSettings maps the fetch section; the cache defaults to $LYRA_HOME/cache/http', () => {
  const home = mkdtempSync(join(tmpdir(), 'lyra-fetcher-cfg-'));
  try {
    writeFileSync(
      join(home, 'lyra.config.yaml'),
      [
        'fetch:',
        '  timeout_ms: 5000',
        '  idle_timeout_ms: 700',
        '  max_body_bytes: 2048',
        '  max_redirects: 2',
        '  concurrency: 3',
        '  per_host_concurrency: 1',
        '  max_retries: 1',
        '  respect_robots: false',
        '  allow_private: ["127.0.0.1/32:1-65535", "10.1.0.0/16:8080"]',
        '  cache: { max_bytes: 1000000, fresh_ms: 60000 }',
      ].join('\n'),
    );
    const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
    assert.deepEqual(fetcherSettings(config), {
      timeoutMs: 5000,
      idleTimeoutMs: 700,
      maxBodyBytes: 2048,
      maxRedirects: 2,
      concurrency: 3,
      perHostConcurrency: 1,
      maxRetries: 1,
      robots: { enabled: false },
      ssrf: { enabled: true, allow: ['127.0.0.1/32:1-65535', '10.1.0.0/16:8080'], providerOrigins: true },
      cache: { dir: join(home, 'cache', 'http'), maxBytes: 1_000_000, freshMs: 60_000 },
    });
    writeFileSync(join(home, 'lyra.config.yaml'), 'fetch:\n  cache: { enabled: false }\n');
    assert.deepEqual(fetcherSettings(loadConfig({ env: { LYRA_HOME: home }, cwd: home })).cache, {});
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

// The spacing itself (requests to a host at least 1/qps apart) is the host scheduler's, tested in net/
// with its clock; here, that the fetcher asks the live policy for each host's qps on every decision.
test("createFetcher takes each host's qps from the live domain policy and names Lyra in the User-Agent", async () => {
  const home = mkdtempSync(join(tmpdir(), 'lyra-fetcher-qps-'));
  const web = await startLoopbackWeb({ routes: { '//slow.test/*': { body: 'ok' } } });
  const policyOf = (qps: number) =>
    buildDomainPolicy([{ source: 'test', file: domainsFileSchema.parse({ version: 1, domains: [{ domain: 'slow.test', trust_level: 'low', qps }] }) }]);
  let policy = policyOf(5);
  const asked: string[] = [];
  const source: DomainPolicySource = {
    current: () => {
      asked.push('current');
      return policy;
    },
    lastError: () => undefined,
    reload: () => true,
    userFile: () => undefined,
    adoptUserFile: () => true,
    close: () => undefined,
  };
  try {
    const qps = qpsLookup(source);
    assert.equal(qps('slow.test'), 5);
    assert.equal(qps('other.test'), policy.defaults.qps, 'a host without a rule takes the default rate');
    policy = policyOf(2); // a reload applies to the next decision
    assert.equal(qps('slow.test'), 2);
    writeFileSync(
      join(home, 'lyra.config.yaml'),
      'contact_url: https://example.org/ops\nfetch:\n  allow_private: ["127.0.0.1/32:1-65535"]\n  cache: { enabled: false }\n',
    );
    const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
    const fetcher = createFetcher({ config, policy: source, resolver: async () => [{ address: '127.0.0.1', family: 4 }] });
    asked.length = 0;
    await fetcher.fetch({ url: web.url('//slow.test/1') });
    assert.ok(asked.length > 0, 'the fetcher read the live policy to schedule the request');
    assert.equal(web.requests[0]!.headers['user-agent'], `Lyra/${lyraVersion()} (+https://example.org/ops)`);
    await fetcher.close();
  } finally {
    await web.close();
    rmSync(home, { recursive: true, force: true });
  }
});
