import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Paper } from '../../core/index.js';
import { createPaperIndex, normalizeTitle, titleKey } from './index.js';

const paper = (p: Partial<Paper> & Pick<Paper, 'source' | 'id'>): Paper => ({
  title: 'A study of things that matter a lot',
  authors: [],
  identifiers: {},
  ...p,
});

test('normalizeTitle folds case, accents, punctuation and width; titleKey needs a year and a long title', () => {
  assert.equal(normalizeTitle('Écoles  — “Learning”: ＡＩ <i>in</i> practice.'), 'ecoles learning ai in practice');
  assert.equal(titleKey('Editorial', 2020), undefined);
  assert.equal(titleKey('A long enough title for matching', undefined), undefined);
  assert.equal(titleKey('A long enough title for matching', 2020), 'a long enough title for matching|2020');
});

test('the same DOI from three sources is one paper listing all three, fields merged richest-first', () => {
  const index = createPaperIndex();
  index.add(
    paper({
      source: 'semantic_scholar',
      id: 'abc',
      title: 'Computing Machinery and Intelligence',
      year: 1950,
      abstract: 'short',
      citationCount: 10059,
      authors: ['A. Turing'],
      identifiers: { doi: '10.1093/mind/lix.236.433', s2: 'abc' },
    }),
  );
  index.add(
    paper({
      source: 'openalex',
      id: 'W1',
      title: 'COMPUTING MACHINERY AND INTELLIGENCE (REPRINT)',
      year: 1950,
      abstract: 'a much longer abstract text',
      citationCount: 9000,
      referenceCount: 14,
      authors: ['Alan Turing'],
      identifiers: { doi: '10.1093/mind/lix.236.433', openalex: 'W1' },
    }),
  );
  const c = index.add(
    paper({
      source: 'crossref',
      id: '10.1093/mind/lix.236.433',
      title: 'I.—Computing Machinery and Intelligence',
      year: 1950,
      publishedAt: '1950-10-01',
      venue: 'Mind',
      authors: [],
      identifiers: { doi: '10.1093/mind/lix.236.433' },
    }),
  );
  assert.equal(index.size, 1);
  assert.deepEqual(c.sources, ['semantic_scholar', 'openalex', 'crossref']);
  assert.deepEqual(
    c.records.map((r) => r.id),
    ['abc', 'W1', '10.1093/mind/lix.236.433'],
  );
  assert.equal(c.key, 'doi:10.1093/mind/lix.236.433');
  assert.deepEqual(c.identifiers, { doi: '10.1093/mind/lix.236.433', s2: 'abc', openalex: 'W1' });
  assert.equal(c.title, 'I.—Computing Machinery and Intelligence', 'longest mixed-case title; ALL-CAPS loses');
  assert.equal(c.abstract, 'a much longer abstract text');
  assert.equal(c.abstractSource, 'openalex');
  assert.equal(c.citationCount, 10059);
  assert.equal(c.referenceCount, 14);
  assert.equal(c.publishedAt, '1950-10-01');
  assert.equal(c.venue, 'Mind');
  assert.deepEqual(c.authors, ['A. Turing']);
  assert.equal(index.find('doi:10.1093/MIND/LIX.236.433')?.key, c.key);
  assert.equal(index.find('openalex:W1')?.key, c.key);
});

test('PMID, then arXiv id, then title + year match; an arXiv DOI does not block a publisher DOI', () => {
  const index = createPaperIndex();
  index.add(paper({ source: 'pubmed', id: '123', identifiers: { pmid: '123', doi: '10.1/x' } }));
  index.add(paper({ source: 'openalex', id: 'W9', identifiers: { pmid: '123' } }));
  assert.equal(index.size, 1);
  index.add(
    paper({
      source: 'arxiv',
      id: '2304.04761',
      title: 'Connecting Fairness in Machine Learning',
      identifiers: { arxiv: '2304.04761', doi: '10.48550/arxiv.2304.04761' },
    }),
  );
  const merged = index.add(
    paper({
      source: 'semantic_scholar',
      id: 's',
      title: 'Connecting Fairness in Machine Learning',
      identifiers: { arxiv: '2304.04761', doi: '10.1109/pub.2023.1' },
    }),
  );
  assert.equal(index.size, 2);
  assert.equal(merged.identifiers.doi, '10.1109/pub.2023.1', 'the publisher DOI wins over the arXiv DOI');
  assert.equal(merged.key, 'doi:10.1109/pub.2023.1');
  index.add(paper({ source: 'crossref', id: '10.9/t', title: 'Heat-bath random walks with Markov bases', year: 2016, identifiers: { doi: '10.9/t' } }));
  const byTitle = index.add(
    paper({ source: 'arxiv', id: '1605.08386', title: 'Heat-Bath Random Walks with Markov Bases.', year: 2016, identifiers: { arxiv: '1605.08386' } }),
  );
  assert.equal(index.size, 3);
  assert.deepEqual(byTitle.sources, ['crossref', 'arxiv']);
});

test('conflicting stronger identifiers refuse a weaker match: two DOIs with one title stay two papers', () => {
  const index = createPaperIndex();
  index.add(paper({ source: 'crossref', id: 'a', title: 'Erratum to a long article title', year: 2020, identifiers: { doi: '10.1/a' } }));
  index.add(paper({ source: 'crossref', id: 'b', title: 'Erratum to a long article title', year: 2020, identifiers: { doi: '10.1/b' } }));
  index.add(paper({ source: 'openalex', id: 'W2', identifiers: { pmid: '5', doi: '10.1/c' } }));
  index.add(paper({ source: 'pubmed', id: '5', identifiers: { pmid: '5', doi: '10.1/d' } }));
  assert.equal(index.size, 4);
  const noYear = createPaperIndex();
  noYear.add(paper({ source: 'a', id: '1' }));
  noYear.add(paper({ source: 'b', id: '2' }));
  assert.equal(noYear.size, 2, 'title without year never merges');
});

test('a record that carries both ids joins two entries found separately', () => {
  const index = createPaperIndex();
  index.add(paper({ source: 'crossref', id: '10.1/z', identifiers: { doi: '10.1/z' } }));
  index.add(paper({ source: 'pubmed', id: '77', title: 'Something else entirely, by PubMed', identifiers: { pmid: '77' } }));
  assert.equal(index.size, 2);
  const joined = index.add(paper({ source: 'semantic_scholar', id: 's', identifiers: { doi: '10.1/z', pmid: '77' } }));
  assert.equal(index.size, 1);
  assert.deepEqual(joined.sources, ['crossref', 'semantic_scholar', 'pubmed']);
  assert.equal(index.find('pmid:77')?.key, 'doi:10.1/z');
});
