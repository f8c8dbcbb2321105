import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLyraError } from '../../core/index.js';
import { startLoopbackWeb } from '../../test-support/loopback-web.js';
import { tinyNliModelFiles, writeTinyNliModel } from '../../test-support/tiny-nli-model.js';
import { createTransformersStanceModel, pullTransformersModel, stanceOfLabel } from './index.js';
import { WEIGHTS_ONLY_BATCH, defaultBatchSize } from './runtime.js';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'lyra-tf-'));
}

test('transformers backend: a real ONNX cross-encoder loads from a local folder and judges, batched', async () => {
  const modelsDir = tempDir();
  try {
    writeTinyNliModel({ modelsDir, modelId: 'test/tiny-nli' });
    const model = createTransformersStanceModel({ modelId: 'test/tiny-nli', modelsDir, batchSize: 2 });
    assert.equal(model.name, 'transformers:test/tiny-nli');
    const got = await model.judge([
      { claim: 'the claim is true', passage: 'Cats purr. Yes the claim is true.' },
      { claim: 'the claim is true', passage: 'Cats purr. No it is false.' },
      { claim: 'cats purr', passage: 'The claim is true.' },
    ]);
    assert.deepEqual(
      got.map((j) => [j.stance, j.decisiveSentence]),
      [
        ['supports', 'Yes the claim is true.'],
        ['refutes', 'No it is false.'],
        ['neutral', 'The claim is true.'],
      ],
    );
    // Logits [4, 1, -2] for one "yes": softmax gives the entailment probability.
    const e = [4, 1, -2].map(Math.exp);
    const pSupports = e[0]! / (e[0]! + e[1]! + e[2]!);
    assert.ok(Math.abs(got[0]!.confidence - pSupports) < 1e-5, `confidence ${got[0]!.confidence} vs ${pSupports}`);
    assert.ok(Math.abs(got[0]!.scores.supports + got[0]!.scores.refutes + got[0]!.scores.neutral - 1) < 1e-5);
    assert.equal(got[2]!.confidence, got[2]!.scores.neutral);
  } finally {
    rmSync(modelsDir, { recursive: true, force: true });
  }
});

test('default batch: one input at a time for a dynamically quantized file, batches for fp32 and for a weights-only int8 file', () => {
  assert.equal(defaultBatchSize({ dtype: 'fp32' }, 16), 16);
  assert.equal(defaultBatchSize({ dtype: 'q8' }, 16), 1);
  assert.equal(defaultBatchSize({ dtype: 'int8' }, 32), 1);
  // Weights-only int8 dequantizes its weights and keeps fp32 activations: a result does not depend on the batch.
  assert.equal(defaultBatchSize({ dtype: 'q8', weightsOnly: true }, 16), WEIGHTS_ONLY_BATCH);
  assert.equal(defaultBatchSize({ dtype: 'q8', weightsOnly: true }, 4), 4);
});

test('transformers backend: a missing model folder is a non-retryable error naming the path and the pull command', async () => {
  const modelsDir = tempDir();
  try {
    const model = createTransformersStanceModel({ modelId: 'nobody/absent', modelsDir });
    await assert.rejects(model.judge([{ claim: 'a b c', passage: 'd e f.' }]), (err: unknown) => {
      assert.ok(isLyraError(err));
      assert.equal(err.category, 'non_retryable');
      assert.equal(err.code, 'model_not_found');
      assert.match(err.message, new RegExp(join(modelsDir, 'nobody/absent', 'config.json').replace(/[/.]/g, '\\$&')));
      assert.match(err.message, /lyra models pull nobody\/absent/);
      return true;
    });
  } finally {
    rmSync(modelsDir, { recursive: true, force: true });
  }
});

test('transformers backend: labels map by name; unknown labels are errors, never guesses', async () => {
  assert.equal(stanceOfLabel('ENTAILMENT'), 'supports');
  assert.equal(stanceOfLabel('not_entailment'), 'neutral');
  assert.equal(stanceOfLabel('Contradiction'), 'refutes');
  assert.equal(stanceOfLabel('LABEL_2', { label_2: 'refutes' }), 'refutes');
  assert.throws(() => stanceOfLabel('LABEL_0'), /not an NLI label/);
  const modelsDir = tempDir();
  try {
    writeTinyNliModel({ modelsDir, modelId: 'test/odd-labels', labels: { 0: 'LABEL_0', 1: 'LABEL_1', 2: 'LABEL_2' } });
    const model = createTransformersStanceModel({ modelId: 'test/odd-labels', modelsDir });
    await assert.rejects(model.judge([{ claim: 'yes', passage: 'yes.' }]), /LABEL_0.*not an NLI label/);
    const mapped = createTransformersStanceModel({
      modelId: 'test/odd-labels',
      modelsDir,
      labels: { label_0: 'supports', label_1: 'neutral', label_2: 'refutes' },
    });
    assert.equal((await mapped.judge([{ claim: 'the claim', passage: 'yes yes.' }]))[0]!.stance, 'supports');
  } finally {
    rmSync(modelsDir, { recursive: true, force: true });
  }
});

