// Contract tests: Semantic Scholar's recorded responses served from a loopback server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LyraError } from '../../core/index.js';
import { startLoopbackWeb, type LoopbackWeb } from '../../test-support/loopback-web.js';
import { apiFixturePath, cassetteInteraction, createContractFetcher, readCassette } from '../../test-support/api-cassettes.js';
import { skipUnlessShared } from '../../test-support/shared-data.js';
import { createSemanticScholarSource, toS2PaperId } from './index.js';

const skip = skipUnlessShared('api_fixtures/semanticscholar');
const fx = (name: string): string => apiFixturePath(`semanticscholar/${name}`);
const fetcher = createContractFetcher();
let web: LoopbackWeb;

before(async () => {
  web = await startLoopbackWeb();
});
after(() => web.close());

const s2 = () => createSemanticScholarSource({ fetcher, baseUrl: web.url('/graph/v1'), requestsPerSecond: 0, apiKey: 'test-key' });
const json = (body: string, status = 200) => ({ status, headers: { 'content-type': 'application/json' }, body });
const isError = (category: string, pattern: RegExp) => (e: unknown) => e instanceof LyraError && e.category === category && pattern.test(e.message);

test('toS2PaperId maps user identifiers to the Graph API syntax', () => {
  assert.equal(toS2PaperId('doi:10.1093/MIND/LIX.236.433'), 'DOI:10.1093/mind/lix.236.433');
  assert.equal(toS2PaperId('https://arxiv.org/abs/1402.0030v2'), 'ARXIV:1402.0030');
  assert.equal(toS2PaperId('pmid:25599636'), 'PMID:25599636');
  assert.equal(toS2PaperId('CorpusId:14636783'), 'CorpusId:14636783');
  assert.throws(
    () => toS2PaperId('W2068311567'),
    (e: unknown) => e instanceof LyraError && e.category === 'invalid_input',
  );
});

test('search parses the recorded "turing" page: titles, total paging and the request', { skip }, async () => {
  const rec = cassetteInteraction(fx('test_search_paper.yaml'));
  web.route('/graph/v1/paper/search', json(rec.body));
  const papers = await s2().search('turing', { limit: 100 });
  const recorded = JSON.parse(rec.body) as { data: Array<{ paperId: string; title: string }> };
  assert.equal(papers.length, 100);
  assert.deepEqual(
    papers.slice(0, 3).map((p) => [p.id, p.title]),
    recorded.data.slice(0, 3).map((d) => [d.paperId, d.title.replace(/\s+/g, ' ').trim()]),
  );
  assert.ok(papers.some((p) => p.title === 'Neural Turing Machines'));
  assert.equal(papers[0]?.source, 'semantic_scholar');
  assert.equal(papers[0]?.identifiers.s2, recorded.data[0]?.paperId);
  const sent = web.requestsTo('/graph/v1/paper/search')[0]!;
  const url = new URL(sent.path, web.origin);
  assert.equal(url.searchParams.get('query'), 'turing');
  assert.equal(url.searchParams.get('limit'), '100');
  assert.match(url.searchParams.get('fields') ?? '', /abstract/);
  assert.equal(sent.headers['x-api-key'], 'test-key');
});

test('search pages with offset/next up to the limit', { skip }, async () => {
  const pages = readCassette(fx('test_search_paper_next_page.yaml'));
  web.route('/graph/v1/paper/search', (req, res) => {
    const offset = new URL(req.url ?? '/', web.origin).searchParams.get('offset');
    const page = pages.find((p) => p.uri.includes(`offset=${offset}&`))!;
    res.writeHead(200, { 'content-type': 'application/json' }).end(page.body);
  });
  const before = web.requestsTo('/graph/v1/paper/search').length;
  const papers = await s2().search('turing', { limit: 150 });
  assert.equal(papers.length, 150);
  const sent = web
    .requestsTo('/graph/v1/paper/search')
    .slice(before)
    .map((r) => new URL(r.path, web.origin).searchParams);
  assert.deepEqual(
    sent.map((p) => [p.get('offset'), p.get('limit')]),
    [
      ['0', '100'],
      ['100', '50'],
    ],
  );
  assert.equal(new Set(papers.map((p) => p.id)).size, 150);
});

test('an empty search ({"total": 0}) is a real empty result', { skip }, async () => {
  web.route('/graph/v1/paper/search', json(cassetteInteraction(fx('test_empty_paginated_results.yaml')).body));
  assert.deepEqual(await s2().search('n0 r3sult s3arch t3rm', { limit: 10 }), []);
});

test('getPaper by DOI parses the full recorded paper: DOI, abstract, year, counts, authors', { skip }, async () => {
  web.route('/graph/v1/paper/*', json(readFileSync(fx('Paper.json'), 'utf8')));
  const p = await s2().getPaper('doi:10.1093/mind/lix.236.433');
  assert.ok(p);
  assert.equal(p.title, 'Computing Machinery and Intelligence');
  assert.equal(p.identifiers.doi, '10.1093/mind/lix.236.433');
  assert.equal(p.identifiers.s2, '2d5673caa9e6af3a7b82a43f19ee920992db07ad');
  assert.match(p.abstract ?? '', /^I propose to consider the question, “Can machines think\?”/);
  assert.equal(p.year, 1950);
  assert.equal(p.publishedAt, '1950-10-01');
  assert.equal(p.referenceCount, 14);
  assert.equal(p.citationCount, 10059);
  assert.deepEqual(p.authors, ['A. Turing']);
  assert.equal(p.venue, 'The Philosophy of Artificial Intelligence');
  const sent = web.requests.at(-1)!;
  assert.equal(new URL(sent.path, web.origin).pathname, '/graph/v1/paper/DOI:10.1093/mind/lix.236.433');
});

