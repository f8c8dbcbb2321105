// Hostile input, hole 1 of issue 20: stored injection into outputs. Pages' titles, quotes and URLs
// carrying HTML, links, Markdown structure and BibTeX go through every renderer — the research
// report and search log, task materials (md, bibtex, csl-json) and the consensus report — and the
// Markdown is rendered by marked with raw HTML allowed, as a viewer would. Nothing a page wrote may
// come out as a script, iframe, style, image, event handler, non-http(s) link, heading or table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeFields, modelJudge, type Materials, type SourceView } from '../core/index.js';
import { renderHtmlFragment, renderMaterials, reportDocumentSchema } from '../report/index.js';
import { assertInert } from '../test-support/inert-html.js';
import { ConsensusResearchEngine, DEFAULT_STRATEGIES, ResearchAgent } from '../workflows/consensus/index.js';
import { negationStance } from '../workflows/consensus/test-support/doubles.js';
import { MemoryEngine, type MemoryDoc } from '../workflows/test-support/memory-engine.js';
import { runResearchWorkflow } from '../workflows/research/run-research.js';
import { memoryOutput, memoryStateStore } from '../workflows/research/test-support/fixtures.js';
import { BIBTEX_DOI_PAYLOAD, BIDI_PAYLOADS, HOSTILE_URLS, INJECTION_TEXTS } from '../test-support/payloads.js';
import { REPORT_CSS, REPORT_SCRIPT } from '../report/html-style.js';
import { inspectHtmlReport, parseBibtex, renderAndInspect, type RenderedFindings } from './render-check.js';

/** A heading or table header a payload forged: one whose text is the payload's (Lyra's own headings may quote it after their number). */
const FORGED = /^(?:Injected heading|Heading at start|a|b)$|^(?:Injected heading|Heading at start)/;

function assertClean(name: string, f: RenderedFindings): void {
  assert.deepEqual(f.forbidden, [], `${name}: forbidden elements`);
  assert.deepEqual(f.nonHttpLinks, [], `${name}: non-http(s) links`);
  assert.deepEqual(f.handlers, [], `${name}: event handlers`);
  assert.deepEqual(
    f.headings.filter((h) => FORGED.test(h)),
    [],
    `${name}: forged headings`,
  );
  assert.deepEqual(
    f.tableHeaders.filter((h) => FORGED.test(h)),
    [],
    `${name}: forged tables`,
  );
  // Payload text may appear as text (`&lt;script&gt;`), never as markup.
  assert.doesNotMatch(f.html, /<(?:script|iframe|style|img|svg)\b/i, `${name}: raw payload in HTML`);
}

/** report.html: the report's own style and script only, links http(s) or in-page anchors, no handler, a CSP naming both by hash. */
function assertCleanPage(name: string, html: string): void {
  const f = inspectHtmlReport(html);
  assert.deepEqual(f.forbidden, [], `${name}: forbidden elements`);
  assert.deepEqual(f.nonHttpLinks, [], `${name}: non-http(s) links`);
  assert.deepEqual(f.handlers, [], `${name}: event handlers or style attributes`);
  assert.deepEqual(f.scripts, [REPORT_SCRIPT], `${name}: the report's own script only`);
  assert.deepEqual(f.styles, [REPORT_CSS], `${name}: the report's own style only`);
  assert.match(f.csp ?? '', /^default-src 'none'; style-src 'sha256-[^']+'; script-src 'sha256-[^']+'; img-src 'none'/);
}

const payloadUrl = (i: number): string => HOSTILE_URLS[i % HOSTILE_URLS.length]!;

/** Titles, quotes and names cycling through `texts` (the injection corpus unless a test names another). */
function hostileSource(i: number, texts: readonly string[]): SourceView {
  const payloadTitle = (j: number): string => texts[j % texts.length]!;
  return {
    pageId: `pg_${i}`,
    url: payloadUrl(i),
    domain: 'evil.example',
    title: payloadTitle(i),
    trustLevel: 'LOW',
    sourceType: i % 2 ? 'academic_paper' : 'government_report',
    primary: false,
    publishedAt: '2021-03-05',
    authors: [`${payloadTitle(i + 1)}, Jane`, 'Org}, note={x'],
    organization: payloadTitle(i + 2),
    identifiers: { doi: i === 0 ? BIBTEX_DOI_PAYLOAD : '10.1000/ok.2021', pmid: i === 1 ? '1}, x={' : '12345', arxiv: '2101.00001' },
  } as SourceView;
}

