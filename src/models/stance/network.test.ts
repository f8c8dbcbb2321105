// The hand-written backward pass must match numerical gradients of the forward pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  backward, createGradients, createParams, DENSE_TENSORS, forward, NUM_CLASSES, softmax, Workspace, type PairInput,
} from './network.js';
import { seededRandom } from './trainer.js';

test('backward matches finite differences for every tensor', () => {
  const random = seededRandom(7);
  const shape = { embedDims: 5, hidden: 4, handSize: 3, top: 6, hashBuckets: 8 };
  const params = createParams(shape, random);
  for (const name of ['bf', 'bg', 'bh', 'bo'] as const) for (let i = 0; i < params[name].length; i++) params[name][i] = (random() - 0.5) * 0.5;
  for (let i = 0; i < params.wide.length; i++) params.wide[i] = random() - 0.5;
  const rand = (n: number): Float32Array => Float32Array.from({ length: n }, () => random() * 2 - 1);
  const x: PairInput = { a: rand(3 * 5), m: 3, b: rand(4 * 5), n: 4, hand: rand(3), sparse: Uint32Array.from([1, 5]) };
  const label = 1;
  const ws = new Workspace(shape, 8);
  const loss = (): number => -Math.log(softmax(forward(params, x, ws))[label]!);

  const grads = createGradients(params);
  const p = softmax(forward(params, x, ws));
  const d = new Float32Array(NUM_CLASSES);
  for (let c = 0; c < NUM_CLASSES; c++) d[c] = p[c]! - (c === label ? 1 : 0);
  backward(params, x, ws, d, grads);

  const eps = 1e-3;
  let checked = 0;
  for (const name of DENSE_TENSORS) {
    const t = params[name];
    for (let i = 0; i < t.length; i += Math.max(1, Math.floor(t.length / 7))) {
      const old = t[i]!;
      t[i] = old + eps;
      const up = loss();
      t[i] = old - eps;
      const down = loss();
      t[i] = old;
      const numeric = (up - down) / (2 * eps);
      const analytic = grads.dense[name][i]!;
      assert.ok(Math.abs(numeric - analytic) <= 2e-3 + 0.05 * Math.abs(numeric), `${name}[${i}]: numeric ${numeric} vs analytic ${analytic}`);
      checked++;
    }
  }
  for (const k of [1 * NUM_CLASSES + 1, 5 * NUM_CLASSES + 2]) {
    const old = params.wide[k]!;
    params.wide[k] = old + eps;
    const up = loss();
    params.wide[k] = old - eps;
    const down = loss();
    params.wide[k] = old;
    assert.ok(Math.abs((up - down) / (2 * eps) - grads.wide[k]!) < 2e-3);
  }
  assert.ok(checked > 30);
});
