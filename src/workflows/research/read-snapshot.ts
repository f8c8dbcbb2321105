// The task's snapshot as a run phase reads it: Engine.materials (snapshot.ts), then, when the run has
// relevance by meaning, the encoder's cosines of the claims (and their documents' titles) it has not read yet (one batch), so that the
// phase's relevance functions, which are synchronous, find every claim's cosine.
import type { RunContext } from './context.js';
import { prepareMeaning, relevanceClaim } from './relevance.js';
import { throwIfInterrupted } from './searches.js';
import { loadSnapshot, type TaskSnapshot } from './snapshot.js';

export async function readSnapshot(ctx: RunContext, options: { closestFor?: readonly string[]; closestLimit?: number } = {}): Promise<TaskSnapshot> {
  const snap = loadSnapshot(ctx.deps.engine, ctx.state.taskId, options);
  try {
    await prepareMeaning(ctx, snap.claims.map(relevanceClaim), ctx.signal);
  } catch (err) {
    // A stop while the encoder runs is the run's interruption (saved, resumable), not a failure.
    throwIfInterrupted(ctx);
    throw err;
  }
  return snap;
}
