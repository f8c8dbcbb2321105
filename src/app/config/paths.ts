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

/** Where a config file was found, in order of precedence: `--config`, `$LYRA_CONFIG`, the working directory, `$LYRA_HOME`. */
export const CONFIG_SOURCES = ['flag', 'env', 'cwd', 'home'] as const;
export type ConfigSource = (typeof CONFIG_SOURCES)[number];

export interface ConfigLocation {
  path: string;
  source: ConfigSource;
  /** The user named the file (flag or env): a missing file is an error. */
  required: boolean;
}

/**
 * The config file to read: an explicit path (flag), else `$LYRA_CONFIG`, else `./lyra.config.yaml`
 * when it exists, else `$LYRA_HOME/lyra.config.yaml` when it exists. One file is read, never merged.
 * `shadowed` lists the files of the working directory and `$LYRA_HOME` that exist but lose to the
 * one read (a working-directory file may not widen network reach; see loadConfig).
 */
export function resolveConfigPath(options: PathEnv & { explicit?: string }): (ConfigLocation & { shadowed: string[] }) | undefined {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const local = resolve(cwd, CONFIG_FILE_NAME);
  const inHome = resolve(lyraHome(options), CONFIG_FILE_NAME);
  const implicit: ConfigLocation[] = [
    // Started in $LYRA_HOME itself, the working directory's file is the home file.
    ...(existsSync(local) && local !== inHome ? [{ path: local, source: 'cwd' as const, required: false }] : []),
    ...(existsSync(inHome) ? [{ path: inHome, source: 'home' as const, required: false }] : []),
  ];
  const named: ConfigLocation | undefined = options.explicit
    ? { path: resolve(cwd, options.explicit), source: 'flag', required: true }
    : env.LYRA_CONFIG?.trim()
      ? { path: resolve(cwd, env.LYRA_CONFIG.trim()), source: 'env', required: true }
      : undefined;
  const chosen = named ?? implicit[0];
  if (!chosen) return undefined;
  return { ...chosen, shadowed: implicit.map((l) => l.path).filter((p) => p !== chosen.path) };
}
