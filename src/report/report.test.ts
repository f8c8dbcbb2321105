// The report document and its two renderings: Markdown laid out as report.md always was, the UI's HTML
// linking claims and sources from the document's fields, and hostile text inert in both (the HTML
// checked element by element, the Markdown through marked, a CommonMark renderer).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { marked } from 'marked';
import { mdInlinePart } from '../core/index.js';
import { HOSTILE_URLS, INJECTION_TEXTS, assertInert } from '../test-support/inert-html.js';
import {
  REPORT_DOCUMENT_FORMAT,
  cite,
  heading,
  item,
  list,
  paragraph,
  plainText,
  quote,
  renderHtmlFragment,
  renderMarkdown,
  reportDocumentSchema,
  text,
  type ReportDocument,
} from './index.js';

const doc: ReportDocument = {
  format: REPORT_DOCUMENT_FORMAT,
  language: 'en',
  blocks: [
    heading(1, [text('Research report: Does walking lower blood pressure?')]),
    { type: 'note', content: [text('Run: 2026-01-01 10:00 | 3 searches | corpus:example | task task_x')] },
    heading(2, [text('Answer')]),
    paragraph([{ type: 'strong', text: 'Supported' }, text(' — proposition: '), quote('walking lowers blood pressure')]),
    list([item([text('For:')], [item([quote('Walking lowered it by 5 mmHg.'), text(' '), cite(1)])]), item([text('Confidence 0.71 (moderate).')])]),
    heading(3, [text('Walking lowers blood pressure')], { number: 1, claimId: 'clm_1' }),
    list([item([text('Supports: '), cite(1), text(' (quoted above)')])]),
    paragraph([{ type: 'emphasis', text: '8 of 9 shown; all are in verified_claims.json.' }]),
    heading(2, [text('Coverage')]),
    {
      type: 'table',
      head: [[text('Perspective')], [text('Searches')]],
      rows: [[[text('mechanism')], [text('2')]]],
    },
    heading(2, [text('References')]),
    list(
      [
        {
          content: [{ type: 'link', text: 'Study', url: 'https://a.example/s' }, text(' '), { type: 'url', url: 'https://a.example/s' }, text(' — LOW')],
          cite: 1,
          source_url: 'https://a.example/s',
        },
      ],
      true,
    ),
  ],
};

test('Markdown: the layout of report.md — headings, the run note, nested lists, numbered claim headings, a table, References numbered by citation', () => {
  assert.equal(
    renderMarkdown(doc),
    [
      '# Research report: Does walking lower blood pressure?',
      '',
      '> Run: 2026-01-01 10:00 \\| 3 searches \\| corpus:example \\| task task_x',
      '',
      '## Answer',
      '',
      '**Supported** — proposition: “walking lowers blood pressure”',
      '',
      '- For:',
      '  - “Walking lowered it by 5 mmHg.” [1]',
      '- Confidence 0.71 (moderate).',
      '',
      '### 1. Walking lowers blood pressure',
      '',
      '- Supports: [1] (quoted above)',
      '',
      '_8 of 9 shown; all are in verified_claims.json._',
      '',
      '## Coverage',
      '',
      '| Perspective | Searches |',
      '|:--|:--|',
      '| mechanism | 2 |',
      '',
      '## References',
      '',
      '1. [Study](<https://a.example/s>) <https://a.example/s> — LOW',
      '',
    ].join('\n'),
  );
});

test('a piece of a line keeps its spaces and escapes a block marker only where the line starts', () => {
  assert.equal(mdInlinePart(' — 1. a_b *c* ', false), ' — 1. a_b \\*c\\* ');
  assert.equal(mdInlinePart('1. first', true), '1\\. first');
  assert.equal(mdInlinePart('1. first', false), '1. first');
  assert.equal(mdInlinePart('- item', true), '\\- item');
  assert.equal(mdInlinePart('_x_', false), '\\_x\\_');
  assert.equal(mdInlinePart(' ', false), ' ');
  assert.equal(mdInlinePart(' ', true), '');
});

