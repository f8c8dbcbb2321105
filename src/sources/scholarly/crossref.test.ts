// Contract tests: Crossref's recorded responses (gzip bodies included) served from a loopback server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { LyraError } from '../../core/index.js';
import { startLoopbackWeb, type LoopbackWeb } from '../../test-support/loopback-web.js';
import { apiFixturePath, cassetteInteraction, createContractFetcher, readCassette } from '../../test-support/api-cassettes.js';
import { skipUnlessShared } from '../../test-support/shared-data.js';
import { createCrossrefSource, jatsAbstractText } from './index.js';

const skip = skipUnlessShared('api_fixtures/crossref');
const fx = (name: string): string => apiFixturePath(`crossref/${name}`);
const fetcher = createContractFetcher();
let web: LoopbackWeb;

before(async () => {
  web = await startLoopbackWeb();
});
after(() => web.close());

const cr = () => createCrossrefSource({ fetcher, baseUrl: web.origin, requestsPerSecond: 0, mailto: 'lyra-tests@example.org' });
const json = (body: string, status = 200) => ({ status, headers: { 'content-type': 'application/json' }, body });
const isError = (category: string, pattern: RegExp) => (e: unknown) => e instanceof LyraError && e.category === category && pattern.test(e.message);

test('jatsAbstractText drops the heading and tags', () => {
  assert.equal(
    jatsAbstractText('<jats:title>Abstract</jats:title><jats:p>Twenty&#x2010;two <jats:italic>beagles</jats:italic> &amp; more.</jats:p>'),
    'Twenty‐two beagles & more.',
  );
});

test('getPaper by DOI parses the recorded (gzip) PLOS ONE work', { skip }, async () => {
  web.route('/works/*', json(cassetteInteraction(fx('test-works/test_works_with_one_id.yaml')).body));
  const p = await cr().getPaper('https://doi.org/10.1371/journal.pone.0033693');
  assert.ok(p);
  assert.equal(p.id, '10.1371/journal.pone.0033693');
  assert.equal(p.title, 'Methylphenidate Exposure Induces Dopamine Neuron Loss and Activation of Microglia in the Basal Ganglia of Mice');
  assert.equal(p.identifiers.doi, '10.1371/journal.pone.0033693');
  assert.equal(p.year, 2012);
  assert.equal(p.publishedAt, '2012-03-21');
  assert.equal(p.authors.length, 6);
  assert.equal(p.authors[0], 'Shankar Sadasivan');
  assert.equal(p.venue, 'PLoS ONE');
  assert.equal(p.referenceCount, 70);
  assert.equal(p.citationCount, 72);
  const sent = new URL(web.requests.at(-1)!.path, web.origin);
  assert.equal(sent.pathname, '/works/10.1371/journal.pone.0033693');
  assert.equal(sent.searchParams.get('mailto'), 'lyra-tests@example.org');
});

test('getPaper parses recorded JATS abstracts and a date with null parts', { skip }, async () => {
  const recs = readCassette(fx('test-works/test_works_with_many_ids.yaml'));
  web.route('/works/*', (req, res) => {
    const doi = decodeURIComponent(new URL(req.url ?? '/', web.origin).pathname.replace('/works/', ''));
    const rec = recs.find((r) => r.uri.endsWith(doi))!;
    res.writeHead(200, { 'content-type': 'application/json' }).end(rec.body);
  });
  const srep = await cr().getPaper('doi:10.1038/srep16696');
  assert.match(srep?.abstract ?? '', /^Oligomers of alpha-synuclein are toxic to cells and have been proposed/);
  assert.equal(srep?.referenceCount, 62);
  const proc = await cr().getPaper('doi:10.1109/icdcsw.2003.1203662');
  assert.equal(proc?.title, 'Accurate and explicit differentiation of wireless and congestion losses');
  assert.equal(proc?.year, undefined);
});

test('search parses the recorded work list', { skip }, async () => {
  web.route('/works', json(cassetteInteraction(fx('test-works/test_works_query.yaml')).body));
  const papers = await cr().search('ecology', { limit: 2 });
  assert.deepEqual(
    papers.map((p) => [p.identifiers.doi, p.title]),
    [
      ['10.1093/obo/9780199830060-0238', 'Communicating Ecology'],
      ['10.1093/obo/9780199830060-0023', 'Chemical Ecology'],
    ],
  );
  assert.match(papers[0]?.abstract ?? '', /^Communication is perhaps the most important/);
  const q = new URL(web.requests.at(-1)!.path, web.origin).searchParams;
  assert.equal(q.get('query'), 'ecology');
  assert.equal(q.get('rows'), '2');
});

test('a recorded 404 is not found; a recorded 400 and an injected 500 are errors naming crossref', { skip }, async () => {
  const nf = cassetteInteraction(fx('test-works/test_works_bad_id_warn.yaml'));
  web.route('/works/*', { status: nf.status, body: nf.body, headers: { 'content-type': 'text/plain' } });
  assert.equal(await cr().getPaper('doi:10.1371/notarealdoi'), undefined);
  const bad = cassetteInteraction(fx('test-works/test_works_query_filters_not_allowed_with_dois.yaml'));
  web.route('/works', json(bad.body, bad.status));
  await assert.rejects(cr().search('ecology', { limit: 2 }), isError('non_retryable', /^crossref: .*HTTP 400/));
  web.route('/works', { fault: { status: 500 }, body: '' });
  await assert.rejects(cr().search('ecology', { limit: 2 }), isError('retryable', /^crossref: /));
});

test('a truncated or reshaped body is an error, never an empty list', { skip }, async () => {
  const body = cassetteInteraction(fx('test-works/test_works_query.yaml')).body;
  web.route('/works', { fault: { truncate: true }, body, headers: { 'content-type': 'application/json' } });
  await assert.rejects(cr().search('ecology', { limit: 2 }), isError('retryable', /^crossref: /));
  web.route('/works', json(body.replace('"items"', '"itemz"')));
  await assert.rejects(cr().search('ecology', { limit: 2 }), isError('non_retryable', /field message\.items/));
});
