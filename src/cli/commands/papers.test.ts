// End to end: `lyra papers|paper|citations` with a config pointing the scholarly APIs at a loopback
// server that serves recorded responses, through the configured (real) fetcher.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLoopbackWeb, type LoopbackWeb } from '../../test-support/loopback-web.js';
import { apiFixturePath, cassetteInteraction } from '../../test-support/api-cassettes.js';
import { skipUnlessShared } from '../../test-support/shared-data.js';
import { main } from '../main.js';

const skip = skipUnlessShared('api_fixtures');
let web: LoopbackWeb;
let home: string;

before(async () => {
  web = await startLoopbackWeb();
  home = mkdtempSync(join(tmpdir(), 'lyra-papers-'));
  writeFileSync(join(home, 'domains.yaml'), 'domains:\n  - { domain: 127.0.0.1, trust_level: unverified, qps: 20 }\n');
  writeFileSync(
    join(home, 'lyra.config.yaml'),
    [
      'fetch:',
      '  allow_private: ["127.0.0.1/32:1-65535"]',
      '  max_retries: 0',
      '  cache: { enabled: false }',
      'scholarly:',
      '  timeout_ms: 5000',
      `  semantic_scholar: { base_url: "${web.url('/s2/graph/v1')}", requests_per_second: 0 }`,
      `  openalex: { base_url: "${web.url('/openalex')}", requests_per_second: 0, mailto: lyra-tests@example.org }`,
      `  crossref: { base_url: "${web.url('/crossref')}", requests_per_second: 0 }`,
      '  arxiv: { enabled: false }',
      '  pubmed: { enabled: false }',
      '',
    ].join('\n'),
  );
});
after(async () => {
  await web.close();
  rmSync(home, { recursive: true, force: true });
});

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['node', 'lyra', ...args], {
    io: { stdout: (t) => void (out += t), stderr: (t) => void (err += t) },
    env: { LYRA_HOME: home },
    cwd: home,
  });
  return { code, out, err };
}

const json = (body: string, status = 200) => ({ status, headers: { 'content-type': 'application/json' }, body });

test('lyra papers --json: S2 papers arrive, a throttled OpenAlex is a warning, Crossref parsed', { skip }, async () => {
  web.route('/s2/graph/v1/paper/search', json(cassetteInteraction(apiFixturePath('semanticscholar/test_search_paper.yaml')).body));
  web.route('/openalex/works', { fault: { status429RetryAfter: 1 }, body: '{}' });
  web.route('/crossref/works', json(cassetteInteraction(apiFixturePath('crossref/test-works/test_works_query.yaml')).body));
  const r = await run('papers', 'turing', '--limit', '2', '--json');
  assert.equal(r.code, 0, r.err);
  const body = JSON.parse(r.out);
  assert.equal(body.query, 'turing');
  assert.equal(body.papers.length, 4);
  assert.deepEqual(
    body.sources.map((s: { source: string; status: string }) => [s.source, s.status]),
    [
      ['semantic_scholar', 'ok'],
      ['openalex', 'failed'],
      ['crossref', 'ok'],
    ],
  );
  assert.equal(body.warnings.length, 1);
  assert.equal(body.warnings[0].source, 'openalex');
  assert.equal(body.warnings[0].category, 'retryable');
  assert.ok(
    body.papers.some(
      (p: { title: string; identifiers: { doi?: string } }) => p.title === 'Communicating Ecology' && p.identifiers.doi === '10.1093/obo/9780199830060-0238',
    ),
  );
});