test('getPaper: a recorded 404 is "not found" (undefined), a recorded 400 is a non-retryable error naming the API', { skip }, async () => {
  const notFound = cassetteInteraction(fx('test_not_found.yaml'), '/paper/0');
  web.route('/graph/v1/paper/*', json(notFound.body, notFound.status));
  assert.equal(await s2().getPaper('s2:' + '0'.repeat(40)), undefined);
  const bad = cassetteInteraction(fx('test_bad_query_parameters.yaml'));
  web.route('/graph/v1/paper/*', json(bad.body, bad.status));
  await assert.rejects(s2().getPaper('doi:10.1093/mind/lix.236.433'), isError('non_retryable', /^semantic_scholar: /));
});

test('batch lookup keeps the recorded nulls in place and parses the rest', { skip }, async () => {
  const rec = cassetteInteraction(fx('test_get_papers_not_found_warning.yaml'));
  web.route('/graph/v1/paper/batch', json(rec.body));
  const ids = ['s2:' + 'a'.repeat(40), 'CorpusId:470667', 'doi:10.2139/ssrn.2250500', '0f40b1f08821e22e859c6050916cec3667778613'];
  const rows = await s2().getPapers!(ids);
  assert.equal(rows.length, 4);
  assert.equal(rows[0], undefined);
  assert.equal(rows[1]?.title, 'How Much Should We Trust Differences-in-Differences Estimates?');
  assert.equal(rows[1]?.identifiers.doi, '10.2139/ssrn.288970');
  assert.match(rows[1]?.abstract ?? '', /^Most Difference-in-Difference \(DD\) papers rely on many years/);
  const sent = web.requestsTo('/graph/v1/paper/batch').at(-1)!;
  assert.equal(sent.method, 'POST');
});

test('references: the recorded Reference record gives the cited paper and isInfluential=false', { skip }, async () => {
  const ref = readFileSync(fx('Reference.json'), 'utf8');
  web.route('/graph/v1/paper/*', json(`{"offset": 0, "data": [${ref}]}`));
  const links = await s2().getReferences!('doi:10.2139/ssrn.2250500', { limit: 10 });
  assert.equal(links.length, 1);
  assert.equal(links[0]?.influential, false);
  assert.equal(links[0]?.paper.title, 'Neural Variational Inference and Learning in Belief Networks');
  assert.equal(links[0]?.paper.identifiers.arxiv, '1402.0030');
  assert.equal(links[0]?.paper.referenceCount, 34);
  const sent = new URL(web.requests.at(-1)!.path, web.origin);
  assert.equal(sent.pathname, '/graph/v1/paper/DOI:10.2139/ssrn.2250500/references');
  assert.match(sent.searchParams.get('fields') ?? '', /^isInfluential,/);
});

test('citations: the recorded Citation record is influential and carries the citing DOI', { skip }, async () => {
  const cit = readFileSync(fx('Citation.json'), 'utf8');
  web.route('/graph/v1/paper/*', json(`{"offset": 0, "data": [${cit}, {"isInfluential": false, "citingPaper": {"paperId": null, "title": "unresolved"}}]}`));
  const warnings: string[] = [];
  const links = await s2().getCitations!('arxiv:1903.11239', { limit: 10, onWarning: (m) => warnings.push(m) });
  assert.equal(links.length, 1);
  assert.equal(links[0]?.influential, true);
  assert.equal(links[0]?.paper.identifiers.doi, '10.1109/lra.2022.3229266');
  assert.deepEqual(warnings, ['semantic_scholar: 1 citations of arxiv:1903.11239 are not resolved to a paper by Semantic Scholar; skipped']);
});

test('references: a recorded page lacking the requested isInfluential is an error naming the field, not a guess', { skip }, async () => {
  const page = readCassette(fx('test_get_paper_references.yaml'))[0]!;
  web.route('/graph/v1/paper/*', json(page.body));
  await assert.rejects(
    s2().getReferences!('doi:10.2139/ssrn.2250500', { limit: 10 }),
    isError('non_retryable', /^semantic_scholar: unexpected references page .*field data\.0\.isInfluential/),
  );
});

test('HTTP 429, 500, a truncated body and a malformed body are errors for the source, never empty results', { skip }, async () => {
  const body = cassetteInteraction(fx('test_search_paper.yaml')).body;
  web.route('/graph/v1/paper/search', { fault: { status429RetryAfter: 1 }, body, headers: { 'content-type': 'application/json' } });
  await assert.rejects(s2().search('turing', { limit: 5 }), isError('retryable', /^semantic_scholar: /));
  web.route('/graph/v1/paper/search', { fault: { status: 500 }, body });
  await assert.rejects(s2().search('turing', { limit: 5 }), isError('retryable', /^semantic_scholar: /));
  web.route('/graph/v1/paper/search', json(body.slice(0, Math.floor(body.length / 2))));
  await assert.rejects(s2().search('turing', { limit: 5 }), isError('retryable', /^semantic_scholar: response from .* is not valid JSON/));
  web.route('/graph/v1/paper/search', { fault: { truncate: true }, body, headers: { 'content-type': 'application/json' } });
  await assert.rejects(s2().search('turing', { limit: 5 }), isError('retryable', /^semantic_scholar: /));
  web.route('/graph/v1/paper/search', json('{"total": 3, "offset": 0, "data": [{"paperId": 7}]}'));
  await assert.rejects(s2().search('turing', { limit: 5 }), isError('non_retryable', /field data\.0\.paperId/));
  web.route('/graph/v1/paper/search', json('{"total": 3, "offset": 0}'));
  await assert.rejects(s2().search('turing', { limit: 5 }), isError('non_retryable', /total 3 but no field data/));
});
