// The job queue (core JobQueue) on pg-boss, in the team database's `pgboss` schema. pg-boss gives what a
// queue of shared work needs and Lyra should not write itself: jobs fetched with FOR UPDATE SKIP
// LOCKED (no two workers get one job), an expiry that acts as the lease (a job whose worker was killed
// is failed by the maintenance pass once it expires and retried by another worker), retries with
// backoff, and archiving. The queue uses the `standard` policy: pg-boss 10's `singleton`/`stately`
// policies would block every fetch while the oldest waiting job's key is active (the fetch selects the
// head of the queue and fails on the unique index), so one-task-at-a-time is the engine's task lease
// instead, and a job finding its task busy is deferred (docs/team.md).
import PgBoss from 'pg-boss';
import { z } from 'zod';
import {
  InvalidInputError,
  POSTGRES_URL_MESSAGE,
  POSTGRES_URL_PATTERN,
  RetryableError,
  type JobQueue,
  type JobResult,
  type QueryJob,
  type TakenJob,
} from '../core/index.js';

/** The queue query jobs go to. */
export const QUERY_QUEUE = 'lyra-query';

/** A job's data as read back from the database: checked, since any process (or a person with psql) may have written it. */
export const queryJobSchema = z.strictObject({
  taskId: z.string().min(1).max(200),
  queryId: z.string().min(1).max(200),
});

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
export interface QueuedJobState {
  id: string;
  data: QueryJob;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  output: unknown;
}

export interface PgBossQueue extends JobQueue {
  /** One job by id (tests, lyra worker's log), or undefined when it is gone. */
  job(id: string): Promise<QueuedJobState | undefined>;
}

function unavailable(err: unknown, what: string): RetryableError {
  return new RetryableError(`job queue: ${what} failed: ${(err as Error).message}`, { code: 'queue_unavailable', cause: err });
}

export function createPgBossQueue(options: PgBossQueueOptions, events: { onError?: (err: unknown) => void } = {}): PgBossQueue {
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
  const start = (): Promise<void> =>
    (started ??= (async () => {
      try {
        await boss.start();
        await boss.createQueue(QUERY_QUEUE, { name: QUERY_QUEUE, policy: 'standard', ...sendOptions });
      } catch (err) {
        started = undefined;
        throw unavailable(err, 'starting');
      }
    })());

  const send = async (job: QueryJob, extra: { startAfter?: number } = {}): Promise<string> => {
    // Only the job's own fields travel (a TakenJob handed back to defer carries the queue's as well).
    const data = queryJobSchema.parse({ taskId: job.taskId, queryId: job.queryId });
    let id: string | null;
    try {
      id = await boss.send(QUERY_QUEUE, data, { ...sendOptions, ...extra });
    } catch (err) {
      throw unavailable(err, `enqueuing query ${job.queryId}`);
    }
    if (!id) throw new RetryableError(`job queue: query ${job.queryId} was not enqueued`, { code: 'queue_unavailable' });
    return id;
  };

  return {
    async enqueue(jobs, opts = {}) {
      await start();
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
      await start();
      const running = new Set<{ done: Promise<unknown>; abort: (why: Error) => void }>();
      const run = async (job: PgBoss.JobWithMetadata<unknown>): Promise<JobResult> => {
        const data = queryJobSchema.safeParse(job.data);
        // A job nobody can run is completed with its reason, not retried: retrying cannot mend its data.
        if (!data.success) return { outcome: 'rejected', reason: 'job_data_invalid' };
        const own = new AbortController();
        // pg-boss fails a job at its expiry while the handler still runs; the run is cancelled with it (its retry resumes the query).
        const expiry = setTimeout(
          () => own.abort(new RetryableError(`job ${job.id}: ran past its expiry (${job.expireInSeconds} s)`, { code: 'job_expired' })),
          job.expireInSeconds * 1000,
        );
        const taken: TakenJob = { ...data.data, id: job.id, expireInMs: job.expireInSeconds * 1000, retryCount: job.retryCount };
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
      try {
        // pg-boss 10 runs one job at a time per work() registration: N registrations are N jobs at once.
        for (let i = 0; i < concurrency; i++) {
          ids.push(
            await boss.work(QUERY_QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: o.pollingIntervalSeconds }, async ([job]) => run(job!)),
          );
        }
      } catch (err) {
        throw unavailable(err, 'registering workers');
      }
      await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
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
    },

    async job(id) {
      await start();
      const j = await boss.getJobById<QueryJob>(QUERY_QUEUE, id, { includeArchive: true });
      return j ? { id: j.id, data: j.data, state: j.state, retryCount: j.retryCount, output: j.output } : undefined;
    },

    async close() {
      if (!started) return;
      await started.catch(() => undefined);
      // Jobs still running here were cancelled by work(); pg-boss fails what is left so it is retried elsewhere.
      await boss.stop({ graceful: true, timeout: 1_000, wait: true }).catch((err: unknown) => events.onError?.(err));
    },
  };
}
