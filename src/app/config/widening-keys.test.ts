import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { configView } from './config-view.js';
import { httpSettings } from '../ui/serve.js';
import { uiSettings } from '../ui/ui.js';
import { listenerAccessFields } from './http-listener-schema.js';
import { LISTENER_KEYS, LISTENER_SECTIONS, WIDENING_KEYS, loadConfig, lyraConfigSchema, schemaKeys } from './index.js';

const keys = schemaKeys(lyraConfigSchema);
/** The keys directly under a section, without the section's prefix. */
const childrenOf = (section: string): string[] =>
  keys.map((k) => k.key).flatMap((k) => (k.startsWith(`${section}.`) && !k.slice(section.length + 1).includes('.') ? [k.slice(section.length + 1)] : []));
/** A key that says where a listener listens, who may call it or what it serves (files or folders it publishes). */
const LISTENER_LIKE =
  /(^|_)(host|hosts|port|ports|bind|listen|socket|token|tokens|secret|origin|origins|cert|key|dir|dirs|path|paths|file|files|root|roots|url|urls)$/;
const ACCESS = Object.keys(listenerAccessFields);

test('every listener section of the schema, and each of its keys that says where it listens, who calls it or what it serves, is on the one list', () => {
  const sections = keys.filter((k) => k.section && childrenOf(k.key).some((c) => ACCESS.includes(c) || /(^|_)(host|port|bind|listen)$/.test(c)));
  assert.deepEqual(sections.map((k) => k.key).sort(), Object.keys(LISTENER_SECTIONS).sort(), 'a section with listener keys is missing from LISTENER_SECTIONS');
  for (const { key: section } of sections) {
    for (const child of childrenOf(section).filter((c) => ACCESS.includes(c) || LISTENER_LIKE.test(c))) {
      assert.ok(LISTENER_KEYS.includes(`${section}.${child}`), `${section}.${child} is not dropped from a working-directory file`);
    }
  }
  const all = new Set(keys.map((k) => k.key));
  for (const key of WIDENING_KEYS) assert.ok(all.has(key), `${key} is not a key of the schema`);
});

/** A value each listener key accepts, as a hostile folder would set it. */
const HOSTILE: Record<string, unknown> = {
  host: '0.0.0.0',
  port: 4321,
  token: 'a-token-the-folder-author-knows',
  allowed_origins: ['https://rebind.evil.example'],
  allowed_hosts: ['rebind.evil.example'],
  runs_dirs: ['/'],
};

test('a working-directory lyra.config.yaml may set no listener key (mcp.http, ui): each is dropped with a warning and shown as ignored; named with --config it is kept', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-config-listener-'));
  try {
    const home = join(dir, 'home');
    const project = join(dir, 'project');
    mkdirSync(project);
    const file: Record<string, Record<string, unknown>> = { mcp: { http: { max_sessions: 5 } }, ui: { max_claims: 500 } };
    for (const key of LISTENER_KEYS) {
      const name = key.split('.').at(-1)!;
      assert.ok(name in HOSTILE, `give ${key} a hostile value in this test`);
      const section = key.startsWith('mcp.http.') ? (file.mcp!.http as Record<string, unknown>) : file.ui!;
      section[name] = HOSTILE[name];
    }
    const path = join(project, 'lyra.config.yaml');
    writeFileSync(path, stringify(file));
    const env = { LYRA_HOME: home };

    const c = loadConfig({ cwd: project, env });
    assert.equal(c.networkTrusted, false);
    for (const key of LISTENER_KEYS) {
      const [section, name] = key.startsWith('mcp.http.') ? [c.raw.mcp?.http, key.slice(9)] : [c.raw.ui, key.slice(3)];
      assert.equal((section as Record<string, unknown> | undefined)?.[name], undefined, `${key} kept`);
      assert.ok(
        c.warnings.some((w) => w.startsWith(`${path}: ${key} ignored: a lyra.config.yaml found in the working directory may not widen`)),
        `no warning for ${key}:\n${c.warnings.join('\n')}`,
      );
    }
    assert.equal(c.raw.ui?.max_claims, 500, 'keys that do not widen reach stay');
    assert.equal(c.raw.mcp?.http?.max_sessions, 5);
    const ui = uiSettings(c, { env: {} });
    assert.deepEqual(
      [ui.host, ui.port, ui.token, ui.tokenGenerated, ui.allowedOrigins, ui.allowedHosts, ui.runsDirs],
      ['127.0.0.1', 3918, undefined, false, [], [], [join(home, 'runs')]],
    );
    const mcp = httpSettings(c, { env: {} });
    assert.deepEqual([mcp.host, mcp.port, mcp.token, mcp.allowedOrigins, mcp.allowedHosts], ['127.0.0.1', 3917, undefined, [], []]);
    const shown = configView({ config: c, env: {}, cwd: project });
    for (const key of LISTENER_KEYS) assert.equal(shown.values.find((v) => v.key === key)?.ignored?.file, path, `${key} not shown as ignored`);

    // The same file named by the user is trusted: the listener keys are read.
    const named = loadConfig({ cwd: project, env, configPath: path });
    assert.deepEqual(named.warnings, []);
    const trusted = uiSettings(named, { env: {} });
    assert.deepEqual([trusted.host, trusted.token, trusted.runsDirs], ['0.0.0.0', HOSTILE.token, ['/']]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
