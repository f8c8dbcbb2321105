import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { HtmlReportDocument } from './html-document.js';
import { REPORT_CSS, REPORT_SCRIPT } from './html-style.js';
import { renderHtmlReport, reportCsp } from './render-html.js';
import { SVG_GRAPH_MAX_CLAIMS, renderSvgGraph } from './svg-graph.js';

const source = { url: 'https://a.example/x', title: 'A title', domain: 'a.example', trustLevel: 'ACADEMIC' as const };
const doc = (n = 3): HtmlReportDocument => ({
  lang: 'en',
  question: 'Do corals bleach?',
  meta: ['Task task_1'],
  answer: {
    verdict: 'Supported',
    shown: { verdict: 'supported', confidence: 0.8 },
    confidence: 0.8,
    summary: 'Two sources agree.',
    for: [{ text: 'Corals bleach.', stance: 'supports', stated: false, confidence: 0.9, source, locator: '¶1' }],
    against: [],
  },
  claims: Array.from({ length: n }, (_, i) => ({
    id: `clm_${i}`,
    statement: `Claim ${i}`,
    status: i === 0 ? 'VERIFIED' : i === 1 ? 'CONTESTED' : 'PENDING',
    confidence: 0.5,
    rationale: 'because',
    conditions: [],
    supporting: [{ text: `Quote ${i}`, stance: 'supports', stated: i % 2 === 0, confidence: 1, source, locator: '¶2' }],
    refuting:
      i === 1
        ? [
            {
              text: 'Not so.',
              stance: 'refutes',
              stated: false,
              confidence: 0.7,
              source: { ...source, url: 'https://b.example/y', domain: 'b.example', trustLevel: 'GOVERNMENT' },
              locator: '¶3',
            },
          ]
        : [],
  })),
  totalClaims: n,
  contested: n > 1 ? [{ claimId: 'clm_0', otherClaimId: 'clm_1', type: 'contested', trustLevel: 'ACADEMIC', otherTrustLevel: 'GOVERNMENT' }] : [],
});

test('report.html: the CSP names the inlined style and script by their sha256, and nothing else may load', () => {
  const hash = (s: string): string => createHash('sha256').update(s).digest('base64');
  const csp = reportCsp();
  assert.ok(csp.includes(`style-src 'sha256-${hash(REPORT_CSS)}'`));
  assert.ok(csp.includes(`script-src 'sha256-${hash(REPORT_SCRIPT)}'`));
  assert.match(csp, /^default-src 'none'/);
  const html = renderHtmlReport(doc());
  assert.ok(html.includes(`<style>${REPORT_CSS}</style>`) && html.includes(`<script>${REPORT_SCRIPT}</script>`));
});

test('report.html: answer, claims grouped by status with anchors, contested pair side by side, a graph whose claim nodes link to the claims', () => {
  const html = renderHtmlReport(doc());
  assert.ok(html.indexOf('id="answer"') < html.indexOf('id="graph"'));
  assert.ok(html.indexOf('data-status="VERIFIED"') < html.indexOf('data-status="CONTESTED"'));
  assert.ok(html.indexOf('data-status="CONTESTED"') < html.indexOf('data-status="PENDING"'));
  assert.match(html, /<article class="claim" id="c-clm_1" data-status="CONTESTED" data-text="claim 1">/);
  assert.match(html, /<a href="#c-clm_0"><title>VERIFIED 0\.50 — Claim 0<\/title>/);
  assert.match(
    html,
    /<td><span class="trust tr-ACADEMIC">ACADEMIC<\/span> <a href="#c-clm_0">Claim 0<\/a><\/td><td><span class="trust tr-GOVERNMENT">GOVERNMENT<\/span>/,
  );
  assert.ok(html.includes('<a href="https://a.example/x" rel="noopener noreferrer nofollow">A title</a>'));
});

test('the static graph is cut to the strongest claims and says so', () => {
  const big = doc(SVG_GRAPH_MAX_CLAIMS + 5);
  const svg = renderSvgGraph(big.claims, big.contested);
  assert.equal(svg.match(/<circle /g)!.length, SVG_GRAPH_MAX_CLAIMS + 2, 'claims drawn plus the two sources');
  assert.match(svg, new RegExp(`Drawn: ${SVG_GRAPH_MAX_CLAIMS} of ${SVG_GRAPH_MAX_CLAIMS + 5} claims`));
});