test('transformers backend: empty claims are invalid input; an aborted signal stops the call', async () => {
  const model = createTransformersStanceModel({ modelId: 'test/x', modelsDir: '/nonexistent' });
  await assert.rejects(model.judge([{ claim: ' ', passage: 'x.' }]), /empty claim/);
  await assert.rejects(model.judge([{ claim: 'x', passage: 'y.' }], { signal: AbortSignal.abort(new Error('stopped')) }), /stopped/);
  assert.deepEqual(await model.judge([]), []);
});

test('models pull: downloads the folder from a hub stand-in on loopback, then the model works offline', async () => {
  const files = tinyNliModelFiles();
  const web = await startLoopbackWeb();
  const modelsDir = tempDir();
  try {
    for (const [file, body] of Object.entries(files)) {
      web.route(`/test/tiny-nli/resolve/main/${file}`, { headers: { 'content-type': 'application/octet-stream' }, body });
    }
    const progress: string[] = [];
    const result = await pullTransformersModel({ modelId: 'test/tiny-nli', modelsDir, remoteHost: web.origin }, { onProgress: (p) => progress.push(p.file) });
    assert.equal(result.dir, join(modelsDir, 'test/tiny-nli'));
    for (const f of Object.keys(files)) assert.ok(result.files.includes(f), `pulled ${f}`);
    assert.ok(progress.includes('onnx/model.onnx'));
    assert.ok(web.requestsTo('/test/tiny-nli/resolve/main/config.json').length >= 1);
    await web.close();
    // The hub is gone: the pulled folder alone serves the model.
    const model = createTransformersStanceModel({ modelId: 'test/tiny-nli', modelsDir });
    assert.equal((await model.judge([{ claim: 'the claim', passage: 'No it is false.' }]))[0]!.stance, 'refutes');
  } finally {
    await web.close().catch(() => undefined);
    rmSync(modelsDir, { recursive: true, force: true });
  }
});

test('models pull: a model the hub does not have is a non-retryable error; nothing is left behind', async () => {
  const web = await startLoopbackWeb();
  const modelsDir = tempDir();
  try {
    await assert.rejects(pullTransformersModel({ modelId: 'nobody/absent', modelsDir, remoteHost: web.origin }), (err: unknown) => {
      assert.ok(isLyraError(err));
      assert.equal(err.code, 'model_not_found_remote');
      assert.equal(err.category, 'non_retryable');
      return true;
    });
    assert.equal(existsSync(join(modelsDir, 'nobody/absent', 'onnx')), false);
  } finally {
    await web.close();
    rmSync(modelsDir, { recursive: true, force: true });
  }
});

test('transformers backend: per-label thresholds, a temperature, and a sentence that refers back judged with its neighbour', async () => {
  const modelsDir = tempDir();
  try {
    writeTinyNliModel({ modelsDir, modelId: 'test/tiny-nli' });
    const base = { modelId: 'test/tiny-nli', modelsDir, windows: true, decision: { supports: 0.9, refutes: 0.9 } };
    const model = createTransformersStanceModel(base);
    // "However yes." leans on "Yes cats purr.": the window holds both votes and decides.
    const [units] = await model.judgeSentenceLists([{ claim: 'the claim', passage: 'Yes cats purr. However yes.' }]);
    assert.deepEqual(
      units!.map((u) => u.sentence),
      ['Yes cats purr.', 'However yes.', 'Yes cats purr. However yes.'],
    );
    const [windowed] = await model.judge([{ claim: 'the claim', passage: 'Yes cats purr. However yes.' }]);
    assert.deepEqual([windowed!.stance, windowed!.decisiveSentence], ['supports', 'Yes cats purr. However yes.']);
    // One "yes" gives P(entailment) 0.95 at T = 1 (≥ 0.9: supports) and 0.67 at T = 3 (neutral, probabilities kept).
    const [plain] = await model.judge([{ claim: 'the claim', passage: 'Yes cats purr.' }]);
    assert.equal(plain!.stance, 'supports');
    const hot = createTransformersStanceModel({ ...base, temperature: 3 });
    const [cooled] = await hot.judge([{ claim: 'the claim', passage: 'Yes cats purr.' }]);
    assert.equal(cooled!.stance, 'neutral');
    const e = [4 / 3, 1 / 3, -2 / 3].map(Math.exp);
    assert.ok(Math.abs(cooled!.scores.supports - e[0]! / (e[0]! + e[1]! + e[2]!)) < 1e-5, JSON.stringify(cooled!.scores));
  } finally {
    rmSync(modelsDir, { recursive: true, force: true });
  }
});
