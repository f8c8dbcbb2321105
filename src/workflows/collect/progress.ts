// A run's progress in memory (maps by query text and source key) and its checkpoint form (lists).
import type { CollectCheckpoint, CompletedQuery } from './checkpoint.js';
import type { FailedQuery } from './schema.js';
import type { Verification } from './verify.js';

export interface RunProgress {
  header: Omit<CollectCheckpoint, 'completed' | 'failed' | 'verifications' | 'updatedAt'>;
  completed: Map<string, CompletedQuery>;
  failed: Map<string, FailedQuery>;
  verifications: Map<string, Verification>;
}

export function progressFrom(cp: CollectCheckpoint): RunProgress {
  const { completed, failed, verifications, updatedAt: _updatedAt, ...header } = cp;
  return {
    header,
    completed: new Map(completed.map((c) => [c.query, c])),
    failed: new Map(failed.map((f) => [f.query, f])),
    verifications: new Map(verifications.map(({ key, ...v }) => [key, v])),
  };
}

export function checkpointOf(p: RunProgress, updatedAt: string): CollectCheckpoint {
  return {
    ...p.header,
    completed: [...p.completed.values()],
    failed: [...p.failed.values()],
    verifications: [...p.verifications.entries()].map(([key, v]) => ({ key, ...v })),
    updatedAt,
  };
}
