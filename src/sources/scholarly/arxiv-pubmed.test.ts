// Contract tests: arXiv Atom and PubMed E-utilities XML recordings served from a loopback server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { LyraError } from '../../core/index.js';
import { startLoopbackWeb, type LoopbackWeb } from '../../test-support/loopback-web.js';
import { apiFixturePath, createContractFetcher } from '../../test-support/api-cassettes.js';
import { skipUnlessShared } from '../../test-support/shared-data.js';
import { createArxivSource, createPubmedSource, toArxivSearchQuery } from './index.js';

const skipArxiv = skipUnlessShared('api_fixtures/arxiv');
const skipPubmed = skipUnlessShared('api_fixtures/pubmed_eutils');
const read = (rel: string): string => (existsSync(apiFixturePath(rel)) ? readFileSync(apiFixturePath(rel), 'utf8') : '');
const arxivSearchXml = read('arxiv/lukasschwab_arxiv.py__search_query=au_del_maestro+AND+ti_checkerboard.xml');
const arxivIdRecording = read('arxiv/lukasschwab_arxiv.py__id_1605.08386_s0_m100_199195aa31ad.json');
const esearchXml = read('pubmed_eutils/biopython__esearch1.xml');
const efetchXml = read('pubmed_eutils/biopython__pubmed2_efetch.xml');
const fetcher = createContractFetcher();
let web: LoopbackWeb;

before(async () => {
  web = await startLoopbackWeb();
});
after(() => web.close());

const arxiv = () => createArxivSource({ fetcher, baseUrl: web.url('/api/query'), requestsPerSecond: 0 });
const pubmed = () => createPubmedSource({ fetcher, baseUrl: web.url('/eutils'), requestsPerSecond: 0, email: 'lyra-tests@example.org' });
const xml = (body: string, status = 200) => ({ status, headers: { 'content-type': 'application/atom+xml; charset=utf-8' }, body });
const params = (): URLSearchParams => new URL(web.requests.at(-1)!.path, web.origin).searchParams;
const isError = (category: string, pattern: RegExp) => (e: unknown) => e instanceof LyraError && e.category === category && pattern.test(e.message);

test('toArxivSearchQuery: plain words become all: terms; arXiv syntax passes through', () => {
  assert.equal(toArxivSearchQuery('checkerboard order "quenched disorder"'), 'all:checkerboard AND all:order AND all:"quenched disorder"');
  assert.equal(toArxivSearchQuery('au:del_maestro AND ti:checkerboard'), 'au:del_maestro AND ti:checkerboard');
});

test('arxiv search parses the recorded Atom feed: title, abstract, DOI, authors, journal ref', { skip: skipArxiv }, async () => {
  web.route('/api/query', xml(arxivSearchXml));
  const papers = await arxiv().search('au:del_maestro AND ti:checkerboard', { limit: 10 });
  assert.equal(papers.length, 1);
  const p = papers[0]!;
  assert.equal(p.id, 'cond-mat/0603029');
  assert.equal(p.identifiers.arxiv, 'cond-mat/0603029');
  assert.equal(p.identifiers.doi, '10.1103/physrevb.74.024520');
  assert.equal(p.title, 'From stripe to checkerboard order on the square lattice in the presence of quenched disorder');
  assert.match(p.abstract ?? '', /^We discuss the effects of quenched disorder on a model of charge density wave \(CDW\) ordering on the square lattice\./);
  assert.deepEqual(p.authors, ['Adrian Del Maestro', 'Bernd Rosenow', 'Subir Sachdev']);
  assert.equal(p.venue, 'Phys. Rev. B 74, 024520 (2006)');
  assert.equal(p.year, 2006);
  assert.equal(p.openAccessUrl, 'http://arxiv.org/pdf/cond-mat/0603029v1');
  assert.equal(params().get('search_query'), 'au:del_maestro AND ti:checkerboard');
});

test('arxiv getPaper by id parses the recorded id_list response and strips the version', { skip: skipArxiv }, async () => {
  const rec = JSON.parse(arxivIdRecording) as { body: string };
  web.route('/api/query', xml(rec.body));
  const p = await arxiv().getPaper('arXiv:1605.08386v1');
  assert.equal(p?.title, 'Heat-bath random walks with Markov bases');
  assert.equal(p?.identifiers.arxiv, '1605.08386');
  assert.deepEqual(p?.authors, ['Caprice Stanley', 'Tobias Windisch']);
  assert.match(p?.abstract ?? '', /^Graphs on lattice points are studied whose edges come from a finite set of allowed moves of arbitrary length\./);
  assert.equal(params().get('id_list'), '1605.08386');
  web.route('/api/query', xml(rec.body.replace(/<entry>[\s\S]*<\/entry>/, '')));
  assert.equal(await arxiv().getPaper('arxiv:1605.08386'), undefined);
});

