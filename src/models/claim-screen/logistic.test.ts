import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fitLogistic, predictLogistic, sigmoid } from './logistic.js';

test('fitLogistic separates two classes along the informative feature and ignores the noise one', () => {
  const x: number[][] = [];
  const y: Array<0 | 1> = [];
  for (let i = 0; i < 40; i++) {
    const positive = i % 2 === 0;
    x.push([positive ? 1 + (i % 5) * 0.1 : -1 - (i % 7) * 0.1, ((i * 37) % 11) / 11 - 0.5]);
    y.push(positive ? 1 : 0);
  }
  const model = fitLogistic({ x, y, lambda: 1 });
  assert.ok(model.weights[0]! > 1, `informative weight ${model.weights[0]}`);
  assert.ok(Math.abs(model.weights[1]!) < 0.5, `noise weight ${model.weights[1]}`);
  assert.ok(predictLogistic(model, [1.2, 0]) > 0.9);
  assert.ok(predictLogistic(model, [-1.2, 0]) < 0.1);
});

test('fitLogistic is deterministic and the penalty shrinks the weights', () => {
  const x = [
    [1, 0],
    [0.8, 0.1],
    [-1, 0.2],
    [-0.7, -0.1],
    [0.1, 0.3],
    [-0.2, 0.4],
  ];
  const y: Array<0 | 1> = [1, 1, 0, 0, 1, 0];
  const a = fitLogistic({ x, y, lambda: 0.5 });
  assert.deepEqual(fitLogistic({ x, y, lambda: 0.5 }), a);
  const strong = fitLogistic({ x, y, lambda: 50 });
  assert.ok(Math.abs(strong.weights[0]!) < Math.abs(a.weights[0]!));
});

test('row weights count a row as many times', () => {
  const x = [[1], [1], [-1]];
  const y: Array<0 | 1> = [1, 0, 0];
  const doubled = fitLogistic({ x: [[1], [1], [1], [-1]], y: [1, 1, 0, 0], lambda: 0.1 });
  const weighted = fitLogistic({ x, y: [1, 0, 0], rowWeights: [2, 1, 1], lambda: 0.1 });
  assert.ok(Math.abs(doubled.weights[0]! - weighted.weights[0]!) < 1e-9);
  assert.ok(Math.abs(doubled.bias - weighted.bias) < 1e-9);
  void y;
});

test('sigmoid is stable at the extremes', () => {
  assert.equal(sigmoid(1000), 1);
  assert.equal(sigmoid(-1000), 0);
  assert.equal(sigmoid(0), 0.5);
});
