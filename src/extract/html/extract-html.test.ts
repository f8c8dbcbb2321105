import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLyraError, type ExtractedDocument } from '../../core/index.js';
import { sharedDataPath, skipUnlessShared } from '../../test-support/shared-data.js';
import { normalizePublishedDate } from './dates.js';
import { WHOLE_BODY_REASONS, extractHtml } from './extract-html.js';

const PARAGRAPH =
  'Researchers measured the effect of the intervention over twelve months in four hospitals, and the results were consistent across sites, ages and both sexes.';

const ARTICLE = `<!doctype html>
<html lang="en-GB"><head>
<title>Trial shows benefit | Example Journal</title>
<base href="/articles/">
<meta name="citation_title" content="Trial shows benefit">
<meta name="citation_author" content="Smith, Jane">
<meta name="citation_author" content="Doe, John">
<meta name="citation_publication_date" content="2021/03/05">
<meta name="citation_doi" content="10.1000/EJ.2021.42">
<meta name="citation_journal_title" content="Example Journal">
<meta name="description" content="A randomized trial.">
<script type="application/ld+json">{ not json</script>
</head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article>
<h1>Trial shows benefit</h1>
<h2>Methods</h2>
<p>${PARAGRAPH} Details are in <a href="https://doi.org/10.2000/methods.1">the protocol</a>.</p>
<p>${PARAGRAPH} The preprint is <a href="https://arxiv.org/abs/2101.00001v3">on arXiv</a> and the registry entry is <a href="registry.html">here</a>.</p>
<h3>Statistics</h3>
<p>${PARAGRAPH} We used PMID: 12345678 as the reference analysis.<br>Second line of the same paragraph.</p>
<ul><li>First point of the list, long enough to be kept by the extractor as an item.</li><li>Second point, citing doi:10.3000/xyz.9).</li></ul>
<table><tr><th>Group</th><th>Events</th></tr><tr><td>Treated</td><td>12</td></tr></table>
<h2>Results</h2>
<p>${PARAGRAPH}</p>
<pre>line one
  line two</pre>
</article>
<footer>Copyright Example</footer>
</body></html>`;

function assertFragmentsVerbatim(doc: ExtractedDocument): void {
  assert.ok(doc.fragments && doc.fragments.length > 0, 'fragments exist');
  for (const f of doc.fragments) {
    assert.equal(doc.text.slice(f.locator.charStart, f.locator.charEnd), f.text, `fragment ${f.locator.paragraph} at its offsets`);
    assert.ok(f.text.length > 0 && f.text === f.text.trim());
  }
}

test('article: Readability text, metadata fallbacks, fragments with heading paths, identifiers', () => {
  const doc = extractHtml(ARTICLE, 'https://journal.example.org/articles/trial.html');
  assert.equal(doc.readerable, true);
  assert.equal(doc.format, 'html');
  assert.equal(doc.title, 'Trial shows benefit');
  assert.equal(doc.byline, 'Smith, Jane; Doe, John');
  assert.equal(doc.publishedTime, '2021/03/05');
  assert.equal(doc.publishedAt, '2021-03-05');
  assert.equal(doc.siteName, 'Example Journal');
  assert.equal(doc.language, 'en-GB');
  assert.equal(doc.excerpt, 'A randomized trial.');
  assert.ok(
    doc.warnings.some((w) => w.startsWith('JSON-LD block 1 is not valid JSON')),
    doc.warnings.join('; '),
  );
  assert.ok(!doc.text.includes('Copyright Example') && !doc.text.includes('About'), 'navigation and footer are not article text');
  assert.match(doc.text, /^Methods\n\n/);
  assertFragmentsVerbatim(doc);

  const byStart = (s: string) => doc.fragments!.find((f) => f.text.startsWith(s))!;
  assert.deepEqual(byStart(`${PARAGRAPH} Details`).locator.headingPath, ['Methods']);
  const stats = byStart(`${PARAGRAPH} We used`);
  assert.deepEqual(stats.locator.headingPath, ['Methods', 'Statistics']);
  assert.equal(stats.locator.paragraph, 2);
  assert.ok(stats.text.endsWith('analysis.\nSecond line of the same paragraph.'), 'a <br> is a line break inside the fragment');
  assert.equal(byStart('First point').kind, 'list-item');
  assert.equal(byStart('Group').text, 'Group | Events');
  assert.equal(byStart('Treated').kind, 'table-row');
  assert.deepEqual(doc.fragments!.find((f) => f.text === PARAGRAPH)!.locator.headingPath, ['Results']);
  assert.equal(byStart('line one').text, 'line one\n  line two');
  assert.equal(byStart('line one').kind, 'code');
  assert.deepEqual(
    doc.sections.map((s) => s.headingPath.join(' > ')),
    ['Methods', 'Methods > Statistics', 'Results'],
  );

  assert.deepEqual(doc.identifiers, { doi: '10.1000/ej.2021.42' });
  assert.deepEqual(
    doc.foundIdentifiers!.map((i) => `${i.source}:${i.type}:${i.value}${i.version ?? ''}`),
    ['meta:doi:10.1000/ej.2021.42', 'link:doi:10.2000/methods.1', 'link:arxiv:2101.00001v3', 'text:doi:10.3000/xyz.9', 'text:pmid:12345678'],
  );
  assert.deepEqual(doc.academicLinks, ['https://doi.org/10.2000/methods.1', 'https://arxiv.org/abs/2101.00001v3']);
  assert.ok(doc.links.includes('https://journal.example.org/articles/registry.html'), 'relative links resolve against <base href>');
});

