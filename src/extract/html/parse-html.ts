// HTML → a linkedom document that Mozilla Readability can work on as it does on a browser's DOM.
// linkedom parses fast but is not a browser: it has no document URL, its `baseURI` is the raw
// <base href>, input without <html> gives no (or the wrong) document element and no <body>, its
// inline-style parser keeps `!important` and letter case, and getElementsByTagName('*') finds
// nothing. Each gap is closed here.
import { parseHTML } from 'linkedom';
import { InvalidInputError, NonRetryableError } from '../../core/index.js';
import { isElement, type DomDocument, type DomElement, type DomNode } from './dom.js';
import { MAX_HTML_NESTING_DEPTH, htmlNestingDepth } from './nesting-depth.js';

/** Elements that belong in <head> when a document omits it. */
const HEAD_ELEMENTS = new Set(['title', 'meta', 'link', 'base', 'style']);

function resolveBase(document: DomDocument, url: string): string {
  const href = document.querySelector('base[href]')?.getAttribute('href')?.trim();
  if (!href) return url;
  try {
    return new URL(href, url).href;
  } catch {
    return url;
  }
}

/** Moves loose top-level nodes under <html>, <head> and <body> the way an HTML parser would imply them. */
function repairStructure(document: DomDocument): void {
  let html = document.documentElement;
  if (!html || html.localName !== 'html') {
    const root = document.createElement('html');
    const loose: DomNode[] = [];
    // childNodes, not firstChild/nextSibling: linkedom's doctype node has no nextSibling.
    const top = (document as unknown as DomElement).childNodes;
    for (let i = 0; i < top.length; i++) if (top[i]!.nodeType !== 10) loose.push(top[i]!);
    (document as unknown as DomElement).appendChild(root);
    for (const n of loose) root.appendChild(n);
    html = root;
  }
  const children: DomNode[] = [];
  for (let n = html.firstChild; n; n = n.nextSibling) children.push(n);
  let head = children.find((n): n is DomElement => isElement(n) && n.localName === 'head');
  let body = children.find((n): n is DomElement => isElement(n) && (n.localName === 'body' || n.localName === 'frameset'));
  if (head && body) return;
  if (!head) {
    head = document.createElement('head');
    html.insertBefore(head, html.firstChild);
  }
  if (!body) {
    body = document.createElement('body');
    html.appendChild(body);
  }
  let inBody = false;
  for (const n of children) {
    if (n === head || n === body) continue;
    const headLike = isElement(n) && HEAD_ELEMENTS.has(n.localName);
    const blank = n.nodeType === 3 && !(n.textContent ?? '').trim();
    if (!inBody && (headLike || blank || n.nodeType === 8)) head.appendChild(n);
    else {
      inBody = true;
      body.appendChild(n);
    }
  }
}

/**
 * `display`/`visibility` declarations as CSSOM reports them (lower case, no `!important`), since
 * Readability tests `node.style.display == "none"` and linkedom returns the raw declaration.
 * Readability strips style attributes from its output, so this changes nothing visible.
 */
function normalizeVisibilityStyles(document: DomDocument): void {
  const nodes = document.querySelectorAll('[style]');
  for (let i = 0; i < nodes.length; i++) {
    const el = nodes[i]!;
    const style = el.getAttribute('style') ?? '';
    if (!/display|visibility/i.test(style)) continue;
    const fixed = style.replace(
      /(^|;)\s*(display|visibility)\s*:\s*([^;]*)/gi,
      (_m, pre: string, prop: string, value: string) =>
        `${pre}${prop.toLowerCase()}:${value
          .replace(/!\s*important/i, '')
          .trim()
          .toLowerCase()}`,
    );
    if (fixed !== style) el.setAttribute('style', fixed);
  }
}

export interface ParsedHtml {
  document: DomDocument;
  /** The URL relative links resolve against (<base href> resolved against the document URL). */
  baseUrl: string;
}

/** Parses HTML for `url` (absolute; `file:` URLs allowed) into a document Readability can use faithfully. */
export function parseHtml(html: string, url: string): ParsedHtml {
  try {
    new URL(url);
  } catch (cause) {
    throw new InvalidInputError(`extract: document URL is not absolute: ${JSON.stringify(url)}`, { code: 'url_invalid', cause });
  }
  const depth = htmlNestingDepth(html, MAX_HTML_NESTING_DEPTH);
  if (depth > MAX_HTML_NESTING_DEPTH) {
    throw new NonRetryableError(
      `extract: ${url} nests its elements more than ${MAX_HTML_NESTING_DEPTH} levels deep; refused (parsing it would take time quadratic in its depth)`,
      {
        code: 'extract_html_too_deep',
        details: { url, limit: MAX_HTML_NESTING_DEPTH },
      },
    );
  }
  // linkedom has no document for empty input: give it an empty one.
  const source = html.trim() ? html : '<html><head></head><body></body></html>';
  const document = parseHTML(source).document as unknown as DomDocument;
  repairStructure(document);
  normalizeVisibilityStyles(document);
  const baseUrl = resolveBase(document, url);
  // Readability resolves links with `new URL(href, doc.baseURI)` and keeps in-page `#` links only
  // when baseURI equals documentURI; linkedom defines neither as a browser does.
  Object.defineProperty(document, 'documentURI', { value: url, configurable: true });
  Object.defineProperty(document, 'baseURI', { value: baseUrl, configurable: true });
  Object.defineProperty(document, 'URL', { value: url, configurable: true });
  // linkedom's getElementsByTagName('*') matches no element; Readability counts every element with
  // it to enforce maxElemsToParse.
  const byTag = document.getElementsByTagName.bind(document);
  Object.defineProperty(document, 'getElementsByTagName', {
    value: (name: string) => (name === '*' ? document.querySelectorAll('*') : byTag(name)),
    configurable: true,
  });
  return { document, baseUrl };
}
