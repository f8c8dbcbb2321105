// Which URLs may become links in Lyra's outputs: only absolute http(s) URLs, in the WHATWG parser's
// normalised form, with the characters that could end a link or an attribute percent-encoded. A
// page's `javascript:`, `data:`, `vbscript:` or `file:` URL is never a link, however it is spelled.

/**
 * Characters the WHATWG serializer may leave in a query or fragment that could end a Markdown link
 * destination (`<…>`), an HTML attribute or a BibTeX field. Parentheses stay: Lyra always writes
 * link destinations in angle brackets.
 */
const EXTRA_ENCODE: Record<string, string> = { "'": '%27', '"': '%22', '<': '%3C', '>': '%3E', '`': '%60', '{': '%7B', '}': '%7D', '\\': '%5C', ' ': '%20' };

/**
 * The link form of an http(s) URL: parsed (control characters and white space inside are refused, not
 * stripped), normalised by the WHATWG parser (lower-case scheme and host, punycode, default port
 * dropped, path and query percent-encoded) and with `'"<>\`{}\\` percent-encoded too.
 * Undefined for anything else.
 */
export function safeHttpUrl(raw: string): string | undefined {
  const value = raw.trim();
  // The URL parser silently drops tabs and newlines (`java\tscript:`): refuse them instead.
  // eslint-disable-next-line no-control-regex
  if (value === '' || /[\u0000-\u001f\u007f-\u009f\s]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname) return undefined;
  return url.href.replace(/['"<>`{}\\ ]/g, (c) => EXTRA_ENCODE[c] ?? c);
}

/** Whether a URL may be linked (see safeHttpUrl). */
export function isSafeHttpUrl(raw: string): boolean {
  return safeHttpUrl(raw) !== undefined;
}
