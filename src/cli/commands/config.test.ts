import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults } from '../../app/config/config-defaults.js';
import { CONFIG_TEMPLATE } from '../../app/config/config-template.js';
import { configShowSchema, type ConfigShow } from '../../app/config/config-view.js';
import { loadConfig, lyraConfigSchema, parseYamlWithSchema, schemaKeys } from '../../app/index.js';
import { HTTP_DEFAULTS } from '../../mcp/index.js';
import { runCli, tempHome } from '../../test-support/cli.js';
import { startFakeSearxng } from '../../test-support/fake-searxng.js';

const leafKeys = (): string[] =>
  schemaKeys(lyraConfigSchema)
    .filter((k) => !k.section)
    .map((k) => k.key);

test('every key of the schema has a documented default, and the MCP server defaults match mcp/http.ts', () => {
  const home = tempHome();
  try {
    const defaults = configDefaults(loadConfig({ cwd: home, env: { LYRA_HOME: home } }), {});
    assert.deepEqual(
      leafKeys().filter((k) => !(k in defaults)),
      [],
      'keys without an entry in app/config/config-defaults.ts',
    );
    assert.deepEqual(
      Object.keys(defaults).filter((k) => !leafKeys().includes(k)),
      [],
      'defaults for keys the schema does not have',
    );
    const mcp = Object.fromEntries(
      Object.entries(defaults)
        .filter(([k]) => k.startsWith('mcp.http.'))
        .map(([k, v]) => [k.slice('mcp.http.'.length), v.value]),
    );
    const { path: _path, ...server } = HTTP_DEFAULTS;
    for (const [k, v] of Object.entries(server)) assert.deepEqual(mcp[k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)], v, k);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('config show --json: the file in $LYRA_HOME with the line of each value, defaults, the environment, secrets hidden', async () => {
  const home = tempHome();
  try {
    const file = join(home, 'lyra.config.yaml');
    writeFileSync(
      file,
      ['# mine', 'providers:', '  duckduckgo:', 'scholarly:', '  semantic_scholar:', '    api_key: s2-secret-key', 'fetch:', '  timeout_ms: 12000', ''].join(
        '\n',
      ),
    );
    const r = await runCli(['config', 'show', '--json'], { home, env: { LYRA_MCP_TOKEN: 'token-from-the-environment' } });
    assert.equal(r.code, 0, r.err);
    const view: ConfigShow = configShowSchema.parse(JSON.parse(r.out));
    assert.deepEqual([view.config_file, view.config_source, view.network_trusted], [file, 'home', true]);
    assert.deepEqual(
      view.precedence.map((p) => [p.source, p.read]),
      [
        ['flag', false],
        ['env', false],
        ['cwd', false],
        ['home', true],
      ],
    );
    assert.deepEqual(
      view.values.map((v) => v.key),
      leafKeys(),
      'every key once, in schema order',
    );
    const at = (k: string) => view.values.find((v) => v.key === k)!;
    assert.deepEqual(at('fetch.timeout_ms'), { key: 'fetch.timeout_ms', value: 12000, source: 'file', file, line: 8 });
    assert.deepEqual(at('fetch.max_retries'), { key: 'fetch.max_retries', value: 3, source: 'default' });
    assert.deepEqual(at('home'), { key: 'home', value: home, source: 'env', env: 'LYRA_HOME' });
    assert.deepEqual(at('store.path'), { key: 'store.path', value: join(home, 'lyra.db'), source: 'derived' });
    // An empty provider section is "on, with defaults"; a provider without a section has nothing in force.
    assert.deepEqual(at('providers.duckduckgo.region'), { key: 'providers.duckduckgo.region', value: 'wt-wt', source: 'default' });
    assert.deepEqual(at('providers.searxng.base_url'), { key: 'providers.searxng.base_url', value: null, source: 'unset' });
    assert.deepEqual(at('scholarly.semantic_scholar.api_key'), {
      key: 'scholarly.semantic_scholar.api_key',
      value: '***',
      source: 'file',
      file,
      line: 6,
      redacted: true,
    });
    assert.deepEqual(at('mcp.http.token'), { key: 'mcp.http.token', value: '***', source: 'env', env: 'LYRA_MCP_TOKEN', redacted: true });
    assert.doesNotMatch(r.out, /s2-secret-key|token-from-the-environment/);
    const text = await runCli(['config', 'show'], { home });
    assert.match(text.out, new RegExp(`^config file: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\$LYRA_HOME\\)$`, 'm'));
    assert.match(text.out, /^fetch\.timeout_ms +12000 +.*lyra\.config\.yaml:8$/m);
    assert.doesNotMatch(text.out, /s2-secret-key/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a working-directory file wins over $LYRA_HOME with a warning; its settings that widen reach are shown as ignored', async () => {
  const home = tempHome();
  const project = join(home, 'project');
  mkdirSync(project);
  try {
    writeFileSync(join(home, 'lyra.config.yaml'), 'contact_url: https://home.example/\n');
    const local = join(project, 'lyra.config.yaml');
    writeFileSync(local, 'fetch:\n  allow_private: ["http://127.0.0.1:9"]\n');
    const r = await runCli(['config', 'show', '--json'], { home, cwd: project });
    assert.equal(r.code, 0, r.err);
    const view = configShowSchema.parse(JSON.parse(r.out));
    assert.deepEqual([view.config_file, view.config_source, view.network_trusted], [local, 'cwd', false]);
    assert.deepEqual(
      view.precedence.find((p) => p.source === 'home'),
      { source: 'home', path: join(home, 'lyra.config.yaml'), exists: true, read: false },
    );
    const allow = view.values.find((v) => v.key === 'fetch.allow_private')!;
    assert.deepEqual(allow, {
      key: 'fetch.allow_private',
      value: [],
      source: 'default',
      ignored: { file: local, line: 2, reason: 'a lyra.config.yaml found in the working directory may not widen network reach' },
    });
    assert.ok(
      view.warnings.some((w) => w.startsWith(`${join(home, 'lyra.config.yaml')} not read`)),
      view.warnings.join('\n'),
    );
    assert.match(r.err, /warning: .*fetch\.allow_private ignored/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a malformed $LYRA_HOME/lyra.config.yaml exits 2 naming the file, for config show as for any command', async () => {
  const home = tempHome();
  try {
    const file = join(home, 'lyra.config.yaml');
    writeFileSync(file, 'providers:\n  searxng:\n');
    for (const args of [
      ['config', 'show', '--json'],
      ['search', 'q', '--provider', 'corpus', '--json'],
    ]) {
      const r = await runCli(args, { home });
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
      const err = JSON.parse(r.err).error as { category: string; code: string; message: string; details: { file: string } };
      assert.deepEqual([err.category, err.code, err.details.file], ['invalid_input', 'config_invalid', file]);
      assert.ok(err.message.includes(`${file}:2`), err.message);
      assert.match(err.message, /providers\.searxng\.base_url: required/);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('config init writes a commented file to $LYRA_HOME that changes nothing, refuses to overwrite without --force, and every commented setting is valid', async () => {
  const root = tempHome();
  const home = join(root, 'not-yet');
  try {
    const r = await runCli(['config', 'init', '--json'], { home });
    assert.equal(r.code, 0, r.err);
    const file = join(home, 'lyra.config.yaml');
    assert.deepEqual(JSON.parse(r.out), { path: file, replaced: false });
    assert.equal(readFileSync(file, 'utf8'), CONFIG_TEMPLATE);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const shown = configShowSchema.parse(JSON.parse((await runCli(['config', 'show', '--json'], { home })).out));
    assert.equal(shown.config_source, 'home');
    assert.deepEqual(
      shown.values.filter((v) => v.source === 'file'),
      [],
      'the template sets nothing',
    );
    writeFileSync(file, 'contact_url: https://mine.example/\n');
    const again = await runCli(['config', 'init'], { home });
    assert.equal(again.code, 2);
    assert.match(again.err, /exists; not replaced \(use --force/);
    assert.equal(readFileSync(file, 'utf8'), 'contact_url: https://mine.example/\n');
    const forced = await runCli(['config', 'init', '--force', '--json'], { home });
    assert.deepEqual(JSON.parse(forced.out), { path: file, replaced: true });
    const elsewhere = await runCli(['config', 'init', '--path', 'custom.yaml'], { home, cwd: root });
    assert.equal(elsewhere.code, 0, elsewhere.err);
    assert.ok(existsSync(join(root, 'custom.yaml')));
    // Uncommenting every setting gives a valid file: the template names only real keys and values.
    const uncommented = CONFIG_TEMPLATE.split('\n')
      .map((l) => l.replace(/^# ( *[a-z_]+:.*)$/, '$1').replace(/ {2,}#.*$/, ''))
      .join('\n');
    const parsed = parseYamlWithSchema({ text: uncommented, source: 'template', schema: lyraConfigSchema });
    assert.equal(parsed.models?.llm?.model, 'qwen2.5:7b-instruct');
    assert.equal(parsed.providers?.searxng?.base_url, 'http://localhost:8888');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a SearXNG on loopback configured in $LYRA_HOME is reached for its own origin; the same file in the working directory gets no such allowance', async () => {
  const searx = await startFakeSearxng(() => [{ url: 'https://example.org/a', title: 'A result' }]);
  const home = tempHome();
  const project = join(home, 'project');
  mkdirSync(project);
  try {
    const text = `providers:\n  searxng:\n    base_url: "${searx.baseUrl}"\nfetch:\n  respect_robots: false\n  max_retries: 0\n  cache:\n    enabled: false\n`;
    writeFileSync(join(home, 'lyra.config.yaml'), text);
    const ok = await runCli(['search', 'anything', '--provider', 'searxng', '--json'], { home, cwd: project });
    assert.equal(ok.code, 0, ok.err);
    assert.equal((JSON.parse(ok.out) as { hits: unknown[] }).hits.length, 1);
    rmSync(join(home, 'lyra.config.yaml'));
    writeFileSync(join(project, 'lyra.config.yaml'), text);
    const refused = await runCli(['search', 'anything', '--provider', 'searxng', '--json'], { home, cwd: project });
    assert.equal(refused.code, 1, refused.out);
    assert.match(refused.err, /base_url of searxng used without a private-address allowance/);
    assert.match(refused.err, /ssrf_blocked/);
    assert.equal(searx.queries().length, 1, 'the refused search never reached the instance');
  } finally {
    rmSync(home, { recursive: true, force: true });
    await searx.web.close();
  }
});