test('arxiv: truncated XML is retryable, an API error entry is non-retryable, 503 is retryable', { skip: skipArxiv }, async () => {
  web.route('/api/query', xml(arxivSearchXml.slice(0, Math.floor(arxivSearchXml.length / 2))));
  await assert.rejects(arxiv().search('checkerboard', { limit: 5 }), isError('retryable', /^arxiv: response from .* is not well-formed XML/));
  web.route(
    '/api/query',
    xml(
      `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/api/errors#incorrect_id_format_for_x</id><title>Error</title><summary>incorrect id format for x</summary></entry></feed>`,
    ),
  );
  await assert.rejects(arxiv().search('checkerboard', { limit: 5 }), isError('non_retryable', /incorrect id format for x/));
  web.route('/api/query', { fault: { status: 503 }, body: '' });
  await assert.rejects(arxiv().search('checkerboard', { limit: 5 }), isError('retryable', /^arxiv: /));
});

test('pubmed search: esearch ids then efetch records, parsed from the recordings', { skip: skipPubmed }, async () => {
  web.route('/eutils/esearch.fcgi', xml(esearchXml));
  web.route('/eutils/efetch.fcgi', xml(efetchXml));
  const warnings: string[] = [];
  const papers = await pubmed().search('biopython', { limit: 20, onWarning: (m) => warnings.push(m) });
  // The two recordings come from different sessions: efetch holds other PMIDs than esearch listed.
  assert.deepEqual(
    papers.map((p) => p.id),
    ['11748933', '11700088'],
  );
  const p = papers[0]!;
  assert.equal(
    p.title,
    'Is cryopreservation a homogeneous process? Ultrastructure and motility of untreated, prefreezing, and postthawed spermatozoa of Diplodus puntazzo (Cetti).',
  );
  assert.equal(p.identifiers.doi, '10.1006/cryo.2001.2328');
  assert.equal(p.identifiers.pmid, '11748933');
  assert.match(p.abstract ?? '', /^This study subdivides the cryopreservation procedure for Diplodus puntazzo spermatozoa into three key phases/);
  assert.match(p.abstract ?? '', /\(P < 0\.001\)/);
  assert.equal(p.year, 2001);
  assert.equal(p.publishedAt, '2001-06');
  assert.equal(p.authors[0], 'A R Taddei');
  assert.equal(p.venue, 'Cryobiology');
  assert.equal(papers[1]?.title, 'Proton MRI of (13)C distribution by J and chemical shift editing.');
  assert.deepEqual(warnings, ['pubmed: efetch returned 2 records for 20 ids from esearch']);
  const efetch = new URL(web.requestsTo('/eutils/efetch.fcgi').at(-1)!.path, web.origin).searchParams;
  assert.equal(efetch.get('id')?.split(',')[0], '41282813');
  assert.equal(efetch.get('id')?.split(',').length, 20);
  assert.equal(efetch.get('email'), 'lyra-tests@example.org');
  const esearch = new URL(web.requestsTo('/eutils/esearch.fcgi').at(-1)!.path, web.origin).searchParams;
  assert.deepEqual([esearch.get('db'), esearch.get('term'), esearch.get('retmax')], ['pubmed', 'biopython', '20']);
});

test('pubmed getPaper by PMID uses efetch; an empty set is not found', { skip: skipPubmed }, async () => {
  web.route('/eutils/efetch.fcgi', xml(efetchXml));
  const p = await pubmed().getPaper('pmid:11700088');
  assert.equal(p?.identifiers.doi, '10.1006/jmre.2001.2429');
  web.route('/eutils/efetch.fcgi', xml('<?xml version="1.0" ?><PubmedArticleSet></PubmedArticleSet>'));
  assert.equal(await pubmed().getPaper('pmid:1'), undefined);
});

test('pubmed: an esearch ERROR, a truncated efetch and a 429 are errors, never zero results', { skip: skipPubmed }, async () => {
  web.route('/eutils/esearch.fcgi', xml('<?xml version="1.0"?><eSearchResult><ERROR>Invalid query</ERROR></eSearchResult>'));
  await assert.rejects(pubmed().search('x', { limit: 5 }), isError('non_retryable', /^pubmed: esearch rejected .*Invalid query/));
  web.route('/eutils/esearch.fcgi', xml(esearchXml));
  web.route('/eutils/efetch.fcgi', xml(efetchXml.slice(0, 4000)));
  await assert.rejects(pubmed().search('x', { limit: 5 }), isError('retryable', /^pubmed: response from .* is not well-formed XML/));
  web.route('/eutils/esearch.fcgi', { fault: { status429RetryAfter: 1 }, body: esearchXml });
  await assert.rejects(pubmed().search('x', { limit: 5 }), isError('retryable', /^pubmed: /));
});
