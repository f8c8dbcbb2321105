import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assessAcademicQuery, identifiersInPage, identifiersInSearchHit, isAcademicQuery, planScholarlyWork, searchHitsNeedingEnrichment } from './index.js';
import { findIdentifiersInText, parseScholarlyId } from './scholarly/index.js';

test('isAcademicQuery: English keywords, identifiers and scholarly site: operators', () => {
  for (const q of [
    'meta-analysis of vitamin D and covid mortality',
    'systematic review intermittent fasting',
    'randomized controlled trial ivermectin',
    'long covid cohort study',
    'transformer papers 2023',
    'doi:10.1038/srep16696',
    'site:arxiv.org diffusion models',
    'site:pubmed.ncbi.nlm.nih.gov statins',
    'site:u-tokyo.ac.jp 気候',
    'Smith et al. 2019 sleep',
  ]) {
    assert.equal(isAcademicQuery(q), true, q);
  }
  for (const q of [
    'best pizza in tokyo',
    'iphone 16 price',
    'weather osaka tomorrow',
    'site:nytimes.com election',
    'studying tips for exams',
    'toilet paperweight',
  ]) {
    assert.equal(isAcademicQuery(q), false, q);
  }
});

test('isAcademicQuery: Japanese keywords', () => {
  for (const q of [
    'ビタミンDのメタ分析',
    '睡眠不足 研究',
    '気候変動 論文 2024',
    'ランダム化比較試験 イベルメクチン',
    'システマティックレビュー 認知症',
    '先行研究 まとめ',
    '査読付き 論文',
  ]) {
    assert.equal(isAcademicQuery(q), true, q);
  }
  for (const q of ['東京 ラーメン おすすめ', '明日の天気 大阪', '新型iPhone 価格']) assert.equal(isAcademicQuery(q), false, q);
});

test('assessAcademicQuery says why', () => {
  assert.deepEqual(assessAcademicQuery('site:arxiv.org meta-analysis 論文').reasons, ['site:arxiv.org', 'term:meta-analysis', 'term:論文']);
  assert.deepEqual(assessAcademicQuery('arXiv:2304.04761v2 results').reasons, ['identifier:arxiv:2304.04761', 'term:arxiv']);
});

test('findIdentifiersInText: DOIs (prose, URLs, encoded), arXiv ids and PMIDs, de-duplicated in order', () => {
  const text = [
    'See https://doi.org/10.1016/S0024-3205(99)00225-8 and (doi:10.1371/journal.pone.0033693).',
    'Frontiers: https://www.frontiersin.org/articles/10.3389/fpsyg.2020.00001/full',
    'Encoded: https://doi.org/10.1038%2Fsrep16696',
    'Preprint arXiv:1605.08386v1, PDF https://arxiv.org/pdf/cond-mat/0603029v1.pdf, DataCite 10.48550/arXiv.2304.04761',
    'PubMed https://pubmed.ncbi.nlm.nih.gov/25599636/ and PMID: 11748933; again 10.1371/JOURNAL.PONE.0033693.',
    '日本語の文中のDOI 10.1000/xyz123です。',
  ].join('\n');
  assert.deepEqual(
    findIdentifiersInText(text).map((i) => `${i.kind}:${i.value}`),
    [
      'doi:10.1016/s0024-3205(99)00225-8',
      'doi:10.1371/journal.pone.0033693',
      'doi:10.3389/fpsyg.2020.00001',
      'doi:10.1038/srep16696',
      'arxiv:1605.08386',
      'arxiv:cond-mat/0603029',
      'arxiv:2304.04761',
      'pmid:25599636',
      'pmid:11748933',
      'doi:10.1000/xyz123',
    ],
  );
});

