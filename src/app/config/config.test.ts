import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LyraError, type LyraEvent } from '../../core/index.js';
import { resolveDomainTrust } from '../../policy/index.js';
import { createDomainPolicySource, loadConfig, loadDomainPolicy, DEFAULT_CONTACT_URL, DEFAULT_DOMAINS_FILE } from './index.js';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'lyra-config-'));
}

test('the shipped domains.yaml is valid and gives the documented levels', () => {
  const policy = loadDomainPolicy({ defaultFile: DEFAULT_DOMAINS_FILE });
  const level = (h: string): [string, number] => {
    const r = resolveDomainTrust(policy, h);
    return [r.trustLevel, r.score];
  };
  assert.deepEqual(level('www.mhlw.go.jp'), ['GOVERNMENT', 0.95]);
  assert.deepEqual(level('en.wikipedia.org'), ['LOW', 0.4]);
  assert.deepEqual(level('some-unknown-blog.example'), ['UNVERIFIED', 0.3]);
  assert.deepEqual(level('www.iso.org'), ['PRIMARY', 1]);
  assert.deepEqual(level('arxiv.org'), ['ACADEMIC', 0.9]);
  assert.deepEqual(level('pubmed.ncbi.nlm.nih.gov'), ['ACADEMIC', 0.9]);
  assert.deepEqual(level('www.cdc.gov'), ['GOVERNMENT', 0.95]);
  assert.deepEqual(level('www.gov.uk'), ['GOVERNMENT', 0.95]);
  assert.deepEqual(level('gov.uk'), ['UNVERIFIED', 0.3]); // "*.gov.uk" needs a label before the suffix
  assert.deepEqual(level('assets.publishing.service.gov.uk'), ['GOVERNMENT', 0.95]);
  assert.deepEqual(level('www.u-tokyo.ac.jp'), ['ACADEMIC', 0.9]);
  assert.deepEqual(level('www.ox.ac.uk'), ['ACADEMIC', 0.9]);
  assert.deepEqual(level('www.reuters.com'), ['TRUSTED', 0.75]);
  assert.equal(resolveDomainTrust(policy, 'export.arxiv.org').qps, 0.33);
});

