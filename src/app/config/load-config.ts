// Reads and validates lyra.config.yaml; resolves paths and defaults. Reads only, never writes.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InvalidInputError } from '../../core/index.js';
import { DEFAULT_CONTACT_URL, lyraConfigSchema, type LyraConfig, type LyraConfigFile } from './config-schema.js';
import { DEFAULT_DOMAINS_FILE, lyraHome, resolveConfigPath, type PathEnv } from './paths.js';
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

export function loadConfig(options: LoadConfigOptions = {}): LyraConfig {
  const cwd = options.cwd ?? process.cwd();
  const found = resolveConfigPath({ ...options, cwd, explicit: options.configPath });
  let raw: LyraConfigFile = {};
  let baseDir = cwd;
  if (found) {
    if (!existsSync(found.path)) {
      throw new InvalidInputError(`config file not found: ${found.path}`, { code: 'config_missing', details: { file: found.path } });
    }
    raw = parseYamlWithSchema({ text: readTextFile(found.path, 'config file'), source: found.path, schema: lyraConfigSchema });
    baseDir = dirname(found.path);
  }
  const home = raw.home ? resolve(baseDir, raw.home) : lyraHome({ ...options, cwd });
  const homeDomains = resolve(home, 'domains.yaml');
  const userFile = raw.domains?.file ? resolve(baseDir, raw.domains.file) : existsSync(homeDomains) ? homeDomains : undefined;
  if (raw.domains?.file && userFile && !existsSync(userFile)) {
    throw new InvalidInputError(`domains file named in ${found?.path}: not found: ${userFile}`, { code: 'config_missing', details: { file: userFile, key: 'domains.file' } });
  }
  return {
    configFile: found?.path,
    home,
    contactUrl: raw.contact_url ?? DEFAULT_CONTACT_URL,
    domains: { defaultFile: DEFAULT_DOMAINS_FILE, userFile, watch: raw.domains?.watch ?? true },
    store: { path: raw.store?.path ? resolve(baseDir, raw.store.path) : resolve(home, 'lyra.db') },
    raw,
  };
}
