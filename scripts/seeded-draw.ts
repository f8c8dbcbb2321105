// A seeded draw for the labelled samples' scripts (draw-claim-sample.ts, draw-slot-sample.ts): the same seed
// draws the same sample, so a sample can be re-drawn and checked.
import { seededRandom } from '../src/test-support/seeded-random.js';

/** `n` items drawn without replacement, in the order drawn. */
export function draw<T>(items: readonly T[], n: number, seed: number): T[] {
  const r = seededRandom(seed);
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(r() * pool.length), 1)[0]!);
  return out;
}
