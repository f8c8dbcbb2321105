// The UI's routes over loopback HTTP and a real SQLite store holding a synthetic task: pages, escaping,
// filters, actions through applyFeedback (statuses recompute), the guard (foreign Host / Origin, token
// cookie), limits (body size, rate, query validation), live events and the assets.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServeRuntime, createUiActions, loadConfig, type LyraConfig, type ServeRuntime } from '../app/index.js';
import { rejectedClaims } from '../app/index.js';
import { resolveDomainTrust } from '../policy/index.js';
import { writeSyntheticTask } from '../test-support/synthetic-task.js';
import { startUiServer, type RunningUiServer } from './index.js';
import type { ReportDocument } from '../report/index.js';

const HOSTILE = '<img src=x onerror=alert(1)>';
let home: string;
let config: LyraConfig;
let runtime: ServeRuntime;
let ui: RunningUiServer;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function call(path: string, o: { method?: string; headers?: Record<string, string>; body?: string; server?: RunningUiServer } = {}): Promise<Reply> {
  const s = o.server ?? ui;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: s.port, path, method: o.method ?? 'GET', headers: { host: `127.0.0.1:${s.port}`, ...o.headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    if (o.body !== undefined) req.end(o.body);
    else req.end();
  });
}

const formTokenOf = (html: string): string => /name="form_token" value="([^"]+)"/.exec(html)![1]!;
/** The form token, from a claim's page (the task page lists claims without their forms). */
const formToken = (_html: string): Promise<string> => call('/tasks/task_ui/claims/clm_task_ui_1').then((r) => formTokenOf(r.body));
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Reply> =>
  call(path, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://127.0.0.1:${ui.port}`, ...headers },
  });

before(async () => {
  home = mkdtempSync(join(tmpdir(), 'lyra-ui-'));
  config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
  runtime = createServeRuntime(config);
  writeSyntheticTask(runtime.store, { taskId: 'task_ui', question: 'Does walking lower blood pressure?', claims: 40, sources: 6, firstTitle: HOSTILE });
  writeSyntheticTask(runtime.store, { taskId: 'task_run', question: 'A running task', claims: 3, running: true });
  // A verify task: its question is one of its claims (claim 5's statement, spelled with other spacing and case).
  writeSyntheticTask(runtime.store, {
    taskId: 'task_verify',
    question: 'claim 5: walking  lowers resting blood pressure by 5 mmHg in group 5',
    claims: 12,
    sources: 3,
    kind: 'verify',
  });
  // A research task whose question is phrased as one of its claims: a research task has no side claims.
  writeSyntheticTask(runtime.store, { taskId: 'task_worded', question: 'claim 2: walking lowers resting blood pressure by 2 mmHg in group 2', claims: 6 });
  ui = await startUiServer({
    services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) },
    port: 0,
    author: 'tester',
    limits: { rateLimitPerMinute: 10_000, actionRateLimitPerMinute: 1_000, livePollMs: 100 },
  });
});

after(async () => {
  await ui.close();
  await runtime.close();
  rmSync(home, { recursive: true, force: true });
});

test('the tasks list shows every task with its counts; headers carry the CSP and hardening', async () => {
  const r = await call('/');
  assert.equal(r.status, 200);
  assert.match(r.body, /Does walking lower blood pressure\?/);
  assert.match(r.body, /A running task/);
  // An "Answer" column: a task no research run started shows none (newcomer issue, item 8).
  assert.match(r.body, /<th>Answer<\/th>/);
  // Statuses in full words (newcomer issue, item 8), not VERI / COND.
  assert.match(r.body, />VERIFIED <span data-live="claims\.VERIFIED"/);
  assert.doesNotMatch(r.body, />(VERI|COND|CONT|REFU|UNSU) </);
  assert.match(String(r.headers['content-security-policy']), /default-src 'none'; script-src 'self'/);
  assert.equal(r.headers['x-frame-options'], 'DENY');
  assert.equal(r.headers['x-content-type-options'], 'nosniff');
  assert.doesNotMatch(r.body, /<script(?![^>]*\ssrc=)/, 'no inline script');
});

