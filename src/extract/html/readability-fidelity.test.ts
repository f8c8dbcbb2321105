// Readability on linkedom (with parse-html's fixes) must give the article that Readability gives on
// jsdom, its reference DOM: same elements, attributes (resolved links included) and text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { sharedDataPath, skipUnlessShared } from '../../test-support/shared-data.js';
import { isElement, type DomNode } from './dom.js';
import { parseHtml } from './parse-html.js';

const PAGES = 'readability-test-pages/pages';
const URL_ = 'http://fakehost/test/page.html';

interface AnyNode {
  nodeType: number;
  localName?: string;
  textContent: string | null;
  firstChild: AnyNode | null;
  nextSibling: AnyNode | null;
  attributes?: ArrayLike<{ name: string; value: string }>;
}

/** Elements (lower-case names, sorted attributes) and text (adjacent text nodes joined, spaces collapsed), in document order. */
function canonical(root: AnyNode): string[] {
  const out: string[] = [];
  let text = '';
  const flush = (): void => {
    const t = text.replace(/\s+/g, ' ').trim();
    if (t) out.push(t);
    text = '';
  };
  const walk = (n: AnyNode): void => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) text += c.textContent ?? '';
      else if (c.nodeType === 1) {
        flush();
        const attrs = Array.from(c.attributes ?? [])
          .map((a) => `${a.name}=${a.value}`)
          .sort()
          .join(' ');
        out.push(`<${c.localName!.toLowerCase()} ${attrs}>`);
        walk(c);
        flush();
      }
    }
  };
  walk(root);
  flush();
  return out;
}

test('Readability on linkedom gives the same article as on jsdom (links resolved against <base>, hidden parts, metadata)', {
  skip: skipUnlessShared(PAGES),
}, () => {
  const virtualConsole = new VirtualConsole();
  for (const name of [
    'base-url',
    'base-url-base-element',
    'base-url-base-element-relative',
    'visibility-hidden',
    'remove-aria-hidden',
    'nytimes-1',
    'lazy-image-1',
  ]) {
    const html = readFileSync(join(sharedDataPath(PAGES), name, 'source.html'), 'utf8');
    const reference = new Readability(new JSDOM(html, { url: URL_, virtualConsole }).window.document, { serializer: (n) => n }).parse();
    const ours = new Readability(parseHtml(html, URL_).document as never, { serializer: (n) => n }).parse();
    assert.ok(reference && ours, name);
    assert.deepEqual(canonical(ours.content as unknown as AnyNode), canonical(reference.content as unknown as AnyNode), `${name}: article DOM`);
    for (const key of ['title', 'byline', 'excerpt', 'siteName', 'publishedTime', 'lang'] as const) assert.equal(ours[key], reference[key], `${name}: ${key}`);
  }
});

test('parse-html closes linkedom gaps: document URL, <base>, implied structure, element count', () => {
  const { document, baseUrl } = parseHtml('<base href="../up/"><title>T</title><p style="DISPLAY:None !important">x</p>', 'https://a.example/dir/page.html');
  const doc = document as unknown as { documentURI: string; baseURI: string; getElementsByTagName(n: string): { length: number } };
  assert.equal(baseUrl, 'https://a.example/up/');
  assert.equal(doc.documentURI, 'https://a.example/dir/page.html');
  assert.equal(doc.baseURI, 'https://a.example/up/');
  assert.equal(document.title, 'T');
  assert.equal(document.documentElement!.localName, 'html');
  assert.equal(document.body!.querySelector('p')!.getAttribute('style'), 'display:none');
  assert.equal(doc.getElementsByTagName('*').length, 6); // html, head, base, title, body, p
  const kids: DomNode[] = [];
  for (let n = document.documentElement!.firstChild; n; n = n.nextSibling) kids.push(n);
  assert.deepEqual(
    kids.filter(isElement).map((e) => e.localName),
    ['head', 'body'],
  );
});
