// The forms the scholarly clients hand the one parser: values from APIs and users (a bare id, a
// labelled id, a URL with or without its scheme) and text that mixes URLs and prose (search results).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  arxivIdFromValue,
  findArxivIds,
  findDois,
  findPmids,
  identifiersInMixedText,
  isArxivDoi,
  parseDoi,
  parseOpenAlexId,
  parsePmid,
  parseS2Id,
  pmidFromValue,
} from './index.js';

test('mixed text: URLs read as URLs, the rest as prose, deduplicated in order of appearance', () => {
  const text = [
    'See https://doi.org/10.1016/S0024-3205(99)00225-8 and (doi:10.1371/journal.pone.0033693).',
    'Frontiers: https://www.frontiersin.org/articles/10.3389/fpsyg.2020.00001/full',
    'Encoded: https://doi.org/10.1038%2Fsrep16696',
    'Preprint arXiv:1605.08386v1, PDF https://arxiv.org/pdf/cond-mat/0603029v1.pdf, DataCite 10.48550/arXiv.2304.04761',
    'PubMed https://pubmed.ncbi.nlm.nih.gov/25599636/ and PMID: 11748933; again 10.1371/JOURNAL.PONE.0033693.',
    '日本語の文中のDOI 10.1000/xyz123です。PMC7092803 at <https://www.ncbi.nlm.nih.gov/pmc/articles/PMC7092803/>.',
  ].join('\n');
  assert.deepEqual(
    identifiersInMixedText(text).map((i) => `${i.type}:${i.value}${i.version ?? ''}`),
    [
      'doi:10.1016/s0024-3205(99)00225-8',
      'doi:10.1371/journal.pone.0033693',
      'doi:10.3389/fpsyg.2020.00001', // the URL's /full view is not part of the DOI
      'doi:10.1038/srep16696',
      'arxiv:1605.08386v1',
      'arxiv:cond-mat/0603029v1',
      'doi:10.48550/arxiv.2304.04761',
      'arxiv:2304.04761',
      'pmid:25599636',
      'pmid:11748933',
      'doi:10.1000/xyz123',
      'pmcid:PMC7092803',
    ],
  );
  assert.deepEqual(
    identifiersInMixedText('https://openalex.org/W2741809807 and https://example.com/news').map((i) => `${i.type}:${i.value}:${i.source}`),
    ['openalex:W2741809807:text'],
  );
  assert.deepEqual(identifiersInMixedText('no identifiers, https://, 10.12/x'), []);
});

test('prose: CJK ends a DOI, PMIDs take a full-width colon, arXiv labels take spaces and arxiv.org paths', () => {
  assert.deepEqual(findDois('論文10.1000/abcの結果、10.2000/def。'), ['10.1000/abc', '10.2000/def']);
  assert.deepEqual(findPmids('PMID：12345678'), ['12345678']);
  assert.deepEqual(
    findArxivIds('arXiv : 2301.00001 and arxiv.org/pdf/1706.03762.pdf and arxiv.org/abs/hep-th/9901001v2').map((a) => a.id),
    ['2301.00001', '1706.03762', 'hep-th/9901001'],
  );
});

test('values: DOIs, arXiv ids and PMIDs as APIs and users give them', () => {
  assert.equal(parseDoi('doi:10.1093/MIND/LIX.236.433'), '10.1093/mind/lix.236.433');
  assert.equal(parseDoi('11.1/x'), undefined);
  assert.equal(isArxivDoi('10.48550/arXiv.2304.04761'), true);
  assert.equal(isArxivDoi('10.1038/srep16696'), false);
  for (const v of [
    '2304.04761v2',
    'arXiv:2304.04761',
    'https://arxiv.org/abs/2304.04761v1',
    'http://export.arxiv.org/pdf/2304.04761.pdf',
    'arxiv.org/abs/2304.04761',
    '10.48550/arXiv.2304.04761',
  ]) {
    assert.equal(arxivIdFromValue(v)?.id, '2304.04761', v);
  }
  assert.equal(arxivIdFromValue('https://arxiv.org/abs/cond-mat/0603029')?.id, 'cond-mat/0603029');
  assert.equal(arxivIdFromValue('https://example.com/abs/2304.04761'), undefined);
  assert.equal(arxivIdFromValue('not an id'), undefined);
  for (const v of [
    '11748933',
    'PMID:11748933',
    'pmid: 11748933',
    '0011748933',
    'https://pubmed.ncbi.nlm.nih.gov/11748933/',
    'www.ncbi.nlm.nih.gov/pubmed/11748933',
  ]) {
    assert.equal(pmidFromValue(v), '11748933', v);
  }
  assert.equal(parsePmid('000'), undefined);
  assert.equal(pmidFromValue('abc'), undefined);
});

test('values: Semantic Scholar and OpenAlex ids', () => {
  assert.equal(parseS2Id('2D5673CAA9E6AF3A7B82A43F19EE920992DB07AD'), '2d5673caa9e6af3a7b82a43f19ee920992db07ad');
  assert.equal(parseS2Id('s2:CorpusID:12345'), 'CorpusId:12345');
  assert.equal(parseS2Id('2d5673caa9'), undefined);
  assert.equal(parseOpenAlexId('w2068311567'), 'W2068311567');
  assert.equal(parseOpenAlexId('openalex:W2068311567'), 'W2068311567');
  assert.equal(parseOpenAlexId('https://openalex.org/W2068311567'), 'W2068311567');
  assert.equal(parseOpenAlexId('https://api.openalex.org/works/W2068311567'), 'W2068311567');
  assert.equal(parseOpenAlexId('https://openalex.org/A123'), undefined);
});