test('the task page groups claims by status, escapes a hostile statement and source title, lists contested pairs', async () => {
  const r = await call('/tasks/task_ui');
  assert.equal(r.status, 200);
  for (const s of ['VERIFIED', 'CONTESTED', 'REFUTED', 'UNSUPPORTED', 'CONDITIONED', 'PENDING']) assert.match(r.body, new RegExp(`data-group="${s}"`));
  assert.ok(r.body.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the hostile text is shown as text');
  assert.ok(!r.body.includes(HOSTILE), 'never as markup');
  assert.match(r.body, /<table class="pairs">/);
  assert.match(r.body, /Showing 1–40 of 40 matching claims/);
});

test('a verify task shows the claim asked first, with its status, and names the other claims side claims', async () => {
  const r = await call('/tasks/task_verify');
  assert.equal(r.status, 200);
  assert.match(r.body, /<section class="answer" id="asked" data-asked="clm_task_verify_5"><h2>The claim asked: /);
  assert.ok(r.body.includes('The 11 other claims below are side claims'), 'the side claims are named and counted apart');
  assert.ok(r.body.indexOf('id="asked"') < r.body.indexOf('id="claims"'));
  // Its counts are the claim asked's (claim 5 is CONDITIONED), the side claims apart from them.
  assert.match(r.body, /claims <span data-live="claimsTotal">1<\/span> · side claims <span data-live="sideClaims">11<\/span>/);
  // A research task asks a question, not a claim: no such section, even when it is phrased as one of its claims.
  assert.doesNotMatch((await call('/tasks/task_ui')).body, /id="asked"|data-live="sideClaims"/);
  assert.doesNotMatch((await call('/tasks/task_worded')).body, /id="asked"|data-live="sideClaims"/);
  assert.match((await call('/tasks/task_worded')).body, /claims <span data-live="claimsTotal">6<\/span>/);
});

test('filters by status, trust level, domain and text; invalid query parameters are 400', async () => {
  const v = await call('/tasks/task_ui?status=VERIFIED');
  assert.match(v.body, /Showing 1–7 of 7 matching claims/);
  assert.doesNotMatch(v.body, /data-group="REFUTED"/);
  const t = await call('/tasks/task_ui?q=group%203.');
  assert.match(t.body, /Showing 1–3 of 3 matching claims/);
  const d = await call('/tasks/task_ui?domain=site1.example&trust=UNVERIFIED');
  assert.equal(d.status, 200);
  assert.equal((await call('/tasks/task_ui?status=NOPE')).status, 400);
  assert.equal((await call('/tasks/task_ui?unknown=1')).status, 400);
  assert.equal((await call('/tasks/task_nope')).status, 404);
  assert.equal((await call('/tasks/..%2Fetc')).status, 400);
  assert.equal((await call('/tasks/%E0%A4%A')).status, 400, 'bad percent-encoding');
});

test('a claim opens to its verbatim quotes with source, trust level, locator and confidence', async () => {
  const r = await call('/tasks/task_ui/claims/clm_task_ui_1?fragment=1');
  assert.equal(r.status, 200);
  assert.match(r.body, /<blockquote>Claim 1: walking lowers/);
  assert.match(r.body, /href="https:\/\/site1\.example\/article\/1"/);
  assert.match(r.body, /tr-UNVERIFIED/);
  assert.match(r.body, /¶1, sentence 0/);
  assert.match(r.body, /supports 0\.80 by embedded/);
  const whole = await call('/tasks/task_ui/claims/clm_task_ui_1');
  assert.match(whole.body, /<!doctype html>/);
  assert.equal((await call('/tasks/task_ui/claims/clm_none')).status, 404);
  assert.equal((await call('/tasks/task_ui/claims/%3Cx%3E')).status, 400, 'a claim id is checked');
});

test('reject then restore a claim: applyFeedback records it, the page shows it, statuses recompute', async () => {
  const page = await call('/tasks/task_ui');
  const token = await formToken(page.body);
  const r = await post('/tasks/task_ui/actions', {
    action: 'reject_claim',
    claim_id: 'clm_task_ui_0',
    author: 'alice',
    reason: 'injection',
    form_token: token,
    back: '/tasks/task_ui?status=VERIFIED',
  });
  assert.equal(r.status, 303);
  assert.equal(r.headers.location, '/tasks/task_ui?status=VERIFIED');
  assert.equal(rejectedClaims(runtime.store, 'task_ui').get('clm_task_ui_0')?.author, 'alice');
  assert.deepEqual(
    runtime.store.listFeedback({ taskId: 'task_ui' }).map((f) => [f.kind, f.author, f.reason]),
    [['claim_rejected', 'alice', 'injection']],
  );
  const after1 = await call('/tasks/task_ui/claims/clm_task_ui_0');
  assert.match(after1.body, /Rejected by alice/);
  assert.match(after1.body, /value="restore_claim"/);
  const back = await post('/tasks/task_ui/actions', {
    action: 'restore_claim',
    claim_id: 'clm_task_ui_0',
    author: 'alice',
    reason: 'fine',
    form_token: token,
    back: '//evil.example/x',
  });
  assert.equal(back.headers.location, '/tasks/task_ui', 'a foreign return address falls back to the task');
  assert.equal(rejectedClaims(runtime.store, 'task_ui').has('clm_task_ui_0'), false);
  // Restoring a claim that is not rejected: invalid input, shown as an error page.
  const again = await post('/tasks/task_ui/actions', { action: 'restore_claim', claim_id: 'clm_task_ui_0', author: 'alice', reason: 'x', form_token: token });
  assert.equal(again.status, 400);
  assert.match(again.body, /not rejected/);
});

test('actions: a wrong form token, a bad form, a JSON body, an oversized body and a GET are refused', async () => {
  const base = { action: 'reject_claim', claim_id: 'clm_task_ui_2', author: 'a', reason: 'r' };
  assert.equal((await post('/tasks/task_ui/actions', { ...base, form_token: 'wrong' })).status, 403);
  const token = await formToken('');
  assert.equal((await post('/tasks/task_ui/actions', { ...base, form_token: token, action: 'drop_table' })).status, 400);
  assert.equal((await post('/tasks/task_ui/actions', { ...base, form_token: token, reason: '   ' })).status, 400);
  assert.equal((await post('/tasks/task_ui/actions', { ...base, form_token: token, extra: '1' })).status, 400);
  assert.equal((await call('/tasks/task_ui/actions', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status, 415);
  assert.equal((await post('/tasks/task_ui/actions', { ...base, form_token: token, reason: 'x'.repeat(20_000) })).status, 413);
  assert.equal((await call('/tasks/task_ui/actions')).status, 404);
  assert.equal(runtime.store.listFeedback({ taskId: 'task_ui' }).filter((f) => f.targetId === 'clm_task_ui_2').length, 0);
});

test('correct an edge stance and override a domain level through the same code paths', async () => {
  const token = await formToken('');
  const r = await post('/tasks/task_ui/actions', {
    action: 'correct_edge',
    edge_id: 'edg_task_ui_3_j',
    label: 'neutral',
    author: 'bob',
    reason: 'off topic',
    form_token: token,
  });
  assert.equal(r.status, 303);
  assert.equal(runtime.store.getEdge('edg_task_ui_3_j')?.kind, 'neutral');
  const o = await post('/tasks/task_ui/actions', {
    action: 'override_domain',
    domain: 'site2.example',
    trust_level: 'TRUSTED',
    author: 'bob',
    reason: 'known journal',
    form_token: token,
  });
  assert.equal(o.status, 303);
  assert.equal(resolveDomainTrust(runtime.policy.current(), 'site2.example').trustLevel, 'TRUSTED');
});

test("the guard: a foreign Host (DNS rebinding) or Origin is refused, the UI's own origin is allowed", async () => {
  const host = await call('/', { headers: { host: 'evil.example' } });
  assert.equal(host.status, 403);
  assert.match(host.body, /Host .* is not allowed/);
  const origin = await call('/', { headers: { origin: 'http://evil.example' } });
  assert.equal(origin.status, 403);
  const other = await call('/', { headers: { origin: 'http://127.0.0.1:1' } });
  assert.equal(other.status, 403, 'another local web app is not this UI');
  assert.equal((await call('/', { headers: { origin: `http://127.0.0.1:${ui.port}` } })).status, 200);
  const token = await formToken('');
  const csrf = await post(
    '/tasks/task_ui/actions',
    { action: 'reject_claim', claim_id: 'clm_task_ui_5', author: 'a', reason: 'r', form_token: token },
    { origin: 'http://evil.example' },
  );
  assert.equal(csrf.status, 403);
});

test('beyond loopback a token is required: ?token= sets an HttpOnly SameSite=Strict session cookie (never the token), then the cookie stands for it', async () => {
  await assert.rejects(
    startUiServer({ services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) }, host: '0.0.0.0', port: 0 }),
    /needs a bearer token/,
  );
  const token = 'a-test-token-of-enough-length-123';
  const s = await startUiServer({
    services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) },
    host: '0.0.0.0',
    port: 0,
    token,
  });
  try {
    const h = { host: `lyra.lan:${s.port}` };
    assert.equal((await call('/', { server: s, headers: h })).status, 401);
    assert.equal((await call('/?token=wrong-token-wrong-token', { server: s, headers: h })).status, 401);
    const ok = await call(`/tasks/task_ui?token=${token}&status=VERIFIED`, { server: s, headers: h });
    assert.equal(ok.status, 303);
    assert.equal(ok.headers.location, '/tasks/task_ui?status=VERIFIED');
    const [session, cleared] = ok.headers['set-cookie'] as string[];
    assert.match(session!, /^lyra_ui_session=[\w-]{40,}; Path=\/; HttpOnly; SameSite=Strict$/);
    // Cookies are not scoped by port: the one the browser keeps must not be the bearer token of lyra serve --http.
    assert.ok(!String(ok.headers['set-cookie']).includes(token), 'the cookie does not carry the token');
    assert.doesNotMatch(session!, /Domain=/i);
    assert.match(cleared!, /^lyra_ui_token=; Path=\/; Max-Age=0/);
    assert.equal((await call('/tasks/task_ui', { server: s, headers: { ...h, cookie: session!.split(';')[0]! } })).status, 200);
    // The token itself as a cookie (what earlier versions set) no longer opens the UI, nor does a forged session.
    assert.equal((await call('/tasks/task_ui', { server: s, headers: { ...h, cookie: `lyra_ui_token=${token}` } })).status, 401);
    assert.equal((await call('/tasks/task_ui', { server: s, headers: { ...h, cookie: `lyra_ui_session=${token}` } })).status, 401);
  } finally {
    await s.close();
  }
});

