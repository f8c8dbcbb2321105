// The README's quick-start command end to end in child processes (a long run: `npm run test:e2e`): every
// citation is a corpus document quoted verbatim, the report answers first, and a run killed with SIGKILL in
// DEEP resumes to the same report as an uninterrupted one.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { mdText } from '../../core/index.js';
import { findOpeningReference, screenSentence } from '../../extract/index.js';
import { RESEARCH_ARTIFACT_SCHEMAS, answerSchema, researchRunSchema, type ResearchArtifactName } from '../../workflows/index.js';
import { tempHome } from '../../test-support/cli.js';
import { PROJECT_ROOT } from '../../test-support/shared-data.js';
import { renderMarkdown, reportDocumentSchema } from '../../report/index.js';

const WEIGHTS = join(PROJECT_ROOT, 'models', 'stance-en', 'stance-en.json');
const skipUnlessWeights = existsSync(WEIGHTS) ? false : `missing ${WEIGHTS} (the embedded English stance model)`;
const BIN = join(PROJECT_ROOT, 'bin', 'lyra.js');
/** The README's question (research.test.ts checks the README runs it), with a budget whose only limits are pages and queries, so runs are reproducible. */
const QUESTION = 'Are coral reefs dying because of climate change?';
const BUDGET = 'pages=32,queries=150,seconds=3000';

interface Child {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: Array<Record<string, unknown>>;
  stderr: string;
}

/** Runs bin/lyra.js in a child process; `killWhen` sends SIGKILL at the first event it accepts. */
function lyra(args: string[], home: string, killWhen?: (e: Record<string, unknown>) => boolean): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: home, env: { ...process.env, LYRA_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: Array<Record<string, unknown>> = [];
    let buf = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      buf += d;
      let i: number;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (!line.trim()) continue;
        const e = JSON.parse(line) as Record<string, unknown>;
        lines.push(e);
        if (killWhen?.(e) && !child.killed) child.kill('SIGKILL');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => void (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, lines, stderr }));
  });
}

function runDirOf(out: string): string {
  const dirs = readdirSync(out).filter((d) => /^\d{8}_\d{4}/.test(d));
  assert.equal(dirs.length, 1, `run folders in ${out}: ${dirs.join(', ')}`);
  return join(out, dirs[0]!);
}

const reportOf = (dir: string): string => readFileSync(join(dir, readdirSync(dir).find((f) => f.endsWith('_report.md'))!), 'utf8');
/** The report without its title and run header (task id, time and search count). */
const body = (report: string): string => report.split('\n').slice(3).join('\n');

