// queue/: the job queue between Lyra processes (pg-boss on the team database).
export {
  GRAPH_JOBS,
  GRAPH_QUEUE,
  PAGE_JOBS,
  PAGE_QUEUE,
  QUERY_JOBS,
  QUERY_QUEUE,
  createPgBossQueue,
  graphJobSchema,
  pageJobSchema,
  queryJobSchema,
} from './pg-boss-queue.js';
export type { JobKind, PgBossQueue, PgBossQueueOptions, QueuedJobState } from './pg-boss-queue.js';
