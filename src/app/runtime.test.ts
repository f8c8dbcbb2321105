// The one assembly: parts built on first use and once, shared by whoever asks, closed by the runtime
// only when it built them; a wall found by its fetcher lands in its store's auth queue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHIPPED_MODELS_DIR, createRetrievalEncoder } from '../models/index.js';
import { openStore } from '../store/index.js';
import { startLoopbackWeb } from '../test-support/loopback-web.js';
import { createRuntime, loadConfig, withRuntime } from './index.js';

function home(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, 'lyra.config.yaml'), 'fetch:\n  allow_private: ["127.0.0.1/32:1-65535"]\n  cache: { enabled: false }\n  max_retries: 0\n');
  return dir;
}

test('a runtime builds each part on first use, once, and opens no store until one is asked for', async () => {
  const dir = home('lyra-runtime-once-');
  try {
    const config = loadConfig({ env: { LYRA_HOME: dir }, cwd: dir });
    const runtime = createRuntime(config);
    assert.equal(runtime.policy(), runtime.policy());
    assert.equal(runtime.fetcher(), runtime.fetcher());
    assert.equal(runtime.scholarly(), runtime.scholarly());
    assert.equal(existsSync(config.store.path), false, 'policy, fetcher and scholarly sources need no store');
    assert.equal(runtime.store(), runtime.store());
    assert.equal(existsSync(config.store.path), true, 'store() opens the configured store file');
    await runtime.close();
    await runtime.close(); // twice is harmless
    assert.throws(() => runtime.store().listTasks(), /not open|closed/i, 'the store the runtime opened is closed with it');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the encoders share one vector cache, opened only when one is built: none under corpus.ranking bm25', async () => {
  const dir = home('lyra-runtime-cache-');
  try {
    writeFileSync(join(dir, 'bm25.yaml'), 'corpus:\n  ranking: bm25\n');
    const config = loadConfig({ env: { LYRA_HOME: dir }, cwd: dir, configPath: join(dir, 'bm25.yaml') });
    const runtime = createRuntime(config);
    assert.equal(runtime.retrievalEncoder(), undefined);
    assert.equal(existsSync(join(dir, 'cache', 'vectors.db')), false, 'no encoder, no cache file');
    await runtime.embedding().embed(['Aspirin lowers the risk of heart attack.']);
    assert.equal(existsSync(join(dir, 'cache', 'vectors.db')), true, 'the embedding model opened it');
    await runtime.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('one shipped encoder serves the embedding model and the claim links, corpus search its retrieval fine-tune; another configured embedding is its own', async () => {
  const dir = home('lyra-runtime-encoder-');
  try {
    const runtime = createRuntime(loadConfig({ env: { LYRA_HOME: dir }, cwd: dir }));
    assert.equal(runtime.embedding(), runtime.sentenceEncoder());
    assert.notEqual(runtime.retrievalEncoder(), runtime.sentenceEncoder());
    assert.equal(runtime.retrievalEncoder()?.name, createRetrievalEncoder().name);
    await runtime.close();
    writeFileSync(
      join(dir, 'other.yaml'),
      'models:\n  embedding: { backend: transformers, model: minilm-en, dtype: q8 }\n  transformers: { models_dir: ' +
        JSON.stringify(SHIPPED_MODELS_DIR) +
        ' }\n',
    );
    const other = createRuntime(loadConfig({ env: { LYRA_HOME: dir }, cwd: dir, configPath: join(dir, 'other.yaml') }));
    assert.notEqual(other.embedding(), other.sentenceEncoder());
    assert.equal(other.retrievalEncoder()?.name, createRetrievalEncoder().name);
    await other.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("parts handed in stay the caller's: the runtime uses them and never closes them", async () => {
  const dir = home('lyra-runtime-given-');
  const store = openStore({ path: join(dir, 'given.db') });
  try {
    const config = loadConfig({ env: { LYRA_HOME: dir }, cwd: dir });
    await withRuntime(
      config,
      async (runtime) => {
        assert.equal(runtime.store(), store);
      },
      { overrides: { store } },
    );
    assert.deepEqual(store.listTasks(), [], 'still open after the runtime closed');
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a CAPTCHA page fetched through the runtime is queued for a person in the runtime's store", async () => {
  const dir = home('lyra-runtime-auth-');
  const web = await startLoopbackWeb({ routes: { '//walled.test/article': { fault: { challenge: 'recaptcha' } } } });
  try {
    const config = loadConfig({ env: { LYRA_HOME: dir }, cwd: dir });
    const runtime = createRuntime(config, { resolver: async () => [{ address: '127.0.0.1', family: 4 }] });
    try {
      await runtime
        .fetcher()
        .fetch({ url: web.url('//walled.test/article') })
        .catch(() => undefined);
      const queued = runtime.store().listAuth();
      assert.ok(
        queued.some((item) => item.url.includes('walled.test')),
        `queued: ${JSON.stringify(queued)}`,
      );
    } finally {
      await runtime.close();
    }
  } finally {
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('relevance by meaning is on by default over the shipped encoder; models.relevance.backend: rules turns it off; a bad weights file is an error', async () => {
  const dir = home('lyra-runtime-relevance-');
  try {
    const runtime = createRuntime(loadConfig({ env: { LYRA_HOME: dir }, cwd: dir }));
    const model = runtime.relevanceModel();
    assert.ok(model);
    assert.equal(model, runtime.relevanceModel(), 'built once');
    assert.equal(model.embeddingModel, runtime.sentenceEncoder()?.name);
    await runtime.close();
    writeFileSync(join(dir, 'rules.yaml'), 'models:\n  relevance: { backend: rules }\n');
    const rules = createRuntime(loadConfig({ env: { LYRA_HOME: dir }, cwd: dir, configPath: join(dir, 'rules.yaml') }));
    assert.equal(rules.relevanceModel(), undefined);
    await rules.close();
    const none = createRuntime(loadConfig({ env: { LYRA_HOME: dir }, cwd: dir }), { sentenceEncoder: null });
    assert.equal(none.relevanceModel(), undefined, 'no sentence encoder handed in, no relevance by meaning');
    await none.close();
    writeFileSync(join(dir, 'bad.yaml'), 'models:\n  relevance: { weights_path: ./missing-relevance.json }\n');
    const bad = createRuntime(loadConfig({ env: { LYRA_HOME: dir }, cwd: dir, configPath: join(dir, 'bad.yaml') }));
    assert.throws(() => bad.relevanceModel(), { code: 'model_file_unreadable' });
    await bad.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
