import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedDataPath, skipUnlessShared } from '../../test-support/shared-data.js';
import { startLoopbackWeb, serveReadabilityPages, type LoopbackWeb } from '../../test-support/loopback-web.js';
import { minimalPdf } from '../../test-support/minimal-pdf.js';
import { main } from '../main.js';

let web: LoopbackWeb;
let home: string;

const ARTICLE = `<html lang="en"><head><title>Dose study</title><meta name="citation_doi" content="10.1000/dose.1">
<meta name="citation_author" content="Roe, Jane"><meta name="article:published_time" content="2022-06-01"></head><body><article>
<h2>Findings</h2><p>${'The higher dose lowered blood pressure more than the lower dose in every group we measured. '.repeat(4)}</p>
<p>${'Adverse events were rare and mild in both arms of the study, see arXiv:2201.00001 for the model. '.repeat(3)}</p>
</article></body></html>`;

before(async () => {
  web = await startLoopbackWeb({
    routes: {
      '/article': { body: ARTICLE, headers: { 'content-type': 'text/html; charset=utf-8' } },
      '/paper.pdf': {
        body: Buffer.from(minimalPdf({ title: 'PDF paper', pages: [{ lines: ['Only page, citing doi:10.2000/p.9 here.'] }] })),
        headers: { 'content-type': 'application/pdf' },
      },
      '/gone': { status: 404, body: 'not here' },
    },
  });
  home = mkdtempSync(join(tmpdir(), 'lyra-extract-cli-'));
  writeFileSync(join(home, 'lyra.config.yaml'), 'fetch:\n  allow_private: ["127.0.0.1/32:1-65535"]\n  max_retries: 0\n  respect_robots: false\n');
  writeFileSync(join(home, 'notes.md'), '# Notes\n\nSee https://pubmed.ncbi.nlm.nih.gov/31234567/ for details.\n');
});
after(async () => {
  await web.close();
  rmSync(home, { recursive: true, force: true });
});

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['node', 'lyra', ...args], {
    io: { stdout: (t) => void (out += t), stderr: (t) => void (err += t) },
    env: { LYRA_HOME: home },
    cwd: home,
  });
  return { code, out, err };
}

const CONTRACT = ['title', 'byline', 'publishedTime', 'lang', 'siteName', 'text', 'fragments', 'identifiers', 'readerable'];

test('lyra extract <url> --json: the public fields, fragments verbatim in text, identifiers with sources', async () => {
  const r = await run(['extract', web.url('/article'), '--json']);
  assert.equal(r.code, 0, r.err);
  const j = JSON.parse(r.out) as Record<string, unknown> & {
    text: string;
    fragments: Array<{ text: string; locator: { headingPath: string[]; paragraph: number; charStart: number; charEnd: number } }>;
  };
  for (const key of CONTRACT) assert.ok(key in j, `field ${key}`);
  assert.deepEqual(
    [j.title, j.byline, j.publishedTime, j.lang, j.siteName, j.readerable, j.format],
    ['Dose study', 'Roe, Jane', '2022-06-01', 'en', null, true, 'html'],
  );
  assert.equal(j.fragments.length, 2);
  for (const f of j.fragments) {
    assert.equal(j.text.slice(f.locator.charStart, f.locator.charEnd), f.text);
    assert.deepEqual(f.locator.headingPath, ['Findings']);
  }
  assert.deepEqual(j.identifiers, [
    { type: 'doi', value: '10.1000/dose.1', source: 'meta' },
    { type: 'arxiv', value: '2201.00001', source: 'text' },
  ]);
});

test('lyra extract: a PDF URL, a Markdown file, plain output, and errors with exit codes', async () => {
  const pdf = await run(['extract', web.url('/paper.pdf'), '--json']);
  assert.equal(pdf.code, 0, pdf.err);
  const p = JSON.parse(pdf.out) as { format: string; title: string; text: string; pages: unknown; identifiers: unknown };
  assert.deepEqual(
    [p.format, p.title, p.text, p.pages, p.identifiers],
    [
      'pdf',
      'PDF paper',
      'Only page, citing doi:10.2000/p.9 here.',
      [{ page: 1, text: 'Only page, citing doi:10.2000/p.9 here.' }],
      [{ type: 'doi', value: '10.2000/p.9', source: 'text' }],
    ],
  );

  const md = await run(['extract', 'notes.md']);
  assert.equal(md.code, 0, md.err);
  assert.match(md.out, /^title: Notes\n/);
  assert.match(md.out, /identifiers: pmid:31234567 \(link\)\n/);
  assert.match(md.out, /\n\nNotes\n\nSee https:\/\/pubmed\.ncbi\.nlm\.nih\.gov\/31234567\/ for details\.\n$/);

  const gone = await run(['extract', web.url('/gone'), '--json']);
  assert.equal(gone.code, 1);
  assert.match(gone.err, /"code":"http_status"/);
  const missing = await run(['extract', 'no-such-file.html']);
  assert.equal(missing.code, 2);
  assert.match(missing.err, /invalid_input: extract: cannot read .*no-such-file\.html/);
  const badFlag = await run(['extract', 'notes.md', '--max-fragment-chars', '5']);
  assert.equal(badFlag.code, 2);
});

test("lyra extract on a real page served by the loopback web matches Readability's reference metadata", {
  skip: skipUnlessShared('readability-test-pages/pages'),
}, async () => {
  serveReadabilityPages(web);
  const r = await run(['extract', web.url('/pages/ars-1/'), '--json']);
  assert.equal(r.code, 0, r.err);
  const j = JSON.parse(r.out) as Record<string, unknown>;
  const expected = JSON.parse(readFileSync(sharedDataPath('readability-test-pages/pages/ars-1/expected-metadata.json'), 'utf8')) as Record<string, unknown>;
  assert.deepEqual([j.title, j.byline, j.lang, j.readerable], [expected.title, expected.byline, expected.lang, expected.readerable]);
});

test('lyra extract honours the extract: limits of the configuration', async () => {
  const other = mkdtempSync(join(tmpdir(), 'lyra-extract-cli-'));
  try {
    writeFileSync(join(other, 'lyra.config.yaml'), 'extract:\n  max_file_bytes: 20\n  max_fragment_chars: 100\n');
    writeFileSync(join(other, 'small.txt'), 'Short text.');
    writeFileSync(join(other, 'big.txt'), 'x'.repeat(21));
    const runIn = async (args: string[]) => {
      let out = '';
      let err = '';
      const code = await main(['node', 'lyra', ...args], {
        io: { stdout: (t) => void (out += t), stderr: (t) => void (err += t) },
        env: { LYRA_HOME: other },
        cwd: other,
      });
      return { code, out, err };
    };
    assert.equal((await runIn(['extract', 'small.txt', '--json'])).code, 0);
    const big = await runIn(['extract', 'big.txt']);
    assert.equal(big.code, 2);
    assert.match(big.err, /big\.txt is 21 bytes, over the limit of 20/);
    writeFileSync(join(other, 'lyra.config.yaml'), 'extract:\n  max_fragment_chars: 5\n');
    const bad = await runIn(['extract', 'small.txt']);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /max_fragment_chars/);
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
});
