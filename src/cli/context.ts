// What every command gets: I/O, environment and lazily loaded configuration.
import type { Store } from '../core/index.js';
import { loadConfig, type LyraConfig } from '../app/config/index.js';
import type { Printer } from './io.js';

export interface CliContext {
  /** The one terminal printer: every command's output, human-readable or JSON, goes through it. */
  io: Printer;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** `--config` from the command line, if given. */
  configPath(): string | undefined;
  /** Loads and validates the configuration once; throws InvalidInputError when it is malformed. */
  config(): LyraConfig;
  /** Stores opened by commands, closed by main() when the command ends. */
  track(store: Store | undefined): Store | undefined;
}

export function createCliContext(options: {
  io: Printer;
  env: NodeJS.ProcessEnv;
  cwd: string;
  configPath: () => string | undefined;
  stores: Store[];
}): CliContext {
  let cached: LyraConfig | undefined;
  return {
    io: options.io,
    env: options.env,
    cwd: options.cwd,
    configPath: options.configPath,
    config: () => {
      if (cached) return cached;
      cached = loadConfig({ env: options.env, cwd: options.cwd, configPath: options.configPath() });
      // Settings ignored for trust (a working-directory file widening network reach) are said once, on stderr.
      for (const w of cached.warnings) options.io.stderr(`lyra: warning: ${w}\n`);
      return cached;
    },
    track: (store) => {
      if (store) options.stores.push(store);
      return store;
    },
  };
}
