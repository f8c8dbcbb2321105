// Contract tests: OpenAlex's recorded /works response served from a loopback server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { LyraError } from '../../core/index.js';
import { startLoopbackWeb, type LoopbackWeb } from '../../test-support/loopback-web.js';
import { apiFixturePath, createContractFetcher } from '../../test-support/api-cassettes.js';
import { skipUnlessShared } from '../../test-support/shared-data.js';
import { abstractFromInvertedIndex, createOpenAlexSource, toOpenAlexWorkId } from './index.js';

const skip = skipUnlessShared('api_fixtures/openalex');
const fixtureFile = apiFixturePath('openalex/peneira_works_search_49results.json');
interface RecordedWork {
  id: string;
  doi: string | null;
  title: string;
  referenced_works: string[];
  [k: string]: unknown;
}
const recorded: { meta: Record<string, unknown>; results: RecordedWork[] } = existsSync(fixtureFile)
  ? JSON.parse(readFileSync(fixtureFile, 'utf8'))
  : { meta: {}, results: [] };
const fetcher = createContractFetcher();
let web: LoopbackWeb;

before(async () => {
  web = await startLoopbackWeb();
});
after(() => web.close());

const oa = () => createOpenAlexSource({ fetcher, baseUrl: web.origin, requestsPerSecond: 0, mailto: 'lyra-tests@example.org' });
const json = (body: unknown, status = 200) => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const params = (i = -1): URLSearchParams => new URL(web.requests.at(i)!.path, web.origin).searchParams;
const isError = (category: string, pattern: RegExp) => (e: unknown) => e instanceof LyraError && e.category === category && pattern.test(e.message);

test('abstractFromInvertedIndex places words by position', () => {
  assert.equal(abstractFromInvertedIndex({ world: [1], Hello: [0], again: [3], hello: [2] }), 'Hello world hello again');
  assert.throws(
    () => abstractFromInvertedIndex({ x: [10_000_000] }),
    (e: unknown) => e instanceof LyraError && e.category === 'non_retryable' && /abstract_inverted_index/.test(e.message),
  );
});

test('toOpenAlexWorkId maps identifiers to OpenAlex path ids', () => {
  assert.equal(toOpenAlexWorkId('https://openalex.org/W2068311567'), 'W2068311567');
  assert.equal(toOpenAlexWorkId('doi:10.4081/GH.2014.294'), 'doi:10.4081/gh.2014.294');
  assert.equal(toOpenAlexWorkId('pmid:25599636'), 'pmid:25599636');
  assert.equal(toOpenAlexWorkId('arxiv:2304.04761'), 'doi:10.48550/arxiv.2304.04761');
});

test('search parses the 49 recorded works: titles, DOIs, rebuilt abstracts, counts, arXiv ids', { skip }, async () => {
  web.route('/works', json(recorded));
  const papers = await oa().search('machine learning public health', { limit: 100 });
  assert.equal(papers.length, 49);
  const first = papers[0]!;
  assert.equal(first.id, 'W2068311567');
  assert.equal(
    first.title,
    'Redefining climate regions in the United States of America using satellite remote sensing and machine learning for public health applications',
  );
  assert.equal(first.identifiers.doi, '10.4081/gh.2014.294');
  assert.equal(first.identifiers.pmid, '25599636');
  assert.equal(first.identifiers.openalex, 'W2068311567');
  assert.match(
    first.abstract ?? '',
    /^Existing climate classification has not been designed for an efficient handling of public health scenarios\. This work aims/,
  );
  assert.equal(first.year, 2014);
  assert.equal(first.referenceCount, 50);
  assert.equal(first.citationCount, 8);
  assert.deepEqual(first.authors, ['Alexander Liss', 'Magaly Koch', 'Elena N. Naumova']);
  assert.equal(first.venue, 'Geospatial Health');
  assert.equal(first.openAccessUrl, 'https://www.geospatialhealth.net/index.php/gh/article/download/294/291');
  const arxivWork = papers.find((p) => p.id === 'W4365441044')!;
  assert.equal(arxivWork.identifiers.arxiv, '2304.04761');
  assert.equal(papers.filter((p) => p.abstract === undefined).length, recorded.results.filter((w) => !w.abstract_inverted_index).length);
  const q = params();
  assert.equal(q.get('search'), 'machine learning public health');
  assert.equal(q.get('mailto'), 'lyra-tests@example.org');
  assert.equal(q.get('per_page'), '100');
  assert.match(q.get('select') ?? '', /abstract_inverted_index/);
});

