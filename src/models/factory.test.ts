import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { isLyraError } from '../core/index.js';
import { writeTinyEncoderModel, writeTinyNliModel } from '../test-support/tiny-nli-model.js';
import {
  createEmbeddingModel,
  createShippedEncoder,
  createStanceModel,
  DEFAULT_STANCE_WEIGHTS_PATH,
  openVectorCache,
  type CreateStanceModelOptions,
} from './index.js';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'lyra-factory-'));
}

test('embedded: a missing weights file is a non-retryable error naming the path, at creation', () => {
  const path = join(tmpdir(), 'lyra-no-such-dir', 'stance-en.json');
  assert.throws(
    () => createStanceModel({ backend: 'embedded', embedded: { weightsPath: path } }),
    (err: unknown) => {
      assert.ok(isLyraError(err));
      assert.deepEqual([err.category, err.code, err.details.path], ['non_retryable', 'model_weights_missing', path]);
      assert.ok(err.message.includes(path));
      return true;
    },
  );
});

test('embedded: the default backend uses the shipped weights path (whatever their training state)', () => {
  if (existsSync(DEFAULT_STANCE_WEIGHTS_PATH)) {
    assert.equal(createStanceModel({ backend: 'embedded' }).name, 'embedded');
  } else {
    assert.throws(() => createStanceModel({ backend: 'embedded' }), new RegExp(DEFAULT_STANCE_WEIGHTS_PATH.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')));
  }
});

test('transformers and llm backends are built from their options; problems surface at creation', async () => {
  const modelsDir = tempDir();
  try {
    assert.throws(
      () => createStanceModel({ backend: 'transformers', transformers: { modelId: 'test/tiny-nli', modelsDir } }),
      /model_not_found|missing .*config\.json/,
    );
    writeTinyNliModel({ modelsDir, modelId: 'test/tiny-nli' });
    const t = createStanceModel({ backend: 'transformers', transformers: { modelId: 'test/tiny-nli', modelsDir } });
    assert.equal(t.name, 'transformers:test/tiny-nli');
    assert.equal((await t.judge([{ claim: 'the claim', passage: 'Yes it is.' }]))[0]!.stance, 'supports');
    assert.throws(
      () => createStanceModel({ backend: 'transformers', transformers: { modelId: 'bad id!', modelsDir } }),
      (err: unknown) => {
        assert.ok(isLyraError(err));
        assert.deepEqual([err.category, err.code], ['invalid_input', 'invalid_options']);
        return true;
      },
    );
  } finally {
    rmSync(modelsDir, { recursive: true, force: true });
  }
  const llm = createStanceModel({ backend: 'llm', llm: { chat: { baseUrl: 'http://127.0.0.1:9/v1', model: 'qwen' }, windowSentences: 10 } });
  assert.equal(llm.name, 'llm:qwen');
  assert.throws(() => createStanceModel({ backend: 'bert' } as unknown as CreateStanceModelOptions), /unknown stance backend bert/);
});

test('createEmbeddingModel: the shipped encoder (the default) with an on-disk cache keyed by text hash that survives a reopen', async () => {
  const dir = tempDir();
  try {
    const cachePath = join(dir, 'cache', 'vectors.db');
    const first = createEmbeddingModel({ cachePath, cacheMaxEntries: 100 });
    assert.deepEqual([first.name, first.dimensions], [createShippedEncoder().name, 384]);
    const [a] = await first.embed(['Aspirin lowers the risk of heart attack.']);
    first.close();
    const db = new Database(cachePath, { readonly: true });
    const rows = db.prepare('SELECT key FROM vectors').all() as Array<{ key: string }>;
    db.close();
    assert.equal(rows.length, 1);
    assert.ok(rows[0]!.key.startsWith(`${createShippedEncoder().name}:`) && /:[0-9a-f]{64}$/.test(rows[0]!.key), rows[0]!.key);
    const again = createEmbeddingModel({ cachePath });
    const [b] = await again.embed(['Aspirin lowers the risk of heart attack.']);
    again.close();
    assert.deepEqual([...b!], [...a!]);
    writeFileSync(join(dir, 'file'), 'x');
    assert.throws(() => createEmbeddingModel({ cachePath: join(dir, 'file', 'vectors.db') }), /embedding vector cache: cannot open/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('createEmbeddingModel: a shared vector cache is used and written, and left open when the model closes (its owner closes it)', async () => {
  const dir = tempDir();
  try {
    const shared = openVectorCache({ path: join(dir, 'vectors.db') });
    let closes = 0;
    const spy = { get: shared.get.bind(shared), set: shared.set.bind(shared), close: () => void closes++ };
    const model = createEmbeddingModel({ cache: spy, cachePath: join(dir, 'never-opened.db') });
    const [v] = await model.embed(['Aspirin lowers the risk of heart attack.']);
    model.close();
    assert.equal(closes, 0, 'the model does not close a cache it was handed');
    assert.deepEqual([...shared.get(model.name, 'Aspirin lowers the risk of heart attack.')!], [...v!]);
    assert.equal(existsSync(join(dir, 'never-opened.db')), false, 'the shared cache, not a second file');
    shared.close?.();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('createEmbeddingModel: the transformers backend from a local folder; missing folder or model is an error at creation', async () => {
  const modelsDir = tempDir();
  try {
    assert.throws(() => createEmbeddingModel({ backend: 'transformers' }), /no model given/);
    assert.throws(() => createEmbeddingModel({ backend: 'transformers', transformers: { modelId: 'test/tiny-encoder', modelsDir } }), /config\.json/);
    writeTinyEncoderModel({ modelsDir, modelId: 'test/tiny-encoder' });
    const model = createEmbeddingModel({
      backend: 'transformers',
      transformers: { modelId: 'test/tiny-encoder', modelsDir },
      cachePath: join(modelsDir, 'vectors.db'),
    });
    assert.deepEqual([model.name, model.dimensions], ['transformers:test/tiny-encoder:fp32', 2]);
    assert.deepEqual([...(await model.embed(['yes']))[0]!], [1, 0]);
    model.close();
  } finally {
    rmSync(modelsDir, { recursive: true, force: true });
  }
});
