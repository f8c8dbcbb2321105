import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Materials, SourceView } from '../../core/index.js';
import { renderMaterialsBibtex } from './render-bibtex.js';

const page = (extra: Partial<SourceView>): SourceView => ({
  pageId: 'p',
  url: 'corpus://check-covid/abc',
  domain: 'corpus:check-covid',
  title: 'Masks and transmission',
  trustLevel: 'ACADEMIC',
  sourceType: 'other',
  primary: true,
  ...extra,
});

test('bibtex: a source with a DOI, PMID or arXiv id is an @article whatever its page type; others keep their type', () => {
  const m = {
    pages: [
      page({ identifiers: { doi: '10.1000/x1' } }),
      page({ pageId: 'q', title: 'A PubMed record', identifiers: { pmid: '123' } }),
      page({ pageId: 'r', title: 'A blog post' }),
    ],
  } as unknown as Materials;
  const bib = renderMaterialsBibtex(m);
  assert.equal((bib.match(/^@article\{/gm) ?? []).length, 2, bib);
  assert.equal((bib.match(/^@misc\{/gm) ?? []).length, 1, bib);
  assert.match(bib, /doi = \{10\.1000\/x1\}/);
});