test('parseScholarlyId accepts the forms users paste and rejects others as invalid input', () => {
  assert.deepEqual(parseScholarlyId('10.1093/MIND/LIX.236.433'), { kind: 'doi', value: '10.1093/mind/lix.236.433' });
  assert.deepEqual(parseScholarlyId('https://dx.doi.org/10.1038/srep16696'), { kind: 'doi', value: '10.1038/srep16696' });
  assert.deepEqual(parseScholarlyId('PMID:11748933'), { kind: 'pmid', value: '11748933' });
  assert.deepEqual(parseScholarlyId('11748933'), { kind: 'pmid', value: '11748933' });
  assert.deepEqual(parseScholarlyId('2304.04761v2'), { kind: 'arxiv', value: '2304.04761' });
  assert.deepEqual(parseScholarlyId('https://arxiv.org/abs/cond-mat/0603029'), { kind: 'arxiv', value: 'cond-mat/0603029' });
  assert.deepEqual(parseScholarlyId('https://openalex.org/W2068311567'), { kind: 'openalex', value: 'W2068311567' });
  assert.deepEqual(parseScholarlyId('2D5673CAA9E6AF3A7B82A43F19EE920992DB07AD'), { kind: 's2', value: '2d5673caa9e6af3a7b82a43f19ee920992db07ad' });
  assert.deepEqual(parseScholarlyId('doi:10.48550/arXiv.2304.04761'), { kind: 'doi', value: '10.48550/arxiv.2304.04761' });
  for (const bad of ['', 'hello world', 'doi:11.1/x', 'pmid:abc']) {
    assert.throws(
      () => parseScholarlyId(bad),
      (e: unknown) => (e as { category?: string }).category === 'invalid_input',
      bad,
    );
  }
});

test('SERP items: which need enrichment and with which identifiers', () => {
  const hits = [
    { url: 'https://pubmed.ncbi.nlm.nih.gov/25599636/', title: 'Redefining climate regions', snippet: '' },
    { url: 'https://example.com/news', title: 'News', snippet: 'A new study (DOI: 10.2196/28749) says…' },
    { url: 'https://example.com/shop', title: 'Shop', snippet: 'buy now' },
  ];
  const need = searchHitsNeedingEnrichment(hits);
  assert.deepEqual(
    need.map((n) => [n.item.url, n.identifiers.map((i) => `${i.kind}:${i.value}`)]),
    [
      ['https://pubmed.ncbi.nlm.nih.gov/25599636/', ['pmid:25599636']],
      ['https://example.com/news', ['doi:10.2196/28749']],
    ],
  );
  assert.deepEqual(identifiersInSearchHit({ url: 'https://arxiv.org/abs/2304.04761v1', title: 't', snippet: '' }), [{ kind: 'arxiv', value: '2304.04761' }]);
});

test('pages: own identifiers first, then linked and found ones; text scanned only without extractor output', () => {
  const ids = identifiersInPage({
    url: 'https://www.nature.com/articles/srep16696',
    identifiers: { doi: '10.1038/srep16696' },
    foundIdentifiers: [
      { type: 'doi', value: '10.1038/srep16696' },
      { type: 'pmid', value: '26582456' },
      { type: 'pmcid', value: 'PMC1' },
    ],
    academicLinks: ['https://arxiv.org/abs/1402.0030'],
    text: 'ignored 10.9999/not-scanned',
  });
  assert.deepEqual(
    ids.map((i) => `${i.kind}:${i.value}`),
    ['doi:10.1038/srep16696', 'pmid:26582456', 'arxiv:1402.0030'],
  );
  assert.deepEqual(
    identifiersInPage({ url: 'https://blog.example/x', text: 'cites 10.9999/scanned.' }).map((i) => i.value),
    ['10.9999/scanned'],
  );
});

test('planScholarlyWork: academic search by query; enrichment whenever an identifier was seen', () => {
  const academic = planScholarlyWork({ query: '睡眠 メタ分析', hits: [] });
  assert.deepEqual([academic.searchAcademic, academic.identifiers], [true, []]);
  const plain = planScholarlyWork({
    query: 'best coffee grinder',
    hits: [{ url: 'https://x.example', title: 'x', snippet: 'see doi 10.5555/12345678' }],
    pages: [{ url: 'https://y.example', identifiers: { pmid: '11748933' } }],
  });
  assert.equal(plain.searchAcademic, false);
  assert.deepEqual(plain.identifiers, [
    { kind: 'doi', value: '10.5555/12345678' },
    { kind: 'pmid', value: '11748933' },
  ]);
});