test('the graph page and its data: sources and claims clustered, cytoscape served locally', async () => {
  const g = await call('/tasks/task_ui/graph');
  assert.equal(g.status, 200);
  assert.match(g.body, /src="\/assets\/cytoscape\.min\.js"/);
  const data = JSON.parse((await call('/tasks/task_ui/graph.json')).body) as { sources: unknown[]; claims: Array<{ home: string | null }> };
  assert.equal(data.claims.length, 40);
  assert.ok(data.sources.length >= 6);
  assert.ok(data.claims.every((c) => c.home !== null));
  const cy = await call('/assets/cytoscape.min.js');
  assert.equal(cy.status, 200);
  assert.match(String(cy.headers['content-type']), /javascript/);
  assert.ok(cy.body.length > 100_000);
  assert.equal((await call('/assets/..%2F..%2Fpackage.json')).status, 404);
  assert.equal((await call('/assets/nope.js')).status, 404);
});

test('live events: progress for a task, counts as they change', async () => {
  const got = await new Promise<string>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: ui.port, path: '/events?task=task_run', headers: { host: `127.0.0.1:${ui.port}` } }, (res) => {
      assert.equal(res.headers['content-type'], 'text/event-stream; charset=utf-8');
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
        if (text.includes('event: progress') && !text.includes('"claimsTotal":4')) {
          writeSyntheticClaim();
        }
        if (text.includes('event: changed')) {
          req.destroy();
          resolve(text);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
  assert.match(got, /event: progress\ndata: \{"taskId":"task_run","status":"running"/);
  assert.match(got, /event: changed/);
  assert.equal((await call('/events?task=nope')).status, 400);
});

let wrote = false;
function writeSyntheticClaim(): void {
  if (wrote) return;
  wrote = true;
  runtime.store.upsertClaim({
    id: 'clm_task_run_x',
    taskId: 'task_run',
    statement: 'A new claim.',
    slots: {},
    decisionRelevance: 'high',
    conditions: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    status: 'VERIFIED',
  });
}

test('the rate limit answers 429 with Retry-After', async () => {
  const s = await startUiServer({
    services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) },
    port: 0,
    limits: { rateLimitPerMinute: 3 },
  });
  try {
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await call('/assets/ui.css', { server: s })).status);
    assert.deepEqual(codes, [200, 200, 200, 429, 429]);
    const r = await call('/', { server: s });
    assert.ok(Number(r.headers['retry-after']) > 0);
  } finally {
    await s.close();
  }
});

