// `lyra task …` and `lyra resume` through the CLI, against the evidence web on 127.0.0.1 (config only).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../test-support/cli.js';
import { startEvidenceWeb, type EvidenceWeb } from '../../test-support/evidence-web.js';
import { skipUnlessShared } from '../../test-support/shared-data.js';

const skip = skipUnlessShared('api_fixtures/semanticscholar/Paper.json');
let ew: EvidenceWeb;
const lyra = (...args: string[]) => runCli(['--config', ew.configPath, ...args], { home: ew.home });

before(async () => {
  if (skip) return;
  ew = await startEvidenceWeb({ mode: 'loopback', pipeline: { citation_limit: 3 } });
});

after(async () => {
  if (skip) return;
  await ew.close();
  rmSync(ew.home, { recursive: true, force: true });
});

test('task create → search --queue → status → resume → materials → list → stop', { skip }, async () => {
  const created = await lyra(
    'task',
    'create',
    'Does aerobic exercise lower blood pressure?',
    '--budget-pages',
    '40',
    '--provider',
    'searxng,semantic_scholar',
    '--json',
  );
  assert.equal(created.code, 0, created.err);
  const task = JSON.parse(created.out) as { id: string; budget: { maxPages: number }; configSnapshot: { providers: string[] } };
  assert.equal(task.budget.maxPages, 40);
  assert.deepEqual(task.configSnapshot.providers, ['searxng', 'semantic_scholar']);

  const queued = await lyra('task', 'search', task.id, 'aerobic exercise blood pressure study', '--queue', '--json');
  assert.equal(queued.code, 0, queued.err);
  const [item] = (JSON.parse(queued.out) as { queued: Array<{ queryId: string; kind: string }> }).queued;
  assert.equal(item!.kind, 'query');

  const pending = await lyra('task', 'status', task.id, '--json');
  assert.equal(pending.code, 0, pending.err);
  assert.equal((JSON.parse(pending.out) as { searches: Array<{ status: string }> }).searches[0]!.status, 'pending');

  const resumed = await lyra('resume', task.id, '--json');
  assert.equal(resumed.code, 0, resumed.err);
  const status = JSON.parse(resumed.out) as { status: string; pagesFetched: number; pagesRegistered: number; searches: Array<{ status: string }> };
  assert.equal(status.status, 'completed');
  assert.equal(status.searches[0]!.status, 'done');
  assert.equal(status.pagesFetched, 3);
  assert.ok(status.pagesRegistered >= 1);

  const text = await lyra('task', 'status', task.id);
  assert.match(text.out, /completed/);
  assert.match(text.out, /budget: pages \d+\/40/);

  const md = await lyra('task', 'materials', task.id, '--format', 'md');
  assert.equal(md.code, 0, md.err);
  assert.match(md.out, /blood pressure/i);
  const bib = await lyra('task', 'materials', task.id, '--format', 'bibtex');
  assert.equal(bib.code, 0, bib.err);
  assert.match(bib.out, /@\w+\{/);
  const json = await lyra('task', 'materials', task.id, '--format', 'json', '--limit', '2');
  assert.equal((JSON.parse(json.out) as { claims: unknown[] }).claims.length, 2);
  assert.equal((await lyra('task', 'materials', task.id, '--format', 'docx')).code, 2);

  const list = await lyra('task', 'list', '--json');
  assert.ok((JSON.parse(list.out) as { tasks: Array<{ id: string }> }).tasks.some((t) => t.id === task.id));

  const stopped = await lyra('task', 'stop', task.id, '--reason', 'done reading', '--json');
  assert.equal(stopped.code, 0, stopped.err);
  assert.equal((JSON.parse(stopped.out) as { status: string; task: { stopReason: string } }).task.stopReason, 'done reading');
  const refused = await lyra('task', 'search', task.id, 'more');
  assert.equal(refused.code, 2);
  assert.match(refused.err, /stopped/);
});

test('task search runs the query and prints its metrics; invalid input exits 2, a missing component 1', { skip }, async () => {
  const created = await lyra('task', 'create', 'walking and blood pressure', '--provider', 'searxng');
  assert.equal(created.code, 0, created.err);
  const id = created.out.trim();
  assert.match(id, /^task_/);
  const run = await lyra('task', 'search', id, 'walking blood pressure');
  assert.equal(run.code, 0, run.err);
  assert.match(run.out, /query q_\w+ done: walking blood pressure/);
  assert.match(run.out, /harvest \d\.\d\d, novelty/);

  assert.equal((await lyra('task', 'create', 'q', '--budget-pages', 'many')).code, 2);
  assert.equal((await lyra('task', 'status', 'task_nope')).code, 2);
  assert.equal((await lyra('task', 'create', 'q', '--provider', 'duckduckgo')).code, 2, 'a web provider beside the configured ones is invalid input');
  const bareConfig = join(ew.home, 'bare.yaml');
  const scholarlyOff = `scholarly:\n${['semantic_scholar', 'openalex', 'crossref', 'arxiv', 'pubmed'].map((s) => `  ${s}: { enabled: false }`).join('\n')}\n`;
  writeFileSync(bareConfig, `store: { path: bare.db }\nweb_search: { enabled: false }\n${scholarlyOff}`);
  const bare = await runCli(['--config', bareConfig, 'task', 'create', 'q'], { home: ew.home });
  assert.equal(bare.code, 1, 'no usable provider is non_retryable');
  assert.match(bare.err, /non_retryable: no search provider is usable/);
  // With nothing configured, web search is on: the zero-config web provider (no request is made by create).
  const zeroConfig = join(ew.home, 'zero.yaml');
  writeFileSync(zeroConfig, `store: { path: zero.db }\nfetch: { render: { chromium_path: /nonexistent/chromium } }\n${scholarlyOff}`);
  const zero = await runCli(['--config', zeroConfig, 'task', 'create', 'q', '--json'], { home: ew.home });
  assert.equal(zero.code, 0, zero.err);
  assert.match(zero.out, /"providers":\s*\[\s*"duckduckgo"\s*\]/, 'no Chromium: the DuckDuckGo HTML provider');
});
