// The shipped sentence encoder (models/minilm-en: all-MiniLM-L6-v2 as int8 ONNX, npm run build:encoder)
// on small inputs: Node's vectors are Python onnxruntime's for the same file, and they read meaning —
// "imidacloprid" is near "neonicotinoid pesticides" with no word in common (issue 32), a meeting note is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EmbeddingModel } from '../../core/index.js';
import { SHIPPED_MODELS_DIR } from '../transformers/index.js';
import { RETRIEVAL_ENCODER_ID, SHIPPED_ENCODER_ID, createRetrievalEncoder, createShippedEncoder } from './index.js';

const model = createShippedEncoder();
const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/** Node's vectors of a shipped encoder's parity sentences against Python onnxruntime's for the same int8 file (parity.json). */
async function assertParity(encoder: EmbeddingModel, id: string): Promise<void> {
  const parity = JSON.parse(readFileSync(join(SHIPPED_MODELS_DIR, id, 'parity.json'), 'utf8')) as {
    sentences: string[];
    onnxruntime_int8: number[][];
    min_cosine_int8_vs_torch: number;
  };
  const vectors = await encoder.embed(parity.sentences);
  assert.equal(encoder.dimensions, 384);
  let max = 0;
  vectors.forEach((v, i) => v.forEach((x, j) => (max = Math.max(max, Math.abs(x - parity.onnxruntime_int8[i]![j]!)))));
  assert.ok(max < 1e-4, `largest difference ${max}`);
  assert.ok(parity.min_cosine_int8_vs_torch > 0.98, String(parity.min_cosine_int8_vs_torch));
  for (const v of vectors) assert.ok(Math.abs(dot(v, v) - 1) < 1e-4, 'unit length');
}

test('minilm-en: Node gives the vectors Python onnxruntime gave for the same int8 file, within 1e-4; int8 stays close to PyTorch', async () => {
  await assertParity(model, SHIPPED_ENCODER_ID);
});

test('minilm-en reads meaning: a pesticide by name is near the class it belongs to; a meeting note is near nothing', async () => {
  const [imidacloprid, neonics, notes] = await model.embed([
    'Sublethal doses of imidacloprid impair the foraging of honeybees.',
    'Do neonicotinoid pesticides harm honeybees?',
    'Meeting notes, 3 March.',
  ]);
  assert.ok(dot(imidacloprid!, neonics!) > 0.5, String(dot(imidacloprid!, neonics!)));
  assert.ok(dot(notes!, neonics!) < 0.1, String(dot(notes!, neonics!)));
});

test('minilm-en: a text gets the same vector alone and among texts of other lengths (its int8 file is run one text per pass)', async () => {
  const text = 'Sublethal doses of imidacloprid impair the foraging of honeybees.';
  const [alone] = await model.embed([text]);
  const among = await model.embed([
    'Bees.',
    text,
    'A much longer sentence about neonicotinoid pesticides, their use on crops and what studies in several countries found about them.',
  ]);
  let max = 0;
  alone!.forEach((x, j) => (max = Math.max(max, Math.abs(x - among[1]![j]!))));
  assert.ok(max < 1e-6, `largest difference ${max}`);
});

test('minilm-retrieval-en (corpus search): Node gives the vectors Python onnxruntime gave for the same int8 file, within 1e-4', async () => {
  const retrieval = createRetrievalEncoder();
  await assertParity(retrieval, RETRIEVAL_ENCODER_ID);
  assert.notEqual(retrieval.name, model.name, 'its own model, with its own vectors in the cache');
});

test('minilm-retrieval-en still reads meaning: the text that answers a claim is far nearer than an unrelated one', async () => {
  // Not from its training pairs. Fine-tuning must not have traded this away (measured 0.71 against 0.11;
  // the published encoder 0.78 against 0.15: its gain is in ranking Check-COVID's abstracts, bench:retrieval).
  const [c, a, o] = await createRetrievalEncoder().embed([
    'Wearing face masks lowers the spread of respiratory viruses among household members.',
    'Face masks and household transmission. In a randomized trial, households in which members wore surgical masks had fewer secondary infections with influenza-like illness.',
    'Coral bleaching in the Great Barrier Reef. Mass bleaching events followed marine heatwaves in 2016 and 2017.',
  ]);
  assert.ok(dot(c!, a!) - dot(c!, o!) > 0.4, `answer ${dot(c!, a!)}, unrelated ${dot(c!, o!)}`);
});