test('requests with a foreign Host or Origin are refused before the rate limit is charged (a rebinding page cannot lock the person out)', async () => {
  const s = await startUiServer({
    services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) },
    port: 0,
    limits: { rateLimitPerMinute: 3 },
  });
  try {
    for (let i = 0; i < 20; i++) {
      assert.equal((await call('/', { server: s, headers: { host: `evil.example:${s.port}` } })).status, 403);
      assert.equal((await call('/', { server: s, headers: { origin: 'http://evil.example' } })).status, 403);
    }
    assert.equal((await call('/assets/ui.css', { server: s })).status, 200);
  } finally {
    await s.close();
  }
});

test('live streams: a new one makes the oldest yield instead of 503; a stream ends after its idle and total limits', async () => {
  const s = await startUiServer({
    services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) },
    port: 0,
    limits: { maxLiveClients: 2, livePollMs: 100, liveIdleMs: 60_000, liveMaxStreamMs: 60_000 },
  });
  const open = (path: string, server = s): Promise<{ ended: Promise<number>; status: number; destroy: () => void }> =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path, headers: { host: `127.0.0.1:${server.port}` } }, (res) => {
        const started = Date.now();
        res.resume();
        const ended = new Promise<number>((done) => res.on('end', () => done(Date.now() - started)));
        resolve({ ended, status: res.statusCode!, destroy: () => req.destroy() });
      });
      req.on('error', reject);
      req.end();
    });
  try {
    const first = await open('/events?task=task_ui');
    const second = await open('/events?task=task_ui');
    const third = await open('/events?task=task_ui');
    assert.deepEqual([first.status, second.status, third.status], [200, 200, 200]);
    await first.ended; // the oldest yielded
    second.destroy();
    third.destroy();
  } finally {
    await s.close();
  }
  const t = await startUiServer({
    services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) },
    port: 0,
    limits: { livePollMs: 100, liveIdleMs: 1_000, liveMaxStreamMs: 60_000 },
  });
  const u = await startUiServer({
    services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) },
    port: 0,
    limits: { livePollMs: 100, liveIdleMs: 60_000, liveMaxStreamMs: 1_000 },
  });
  try {
    // task_ui does not change: after its first progress event the stream is idle.
    const idle = await open('/events?task=task_ui', t);
    const long = await open('/events?task=task_ui', u);
    assert.ok((await idle.ended) >= 900, 'ended by the idle limit');
    assert.ok((await long.ended) >= 900, 'ended by the total limit');
  } finally {
    await t.close();
    await u.close();
  }
});

