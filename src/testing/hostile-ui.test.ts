// Hostile input through the browser UI (issue 17 on top of issue 20's hole 1): pages whose titles and
// URLs, and claims whose statements and quotes, carry the injection corpus are served by `lyra ui`;
// every page (tasks, task, each claim, graph, blocked domains) must come out with the UI's own scripts
// only, no element or handler a payload made, and links that are http(s) or this UI's own paths.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { createServeRuntime, createUiActions, loadConfig, type ServeRuntime } from '../app/index.js';
import { startUiServer, type RunningUiServer } from '../web/index.js';
import { HOSTILE_URLS, INJECTION_TEXTS } from '../test-support/payloads.js';
import { judgeFields, ORIGIN_JUDGE, modelJudge } from '../core/index.js';

const now = '2026-01-01T00:00:00.000Z';
let home: string;
let runtime: ServeRuntime;
let ui: RunningUiServer;
const claimIds: string[] = [];

before(async () => {
  home = mkdtempSync(join(tmpdir(), 'lyra-hostile-ui-'));
  const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
  runtime = createServeRuntime(config);
  const s = runtime.store;
  s.createTask({
    id: 'task_evil',
    question: INJECTION_TEXTS[0]!,
    status: 'completed',
    budget: { maxPages: 10, maxQueries: 10, maxSeconds: 60 },
    priorityDomains: [],
    createdAt: now,
    configSnapshot: {},
  });
  // The store holds http(s) (and corpus://) addresses only — the pipeline registers nothing else, and the
  // trust resolver refuses other schemes — so the http(s) payload URLs are the ones a page can carry.
  const urls = HOSTILE_URLS.filter((u) => /^https?:/i.test(u));
  INJECTION_TEXTS.forEach((text, i) => {
    const url = i < urls.length ? urls[i]! : `https://evil${i}.example/${encodeURIComponent(text)}`;
    s.upsertPage({
      id: `pg_${i}`,
      taskId: 'task_evil',
      url,
      domain: `evil${i}.example`,
      title: text,
      sourceType: 'other',
      fetchStatus: 'fetched',
      authors: [],
      identifiers: {},
      abstractOnly: false,
      trustLevel: 'LOW',
      createdAt: now,
    });
    s.insertFragments([{ id: `frg_${i}`, pageId: `pg_${i}`, text, locator: { paragraph: i, headingPath: [text] }, quotable: true }]);
    const id = `clm_evil_${i}`;
    claimIds.push(id);
    s.upsertClaim({
      id,
      taskId: 'task_evil',
      statement: text,
      slots: {},
      decisionRelevance: 'high',
      conditions: [text],
      status: i % 2 ? 'VERIFIED' : 'CONTESTED',
      confidence: 0.5,
      rationale: text,
      createdAt: now,
    });
    s.insertEdge({
      id: `edg_o_${i}`,
      taskId: 'task_evil',
      kind: 'supports',
      fragmentId: `frg_${i}`,
      claimId: id,
      confidence: 1,
      ...judgeFields(ORIGIN_JUDGE),
      createdAt: now,
    });
    s.insertEdge({
      id: `edg_j_${i}`,
      taskId: 'task_evil',
      kind: 'refutes',
      fragmentId: `frg_${(i + 1) % INJECTION_TEXTS.length}`,
      claimId: id,
      confidence: 0.9,
      ...judgeFields(modelJudge(text)),
      createdAt: now,
    });
  });
  s.upsertDomainState({
    domain: 'evil1.example',
    trustLevel: 'BLOCKED',
    origin: 'verification',
    originalTrustLevel: 'LOW',
    blockedAt: now,
    reason: INJECTION_TEXTS[3]!,
    causingClaimIds: ['clm_evil_1'],
    acceptedCount: 0,
    rejectedCount: 2,
    canRestore: true,
    restoreVia: 'domains.yaml',
    updatedAt: now,
  });
  ui = await startUiServer({
    services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) },
    port: 0,
    author: INJECTION_TEXTS[3]!,
    limits: { rateLimitPerMinute: 100_000 },
  });
});

after(async () => {
  await ui.close();
  await runtime.close();
  rmSync(home, { recursive: true, force: true });
});

async function page(path: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${ui.port}${path}`);
  assert.equal(res.status, 200, `${path}: ${res.status === 200 ? '' : /role="alert">([^<]*)/.exec(await res.text())?.[1]}`);
  return res.text();
}

/** What a payload could have made of a UI page: anything but the UI's own markup fails. */
function assertInert(name: string, html: string): void {
  const { document } = parseHTML(html);
  const made = ['iframe', 'img', 'object', 'embed', 'svg', 'video', 'audio', 'base', 'frame', 'style', 'math', 'template'].filter(
    (t) => document.querySelectorAll(t).length > 0,
  );
  assert.deepEqual(made, [], `${name}: elements a payload made`);
  for (const s of document.querySelectorAll('script'))
    assert.match(s.getAttribute('src') ?? '', /^\/assets\/[a-z.]+\.js$/, `${name}: the UI's own scripts only`);
  for (const l of document.querySelectorAll('link')) assert.equal(l.getAttribute('href'), '/assets/ui.css', `${name}: the UI's own style sheet only`);
  for (const el of document.querySelectorAll('*')) {
    for (const a of el.getAttributeNames()) assert.ok(!/^on/i.test(a) && a !== 'style' && a !== 'srcdoc', `${name}: ${el.localName}[${a}]`);
    for (const attr of ['href', 'src', 'action', 'formaction']) {
      const v = el.getAttribute(attr);
      if (v === null || v === '') continue;
      assert.ok(/^https?:\/\/[^\s"<>]+$/i.test(v) || /^\/(?!\/)[^\s"<>]*$/.test(v) || /^#[\w-]+$/.test(v), `${name}: ${el.localName}[${attr}=${v}]`);
    }
  }
  assert.doesNotMatch(html, /<(?:script|iframe|style|img|svg)\b(?![^>]*\bsrc="\/assets\/)/i, `${name}: raw payload in the HTML`);
}

test('lyra ui: hostile titles, URLs, statements, quotes, rationales and block reasons render as text on every page', async () => {
  assertInert('tasks', await page('/'));
  const task = await page('/tasks/task_evil');
  assertInert('task', task);
  assert.ok(task.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'a payload is shown as text');
  assert.match(task, /<table class="blocked">/, 'the block reason is listed');
  for (const id of claimIds) {
    assertInert(`claim ${id}`, await page(`/tasks/task_evil/claims/${id}`));
    assertInert(`claim fragment ${id}`, await page(`/tasks/task_evil/claims/${id}?fragment=1`));
  }
  assertInert('graph', await page('/tasks/task_evil/graph'));
  // graph.json is data: the graph script sets texts with textContent and links only http(s) addresses.
  const graph = JSON.parse(await page('/tasks/task_evil/graph.json')) as { claims: Array<{ label: string }> };
  assert.ok(
    graph.claims.some((c) => c.label === INJECTION_TEXTS[0]),
    'labels stay raw data for textContent',
  );
  assertInert('runs', await page('/runs'));
  assertInert('filtered', await page(`/tasks/task_evil?q=${encodeURIComponent(INJECTION_TEXTS[3]!)}&domain=${encodeURIComponent('evil1.example')}`));
});
