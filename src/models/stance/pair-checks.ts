// Input checks every stance backend applies, so that all of them refuse the same inputs with the same codes.
import { InvalidInputError, type StancePair } from '../../core/index.js';

/** Pairs per judge() call when a backend is given no maxPairs (every shipped backend's default). */
export const DEFAULT_STANCE_MAX_PAIRS = 10_000;

/** A batch larger than the backend's maxPairs is invalid input, not a long wait. */
export function checkStanceBatch(pairs: readonly StancePair[], maxPairs: number): void {
  if (pairs.length > maxPairs)
    throw new InvalidInputError(`stance batch of ${pairs.length} pairs exceeds maxPairs ${maxPairs}`, { code: 'stance_batch_too_large' });
}

/** A pair needs a non-empty claim and passage; `index` is its place in the batch, for the message. */
export function checkStancePair(pair: StancePair, index: number): void {
  if (typeof pair?.claim !== 'string' || !pair.claim.trim()) throw new InvalidInputError(`stance pair ${index}: empty claim`, { code: 'stance_empty_claim' });
  if (typeof pair.passage !== 'string' || !pair.passage.trim())
    throw new InvalidInputError(`stance pair ${index}: empty passage`, { code: 'stance_empty_passage' });
}
