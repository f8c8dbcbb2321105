// Reads and validates lyra.config.yaml; resolves paths and defaults. Reads only, never writes.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InvalidInputError, isPostgresUrl } from '../../core/index.js';
import { DEFAULT_CONTACT_URL, lyraConfigSchema, type LyraConfig, type LyraConfigFile } from './config-schema.js';
import { DEFAULT_DOMAINS_FILE, lyraHome, resolveConfigPath, type PathEnv } from './paths.js';
import { emptySectionsAsObjects } from './schema-keys.js';
import { WIDENING_KEYS } from './widening-keys.js';
import { parseYamlWithSchema } from './yaml-schema-file.js';

export interface LoadConfigOptions extends PathEnv {
  /** Path given with `--config`. */
  configPath?: string;
}

export function readTextFile(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (cause) {
    throw new InvalidInputError(`cannot read ${what} ${path}: ${(cause as Error).message}`, { code: 'file_unreadable', details: { file: path }, cause });
  }
}

/**
 * Settings of an untrusted file that would widen what Lyra reaches, runs or serves (WIDENING_KEYS, the
 * listeners' keys among them): removed, each with a warning naming the file and the key. Provider base
 * URLs stay (a public SearXNG is harmless) but get no private-address allowance (LyraConfig.networkTrusted
 * is false).
 */
function dropWideningSettings(raw: LyraConfigFile, file: string): { raw: LyraConfigFile; warnings: string[] } {
  const warnings: string[] = [];
  const copy = structuredClone(raw);
  for (const key of WIDENING_KEYS) {
    if (!deleteIn(copy, key.split('.'))) continue;
    warnings.push(
      `${file}: ${key} ignored: a lyra.config.yaml found in the working directory may not widen network reach (name the file with --config or $LYRA_CONFIG, or put it in $LYRA_HOME)`,
    );
  }
  const bases = [...Object.entries(copy.providers ?? {}), ...Object.entries(copy.scholarly ?? {})].filter(
    ([, v]) => typeof v === 'object' && v !== null && 'base_url' in v && v.base_url,
  );
  if (bases.length > 0) {
    warnings.push(
      `${file}: base_url of ${bases.map(([k]) => k).join(', ')} used without a private-address allowance: the file is in the working directory, not named with --config or $LYRA_CONFIG nor in $LYRA_HOME`,
    );
  }
  return { raw: copy, warnings };
}

/** Removes the value at a dotted path; whether there was one. */
function deleteIn(obj: object, path: readonly string[]): boolean {
  let parent: unknown = obj;
  for (const p of path.slice(0, -1)) parent = typeof parent === 'object' && parent !== null ? (parent as Record<string, unknown>)[p] : undefined;
  const last = path.at(-1)!;
  if (typeof parent !== 'object' || parent === null || (parent as Record<string, unknown>)[last] === undefined) return false;
  delete (parent as Record<string, unknown>)[last];
  return true;
}

export function loadConfig(options: LoadConfigOptions = {}): LyraConfig {
  const cwd = options.cwd ?? process.cwd();
  const found = resolveConfigPath({ ...options, cwd, explicit: options.configPath });
  let raw: LyraConfigFile = {};
  let baseDir = cwd;
  let networkTrusted = true;
  const warnings: string[] = [];
  if (found) {
    if (!existsSync(found.path)) {
      throw new InvalidInputError(`config file not found: ${found.path}`, { code: 'config_missing', details: { file: found.path } });
    }
    raw = parseYamlWithSchema({
      text: readTextFile(found.path, 'config file'),
      source: found.path,
      schema: lyraConfigSchema,
      prepare: (v) => emptySectionsAsObjects(v, lyraConfigSchema),
    });
    baseDir = dirname(found.path);
    // Trusted: named by the user (--config, $LYRA_CONFIG) or kept in $LYRA_HOME (the env's, not the file's own `home`).
    networkTrusted = found.required || resolve(dirname(found.path)) === resolve(lyraHome({ ...options, cwd }));
    if (!networkTrusted) {
      const dropped = dropWideningSettings(raw, found.path);
      raw = dropped.raw;
      warnings.push(...dropped.warnings);
    }
  }
  const home = raw.home ? resolve(baseDir, raw.home) : lyraHome({ ...options, cwd });
  const homeDomains = resolve(home, 'domains.yaml');
  const userFile = raw.domains?.file ? resolve(baseDir, raw.domains.file) : existsSync(homeDomains) ? homeDomains : undefined;
  if (raw.domains?.file && userFile && !existsSync(userFile)) {
    throw new InvalidInputError(`domains file named in ${found?.path}: not found: ${userFile}`, {
      code: 'config_missing',
      details: { file: userFile, key: 'domains.file' },
    });
  }
  // Read one file, never a merge: a working-directory file hides $LYRA_HOME's entirely, so say so.
  if (found?.source === 'cwd')
    for (const other of found.shadowed)
      warnings.push(
        `${other} not read: ${found.path} in the working directory takes precedence (one config file is read: --config > $LYRA_CONFIG > ./lyra.config.yaml > $LYRA_HOME/lyra.config.yaml)`,
      );
  const store = storeLocation(raw, baseDir, home, options.env ?? process.env);
  // Jobs and shared politeness live in the team database: workers.database_url, else the PostgreSQL store's.
  const teamDatabaseUrl = raw.workers?.database_url ?? store.url;
  return {
    configFile: found?.path,
    ...(found ? { configSource: found.source } : {}),
    shadowedConfigFiles: found?.shadowed ?? [],
    home,
    contactUrl: raw.contact_url ?? DEFAULT_CONTACT_URL,
    domains: { defaultFile: DEFAULT_DOMAINS_FILE, userFile, watch: raw.domains?.watch ?? true },
    store,
    ...(teamDatabaseUrl ? { teamDatabaseUrl } : {}),
    raw,
    networkTrusted,
    warnings,
  };
}

/** The SQLite file, and the PostgreSQL URL when $LYRA_DATABASE_URL or store.url names one (the env wins). */
function storeLocation(raw: LyraConfigFile, baseDir: string, home: string, env: NodeJS.ProcessEnv): { path: string; url?: string } {
  const path = raw.store?.path ? resolve(baseDir, raw.store.path) : resolve(home, 'lyra.db');
  const fromEnv = env.LYRA_DATABASE_URL?.trim();
  if (fromEnv && !isPostgresUrl(fromEnv))
    throw new InvalidInputError('LYRA_DATABASE_URL must be a postgres:// or postgresql:// URL', {
      code: 'config_invalid',
      details: { key: 'LYRA_DATABASE_URL' },
    });
  const url = fromEnv || raw.store?.url;
  return url ? { path, url } : { path };
}
