// queue/: the job queue between Lyra processes (pg-boss on the team database).
export { QUERY_QUEUE, createPgBossQueue, queryJobSchema } from './pg-boss-queue.js';
export type { PgBossQueue, PgBossQueueOptions, QueuedJobState } from './pg-boss-queue.js';
