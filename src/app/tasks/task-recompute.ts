// Recomputes one task's contradictions, L6 verification and claim statuses from the stored graph
// (the same pipeline step that ends every query), for changes made outside a query: feedback
// corrections. Built from the same trust resolver the engine reads, so both see one policy.
import type { EngineEvent, Store } from '../../core/index.js';
import { recomputeTaskGraph, type TrustResolver } from '../../pipeline/index.js';
import type { RecomputeSummary } from '../feedback/feedback.js';

export function createTaskRecompute(options: {
  store: Store;
  trust: TrustResolver;
  graphLimits?: Record<string, unknown>;
  emit?: (event: EngineEvent) => void;
}): (taskId: string) => RecomputeSummary {
  const emit = options.emit ?? ((): void => undefined);
  return (taskId) => {
    const r = recomputeTaskGraph(
      { store: options.store, trust: options.trust, emit, ...(options.graphLimits ? { limits: options.graphLimits } : {}) },
      { taskId },
    );
    return { claimCounts: { ...r.claimCounts }, blocked: r.blocked, promoted: r.promoted };
  };
}
