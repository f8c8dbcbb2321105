// What the hostile-input suite checks on a rendered output: the Markdown rendered by marked with raw
// HTML allowed (what a viewer does), then the DOM searched for anything a page's text could have
// injected. And a small BibTeX reader that returns entries' fields as BibTeX itself would.
import { parseHTML } from 'linkedom';
import { marked } from 'marked';

/** Elements that must never come out of rendering text Lyra did not write. */
const FORBIDDEN_ELEMENTS = [
  'script',
  'iframe',
  'style',
  'img',
  'object',
  'embed',
  'svg',
  'form',
  'input',
  'link',
  'meta',
  'base',
  'details',
  'frame',
  'frameset',
  'video',
  'audio',
];

export interface RenderedFindings {
  /** Forbidden elements found, by name. */
  forbidden: string[];
  /** hrefs (and srcs) that are not http(s). */
  nonHttpLinks: string[];
  /** Attributes named on… (event handlers). */
  handlers: string[];
  headings: string[];
  tableHeaders: string[];
  html: string;
}

/** Renders Markdown with marked (GFM, raw HTML passed through) and lists what it injected. */
export function renderAndInspect(markdown: string): RenderedFindings {
  const html = marked.parse(markdown, { async: false, gfm: true });
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  const body = document.body;
  const forbidden = FORBIDDEN_ELEMENTS.filter((name) => body.querySelectorAll(name).length > 0);
  const nonHttpLinks: string[] = [];
  const handlers: string[] = [];
  for (const el of body.querySelectorAll('*')) {
    for (const attr of ['href', 'src', 'action', 'formaction', 'xlink:href']) {
      const v = el.getAttribute(attr);
      if (v !== null && !/^https?:\/\//i.test(v.trim())) nonHttpLinks.push(`${el.localName}[${attr}=${v}]`);
    }
    for (const a of el.getAttributeNames()) if (/^on/i.test(a)) handlers.push(`${el.localName}[${a}]`);
  }
  const headings = [...body.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => (h.textContent ?? '').trim());
  const tableHeaders = [...body.querySelectorAll('th')].map((h) => (h.textContent ?? '').trim());
  return { forbidden, nonHttpLinks, handlers, headings, tableHeaders, html };
}

export interface BibtexEntry {
  type: string;
  key: string;
  fields: Record<string, string>;
}

/**
 * Entries of a BibTeX file read the way BibTeX reads them: `@type{key,` then `name = {value}` pairs
 * whose value ends at the brace that balances the opening one, every brace counted, backslash or not
 * (BibTeX's own rule). Throws on anything else, so an injected field or a broken brace fails loudly.
 */
export function parseBibtex(text: string): BibtexEntry[] {
  const out: BibtexEntry[] = [];
  let i = 0;
  const skipSpace = (): void => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const expect = (c: string): void => {
    if (text[i] !== c) throw new Error(`bibtex: expected ${c} at ${i}, found ${JSON.stringify(text.slice(i, i + 20))}`);
    i++;
  };
  for (;;) {
    skipSpace();
    if (i >= text.length) return out;
    expect('@');
    const type = /^[A-Za-z]+/.exec(text.slice(i))?.[0] ?? '';
    i += type.length;
    expect('{');
    const key = /^[^,\s]+/.exec(text.slice(i))?.[0] ?? '';
    i += key.length;
    expect(',');
    const fields: Record<string, string> = {};
    for (;;) {
      skipSpace();
      if (text[i] === '}') {
        i++;
        break;
      }
      const name = /^[A-Za-z]+/.exec(text.slice(i))?.[0] ?? '';
      if (!name) throw new Error(`bibtex: expected a field name at ${i}: ${JSON.stringify(text.slice(i, i + 20))}`);
      i += name.length;
      skipSpace();
      expect('=');
      skipSpace();
      expect('{');
      let depth = 1;
      const start = i;
      while (depth > 0) {
        if (i >= text.length) throw new Error('bibtex: unbalanced braces');
        const c = text[i]!;
        if (c === '{') depth++;
        else if (c === '}') depth--;
        i++;
      }
      if (name.toLowerCase() in fields) throw new Error(`bibtex: field ${name} twice in ${key}`);
      fields[name.toLowerCase()] = text.slice(start, i - 1);
      skipSpace();
      if (text[i] === ',') i++;
    }
    out.push({ type: type.toLowerCase(), key, fields });
  }
}

export interface HtmlReportFindings {
  /** Elements that a page's text could have injected (scripts and styles beyond the report's own one). */
  forbidden: string[];
  /** Links that are neither http(s) nor an anchor in the page. */
  nonHttpLinks: string[];
  handlers: string[];
  scripts: string[];
  styles: string[];
  csp: string | undefined;
}

/** A whole HTML page (report.html) parsed as a browser would, and what in it could run or load. */
export function inspectHtmlReport(html: string): HtmlReportFindings {
  const { document } = parseHTML(html);
  const forbidden = ['iframe', 'img', 'object', 'embed', 'form', 'link', 'base', 'frame', 'frameset', 'video', 'audio', 'image', 'foreignObject', 'use'].filter(
    (name) => document.querySelectorAll(name).length > 0,
  );
  const nonHttpLinks: string[] = [];
  const handlers: string[] = [];
  for (const el of document.querySelectorAll('*')) {
    for (const attr of ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'poster', 'data']) {
      const v = el.getAttribute(attr);
      if (v !== null && !/^https?:\/\//i.test(v.trim()) && !/^#[\w-]+$/.test(v.trim())) nonHttpLinks.push(`${el.localName}[${attr}=${v}]`);
    }
    for (const a of el.getAttributeNames()) if (/^on/i.test(a) || a === 'style') handlers.push(`${el.localName}[${a}]`);
  }
  return {
    forbidden,
    nonHttpLinks,
    handlers,
    scripts: [...document.querySelectorAll('script')].map((s) => s.textContent ?? ''),
    styles: [...document.querySelectorAll('style')].map((s) => s.textContent ?? ''),
    csp: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? undefined,
  };
}
