import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropRunningLines } from './running-lines.js';

test("a browser's print header and footer and a page number alone are dropped, even from a one-page document", () => {
  const page = [
    'Effects of daily walking on resting heart rate',
    'Results. Daily walking lowered resting heart rate by 5 beats per minute compared with the control group.',
    '12/1/26, 3:32 AM Effects of daily walking on resting heart rate',
    'file:///tmp/own/pdf/study.html 1/1',
  ];
  assert.deepEqual(dropRunningLines([page]), [page.slice(0, 2)]);
  assert.deepEqual(dropRunningLines([['01.12.26, 15:32 Titel der Seite', 'https://example.org/a?b=1 2/3', 'Page 2 of 3', '- 4 -', '17', 'Text.']]), [
    ['Text.'],
  ]);
});

test('a short line on at least half of the pages, numbers aside, is a running header or footer; body text, long or once, stays', () => {
  const pages = [
    ['Journal of Tests 12 (2026) 101–110', 'First finding of the paper.', 'A key sentence stated once.'],
    ['Journal of Tests 12 (2026) 101–110', 'Second finding of the paper.'],
    ['Journal of Tests 12 (2026) 101–110', 'Third finding.', 'Downloaded by Example University on 3 March 2026'],
    ['Fourth finding.', 'Downloaded by Example University on 4 March 2026'],
  ];
  assert.deepEqual(dropRunningLines(pages), [
    ['First finding of the paper.', 'A key sentence stated once.'],
    ['Second finding of the paper.'],
    ['Third finding.'],
    ['Fourth finding.'],
  ]);
  // One page: nothing repeats, so nothing is dropped but the patterns; a dated sentence without the browser's comma stays.
  assert.deepEqual(dropRunningLines([['Journal of Tests 12 (2026) 101–110', '2020-03-15 12:30 the first case was reported.']]), [
    ['Journal of Tests 12 (2026) 101–110', '2020-03-15 12:30 the first case was reported.'],
  ]);
  // A long paragraph is never a running line, even repeated.
  const long = `${'A sentence that goes on. '.repeat(10)}`.trim();
  assert.deepEqual(dropRunningLines([[long], [long]]), [[long], [long]]);
});

test('a template sentence repeated through the text is text: it is not once a page, nor only at the edges', () => {
  const row = (n: number) => `Paragraph ${n}: walking ${n} hours a week was associated with a lower resting heart rate.`;
  const pages = [0, 1, 2, 3].map((p) => [0, 1, 2, 3, 4, 5, 6, 7].map((k) => row(p * 8 + k)));
  assert.deepEqual(dropRunningLines(pages), pages);
  // The same line once a page, but in the middle of the text, is text too.
  const middle = [0, 1, 2].map((p) =>
    [...'abc']
      .map((x) => `${x}${'x'.repeat(p + 1)} opens page text.`)
      .concat(
        [`Sidebar ${p}`],
        [...'def'].map((x) => `${x}${'y'.repeat(p + 1)} closes it.`),
      ),
  );
  assert.deepEqual(dropRunningLines(middle), middle);
});

test("a number alone amid a page's text (a table's cell) stays; at the page's edge it is the page's number", () => {
  const page = ['Page opens here.', 'Second paragraph.', 'Third paragraph.', '17', 'Fifth paragraph.', 'Sixth paragraph.', 'Seventh paragraph.', '4'];
  assert.deepEqual(dropRunningLines([page]), [page.slice(0, 7)]);
});
