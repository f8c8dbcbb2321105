// `lyra config show [--json]` and `lyra config init [--path FILE] [--force] [--json]`: the effective
// configuration with where each value came from, and a commented file to start from.
import type { Command } from 'commander';
import { writeConfigTemplate } from '../../app/config/config-template.js';
import { configView, type ConfigShow, type ConfigValue } from '../../app/config/config-view.js';
import { terminalLine } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { formatTable, printJson } from '../io.js';

const SOURCE_NAMES: Readonly<Record<NonNullable<ConfigShow['config_source']>, string>> = {
  flag: '--config',
  env: '$LYRA_CONFIG',
  cwd: 'working directory',
  home: '$LYRA_HOME',
};

function where(v: ConfigValue): string {
  const base = v.source === 'file' ? `${v.file}${v.line ? `:${v.line}` : ''}` : v.source === 'env' ? `env ${v.env}` : v.source;
  return v.ignored ? `${base} (ignored in ${v.ignored.file}${v.ignored.line ? `:${v.ignored.line}` : ''})` : base;
}

function shown(value: ConfigValue['value']): string {
  if (value === null) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function printText(ctx: CliContext, view: ConfigShow): void {
  const file = view.config_file
    ? `${view.config_file} (${SOURCE_NAMES[view.config_source!]}${view.network_trusted ? '' : '; may not widen network reach'})`
    : 'none (defaults only)';
  const order = view.precedence.map((p) => `${SOURCE_NAMES[p.source]}${p.read ? ' [read]' : p.exists ? ' [exists, not read]' : ''}`).join(' > ');
  ctx.io.stdout(`config file: ${terminalLine(file)}\nprecedence: ${terminalLine(order)} > defaults\n\n`);
  ctx.io.stdout(
    formatTable(
      ['key', 'value', 'source'],
      view.values.map((v) => [v.key, terminalLine(shown(v.value)), terminalLine(where(v))]),
    ),
  );
  for (const w of view.warnings) ctx.io.stdout(`warning: ${terminalLine(w)}\n`);
}

export function registerConfigCommand(program: Command, ctx: CliContext): void {
  const config = program.command('config').description('Show the effective configuration, or write a commented lyra.config.yaml');

  config
    .command('show')
    .description('Every configuration key with its value in force and where it came from (file and line, environment, default); secrets are not shown')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) => {
      const configPath = ctx.configPath();
      const view = configView({ config: ctx.config(), env: ctx.env, cwd: ctx.cwd, ...(configPath ? { configPath } : {}) });
      if (opts.json) return printJson(ctx.io, view);
      printText(ctx, view);
    });

  config
    .command('init')
    .description('Write a commented lyra.config.yaml (every setting commented out) to $LYRA_HOME, or to --path; an existing file is kept unless --force')
    .option('--path <file>', 'where to write (default: $LYRA_HOME/lyra.config.yaml)')
    .option('--force', 'replace an existing file')
    .option('--json', 'print JSON')
    .action((opts: { path?: string; force?: boolean; json?: boolean }) => {
      // Never loads the configuration: init must work when the existing file is broken (with --force).
      const r = writeConfigTemplate({ env: ctx.env, cwd: ctx.cwd, ...(opts.path ? { path: opts.path } : {}), force: opts.force === true });
      if (opts.json) return printJson(ctx.io, { path: r.path, replaced: r.replaced });
      ctx.io.stdout(`${r.replaced ? 'replaced' : 'wrote'} ${r.path}\nedit it, then check with: lyra config show\n`);
    });
}