test('loadConfig without a file uses $LYRA_HOME and defaults', () => {
  const dir = tempDir();
  try {
    const c = loadConfig({ cwd: dir, env: { LYRA_HOME: join(dir, 'home') } });
    assert.equal(c.home, join(dir, 'home'));
    assert.equal(c.store.path, join(dir, 'home', 'lyra.db'));
    assert.equal(c.domains.userFile, undefined);
    assert.equal(c.configFile, undefined);
    assert.equal(existsSync(join(dir, 'home')), false, 'loading config must not create the data folder');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('loadConfig reads ./lyra.config.yaml and resolves paths from its folder', () => {
  const dir = tempDir();
  try {
    writeFileSync(join(dir, 'my-domains.yaml'), 'user_overrides: []\n');
    writeFileSync(join(dir, 'lyra.config.yaml'), 'home: ./data\ncontact_url: https://example.org/me\ndomains:\n  file: my-domains.yaml\n  watch: false\n');
    const c = loadConfig({ cwd: dir, env: {} });
    assert.equal(c.configFile, join(dir, 'lyra.config.yaml'));
    assert.equal(c.home, join(dir, 'data'));
    assert.equal(c.contactUrl, 'https://example.org/me');
    assert.equal(c.domains.userFile, join(dir, 'my-domains.yaml'));
    assert.equal(c.domains.watch, false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a malformed config names the file, the line, the key and what was expected', () => {
  const dir = tempDir();
  try {
    const file = join(dir, 'lyra.config.yaml');
    writeFileSync(file, 'home: ./data\ndomains:\n  watch: "yes"\n');
    assert.throws(
      () => loadConfig({ cwd: dir, env: {} }),
      (e: unknown) =>
        e instanceof LyraError &&
        e.category === 'invalid_input' &&
        e.message.includes(`${file}:3`) &&
        e.message.includes('domains.watch') &&
        /expected boolean/.test(e.message),
    );
    writeFileSync(file, 'hom: ./data\n');
    assert.throws(() => loadConfig({ cwd: dir, env: {} }), /lyra\.config\.yaml:1:1: \(top level\): Unrecognized key: "hom"/);
    writeFileSync(file, 'home: [unclosed\n');
    assert.throws(() => loadConfig({ cwd: dir, env: {} }), /lyra\.config\.yaml:\d+:\d+: \(syntax\)/);
    assert.deepEqual(readdirSync(dir), ['lyra.config.yaml'], 'nothing is written');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('$LYRA_CONFIG naming a missing file is an error', () => {
  assert.throws(
    () => loadConfig({ cwd: tmpdir(), env: { LYRA_CONFIG: '/nonexistent/lyra.yaml' } }),
    (e: unknown) => e instanceof LyraError && e.code === 'config_missing',
  );
});

test('a malformed domains.yaml names the file, line and key', () => {
  const dir = tempDir();
  try {
    const file = join(dir, 'domains.yaml');
    writeFileSync(file, 'domains:\n  - domain: ok.org\n    trust_level: low\n  - domain: bad.org\n    trust_level: superb\n');
    assert.throws(
      () => loadDomainPolicy({ defaultFile: DEFAULT_DOMAINS_FILE, userFile: file }),
      (e: unknown) =>
        e instanceof LyraError &&
        e.message.includes(`${file}:5`) &&
        e.message.includes('domains[1].trust_level') &&
        e.message.includes('expected one of primary'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('reload keeps the last good policy on an invalid edit and takes the next good one', () => {
  const dir = tempDir();
  try {
    const file = join(dir, 'domains.yaml');
    writeFileSync(file, 'user_overrides:\n  - { domain: x.org, trust_level: trusted, reason: reviewed, added_at: "2025-01-01" }\n');
    const events: LyraEvent[] = [];
    const source = createDomainPolicySource({ defaultFile: DEFAULT_DOMAINS_FILE, userFile: file, watch: false, events: { emit: (e) => events.push(e) } });
    assert.equal(resolveDomainTrust(source.current(), 'x.org').trustLevel, 'TRUSTED');
    writeFileSync(file, 'user_overrides:\n  - { domain: x.org, trust_level: nope, reason: r, added_at: "2025-01-01" }\n');
    assert.equal(source.reload(), false);
    assert.equal(resolveDomainTrust(source.current(), 'x.org').trustLevel, 'TRUSTED');
    assert.match(source.lastError()?.message ?? '', /domains\.yaml:2:.*user_overrides\[0\]\.trust_level/);
    assert.equal(events.at(-1)?.type, 'config.reload_failed');
    writeFileSync(file, 'user_overrides:\n  - { domain: x.org, trust_level: low, reason: r, added_at: "2025-01-01" }\n');
    assert.equal(source.reload(), true);
    assert.equal(resolveDomainTrust(source.current(), 'x.org').trustLevel, 'LOW');
    assert.equal(source.lastError(), undefined);
    source.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the watcher picks up an edit while running', async () => {
  const dir = tempDir();
  const file = join(dir, 'domains.yaml');
  writeFileSync(file, 'user_overrides: []\n');
  const source = createDomainPolicySource({ defaultFile: DEFAULT_DOMAINS_FILE, userFile: file, watch: true, debounceMs: 20 });
  try {
    assert.equal(resolveDomainTrust(source.current(), 'watched.org').trustLevel, 'UNVERIFIED');
    writeFileSync(file, 'user_overrides:\n  - { domain: watched.org, trust_level: academic, reason: r, added_at: "2025-01-01" }\n');
    // Bounded wait for the file event; the assertion is on the value, not on how long it took.
    for (let i = 0; i < 100 && resolveDomainTrust(source.current(), 'watched.org').trustLevel !== 'ACADEMIC'; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(resolveDomainTrust(source.current(), 'watched.org').trustLevel, 'ACADEMIC');
  } finally {
    source.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('$LYRA_HOME/lyra.config.yaml is read when the working directory has none, and may widen reach', () => {
  const dir = tempDir();
  try {
    const home = join(dir, 'home');
    const project = join(dir, 'project');
    mkdirSync(home);
    mkdirSync(project);
    writeFileSync(
      join(home, 'lyra.config.yaml'),
      'providers:\n  searxng: { base_url: "http://127.0.0.1:8888" }\nfetch:\n  allow_private: ["http://127.0.0.1:8888"]\n',
    );
    const c = loadConfig({ cwd: project, env: { LYRA_HOME: home } });
    assert.equal(c.configFile, join(home, 'lyra.config.yaml'));
    assert.equal(c.configSource, 'home');
    assert.equal(c.networkTrusted, true);
    assert.deepEqual(c.raw.fetch?.allow_private, ['http://127.0.0.1:8888']);
    assert.equal(c.raw.providers?.searxng?.base_url, 'http://127.0.0.1:8888');
    assert.deepEqual(c.warnings, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('precedence: --config > $LYRA_CONFIG > ./lyra.config.yaml > $LYRA_HOME/lyra.config.yaml; one file is read and a hidden home file is a warning', () => {
  const dir = tempDir();
  try {
    const home = join(dir, 'home');
    const project = join(dir, 'project');
    mkdirSync(home);
    mkdirSync(project);
    const file = (p: string, contact: string): string => (writeFileSync(p, `contact_url: ${contact}\n`), p);
    const inHome = file(join(home, 'lyra.config.yaml'), 'https://home.example/');
    const local = file(join(project, 'lyra.config.yaml'), 'https://cwd.example/');
    const viaEnv = file(join(dir, 'env.yaml'), 'https://env.example/');
    const viaFlag = file(join(dir, 'flag.yaml'), 'https://flag.example/');
    const load = (o: { env?: Record<string, string>; configPath?: string }) =>
      loadConfig({ cwd: project, env: { LYRA_HOME: home, ...o.env }, ...(o.configPath ? { configPath: o.configPath } : {}) });
    const flag = load({ configPath: viaFlag, env: { LYRA_CONFIG: viaEnv } });
    assert.deepEqual([flag.contactUrl, flag.configSource, flag.networkTrusted], ['https://flag.example/', 'flag', true]);
    assert.deepEqual(flag.shadowedConfigFiles, [local, inHome]);
    assert.deepEqual(flag.warnings, [], 'a file the user named hides the others without a warning');
    const env = load({ env: { LYRA_CONFIG: viaEnv } });
    assert.deepEqual([env.contactUrl, env.configSource], ['https://env.example/', 'env']);
    const cwd = load({});
    assert.deepEqual([cwd.contactUrl, cwd.configSource, cwd.networkTrusted], ['https://cwd.example/', 'cwd', false]);
    assert.equal(cwd.warnings.length, 1);
    assert.ok(cwd.warnings[0]!.startsWith(`${inHome} not read: ${local} in the working directory takes precedence`), cwd.warnings[0]);
    rmSync(local);
    const fromHome = load({});
    assert.deepEqual([fromHome.contactUrl, fromHome.configSource, fromHome.shadowedConfigFiles], ['https://home.example/', 'home', []]);
    rmSync(inHome);
    const none = load({});
    assert.deepEqual([none.contactUrl, none.configFile, none.configSource], [DEFAULT_CONTACT_URL, undefined, undefined]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a malformed $LYRA_HOME/lyra.config.yaml is invalid input naming the file', () => {
  const dir = tempDir();
  try {
    const file = join(dir, 'lyra.config.yaml');
    writeFileSync(file, 'fetch:\n  timeout_ms: soon\n');
    assert.throws(
      () => loadConfig({ cwd: tmpdir(), env: { LYRA_HOME: dir } }),
      (e: unknown) =>
        e instanceof LyraError &&
        e.category === 'invalid_input' &&
        e.code === 'config_invalid' &&
        e.message.includes(`${file}:2`) &&
        e.message.includes('fetch.timeout_ms'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a section with nothing under it means "on, with its defaults"; an empty searxng section names the missing base_url', () => {
  const dir = tempDir();
  try {
    const file = join(dir, 'lyra.config.yaml');
    writeFileSync(file, 'providers:\n  duckduckgo:\nscholarly:\n  openalex:\n  pubmed:\nfetch:\n  cache:\nmodels:\n');
    const c = loadConfig({ cwd: dir, env: { LYRA_HOME: dir } });
    assert.deepEqual(c.raw.providers, { duckduckgo: {} });
    assert.deepEqual(c.raw.scholarly, { openalex: {}, pubmed: {} });
    assert.deepEqual(c.raw.fetch, { cache: {} });
    assert.deepEqual(c.raw.models, {});
    writeFileSync(file, 'providers:\n  searxng:\n');
    assert.throws(
      () => loadConfig({ cwd: dir, env: { LYRA_HOME: dir } }),
      (e: unknown) => e instanceof LyraError && /providers\.searxng\.base_url: required: the URL of a SearXNG instance/.test(e.message),
    );
    // A null where a value belongs is still an error (only sections may be empty).
    writeFileSync(file, 'contact_url:\n');
    assert.throws(
      () => loadConfig({ cwd: dir, env: { LYRA_HOME: dir } }),
      (e: unknown) => e instanceof LyraError && /contact_url/.test(e.message),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('store.url or $LYRA_DATABASE_URL names a PostgreSQL store (the env wins); anything but a postgres:// URL is refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-config-'));
  try {
    const file = join(dir, 'lyra.config.yaml');
    writeFileSync(file, 'store:\n  url: postgres://team@db.example:5432/lyra\n');
    const base = { cwd: dir, configPath: file };
    assert.deepEqual(loadConfig({ ...base, env: { LYRA_HOME: dir } }).store, { path: join(dir, 'lyra.db'), url: 'postgres://team@db.example:5432/lyra' });
    assert.equal(loadConfig({ ...base, env: { LYRA_HOME: dir, LYRA_DATABASE_URL: 'postgresql://me@localhost/x' } }).store.url, 'postgresql://me@localhost/x');
    mkdirSync(join(dir, 'elsewhere'));
    assert.equal(loadConfig({ cwd: join(dir, 'elsewhere'), env: { LYRA_HOME: join(dir, 'h') } }).store.url, undefined);
    assert.throws(() => loadConfig({ ...base, env: { LYRA_HOME: dir, LYRA_DATABASE_URL: 'mysql://x' } }), /LYRA_DATABASE_URL must be a postgres/);
    writeFileSync(file, 'store:\n  url: /var/lib/lyra.db\n');
    assert.throws(() => loadConfig({ ...base, env: { LYRA_HOME: dir } }), /expected a postgres:\/\/ or postgresql:\/\/ URL/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