test('a page that is not an article: whole-body text without furniture, flagged and warned', () => {
  const html = `<html><head><title>Login</title></head><body>
    <nav>Menu Home</nav><div>Welcome back.</div><div hidden>secret</div><div style="display: none !important">gone</div>
    <p>Short note with https://pubmed.ncbi.nlm.nih.gov/31234567/ inside.</p><footer>Footer text</footer></body></html>`;
  const doc = extractHtml(html, 'https://site.example/login');
  assert.equal(doc.readerable, false);
  assert.ok(doc.warnings.includes(WHOLE_BODY_REASONS.not_readerable));
  assert.equal(doc.title, 'Login');
  assert.equal(doc.text, 'Welcome back.\n\nShort note with https://pubmed.ncbi.nlm.nih.gov/31234567/ inside.');
  assertFragmentsVerbatim(doc);
});

test('fragments of HTML without <html>, <head> or <body>, and the size limit', () => {
  const doc = extractHtml('<p>Just a fragment of text.</p>', 'file:///tmp/x.html');
  assert.equal(doc.text, 'Just a fragment of text.');
  assert.equal(extractHtml('', 'file:///tmp/empty.html').text, '');
  assert.throws(
    () => extractHtml('<p>too long</p>', 'https://a.example/', { maxHtmlChars: 5 }),
    (e) => isLyraError(e) && e.code === 'extract_too_large' && /a\.example/.test(e.message),
  );
  assert.throws(
    () => extractHtml('<p>x</p>', 'not a url'),
    (e) => isLyraError(e) && e.category === 'invalid_input',
  );
  const many = `<html><body>${'<div><p>x</p></div>'.repeat(50)}</body></html>`;
  assert.throws(
    () => extractHtml(many, 'https://b.example/', { maxElements: 20 }),
    (e) => isLyraError(e) && e.code === 'extract_too_many_elements',
  );
});

test('long blocks are cut into fragments at sentence ends, each verbatim in the text', () => {
  const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} says something measurable about the topic at hand.`).join(' ');
  const doc = extractHtml(`<html><body><article><p>${sentences}</p><p>${sentences}</p></article></body></html>`, 'https://c.example/', {
    maxFragmentChars: 500,
  });
  assertFragmentsVerbatim(doc);
  assert.ok(doc.fragments!.length >= 10);
  for (const f of doc.fragments!) {
    assert.ok(f.text.length <= 500);
    assert.match(f.text, /\.$/, 'cut after a sentence');
  }
});

test('published dates normalize to ISO 8601 at the precision written', () => {
  assert.equal(normalizePublishedDate('2016-12-22T10:43:37-08:00'), '2016-12-22T18:43:37.000Z');
  assert.equal(normalizePublishedDate('2021-03-05'), '2021-03-05');
  assert.equal(normalizePublishedDate('2021/3/5'), '2021-03-05');
  assert.equal(normalizePublishedDate('2021-03'), '2021-03');
  assert.equal(normalizePublishedDate('2021'), '2021');
  assert.equal(normalizePublishedDate('2024年1月15日'), '2024-01-15');
  assert.equal(normalizePublishedDate('20200131'), '2020-01-31');
  assert.equal(normalizePublishedDate('January 5, 2020'), '2020-01-05');
  assert.equal(normalizePublishedDate('Mon, 06 Jan 2020 10:00:00 GMT'), '2020-01-06T10:00:00.000Z');
  assert.equal(normalizePublishedDate('2021-02-30'), undefined);
  assert.equal(normalizePublishedDate('yesterday'), undefined);
});

const PAGES = 'readability-test-pages/pages';

test("real pages: metadata as Readability's reference, Japanese text, academic links", { skip: skipUnlessShared(PAGES) }, () => {
  const load = (name: string): { doc: ExtractedDocument; meta: Record<string, unknown> } => {
    const dir = join(sharedDataPath(PAGES), name);
    const doc = extractHtml(readFileSync(join(dir, 'source.html'), 'utf8'), 'http://fakehost/test/page.html');
    return { doc, meta: JSON.parse(readFileSync(join(dir, 'expected-metadata.json'), 'utf8')) as Record<string, unknown> };
  };
  for (const name of ['nytimes-1', 'breitbart', 'yahoo-4']) {
    const { doc, meta } = load(name);
    assert.equal(doc.title, meta.title, `${name} title`);
    assert.equal(doc.byline, meta.byline, `${name} byline`);
    assert.equal(doc.language, meta.lang, `${name} lang`);
    assert.equal(doc.readerable, meta.readerable, `${name} readerable`);
    assertFragmentsVerbatim(doc);
  }
  const breitbart = load('breitbart').doc;
  assert.equal(breitbart.publishedAt, '2016-12-22T18:43:37.000Z');
  const yahoo = load('yahoo-4').doc;
  assert.ok(yahoo.text.startsWith('トレンドマイクロは3月9日、Wi-Fi利用時の通信を暗号化し'), yahoo.text.slice(0, 40));
  const quanta = load('quanta-1').doc;
  assert.ok(quanta.academicLinks.includes('https://doi.org/10.1175/1520-0469(1963)020%3C0130:DNF%3E2.0.CO;2'));
  assert.ok(quanta.foundIdentifiers!.some((i) => i.type === 'doi' && i.value === '10.1175/1520-0469(1963)020<0130:dnf>2.0.co;2' && i.source === 'link'));
  // Readability found no author; the page's `property="author"` meta names one.
  assert.equal(load('buzzfeed-1').doc.byline, 'Mark Di Stefano');
});
