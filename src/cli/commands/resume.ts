// `lyra resume <taskId>`: finishes an interrupted task (seed 003 §4): pending, interrupted and cancelled
// queries run again from their last checkpoint; pages already stored are never fetched again.
import type { Command } from 'commander';
import { withEngine } from '../../app/index.js';
import type { CliContext } from '../context.js';
import { printJson } from '../io.js';
import { createProgress } from '../progress.js';
import { followProgress, parseFlags, statusText } from './task.js';
import { z } from 'zod';

const flags = z.strictObject({ json: z.boolean().optional() });

export function registerResumeCommand(program: Command, ctx: CliContext): void {
  program
    .command('resume')
    .argument('<taskId>', 'the task to finish')
    .option('--json', 'print the final status as JSON')
    .description('Finish an interrupted or stopped task from its checkpoints, without fetching stored pages again')
    .addHelpText('after', '\nSafe after kill -9 at any moment. Exit code 0 when the task completed, 1 when a required component is missing.')
    .action(async (taskId: string, opts: Record<string, unknown>) => {
      const f = parseFlags('resume', flags, opts);
      const progress = createProgress(ctx.io, { enabled: !f.json });
      const status = await withEngine({ config: ctx.config() }, async (engine) => {
        const off = followProgress(engine, progress);
        try {
          return await engine.resume(taskId);
        } finally {
          off();
          progress.done();
        }
      });
      if (f.json) printJson(ctx.io, status);
      else ctx.io.stdout(statusText(status));
    });
}
