// Bytes → text for documents that arrive undecoded (local files): BOM, then the charset parameter,
// then (HTML) a <meta charset> in the first bytes, then UTF-8 when the bytes are valid UTF-8, else the
// statistical detector of the npm package chardet (Shift_JIS, EUC-JP, Latin-1, windows-125x…), the
// first of its candidates that decodes without error; windows-1252 when none does. A detected (not
// declared) charset is reported as a warning. The fetcher decodes web responses itself (net/charset.ts).
import { isUtf8 } from 'node:buffer';
import { TextDecoder } from 'node:util';
import { analyse } from 'chardet';

/** Bytes searched for a <meta charset> declaration (the HTML standard's prescan reads 1024). */
export const META_CHARSET_SCAN_BYTES = 1024;

export interface DecodedText {
  text: string;
  charset: string;
  warnings: string[];
}

function bomCharset(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

function metaCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, META_CHARSET_SCAN_BYTES));
  const m = /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_:.-]+)/i.exec(head);
  return m?.[1];
}

function decoder(label: string): TextDecoder | undefined {
  try {
    return new TextDecoder(label);
  } catch {
    return undefined;
  }
}

/** Bytes given to the detector: its statistics settle long before, and it is linear anyway. */
export const DETECT_SAMPLE_BYTES = 64 * 1024;

/** Share of the non-ASCII characters that must be kana or kanji for a Japanese decoding to be believed. */
const JAPANESE_SHARE = 0.5;

/**
 * Whether decoded text reads as Japanese: it holds hiragana (Latin-1 or other single-byte text decoded
 * as Shift_JIS or EUC-JP yields kanji and half-width katakana, practically never hiragana) and kana or
 * kanji make up most of its non-ASCII characters.
 */
function readsAsJapanese(text: string): boolean {
  let nonAscii = 0;
  let japanese = 0;
  let hiragana = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) continue;
    nonAscii++;
    if (c >= 0x3040 && c <= 0x309f) hiragana++;
    if ((c >= 0x3000 && c <= 0x30ff) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xff01 && c <= 0xff5e)) japanese++;
  }
  return hiragana > 0 && japanese >= JAPANESE_SHARE * nonAscii;
}

function decodeStrict(bytes: Uint8Array, label: string): string | undefined {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Single-byte Western charsets chardet may name for Latin-1 text; all are read as windows-1252 (as browsers do). */
const WESTERN = /^(?:iso-8859-1|iso-8859-15|windows-1252)$/i;
/** Single-byte Latin charsets chardet hesitates between on short text. */
const LATIN = /^(?:iso-8859-(?:1|2|3|4|9|10|13|14|15|16)|windows-125[0247])$/i;
/** chardet's confidence (0–100) under which a Latin guess is read as windows-1252, the most common. */
const LATIN_MIN_CONFIDENCE = 50;

/**
 * The charset of bytes that are not valid UTF-8 and declare none. Shift_JIS and EUC-JP first, each
 * kept only when it decodes without error and reads as Japanese; then the candidates of chardet's
 * statistical detector: windows-1252 when a Western charset is among its three best or its best is
 * a Latin charset it is unsure of (short Latin-1 text is often taken for Latin-2), else its best
 * candidate that decodes without error;
 * windows-1252 when none fits.
 */
export function detectUndeclaredCharset(bytes: Uint8Array): string {
  const sample = bytes.subarray(0, DETECT_SAMPLE_BYTES);
  // EUC-JP uses only bytes 0xA1–0xFE; a byte in 0x80–0xA0 can only be a Shift_JIS lead byte.
  const order = sample.some((b) => b >= 0x80 && b <= 0xa0) ? ['shift_jis', 'euc-jp'] : ['euc-jp', 'shift_jis'];
  for (const label of order) {
    const text = decodeStrict(bytes, label);
    if (text !== undefined && readsAsJapanese(text.slice(0, DETECT_SAMPLE_BYTES))) return label;
  }
  const candidates = analyse(sample);
  const best = candidates[0];
  if (candidates.slice(0, 3).some((c) => WESTERN.test(c.name)) || (best && LATIN.test(best.name) && best.confidence < LATIN_MIN_CONFIDENCE))
    return 'windows-1252';
  for (const candidate of candidates) {
    const dec = decoder(candidate.name);
    if (dec && dec.encoding !== 'utf-8' && !dec.encoding.startsWith('utf-16') && decodeStrict(bytes, dec.encoding) !== undefined) return dec.encoding;
  }
  return 'windows-1252';
}

/** Decodes a document's bytes; an unknown declared charset falls back to UTF-8 with a warning. */
export function decodeDocumentBytes(bytes: Uint8Array, options: { charset?: string; html?: boolean } = {}): DecodedText {
  const warnings: string[] = [];
  const declared = bomCharset(bytes) ?? options.charset ?? (options.html ? metaCharset(bytes) : undefined);
  let dec = declared ? decoder(declared) : undefined;
  if (declared && !dec) warnings.push(`unknown charset ${JSON.stringify(declared)}; decoded as UTF-8`);
  if (!declared && !isUtf8(bytes)) {
    const detected = detectUndeclaredCharset(bytes);
    dec = decoder(detected);
    warnings.push(`no charset declared and the bytes are not UTF-8; decoded as ${detected} (detected)`);
  }
  dec ??= new TextDecoder('utf-8');
  // TextDecoder drops a BOM matching its encoding by default.
  return { text: dec.decode(bytes), charset: dec.encoding, warnings };
}
