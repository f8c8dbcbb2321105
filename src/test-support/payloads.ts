// The hostile-input corpus of issue 20: what a fetched page or an ingested file may carry to break
// Lyra's outputs, its network guard or its running time. Data only; the suites under src/testing/
// and the tests next to each component use it (here in test-support/, which every layer's tests may import).

/** Markup and link payloads a page's title, quote or URL may carry into Markdown, HTML or BibTeX. */
export const INJECTION_TEXTS: readonly string[] = [
  '<script>alert(1)</script>',
  '<iframe src="http://evil.example/frame"></iframe>',
  '<style>body{display:none}</style>',
  '<img src=x onerror=alert(3)>',
  '[x](javascript:alert(4))',
  '[<script>alert(1)</script>](javascript:alert(1))',
  '![tracker](http://evil.example/pixel.gif?id=42)',
  '[click](data:text/html,<script>alert(2)</script>)',
  '<a href="javascript:alert(6)">link</a>',
  '[ref]: javascript:alert(7)\n\n[ref]',
  '<svg onload=alert(9)>',
  '`code` ``` fence',
  'Title](javascript:alert(5)) [more',
  'Real title\n### Injected heading\n| a | b |\n|---|---|\n---\n- item\n> quote',
  '# Heading at start',
  '<!-- comment --><details open><summary>x</summary></details>',
  '&lt;script&gt;alert(10)&lt;/script&gt;',
  '\\<script\\>alert(11)\\</script\\>',
];

/** URLs a document or search result may claim; only the http(s) ones may become links, normalised. */
export const HOSTILE_URLS: readonly string[] = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(2)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'http://example.org/a"onmouseover="alert(8)',
  'http://example.org/a) [x](javascript:alert(12)',
  'http://example.org/<script>alert(13)</script>',
  'https://example.org/path with spaces/and\nnewline',
  'http://user:pass@example.org/',
];

/** A page's `citation_doi` that closed the BibTeX field and injected a `note` LaTeX would run. */
export const BIBTEX_DOI_PAYLOAD = '10.1234/a},note={\\input{/etc/passwd}}';

/** Terminal control sequences a page may carry into `fetch`, `extract` or `search` output. */
export const TERMINAL_PAYLOADS: readonly string[] = [
  '\u001b[2J\u001b[H', // clear screen, cursor home
  '\u001b]0;pwned\u0007', // window title
  '\u001b]8;;http://evil.example/\u001b\\click me\u001b]8;;\u001b\\', // OSC 8 hyperlink
  '\u009b31m', // C1 CSI
  '\u001bP+q\u001b\\', // DCS query
  '\r\u001b[1A\u001b[Kfake line', // rewrite the previous line
  '\u202eevil\u202c', // right-to-left override
];

/** Bidirectional controls (embeddings, overrides, isolates) that make a title or quote read differently from what it is. */
export const BIDI_PAYLOADS: readonly string[] = [
  '\u202aLRE\u202c \u202bRLE\u202c', // embeddings, closed by PDF
  '\u202dLRO\u202c \u202egnp.exe\u202c', // overrides: "exe.png" shown as "gnp.exe"
  '\u2066LRI\u2069 \u2067RLI\u2069 \u2068FSI\u2069', // isolates, closed by PDI
];

const SENTENCES = [
  'Coral cover fell by 40 percent in 2016 (Fig. 2) after the heatwave, e.g. on the northern reef.',
  'Researchers found that reefs exposed to heat stress for eight weeks lost half of their coral cover.',
  'Ocean acidification reduces the growth rate of reef-building corals by 15 percent.',
];

/** The 1 MB single-line and many-line documents of issue 20. */
export function megabyteDocuments(): Array<{ name: 'single line' | 'many lines'; text: string }> {
  const bytes = 1024 * 1024;
  const parts: string[] = [];
  for (let size = 0, i = 0; size < bytes; i++) {
    const s = SENTENCES[i % SENTENCES.length]!;
    parts.push(s);
    size += s.length + 1;
  }
  const oneLine = parts.join(' ').slice(0, bytes);
  return [
    { name: 'single line', text: oneLine },
    { name: 'many lines', text: oneLine.replace(/(.{70}) /g, '$1\n') },
  ];
}

/** Text shapes that made a regex or a loop quadratic, by name, sized in bytes. */
export const HOSTILE_TEXT_RUNS: Readonly<Record<string, (bytes: number) => string>> = {
  'no spaces': (b) => 'a'.repeat(b),
  'abbreviation run': (b) => 'Fig. '.repeat(Math.floor(b / 5)),
  'dotted run': (b) => 'a.'.repeat(Math.floor(b / 2)),
  'long white space': (b) => `x${' '.repeat(b)}y`,
  'blank-line run': (b) => 'x\n \n'.repeat(Math.floor(b / 4)),
  'short lines': (b) => 'Heading\n'.repeat(Math.floor(b / 8)),
  'URL run': (b) => `See ${'http://a/'.repeat(Math.floor(b / 9))} now.`,
  'DOI-like run': (b) => '10.1010'.repeat(Math.floor(b / 7)),
  'DOI with unbalanced brackets': (b) => `10.1234/a${'.)'.repeat(Math.floor(b / 2))}`,
};

/** Markup shapes (file extension → document) that made parsing quadratic or overflowed the stack. */
export const HOSTILE_MARKUP: ReadonlyArray<{ name: string; ext: 'html' | 'md'; make: (bytes: number) => string }> = [
  { name: 'pre with a long run of spaces', ext: 'html', make: (b) => `<html><body><pre>x${' '.repeat(b)}y</pre></body></html>` },
  { name: 'deeply nested elements', ext: 'html', make: (b) => `<html><body>${'<b>'.repeat(Math.floor(b / 3))}x</body></html>` },
  { name: 'emphasis markers', ext: 'md', make: (b) => '_a'.repeat(Math.floor(b / 2)) },
  { name: 'nested quotes', ext: 'md', make: (b) => `${'>'.repeat(Math.min(b, 100_000))} deep` },
];
