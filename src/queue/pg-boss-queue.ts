// The job queue (core JobQueue) on pg-boss, in the team database's `pgboss` schema. pg-boss gives what a
// queue of shared work needs and Lyra should not write itself: jobs fetched with FOR UPDATE SKIP
// LOCKED (no two workers get one job), an expiry that acts as the lease (a job whose worker was killed
// is failed by the maintenance pass once it expires and retried by another worker), retries with
// backoff, and archiving. The queue uses the `standard` policy: pg-boss 10's `singleton`/`stately`
// policies would block every fetch while the oldest waiting job's key is active (the fetch selects the
// head of the queue and fails on the unique index), so one-task-at-a-time is the engine's task lease
// instead, and a job finding its task busy is deferred (docs/team.md).
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import {
  InvalidInputError,
  POSTGRES_URL_MESSAGE,
  POSTGRES_URL_PATTERN,
  RetryableError,
  type JobQueue,
  type GraphJob,
  type JobResult,
  type PageJob,
  type QueryJob,
  type TakenJob,
} from '../core/index.js';

/** The queue query jobs go to. */
export const QUERY_QUEUE = 'lyra-query';
/** The queue page jobs go to. */
export const PAGE_QUEUE = 'lyra-page';
/** The queue graph jobs go to. */
export const GRAPH_QUEUE = 'lyra-graph';

const id = z.string().min(1).max(200);
/** A job's data as read back from the database: checked, since any process (or a person with psql) may have written it. */
export const queryJobSchema = z.strictObject({ taskId: id, queryId: id });
export const pageJobSchema = z.strictObject({ taskId: id, queryId: id, pageId: id });
export const graphJobSchema = z.strictObject({ taskId: id, queryId: id });

/** One kind of job: its queue, the schema of its data, and its own fields picked from a job (a TakenJob carries the queue's as well). */
export interface JobKind<J extends object> {
  queue: string;
  schema: z.ZodType<J>;
  fields(job: J): J;
  /** Names the job in messages ("query q_…"). */
  label(job: J): string;
}

export const QUERY_JOBS: JobKind<QueryJob> = {
  queue: QUERY_QUEUE,
  schema: queryJobSchema,
  fields: (j) => ({ taskId: j.taskId, queryId: j.queryId }),
  label: (j) => `query ${j.queryId}`,
};
export const PAGE_JOBS: JobKind<PageJob> = {
  queue: PAGE_QUEUE,
  schema: pageJobSchema,
  fields: (j) => ({ taskId: j.taskId, queryId: j.queryId, pageId: j.pageId }),
  label: (j) => `page ${j.pageId}`,
};

export const GRAPH_JOBS: JobKind<GraphJob> = {
  queue: GRAPH_QUEUE,
  schema: graphJobSchema,
  fields: (j) => ({ taskId: j.taskId, queryId: j.queryId }),
  label: (j) => `graph step of query ${j.queryId}`,
};

const optionsSchema = z.strictObject({
  url: z.string().regex(POSTGRES_URL_PATTERN, POSTGRES_URL_MESSAGE),
  /** Database schema of pg-boss's tables. */
  schema: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .default('pgboss'),
  /** Seconds a job may run before it is taken back (the lease). */
  expireSeconds: z.number().int().min(1).max(86_400),
  retryLimit: z.number().int().min(0).max(100),
  retryDelaySeconds: z.number().int().min(0).max(3_600),
  retryBackoff: z.boolean(),
  /** How often an idle worker asks for a job, in seconds (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds: z.number().min(0.5).max(600),
  /** How often expired jobs are failed and retried, in seconds; only processes with `supervise` run it. */
  maintenanceIntervalSeconds: z.number().int().min(1).max(3_600),
  /** Run pg-boss's maintenance (expiry, archiving) in this process: workers do, enqueuing commands do not. */
  supervise: z.boolean(),
  /** Connections of pg-boss's pool. */
  maxConnections: z.number().int().min(1).max(100).default(4),
});

export type PgBossQueueOptions = z.input<typeof optionsSchema>;

/** A job as the queue keeps it (archived ones included). */
export interface QueuedJobState<J extends object = QueryJob> {
  id: string;
  data: J;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  output: unknown;
}

export interface PgBossQueue<J extends object = QueryJob> extends JobQueue<J> {
  /** One job by id (tests, lyra worker's log, a query waiting for its page jobs), or undefined when it is gone. */
  job(id: string): Promise<QueuedJobState<J> | undefined>;
}

