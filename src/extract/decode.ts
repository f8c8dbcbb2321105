// Bytes → text for documents that arrive undecoded (local files): BOM, then the charset parameter,
// then (HTML) a <meta charset> in the first bytes, then UTF-8. The fetcher decodes web responses itself.
import { TextDecoder } from 'node:util';

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

/** Decodes a document's bytes; an unknown declared charset falls back to UTF-8 with a warning. */
export function decodeDocumentBytes(bytes: Uint8Array, options: { charset?: string; html?: boolean } = {}): DecodedText {
  const warnings: string[] = [];
  const declared = bomCharset(bytes) ?? options.charset ?? (options.html ? metaCharset(bytes) : undefined);
  let dec = declared ? decoder(declared) : undefined;
  if (declared && !dec) warnings.push(`unknown charset ${JSON.stringify(declared)}; decoded as UTF-8`);
  dec ??= new TextDecoder('utf-8');
  // TextDecoder drops a BOM matching its encoding by default.
  return { text: dec.decode(bytes), charset: dec.encoding, warnings };
}