test('runs: the list answers with none found; a task without a research run and an unknown consensus run are 404', async () => {
  const r = await call('/runs');
  assert.equal((await call('/runs?x=1')).status, 400);
  assert.equal(r.status, 200);
  assert.match(r.body, /No research run/);
  assert.equal((await call('/runs/research/task_ui')).status, 404);
  assert.equal((await call('/runs/research/task_ui/report.html')).status, 404);
  assert.equal((await call('/runs/consensus/nope')).status, 404);
  assert.equal((await call('/runs/consensus/a%2F..%2Fb')).status, 400, 'a run id is a folder name, never a path');
});

test('limits from the config: ui.* keys reach the server (a smaller body limit, fewer claims per page)', async () => {
  const { uiLimitsOf, uiSettings } = await import('../app/index.js');
  const cfg = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
  const s = uiSettings({ ...cfg, raw: { ...cfg.raw, ui: { max_body_bytes: 2_048, page_claims: 10 } } }, { env: {} });
  assert.deepEqual(uiLimitsOf(s), { maxBodyBytes: 2_048, pageClaims: 10 });
  const small = await startUiServer({
    services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) },
    port: 0,
    limits: uiLimitsOf(s),
  });
  try {
    const page = await call('/tasks/task_ui', { server: small });
    assert.match(page.body, /Showing 1–10 of \d+ matching claims/);
    assert.match(page.body, /offset=10/);
    const big = await call('/tasks/task_ui/actions', {
      server: small,
      method: 'POST',
      body: `reason=${'x'.repeat(3_000)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(big.status, 413);
  } finally {
    await small.close();
  }
});

test("a research run: its report rendered from its document with claims and sources linked into the UI, its report.html served under the page's own CSP", async () => {
  const { RESEARCH_STATE_KEY } = await import('../app/index.js');
  const { renderHtmlReport, reportCsp } = await import('../report/index.js');
  const { REPORT_DOCUMENT_FORMAT, cite, heading, list, paragraph, renderMarkdown, text } = await import('../report/index.js');
  const { mkdirSync, rmSync, writeFileSync } = await import('node:fs');
  const runDir = join(home, 'runs', 'r1');
  mkdirSync(runDir, { recursive: true });
  // The headings name their claims and the reference its source as fields: nothing is read back from text.
  const doc: ReportDocument = {
    format: REPORT_DOCUMENT_FORMAT,
    language: 'en',
    blocks: [
      heading(1, [text('Report')]),
      paragraph([text(`${HOSTILE} is quoted `), cite(1), text('.')]),
      heading(3, [text('Claim 1: walking lowers resting blood pressure by 1 mmHg in group 1.')], { number: 1, claimId: 'clm_task_ui_1' }),
      heading(3, [text(HOSTILE)], { number: 2, claimId: 'clm_task_ui_0' }),
      heading(3, [text('A claim of another task')], { number: 3, claimId: 'clm_elsewhere' }),
      heading(2, [text('References')]),
      list(
        [
          {
            content: [{ type: 'link', text: 'Study 1', url: 'https://site1.example/article/1' }, text(' — LOW')],
            cite: 1,
            source_url: 'https://site1.example/article/1',
          },
        ],
        true,
      ),
    ],
  };
  writeFileSync(join(runDir, 'q_report.json'), `${JSON.stringify(doc)}\n`);
  writeFileSync(join(runDir, 'q_report.md'), renderMarkdown(doc));
  writeFileSync(join(runDir, 'q_report.html'), renderHtmlReport({ lang: 'en', question: HOSTILE, meta: [], claims: [], totalClaims: 0, contested: [] }));
  writeFileSync(
    join(runDir, 'research_run.json'),
    JSON.stringify({
      run_id: 'r1',
      task_id: 'task_ui',
      status: 'completed',
      report_html_csp: `${reportCsp()}; upgrade-insecure-requests`,
    }),
  );
  runtime.store.saveCheckpoint('task_ui', RESEARCH_STATE_KEY, { question: 'Does walking lower blood pressure?', runDir });
  try {
    const list = await call('/runs');
    assert.match(list.body, /href="\/runs\/research\/task_ui"/);
    const report = await call('/runs/research/task_ui');
    assert.equal(report.status, 200);
    assert.ok(
      report.body.includes('<p>&lt;img src=x onerror=alert(1)&gt; is quoted <a class="cite" href="#src-1">[1]</a>.</p>'),
      'text escaped, the citation linked',
    );
    assert.match(report.body, /<h4><a class="claim-link" href="\/tasks\/task_ui\/claims\/clm_task_ui_1">1\. Claim 1: walking/);
    assert.match(report.body, /<h4><a class="claim-link" href="\/tasks\/task_ui\/claims\/clm_task_ui_0">2\. &lt;img src=x onerror=alert\(1\)&gt;<\/a><\/h4>/);
    assert.match(report.body, /<h4>3\. A claim of another task<\/h4>/);
    assert.match(
      report.body,
      /<li id="src-1" value="1"><a href="https:\/\/site1\.example\/article\/1" rel="noopener noreferrer nofollow">Study 1<\/a> — LOW <a class="ui-link" href="\/tasks\/task_ui\?domain=site1\.example">/,
    );
    assert.match(report.body, /href="\/runs\/research\/task_ui\/report\.html"/);
    const html = await call('/runs/research/task_ui/report.html');
    assert.equal(html.status, 200);
    // The policy the run recorded for its page (never read back out of the page), not the UI's.
    assert.equal(html.headers['content-security-policy'], `${reportCsp()}; upgrade-insecure-requests`);
    assert.ok(html.body.includes('&lt;img src=x onerror=alert(1)&gt;'));

    // A document that does not match its schema is refused by name, not shown half-read.
    writeFileSync(join(runDir, 'q_report.json'), JSON.stringify({ ...doc, format: 'lyra-report/0' }));
    const refused = await call('/runs/research/task_ui');
    assert.equal(refused.status, 400);
    assert.match(refused.body, /q_report\.json does not match its schema/);

    // A run written before reports were kept as data: its Markdown rendered, nothing linked into the UI.
    rmSync(join(runDir, 'q_report.json'));
    const older = await call('/runs/research/task_ui');
    assert.equal(older.status, 200);
    assert.match(older.body, /<h4>1\. Claim 1: walking lowers resting blood pressure by 1 mmHg in group 1\.<\/h4>/);
    assert.match(older.body, /<a class="cite" href="#src-1">\[1\]<\/a>/);
    assert.doesNotMatch(older.body, /claim-link|ui-link/);
  } finally {
    runtime.store.saveCheckpoint('task_ui', RESEARCH_STATE_KEY, { question: 'x' });
  }
});

test('a consensus run: report.md rendered, its [n] and [Rn] citations linked to the sources, a hostile source inert', async () => {
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const { CONSENSUS_TRANSPARENCY_FORMAT } = await import('../app/index.js');
  const { mdInline, mdLink, mdUrl } = await import('../core/index.js');
  const runs = join(home, 'consensus-runs');
  const dir = join(runs, '20260101_0000');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'transparency.json'),
    JSON.stringify({ format: CONSENSUS_TRANSPARENCY_FORMAT, topic: HOSTILE, startedAt: '2026-01-01T00:00:00.000Z', completedAt: '2026-01-01T00:05:00.000Z' }),
  );
  writeFileSync(
    join(dir, 'report.md'),
    [
      '# Research report',
      '',
      '## Detailed report',
      '',
      '### Key findings',
      '',
      '- “Walking lowers blood pressure.” [1] (also stated in [2])',
      '',
      '### Sources',
      '',
      `- [1] ${mdInline(HOSTILE)} — ${mdUrl('https://one.example/a')} (reliability 80%)`,
      `- [2] Two — ${mdUrl('javascript:alert(1)')} (reliability 40%)`,
      '',
      '## Key findings',
      '',
      '- “Walking lowers blood pressure.” [R1]',
      '',
      '## Sources',
      '',
      `- [R1] ${mdLink('One "onmouseover=alert(1)', 'https://one.example/a"onmouseover=alert(1)')} (reliability: 80%)`,
      '',
    ].join('\n'),
  );
  const s = await startUiServer({
    services: { engine: runtime.engine, store: runtime.store, actions: createUiActions({ config, runtime }) },
    port: 0,
    runsDirs: [runs],
  });
  try {
    assert.match((await call('/runs', { server: s })).body, /href="\/runs\/consensus\/20260101_0000">&lt;img src=x onerror=alert\(1\)&gt;<\/a>/);
    const r = await call('/runs/consensus/20260101_0000', { server: s });
    assert.equal(r.status, 200);
    assert.match(
      r.body,
      /“Walking lowers blood pressure\.” <a class="cite" href="#src-1">\[1\]<\/a> \(also stated in <a class="cite" href="#src-2">\[2\]<\/a>\)/,
    );
    assert.match(r.body, /<li id="src-1">\[1\] &lt;img src=x onerror=alert\(1\)&gt; — <a href="https:\/\/one\.example\/a" rel="noopener noreferrer nofollow">/);
    assert.match(r.body, /<li id="src-2">\[2\] Two — javascript:alert\(1\) \(reliability 40%\)<\/li>/, 'not an http(s) address: text');
    assert.match(r.body, /“Walking lowers blood pressure\.” <a class="cite" href="#src-R1">\[R1\]<\/a>/);
    assert.match(
      r.body,
      /<li id="src-R1">\[R1\] <a href="https:\/\/one\.example\/a%22onmouseover=alert\(1\)" rel="noopener noreferrer nofollow">One &quot;onmouseover=alert\(1\)<\/a>/,
    );
    assert.ok(!r.body.includes(HOSTILE) && !/href="javascript/i.test(r.body), 'nothing hostile as markup');
    assert.match(String(r.headers['content-security-policy']), /default-src 'none'; script-src 'self'; style-src 'self'/, "the UI's policy");
    assert.doesNotMatch(r.body, /<script(?![^>]*\ssrc=)|\sstyle=/, 'no inline script or style');
  } finally {
    await s.close();
  }
});

test('live events without a task follow every task (the tasks list)', async () => {
  const text = await new Promise<string>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: ui.port, path: '/events', headers: { host: `127.0.0.1:${ui.port}` } }, (res) => {
      let t = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        t += c;
        if (t.includes('"taskId":"task_ui"') && t.includes('"taskId":"task_run"')) {
          req.destroy();
          resolve(t);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
  assert.equal(text.match(/event: progress/g)?.length, 2);
});

// Last: it adds a task, which the tests above that count tasks would see.
test("a research run's answer on its task page: the verdict as data decides, no figure beside 'Insufficient evidence', what was judged instead", async () => {
  const { RESEARCH_STATE_KEY } = await import('../app/index.js');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  // An insufficient-evidence answer resting on passages that passed the bar on both sides.
  const answer = {
    question: 'Does walking lower blood pressure?',
    proposition: 'Walking does lower blood pressure.',
    verdict: 'insufficient evidence',
    confidence: 0.55,
    for: [],
    against: [],
    closest: [],
    basis: {
      method: 'proposition_judged',
      summary: '10 passages judged.',
      what_would_change: 'More sources.',
      sources_searched: ['corpus sea'],
      relevant_claims: 2,
      judged_passages: 10,
      passed_passages: 3,
      supporting_sources: 2,
      refuting_sources: 1,
      support: 0.4,
      refutation: 0.3,
      stance_model: 'embedded',
    },
    prose: null,
  };
  writeSyntheticTask(runtime.store, { taskId: 'task_answer', question: 'Does walking lower blood pressure?', claims: 2, sources: 1 });
  const runDir = join(home, 'runs', 'r-answer');
  mkdirSync(runDir, { recursive: true });
  writeFileSync(join(runDir, 'research_run.json'), JSON.stringify({ run_id: 'r-answer', task_id: 'task_answer', status: 'completed', answer }));
  runtime.store.saveCheckpoint('task_answer', RESEARCH_STATE_KEY, { question: 'Does walking lower blood pressure?', runDir });
  const page = await call('/tasks/task_answer');
  assert.equal(page.status, 200);
  assert.match(
    page.body,
    /<h2>Answer: Insufficient evidence <span class="meta">what passed the judge&#39;s bar points both ways \(2 sources for, 1 against, 10 passages judged, 1 source searched\)<\/span><\/h2>/,
    /<section class="answer"[\s\S]{0,300}/.exec(page.body)?.[0] ?? 'no answer section',
  );
  assert.doesNotMatch(page.body, /confidence 0\.55/);
});

test("a research run's closest passage for a claim only its own source states shows on that claim's page, and not once the claim is linked", async () => {
  const { RESEARCH_STATE_KEY } = await import('../app/index.js');
  const { judgeFields, ORIGIN_JUDGE } = await import('../core/index.js');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  writeSyntheticTask(runtime.store, { taskId: 'task_closest', question: 'Does walking lower blood pressure?', claims: 2, sources: 2 });
  // A claim with nothing but its own sentence (the origin edge): what the report calls unlinked.
  const lone = 'clm_task_closest_lone';
  const now = new Date().toISOString();
  runtime.store.transaction(() => {
    runtime.store.insertFragments([
      { id: 'frg_lone', pageId: 'pg_task_closest_0', text: 'Walkers had lower systolic pressure.', locator: { paragraph: 3 }, quotable: true },
    ]);
    runtime.store.upsertClaim({
      id: lone,
      taskId: 'task_closest',
      statement: 'Walkers had lower systolic pressure.',
      slots: {},
      decisionRelevance: 'high',
      conditions: [],
      createdAt: now,
    });
    runtime.store.insertEdge({
      id: 'edg_lone_o',
      taskId: 'task_closest',
      kind: 'supports',
      fragmentId: 'frg_lone',
      claimId: lone,
      confidence: 1,
      ...judgeFields(ORIGIN_JUDGE),
      createdAt: now,
    });
  });
  const closest = (quote: string) => [
    {
      quote,
      url: 'https://site1.example/article/1',
      link: null,
      title: 'Trial',
      tier: 'ACADEMIC',
      stance_confidence: 0.55,
      evidence_id: null,
      citation: 3,
      leans: 'supports',
    },
  ];
  const item = (claimId: string, quote: string) => ({
    claim_id: claimId,
    statement: 's',
    scope: '',
    decision_relevance: 'high',
    status: 'UNSUPPORTED',
    rationale: '',
    axes: null,
    conditions: [],
    supporting_evidence_ids: [],
    refuting_evidence_ids: [],
    relaxation_reason: null,
    confidence: 0.3,
    major: false,
    major_reasons: [],
    refutation_searched: false,
    relevance: 0.8,
    contested_with: [],
    // No table_status nor question_proposition: a run written before they were fields is still read.
    closest: closest(quote),
  });
  const runDir = join(home, 'runs', 'r-closest');
  mkdirSync(runDir, { recursive: true });
  const meta = {
    id: 'r:verified_claims',
    created_at: now,
    scope: '',
    assumptions: [],
    open_questions: [],
    run_id: 'r',
    task_id: 'task_closest',
    question: 'q',
    language: 'en',
  };
  // The run picked a passage for claim 1 too, which has since been judged against another source: stale.
  const items = [item(lone, 'Brisk walking lowered systolic pressure by 4 mmHg.'), item('clm_task_closest_1', 'A stale pick.')];
  writeFileSync(join(runDir, 'verified_claims.json'), JSON.stringify({ artifact: 'verified_claims', ...meta, items }));
  runtime.store.saveCheckpoint('task_closest', RESEARCH_STATE_KEY, { question: 'Does walking lower blood pressure?', runDir });
  const page = await call(`/tasks/task_closest/claims/${lone}?fragment=1`);
  assert.equal(page.status, 200);
  const section = page.body.split('<h4>No other source&#39;s passage passed the judge&#39;s bar; the closest read (left neutral: read it yourself)</h4>')[1];
  assert.ok(section, page.body);
  assert.match(section, /<div class="quote neutral"><blockquote>Brisk walking lowered systolic pressure by 4 mmHg\.<\/blockquote>/);
  assert.match(section, /neutral, leans to supporting 0\.55/);
  assert.doesNotMatch(section, / · {2}· /, 'no empty domain field');
  assert.doesNotMatch(page.body, /Correct stance[\s\S]*Brisk walking/, 'a passage the run picked is not an edge to correct');
  const linked = await call('/tasks/task_closest/claims/clm_task_closest_1?fragment=1');
  assert.equal(linked.status, 200);
  assert.doesNotMatch(linked.body, /the closest read|A stale pick/);
});
