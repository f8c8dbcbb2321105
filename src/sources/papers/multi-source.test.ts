// Multi-source behaviour over real clients and the real fetcher, with recorded responses on loopback:
// one canonical paper from S2 + OpenAlex + Crossref, failing APIs reported (never zero results),
// seed-000 enrichment of identifiers seen in SERP items, citations merged across S2 and OpenAlex.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { LyraError, type LyraEvent, type ScholarlySource } from '../../core/index.js';
import { startLoopbackWeb, type LoopbackWeb } from '../../test-support/loopback-web.js';
import { apiFixturePath, cassetteInteraction, createContractFetcher } from '../../test-support/api-cassettes.js';
import { skipUnlessShared } from '../../test-support/shared-data.js';
import { createCrossrefSource, createOpenAlexSource, createSemanticScholarSource, createUnpaywallLocator, parseScholarlyId } from '../scholarly/index.js';
import { planScholarlyWork } from '../academic-query.js';
import { collectCitations, enrichIdentifiers, lookupPaper, searchAll } from './index.js';

const skip = skipUnlessShared('api_fixtures');
const read = (rel: string): string => (existsSync(apiFixturePath(rel)) ? readFileSync(apiFixturePath(rel), 'utf8') : '{"results":[]}');
interface Work {
  id: string;
  doi: string | null;
  ids: Record<string, string>;
  [k: string]: unknown;
}
const openalexRecorded = JSON.parse(read('openalex/peneira_works_search_49results.json')) as { meta: unknown; results: Work[] };
const TURING_DOI = '10.1093/mind/lix.236.433';
const fetcher = createContractFetcher();
let web: LoopbackWeb;

before(async () => {
  web = await startLoopbackWeb();
});
after(() => web.close());

const json = (body: unknown, status = 200) => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const sources = (): ScholarlySource[] => [
  createSemanticScholarSource({ fetcher, baseUrl: web.url('/s2/graph/v1'), requestsPerSecond: 0 }),
  createOpenAlexSource({ fetcher, baseUrl: web.url('/openalex'), requestsPerSecond: 0 }),
  createCrossrefSource({ fetcher, baseUrl: web.url('/crossref'), requestsPerSecond: 0 }),
];

/** The recorded sets share no DOI, so the OpenAlex and Crossref records get the S2 paper's DOI (and lose their own PMID). */
function serveTuringFromAllThree(): void {
  const s2Paper = readFileSync(apiFixturePath('semanticscholar/Paper.json'), 'utf8');
  web.route('/s2/graph/v1/paper/batch', json(`[${s2Paper}]`));
  const oaWork = {
    ...openalexRecorded.results[0]!,
    doi: `https://doi.org/${TURING_DOI}`,
    ids: { openalex: openalexRecorded.results[0]!.id, doi: `https://doi.org/${TURING_DOI}` },
  };
  web.route('/openalex/works/*', json(oaWork));
  const cr = JSON.parse(cassetteInteraction(apiFixturePath('crossref/test-works/test_works_with_one_id.yaml')).body) as { message: Record<string, unknown> };
  cr.message.DOI = TURING_DOI.toUpperCase();
  web.route('/crossref/works/*', json(cr));
}

test('the same DOI from S2, OpenAlex and Crossref yields one canonical paper listing all three', { skip }, async () => {
  serveTuringFromAllThree();
  const { paper, outcomes, warnings } = await lookupPaper({ id: parseScholarlyId(`doi:${TURING_DOI}`), sources: sources() });
  assert.ok(paper);
  assert.equal(paper.key, `doi:${TURING_DOI}`);
  assert.deepEqual([...paper.sources].sort(), ['crossref', 'openalex', 'semantic_scholar']);
  assert.deepEqual(paper.records.map((r) => r.source).sort(), ['crossref', 'openalex', 'semantic_scholar']);
  assert.equal(paper.identifiers.doi, TURING_DOI);
  assert.equal(paper.identifiers.s2, '2d5673caa9e6af3a7b82a43f19ee920992db07ad');
  assert.equal(paper.identifiers.openalex, 'W2068311567');
  assert.ok(paper.abstract && paper.abstract.length > 300);
  assert.ok(['semantic_scholar', 'openalex'].includes(paper.abstractSource ?? ''));
  assert.deepEqual(outcomes.map((o) => [o.source, o.status, o.count]).sort(), [
    ['crossref', 'ok', 1],
    ['openalex', 'ok', 1],
    ['semantic_scholar', 'ok', 1],
  ]);
  assert.deepEqual(warnings, []);
  // Each API was asked once: identifiers a source returned itself are not asked again.
  assert.equal(web.requestsTo('/s2/graph/v1/paper/batch').length, 1);
  assert.equal(web.requests.filter((r) => r.path.startsWith('/openalex/works/')).length, 1);
});

