// Queue options for tests on a real PostgreSQL: one retry at once, a fast poll, no maintenance of their own.
import type { PgBossQueueOptions } from '../queue/index.js';

export function fastQueueOptions(url: string): PgBossQueueOptions {
  return {
    url,
    expireSeconds: 60,
    retryLimit: 1,
    retryDelaySeconds: 0,
    retryBackoff: false,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 60,
    supervise: false,
  };
}
