// `lyra worker [--concurrency N] [--json]`: takes query jobs from the team database and runs them until
// SIGINT/SIGTERM (docs/team.md). Parsing and printing only; app/workers/worker.ts does the work.
import type { Command } from 'commander';
import { z } from 'zod';
import { runWorker } from '../../app/workers/worker.js';
import type { LyraEvent } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { printJsonLine } from '../io.js';
import { shutdownSignal } from '../shutdown-signal.js';
import { parseFlags } from './task.js';

const flagsSchema = z.strictObject({
  concurrency: z.coerce.number().int().min(1).max(64).optional(),
  json: z.boolean().optional(),
});

export function registerWorkerCommand(program: Command, ctx: CliContext): void {
  program
    .command('worker')
    .description(
      'Take query jobs from the team database ($LYRA_DATABASE_URL or store.url, or workers.database_url) and run them until stopped; any number may run, on any machine',
    )
    .option('--concurrency <n>', 'jobs run at once (default workers.concurrency, 2)')
    .option('--json', 'print one JSON event per line (job ends, start, stop) on stdout')
    .addHelpText(
      'after',
      [
        '',
        'Jobs come from `lyra task search --queue` (with a team database). A job runs its query and the earlier',
        "pending queries of its task, in order, under the task's lease; a job whose task another worker runs is",
        "put back for workers.busy_delay_seconds. A killed worker's job is retried elsewhere after",
        'workers.job_expire_seconds; retries: workers.retry_limit. Ctrl-C (SIGINT) or SIGTERM: no new jobs,',
        'running ones get workers.shutdown_timeout_seconds to finish, then are cancelled and retried elsewhere.',
        "Page jobs (workers.page_jobs: true; off by default): a query's planned pages go to the lyra-page queue,",
        'which every worker also takes (workers.page_concurrency at once, default 4; lease workers.page_job_expire_seconds).',
        "Graph jobs (workers.graph_jobs: true; off by default): a query's graph step goes to the lyra-graph queue, taken by",
        "any worker (workers.graph_concurrency, default 1; lease workers.graph_job_expire_seconds) under the task's graph lease.",
        "Limits: the config's workers section (lyra config show). See docs/team.md.",
      ].join('\n'),
    )
    .action(async (raw: Record<string, unknown>) => {
      const f = parseFlags('worker', flagsSchema, raw);
      const print = (e: LyraEvent): void => {
        if (f.json) printJsonLine(ctx.io, e);
        else ctx.io.stderr(`lyra worker: ${e.message}\n`);
      };
      await runWorker({ config: ctx.config(), signal: shutdownSignal(), onEvent: print, ...(f.concurrency ? { concurrency: f.concurrency } : {}) });
    });
}
