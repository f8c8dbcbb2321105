// `lyra resume <taskId>`: finishes an interrupted task (seed 003 §4): pending, interrupted and cancelled
// queries run again from their last checkpoint; pages already stored are never fetched again. A task
// made by `lyra research` is continued by the research workflow from its saved state.
import type { Command } from 'commander';
import { z } from 'zod';
import { withEngine } from '../../app/engine.js';
import { openExistingStore } from '../../app/open-store.js';
import { isResearchTask, resumeResearch } from '../../app/research/research.js';
import { InvalidInputError } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { printJson } from '../io.js';
import { createProgress } from '../progress.js';
import { followProgress, parseFlags, statusText } from './task.js';

const flags = z.strictObject({ json: z.boolean().optional() });

export function registerResumeCommand(program: Command, ctx: CliContext): void {
  program
    .command('resume')
    .argument('<taskId>', 'the task to finish')
    .option('--json', 'print the final status as JSON')
    .description('Finish an interrupted or stopped task from its checkpoints, without fetching stored pages again')
    .addHelpText(
      'after',
      '\nSafe after kill -9 at any moment. A `lyra research` task continues its workflow (same as lyra research --resume <taskId>).\nExit code 0 when the task completed, 1 when a required component is missing, 2 for an unknown task.',
    )
    .action(async (taskId: string, opts: Record<string, unknown>) => {
      const f = parseFlags('resume', flags, opts);
      const config = ctx.config();
      const store = ctx.track(openExistingStore(config.store));
      if (!store?.getTask(taskId))
        throw new InvalidInputError(`resume: no task ${JSON.stringify(taskId)} (see lyra task list)`, { code: 'task_not_found', details: { taskId } });
      const progress = createProgress(ctx.io, { enabled: !f.json });
      if (isResearchTask(store, taskId)) {
        const result = await resumeResearch(config, { target: taskId, cwd: ctx.cwd, onEvent: (e) => progress.update(`research: ${e.type}`) }).finally(() =>
          progress.done(),
        );
        if (f.json) return printJson(ctx.io, result);
        return ctx.io.stdout(`research task ${result.taskId} ${result.status}: ${result.runDir}/${result.files.report}\n`);
      }
      const status = await withEngine({ config, overrides: { store } }, async (engine) => {
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
