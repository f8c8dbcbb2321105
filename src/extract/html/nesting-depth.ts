// How deep a page nests its elements, measured before the DOM is built. The HTML parser under
// linkedom keeps its open-element stack in an array it shifts and unshifts, so every tag costs the
// current depth: 1 MB of unclosed `<b>` took 107 s to parse, and Readability's recursion overflows
// the stack long before. Real pages nest a few dozen levels; a page past the limit is refused.

/** Deepest element nesting accepted; hostile pages go past it by orders of magnitude, real ones stay near 50. */
export const MAX_HTML_NESTING_DEPTH = 1_000;

/** Elements that never have content. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
  'keygen',
  'basefont',
  'bgsound',
  'frame',
  'image',
]);
/** Elements the parser closes when a sibling opens (`<p>a<p>b`, `<li>`…): they do not deepen the tree. */
const SIBLING_CLOSED = new Set(['p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'rt', 'rp', 'colgroup', 'caption']);
/** Elements whose content is text, not markup. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

const TAG_RE = /<(\/?)([A-Za-z][A-Za-z0-9:-]*)|<!--/g;

/**
 * The largest nesting depth the parser's stack would reach (an estimate from the tags alone, one
 * linear pass; comments and raw-text elements skipped). Stops counting once `stopAt` is passed.
 */
export function htmlNestingDepth(html: string, stopAt = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  TAG_RE.lastIndex = 0;
  for (let m = TAG_RE.exec(html); m; m = TAG_RE.exec(html)) {
    if (m[0] === '<!--') {
      const end = html.indexOf('-->', m.index + 4);
      if (end < 0) break;
      TAG_RE.lastIndex = end + 3;
      continue;
    }
    const name = m[2]!.toLowerCase();
    if (m[1]) {
      if (!VOID.has(name) && !SIBLING_CLOSED.has(name) && depth > 0) depth--;
      continue;
    }
    if (RAW_TEXT.has(name)) {
      const end = indexOfCaseless(html, `</${name}`, TAG_RE.lastIndex);
      if (end < 0) break;
      TAG_RE.lastIndex = end;
      continue;
    }
    if (VOID.has(name) || SIBLING_CLOSED.has(name)) continue;
    depth++;
    if (depth > max) {
      max = depth;
      if (max > stopAt) return max;
    }
  }
  return max;
}

/** indexOf ignoring ASCII case, for an ASCII needle; linear per call. */
function indexOfCaseless(haystack: string, needle: string, from: number): number {
  const lower = needle.toLowerCase();
  const upper = needle.toUpperCase();
  for (let i = haystack.indexOf('<', from); i >= 0; i = haystack.indexOf('<', i + 1)) {
    let k = 0;
    while (k < needle.length && (haystack[i + k] === lower[k] || haystack[i + k] === upper[k])) k++;
    if (k === needle.length) return i;
  }
  return -1;
}
