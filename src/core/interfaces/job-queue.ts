// Work handed between processes: a recorded query of a task becomes a job in a queue that any number of
// `lyra worker` processes take from, and so does each page a query's fetch plan holds (a page job) and
// each query's graph step (a graph job), so one task's fetches and graph steps spread over every worker
// while its query, holding the task's lease, waits. The queue gives delivery: a lease (expiry), retries, and takeover
// of a job whose worker died. What a job does, and that running it twice changes nothing, is the
// worker's business (app/workers/worker.ts), so an implementation only moves jobs.

/** Run query `queryId` of task `taskId` (and the task's earlier pending queries first, in their order). */
export interface QueryJob {
  taskId: string;
  queryId: string;
}

/** Fetch and extract page `pageId`, planned by query `queryId` of task `taskId` (one page of that query's Phase 6). */
export interface PageJob {
  taskId: string;
  queryId: string;
  pageId: string;
}

/**
 * Run the graph step (claims, stance, statuses: pipeline Phase 7) of query `queryId` of task `taskId`,
 * once its pages are stored (a graph job). It runs under the task's graph lease, so two graph steps of
 * one task never run at once.
 */
export interface GraphJob {
  taskId: string;
  queryId: string;
}

/** A job a worker has taken: the job's own fields and the queue's. */
export type TakenJob<J extends object = QueryJob> = J & {
  /** The queue's id of this job. */
  id: string;
  /** How long the worker may run it before the queue takes it back and hands it to another, in ms. */
  expireInMs: number;
  /** Earlier attempts of this job that failed or expired. */
  retryCount: number;
};

/** How a job ended, kept with the job in the queue. */
export interface JobResult {
  /** ran: the query ran to a final status; skipped: nothing to do (already final, task stopped); deferred: put back (task busy elsewhere); rejected: cannot ever run (no such task or query). */
  outcome: 'ran' | 'skipped' | 'deferred' | 'rejected';
  /** The query's status after the job (query jobs). */
  queryStatus?: string;
  /** The page's fetch status after the job (page jobs). */
  pageStatus?: string;
  /** Why it was skipped, deferred or rejected (an error code). */
  reason?: string;
}

export interface JobQueueWorkOptions {
  /** Jobs run at once by this process. */
  concurrency: number;
  /** Stops taking jobs when it aborts; `work` resolves once the running ones ended. */
  signal: AbortSignal;
  /** Jobs still running this long after `signal` aborted are cancelled through their own signal, in ms. */
  shutdownTimeoutMs: number;
}

export interface JobQueue<J extends object = QueryJob> {
  /** Enqueues jobs; returns their ids in order. */
  enqueue(jobs: readonly J[], options?: { signal?: AbortSignal }): Promise<string[]>;
  /** Enqueues `job` again to start `delayMs` from now (the task is busy in another worker); not counted as a retry. */
  defer(job: J, delayMs: number): Promise<string>;
  /**
   * Takes jobs and runs `handler` on each until `options.signal` aborts. A handler's result completes
   * its job; a thrown error fails it, and the queue retries it within its retry limit. The handler's
   * signal aborts at the job's expiry or when shutdown outlasts `shutdownTimeoutMs`.
   */
  work(options: JobQueueWorkOptions, handler: (job: TakenJob<J>, signal: AbortSignal) => Promise<JobResult>): Promise<void>;
  close(): Promise<void>;
}

/** Why a page job ended without storing its page (its retries used up, or the job lost from the queue). */
export interface PageJobFailure {
  category: 'retryable' | 'non_retryable' | 'invalid_input' | 'blocked';
  code: string;
  message: string;
}

/**
 * Runs pages of a query's fetch plan as page jobs and waits for them (Phase 6 of a query that a
 * `lyra worker` runs). A page job stores its page's outcome (fetched, failed, blocked) with its
 * checkpoint as an in-process fetch does, so the waiting query reads the outcomes back from the store.
 */
export interface PageJobRunner {
  /** Enqueues one job per page; resolves once every job has ended, with the failure of each job that ended without storing its page, by page id. */
  run(jobs: readonly PageJob[], options: { signal: AbortSignal }): Promise<Map<string, PageJobFailure>>;
}

/**
 * Runs a query's graph step as a graph job and waits for it (a query that a `lyra worker` runs, with
 * workers.graph_jobs). The job stores the step's output with its checkpoint as an in-process step does,
 * so the waiting query reads it back from the store.
 */
export interface GraphJobRunner {
  /** Enqueues the job; resolves once it has ended; throws what it failed with after its retries. */
  run(job: GraphJob, options: { signal: AbortSignal }): Promise<void>;
}
