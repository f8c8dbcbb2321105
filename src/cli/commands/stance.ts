// `lyra stance [--model embedded|transformers|llm]`: JSONL {id, claim, evidence} on stdin →
// JSONL {id, label, confidence, decisive_sentence} on stdout. A bad line is reported on stderr
// with its line number and the run goes on; the exit code is non-zero when any line failed.
import { createInterface } from 'node:readline';
import { Option, type Command } from 'commander';
import { z } from 'zod';
import { buildStanceModel } from '../../app/models.js';
import { DEFAULT_STANCE_BATCH, runStanceJsonl } from '../../app/stance-jsonl.js';
import { InvalidInputError, NonRetryableError } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { printJsonLine } from '../io.js';

const flagsSchema = z.strictObject({
  model: z.enum(['nli', 'embedded', 'transformers', 'llm']).optional(),
  batch: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_STANCE_BATCH),
  json: z.boolean().optional(),
});

export function registerStanceCommand(program: Command, ctx: CliContext): void {
  program
    .command('stance')
    .description('Judge claim–evidence pairs: JSONL {id, claim, evidence} on stdin, JSONL {id, label, confidence, decisive_sentence} on stdout')
    .addOption(
      new Option('--model <backend>', 'stance backend (default: models.stance.backend, else embedded)').choices(['nli', 'embedded', 'transformers', 'llm']),
    )
    .option('--batch <n>', `pairs per model call (default ${DEFAULT_STANCE_BATCH})`)
    .option('--json', 'report bad lines on stderr as JSON objects too')
    .addHelpText(
      'after',
      [
        '',
        'label is supports, refutes or neutral; confidence is the probability of the label;',
        'decisive_sentence is the evidence sentence that decided it. Example:',
        `  echo '{"id":"1","claim":"Smoking causes cancer.","evidence":"Smoking is a major cause of lung cancer."}' | lyra stance`,
        'Exit codes: 0 every line judged, 1 some line failed (each reported on stderr with its number), 2 only bad input lines.',
      ].join('\n'),
    )
    .action(async (raw: Record<string, unknown>) => {
      const parsed = flagsSchema.safeParse(raw);
      if (!parsed.success)
        throw new InvalidInputError(`stance: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`, { code: 'invalid_flag' });
      const flags = parsed.data;
      const model = buildStanceModel({ config: ctx.config(), ...(flags.model ? { backend: flags.model } : {}) });
      const input = ctx.io.stdin ?? process.stdin;
      const lines = createInterface({ input, crlfDelay: Infinity });
      const categories = new Set<string>();
      const { ok, failed } = await runStanceJsonl({
        lines,
        model,
        batchSize: flags.batch,
        onResult: (r) => printJsonLine(ctx.io, r),
        onError: (e) => {
          categories.add(e.category);
          if (flags.json)
            printJsonLine(
              ctx.io,
              { line: e.line, ...(e.id !== undefined ? { id: e.id } : {}), error: { category: e.category, code: e.code, message: e.message } },
              'stderr',
            );
          else ctx.io.stderr(`lyra stance: line ${e.line}${e.id !== undefined ? ` (id ${String(e.id)})` : ''}: ${e.category}: ${e.message}\n`);
        },
      });
      if (failed > 0) {
        const message = `stance: ${failed} of ${ok + failed} lines failed (see the messages above)`;
        if (categories.size === 1 && categories.has('invalid_input')) throw new InvalidInputError(message, { code: 'lines_failed' });
        throw new NonRetryableError(message, { code: 'lines_failed' });
      }
    });
}
