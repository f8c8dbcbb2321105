// DOM → text blocks (headings, paragraphs, list items, quotes, code, table rows, captions) and the
// links they hold. Block elements end the current block; inline content is joined and its white
// space collapsed; <br> is a line break inside a block; <pre> keeps its lines.
import { LINE_BREAK_MARK, normalizeInline, normalizePreformatted, type BlockKind, type TextBlock } from '../document/blocks.js';
import { CDATA_SECTION_NODE, TEXT_NODE, isElement, type DomElement, type DomNode } from './dom.js';

/** Elements that start and end a block. */
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'legend',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);
/** Block elements that may not sit in a table row read as one line (its own cells aside). */
const ROW_BREAKING_SELECTOR = [...BLOCK_TAGS].filter((t) => t !== 'td' && t !== 'th').join(',');
/** Never text: code, styling, embedded media and form controls. */
const SKIP_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'title',
  'meta',
  'link',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'video',
  'audio',
  'source',
  'track',
  'img',
  'picture',
  'input',
  'select',
  'textarea',
  'button',
  'map',
  'area',
]);
/** Page furniture dropped from whole-body text (the fallback when a page is not an article). */
const BOILERPLATE_TAGS = new Set(['nav', 'aside', 'footer', 'form', 'dialog']);
const BOILERPLATE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'dialog', 'menu', 'menubar']);
const HEADING_RE = /^h([1-6])$/;

/** Deepest element nesting walked; deeper content is taken as plain text (no stack overflow on hostile pages). */
export const MAX_DOM_DEPTH = 400;

export interface HtmlBlocksOptions {
  /** Resolves relative link targets. */
  baseUrl: string;
  /** Whole-body mode: drop hidden elements and page furniture (nav, aside, footer, forms). */
  wholeBody?: boolean;
  /** Most links kept (the rest are counted in `droppedLinks`). */
  maxLinks?: number;
}

export interface HtmlLink {
  url: string;
  text: string;
}

export interface HtmlBlocks {
  blocks: TextBlock[];
  links: HtmlLink[];
  droppedLinks: number;
}

/** Default cap on links kept per document. */
export const DEFAULT_MAX_LINKS = 5_000;

function isHidden(el: DomElement): boolean {
  if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') return true;
  const style = el.getAttribute('style');
  return style !== null && /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b/i.test(style);
}

function isBoilerplate(el: DomElement): boolean {
  if (BOILERPLATE_TAGS.has(el.localName)) return true;
  const role = el.getAttribute('role');
  return role !== null && BOILERPLATE_ROLES.has(role.toLowerCase());
}

interface Frame {
  kind: BlockKind;
  level?: number;
}

function kindOf(tag: string, parent: Frame): Frame {
  const h = HEADING_RE.exec(tag);
  if (h) return { kind: 'heading', level: Number(h[1]) };
  if (tag === 'li' || tag === 'dt' || tag === 'dd') return { kind: 'list-item' };
  if (tag === 'blockquote') return { kind: 'quote' };
  if (tag === 'figcaption' || tag === 'caption') return { kind: 'caption' };
  return parent.kind === 'heading' ? { kind: 'paragraph' } : parent;
}

/** Text blocks and links of `root` (Readability's article element, or <body> in whole-body mode). */
export function htmlToBlocks(root: DomElement, options: HtmlBlocksOptions): HtmlBlocks {
  const maxLinks = options.maxLinks ?? DEFAULT_MAX_LINKS;
  const wholeBody = options.wholeBody ?? false;
  const blocks: TextBlock[] = [];
  const links: HtmlLink[] = [];
  const seenLinks = new Set<string>();
  let droppedLinks = 0;
  let buf: string[] = [];
  const stack: Frame[] = [{ kind: 'paragraph' }];

  const flush = (): void => {
    if (buf.length === 0) return;
    const text = normalizeInline(buf.join(''));
    buf = [];
    if (!text) return;
    const top = stack.at(-1)!;
    blocks.push(top.kind === 'heading' ? { kind: 'heading', text, level: top.level! } : { kind: top.kind, text });
  };

  const addLink = (el: DomElement): void => {
    const href = el.getAttribute('href')?.trim();
    if (!href || href.startsWith('#')) return;
    let url: string;
    try {
      url = new URL(href, options.baseUrl).href;
    } catch {
      return;
    }
    if (!/^https?:/i.test(url) || seenLinks.has(url)) return;
    if (links.length >= maxLinks) {
      droppedLinks++;
      return;
    }
    seenLinks.add(url);
    links.push({ url, text: normalizeInline(el.textContent ?? '') });
  };

  /** Inline text of a simple element (no block descendants), links collected. */
  const inlineText = (el: DomElement, depth: number): string => {
    const saved = buf;
    buf = [];
    walk(el, depth);
    const text = normalizeInline(buf.join(''));
    buf = saved;
    return text;
  };

  const tableRow = (tr: DomElement, depth: number): boolean => {
    if (tr.querySelector(ROW_BREAKING_SELECTOR)) return false;
    const cells: string[] = [];
    for (let c = tr.firstChild; c; c = c.nextSibling) {
      if (!isElement(c) || (c.localName !== 'td' && c.localName !== 'th')) continue;
      if (wholeBody && isHidden(c)) continue;
      const t = inlineText(c, depth + 1).replace(/\n/g, ' ');
      if (t) cells.push(t);
    }
    if (cells.length > 0) blocks.push({ kind: 'table-row', text: cells.join(' | ') });
    return true;
  };

  function walk(node: DomNode, depth: number): void {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === TEXT_NODE || c.nodeType === CDATA_SECTION_NODE) {
        buf.push(c.textContent ?? '');
        continue;
      }
      if (!isElement(c)) continue;
      const tag = c.localName;
      if (SKIP_TAGS.has(tag)) continue;
      if (wholeBody && (isHidden(c) || isBoilerplate(c))) continue;
      if (tag === 'br') {
        buf.push(LINE_BREAK_MARK);
        continue;
      }
      if (tag === 'a') addLink(c);
      if (depth >= MAX_DOM_DEPTH) {
        buf.push(' ', c.textContent ?? '', ' ');
        continue;
      }
      if (tag === 'pre') {
        flush();
        const text = normalizePreformatted(c.textContent ?? '');
        if (text) blocks.push({ kind: 'code', text });
        for (const a of Array.from(c.querySelectorAll('a[href]'))) addLink(a);
        continue;
      }
      if (!BLOCK_TAGS.has(tag)) {
        walk(c, depth + 1);
        continue;
      }
      flush();
      if (tag === 'tr' && tableRow(c, depth)) continue;
      stack.push(kindOf(tag, stack.at(-1)!));
      walk(c, depth + 1);
      flush();
      stack.pop();
    }
  }

  walk(root, 0);
  flush();
  return { blocks, links, droppedLinks };
}
