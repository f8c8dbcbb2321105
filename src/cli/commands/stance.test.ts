import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempHome as makeHome, type CliRun } from '../../test-support/cli.js';
import { fakeChatEndpoint } from '../../test-support/fake-chat-endpoint.js';
import { startLoopbackWeb } from '../../test-support/loopback-web.js';
import { tinyNliModelFiles, writeTinyNliModel } from '../../test-support/tiny-nli-model.js';

async function run(args: string[], home: string, stdin = ''): Promise<CliRun> {
  return runCli(args, { home, stdin });
}

function tempHome(config = ''): string {
  const home = makeHome('lyra-stance-cli-');
  if (config) writeFileSync(join(home, 'lyra.config.yaml'), config);
  return home;
}

const line = (o: unknown): string => `${JSON.stringify(o)}\n`;

test('lyra stance --model transformers: JSONL in, JSONL out in order; bad lines reported with their numbers, the run goes on', async () => {
  const home = tempHome('models:\n  transformers:\n    model: test/tiny-nli\n');
  try {
    writeTinyNliModel({ modelsDir: join(home, 'models'), modelId: 'test/tiny-nli' });
    const input = [
      line({ id: 'a', claim: 'the claim is true', evidence: 'Cats purr. Yes the claim is true.' }),
      '{not json\n',
      line({ id: 'c', claim: 'the claim is true' }),
      '\n',
      line({ id: 4, claim: 'the claim is true', evidence: 'No it is false.' }),
    ].join('');
    const r = await run(['stance', '--model', 'transformers', '--batch', '1'], home, input);
    const out = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: unknown; label: string; decisive_sentence: string; confidence: number });
    assert.deepEqual(
      out.map((o) => [o.id, o.label, o.decisive_sentence]),
      [
        ['a', 'supports', 'Yes the claim is true.'],
        [4, 'refutes', 'No it is false.'],
      ],
    );
    assert.ok(out.every((o) => o.confidence > 0.5 && o.confidence <= 1));
    assert.match(r.err, /line 2: invalid_input: line 2: not JSON/);
    assert.match(r.err, /line 3 \(id c\): invalid_input: .*evidence/);
    assert.match(r.err, /2 of 4 lines failed/);
    assert.equal(r.code, 2, 'only bad input lines failed');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('lyra stance: every line judged is exit 0; --json reports errors as JSON objects', async () => {
  const home = tempHome('models:\n  stance:\n    backend: transformers\n  transformers:\n    model: test/tiny-nli\n');
  try {
    writeTinyNliModel({ modelsDir: join(home, 'models'), modelId: 'test/tiny-nli' });
    const ok = await run(['stance'], home, line({ id: 1, claim: 'cats purr', evidence: 'The claim is true.' }));
    assert.equal(ok.code, 0, ok.err);
    const parsed = JSON.parse(ok.out) as { confidence: number; scores: Record<string, number> };
    assert.deepEqual(parsed, { id: 1, label: 'neutral', confidence: parsed.confidence, decisive_sentence: 'The claim is true.', scores: parsed.scores });
    assert.equal(parsed.scores.neutral, parsed.confidence);
    const bad = await run(['stance', '--json'], home, '[]\n');
    assert.equal(bad.code, 2);
    const first = JSON.parse(bad.err.split('\n')[0]!) as { line: number; error: { code: string } };
    assert.deepEqual([first.line, first.error.code], [1, 'invalid_line']);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('lyra stance: a missing weights file or model folder stops before reading input, naming the path', async () => {
  const home = tempHome('models:\n  stance:\n    weights_path: nowhere/stance.bin\n');
  try {
    const r = await run(['stance', '--model', 'embedded'], home, line({ id: 1, claim: 'a', evidence: 'b' }));
    assert.equal(r.code, 1);
    assert.match(r.err, /non_retryable: embedded stance model: weights file missing: .*nowhere\/stance\.bin/);
    assert.equal(r.out, '');
    writeFileSync(join(home, 'lyra.config.yaml'), 'models:\n  transformers:\n    model: test/absent\n');
    const t = await run(['stance', '--model', 'transformers'], home, '');
    assert.equal(t.code, 1);
    assert.match(t.err, /models\/test\/absent\/config\.json.*lyra models pull test\/absent/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('lyra stance --model llm: unconfigured is invalid input; a line the model cannot answer fails alone', async () => {
  const home = tempHome();
  try {
    const r = await run(['stance', '--model', 'llm'], home, '');
    assert.equal(r.code, 2);
    assert.match(r.err, /models\.llm\.base_url/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  const fake = await fakeChatEndpoint((body) => ({
    content: /gibberish/.test(body.messages[1]!.content) ? 'Sure! Here is my answer' : '{"label":"supports","sentence":0,"confidence":0.8}',
  }));
  const home2 = tempHome(`models:\n  llm:\n    base_url: ${fake.baseUrl}\n    model: fake\n    max_retries: 0\n`);
  try {
    const input = line({ id: 'x', claim: 'A causes B.', evidence: 'A causes B.' }) + line({ id: 'y', claim: 'gibberish', evidence: 'Whatever.' });
    const r = await run(['stance', '--model', 'llm'], home2, input);
    assert.equal(r.code, 1);
    // The llm states only its label's confidence; the rest is shared equally between the other labels.
    assert.deepEqual(JSON.parse(r.out), {
      id: 'x',
      label: 'supports',
      confidence: 0.8,
      decisive_sentence: 'A causes B.',
      scores: { supports: 0.8, refutes: 0.1, neutral: 0.1 },
    });
    assert.match(r.err, /line 2 \(id y\): retryable: .*Sure! Here is my answer/);
  } finally {
    await fake.web.close();
    rmSync(home2, { recursive: true, force: true });
  }
});

test('lyra models pull --hub <loopback> then models list --json', async () => {
  const web = await startLoopbackWeb();
  for (const [file, body] of Object.entries(tinyNliModelFiles())) web.route(`/test/tiny-nli/resolve/main/${file}`, { body });
  const home = tempHome();
  try {
    const r = await run(['models', 'pull', 'test/tiny-nli', '--hub', web.origin, '--json'], home);
    assert.equal(r.code, 0, r.err);
    const got = JSON.parse(r.out) as { dir: string; files: string[] };
    assert.equal(got.dir, join(home, 'models', 'test/tiny-nli'));
    assert.ok(got.files.includes('onnx/model.onnx'));
    const list = await run(['models', 'list', '--json'], home);
    assert.deepEqual(JSON.parse(list.out), { models_dir: join(home, 'models'), models: ['test/tiny-nli'] });
    const bad = await run(['models', 'pull', 'not a model id'], home);
    assert.equal(bad.code, 2);
  } finally {
    await web.close();
    rmSync(home, { recursive: true, force: true });
  }
});
