// The `lyra` command line: parses arguments, runs a command, formats errors. No logic of its own.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { PACKAGE_ROOT } from '../app/index.js';
import { isLyraError, errorMessage, type Store } from '../core/index.js';
import { resolve } from 'node:path';
import { createCliContext } from './context.js';
import { PROCESS_IO, type CliIo } from './io.js';
import { registerDomainsCommand } from './commands/domains.js';
import { registerFetchCommand } from './commands/fetch.js';
import { registerExtractCommand } from './commands/extract.js';
import { registerCorpusCommand } from './commands/corpus.js';
import { registerSearchCommand } from './commands/search.js';
import { registerPapersCommands } from './commands/papers.js';
import { registerClaimsCommand } from './commands/claims.js';
import { registerCollectCommand } from './commands/collect.js';
import { registerConsensusCommand } from './commands/consensus.js';
import { registerResearchCommand } from './commands/research.js';
import { registerModelsCommand } from './commands/models.js';
import { registerStanceCommand } from './commands/stance.js';
import { registerServeCommand } from './commands/serve.js';
import { registerTaskCommand } from './commands/task.js';
import { registerResumeCommand } from './commands/resume.js';
import { registerVerifyCommand } from './commands/verify.js';

/** Exit codes: 0 success, 1 the work failed, 2 the input (flags, config, arguments) is invalid. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_INVALID_INPUT = 2;

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(resolve(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

export interface MainOptions {
  io?: CliIo;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export function buildProgram(options: Required<MainOptions>, stores: Store[]): Command {
  const program = new Command();
  const ctx = createCliContext({ ...options, stores, configPath: () => program.opts<{ config?: string }>().config });
  program
    .name('lyra')
    .description('Local-first evidence engine for research: search, fetch, extract, claims, stance and an evidence graph.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .option('-c, --config <file>', 'config file (default: $LYRA_CONFIG or ./lyra.config.yaml)')
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', '\nData lives under $LYRA_HOME (default ~/.lyra). Exit codes: 0 ok, 1 failure, 2 invalid input.')
    .configureOutput({ writeOut: options.io.stdout, writeErr: options.io.stderr })
    .exitOverride();
  registerDomainsCommand(program, ctx);
  registerFetchCommand(program, ctx);
  registerExtractCommand(program, ctx);
  registerCorpusCommand(program, ctx);
  registerSearchCommand(program, ctx);
  registerPapersCommands(program, ctx);
  registerStanceCommand(program, ctx);
  registerModelsCommand(program, ctx);
  registerClaimsCommand(program, ctx);
  registerTaskCommand(program, ctx);
  registerResumeCommand(program, ctx);
  registerVerifyCommand(program, ctx);
  registerCollectCommand(program, ctx);
  registerServeCommand(program, ctx);
  registerConsensusCommand(program, ctx);
  registerResearchCommand(program, ctx);
  // Subcommands inherit output routing and exit override.
  for (const cmd of program.commands) cmd.configureOutput({ writeOut: options.io.stdout, writeErr: options.io.stderr }).exitOverride();
  return program;
}

function wantsJson(argv: string[]): boolean {
  return argv.includes('--json');
}

/** Runs the CLI and returns the exit code (never calls process.exit, so tests can call it). */
export async function main(argv: string[], options: MainOptions = {}): Promise<number> {
  const opts: Required<MainOptions> = { io: options.io ?? PROCESS_IO, env: options.env ?? process.env, cwd: options.cwd ?? process.cwd() };
  const stores: Store[] = [];
  try {
    const program = buildProgram(opts, stores);
    if (argv.length <= 2) {
      program.outputHelp();
      return EXIT_OK;
    }
    await program.parseAsync(argv);
    return EXIT_OK;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version "errors" are normal exits; the rest are usage errors commander already printed.
      return err.exitCode === 0 ? EXIT_OK : EXIT_INVALID_INPUT;
    }
    if (isLyraError(err)) {
      if (wantsJson(argv)) opts.io.stderr(`${JSON.stringify({ error: err.toJSON() })}\n`);
      else opts.io.stderr(`lyra: ${err.category}: ${err.message}\n`);
      return err.category === 'invalid_input' ? EXIT_INVALID_INPUT : EXIT_FAILURE;
    }
    opts.io.stderr(`lyra: unexpected error: ${errorMessage(err)}\n${err instanceof Error && err.stack ? err.stack + '\n' : ''}`);
    return EXIT_FAILURE;
  } finally {
    for (const s of stores) s.close();
  }
}
