import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isLyraError } from '../../core/index.js';
import { candidateFromSource, candidateFromUnread, truncateExcerpt, type Candidate } from './candidates.js';
import { deduplicate, normalizeTitle } from './dedupe.js';
import { cleanHeading, parseOutline } from './outline.js';
import { parseQueryAnswer } from './query-llm.js';
import { templateQueries } from './query-templates.js';
import { relevantSections, sectionTerms, terms } from './relevance.js';

test('parseOutline reads Markdown headings (title dropped), plain lines and JSON, and rejects empty outlines', () => {
  assert.deepEqual(parseOutline('# 睡眠負債\n## 1. 睡眠負債とは\nnotes here\n## 2. 日本人の睡眠時間\n### 2.1 統計\n', { source: 'o.md' }), [
    '睡眠負債とは',
    '日本人の睡眠時間',
    '統計',
  ]);
  assert.deepEqual(parseOutline('- Prevalence\n* Health effects\n\n3) Costs\n2020 census\n', { source: 'o.txt' }), [
    'Prevalence',
    'Health effects',
    'Costs',
    '2020 census',
  ]);
  assert.deepEqual(parseOutline('{"sections": ["A", {"heading": "B"}, "a"]}', { source: 'o.json' }), ['A', 'B']);
  assert.deepEqual(parseOutline('["第1章 背景", "(a) Scope"]', { source: 'o.json' }), ['背景', 'Scope']);
  for (const bad of ['', '{"x": 1}', '[1, 2]', '{broken']) {
    assert.throws(
      () => parseOutline(bad, { source: 'bad' }),
      (e: unknown) => isLyraError(e) && e.category === 'invalid_input' && /outline bad/.test(e.message),
    );
  }
  assert.equal(cleanHeading('## **Health effects**'), 'Health effects');
});

test("templateQueries: the documented kinds in the keyword's language, then one per section, de-duplicated and capped", () => {
  const en = templateQueries({ keyword: 'sleep debt', sections: ['Prevalence', 'Sleep debt and health'], maxQueries: 12 });
  assert.deepEqual(en.queries, [
    { query: 'sleep debt statistics' },
    { query: 'sleep debt government report' },
    { query: 'sleep debt systematic review' },
    { query: 'sleep debt Prevalence', section: 'Prevalence' },
    { query: 'Sleep debt and health', section: 'Sleep debt and health' },
  ]);
  const ja = templateQueries({ keyword: '睡眠負債', sections: ['日本人の睡眠時間'], maxQueries: 3 });
  assert.deepEqual(
    ja.queries.map((q) => q.query),
    ['睡眠負債 統計', '睡眠負債 白書', '睡眠負債 論文'],
  );
  assert.equal(ja.dropped, 1);
  // Never the seed's forbidden fallback set.
  for (const q of en.queries) assert.doesNotMatch(q.query, /research statistics|official data|academic study/);
});

