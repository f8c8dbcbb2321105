// `lyra collect` in-process (flags, exit codes, output) and as a real child process killed after its
// third query and run again: the loopback server's request log shows the first three queries are not
// repeated.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT, checkpointPathFor } from '../../app/index.js';
import { runCli } from '../../test-support/cli.js';
import { fakeChatEndpoint } from '../../test-support/fake-chat-endpoint.js';
import { startFakeSearxng, type SearxAnswer } from '../../test-support/fake-searxng.js';
import { startLoopbackWeb, type LoopbackWeb } from '../../test-support/loopback-web.js';
import { step5OutputSchema } from '../../workflows/index.js';

const NO_SCHOLARLY = ['scholarly:', ...['semantic_scholar', 'openalex', 'crossref', 'arxiv', 'pubmed'].map((s) => `  ${s}: { enabled: false }`)];
// Web search off too: with nothing configured it is on (the zero-config provider).
const NO_SOURCES = ['web_search: { enabled: false }', ...NO_SCHOLARLY];
const homes: string[] = [];
let web: LoopbackWeb;

before(async () => {
  web = await startLoopbackWeb();
});
after(async () => {
  await web.close();
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});

function home(lines: string[]): string {
  const h = mkdtempSync(join(tmpdir(), 'lyra-collect-cli-'));
  homes.push(h);
  writeFileSync(join(h, 'lyra.config.yaml'), `${lines.join('\n')}\n`);
  writeFileSync(join(h, 'domains.yaml'), 'domains:\n  - { domain: 127.0.0.1, trust_level: unverified, qps: 20 }\n');
  return h;
}

test('lyra collect --help names every flag; bad flags exit 2', async () => {
  const h = home(NO_SOURCES);
  const help = await runCli(['collect', '--help'], { home: h });
  assert.equal(help.code, 0);
  for (const flag of [
    '--keyword',
    '--outline',
    '--provider',
    '--corpus',
    '--scholarly',
    '--out',
    '--fresh',
    '--task',
    '--queries',
    '--no-verify',
    '--max-queries',
    '--limit',
    '--max-sources',
    '--json',
  ])
    assert.match(help.out, new RegExp(flag));
  assert.match(help.out, /task_id/);
  assert.match(help.out, /lyra task materials <task_id>/);
  assert.equal((await runCli(['collect'], { home: h })).code, 2);
  const bad = await runCli(['collect', '--keyword', 'k', '--queries', 'guess', '--json'], { home: h });
  assert.equal(bad.code, 2);
  assert.equal(JSON.parse(bad.err.trim()).error.code, 'invalid_flag');
  assert.equal((await runCli(['collect', '--keyword', 'k', '--provider', 'bing'], { home: h })).code, 2);
  assert.equal((await runCli(['collect', '--keyword', 'k', '--fresh'], { home: h })).code, 2);
  assert.equal((await runCli(['collect', '--keyword', 'k', '--outline', join(h, 'missing.md')], { home: h })).code, 2);
});

test('lyra collect with no collector configured exits 1 with a non_retryable error', async () => {
  const r = await runCli(['collect', '--keyword', 'sleep debt', '--json'], { home: home(NO_SOURCES) });
  assert.equal(r.code, 1);
  const e = JSON.parse(r.err.trim().split('\n').pop()!) as { error: { category: string; code: string; details: { component: string } } };
  assert.deepEqual([e.error.category, e.error.code, e.error.details.component], ['non_retryable', 'collector_missing', 'primary_collector']);
});

test('lyra collect --corpus example: the task id and a table of typed, verified sources; --json prints the Step5Output with task_id; the task holds the sources', async () => {
  // Three claims a document instead of forty: the test is about the output and the task, not the graph's depth.
  const h = home([...NO_SCHOLARLY, 'pipeline:', '  graph: { claims_per_page: 3, candidates_per_claim: 2 }']);
  const r = await runCli(['collect', '--keyword', 'sea level rise', '--corpus', 'example'], { home: h });
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^keyword: sea level rise\ntask: task_\w+\nqueries: 3\/3 done \(0 from checkpoint, 0 failed; template\)\n/);
  const task = /^task: (task_\w+)$/m.exec(r.out)![1]!;
  assert.match(r.out, new RegExp(`evidence graph: task ${task} \\(lyra task materials ${task}\\)\\n$`));
  const materials = await runCli(['task', 'materials', task], { home: h });
  assert.equal(materials.code, 0, materials.err);
  assert.ok((JSON.parse(materials.out) as { pages: Array<{ url: string }> }).pages.some((p) => p.url === 'corpus://example/Sea_level_rise'));
  assert.match(r.out, /type +cred +ok +title +url/);
  assert.match(r.out, /other +0\.30 +yes +Sea level rise +corpus:\/\/example\/Sea_level_rise/);
  assert.match(r.err, /warning: no checkpoint store: an interrupted run will start over \(pass --out FILE/);
  const j = await runCli(['collect', '--keyword', 'sea level rise', '--corpus', 'example', '--no-verify', '--json'], { home: h });
  assert.equal(j.code, 0, j.err);
  const out = step5OutputSchema.parse(JSON.parse(j.out));
  assert.match(out.task_id ?? '', /^task_\w+$/);
  assert.notEqual(out.task_id, task, 'each run is a task of its own');
  assert.equal(out.collection_stats.verified, 0);
  assert.deepEqual(
    out.warnings.map((w) => w.code),
    ['verification_off', 'checkpoints_off', 'low_verified_sources'],
  );
});