function hostileMaterials(texts: readonly string[] = INJECTION_TEXTS): Materials {
  const payloadTitle = (j: number): string => texts[j % texts.length]!;
  const pages = texts.map((_, i) => hostileSource(i, texts));
  const evidence = pages.map((source, i) => ({
    fragmentId: `fr_${i}`,
    quote: `${payloadTitle(i)} and more ${payloadTitle(i + 3)}`,
    decisiveSentence: i % 2 ? payloadTitle(i + 5) : undefined,
    locator: { headingPath: [payloadTitle(i + 7)], paragraph: 1 },
    stance: 'supports',
    confidence: 0.9,
    ...judgeFields(modelJudge('test')),
    source,
  }));
  return {
    task: { id: 'task_x', question: `Why? ${payloadTitle(13)}`, status: 'running' },
    paging: { offset: 0, limit: 50, totalClaims: texts.length },
    claims: texts.map((t, i) => ({
      id: `clm_${i}`,
      statement: t,
      status: 'VERIFIED',
      confidence: 0.8,
      uncertainty: 0.1,
      controversy: 0,
      decisionRelevance: 'high',
      rationale: payloadTitle(i + 1),
      conditions: [payloadTitle(i + 2)],
      counts: { supports: 1, refutes: 0, neutral: 0 },
      supporting: [evidence[i]!],
      refuting: [],
    })),
    contested: [],
    citations: [{ from: pages[0]!, to: pages[1]!, influential: true, relevance: 0.5 }],
    counterevidenceLog: [{ claim_id: 'clm_0', search_queries: [payloadTitle(3)], found_counterevidence: false, impact_on_status: null }],
    pages,
  } as unknown as Materials;
}

test('task materials --format md: payloads render as text, links only http(s)', () => {
  const md = renderMaterials(hostileMaterials(), 'md');
  assertClean('materials md', renderAndInspect(md));
  // The link text cannot be closed by a `]` in a title.
  assert.ok(md.includes('Title&#93;(javascript:alert(5)) &#91;more'));
});

test('task materials --format html: payloads render as text in a page that can run and load nothing of theirs', () => {
  const html = renderMaterials(hostileMaterials(), 'html');
  assertCleanPage('materials html', html);
  assert.ok(html.includes('&lt;img src=x onerror=alert(3)&gt;'), 'a payload is shown as text');
});

