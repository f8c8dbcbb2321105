// The check that a report renderer made inert HTML of hostile text (the Markdown one in web/pages, the
// document's in report/), with the issue-20 payloads it is fed (payloads.ts).
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';

export { HOSTILE_URLS, INJECTION_TEXTS } from './payloads.js';

/** Fails when `html` holds an element, attribute or link a payload made: only a renderer's own tags, http(s) and in-page links. */
export function assertInert(html: string): void {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const made = ['script', 'iframe', 'object', 'embed', 'svg', 'img', 'style', 'base', 'details', 'math', 'template', 'form', 'input'].filter(
    (t) => document.querySelectorAll(t).length > 0,
  );
  assert.deepEqual(made, [], 'elements a payload made');
  for (const el of document.querySelectorAll('*')) {
    for (const a of el.getAttributeNames()) assert.ok(!/^on/i.test(a) && a !== 'style' && a !== 'srcdoc', `${el.localName}[${a}]`);
    const href = el.getAttribute('href');
    if (href !== null) assert.ok(/^https?:\/\/[^\s"'<>`]+$/i.test(href) || /^#src-R?\d+$/.test(href) || /^\/(?!\/)[^\s"<>]*$/.test(href), `a[href=${href}]`);
  }
  for (const a of document.querySelectorAll('a[href^="http"]')) assert.equal(a.getAttribute('rel'), 'noopener noreferrer nofollow');
  assert.doesNotMatch(
    html,
    /<(?!\/?(?:div|h[1-6]|p|ul|ol|li|blockquote|table|thead|tbody|tr|th|td|hr|strong|em|code|a)\b)[a-z!]/i,
    "only the renderer's own tags",
  );
}
