import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bibtexDoi,
  bibtexField,
  bibtexKey,
  bibtexUrl,
  htmlLink,
  htmlText,
  mdCell,
  mdCode,
  mdHeading,
  mdInline,
  mdLink,
  mdQuote,
  mdText,
  mdUrl,
  neutralizeBidi,
  safeHttpUrl,
  terminalJson,
  terminalLine,
  terminalText,
} from './index.js';

test('safeHttpUrl: only http(s), normalised, with link-ending characters percent-encoded', () => {
  assert.equal(safeHttpUrl('HTTP://Example.ORG:80/a b'), undefined); // white space inside is refused, not stripped
  assert.equal(safeHttpUrl('HTTP://Example.ORG:80/a'), 'http://example.org/a');
  assert.equal(safeHttpUrl('http://example.org/a"onmouseover="alert(8)'), 'http://example.org/a%22onmouseover=%22alert(8)');
  assert.equal(safeHttpUrl('https://example.org/?q=<x>&r=`{}`'), 'https://example.org/?q=%3Cx%3E&r=%60%7B%7D%60');
  for (const bad of [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'file:///etc/passwd',
    'corpus://c/1',
    '//example.org/',
    'http://',
    'http://exa\nmple.org/',
  ]) {
    assert.equal(safeHttpUrl(bad), undefined, bad);
  }
});

test('mdInline escapes inline syntax, breaks autolinks and keeps one line', () => {
  assert.equal(mdInline('a *b* [c](d) <e> `f` |g| ~h~ \\i'), 'a \\*b\\* \\[c\\](d) \\<e\\> \\`f\\` \\|g\\| \\~h\\~ \\\\i');
  assert.equal(mdInline('line one\n### two\r\nthree'), 'line one ### two three');
  assert.equal(mdInline('see http://x.org and ftp://y and www.z.org, mail a@b.org'), 'see http\\://x.org and ftp\\://y and www\\.z.org, mail a\\@b.org');
  assert.equal(mdInline('non_retryable _emph_ snake__case'), 'non_retryable \\_emph\\_ snake__case');
  assert.equal(mdInline('&lt;script&gt; R&D'), '&amp;lt;script&amp;gt; R&D');
  assert.equal(mdInline('ctrl\u0000\u001b[2Jx'), 'ctrl\\[2Jx');
  assert.equal(mdInline('CO\u00a02 and  two  spaces'), 'CO\u00a02 and  two  spaces', 'spacing inside a line is kept (quotes are verbatim)');
});

test('mdText also escapes block markers at the start of a line', () => {
  assert.equal(mdText('# Heading'), '\\# Heading');
  assert.equal(mdText('- item'), '\\- item');
  assert.equal(mdText('1. first'), '1\\. first');
  assert.equal(mdText('--- '), '\\---');
  assert.equal(mdText('> quote'), '\\> quote');
  assert.equal(mdText('= setext'), '\\= setext');
  assert.equal(mdCell(undefined), '-');
  assert.equal(mdCell('a|b'), 'a\\|b');
});

test('mdLink links http(s) only; anything else is text', () => {
  assert.equal(mdLink('Title](javascript:alert(5)) [more', 'https://example.org/x'), '[Title&#93;(javascript:alert(5)) &#91;more](<https://example.org/x>)');
  assert.equal(mdLink('a \\[b', 'https://e.org/'), '[a \\\\&#91;b](<https://e.org/>)');
  assert.equal(mdLink('x', 'javascript:alert(4)'), 'x (javascript:alert(4))');
  assert.equal(mdLink('[x]', 'javascript:alert(4)'), '&#91;x&#93; (javascript:alert(4))');
  assert.equal(mdLink('data', 'data:text/html,<script>'), 'data (data:text/html,\\<script\\>)');
  assert.equal(mdUrl('https://example.org/a b'), 'https\\://example.org/a b');
  assert.equal(mdUrl('https://example.org/a'), '<https://example.org/a>');
  assert.equal(mdUrl('corpus://c/1'), 'corpus://c/1');
});

test('mdQuote keeps every line inside the quote; mdHeading and mdCode stay on one line', () => {
  assert.equal(mdQuote('a\n\n# b\n- c'), '> a\n>\n> \\# b\n> \\- c');
  assert.equal(mdQuote(''), '>');
  assert.equal(mdHeading(9, 'x\n# y'), '###### x # y');
  assert.equal(mdCode('a ` b'), '``a ` b``');
  assert.equal(mdCode('`x'), '`` `x ``');
});

