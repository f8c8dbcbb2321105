// `lyra doctor [--json] [--no-probe] [--timeout MS]`: what is configured, what answers, which models
// judge English and Japanese, where the data lives, Chromium — and the fix for each problem.
// Exit 0 when no problem is an error, 1 otherwise.
import type { Command } from 'commander';
import { z } from 'zod';
import { DEFAULT_PROBE_TIMEOUT_MS, PROBE_TIMEOUT_RANGE, runDoctor, type DoctorReport } from '../../app/doctor/index.js';
import { InvalidInputError, NonRetryableError, terminalLine } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { formatTable, printJson } from '../io.js';

const flagsSchema = z.strictObject({
  json: z.boolean().optional(),
  probe: z.boolean().optional(),
  timeout: z.coerce.number().int().min(PROBE_TIMEOUT_RANGE.min).max(PROBE_TIMEOUT_RANGE.max).optional(),
});

const t = terminalLine;

function bytes(n: number | null): string {
  if (n === null) return 'not created yet';
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}

function printText(ctx: CliContext, r: DoctorReport): void {
  const out: string[] = [];
  const sourceName = { flag: '--config', env: '$LYRA_CONFIG', cwd: 'working directory', home: '$LYRA_HOME' } as const;
  out.push(`Lyra ${r.version} doctor`, '');
  out.push(`config      ${r.config.file ? `${t(r.config.file)} (${sourceName[r.config.source!]})` : 'none: defaults only (lyra config init writes one)'}`);
  out.push(`home        ${t(r.paths.home.path)}${r.paths.home.exists ? '' : ' (created on first use)'}`);
  const corpora = r.paths.store.corpora.map((c) => `${c.name} ${c.documents}`).join(', ');
  out.push(`store       ${t(r.paths.store.path)} (${bytes(r.paths.store.bytes)}${corpora ? `; corpora: ${t(corpora)}` : ''})`);
  out.push(`domains     ${t(r.paths.domains.user_file ?? 'shipped policy only')}`);
  out.push(
    `models dir  ${t(r.paths.models_dir.path)}${r.paths.models_dir.exists ? '' : ' (absent)'}${r.models.local.length > 0 ? `: ${t(r.models.local.join(', '))}` : ''}`,
  );
  out.push(`chromium    ${t(r.chromium.path)}: ${r.chromium.found ? 'found' : 'not found'} (rendering ${r.chromium.render_enabled ? 'on' : 'off'})`);
  out.push(`web search  ${r.web_search.enabled ? r.web_search.providers.join(', ') : 'off'}: ${t(r.web_search.reason)}`, '');
  const judge = (j: DoctorReport['models']['stance']['en']): string => `${j.backend}  ${t(j.model ?? '—')}  ${j.present ? 'present' : 'MISSING'}`;
  out.push(`stance      English: ${judge(r.models.stance.en)}`);
  const second = r.models.second_reading;
  if (second) out.push(`            ${second.edges} read again by ${t(second.model)}  ${second.present ? 'present' : 'MISSING'}`);
  out.push(`            Japanese: ${judge(r.models.stance.ja)}`);
  out.push(`embedding   ${r.models.embedding.backend} ${t(r.models.embedding.model)}${r.models.embedding.present ? '' : ' MISSING'}`);
  out.push(`llm         ${r.models.llm.configured ? `${t(r.models.llm.model ?? '')} at ${t(r.models.llm.base_url ?? '')}` : 'not configured'}`, '');
  ctx.io.stdout(`${out.join('\n')}\n`);
  ctx.io.stdout(r.probes.enabled ? `sources (one request each, timeout ${r.probes.timeout_ms} ms)\n` : 'sources (not probed: --no-probe)\n');
  ctx.io.stdout(
    formatTable(
      ['source', 'state', 'answer', 'ms', 'url'],
      r.sources.map((s) => [
        s.name,
        s.enabled ? s.probe.status : 'off',
        s.probe.http_status !== undefined ? `HTTP ${s.probe.http_status}` : (s.probe.code ?? ''),
        s.probe.elapsed_ms,
        t(s.probe.url ?? s.base_url ?? ''),
      ]),
    ),
  );
  const errors = r.problems.filter((p) => p.severity === 'error').length;
  if (r.problems.length === 0) return void ctx.io.stdout('\nno problems found\n');
  ctx.io.stdout(
    `\nproblems (${errors} error${errors === 1 ? '' : 's'}, ${r.problems.length - errors} warning${r.problems.length - errors === 1 ? '' : 's'})\n`,
  );
  for (const p of r.problems) ctx.io.stdout(`  ${p.severity}  ${p.code}: ${t(p.message)}\n           fix: ${t(p.fix)}\n`);
}

export function registerDoctorCommand(program: Command, ctx: CliContext): void {
  program
    .command('doctor')
    .description(
      'Check the configuration, which services answer (one bounded request each), the models that judge English and Japanese, the data folders and Chromium; prints the fix for each problem (exit 1 when one is an error)',
    )
    .option('--json', 'print JSON')
    .option('--no-probe', 'do not contact any service (local checks only)')
    .option('--timeout <ms>', `time one probe may take (${PROBE_TIMEOUT_RANGE.min}–${PROBE_TIMEOUT_RANGE.max}, default ${DEFAULT_PROBE_TIMEOUT_MS})`)
    .action(async (raw: Record<string, unknown>) => {
      const parsed = flagsSchema.safeParse(raw);
      if (!parsed.success)
        throw new InvalidInputError(`doctor: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`, { code: 'invalid_flag' });
      const flags = parsed.data;
      const report = await runDoctor({
        config: ctx.config(),
        probe: flags.probe !== false,
        ...(flags.timeout !== undefined ? { timeoutMs: flags.timeout } : {}),
      });
      if (flags.json) printJson(ctx.io, report);
      else printText(ctx, report);
      if (!report.ok) {
        const first = report.problems.find((p) => p.severity === 'error')!;
        // The report is printed; the error only sets the exit code (1) and names the first error.
        throw new NonRetryableError(`doctor: ${report.problems.filter((p) => p.severity === 'error').length} problem(s) need fixing, first: ${first.code}`, {
          code: 'doctor_problems',
        });
      }
    });
}