test('README command on the example corpus: every citation is a corpus document quoted verbatim; a run killed in DEEP resumes to the same report', {
  skip: skipUnlessWeights,
}, async () => {
  const homeA = tempHome('lyra-research-a-');
  const homeB = tempHome('lyra-research-b-');
  try {
    const args = ['research', QUESTION, '--corpus', 'example', '--budget', BUDGET, '--out', 'out', '--json'];
    const [whole, killed] = await Promise.all([
      lyra(args, homeA),
      lyra(args, homeB, (e) => e.type === 'research.search' && e.phase === 'deep' && e.status === 'start'),
    ]);
    assert.equal(whole.code, 0, whole.stderr);
    assert.equal(killed.signal, 'SIGKILL', `the run was not killed in DEEP (no DEEP search started): ${killed.stderr}`);

    // The uninterrupted run: report, search log and artifacts.
    const dirA = runDirOf(join(homeA, 'out'));
    const result = whole.lines.at(-1)!;
    assert.equal(result.type, 'research.result');
    assert.equal(result.status, 'completed');
    for (const name of Object.keys(RESEARCH_ARTIFACT_SCHEMAS) as ResearchArtifactName[]) {
      RESEARCH_ARTIFACT_SCHEMAS[name].parse(JSON.parse(readFileSync(join(dirA, `${name}.json`), 'utf8')));
    }
    assert.ok(readFileSync(join(dirA, 'search_log.md'), 'utf8').includes('## Search summary'));
    const report = reportOf(dirA);
    const docs = new Map(
      readFileSync(join(PROJECT_ROOT, 'corpora', 'example', 'documents.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { id: string; text: string })
        .map((d) => [`corpus://example/${d.id}`, d.text]),
    );
    const front = report.slice(0, report.indexOf('## References'));
    const refs = report.slice(report.indexOf('## References')).split('\n');
    // Each quote is shown in full (or as an excerpt between …) once, at its first citation; References link the Wikipedia article.
    // Quotes, titles and non-http addresses are escaped Markdown (core/format): unescaped to compare with the corpus.
    const unescape = (t: string): string => t.replace(/\\(.)/g, '$1').replace(/&amp;/g, '&');
    const quotes = new Map<number, string>();
    for (const m of front.matchAll(/“([^”]*)” \[(\d+)\]/g)) if (!quotes.has(Number(m[2]))) quotes.set(Number(m[2]), unescape(m[1]!).replace(/^…|…$/g, ''));
    const urls = new Map<number, string>();
    for (const line of refs) {
      const m = /^(\d+)\. \[[^\]]*\]\(<https:\/\/en\.wikipedia\.org\/wiki\/[^>]+>\) <?(corpus:\/\/example\/[^\s>]+)>? — locator: .* — LOW/.exec(line);
      if (m) urls.set(Number(m[1]), unescape(m[2]!));
    }
    const cited = new Set([...front.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
    assert.ok(urls.size > 10, `only ${urls.size} references`);
    assert.deepEqual(
      [...cited].sort((a, b) => a - b),
      [...urls.keys()],
    );
    for (const [n, url] of urls) {
      const text = docs.get(decodeURIComponent(url));
      assert.ok(text !== undefined, `[${n}] ${url} is not a document of corpora/example`);
      assert.ok(quotes.has(n) && text.includes(quotes.get(n)!), `[${n}] the quote is not verbatim in ${url}: ${quotes.get(n)}`);
    }
    // The report opens with the answer on the question, citing its quotes.
    assert.match(
      report,
      /^# Research report: Are coral reefs dying because of climate change\?\n\n> Run: [^\n]+\n\n## Answer\n\n\*\*(Supported|Refuted|Mixed|Insufficient evidence)\*\* — Proposition judged: “Coral reefs are dying because of climate change\.”\n/,
    );
    const answer = report.slice(report.indexOf('## Answer'), report.indexOf('## Summary'));
    assert.match(answer, /- (For|Against):\n {2}- “[^”]+” \[1\]/);
    assert.match(answer, /- Confidence \d\.\d\d \((high|medium|low)\)\. /);
    // No claim is a headline, a glossary run or a sentence opening with an unresolved reference.
    const claims = [...front.matchAll(/^### \d+\. (.+)$/gm)].map((m) => m[1]!.replace(/\\([\\`*[\]<>|])/g, '$1'));
    assert.ok(claims.length >= 5, `${claims.length} claims`);
    for (const c of claims) {
      assert.equal(findOpeningReference(c, 'en'), undefined, `unresolved reference: ${c}`);
      assert.equal(screenSentence({ text: c, language: 'en' }), undefined, `not a claim: ${c}`);
      assert.doesNotMatch(c, /Four Corners|Habili|Microatoll|^"/, c);
    }
    for (const s of ['## Verified claims about coral reefs', '## Contested claims about coral reefs', '## Refuted claims about coral reefs'])
      assert.ok(report.includes(s), s);
    assert.doesNotMatch(report, /\bE=\d\.\d\d C=/, 'rationales are in words');
    // research_run.json and the --json result carry the same answer.
    const run = researchRunSchema.parse(JSON.parse(readFileSync(join(dirA, 'research_run.json'), 'utf8')));
    assert.equal(run.status, 'completed');
    assert.deepEqual(run.answer, answerSchema.parse(result.answer));
    // It names the claim of each numbered heading, in order: the claims of verified_claims.json with those statements.
    const verifiedItems = (JSON.parse(readFileSync(join(dirA, 'verified_claims.json'), 'utf8')) as { items: Array<{ claim_id: string; statement: string }> })
      .items;
    const byId = new Map(verifiedItems.map((v) => [v.claim_id, v.statement]));
    assert.equal(run.report_claim_ids?.length, claims.length);
    assert.deepEqual(
      run.report_claim_ids!.map((id) => mdText(byId.get(id) ?? '')),
      [...front.matchAll(/^### \d+\. (.+)$/gm)].map((m) => m[1]),
    );
    // The report as data: report.md is its rendering byte for byte, and its numbered headings name those claims as fields.
    const docFile = readdirSync(dirA).find((f) => f.endsWith('_report.json'));
    assert.ok(docFile, `no <topic>_report.json in ${dirA}`);
    const doc = reportDocumentSchema.parse(JSON.parse(readFileSync(join(dirA, docFile), 'utf8')));
    assert.equal(renderMarkdown(doc), report);
    assert.deepEqual(
      doc.blocks.flatMap((b) => (b.type === 'heading' && b.claim_id !== undefined ? [b.claim_id] : [])),
      run.report_claim_ids,
    );

    // The killed run, resumed, ends with the same report sections, claims and statuses.
    const dirB = runDirOf(join(homeB, 'out'));
    const resumed = await lyra(['research', '--resume', dirB, '--json'], homeB);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal(resumed.lines.at(-1)!.status, 'completed');
    const headings = (r: string): string[] => r.split('\n').filter((l) => l.startsWith('#'));
    const reportB = reportOf(dirB);
    assert.deepEqual(headings(reportB), headings(report));
    assert.equal(body(reportB), body(report));
    // Claims, statuses, rationales and evidence counts are equal; evidence ids embed the task id, which differs.
    const items = (dir: string) =>
      (
        JSON.parse(readFileSync(join(dir, 'verified_claims.json'), 'utf8')) as {
          items: Array<Record<string, unknown> & { supporting_evidence_ids: string[]; refuting_evidence_ids: string[] }>;
        }
      ).items.map(({ supporting_evidence_ids: s, refuting_evidence_ids: r, ...rest }) => ({ ...rest, supporting: s.length, refuting: r.length }));
    assert.deepEqual(items(dirB), items(dirA));
  } finally {
    rmSync(homeA, { recursive: true, force: true });
    rmSync(homeB, { recursive: true, force: true });
  }
});
