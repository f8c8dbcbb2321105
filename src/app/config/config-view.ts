// `lyra config show`: the effective configuration, every key of the schema with its value and where
// the value came from — the file (with its line), an environment variable, the code's default, a
// path under $LYRA_HOME, or nothing. Secrets are never printed. The JSON form is a public contract
// (docs/guide.md, JSON contracts), defined once here as a zod schema.
import { redactDatabaseUrl } from '../../core/index.js';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { LineCounter, isNode, parseDocument } from 'yaml';
import { z } from 'zod';
import { CONFIG_FILE_NAME, CONFIG_SOURCES, WIDENING_KEYS, lyraConfigSchema, lyraHome, schemaKeys, type ConfigSource, type LyraConfig } from './index.js';
import { configDefaults } from './config-defaults.js';
import { MCP_TOKEN_ENV } from '../ui/mcp-settings.js';

export const CONFIG_VALUE_SOURCES = ['file', 'env', 'default', 'derived', 'unset'] as const;
export type ConfigValueSource = (typeof CONFIG_VALUE_SOURCES)[number];

export const configValueSchema = z.strictObject({
  /** Dotted key of lyra.config.yaml, e.g. `fetch.timeout_ms`. */
  key: z.string(),
  /** The value in force (paths resolved; secrets replaced by "***"); null when unset. */
  value: z.json(),
  source: z.enum(CONFIG_VALUE_SOURCES),
  /** For `file`: the file and the line of the key. */
  file: z.string().optional(),
  line: z.number().int().min(1).optional(),
  /** For `env`: the variable. */
  env: z.string().optional(),
  /** The value is a secret (API key, token) and is not shown. */
  redacted: z.boolean().optional(),
  /** The file sets this key but it was ignored (a working-directory file may not widen network reach). */
  ignored: z.strictObject({ file: z.string(), line: z.number().int().min(1).optional(), reason: z.string() }).optional(),
});
export type ConfigValue = z.infer<typeof configValueSchema>;

export const configShowSchema = z.strictObject({
  /** The file read, or null when none was found (defaults only). */
  config_file: z.string().nullable(),
  config_source: z.enum(CONFIG_SOURCES).nullable(),
  /** Whether the file may widen network reach (named with --config / $LYRA_CONFIG, or in $LYRA_HOME). */
  network_trusted: z.boolean(),
  /** The places looked at, in order of precedence; the first that applies is read, the rest are not merged. */
  precedence: z.array(z.strictObject({ source: z.enum(CONFIG_SOURCES), path: z.string().nullable(), exists: z.boolean(), read: z.boolean() })),
  values: z.array(configValueSchema),
  warnings: z.array(z.string()),
});
export type ConfigShow = z.infer<typeof configShowSchema>;

/** Keys whose values are secrets. */
export function isSecretKey(key: string): boolean {
  return /(^|\.)(api_key|token)$/.test(key);
}

/** Keys holding paths, resolved from the config file's folder as the code does. */
const PATH_KEYS = new Set([
  'fetch.cache.dir',
  'models.stance.weights_path',
  'models.claim_screen.weights_path',
  'models.transformers.models_dir',
  'models.embedding.cache_path',
]);

function getIn(obj: unknown, path: readonly string[]): unknown {
  let cur: unknown = obj;
  for (const p of path) {
    if (typeof cur !== 'object' || cur === null || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

/** Line of each key in the file (1-based), or an empty lookup when there is no file. */
function lineLookup(file: string | undefined): (key: string) => number | undefined {
  if (!file || !existsSync(file)) return () => undefined;
  const lines = new LineCounter();
  const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter: lines });
  return (key) => {
    const path = key.split('.');
    const pair = doc.getIn(path, true);
    // A scalar's node range starts at the value; the key sits on that line or the one before for a block.
    if (!isNode(pair) || !pair.range) return undefined;
    return lines.linePos(pair.range[0]).line;
  };
}

export interface ConfigViewOptions {
  config: LyraConfig;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** `--config`, when given. */
  configPath?: string;
}

export function configView(options: ConfigViewOptions): ConfigShow {
  const { config, env, cwd } = options;
  const defaults = configDefaults(config, env);
  const file = config.configFile;
  const line = lineLookup(file);
  const baseDir = file ? dirname(file) : cwd;
  // The file as written (before the loader dropped settings), to report what was ignored.
  const written = file && !config.networkTrusted ? (parseDocument(readFileSync(file, 'utf8')).toJS({ maxAliasCount: 100 }) as unknown) : undefined;
  const values: ConfigValue[] = [];
  for (const { key, section } of schemaKeys(lyraConfigSchema)) {
    if (section) continue;
    const path = key.split('.');
    const fromFile = getIn(config.raw, path);
    const def = defaults[key] ?? { source: 'unset' as const, value: null };
    let entry: ConfigValue;
    if (key === 'mcp.http.token' && env[MCP_TOKEN_ENV]?.trim()) entry = { key, value: def.value as string, source: 'env', env: MCP_TOKEN_ENV };
    else if (fromFile !== undefined) {
      const value =
        key === 'home'
          ? config.home
          : key === 'store.path'
            ? config.store.path
            : (key === 'store.url' || key === 'workers.database_url') && typeof fromFile === 'string'
              ? redactDatabaseUrl(fromFile)
              : key === 'domains.file'
                ? (config.domains.userFile ?? null)
                : PATH_KEYS.has(key) && typeof fromFile === 'string' && !isAbsolute(fromFile)
                  ? resolve(baseDir, fromFile)
                  : fromFile;
      const at = line(key);
      entry = { key, value: value as z.infer<typeof configValueSchema>['value'], source: 'file', file: file!, ...(at ? { line: at } : {}) };
    } else if (def.whenSection && getIn(config.raw, def.whenSection.split('.')) === undefined) {
      entry = { key, value: null, source: 'unset' };
    } else {
      entry = { key, value: def.value as ConfigValue['value'], source: def.source, ...(def.env ? { env: def.env } : {}) };
    }
    if (isSecretKey(key) && entry.value !== null) entry = { ...entry, value: '***', redacted: true };
    // The loader's own list (config/widening-keys.ts), so what it drops is what is shown as ignored.
    const widening = WIDENING_KEYS.find((w) => key === w || key.startsWith(`${w}.`));
    if (written !== undefined && widening && getIn(written, path) !== undefined) {
      const at = line(key);
      entry.ignored = { file: file!, ...(at ? { line: at } : {}), reason: 'a lyra.config.yaml found in the working directory may not widen network reach' };
    }
    values.push(entry);
  }
  const named = options.configPath ? resolve(cwd, options.configPath) : null;
  const fromEnv = env.LYRA_CONFIG?.trim() ? resolve(cwd, env.LYRA_CONFIG.trim()) : null;
  const local = resolve(cwd, CONFIG_FILE_NAME);
  const inHome = resolve(lyraHome({ env, cwd }), CONFIG_FILE_NAME);
  const place = (source: ConfigSource, path: string | null): ConfigShow['precedence'][number] => ({
    source,
    path,
    exists: path !== null && existsSync(path),
    read: path !== null && path === file && config.configSource === source,
  });
  return {
    config_file: file ?? null,
    config_source: config.configSource ?? null,
    network_trusted: config.networkTrusted,
    precedence: [place('flag', named), place('env', fromEnv), place('cwd', local), place('home', inHome)],
    values,
    warnings: [...config.warnings],
  };
}