/**
 * pg-boss 10 (10.4.2, the last 10.x) completes or fails a worked job without awaiting it (manager.js
 * onFetch calls `this.complete(…)` / `this.fail(…)` unawaited), so a job that ends while the database is
 * away rejects with nobody to catch it, and Node ends the process: a worker died when PostgreSQL
 * restarted as a page job ended. Such a rejection changes nothing the queue relies on (the job stays
 * active, expires and is retried, and running a job again stores nothing twice), so the two methods
 * are wrapped once to attach a handler that reports it through the working queues' onError. Callers
 * that await them still get the rejection: the promise returned is the original one.
 */
const settleErrorListeners = new Set<(err: unknown) => void>();
/** Settles pg-boss started and has not finished: work() waits for them, so a job it ran reads as completed once it returns. */
const pendingSettles = new Set<Promise<unknown>>();
let settlePatched = false;
function reportUnawaitedSettles(): void {
  if (settlePatched) return;
  settlePatched = true;
  const manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: Record<string, unknown> };
  for (const name of ['complete', 'fail']) {
    const original = manager.prototype[name];
    if (typeof original !== 'function') throw new Error(`pg-boss: Manager.${name} is missing; the settle guard in queue/pg-boss-queue.ts needs review`);
    manager.prototype[name] = function (this: unknown, ...args: unknown[]): unknown {
      const result = (original as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) {
        const settled = result.then(
          () => undefined,
          (err: unknown) => {
            for (const listener of settleErrorListeners) listener(err);
          },
        );
        pendingSettles.add(settled);
        void settled.finally(() => pendingSettles.delete(settled));
      }
      return result;
    };
  }
}
function watchSettleErrors(listener: (err: unknown) => void): () => void {
  reportUnawaitedSettles();
  settleErrorListeners.add(listener);
  return () => void settleErrorListeners.delete(listener);
}

/** Every queue Lyra uses, created together (createQueueRetrying). */
const QUEUES = [QUERY_QUEUE, PAGE_QUEUE, GRAPH_QUEUE] as const;
/** Tries of creating a queue that PostgreSQL chose as a deadlock victim (SQLSTATE 40P01), 100 ms × try apart. */
const CREATE_QUEUE_TRIES = 5;

async function createQueueRetrying(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name' | 'policy'>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, { name, policy: 'standard', ...options });
      return;
    } catch (err) {
      if ((err as { code?: unknown }).code !== '40P01' || attempt >= CREATE_QUEUE_TRIES) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

/** Resolves when `signal` aborts (at once if it has). */
const untilAborted = (signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));

function unavailable(err: unknown, what: string): RetryableError {
  return new RetryableError(`job queue: ${what} failed: ${(err as Error).message}`, { code: 'queue_unavailable', cause: err });
}

