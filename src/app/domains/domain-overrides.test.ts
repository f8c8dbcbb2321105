import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveDomainTrust } from '../../policy/index.js';
import { createDomainPolicySource, loadConfig } from '../config/index.js';
import { setDomainOverride } from './domain-overrides.js';
import { uiSettings } from '../ui/ui.js';

test('a domain override creates $LYRA_HOME/domains.yaml when absent, the live policy reads it at once, and a later one replaces it keeping comments', () => {
  const home = mkdtempSync(join(tmpdir(), 'lyra-override-'));
  try {
    const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
    const policy = createDomainPolicySource({ ...config.domains, watch: false });
    assert.equal(resolveDomainTrust(policy.current(), 'news.example').trustLevel, 'UNVERIFIED');
    const first = setDomainOverride(
      { config, policy },
      { domain: 'News.Example', trustLevel: 'TRUSTED', reason: 'checked by hand', author: 'ana', via: 'lyra ui', now: new Date('2026-02-03T10:00:00Z') },
    );
    assert.deepEqual([first.file, first.created, first.domain, first.addedAt], [join(home, 'domains.yaml'), true, 'news.example', '2026-02-03']);
    const t = resolveDomainTrust(policy.current(), 'news.example');
    assert.deepEqual([t.trustLevel, t.origin, t.reason], ['TRUSTED', 'override', 'checked by hand (ana, lyra ui)']);

    writeFileSync(first.file, `# my overrides\n${readFileSync(first.file, 'utf8')}`);
    setDomainOverride({ config, policy }, { domain: 'news.example', trustLevel: 'LOW', reason: 'second look', author: 'ben', via: 'lyra ui' });
    const text = readFileSync(first.file, 'utf8');
    assert.match(text, /^# my overrides/);
    assert.equal(text.match(/domain: news\.example/g)!.length, 1);
    assert.equal(resolveDomainTrust(policy.current(), 'news.example').trustLevel, 'LOW');
    assert.throws(
      () => setDomainOverride({ config, policy }, { domain: 'news.example', trustLevel: 'LOW', reason: '  ', author: 'ben', via: 'x' }),
      /reason and an author/,
    );
    policy.close();
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('ui settings: loopback needs no token; beyond loopback a random one is made unless one is given', () => {
  const home = mkdtempSync(join(tmpdir(), 'lyra-uiset-'));
  try {
    const config = loadConfig({ env: { LYRA_HOME: home }, cwd: home });
    const local = uiSettings(config, { env: {} });
    assert.deepEqual([local.host, local.port, local.token, local.tokenGenerated], ['127.0.0.1', 3918, undefined, false]);
    const open = uiSettings(config, { env: {}, host: '0.0.0.0' });
    assert.ok(open.token && open.token.length >= 32 && open.tokenGenerated);
    const given = uiSettings(config, { env: { LYRA_UI_TOKEN: 'x'.repeat(20) }, host: '0.0.0.0', port: 0 });
    assert.deepEqual([given.token, given.tokenGenerated, given.port], ['x'.repeat(20), false, 0]);
    assert.deepEqual(local.runsDirs, [join(home, 'runs')]);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
