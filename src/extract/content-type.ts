// Which extractor a document needs: from its media type, then its file extension, then its bytes.
import type { ExtractedFormat } from '../core/index.js';

const MEDIA_TYPES: Record<string, ExtractedFormat> = {
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/plain': 'text',
};
const EXTENSIONS: Record<string, ExtractedFormat> = {
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  pdf: 'pdf',
  md: 'markdown',
  markdown: 'markdown',
  mdown: 'markdown',
  txt: 'text',
  text: 'text',
};
/** Media types that say nothing about the content, so the name and bytes decide. */
const UNINFORMATIVE = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

export interface FormatHints {
  /** Content-Type header or media type, parameters allowed. */
  contentType?: string;
  /** File path or URL; its extension is used when the media type says nothing. */
  name?: string;
  /** The first bytes of the document (a few hundred are enough). */
  head?: Uint8Array;
}

/** Media type without parameters, lower case. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function extensionOf(name: string): string | undefined {
  let path = name;
  try {
    path = new URL(name).pathname;
  } catch {
    // a plain file path
  }
  const m = /\.([a-z0-9]+)$/i.exec(path);
  return m ? m[1]!.toLowerCase() : undefined;
}

/** The format to extract, or undefined when nothing identifies one Lyra reads. */
export function detectFormat(hints: FormatHints): ExtractedFormat | undefined {
  const media = mediaTypeOf(hints.contentType);
  const head = hints.head;
  if (head && head.length >= 5 && String.fromCharCode(...head.subarray(0, 5)) === '%PDF-') return 'pdf';
  const byMedia = MEDIA_TYPES[media];
  const ext = hints.name ? extensionOf(hints.name) : undefined;
  const byExt = ext ? EXTENSIONS[ext] : undefined;
  // text/plain is what servers and OSes say for Markdown files too: the extension refines it.
  if (byMedia === 'text' && byExt === 'markdown') return 'markdown';
  if (byMedia) return byMedia;
  if (!UNINFORMATIVE.has(media) && !media.startsWith('text/')) return undefined;
  if (byExt) return byExt;
  if (head) {
    const start = new TextDecoder('latin1')
      .decode(head.subarray(0, 512))
      .replace(/^\ufeff|^\u00ef\u00bb\u00bf/, '')
      .trimStart()
      .toLowerCase();
    if (/^(?:<!doctype html|<html|<head|<body|<!--)/.test(start)) return 'html';
    if (media.startsWith('text/')) return 'text';
  }
  return media.startsWith('text/') ? 'text' : undefined;
}
