// `lyra ui` in a real browser (Chromium from the system, driven by playwright-core): a task built by
// the engine on the loopback evidence web (plus a page titled with an HTML payload), its claims and
// quotes, filters, the graph, a rejection and a stance correction with the statuses recomputed, a
// running task updating live, and foreign Origin / Host refused. A screenshot of each page goes to a
// folder under the OS temp dir (its path is printed). Skips, naming it, when /usr/bin/chromium is absent.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createServeRuntime, createUiActions, loadConfig, type ServeRuntime } from '../app/index.js';
import type { Store } from '../core/index.js';
import { openStore } from '../store/index.js';
import { EVIDENCE_ARTICLES, articleHtml, startEvidenceWeb, type EvidenceWeb } from '../test-support/evidence-web.js';
import { skipUnlessShared } from '../test-support/shared-data.js';
import { writeSyntheticTask } from '../test-support/synthetic-task.js';
import { startUiServer, type RunningUiServer } from './index.js';

const CHROMIUM = process.env.LYRA_CHROMIUM ?? '/usr/bin/chromium';
const HOSTILE = '<img src=x onerror=alert(1)>';
const skip = !existsSync(CHROMIUM)
  ? `missing ${CHROMIUM} (install the Debian package chromium; .ci/run does)`
  : skipUnlessShared('api_fixtures/semanticscholar/Paper.json');

let ew: EvidenceWeb;
let runtime: ServeRuntime;
let ui: RunningUiServer;
let browser: Browser;
let page: Page;
let other: Store;
let taskId: string;
let shots: string;
const dialogs: string[] = [];
const cspViolations: string[] = [];
const pageErrors: string[] = [];

before(async () => {
  if (skip) return;
  const hostile = { ...EVIDENCE_ARTICLES.lowTrust, host: 'hostile.test', path: '/post', title: HOSTILE };
  ew = await startEvidenceWeb({
    routes: (web) =>
      web.route('//hostile.test/post', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articleHtml(hostile))),
    serp: (_q, urls) => [
      ...(['academicA', 'academicB', 'lowTrust'] as const).map((k) => ({
        url: urls[k],
        title: EVIDENCE_ARTICLES[k].title,
        content: EVIDENCE_ARTICLES[k].paragraphs[0],
      })),
      { url: ew.web.url('//hostile.test/post'), title: HOSTILE, content: hostile.paragraphs[0] },
    ],
    extraDomains: ['{ domain: hostile.test, trust_level: unverified, qps: 20 }'],
  });
  const config = loadConfig({ configPath: ew.configPath, env: { LYRA_HOME: ew.home } });
  runtime = createServeRuntime(config, { resolver: ew.resolver });
  const task = await runtime.engine.createTask({ question: 'Does aerobic exercise lower blood pressure?' });
  taskId = task.id;
  await runtime.engine.search(task.id, 'aerobic exercise blood pressure');
  // A running task written by another connection, as `lyra research` in another process would.
  other = openStore({ path: config.store.path });
  writeSyntheticTask(other, { taskId: 'task_live', question: 'A task still running', claims: 5, running: true });
  ui = await startUiServer({
    services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) },
    port: 0,
    author: 'browser-test',
    limits: { livePollMs: 200 },
  });
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--disable-dev-shm-usage'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    else if (m.type() === 'error') pageErrors.push(m.text());
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  shots = mkdtempSync(join(tmpdir(), 'lyra-ui-screens-'));
  console.log(`# browser UI screenshots: ${shots}`);
});

after(async () => {
  if (skip) return;
  await browser?.close();
  await ui?.close();
  other?.close();
  await runtime?.close();
  await ew?.close();
  rmSync(ew.home, { recursive: true, force: true });
});

const shot = (name: string): Promise<Buffer> => page.screenshot({ path: join(shots, `${name}.png`), fullPage: name !== 'graph' });
const url = (path: string): string => `${ui.url.replace(/\/$/, '')}${path}`;

test('the tasks list shows the task and its claim counts', { skip }, async () => {
  await page.goto(url('/'));
  await page.getByRole('link', { name: 'Does aerobic exercise lower blood pressure?' }).waitFor();
  assert.match(await page.title(), /Tasks — Lyra/);
  await shot('tasks');
});

test('the task page shows claims by status; a claim opens to its verbatim quotes with source, level, locator, confidence', { skip }, async () => {
  await page.goto(url(`/tasks/${taskId}`));
  const claims = page.locator('article.claim');
  assert.ok((await claims.count()) > 0, 'claims are listed');
  const first = claims.first();
  await first.locator('summary').click();
  await first.locator('.claim-body[data-ready] blockquote').first().waitFor();
  const src = await first.locator('.claim-body .src').first().innerText();
  assert.match(src, /https?:\/\/\S+ · [a-z0-9.-]+\.[a-z]+ · /, `the source's address and domain: ${src}`);
  assert.match(src, /ACADEMIC|UNVERIFIED|LOW/, 'its trust level');
  assert.match(src, /¶\d/, 'its locator');
  await shot('task');
});

test('a page titled with an HTML payload renders as text and no script runs', { skip }, async () => {
  await page.goto(url(`/tasks/${taskId}#sources`));
  const sources = await page.locator('ol.sources').innerText();
  assert.ok(sources.includes(HOSTILE), 'the title is shown as text');
  assert.equal(await page.locator('img[src="x"]').count(), 0, 'no image element was made of it');
  await page.waitForTimeout(300);
  assert.deepEqual(dialogs, [], 'no dialog fired');
  await shot('hostile-title');
});