test('HTML: a numbered heading links to its claim by id, a reference to its source by address, a citation to the reference it names', () => {
  const html = renderHtmlFragment(doc, {
    claimHref: (id) => (id === 'clm_1' ? '/tasks/task_x/claims/clm_1' : undefined),
    sourceHref: (u) => (u === 'https://a.example/s' ? { href: '/tasks/task_x?domain=a.example', label: 'claims from a.example' } : undefined),
  });
  assert.match(html, /^<div class="report"><h2>Research report: Does walking lower blood pressure\?<\/h2>/);
  assert.match(html, /<h4><a class="claim-link" href="\/tasks\/task_x\/claims\/clm_1">1\. Walking lowers blood pressure<\/a><\/h4>/);
  assert.match(
    html,
    /<li id="src-1" value="1"><a href="https:\/\/a.example\/s" rel="noopener noreferrer nofollow">Study<\/a> <a href="https:\/\/a.example\/s" rel="noopener noreferrer nofollow">https:\/\/a.example\/s<\/a> — LOW <a class="ui-link" href="\/tasks\/task_x\?domain=a.example">claims from a.example<\/a><\/li>/,
  );
  assert.equal(html.match(/<a class="cite" href="#src-1">\[1\]<\/a>/g)?.length, 2);
  assert.match(html, /<blockquote><p>Run: 2026-01-01 10:00 \| 3 searches/);
  assert.match(
    html,
    /<table><thead><tr><th>Perspective<\/th><th>Searches<\/th><\/tr><\/thead><tbody><tr><td>mechanism<\/td><td>2<\/td><\/tr><\/tbody><\/table>/,
  );
  // Without links from the caller, the same page links nothing into the UI; a mark no reference defines stays text.
  const bare = renderHtmlFragment({ ...doc, blocks: [...doc.blocks.slice(0, -1), paragraph([cite(7)])] });
  assert.doesNotMatch(bare, /claim-link|ui-link|#src-/);
  assert.match(bare, /<p>\[7\]<\/p>/);
});

test('a link to an address that is not http(s) shows its label and the address as text, in both renderings', () => {
  const d: ReportDocument = { ...doc, blocks: [paragraph([{ type: 'link', text: 'Notes', url: 'corpus://example/notes.md' }])] };
  assert.equal(renderMarkdown(d), 'Notes (corpus://example/notes.md)\n');
  assert.equal(renderHtmlFragment(d), '<div class="report"><p>Notes (corpus://example/notes.md)</p></div>');
});

test('hostile text in every kind of piece renders inert: no element, attribute or link but the renderers’ own', () => {
  const pieces = [
    ...INJECTION_TEXTS.flatMap((t) => [text(t), { type: 'strong' as const, text: t }, { type: 'emphasis' as const, text: t }, quote(t)]),
    ...HOSTILE_URLS.flatMap((u) => [
      { type: 'link' as const, text: u, url: u },
      { type: 'url' as const, url: u },
    ]),
  ];
  const hostile: ReportDocument = {
    format: REPORT_DOCUMENT_FORMAT,
    language: 'en',
    blocks: [
      ...pieces.map((p) => paragraph([p])),
      ...INJECTION_TEXTS.map((t) => heading(3, [text(t)], { number: 2, claimId: t })),
      list(
        pieces.map((p) => ({ content: [p], source_url: 'javascript:alert(1)' })),
        true,
      ),
      { type: 'table', head: [INJECTION_TEXTS.map((t) => text(t))], rows: [INJECTION_TEXTS.map((t) => [text(t)])] },
    ],
  };
  assertInert(renderHtmlFragment(hostile, { claimHref: () => undefined, sourceHref: () => undefined }));
  // The Markdown, read by a CommonMark renderer with raw HTML allowed, makes nothing either: every piece escaped.
  const md = marked.parse(renderMarkdown(hostile), { async: false });
  assert.doesNotMatch(md, /<(?!\/?(?:h[1-6]|p|ol|ul|li|table|thead|tbody|tr|th|td|strong|em|a)\b)[a-z!]/i, 'only Markdown’s own tags');
  for (const m of md.matchAll(/<a href="([^"]*)"/g)) assert.match(m[1]!, /^https?:\/\/[^\s"'<>`]+$/, `a[href=${m[1]}]`);
  assert.doesNotMatch(md, /<[a-z]+\s(?![^>]*\b(?:href|align|start)=)[^>]*>/i, 'no attribute but a link’s, a cell’s alignment or a list’s start');
  const blocks = marked.lexer(renderMarkdown(hostile));
  assert.ok(
    blocks.every((b) => ['paragraph', 'heading', 'list', 'table', 'space'].includes(b.type)),
    'no block a piece started',
  );
});

test('pieces side by side make nothing together: a mark then "(…)" or ":" is no link, "!" then a link is no image, an empty first piece opens no block', () => {
  const side: ReportDocument = {
    format: REPORT_DOCUMENT_FORMAT,
    language: 'en',
    blocks: [
      paragraph([text('Click '), cite(2), text('(javascript:alert(1))')]),
      paragraph([cite(1), text(': http://evil.example/x')]),
      paragraph([text('see '), cite(3), text('[x](javascript:alert(2))')]),
      paragraph([text('look!'), { type: 'link', text: 'pixel', url: 'https://evil.example/p.gif' }]),
      paragraph([text('wow!'), cite(4), text('(https://evil.example/q.gif)')]),
      paragraph([text(''), text('# Not a heading')]),
      paragraph([{ type: 'strong', text: '' }]),
      list([{ content: [text('first')], list: { ordered: false, items: [{ content: [text('child')] }] } }], true),
      list([item([text('trailing space  ')])]),
    ],
  };
  const md = renderMarkdown(side);
  const html = marked.parse(md, { async: false });
  assert.doesNotMatch(html, /<img|<h1|<hr|href="(?!https?:)/i, html);
  assert.match(html, /<p>\[1\]: http:\/\/evil\.example\/x<\/p>/, 'a mark at a line start defines no link reference: the line stays text');
  assert.match(html, /<ol>\s*<li>first<ul>\s*<li>child<\/li>\s*<\/ul>\s*<\/li>\s*<\/ol>/, 'a list under a numbered item stays inside it');
  assert.doesNotMatch(md, / \n|\*\*\*\*/, 'no trailing space, no empty emphasis');
  assertInert(renderHtmlFragment(side));
});

test('the document schema takes a document and refuses another format, an unknown piece or a mark numbered 0 (the research run checks its own before writing it)', () => {
  assert.deepEqual(reportDocumentSchema.parse(JSON.parse(JSON.stringify(doc))), doc);
  assert.equal(reportDocumentSchema.safeParse({ ...doc, format: 'lyra-report/2' }).success, false);
  assert.equal(reportDocumentSchema.safeParse({ ...doc, blocks: [paragraph([{ type: 'html', text: '<b>' } as never])] }).success, false);
  assert.equal(reportDocumentSchema.safeParse({ ...doc, blocks: [paragraph([cite(0)])] }).success, false);
  assert.equal(plainText([quote('a'), text(' '), cite(2)]), '“a” [2]');
});