/** Runs bin/lyra.js as a child process; `killWhen` is polled and the child gets SIGKILL once it holds. */
function runChild(
  args: string[],
  cwd: string,
  killWhen?: () => boolean,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(PACKAGE_ROOT, 'bin', 'lyra.js'), ...args], {
      cwd,
      env: { ...process.env, LYRA_HOME: cwd, LYRA_CONFIG: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const poll = killWhen ? setInterval(() => killWhen() && child.kill('SIGKILL'), 20) : undefined;
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (poll) clearInterval(poll);
      resolve({ code, signal, out, err });
    });
  });
}

test('killing lyra collect after its third query and running it again does not repeat the first three queries (request log)', async () => {
  const queries = ['q one', 'q two', 'q three', 'q four', 'q five'];
  const llm = await fakeChatEndpoint(() => ({ content: JSON.stringify({ queries }) }));
  let hang = true;
  const page = (i: number): string => web.url(`/pages/statistics/${i}`);
  for (let i = 0; i < queries.length; i++)
    web.route(`/pages/statistics/${i}`, { body: `<html><title>Page ${i}</title></html>`, headers: { 'content-type': 'text/html' } });
  const searx = await startFakeSearxng((q): SearxAnswer => {
    const i = queries.indexOf(q);
    // The first run never gets an answer to its fourth query: it is killed waiting for it.
    if (i === 3 && hang) return 'hang';
    return [{ url: page(i), title: `Statistics page ${i}`, content: `Result for ${q}` }];
  }, web);
  try {
    const h = home([
      ...NO_SCHOLARLY,
      'providers:',
      `  searxng: { base_url: "${searx.baseUrl}" }`,
      'fetch:',
      '  allow_private: ["127.0.0.1/32:1-65535"]',
      '  respect_robots: false',
      '  cache: { enabled: false }',
      'models:',
      `  llm: { base_url: "${llm.baseUrl}", model: fake-model }`,
    ]);
    const out = join(h, 'sources.json');
    const searchLog = (): string[] =>
      web.requests
        .filter((r) => r.path.startsWith('/search?') && new URLSearchParams(r.path.split('?')[1]).get('pageno') === '1')
        .map((r) => new URLSearchParams(r.path.split('?')[1]).get('q')!);

    const first = await runChild(['collect', '--keyword', 'k', '--out', out, '--json'], h, () => searchLog().includes('q four'));
    assert.equal(first.signal, 'SIGKILL', first.err);
    assert.deepEqual(searchLog(), ['q one', 'q two', 'q three', 'q four']);
    const saved = JSON.parse(readFileSync(checkpointPathFor(out), 'utf8')) as { completed: Array<{ query: string }> };
    assert.deepEqual(
      saved.completed.map((c) => c.query),
      ['q one', 'q two', 'q three'],
    );
    assert.equal(existsSync(out), false);

    hang = false;
    const mark = searchLog().length;
    const second = await runChild(['collect', '--keyword', 'k', '--out', out, '--json'], h);
    assert.equal(second.code, 0, second.err);
    assert.deepEqual(searchLog().slice(mark), ['q four', 'q five'], 'the second run asks only the queries the first did not finish');
    assert.equal(llm.bodies.length, 1, 'the queries came from the checkpoint, not from the LLM again');
    const result = step5OutputSchema.parse(JSON.parse(second.out));
    assert.deepEqual(JSON.parse(readFileSync(out, 'utf8')), result);
    assert.deepEqual(
      [result.collection_stats.queries_resumed, result.collection_stats.queries_completed, result.sources.length, result.query_generation.from_checkpoint],
      [3, 5, 5, true],
    );
    assert.deepEqual(
      result.sources.map((s) => [s.source_type, s.verified]),
      queries.map(() => ['statistics', true]),
    );
    assert.equal(existsSync(checkpointPathFor(out)), false);
  } finally {
    await llm.web.close();
  }
});
