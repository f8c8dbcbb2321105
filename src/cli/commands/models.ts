// `lyra models pull <id>` and `lyra models list`: the local folder of ONNX models used by the
// `transformers` stance backend. `pull` is the only command that downloads model files.
import { Option, type Command } from 'commander';
import { z } from 'zod';
import { listLocalModels, modelsDirOf, pullModel } from '../../app/models.js';
import { InvalidInputError } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { printJson } from '../io.js';

const DTYPES = ['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4', 'bnb4', 'q4f16'] as const;

const pullFlagsSchema = z.strictObject({
  dtype: z.enum(DTYPES).optional(),
  hub: z.url().optional(),
  json: z.boolean().optional(),
});

export function registerModelsCommand(program: Command, ctx: CliContext): void {
  const models = program.command('models').description('Manage local ONNX models for the transformers stance backend');

  models
    .command('pull')
    .argument('<id>', 'Hugging Face model id, e.g. Xenova/nli-deberta-v3-xsmall')
    .description('Download a model folder from the Hugging Face hub into the models folder (needs a network)')
    .addOption(new Option('--dtype <dtype>', 'ONNX weights to fetch (default: models.transformers.dtype, else fp32)').choices([...DTYPES]))
    .option('--hub <url>', 'hub base URL (default: models.transformers.hub_url, else https://huggingface.co/)')
    .option('--json', 'print JSON')
    .action(async (id: string, raw: Record<string, unknown>) => {
      const parsed = pullFlagsSchema.safeParse(raw);
      if (!parsed.success)
        throw new InvalidInputError(`models pull: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`, {
          code: 'invalid_flag',
        });
      const flags = parsed.data;
      const seen = new Set<string>();
      const result = await pullModel({
        config: ctx.config(),
        modelId: id,
        ...(flags.dtype ? { dtype: flags.dtype } : {}),
        ...(flags.hub ? { hubUrl: flags.hub } : {}),
        onProgress: (p) => {
          if (p.status === 'done' && !seen.has(p.file) && !flags.json) {
            seen.add(p.file);
            ctx.io.stderr(`  ${p.file}\n`);
          }
        },
      });
      if (flags.json) return printJson(ctx.io, { model: result.modelId, dir: result.dir, files: result.files });
      ctx.io.stdout(`${result.modelId}: ${result.files.length} files in ${result.dir}\n`);
    });

  models
    .command('list')
    .description('List the models present in the models folder')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) => {
      const config = ctx.config();
      const ids = listLocalModels(config);
      const dir = modelsDirOf(config);
      if (opts.json) return printJson(ctx.io, { models_dir: dir, models: ids });
      ctx.io.stdout(ids.length === 0 ? `no models in ${dir}\n` : `${ids.join('\n')}\n`);
    });
}
