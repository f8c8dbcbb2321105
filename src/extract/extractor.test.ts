import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextEncoder } from 'node:util';
import { isLyraError } from '../core/index.js';
import { minimalPdf } from '../test-support/minimal-pdf.js';
import { createTextExtractor, detectFormat, decodeDocumentBytes } from './index.js';

test('format from media type, extension and bytes', () => {
  const pdf = new TextEncoder().encode('%PDF-1.7 …');
  assert.equal(detectFormat({ contentType: 'text/html; charset=utf-8' }), 'html');
  assert.equal(detectFormat({ contentType: 'application/octet-stream', head: pdf }), 'pdf');
  assert.equal(detectFormat({ contentType: 'text/plain', name: '/docs/readme.md' }), 'markdown');
  assert.equal(detectFormat({ name: 'https://a.example/paper.PDF' }), 'pdf');
  assert.equal(detectFormat({ head: new TextEncoder().encode('\ufeff  <!DOCTYPE html><html>') }), 'html');
  assert.equal(detectFormat({ contentType: 'text/csv' }), 'text');
  assert.equal(detectFormat({ contentType: 'image/png', name: 'x.png' }), undefined);
});

test('bytes decode by BOM, declared charset or <meta charset>; Shift_JIS comes out as text', () => {
  // 「日本語」 in Shift_JIS.
  const sjis = new Uint8Array([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]);
  const html = new Uint8Array([...new TextEncoder().encode('<meta charset="shift_jis"><p>'), ...sjis]);
  assert.equal(decodeDocumentBytes(html, { html: true }).text, '<meta charset="shift_jis"><p>日本語');
  assert.equal(decodeDocumentBytes(sjis, { charset: 'Shift_JIS' }).text, '日本語');
  assert.equal(decodeDocumentBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), { charset: 'shift_jis' }).text, 'A');
  const unknown = decodeDocumentBytes(new TextEncoder().encode('x'), { charset: 'no-such-charset' });
  assert.deepEqual([unknown.text, unknown.warnings], ['x', ['unknown charset "no-such-charset"; decoded as UTF-8']]);
});

test('the TextExtractor dispatches on format and reports what it cannot read', async () => {
  const extractor = createTextExtractor({ maxFragmentChars: 1000 });
  const html = await extractor.extract({ url: 'https://a.example/', contentType: 'text/html', text: '<p>Hello there.</p>' });
  assert.deepEqual([html.format, html.text], ['html', 'Hello there.']);
  const pdf = await extractor.extract({ url: 'file:///p.pdf', contentType: 'application/pdf', body: minimalPdf({ pages: [{ lines: ['PDF text.'] }] }) });
  assert.deepEqual([pdf.format, pdf.text], ['pdf', 'PDF text.']);
  const md = await extractor.extract({ url: 'file:///n.md', contentType: '', body: new TextEncoder().encode('# Title\n\nBody.') });
  assert.deepEqual([md.format, md.title, md.text], ['markdown', 'Title', 'Title\n\nBody.']);
  await assert.rejects(
    extractor.extract({ url: 'https://a.example/x.png', contentType: 'image/png', body: new Uint8Array([1]) }),
    (e) => isLyraError(e) && e.code === 'extract_unsupported_type' && /image\/png/.test(e.message),
  );
  await assert.rejects(
    extractor.extract({ url: 'file:///p.pdf', contentType: 'application/pdf', text: '%PDF-1.4' }),
    (e) => isLyraError(e) && e.category === 'invalid_input',
  );
});