test('searchAll: 429 from OpenAlex and a hung Crossref are warnings for those sources; S2 papers still arrive', { skip }, async () => {
  web.route('/s2/graph/v1/paper/search', json(cassetteInteraction(apiFixturePath('semanticscholar/test_search_paper.yaml')).body));
  web.route('/openalex/works', { fault: { status429RetryAfter: 1 }, body: '{}' });
  web.route('/crossref/works', { fault: { hang: true }, body: '{"status":"ok"}', headers: { 'content-type': 'application/json' } });
  const events: LyraEvent[] = [];
  const r = await searchAll({ sources: sources(), query: 'turing site:arxiv.org', limit: 10, timeoutMs: 500, events: { emit: (e) => events.push(e) } });
  assert.equal(r.apiQuery, 'turing');
  assert.equal(r.papers.length, 10);
  assert.ok(r.papers.every((p) => p.sources.length === 1 && p.sources[0] === 'semantic_scholar'));
  const bySource = Object.fromEntries(r.warnings.map((w) => [w.source, w]));
  assert.equal(bySource.openalex?.category, 'retryable');
  assert.match(bySource.openalex?.message ?? '', /^openalex: .*HTTP 429/);
  assert.equal(bySource.crossref?.category, 'retryable');
  assert.deepEqual(
    r.outcomes.map((o) => [o.source, o.status]),
    [
      ['semantic_scholar', 'ok'],
      ['openalex', 'failed'],
      ['crossref', 'failed'],
    ],
  );
  assert.deepEqual(
    events
      .filter((e) => e.type === 'scholarly.source_failed')
      .map((e) => e.data?.source)
      .sort(),
    ['crossref', 'openalex'],
  );
});

test('searchAll: when every source fails the call is an error naming each, not an empty list', { skip }, async () => {
  web.route('/s2/graph/v1/paper/search', { fault: { status: 500 }, body: '' });
  web.route('/openalex/works', { fault: { status: 503 }, body: '' });
  web.route('/crossref/works', json('{"status":"ok","message-type":"work-list","message":{"items":'));
  await assert.rejects(
    searchAll({ sources: sources(), query: 'turing', limit: 5 }),
    (e: unknown) =>
      e instanceof LyraError && e.category === 'retryable' && e.code === 'all_sources_failed' && /semantic_scholar: .*openalex: .*crossref: /.test(e.message),
  );
});

test('searchAll merges the same work from two sources into one entry ranked first', { skip }, async () => {
  const works = openalexRecorded.results.slice(0, 3);
  web.route('/openalex/works', json({ meta: { count: 3 }, results: works }));
  const s2Page = {
    total: 1,
    offset: 0,
    data: [
      { paperId: 'f'.repeat(40), title: 'Redefining climate regions in the USA', externalIds: { DOI: '10.4081/GH.2014.294' }, abstract: null, year: 2014 },
    ],
  };
  web.route('/s2/graph/v1/paper/search', json(s2Page));
  const r = await searchAll({ sources: sources().slice(0, 2), query: 'climate regions', limit: 3 });
  assert.equal(r.papers.length, 3);
  assert.deepEqual(r.papers[0]?.sources, ['semantic_scholar', 'openalex']);
  assert.equal(r.papers[0]?.identifiers.doi, '10.4081/gh.2014.294');
  assert.equal(r.papers[0]?.identifiers.s2, 'f'.repeat(40));
});

test('seed 000 Phase 3: identifiers in SERP items of a non-academic query are enriched through the APIs', { skip }, async () => {
  const plan = planScholarlyWork({
    query: 'can machines think',
    hits: [
      { url: 'https://example.org/blog/turing', title: 'A blog on Turing', snippet: `Turing (1950), doi:${TURING_DOI.toUpperCase()}.` },
      { url: 'https://news.example/ai', title: 'AI news', snippet: 'no identifiers here' },
    ],
  });
  assert.equal(plan.searchAcademic, false);
  assert.deepEqual(plan.identifiers, [{ kind: 'doi', value: TURING_DOI }]);
  serveTuringFromAllThree();
  const r = await enrichIdentifiers({ ids: plan.identifiers, sources: sources() });
  assert.equal(r.papers.length, 1);
  assert.deepEqual(r.resolved, [{ id: `doi:${TURING_DOI}`, key: `doi:${TURING_DOI}` }]);
  assert.match(r.papers[0]?.abstract ?? '', /./);
});

