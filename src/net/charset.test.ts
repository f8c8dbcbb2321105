import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalCharset, decodeText, declaredInDocument, detectCharset, isTextual } from './charset.js';

import { JA_EUC_JP, JA_SHIFT_JIS, JA_TEXT } from './japanese-bytes.fixture.js';

const ascii = (s: string): number[] => [...Buffer.from(s, 'latin1')];
const page = (head: string, text: number[]): Uint8Array =>
  new Uint8Array([...ascii(`<html><head>${head}<title>t</title></head><body><p>`), ...text, ...ascii('</p></body></html>')]);

test('this Node decodes Shift_JIS and EUC-JP (full ICU)', () => {
  assert.equal(canonicalCharset('Shift_JIS'), 'shift_jis');
  assert.equal(canonicalCharset('x-sjis'), 'shift_jis');
  assert.equal(canonicalCharset('EUC-JP'), 'euc-jp');
  assert.equal(decodeText(new Uint8Array(JA_SHIFT_JIS), 'shift_jis'), JA_TEXT);
  assert.equal(decodeText(new Uint8Array(JA_EUC_JP), 'euc-jp'), JA_TEXT);
});

test('charset from the HTTP header, <meta charset>, http-equiv and the XML declaration', () => {
  const sjis = page('', JA_SHIFT_JIS);
  assert.deepEqual(detectCharset(sjis, 'text/html; charset=Shift_JIS'), { charset: 'shift_jis', source: 'header' });
  const meta = page('<meta charset="shift_jis">', JA_SHIFT_JIS);
  assert.deepEqual(detectCharset(meta, 'text/html'), { charset: 'shift_jis', source: 'meta' });
  assert.ok(decodeText(meta, 'shift_jis').includes(JA_TEXT));
  const equiv = page('<meta http-equiv="Content-Type" content="text/html; charset=EUC-JP">', JA_EUC_JP);
  assert.deepEqual(detectCharset(equiv, undefined), { charset: 'euc-jp', source: 'meta' });
  assert.ok(decodeText(equiv, 'euc-jp').includes(JA_TEXT));
  const xml = new Uint8Array([...ascii('<?xml version="1.0" encoding="Shift_JIS"?><r>'), ...JA_SHIFT_JIS, ...ascii('</r>')]);
  assert.equal(declaredInDocument(xml), 'Shift_JIS');
  assert.equal(declaredInDocument(page('<!-- <meta charset="euc-jp"> --><meta charset=utf-8>', [])), 'utf-8');
});

test('a byte-order mark wins over every declaration', () => {
  const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('<meta charset="shift_jis">日本')]);
  assert.deepEqual(detectCharset(bytes, 'text/html; charset=iso-8859-1'), { charset: 'utf-8', source: 'bom' });
  assert.equal(decodeText(bytes, 'utf-8'), '<meta charset="shift_jis">日本');
});

test('lying servers: latin-1 header over UTF-8, UTF-8 header over Shift_JIS; corrections carry a warning', () => {
  const utf8 = new Uint8Array(Buffer.from(`<p>${JA_TEXT}</p>`));
  const a = detectCharset(utf8, 'text/html; charset=iso-8859-1');
  assert.equal(a.charset, 'utf-8');
  assert.equal(a.source, 'sniffed');
  assert.match(a.warning ?? '', /valid multi-byte UTF-8/);
  const sjis = page('<meta charset="Shift_JIS">', JA_SHIFT_JIS);
  const b = detectCharset(sjis, 'text/html; charset=utf-8');
  assert.equal(b.charset, 'shift_jis');
  assert.match(b.warning ?? '', /not UTF-8/);
});

test('undeclared bytes: UTF-8 when valid, else Shift_JIS or EUC-JP by their byte ranges, flagged as sniffed', () => {
  assert.deepEqual(detectCharset(new Uint8Array(Buffer.from('plain ascii')), 'text/plain'), { charset: 'utf-8', source: 'default' });
  const s = detectCharset(new Uint8Array(JA_SHIFT_JIS), 'text/html');
  assert.equal(s.charset, 'shift_jis');
  assert.equal(s.source, 'sniffed');
  const e = detectCharset(new Uint8Array(JA_EUC_JP), 'text/html');
  assert.equal(e.charset, 'euc-jp');
  assert.equal(decodeText(new Uint8Array(JA_EUC_JP), e.charset), JA_TEXT);
});

test('unsupported labels are reported, not silently used', () => {
  const d = detectCharset(new Uint8Array(Buffer.from('abc')), 'text/html; charset=x-no-such-charset');
  assert.equal(d.charset, 'utf-8');
  assert.match(d.warning ?? '', /unsupported header charset "x-no-such-charset"/);
});

test('isTextual: text, XML and JSON types are decoded; PDF and images are not', () => {
  assert.deepEqual(['text/html; charset=utf-8', 'application/json', 'application/atom+xml', 'application/pdf', 'image/png', ''].map(isTextual), [
    true,
    true,
    true,
    false,
    false,
    true,
  ]);
});
