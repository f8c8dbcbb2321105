// PDF decompression bombs are refused before pdf.js decodes them (issue 35, finding 2), wherever the
// bomb hides; pages pdf.js reads for text count, images it never decodes do not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { isLyraError } from '../../core/index.js';
import { minimalPdf } from '../../test-support/minimal-pdf.js';
import { pdfBomb } from '../../test-support/pdf-bomb.js';
import { extractPdf } from './extract-pdf.js';
import { checkPdfInflatedSize } from './inflated-size.js';

const MB = 1024 * 1024;
const tooLarge = (e: unknown): boolean =>
  isLyraError(e) && e.code === 'pdf_too_large' && /bomb\.pdf/.test(e.message) && /extract\.max_pdf_inflated_bytes/.test(e.message) && /1048576/.test(e.message);

test('a Flate bomb is refused with pdf_too_large naming the limit, before pdf.js reads it; under the limit it is read', async () => {
  const bomb = await pdfBomb({ inflatedBytes: 8 * MB });
  assert.ok(bomb.length < 40_000, `${bomb.length} bytes on disk`);
  await assert.rejects(extractPdf(bomb, 'file:///bomb.pdf', { maxPdfInflatedBytes: MB }), tooLarge);
  const read = await extractPdf(bomb, 'file:///bomb.pdf', { maxPdfInflatedBytes: 16 * MB });
  assert.equal(read.pages?.length, 1);
});

test('hiding places: a content stream tagged as an image, two Flate layers — both still counted', async () => {
  await assert.rejects(extractPdf(await pdfBomb({ inflatedBytes: 8 * MB, taggedAsImage: true }), 'file:///bomb.pdf', { maxPdfInflatedBytes: MB }), tooLarge);
  await assert.rejects(extractPdf(await pdfBomb({ inflatedBytes: 8 * MB, doubleFlate: true }), 'file:///bomb.pdf', { maxPdfInflatedBytes: MB }), tooLarge);
});

test('an image pdf.js never decodes for text is not counted: a scanned page passes', async () => {
  const scanned = await pdfBomb({ inflatedBytes: 8 * MB, asImageXObject: true });
  const doc = await extractPdf(scanned, 'file:///scan.pdf', { maxPdfInflatedBytes: MB });
  assert.match(doc.text, /A small page\./);
});

test('filters: ASCIIHex, ASCII85, RunLength and LZW are decoded and counted, alone and before Flate', async () => {
  const withStream = (dict: string, data: Buffer): Uint8Array =>
    Buffer.concat([
      Buffer.from(`%PDF-1.4\n4 0 obj\n<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream\nendobj\n%%EOF\n'),
    ]);
  const size = (dict: string, data: Buffer): Promise<number> => checkPdfInflatedSize(withStream(dict, data), 'x', { maxInflatedBytes: 100 * MB });
  assert.equal(await size('/Filter /ASCIIHexDecode', Buffer.from('48 65 6c6c 6f20776f726c64>')), 26); // 11 decoded, counted no less than stored
  const flated = deflateSync(Buffer.alloc(50_000, 0x41));
  assert.equal(await size('/Filter [/ASCIIHexDecode /FlateDecode]', Buffer.from(`${flated.toString('hex')}>`)), 50_000);
  // ASCII85 of "Man " is 9jqo^
  assert.equal(await size('/Filter /ASCII85Decode', Buffer.from('9jqo^9jqo^9jqo^9jqo^~>')), 22);
  // RunLength: 257-129 = 128 copies of "x", twice; then EOD
  assert.equal(await size('/Filter /RunLengthDecode', Buffer.from([129, 0x78, 129, 0x78, 128])), 256);
  // LZW: codes 9 bits wide: 65 ("A"), 258 ("AA"), 259 ("AAA"), 257 (EOD) → "AAAAAA"
  const codes = [65, 258, 259, 257];
  let bits = '';
  for (const c of codes) bits += c.toString(2).padStart(9, '0');
  bits = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
  const lzwBytes = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  assert.equal(await size('/Filter /LZWDecode', Buffer.concat([lzwBytes, Buffer.alloc(6 - lzwBytes.length)])), 6);
});

test('an ordinary PDF counts its few bytes and reads as before', async () => {
  const pdf = minimalPdf({ pages: [{ lines: ['One line of text.'] }] });
  const n = await checkPdfInflatedSize(pdf, 'x', { maxInflatedBytes: MB });
  assert.ok(n > 0 && n < 1_000, String(n));
});