test('BibTeX: every special character escaped, DOIs validated, URLs http(s) only, keys plain', () => {
  assert.equal(
    bibtexField('a}, note={\\input{/etc/passwd}} 50% #1 $x_y^2 ~&'),
    'a\\textbraceright{}, note=\\textbraceleft{}\\textbackslash{}input\\textbraceleft{}/etc/passwd\\textbraceright{}\\textbraceright{} 50\\% \\#1 \\$x\\_y\\textasciicircum{}2 \\textasciitilde{}\\&',
  );
  assert.equal(bibtexDoi('10.1234/a},note={\\input{/etc/passwd}}'), undefined);
  assert.equal(bibtexDoi('10.1000/xyz-123_(4):5;6'), '10.1000/xyz-123\\_(4):5;6');
  assert.equal(bibtexDoi('10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0'), '10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0');
  assert.equal(bibtexUrl('javascript:alert(1)'), undefined);
  assert.equal(bibtexUrl('https://example.org/?a={b}'), 'https://example.org/?a=%7Bb%7D');
  // Every brace in an escaped value is one of a balanced {} pair (BibTeX counts braces, backslash or not).
  const escaped = bibtexField('}}}{{ \\} {');
  let depth = 0;
  for (const c of escaped) {
    depth += c === '{' ? 1 : c === '}' ? -1 : 0;
    assert.ok(depth >= 0 && depth <= 1, escaped);
  }
  assert.equal(depth, 0);
  assert.equal(bibtexKey('smith,2021}{'), 'smith2021');
});

test('HTML: text and attributes entity-escaped, links http(s) only', () => {
  assert.equal(htmlText('<script>"x"&\'y\''), '&lt;script&gt;&quot;x&quot;&amp;&#39;y&#39;');
  assert.equal(htmlLink('<b>', 'javascript:alert(1)'), '&lt;b&gt;');
  assert.equal(htmlLink('t', 'http://e.org/"x'), '<a href="http://e.org/%22x" rel="noopener noreferrer nofollow">t</a>');
});

test('terminal text shows control characters and bidi overrides instead of sending them', () => {
  assert.equal(terminalText('a\u001b[2Jb\u001b]0;t\u0007c'), 'a\u241b[2Jb\u241b]0;t\u2407c');
  assert.equal(terminalText('x\u009b31my\u007f'), 'x\\x9b31my\u2421');
  assert.equal(terminalText('r\rl\nt\t'), 'r\u240dl\nt\t');
  assert.equal(terminalText('\u202eevil'), '<U+202E>evil');
  assert.equal(terminalLine('a\nb\tc'), 'a b c');
});

test('terminal JSON: the same value, with nothing terminalText would change', () => {
  const value = { t: 'a\u001b[2J\u009b31m\u007f\u202egnp.exe\u202c\u2066x\u2069', n: [1, 'é\n'] };
  const json = terminalJson(JSON.stringify(value, null, 2));
  assert.deepEqual(JSON.parse(json), value);
  assert.equal(terminalText(json), json);
  assert.match(json, /\\u009b31m\\u007f\\u202egnp\.exe\\u202c\\u2066x\\u2069/);
});

test('bidi controls are shown by code point in every format: terminal, Markdown, HTML, BibTeX', () => {
  const hostile = 'Invoice \u202egnp.exe\u202c \u2067RLI\u2069 \u200f';
  assert.equal(neutralizeBidi(hostile), 'Invoice <U+202E>gnp.exe<U+202C> <U+2067>RLI<U+2069> <U+200F>');
  for (const [name, out] of [
    ['terminalText', terminalText(hostile)],
    ['mdInline', mdInline(hostile)],
    ['mdQuote', mdQuote(hostile)],
    ['mdCode', mdCode(hostile)],
    ['mdLink', mdLink(hostile, 'http://e.org/\u202e')],
    ['htmlText', htmlText(hostile)],
    ['htmlLink', htmlLink(hostile, 'http://e.org/')],
    ['bibtexField', bibtexField(hostile)],
  ] as const) {
    assert.doesNotMatch(out, /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/, name);
    assert.match(out, /U\+202E/, name);
  }
});