test('getPaper by DOI serves one recorded work; a 404 is not found', { skip }, async () => {
  web.route('/works/*', json(recorded.results[1]));
  const p = await oa().getPaper('doi:10.30773/pi.2018.08.27');
  assert.equal(p?.id, 'W2897157249');
  assert.equal(p?.identifiers.doi, '10.30773/pi.2018.08.27');
  assert.equal(new URL(web.requests.at(-1)!.path, web.origin).pathname, '/works/doi:10.30773/pi.2018.08.27');
  web.route('/works/*', json({ error: 'not found' }, 404));
  assert.equal(await oa().getPaper('W1'), undefined);
});

test('references: referenced_works are fetched in one openalex: OR batch and keep their order', { skip }, async () => {
  // No recorded work cites another recorded one, so the seed work's list is pointed at five recorded works.
  const cited = recorded.results.slice(2, 7);
  const seed = { ...recorded.results[0]!, referenced_works: cited.map((w) => w.id).reverse() };
  web.route('/works/*', json(seed));
  web.route('/works', (req, res) => {
    const filter = new URL(req.url ?? '/', web.origin).searchParams.get('filter') ?? '';
    const wanted = filter.replace(/^openalex:/, '').split('|');
    const results = recorded.results.filter((w) => wanted.includes(w.id.replace('https://openalex.org/', '')));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ meta: { count: results.length }, results }));
  });
  const links = await oa().getReferences!('W2068311567', { limit: 20 });
  assert.deepEqual(
    links.map((l) => l.paper.id),
    cited.map((w) => w.id.replace('https://openalex.org/', '')).reverse(),
  );
  assert.ok(links.every((l) => l.influential === false));
  assert.equal(links[0]?.paper.title, cited.at(-1)!.title);
  const q = params();
  assert.equal(q.get('filter'), `openalex:${seed.referenced_works.map((w) => w.replace('https://openalex.org/', '')).join('|')}`);
});

test('references of the real 50-entry list: one batch request, missing works reported as a warning', { skip }, async () => {
  web.route('/works/*', json(recorded.results[0]));
  web.route('/works', json({ meta: { count: 0 }, results: [] }));
  const warnings: string[] = [];
  const links = await oa().getReferences!('W2068311567', { limit: 100, onWarning: (m) => warnings.push(m) });
  assert.equal(links.length, 0);
  assert.equal(params().get('filter')?.split('|').length, 50);
  assert.deepEqual(warnings, ['openalex: 50 of 50 referenced works of W2068311567 were not returned by the batch lookup']);
});

test('citations use filter=cites:<W-id>, resolving a DOI first', { skip }, async () => {
  web.route('/works/*', json(recorded.results[0]));
  web.route('/works', json(recorded));
  const links = await oa().getCitations!('doi:10.4081/gh.2014.294', { limit: 10 });
  assert.equal(links.length, 10);
  assert.equal(params().get('filter'), 'cites:W2068311567');
  assert.equal(params().get('per_page'), '10');
});

test('429, 503, truncated and malformed responses are errors naming openalex', { skip }, async () => {
  const body = JSON.stringify(recorded);
  web.route('/works', { fault: { status429RetryAfter: 2 }, body });
  await assert.rejects(oa().search('x', { limit: 5 }), isError('retryable', /^openalex: /));
  web.route('/works', { fault: { status: 503 }, body });
  await assert.rejects(oa().search('x', { limit: 5 }), isError('retryable', /^openalex: /));
  web.route('/works', json(body.slice(0, 5000)));
  await assert.rejects(oa().search('x', { limit: 5 }), isError('retryable', /^openalex: response from .* is not valid JSON/));
  web.route('/works', json({ meta: { count: 1 }, results: [{ id: 'https://openalex.org/W1', publication_year: 'two thousand' }] }));
  await assert.rejects(oa().search('x', { limit: 5 }), isError('non_retryable', /^openalex: unexpected works list .*field results\.0\.publication_year/));
});
