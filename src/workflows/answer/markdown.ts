// Page-derived text in the Markdown reports (research and consensus): every title, quote, URL and
// claim statement goes through these three functions, defined once, so one escaping rule applies to
// all of them (and can be swapped for a shared escaping layer in one place).

/** Text on one line with the characters that would start Markdown syntax escaped. */
export function mdText(s: string): string {
  return s.replace(/\s+/g, ' ').trim().replace(/[\\`*[\]<>|]/g, (c) => `\\${c}`);
}

/**
 * A quote, verbatim between typographic quotes: only line breaks (which Markdown would turn into a new
 * paragraph) become spaces. Nothing else is changed, so the quote can be found in its source as written.
 */
export function mdQuote(s: string): string {
  return `“${/[\r\n]/.test(s) ? s.replace(/\s*[\r\n]+\s*/g, ' ') : s}”`;
}

/** A link to a web address (http or https only; anything else is shown as text, never linked). */
export function mdLink(text: string, url: string): string {
  if (!/^https?:\/\/[^\s<>]+$/i.test(url)) return `${mdText(text)} (${mdText(url)})`;
  return `[${mdText(text)}](<${url.replace(/[<>\s]/g, encodeURIComponent)}>)`;
}

/** An address in angle brackets, the form References use for sources without a title link. */
export function mdUrl(url: string): string {
  return /^[a-z][a-z0-9+.-]*:[^\s<>]+$/i.test(url) ? `<${url}>` : mdText(url);
}