test('lookupPaper: not found everywhere is a result; not found plus a failing source is an error', { skip }, async () => {
  web.route('/s2/graph/v1/paper/batch', json('[null]'));
  web.route('/openalex/works/*', json({ error: 'nope' }, 404));
  web.route('/crossref/works/*', { status: 404, body: 'Resource not found.', headers: { 'content-type': 'text/plain' } });
  const r = await lookupPaper({ id: parseScholarlyId('doi:10.1234/none'), sources: sources() });
  assert.equal(r.paper, undefined);
  web.route('/crossref/works/*', { fault: { status: 502 }, body: '' });
  await assert.rejects(
    lookupPaper({ id: parseScholarlyId('doi:10.1234/none'), sources: sources() }),
    (e: unknown) => e instanceof LyraError && e.category === 'retryable' && /not found in semantic_scholar, openalex, and crossref: /.test(e.message),
  );
});

test('citations merge S2 (isInfluential) and OpenAlex (cites:) links of one paper', { skip }, async () => {
  const citation = JSON.parse(readFileSync(apiFixturePath('semanticscholar/Citation.json'), 'utf8')) as {
    citingPaper: { externalIds: Record<string, unknown> };
  };
  // The recorded citing paper gets the DOI of a recorded OpenAlex work, so the two sources name one work.
  citation.citingPaper.externalIds.DOI = '10.30773/pi.2018.08.27';
  web.route('/s2/graph/v1/paper/*', json({ offset: 0, data: [citation] }));
  web.route('/openalex/works/*', json(openalexRecorded.results[0]));
  web.route('/openalex/works', json({ meta: { count: 2 }, results: openalexRecorded.results.slice(1, 3) }));
  const r = await collectCitations({ id: 'doi:10.4081/gh.2014.294', direction: 'citations', sources: sources(), limit: 10 });
  assert.equal(r.links.length, 2);
  assert.equal(r.links[0]?.influential, true);
  assert.deepEqual(r.links[0]?.via, ['semantic_scholar', 'openalex']);
  assert.equal(r.links[0]?.paper.identifiers.doi, '10.30773/pi.2018.08.27');
  assert.equal(r.links[1]?.influential, false);
  assert.deepEqual(
    r.outcomes.map((o) => [o.source, o.status]),
    [
      ['semantic_scholar', 'ok'],
      ['openalex', 'ok'],
    ],
  );
  const cites = web.requests.filter((q) => q.path.startsWith('/openalex/works?')).at(-1)!;
  assert.equal(new URL(cites.path, web.origin).searchParams.get('filter'), 'cites:W2068311567');
});

test('lookupPaper asks Unpaywall for an open-access URL when no source had one', { skip }, async () => {
  web.route('/s2/graph/v1/paper/batch', json(`[${readFileSync(apiFixturePath('semanticscholar/Paper.json'), 'utf8')}]`));
  web.route(
    '/unpaywall/v2/*',
    json({
      doi: TURING_DOI,
      is_oa: true,
      oa_status: 'bronze',
      best_oa_location: {
        url: 'https://academic.oup.com/mind/article-pdf/LIX/236/433/9866119/433.pdf',
        url_for_pdf: 'https://academic.oup.com/mind/article-pdf/LIX/236/433/9866119/433.pdf',
      },
    }),
  );
  const openAccess = createUnpaywallLocator({ fetcher, baseUrl: web.url('/unpaywall/v2'), email: 'lyra-tests@example.org', requestsPerSecond: 0 });
  const { paper, outcomes } = await lookupPaper({ id: parseScholarlyId(`doi:${TURING_DOI}`), sources: sources().slice(0, 1), openAccess });
  assert.equal(paper?.openAccessUrl, 'https://academic.oup.com/mind/article-pdf/LIX/236/433/9866119/433.pdf');
  assert.deepEqual(paper?.sources, ['semantic_scholar', 'unpaywall']);
  assert.deepEqual(
    outcomes.map((o) => [o.source, o.status, o.count]),
    [
      ['semantic_scholar', 'ok', 1],
      ['unpaywall', 'ok', 1],
    ],
  );
});