test('parseQueryAnswer: JSON (bare or fenced) with strings or {query, section}; anything else is retryable with the raw answer', () => {
  const ok = parseQueryAnswer('```json\n{"queries": ["a b", {"query": "c d", "section": "health"}, {"query": "e", "section": "nope"}, "A  B"]}\n```', {
    sections: ['Health'],
    maxQueries: 10,
  });
  assert.deepEqual(ok.queries, [{ query: 'a b' }, { query: 'c d', section: 'Health' }, { query: 'e' }]);
  assert.deepEqual(ok.unknownSections, ['nope']);
  const long = `Here are some queries: ${'x'.repeat(600)}`;
  for (const [raw, reason] of [
    [long, /not JSON/],
    ['{"queries": "x"}', /not \{"queries"/],
    ['{"queries": []}', /empty result/],
    ['{"queries": ["  "]}', /empty result/],
  ] as const) {
    assert.throws(
      () => parseQueryAnswer(raw, { sections: [], maxQueries: 5 }),
      (e: unknown) => {
        assert.ok(isLyraError(e));
        assert.equal(e.category, 'retryable');
        assert.equal(e.code, 'query_generation_unparsable');
        assert.equal(e.details.raw_response, raw.slice(0, 500));
        assert.match(e.message, reason);
        return true;
      },
    );
  }
});

const cand = (over: Partial<Candidate>): Candidate => ({
  url: 'https://a.example/x',
  title: 'T',
  excerpt: '',
  hasScholarlyId: false,
  pageId: 'pg1',
  read: true,
  query: 'q1',
  ...over,
});

test('deduplicate: normalized URL, normalized title and near-identical long excerpts; duplicates add queries, sections and missing fields', () => {
  const abstract =
    'Chronic sleep restriction accumulates a sleep debt that impairs attention, memory and metabolic health in adults, according to controlled laboratory studies of healthy volunteers over two weeks of restricted sleep.';
  const { unique, duplicatesRemoved } = deduplicate([
    cand({ url: 'https://A.example/x?utm_source=z#top', title: 'First', query: 'q1' }),
    cand({ url: 'https://a.example/x', title: 'Other title', query: 'q2', section: 'S2', publishedAt: '2020' }),
    cand({ url: 'https://b.example/y', title: '  FIRST ', query: 'q3' }),
    cand({ url: 'https://c.example/paper', title: 'Sleep debt (preprint)', excerpt: abstract, query: 'q1' }),
    cand({
      url: 'https://d.example/journal',
      title: 'Sleep debt',
      excerpt: `${abstract} `,
      hasScholarlyId: true,
      authorOrganization: 'A. Author',
      query: 'q4',
    }),
    cand({ url: 'corpus://c/1', title: 'Doc', corpusRef: { corpus: 'c', id: '1' } }),
    cand({ url: 'corpus://c/1', title: 'Doc again', corpusRef: { corpus: 'c', id: '1' } }),
  ]);
  assert.equal(duplicatesRemoved, 4);
  assert.deepEqual(
    unique.map((u) => [u.key, u.queries, u.sections]),
    [
      ['https://a.example/x', ['q1', 'q2', 'q3'], ['S2']],
      ['https://c.example/paper', ['q1', 'q4'], []],
      ['corpus:c/1', ['q1'], []],
    ],
  );
  assert.equal(unique[0]!.candidate.publishedAt, '2020');
  assert.deepEqual([unique[1]!.candidate.hasScholarlyId, unique[1]!.candidate.authorOrganization], [true, 'A. Author']);
  assert.equal(normalizeTitle(' Ｓｌｅｅｐ  Debt '), 'sleep debt');
});

test("relevance: the section's own query, or half of its distinctive terms (Japanese as bigrams)", () => {
  const sections = sectionTerms('sleep debt', ['Prevalence statistics', 'Health effects', 'sleep debt']);
  assert.deepEqual([...sections[2]!.terms], []);
  assert.deepEqual(relevantSections({ title: 'Sleep debt prevalence in Japan', excerpt: '', foundBySections: [], sections }), ['Prevalence statistics']);
  assert.deepEqual(relevantSections({ title: 'x', excerpt: '', foundBySections: ['Health effects'], sections }), ['Health effects']);
  const ja = sectionTerms('睡眠負債', ['日本人の睡眠時間']);
  assert.deepEqual(relevantSections({ title: '日本人の平均睡眠時間は世界最短', excerpt: '', foundBySections: [], sections: ja }), ['日本人の睡眠時間']);
  assert.ok(terms('睡眠負債の影響').has('負債'));
});

test('candidateFromSource: bibliographic details of the page the engine read (three authors then et al., else the organization), date at its precision, scholarly id, the text cut at 500', () => {
  const c = candidateFromSource(
    {
      source: {
        pageId: 'pg1',
        url: 'https://doi.org/10.1/abc',
        domain: 'doi.org',
        title: ' A  study ',
        trustLevel: 'ACADEMIC',
        sourceType: 'academic_paper',
        primary: true,
        publishedAt: '2019',
        authors: ['A', 'B', 'C', 'D'],
        organization: 'Press',
        identifiers: { doi: '10.1/abc' },
      },
      text: 'x'.repeat(700),
    },
    { query: 'q', section: 'S' },
  );
  assert.deepEqual(
    { ...c, excerpt: c.excerpt.length },
    {
      url: 'https://doi.org/10.1/abc',
      title: 'A study',
      excerpt: 500,
      publishedAt: '2019',
      authorOrganization: 'A, B, C et al.',
      hasScholarlyId: true,
      pageId: 'pg1',
      read: true,
      query: 'q',
      section: 'S',
    },
  );
  const web = candidateFromSource(
    {
      source: {
        pageId: 'pg2',
        url: 'https://www.ncbi.nlm.nih.gov/pubmed/123456',
        domain: 'nih.gov',
        title: 'T',
        trustLevel: 'ACADEMIC',
        sourceType: 'academic_paper',
        primary: true,
        organization: ' NCBI ',
      },
      text: 'body',
    },
    { query: 'q' },
  );
  assert.deepEqual([web.authorOrganization, web.hasScholarlyId, web.excerpt], ['NCBI', true, 'body']);
  const corpus = candidateFromUnread(
    {
      source: { pageId: 'pg3', url: 'corpus://docs/a%20b', domain: 'corpus://docs/a%20b', trustLevel: 'LOW', sourceType: 'other', primary: false },
      fetchStatus: 'skipped',
    },
    { query: 'q' },
  );
  assert.deepEqual([corpus.title, corpus.excerpt, corpus.read, corpus.corpusRef], ['', '', false, { corpus: 'docs', id: 'a b' }]);
  assert.equal(truncateExcerpt(`${'a'.repeat(499)}😀`).length, 499);
});