test('report.html: an insufficient-evidence answer shows its closest neutral passages, with the side each leans to, escaped', () => {
  const d = doc(1);
  d.answer = {
    verdict: 'Insufficient evidence',
    shown: { verdict: 'insufficient evidence', confidence: 1 },
    confidence: 1,
    summary: 'None passed the bar.',
    for: [],
    against: [],
    closest: [{ text: 'Speaking <b>spreads</b> it.', stance: 'supports', leans: 'supports', stated: false, confidence: 0.41, source, locator: '¶4' }],
  };
  const html = renderHtmlReport(d);
  assert.ok(html.includes('<h3>Closest passages (the judge left them neutral: read them yourself)</h3>'));
  assert.ok(html.includes('<blockquote class="neutral">Speaking &lt;b&gt;spreads&lt;/b&gt; it.</blockquote>'));
  assert.ok(html.includes('neutral, leans to supporting 0.41'));
  assert.ok(!html.includes('<b>spreads</b>'));
});

test('report.html: an insufficient-evidence answer shows no confidence figure whatever its label, but what was judged (the verdict as data in `shown`)', () => {
  const d = doc(1);
  const answer = { verdict: 'Insufficient evidence', confidence: 0.55, summary: 'Two LOW sources for, one against.', for: [], against: [] };
  d.answer = { ...answer, shown: { verdict: 'insufficient evidence', confidence: 0.55, judged: 10, searched: 1, passed: { supporting: 2, refuting: 1 } } };
  const html = renderHtmlReport(d);
  assert.ok(!html.includes('confidence 0.55'), 'no figure');
  assert.ok(html.includes('what passed the judge&#39;s bar points both ways (2 sources for, 1 against, 10 passages judged, 1 source searched)'));
  // A supported answer keeps its figure.
  d.answer = { ...answer, verdict: 'Supported', shown: { verdict: 'supported', confidence: 0.55 } };
  assert.ok(renderHtmlReport(d).includes('confidence 0.55'));
  // Japanese labels too: the label is not what decides.
  d.lang = 'ja';
  d.answer = { ...answer, verdict: '根拠不足', shown: { verdict: 'insufficient evidence', confidence: 0.55, judged: 3, searched: 1 } };
  const ja = renderHtmlReport(d);
  assert.ok(!ja.includes('確信度 0.55'), 'no figure in Japanese either');
  assert.ok(ja.includes('判定 3 件'));
});

test('report.html: the Limitations of report.md follow the sources, their sub-headings at <h3> and every text escaped', () => {
  const d: HtmlReportDocument = {
    ...doc(),
    limitations: {
      heading: 'Limitations',
      blocks: [
        { type: 'heading', level: 3, content: [{ type: 'text', text: 'Warnings' }] },
        { type: 'list', list: { ordered: false, items: [{ content: [{ type: 'text', text: 'corpus (x): <script>alert(1)</script>' }] }] } },
      ],
    },
  };
  const html = renderHtmlReport(d);
  const section = html.split('<section id="limitations">')[1]?.split('</section>')[0] ?? '';
  assert.ok(html.indexOf('id="sources"') < html.indexOf('id="limitations"'));
  assert.match(section, /^<h2>Limitations<\/h2><h3>Warnings<\/h3>\n<ul><li>corpus \(x\): &lt;script&gt;/);
  assert.ok(!section.includes('<script>'));
  assert.ok(!renderHtmlReport(doc()).includes('id="limitations"'), 'no section without limitations');
});

test('report.html: a quote judged in its subject’s other name says what was judged, escaped', () => {
  const d = doc();
  d.answer!.for[0]!.readAs = 'judged as “Ascorbic acid <b>does</b> shorten the common cold.”';
  const html = renderHtmlReport(d);
  assert.ok(html.includes('judged as “Ascorbic acid &lt;b&gt;does&lt;/b&gt; shorten the common cold.”'));
  assert.ok(!renderHtmlReport(doc()).includes('judged as'));
});

test('report.html: a quote that states part of its claim says so beside its source', () => {
  const d = doc();
  d.claims[1]!.supporting[0]!.part = 'states part of the claim';
  const html = renderHtmlReport(d);
  assert.match(html, /<blockquote class="supports">Quote 1<\/blockquote><p class="src">[^\n]*¶2 · supports 1\.00 · states part of the claim<\/p>/);
  assert.ok(!renderHtmlReport(doc()).includes('states part of the claim'));
});

test("report.html: a claim that only its own source states shows the other source's nearest passage as neutral, with its lean, escaped", () => {
  const d = doc();
  d.claims[2]!.closest = [
    { text: 'Reefs <i>declined</i> by half.', stance: 'supports', leans: 'supports', stated: false, confidence: 0.47, source, locator: '¶5' },
  ];
  const html = renderHtmlReport(d);
  assert.match(
    html,
    /<h4>No other source&#39;s passage passed the judge&#39;s bar; the closest read \(left neutral: read it yourself\)<\/h4><blockquote class="neutral">Reefs &lt;i&gt;declined&lt;\/i&gt; by half\.<\/blockquote>/,
  );
  assert.ok(html.includes('neutral, leans to supporting 0.47'));
  assert.ok(!renderHtmlReport(doc()).includes('the closest read'));
});