test('lyra papers --source s2 asks only Semantic Scholar; a disabled or unknown source is invalid input (exit 2)', { skip }, async () => {
  web.route('/s2/graph/v1/paper/search', json(cassetteInteraction(apiFixturePath('semanticscholar/test_search_paper.yaml')).body));
  const r = await run('papers', 'turing', '--source', 's2', '--limit', '3', '--json');
  assert.equal(r.code, 0, r.err);
  assert.deepEqual(
    JSON.parse(r.out).sources.map((s: { source: string }) => s.source),
    ['semantic_scholar'],
  );
  const disabled = await run('papers', 'turing', '--source', 'arxiv', '--json');
  assert.equal(disabled.code, 2);
  assert.match(JSON.parse(disabled.err).error.message, /scholarly\.arxiv\.enabled/);
  const unknown = await run('papers', 'turing', '--source', 'scopus');
  assert.equal(unknown.code, 2);
});

test('lyra papers: every source failing is exit 1 with each source named', { skip }, async () => {
  web.route('/s2/graph/v1/paper/search', { fault: { status: 500 }, body: '' });
  web.route('/openalex/works', { fault: { status: 503 }, body: '' });
  web.route('/crossref/works', json('{"status":"ok"'));
  const r = await run('papers', 'turing');
  assert.equal(r.code, 1);
  assert.match(r.err, /every scholarly source failed .*semantic_scholar: .*openalex: .*crossref: /);
});

test('lyra paper <doi> --json prints the merged record with its sources', { skip }, async () => {
  web.route('/s2/graph/v1/paper/batch', json(`[${readFileSync(apiFixturePath('semanticscholar/Paper.json'), 'utf8')}]`));
  web.route('/openalex/works/*', json('{"error":"not found"}', 404));
  web.route('/crossref/works/*', { status: 404, body: 'Resource not found.', headers: { 'content-type': 'text/plain' } });
  const r = await run('paper', 'https://doi.org/10.1093/MIND/LIX.236.433', '--json');
  assert.equal(r.code, 0, r.err);
  const body = JSON.parse(r.out);
  assert.equal(body.paper.title, 'Computing Machinery and Intelligence');
  assert.equal(body.paper.identifiers.doi, '10.1093/mind/lix.236.433');
  assert.deepEqual(body.paper.sources, ['semantic_scholar']);
  assert.equal(body.paper.reference_count, 14);
  assert.match(body.paper.abstract, /^I propose to consider the question/);
  const bad = await run('paper', 'not-an-id');
  assert.equal(bad.code, 2);
  web.route('/s2/graph/v1/paper/batch', json('[null]'));
  const missing = await run('paper', 'doi:10.1234/none', '--json');
  assert.equal(missing.code, 1);
  assert.equal(JSON.parse(missing.err).error.code, 'not_found');
});

test('lyra citations --direction citations --json: influential flag from S2, OpenAlex via cites:', { skip }, async () => {
  const citation = readFileSync(apiFixturePath('semanticscholar/Citation.json'), 'utf8');
  web.route('/s2/graph/v1/paper/*', json(`{"offset": 0, "data": [${citation}]}`));
  const oa = JSON.parse(readFileSync(apiFixturePath('openalex/peneira_works_search_49results.json'), 'utf8')) as { results: unknown[] };
  web.route('/openalex/works/*', json(JSON.stringify(oa.results[0])));
  web.route('/openalex/works', json(JSON.stringify({ meta: { count: 1 }, results: oa.results.slice(1, 2) })));
  const r = await run('citations', 'doi:10.4081/gh.2014.294', '--direction', 'citations', '--limit', '5', '--json');
  assert.equal(r.code, 0, r.err);
  const body = JSON.parse(r.out);
  assert.equal(body.direction, 'citations');
  assert.equal(body.links.length, 2);
  assert.equal(body.links[0].influential, true);
  assert.deepEqual(body.links[0].via, ['semantic_scholar']);
  assert.equal(body.links[0].paper.identifiers.doi, '10.1109/lra.2022.3229266');
  assert.deepEqual(body.links[1].via, ['openalex']);
  const badDir = await run('citations', 'doi:10.4081/gh.2014.294', '--direction', 'sideways');
  assert.equal(badDir.code, 2);
});