/** A queue of one kind of job (query jobs by default) in the team database. */
export function createPgBossQueue<J extends object = QueryJob>(
  options: PgBossQueueOptions,
  events: { onError?: (err: unknown) => void } = {},
  kind: JobKind<J> = QUERY_JOBS as unknown as JobKind<J>,
): PgBossQueue<J> {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success)
    throw new InvalidInputError(`job queue: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, { code: 'config_invalid' });
  const o = parsed.data;
  const boss = new PgBoss({
    connectionString: o.url,
    schema: o.schema,
    application_name: 'lyra-jobs',
    max: o.maxConnections,
    supervise: o.supervise,
    schedule: false,
    migrate: true,
    maintenanceIntervalSeconds: o.maintenanceIntervalSeconds,
  });
  // pg-boss reports background failures (a lost connection while polling) as events; unhandled they would crash the process.
  boss.on('error', (err: unknown) => events.onError?.(err));
  const sendOptions = { retryLimit: o.retryLimit, retryDelay: o.retryDelaySeconds, retryBackoff: o.retryBackoff, expireInSeconds: o.expireSeconds };
  let started: Promise<void> | undefined;
  let unwatch: (() => void) | undefined;
  const start = (): Promise<void> =>
    (started ??= (async () => {
      try {
        await boss.start();
        // Every kind's queue, in this order, whichever kind this is: creating a queue attaches a partition
        // to pg-boss's job table, which deadlocked with another connection using that table (a worker's
        // page queue created while its query queue polled). Once both exist this is a no-op; a deadlock
        // with another process creating them at the same moment is retried.
        for (const name of QUEUES) await createQueueRetrying(boss, name, sendOptions);
      } catch (err) {
        started = undefined;
        throw unavailable(err, 'starting');
      }
    })());

  const send = async (job: J, extra: { startAfter?: number } = {}): Promise<string> => {
    // Only the job's own fields travel (a TakenJob handed back to defer carries the queue's as well).
    const data = kind.schema.parse(kind.fields(job));
    let jobId: string | null;
    try {
      jobId = await boss.send(kind.queue, data as object, { ...sendOptions, ...extra });
    } catch (err) {
      throw unavailable(err, `enqueuing ${kind.label(job)}`);
    }
    if (!jobId) throw new RetryableError(`job queue: ${kind.label(job)} was not enqueued`, { code: 'queue_unavailable' });
    return jobId;
  };

  return {
    async enqueue(jobs, opts = {}) {
      // A caller giving up while the queue is still starting is not kept waiting.
      await Promise.race([start(), ...(opts.signal ? [untilAborted(opts.signal)] : [])]);
      opts.signal?.throwIfAborted();
      const ids: string[] = [];
      for (const job of jobs) {
        opts.signal?.throwIfAborted();
        ids.push(await send(job));
      }
      return ids;
    },

    async defer(job, delayMs) {
      await start();
      return send(job, { startAfter: Math.max(1, Math.ceil(delayMs / 1000)) });
    },

    async work({ concurrency, signal, shutdownTimeoutMs }, handler) {
      if (!(concurrency >= 1)) throw new InvalidInputError(`job queue: concurrency must be ≥ 1, got ${concurrency}`, { code: 'config_invalid' });
      // A stop while the queue is still starting (the database slow or away) ends work() at once.
      await Promise.race([start(), untilAborted(signal)]);
      if (signal.aborted) return;
      const running = new Set<{ done: Promise<unknown>; abort: (why: Error) => void }>();
      const run = async (job: PgBoss.JobWithMetadata<unknown>): Promise<JobResult> => {
        const data = kind.schema.safeParse(job.data);
        // A job nobody can run is completed with its reason, not retried: retrying cannot mend its data.
        if (!data.success) return { outcome: 'rejected', reason: 'job_data_invalid' };
        const own = new AbortController();
        // pg-boss fails a job at its expiry while the handler still runs; the run is cancelled with it (its retry resumes the query).
        const expiry = setTimeout(
          () => own.abort(new RetryableError(`job ${job.id}: ran past its expiry (${job.expireInSeconds} s)`, { code: 'job_expired' })),
          job.expireInSeconds * 1000,
        );
        const taken = { ...data.data, id: job.id, expireInMs: job.expireInSeconds * 1000, retryCount: job.retryCount } as TakenJob<J>;
        const done = handler(taken, own.signal);
        const entry = { done: done.catch(() => undefined), abort: (why: Error) => own.abort(why) };
        running.add(entry);
        try {
          return await done;
        } finally {
          clearTimeout(expiry);
          running.delete(entry);
        }
      };
      const ids: string[] = [];
      // Until close(): pg-boss settles the last jobs after their handlers end.
      unwatch ??= watchSettleErrors((err) => events.onError?.(err));
      try {
        // pg-boss 10 runs one job at a time per work() registration: N registrations are N jobs at once.
        for (let i = 0; i < concurrency; i++) {
          ids.push(
            await boss.work(kind.queue, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: o.pollingIntervalSeconds }, async ([job]) => run(job!)),
          );
        }
      } catch (err) {
        throw unavailable(err, 'registering workers');
      }
      await untilAborted(signal);
      // Stop taking jobs; let the running ones finish, then cancel what outlasts the shutdown timeout (pg-boss retries those).
      await Promise.all(ids.map((id) => boss.offWork({ id }).catch(() => undefined)));
      const all = (): Promise<unknown> => Promise.all([...running].map((r) => r.done));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), shutdownTimeoutMs)));
      if ((await Promise.race([all(), late])) === 'late') {
        for (const r of running) r.abort(new RetryableError('worker shutting down: job cancelled, it will be retried', { code: 'worker_shutdown' }));
        await all();
      }
      clearTimeout(timer);
      // pg-boss settles a job after its handler returns, unawaited; one turn of the loop lets it start, then
      // work() waits for it, so a caller that reads a job it ran sees it completed (CI once read 'active').
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all([...pendingSettles]);
    },

    async job(jobId) {
      await start();
      let j;
      try {
        j = await boss.getJobById<J>(kind.queue, jobId, { includeArchive: true });
      } catch (err) {
        throw unavailable(err, `reading job ${jobId}`);
      }
      return j ? { id: j.id, data: j.data, state: j.state, retryCount: j.retryCount, output: j.output } : undefined;
    },

    async close() {
      if (!started) return;
      await started.catch(() => undefined);
      // Jobs still running here were cancelled by work(); pg-boss fails what is left so it is retried elsewhere.
      await boss.stop({ graceful: true, timeout: 1_000, wait: true }).catch((err: unknown) => events.onError?.(err));
      unwatch?.();
    },
  };
}
