// The shipped sentence encoder (models/minilm-en: all-MiniLM-L6-v2 as int8 ONNX, npm run build:encoder)
// on small inputs: Node's vectors are Python onnxruntime's for the same file, and they read meaning —
// "imidacloprid" is near "neonicotinoid pesticides" with no word in common (issue 32), a meeting note is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHIPPED_MODELS_DIR } from '../transformers/index.js';
import { SHIPPED_ENCODER_ID, createShippedEncoder } from './index.js';

const model = createShippedEncoder();
const parity = JSON.parse(readFileSync(join(SHIPPED_MODELS_DIR, SHIPPED_ENCODER_ID, 'parity.json'), 'utf8')) as {
  sentences: string[];
  onnxruntime_int8: number[][];
  min_cosine_int8_vs_torch: number;
};
const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

test('minilm-en: Node gives the vectors Python onnxruntime gave for the same int8 file, within 1e-4; int8 stays close to PyTorch', async () => {
  const vectors = await model.embed(parity.sentences);
  assert.equal(model.dimensions, 384);
  let max = 0;
  vectors.forEach((v, i) => v.forEach((x, j) => (max = Math.max(max, Math.abs(x - parity.onnxruntime_int8[i]![j]!)))));
  assert.ok(max < 1e-4, `largest difference ${max}`);
  assert.ok(parity.min_cosine_int8_vs_torch > 0.98, String(parity.min_cosine_int8_vs_torch));
  for (const v of vectors) assert.ok(Math.abs(dot(v, v) - 1) < 1e-4, 'unit length');
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
