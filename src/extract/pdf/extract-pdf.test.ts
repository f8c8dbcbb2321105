import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isLyraError } from '../../core/index.js';
import { minimalPdf } from '../../test-support/minimal-pdf.js';
import { extractPdf } from './extract-pdf.js';
import { pageParagraphs } from './page-paragraphs.js';

const PDF = minimalPdf({
  title: 'Effects of (X) on Y',
  author: 'Ada Lovelace',
  pages: [
    {
      lines: [
        'Effects of X on Y',
        '',
        'We studied the effect of X on Y in a cohort',
        'of adults. The effect was large and consis-',
        'tent across all subgroups.',
        '',
        'Data are described in doi:10.1000/data.7 and',
        'were analysed as preregistered in the',
        'protocol published earlier.',
      ],
      links: ['https://doi.org/10.5555/linked.1', 'https://example.com/about'],
    },
    { lines: ['The second page cites arXiv:2301.12345v2', 'and PMID: 31234567 in a short', 'closing paragraph of the paper.'] },
  ],
});

test('PDF: text per page, paragraphs by line spacing, hyphenation rejoined, metadata, links and identifiers', async () => {
  const doc = await extractPdf(PDF, 'https://repo.example/paper.pdf');
  assert.equal(doc.format, 'pdf');
  assert.equal(doc.title, 'Effects of (X) on Y');
  assert.equal(doc.byline, 'Ada Lovelace');
  assert.deepEqual(doc.pages, [
    {
      page: 1,
      text:
        'Effects of X on Y\n\nWe studied the effect of X on Y in a cohort of adults. The effect was large and consistent across all subgroups.\n\n' +
        'Data are described in doi:10.1000/data.7 and were analysed as preregistered in the protocol published earlier.',
    },
    { page: 2, text: 'The second page cites arXiv:2301.12345v2 and PMID: 31234567 in a short closing paragraph of the paper.' },
  ]);
  assert.equal(doc.text, doc.pages!.map((p) => p.text).join('\n\n'));
  assert.deepEqual(
    doc.fragments!.map((f) => [f.locator.page, f.locator.paragraph]),
    [
      [1, 0],
      [1, 1],
      [1, 2],
      [2, 3],
    ],
  );
  for (const f of doc.fragments!) assert.equal(doc.text.slice(f.locator.charStart, f.locator.charEnd), f.text);
  assert.deepEqual(doc.links, ['https://doi.org/10.5555/linked.1', 'https://example.com/about']);
  assert.deepEqual(doc.academicLinks, ['https://doi.org/10.5555/linked.1']);
  assert.deepEqual(
    doc.foundIdentifiers!.map((i) => `${i.source}:${i.type}:${i.value}`),
    ['link:doi:10.5555/linked.1', 'text:doi:10.1000/data.7', 'text:arxiv:2301.12345', 'text:pmid:31234567'],
  );
  assert.deepEqual(doc.identifiers, {});
  assert.deepEqual(doc.warnings, []);
});

test('PDF limits and errors: page cap with a warning, size cap, broken and aborted input', async () => {
  const capped = await extractPdf(PDF, 'file:///x.pdf', { maxPdfPages: 1 });
  assert.equal(capped.pages!.length, 1);
  assert.deepEqual(capped.warnings, ['only the first 1 of 2 pages were extracted (limit maxPdfPages)']);
  await assert.rejects(extractPdf(PDF, 'file:///x.pdf', { maxPdfBytes: 100 }), (e) => isLyraError(e) && e.code === 'extract_too_large');
  await assert.rejects(
    extractPdf(new TextEncoder().encode('%PDF-1.4 garbage'), 'file:///bad.pdf'),
    (e) => isLyraError(e) && e.code === 'extract_pdf_invalid' && /bad\.pdf/.test(e.message),
  );
  const ac = new AbortController();
  ac.abort(new Error('stopped'));
  await assert.rejects(extractPdf(PDF, 'file:///x.pdf', { signal: ac.signal }), /stopped/);
});

test('page paragraphs: a baseline jump without EOL is a new line; a wide gap a new paragraph', () => {
  const at = (str: string, y: number, hasEOL = false) => ({ str, transform: [12, 0, 0, 12, 72, y], height: 12, hasEOL });
  assert.deepEqual(pageParagraphs([at('one', 700), at('two', 686), at('three', 672), at('four', 640), at('five', 626)]), ['one two three', 'four five']);
  assert.deepEqual(pageParagraphs([at('a ', 700), at('b', 700, true), at('c', 686, true)]), ['a b c']);
  assert.deepEqual(pageParagraphs([]), []);
  assert.deepEqual(pageParagraphs([at('日本語の文章は', 700), at('改行されても一続き。', 686)]), ['日本語の文章は改行されても一続き。']);
});

test('PDF: a title in a larger font wrapped over two lines is one paragraph (pdf.js runs as a browser prints them)', () => {
  // A 24-point title on two lines 28.5 pt apart, then 12-point body text at 14.3 pt spacing, paragraphs 26 pt apart.
  const run = (str: string, y: number, height: number, hasEOL = true) => ({ str, hasEOL, transform: [height, 0, 0, height, 72, y], height });
  const items = [
    run('Effects of daily walking on resting heart', 735.8, 24),
    run('rate', 707.3, 24),
    run('Abstract. We randomised 212 sedentary adults to walk 30 minutes a day or to continue', 674.3, 12),
    run('their usual routine for 16 weeks.', 660, 12),
    run('Results. Daily walking lowered resting heart rate by 5 beats per minute compared with', 633.8, 12),
    run('the control group.', 619.5, 12),
  ];
  assert.deepEqual(pageParagraphs(items), [
    'Effects of daily walking on resting heart rate',
    'Abstract. We randomised 212 sedentary adults to walk 30 minutes a day or to continue their usual routine for 16 weeks.',
    'Results. Daily walking lowered resting heart rate by 5 beats per minute compared with the control group.',
  ]);
});

test('PDF: running headers and page numbers are not text (two pages with the same journal line and a page number)', async () => {
  const pdf = minimalPdf({
    pages: [
      {
        lines: [
          'Journal of Tests 12 (2026)',
          '',
          'The first page states a finding about',
          'walking and heart rate in a cohort',
          'of adults followed for',
          'ten years.',
          '',
          '1',
        ],
      },
      { lines: ['Journal of Tests 12 (2026)', '', 'The second page states another', 'finding, about sleep, in the', 'same cohort of', 'adults.', '', '2'] },
    ],
  });
  const doc = await extractPdf(pdf, 'https://repo.example/running.pdf');
  assert.deepEqual(doc.pages, [
    { page: 1, text: 'The first page states a finding about walking and heart rate in a cohort of adults followed for ten years.' },
    { page: 2, text: 'The second page states another finding, about sleep, in the same cohort of adults.' },
  ]);
  assert.ok(!doc.fragments!.some((f) => /Journal of Tests/.test(f.text)));
});
