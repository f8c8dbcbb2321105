// HTML from text Lyra did not write, for any renderer that writes HTML: text and attribute values
// are entity-escaped with bidi controls shown by code point (bidi.ts), and an href is only ever an
// http(s) URL (see safe-url.ts).
import { neutralizeBidi } from './bidi.js';
import { safeHttpUrl } from './safe-url.js';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Text content: `&<>"'` and backtick as entities, so no tag or attribute can start; bidi controls shown by code point. */
export function htmlText(s: string): string {
  return neutralizeBidi(s).replace(/[&<>"'`]/g, (c) => HTML_ESCAPES[c]!);
}

/** A quoted attribute value (same escapes as text). */
export const htmlAttr = htmlText;

/** `<a href>` to an http(s) URL around `innerHtml` (already HTML, escaped by the caller); anything else is `innerHtml` alone. */
export function htmlAnchor(url: string, innerHtml: string): string {
  const href = safeHttpUrl(url);
  return href === undefined ? innerHtml : `<a href="${htmlAttr(href)}" rel="noopener noreferrer nofollow">${innerHtml}</a>`;
}

/** `<a href>` to an http(s) URL labelled with escaped text; anything else is the escaped label alone. */
export function htmlLink(text: string, url: string): string {
  return htmlAnchor(url, htmlText(text));
}
