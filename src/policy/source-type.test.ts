import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SourceType } from '../core/index.js';
import { classifySourceType, credibilityScore } from './index.js';

const rows: Array<[string, SourceType]> = [
  ['https://www.stanford.edu/research/paper.html', 'academic_paper'],
  ['https://www.u-tokyo.ac.jp/ja/research/', 'academic_paper'],
  ['https://www.ox.ac.uk/news/2024', 'academic_paper'],
  ['https://pubmed.ncbi.nlm.nih.gov/12345678/', 'academic_paper'],
  ['https://scholar.google.com/scholar?q=x', 'academic_paper'],
  ['https://www.researchgate.net/publication/1', 'academic_paper'],
  ['https://arxiv.org/abs/2101.00001', 'academic_paper'],
  ['https://www.mhlw.go.jp/stf/houdou/', 'government_report'],
  ['https://www.stat.go.jp/data/jinsui/', 'government_report'],
  ['https://www.cdc.gov/flu/index.html', 'government_report'],
  ['https://www.gov.uk/government/publications/x', 'government_report'],
  ['https://example.org/statistics/2024', 'statistics'],
  ['https://example.org/open-data/survey-results', 'statistics'],
  ['https://example.org/metadata/page', 'other'],
  ['https://www.iso.org/standard/62085.html', 'official_document'],
  ['https://www.who.int/publications/i/item/1', 'official_document'],
  ['https://www.mckinsey.com/industries/x', 'industry_report'],
  ['https://www2.deloitte.com/jp/ja/pages/x.html', 'industry_report'],
  ['https://www.reuters.com/world/x', 'news_article'],
  ['https://www.nikkei.com/article/x', 'news_article'],
  ['https://news.example.com/story', 'news_article'],
  ['https://www.education.com/x', 'other'],
  ['https://blog.example.com/post', 'other'],
  ['not a url', 'other'],
];

for (const [url, type] of rows) {
  test(`classifySourceType(${url}) = ${type}`, () => assert.equal(classifySourceType(url), type));
}

test('a scholarly identifier makes any page an academic paper', () => {
  assert.equal(classifySourceType('https://blog.example.com/post', { hasScholarlyId: true }), 'academic_paper');
});

const scores: Array<[SourceType, string, { author?: string; organization?: string }, number]> = [
  ['academic_paper', 'https://x.edu/p', {}, 0.95],
  ['academic_paper', 'https://x.edu/p', { author: 'A' }, 1.0],
  ['government_report', 'http://x.go.jp/p', {}, 0.85],
  ['government_report', 'https://x.go.jp/p', { organization: '厚生労働省' }, 0.95],
  ['statistics', 'https://x.org/stats', {}, 0.85],
  ['official_document', 'http://x.org', {}, 0.8],
  ['industry_report', 'https://mckinsey.com/x', {}, 0.75],
  ['news_article', 'https://reuters.com/x', { author: 'R' }, 0.6],
  ['other', 'http://blog.example', {}, 0.3],
  ['other', 'https://blog.example', { author: '  ' }, 0.35],
];

for (const [type, url, hints, score] of scores) {
  test(`credibilityScore(${type}, ${url}, ${JSON.stringify(hints)}) = ${score}`, () => assert.equal(credibilityScore(type, url, hints), score));
}
