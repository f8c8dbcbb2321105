// queue/: the job queue between Lyra processes (pg-boss on the team database).
export { PAGE_JOBS, PAGE_QUEUE, QUERY_JOBS, QUERY_QUEUE, createPgBossQueue, pageJobSchema, queryJobSchema } from './pg-boss-queue.js';
export type { JobKind, PgBossQueue, PgBossQueueOptions, QueuedJobState } from './pg-boss-queue.js';
