// Lines a PDF repeats on its pages that are not the document's text: running headers and footers (a journal's
// name, page numbers) and what a browser prints around a page saved as PDF — the date and time with the page's
// title above, its address and "1/3" below. Read as paragraphs they became fragments, and a research run made a
// claim of "12/1/26, 3:32 AM Effects of daily walking on resting heart rate".

/** Longest paragraph that can be a running line (a header or footer is one short line). */
export const MAX_RUNNING_CHARS = 200;

/** A browser's print header: the date, a comma and the time first ("12/1/26, 3:32 AM", "01.12.26, 15:32"), then the title. */
const BROWSER_HEADER_RE = /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4},\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp]\.?\s?[Mm]\.?)?(?:\s|$)/;
/** A browser's print footer: the page's address, then the page's number of the total ("1/3"). */
const BROWSER_FOOTER_RE = /^(?:https?|file):\/\/\S+\s*\d{1,4}\s*\/\s*\d{1,4}$/i;
/** A page number alone: "3", "3/10", "Page 3 of 10", "p. 3", "- 3 -". */
const PAGE_NUMBER_RE = /^(?:(?:page|p\.)\s*)?\d{1,4}(?:\s*(?:\/|of)\s*\d{1,4})?$|^[-–—]\s*\d{1,4}\s*[-–—]$/i;

/** The same running line on every page: case, spacing and numbers (page numbers, dates) aside. */
const runningKey = (paragraph: string): string => paragraph.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/** Paragraphs at each end of a page (in pdf.js's order) where a running line sits: a browser prints its own last. */
export const RUNNING_EDGE = 3;

/**
 * Each page's paragraphs without its running lines: a browser's print header or footer; at a page's edge, a page
 * number alone; and (in a document of two pages or more) a short paragraph at a page's edge found there, numbers
 * aside, once on at least half of the pages. Once a page and at its edge: a template sentence repeated through
 * the text ("Paragraph 12: In the cohort of year 2012, …") is text, however many pages hold it.
 */
export function dropRunningLines(pages: readonly (readonly string[])[]): string[][] {
  const short = (p: string): boolean => p.length <= MAX_RUNNING_CHARS;
  const atEdge = (page: readonly string[], i: number): boolean => i < RUNNING_EDGE || i >= page.length - RUNNING_EDGE;
  const pagesWith = new Map<string, number>();
  for (const page of pages) {
    const keys = page.map(runningKey);
    const once = (k: string): boolean => keys.indexOf(k) === keys.lastIndexOf(k);
    for (const [i, p] of page.entries()) if (short(p) && atEdge(page, i) && once(keys[i]!)) pagesWith.set(keys[i]!, (pagesWith.get(keys[i]!) ?? 0) + 1);
  }
  const repeated = pages.length >= 2 ? Math.max(2, Math.ceil(pages.length / 2)) : Number.POSITIVE_INFINITY;
  const running = (page: readonly string[], i: number): boolean => {
    const p = page[i]!;
    if (!short(p)) return false;
    if (BROWSER_HEADER_RE.test(p) || BROWSER_FOOTER_RE.test(p)) return true;
    // A number alone amid the text is a table's cell or a list's count; at a page's edge it is the page's number.
    return atEdge(page, i) && (PAGE_NUMBER_RE.test(p) || (pagesWith.get(runningKey(p)) ?? 0) >= repeated);
  };
  return pages.map((page) => page.filter((_, i) => !running(page, i)));
}
