import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createShippedEncoder } from '../embedding/index.js';
import { CLAIM_SCREEN_FORMAT, createClaimScreen, loadClaimScreen, type ClaimScreenFile } from './claim-screen.js';

const file = (over: Partial<ClaimScreenFile> = {}): ClaimScreenFile => ({
  format: CLAIM_SCREEN_FORMAT,
  name: 'test-screen',
  embedding_model: 'test-encoder',
  dimensions: 2,
  weights: [4, -4],
  bias: 0,
  threshold: 0.5,
  ...over,
});

test('the shipped screen loads: the shipped encoder’s vectors, a threshold in (0, 1), one weight per input', () => {
  const screen = loadClaimScreen();
  assert.equal(screen.embeddingModel, createShippedEncoder().name);
  assert.equal(screen.dimensions, 384);
  assert.ok(screen.threshold > 0 && screen.threshold < 1);
  const score = screen.score({ statement: 'Coral cover on the Great Barrier Reef fell by half between 1985 and 2012.', vector: new Float32Array(384) });
  assert.ok(score > 0 && score < 1);
});

test('a screen scores by its weights, and refuses vectors of another size', () => {
  const screen = createClaimScreen(file());
  assert.ok(screen.score({ statement: 'x', vector: Float32Array.from([1, 0]) }) > 0.9);
  assert.ok(screen.score({ statement: 'x', vector: Float32Array.from([0, 1]) }) < 0.1);
  assert.throws(() => screen.score({ statement: 'x', vector: Float32Array.from([1, 0, 0]) }), { code: 'vector_dimensions' });
});

test('a file that is not a screen is an error naming it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-screen-'));
  try {
    const path = join(dir, 'bad.json');
    writeFileSync(path, JSON.stringify({ ...file(), format: 'other/1' }));
    assert.throws(
      () => loadClaimScreen(path),
      (e: Error & { code?: string }) => e.code === 'model_file_invalid' && e.message.includes(path),
    );
    assert.throws(() => loadClaimScreen(join(dir, 'missing.json')), { code: 'model_file_unreadable' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