test('filters apply on change: status and text', { skip }, async () => {
  await page.goto(url(`/tasks/${taskId}`));
  const statuses = await page.locator('article.claim').evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLElement).dataset.status))]);
  const status = statuses[0]!;
  await Promise.all([page.waitForURL(/status=/), page.locator(`form.filters input[name=status][value=${status}]`).check()]);
  const after = await page.locator('article.claim').evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLElement).dataset.status))]);
  assert.deepEqual(after, [status]);
  await page.goto(url(`/tasks/${taskId}?q=${encodeURIComponent('no claim says this zzz')}`));
  assert.match(await page.locator('[data-claims-summary]').innerText(), /of 0 matching/);
  await shot('filtered');
});

test('the graph page draws the task with cytoscape served locally', { skip }, async () => {
  await page.goto(url(`/tasks/${taskId}/graph?mode=all`));
  await page.waitForFunction(() => document.body.dataset.graphReady !== undefined, undefined, { timeout: 30_000 });
  const nodes = await page.evaluate(() => (window as unknown as { lyraGraph: { nodes(): { length: number } } }).lyraGraph.nodes().length);
  assert.ok(nodes > 3, `nodes drawn: ${nodes}`);
  assert.match(await page.locator('#graph-stats').innerText(), /sources, \d+ claims/);
  assert.equal((await page.locator('#graph canvas').count()) > 0, true);
  await shot('graph');
});

test('reject a claim, then correct a stance: the page shows the rejection and the recomputed status', { skip }, async () => {
  await page.goto(url(`/tasks/${taskId}`));
  await page.fill('#author', 'reviewer');
  const target = page.locator('article.claim').first();
  const claimId = (await target.getAttribute('data-claim'))!;
  await target.locator('summary').click();
  const form = target.locator('form.reject');
  await form.locator('input[name=reason]').fill('not a claim worth checking');
  await Promise.all([page.waitForURL(new RegExp(`/tasks/${taskId}`)), form.locator('button').click()]);
  await page.locator(`#c-${claimId} .rejected-mark`).waitFor();
  assert.match(await page.locator(`#c-${claimId} .rejected-mark`).innerText(), /rejected by reviewer/);
  assert.equal(await page.locator('[data-live=feedback]').innerText(), '1');
  // A judged quote corrected to the other stance: the claim's status is recomputed from the new edge.
  const judged = page.locator('article.claim').filter({ has: page.locator('summary') });
  let corrected = false;
  for (let i = 0; i < (await judged.count()) && !corrected; i++) {
    const c = judged.nth(i);
    await c.locator('summary').click();
    await c.locator('.claim-body[data-ready]').waitFor();
    const f = c.locator('form.correct').first();
    if ((await f.count()) === 0) continue;
    const id = (await c.getAttribute('data-claim'))!;
    const before = await page.request.get(url(`/tasks/${taskId}/claims/${id}`)).then((r) => r.text());
    await f.locator('select[name=label]').selectOption('refutes');
    await f.locator('input[name=reason]').fill('the passage says the opposite');
    await Promise.all([page.waitForURL(new RegExp(`/tasks/${taskId}`)), f.locator('button').click()]);
    await page.goto(url(`/tasks/${taskId}/claims/${id}`));
    const afterText = await page.locator('main').innerText();
    assert.match(afterText, /by feedback:reviewer/, 'the corrected edge names its author');
    assert.notEqual(/Refuting \((\d+)\)/.exec(afterText)?.[1], /Refuting \((\d+)\)/.exec(before)?.[1], 'the quote moved to refuting');
    const rationale = (html: string): string | undefined => /<p class="rationale">([^<]*)<\/p>/.exec(html)?.[1];
    const after = await page.request.get(url(`/tasks/${taskId}/claims/${id}`)).then((r) => r.text());
    assert.notEqual(rationale(after), rationale(before), `the status rationale was recomputed: ${rationale(after)}`);
    await shot('after-correction');
    corrected = true;
  }
  assert.ok(corrected, 'a judged quote was found to correct');
});

test('a running task updates live on its page', { skip }, async () => {
  await page.goto(url('/tasks/task_live'));
  assert.equal(await page.locator('[data-live=claimsTotal]').innerText(), '5');
  await page.waitForFunction(() => document.body.dataset.liveUpdates !== undefined);
  other.upsertClaim({
    id: 'clm_live_new',
    taskId: 'task_live',
    statement: 'A claim found while you watch.',
    slots: {},
    decisionRelevance: 'high',
    conditions: [],
    createdAt: new Date().toISOString(),
    status: 'VERIFIED',
  });
  await page.locator('[data-live=claimsTotal]', { hasText: '6' }).waitFor({ timeout: 10_000 });
  await page.locator('[data-live-stale]:not([hidden])').waitFor();
  await shot('live');
});

test('requests with a foreign Origin or Host are refused', { skip }, async () => {
  const origin = await page.request.get(url('/'), { headers: { origin: 'http://evil.example' } });
  assert.equal(origin.status(), 403);
  const host = await page.request.get(url('/'), { headers: { host: 'evil.example' } });
  assert.equal(host.status(), 403);
  assert.deepEqual(dialogs, []);
  assert.deepEqual(cspViolations, [], `no CSP violation on any page: ${cspViolations.join(' | ').slice(0, 600)}`);
  assert.deepEqual(pageErrors, [], 'no script error or failed load on any page');
});
