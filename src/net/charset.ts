// Charset detection and decoding of fetched text. Order (WHATWG encoding sniffing): byte-order
// mark, then the HTTP Content-Type charset, then <meta charset> / http-equiv / the XML declaration,
// then UTF-8 when the bytes are valid UTF-8. Two documented corrections for servers that lie, each
// reported as a warning: a Latin-1/windows-1252 header over valid multi-byte UTF-8 is read as UTF-8,
// and a UTF-8 header over bytes that are not UTF-8 defers to the page's own declaration. Undeclared
// non-UTF-8 bytes are tried as Shift_JIS, then EUC-JP (Japanese pages are a stated target), then
// windows-1252, and the result says it was sniffed. Node's full ICU decodes all of these.

import { isAscii, isUtf8 } from 'node:buffer';

export type CharsetSource = 'bom' | 'header' | 'meta' | 'sniffed' | 'default';

export interface CharsetDecision {
  /** WHATWG encoding name, e.g. `utf-8`, `shift_jis`, `euc-jp`, `windows-1252`. */
  charset: string;
  source: CharsetSource;
  /** Set when declarations disagreed with the bytes and a correction was applied. */
  warning?: string;
}

/** Bytes of the document scanned for a meta or XML declaration (HTML spec prescans 1024; pages with long heads need more). */
export const META_SCAN_BYTES = 4096;

/** Canonical WHATWG name of a charset label, or undefined when this runtime cannot decode it. */
export function canonicalCharset(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim().replace(/^["']|["']$/g, '')).encoding;
  } catch {
    return undefined;
  }
}

/** The `charset` parameter of a Content-Type header value. */
export function charsetFromContentType(contentType: string | undefined): string | undefined {
  const m = /;\s*charset\s*=\s*("?)([^";,\s]+)\1/i.exec(contentType ?? '');
  return m?.[2];
}

function bomCharset(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/** Charset declared inside the document: <meta charset>, <meta http-equiv=content-type>, or <?xml encoding?>. */
export function declaredInDocument(bytes: Uint8Array): string | undefined {
  // latin1 maps bytes 1:1, so ASCII markup is found whatever the real encoding is.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, META_SCAN_BYTES)).toString('latin1');
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml) return xml[1];
  const withoutComments = head.replace(/<!--[\s\S]*?-->/g, '');
  for (const tag of withoutComments.match(/<meta\b[^>]*>/gi) ?? []) {
    const direct = /\bcharset\s*=\s*["']?\s*([^"'\s;/>]+)/i.exec(tag);
    if (direct && !/http-equiv/i.test(tag)) return direct[1];
    if (/http-equiv\s*=\s*["']?content-type/i.test(tag)) {
      const content = /\bcontent\s*=\s*(["'])([^"']*)\1/i.exec(tag)?.[2] ?? /\bcontent\s*=\s*([^\s>]+)/i.exec(tag)?.[1];
      const cs = charsetFromContentType(content);
      if (cs) return cs;
    }
  }
  return undefined;
}

function decodesCleanly(bytes: Uint8Array, charset: string): boolean {
  if (charset === 'utf-8') return isUtf8(bytes); // simdutf: far faster than a fatal TextDecoder
  try {
    new TextDecoder(charset, { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function hasNonAscii(bytes: Uint8Array): boolean {
  return !isAscii(bytes);
}

const SINGLE_BYTE_WESTERN = new Set(['windows-1252', 'iso-8859-15', 'iso-8859-2']);

/** Decides the charset of a body from its bytes and Content-Type header; see the file comment for the order. */
export function detectCharset(bytes: Uint8Array, contentType: string | undefined): CharsetDecision {
  const bom = bomCharset(bytes);
  if (bom) return { charset: bom, source: 'bom' };
  const headerLabel = charsetFromContentType(contentType);
  const header = canonicalCharset(headerLabel);
  const docLabel = declaredInDocument(bytes);
  // A document cannot declare itself UTF-16 without a BOM: the declaration is read as UTF-8 (HTML spec).
  const docRaw = canonicalCharset(docLabel);
  const doc = docRaw?.startsWith('utf-16') ? 'utf-8' : docRaw;
  const unknown: string[] = [];
  if (headerLabel && !header) unknown.push(`header charset ${JSON.stringify(headerLabel)}`);
  if (docLabel && !docRaw) unknown.push(`document charset ${JSON.stringify(docLabel)}`);
  const unknownNote = unknown.length ? `unsupported ${unknown.join(' and ')} ignored` : undefined;

  if (header) {
    if (SINGLE_BYTE_WESTERN.has(header) && hasNonAscii(bytes) && decodesCleanly(bytes, 'utf-8')) {
      return { charset: 'utf-8', source: 'sniffed', warning: `header says ${headerLabel} but the body is valid multi-byte UTF-8; decoded as UTF-8` };
    }
    if (header === 'utf-8' && doc && doc !== 'utf-8' && !decodesCleanly(bytes, 'utf-8') && decodesCleanly(bytes, doc)) {
      return { charset: doc, source: 'meta', warning: `header says utf-8 but the body is not UTF-8; decoded as ${doc} declared by the document` };
    }
    return { charset: header, source: 'header', ...(unknownNote ? { warning: unknownNote } : {}) };
  }
  if (doc) return { charset: doc, source: 'meta', ...(unknownNote ? { warning: unknownNote } : {}) };
  if (!hasNonAscii(bytes) || decodesCleanly(bytes, 'utf-8')) return { charset: 'utf-8', source: 'default', ...(unknownNote ? { warning: unknownNote } : {}) };
  // EUC-JP uses only bytes 0xA1–0xFE, which Shift_JIS also accepts (as half-width katakana), so
  // EUC-JP goes first unless a byte in 0x80–0xA0 (a Shift_JIS lead byte, invalid in EUC-JP) appears.
  const order = bytes.some((b) => b >= 0x80 && b <= 0xa0) ? ['shift_jis', 'euc-jp'] : ['euc-jp', 'shift_jis'];
  for (const guess of order) {
    if (decodesCleanly(bytes, guess))
      return { charset: guess, source: 'sniffed', warning: `no charset declared and the body is not UTF-8; decoded as ${guess}` };
  }
  return {
    charset: 'windows-1252',
    source: 'sniffed',
    warning: 'no charset declared and the body is neither UTF-8, Shift_JIS nor EUC-JP; decoded as windows-1252',
  };
}

/** Decodes with a decided charset; undecodable bytes become U+FFFD (the decision already reported any doubt). */
export function decodeText(bytes: Uint8Array, charset: string): string {
  if (charset === 'utf-8') {
    // V8's UTF-8 decoder replaces bad sequences with U+FFFD as TextDecoder does, several times faster.
    const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    return Buffer.from(bytes.buffer, bytes.byteOffset + start, bytes.length - start).toString('utf8');
  }
  return new TextDecoder(charset).decode(bytes);
}

/** Content types whose body is text to decode; others (PDF, images, octet-stream) get empty `text`. */
export function isTextual(contentType: string): boolean {
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    mime === '' ||
    mime.startsWith('text/') ||
    mime.endsWith('+xml') ||
    mime.endsWith('+json') ||
    ['application/xml', 'application/json', 'application/javascript', 'application/xhtml+xml', 'application/ld+json'].includes(mime)
  );
}
