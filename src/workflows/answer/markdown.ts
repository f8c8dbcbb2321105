// Page-derived text in the Markdown reports (research and consensus): every title, quote, URL and
// claim statement goes through these functions, which are core/format's escaping layer (one rule for
// every renderer): inline syntax escaped, no raw HTML, links only to http(s) URLs.
import { mdInline, mdLink as coreLink, mdUrl as coreUrl } from '../../core/index.js';

/** Text on one line with the characters that would start Markdown syntax escaped. */
export function mdText(s: string): string {
  return mdInline(s);
}

/**
 * A quote between typographic quotes, escaped like any page text: it renders as written (a reader sees
 * the verbatim sentence), and nothing in it can open a link, a tag or a heading.
 */
export function mdQuote(s: string): string {
  return `“${mdInline(s)}”`;
}

/** A link to a web address (http or https only; anything else is shown as text, never linked). */
export function mdLink(text: string, url: string): string {
  return coreLink(text, url);
}

/** A bare address: an autolink when it is http(s), else escaped text. */
export function mdUrl(url: string): string {
  return coreUrl(url);
}