test('task materials --format bibtex: every entry parses to the expected fields; the DOI payload is dropped, not injected', () => {
  const bib = renderMaterials(hostileMaterials(), 'bibtex');
  const entries = parseBibtex(bib);
  assert.equal(entries.length, INJECTION_TEXTS.length);
  const allowed = new Set(['title', 'author', 'organization', 'institution', 'year', 'month', 'doi', 'eprint', 'archiveprefix', 'pmid', 'url', 'note']);
  for (const e of entries) {
    for (const name of Object.keys(e.fields)) assert.ok(allowed.has(name), `${e.key}: unexpected field ${name}`);
    assert.match(e.fields.note ?? '', /^Trust level LOW; /);
    for (const v of Object.values(e.fields)) assert.doesNotMatch(v, /\\input|\\include|\\write|\\def/);
    if (e.fields.url !== undefined) assert.match(e.fields.url, /^https?:\/\//);
    if (e.fields.pmid !== undefined) assert.match(e.fields.pmid, /^\d+$/);
  }
  assert.equal(entries[0]!.fields.doi, undefined, 'the citation_doi payload is not a DOI');
  assert.equal(entries[2]!.fields.doi, '10.1000/ok.2021');
});

test('task materials --format csl-json stays exact (JSON needs no escaping)', () => {
  const items = JSON.parse(renderMaterials(hostileMaterials(), 'csl-json')) as Array<{ title: string; URL: string; DOI?: string }>;
  assert.equal(items[0]!.title, INJECTION_TEXTS[0]);
  assert.equal(items[0]!.DOI, BIBTEX_DOI_PAYLOAD);
  assert.equal(items[0]!.URL, HOSTILE_URLS[0]);
});

/** The research workflow over documents whose titles and sentences carry `texts`: report.md, search_log.md and report.html. */
async function researchOutputs(texts: readonly string[]): Promise<{ report: string; searchLog: string; html: string; document: string }> {
  const docs: MemoryDoc[] = texts.map((t, i) => ({
    title: t,
    // One page per text: a URL the cycle repeats gets a fragment of its own (the double keys pages by URL).
    url: i < HOSTILE_URLS.length ? payloadUrl(i) : `${payloadUrl(i)}#${i}`,
    trustLevel: 'ACADEMIC',
    publishedAt: '2020-01-01',
    sentences: [
      `Global sea level rise accelerated since 1993 ${t} according to satellites.`,
      `Sea level rose 3.3 mm per year ${texts[(i + 4) % texts.length]!} in recent decades.`,
    ],
  }));
  const engine = new MemoryEngine({ providers: { corpus: docs }, acceptAnyUrl: true });
  const output = memoryOutput();
  await runResearchWorkflow(
    { engine, state: memoryStateStore(), output, now: () => new Date('2026-01-01T09:30:00Z') },
    {
      question: 'Has global sea level rise accelerated?',
      budget: { pages: 30, queries: 200, seconds: 600 },
    },
  );
  const file = (suffix: string): string => [...output.files.entries()].find(([k]) => k.endsWith(suffix))![1];
  return { report: file('_report.md'), searchLog: output.files.get('search_log.md')!, html: file('_report.html'), document: file('_report.json') };
}

test('research report and search log: hostile titles, quotes, URLs and queries render as text', { timeout: 120_000 }, async () => {
  const out = await researchOutputs(INJECTION_TEXTS);
  assert.ok(out.report.includes('## References'));
  assertClean('research report', renderAndInspect(out.report));
  assertClean('search log', renderAndInspect(out.searchLog));
  assertCleanPage('research report.html', out.html);
  // The UI's page of the report, rendered from its document with every link into the UI the page makes.
  const doc = reportDocumentSchema.parse(JSON.parse(out.document));
  assertInert(
    renderHtmlFragment(doc, {
      claimHref: (id) => `/tasks/task_x/claims/${encodeURIComponent(id)}`,
      sourceHref: (url) => ({ href: `/tasks/task_x?${new URLSearchParams({ domain: url }).toString()}`, label: url }),
    }),
  );
});

/** The consensus engine (one agent, one iteration) over documents whose titles and texts carry `texts`: its final report.md. */
async function consensusReport(texts: readonly string[]): Promise<string> {
  const docs: MemoryDoc[] = texts.map((t, i) => ({
    url: i % 3 === 0 ? `https://ok${i}.example/page"onmouseover="alert(${i})` : payloadUrl(i),
    title: `Sea level ${t}`,
    text: `Sea level rise accelerated to 4.5 mm per year in 2023 ${t} according to NOAA.\n\nCoastal flooding increased in 2022 ${texts[(i + 2) % texts.length]!} in many cities.`,
  }));
  const engine = new ConsensusResearchEngine(
    { agentCount: 1, iterationCount: 1 },
    {
      judge: negationStance(),
      createAgent: ({ strategy }) =>
        new ResearchAgent({
          strategy: { ...DEFAULT_STRATEGIES[0]!, ...strategy, timeRange: 'all' },
          language: 'en',
          dependencies: {
            engine: new MemoryEngine({ providers: { corpus: docs }, tasks: ['task_hostile'], acceptAnyUrl: true }),
            taskId: 'task_hostile',
            providers: [{ name: 'corpus' }],
            now: () => new Date('2025-01-01T00:00:00Z'),
          },
        }),
    },
  );
  return (await engine.research('sea level rise')).finalReport;
}

test('consensus report.md: hostile titles, quotes and URLs render as text, links only http(s)', { timeout: 120_000 }, async () => {
  const report = await consensusReport(INJECTION_TEXTS);
  assert.ok(report.includes('## Sources'));
  const f = renderAndInspect(report);
  assertClean('consensus report', f);
  assert.ok(f.html.includes('href="https://ok0.example/page%22onmouseover=%22alert(0)"'), 'an http(s) URL is linked in normalised, percent-encoded form');
});

// Finding 10 of the security issue: bidi embeddings, overrides and isolates in titles, quotes, names and
// questions are shown by their code point in every output format, as the terminal printer shows them.
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const BIDI_TEXTS = BIDI_PAYLOADS.map((b, i) => `Sea level ${i} ${b} rose`);

function assertNoBidi(name: string, text: string): void {
  const i = text.search(BIDI_CONTROL);
  assert.equal(i, -1, `${name}: a raw bidi control near ${JSON.stringify(text.slice(Math.max(0, i - 40), i + 40))}`);
  assert.match(text, /U\+202E/, `${name}: the right-to-left override is shown by its code point`);
}

test('bidi controls from hostile text are neutralised in every output format: md, html, bibtex, csl-json, research and consensus reports', {
  timeout: 120_000,
}, async () => {
  const m = hostileMaterials(BIDI_TEXTS);
  for (const format of ['md', 'html', 'bibtex', 'csl-json'] as const) assertNoBidi(`materials ${format}`, renderMaterials(m, format));
  const research = await researchOutputs(BIDI_TEXTS);
  assertNoBidi('research report.md', research.report);
  assertNoBidi('search log', research.searchLog);
  assertNoBidi('research report.html', research.html);
  assertNoBidi('consensus report.md', await consensusReport(BIDI_TEXTS));
});
