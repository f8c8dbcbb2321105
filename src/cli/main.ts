// The `lyra` command line: parses arguments, runs a command, formats errors. No logic of its own.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { PACKAGE_ROOT } from '../app/config/index.js';
import { isLyraError, errorMessage, type Store } from '../core/index.js';
import { resolve } from 'node:path';
import { createCliContext, type CliContext } from './context.js';
import { PROCESS_IO, createPrinter, printJsonLine, type CliIo } from './io.js';

type Register = (program: Command, ctx: CliContext) => void;

/**
 * Each command's module, imported only when that command runs: the whole module graph (extraction,
 * models, the fetcher, the MCP server) costs seconds of start-up that `lyra --version` or
 * `lyra domains explain` should not pay. Order is the order of `lyra --help`.
 */
const COMMANDS: ReadonlyArray<{ names: readonly string[]; load: () => Promise<Register> }> = [
  { names: ['config'], load: async () => (await import('./commands/config.js')).registerConfigCommand },
  { names: ['doctor'], load: async () => (await import('./commands/doctor.js')).registerDoctorCommand },
  { names: ['domains'], load: async () => (await import('./commands/domains.js')).registerDomainsCommand },
  { names: ['errors'], load: async () => (await import('./commands/errors.js')).registerErrorsCommand },
  { names: ['fetch'], load: async () => (await import('./commands/fetch.js')).registerFetchCommand },
  { names: ['extract'], load: async () => (await import('./commands/extract.js')).registerExtractCommand },
  { names: ['corpus'], load: async () => (await import('./commands/corpus.js')).registerCorpusCommand },
  { names: ['search'], load: async () => (await import('./commands/search.js')).registerSearchCommand },
  { names: ['papers', 'paper', 'citations'], load: async () => (await import('./commands/papers.js')).registerPapersCommands },
  { names: ['stance'], load: async () => (await import('./commands/stance.js')).registerStanceCommand },
  { names: ['models'], load: async () => (await import('./commands/models.js')).registerModelsCommand },
  { names: ['claims'], load: async () => (await import('./commands/claims.js')).registerClaimsCommand },
  { names: ['task'], load: async () => (await import('./commands/task.js')).registerTaskCommand },
  { names: ['worker'], load: async () => (await import('./commands/worker.js')).registerWorkerCommand },
  { names: ['resume'], load: async () => (await import('./commands/resume.js')).registerResumeCommand },
  { names: ['verify'], load: async () => (await import('./commands/verify.js')).registerVerifyCommand },
  { names: ['collect'], load: async () => (await import('./commands/collect.js')).registerCollectCommand },
  { names: ['serve'], load: async () => (await import('./commands/serve.js')).registerServeCommand },
  { names: ['ui'], load: async () => (await import('./commands/ui.js')).registerUiCommand },
  { names: ['consensus'], load: async () => (await import('./commands/consensus.js')).registerConsensusCommand },
  { names: ['research'], load: async () => (await import('./commands/research.js')).registerResearchCommand },
];

/** The command `argv` names (its first operand after the global options), or undefined. */
function commandOf(argv: readonly string[]): string | undefined {
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-c' || a === '--config') i++;
    else if (!a.startsWith('-')) return a;
  }
  return undefined;
}

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

/**
 * The program with the command `argv` names registered (all of them when it names none or an unknown
 * one, so `lyra --help` and commander's suggestions see every command).
 */
export async function buildProgram(options: Required<MainOptions>, stores: Store[], argv: readonly string[] = []): Promise<Command> {
  const program = new Command();
  // Commands, help and usage errors write through the one terminal printer, never to options.io itself.
  const io = createPrinter(options.io);
  const ctx = createCliContext({ ...options, io, stores, configPath: () => program.opts<{ config?: string }>().config });
  program
    .name('lyra')
    .description('Local-first evidence engine for research: search, fetch, extract, claims, stance and an evidence graph.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .option('-c, --config <file>', 'config file (default: $LYRA_CONFIG, else ./lyra.config.yaml, else $LYRA_HOME/lyra.config.yaml)')
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', '\nData lives under $LYRA_HOME (default ~/.lyra). Exit codes: 0 ok, 1 failure, 2 invalid input.')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride();
  const name = commandOf(argv);
  const versionOnly = name === undefined && argv.slice(2).some((a) => a === '-V' || a === '--version');
  const wanted = versionOnly ? [] : COMMANDS.filter((c) => name !== undefined && c.names.includes(name));
  for (const c of wanted.length > 0 || versionOnly ? wanted : COMMANDS) (await c.load())(program, ctx);
  // Subcommands inherit output routing and exit override.
  for (const cmd of program.commands) cmd.configureOutput({ writeOut: io.stdout, writeErr: io.stderr }).exitOverride();
  return program;
}

function wantsJson(argv: string[]): boolean {
  return argv.includes('--json');
}

/** Runs the CLI and returns the exit code (never calls process.exit, so tests can call it). */
export async function main(argv: string[], options: MainOptions = {}): Promise<number> {
  const opts: Required<MainOptions> = { io: options.io ?? PROCESS_IO, env: options.env ?? process.env, cwd: options.cwd ?? process.cwd() };
  // Errors too go through the terminal printer (it holds no state: one per use is the same printer).
  const io = createPrinter(opts.io);
  const stores: Store[] = [];
  try {
    const program = await buildProgram(opts, stores, argv);
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
      if (wantsJson(argv)) printJsonLine(io, { error: err.toJSON() }, 'stderr');
      else io.stderr(`lyra: ${err.category}: ${err.message}\n`);
      return err.category === 'invalid_input' ? EXIT_INVALID_INPUT : EXIT_FAILURE;
    }
    io.stderr(`lyra: unexpected error: ${errorMessage(err)}\n${err instanceof Error && err.stack ? err.stack + '\n' : ''}`);
    return EXIT_FAILURE;
  } finally {
    for (const s of stores) s.close();
  }
}
