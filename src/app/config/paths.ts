// Where Lyra keeps data and finds its configuration.
import { homedir } from 'node:os';
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository (package) root: the folder holding package.json and config/. */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The shipped default domain policy. */
export const DEFAULT_DOMAINS_FILE = resolve(PACKAGE_ROOT, 'config', 'domains.yaml');

/** The config file name looked up in the working directory. */
export const CONFIG_FILE_NAME = 'lyra.config.yaml';

export interface PathEnv {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** `$LYRA_HOME`, or `~/.lyra`. */
export function lyraHome(options: PathEnv = {}): string {
  const env = options.env ?? process.env;
  const home = env.LYRA_HOME?.trim();
  if (home) return isAbsolute(home) ? home : resolve(options.cwd ?? process.cwd(), home);
  return resolve(homedir(), '.lyra');
}

/**
 * The config file to read: an explicit path (flag), else `$LYRA_CONFIG`, else `./lyra.config.yaml`
 * when it exists, else `$LYRA_HOME/lyra.config.yaml` when it exists. `required` is true when the user
 * named the file, so a missing file is an error. (A working-directory file may not widen network
 * reach; see loadConfig.)
 */
export function resolveConfigPath(options: PathEnv & { explicit?: string }): { path: string; required: boolean } | undefined {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  if (options.explicit) return { path: resolve(cwd, options.explicit), required: true };
  if (env.LYRA_CONFIG?.trim()) return { path: resolve(cwd, env.LYRA_CONFIG.trim()), required: true };
  const local = resolve(cwd, CONFIG_FILE_NAME);
  if (existsSync(local)) return { path: local, required: false };
  const inHome = resolve(lyraHome(options), CONFIG_FILE_NAME);
  return existsSync(inHome) ? { path: inHome, required: false } : undefined;
}
