import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Materials, SourceView } from '../core/index.js';
import { renderMaterialsBibtex } from './render-bibtex.js';
import { materialsCsl } from './render-csl.js';

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

test('bibtex and CSL-JSON cite a built-in corpus document by its own article, not its corpus:// URL (issue 34 item 7)', () => {
  const m = {
    pages: [page({ url: 'corpus://example/Coral_bleaching', title: 'Coral bleaching' }), page({ pageId: 'q', url: 'https://example.org/a' })],
  } as unknown as Materials;
  const linkOf = (url: string): string | null =>
    url.startsWith('corpus://example/') ? `https://en.wikipedia.org/wiki/${url.slice('corpus://example/'.length)}` : null;
  const bib = renderMaterialsBibtex(m, { linkOf });
  assert.match(bib, /url = \{https:\/\/en\.wikipedia\.org\/wiki\/Coral_bleaching\}/);
  assert.match(bib, /url = \{https:\/\/example\.org\/a\}/, 'a source with a web URL keeps it');
  assert.ok(!bib.includes('corpus://'), bib);
  const csl = materialsCsl(m, { linkOf });
  assert.deepEqual(
    csl.map((c) => c.URL),
    ['https://en.wikipedia.org/wiki/Coral_bleaching', 'https://example.org/a'],
  );
});
