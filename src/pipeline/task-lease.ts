// One process runs a task's queries at a time: the process draining a task's queue holds a lease in
// the store (pid and heartbeat). Another process (a second `lyra resume`, or the MCP server) asked to
// run the same task meanwhile gets a retryable `task_busy` error instead of racing it. A lease whose
// process is gone (killed) or whose heartbeat is older than LEASE_STALE_MS is taken over.
import { RetryableError, type Store } from '../core/index.js';
import { loadPayload } from './task-state.js';

export const LEASE_KEY = 'task:runner';
/**
 * The lease of a task's graph step run as a graph job (workers.graph_jobs): the query that waits for
 * the job holds LEASE_KEY, and a second graph job of the task (a retried query's) waits for this one.
 */
export const GRAPH_LEASE_KEY = 'task:graph';
/** A heartbeat older than this frees the lease even when the pid is in use (pid reuse, another host). */
export const LEASE_STALE_MS = 15_000;

interface Lease {
  pid: number;
  heartbeatAt: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes (or renews) the task's lease (`key`, default LEASE_KEY) for this process; throws `task_busy` when another live process holds it. */
export function claimLease(store: Store, taskId: string, key: string = LEASE_KEY): void {
  store.transaction(() => {
    const lease = loadPayload<Lease | null>(store, taskId, key);
    if (lease && lease.pid !== process.pid && Date.now() - lease.heartbeatAt < LEASE_STALE_MS && alive(lease.pid)) {
      throw new RetryableError(`task ${taskId} is being run by process ${lease.pid}; wait for it, or stop it with lyra task stop ${taskId}`, {
        code: 'task_busy',
        details: { taskId, pid: lease.pid },
      });
    }
    store.saveCheckpoint(taskId, key, { pid: process.pid, heartbeatAt: Date.now() } satisfies Lease);
  });
}

/** Frees the lease (`key`, default LEASE_KEY) when this process holds it. */
export function releaseLease(store: Store, taskId: string, key: string = LEASE_KEY): void {
  store.transaction(() => {
    const lease = loadPayload<Lease | null>(store, taskId, key);
    if (lease?.pid === process.pid) store.saveCheckpoint(taskId, key, null);
  });
}
