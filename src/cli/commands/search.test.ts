// `lyra search --provider duckduckgo` through the CLI entry (cli/main.ts: flags → config → the
// configured fetcher → the provider) against a fake DuckDuckGo HTML endpoint on loopback, configured
// in $LYRA_HOME so its base URL's origin (only that one) may be loopback.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeDuckDuckGo } from '../../test-support/fake-duckduckgo.js';
import { runCli, tempHome } from '../../test-support/cli.js';

const RESULTS = [
  {
    url: 'https://www.who.int/news-room/fact-sheets/detail/hypertension',
    title: 'Hypertension',
    snippet: 'An estimated 1.28 billion adults have hypertension.',
  },
  {
    url: 'https://www.nhlbi.nih.gov/health/high-blood-pressure',
    title: 'High Blood Pressure - What Is High Blood Pressure?',
    snippet: 'Blood pressure is the force of blood pushing against artery walls.',
  },
];

test('lyra search --provider duckduckgo: hits from a fake DuckDuckGo on loopback, as JSON and as text; a bot check exits 1 and goes to the auth queue', async () => {
  const ddg = await startFakeDuckDuckGo((q) => (q === 'captcha please' ? 'bot_check' : RESULTS));
  const home = tempHome('lyra-ddg-cli-');
  try {
    writeFileSync(
      join(home, 'lyra.config.yaml'),
      [
        'providers:',
        '  duckduckgo:',
        `    base_url: "${ddg.baseUrl}"`,
        'fetch:',
        '  respect_robots: false',
        '  max_retries: 0',
        '  cache:',
        '    enabled: false',
        '',
      ].join('\n'),
    );
    const json = await runCli(['search', 'hypertension adults', '--provider', 'duckduckgo', '--limit', '5', '--json'], { home });
    assert.equal(json.code, 0, json.err);
    const out = JSON.parse(json.out) as { provider: string; hits: Array<{ url: string; title: string; rank: number }> };
    assert.equal(out.provider, 'duckduckgo');
    assert.deepEqual(
      out.hits.map((h) => [h.rank, h.url, h.title]),
      RESULTS.map((r, i) => [i + 1, r.url, r.title]),
      'the ad is skipped, redirect links unwrapped',
    );
    assert.deepEqual(ddg.requests()[0], { q: 'hypertension adults', kl: 'wt-wt' });

    const text = await runCli(['search', 'hypertension adults', '--provider', 'duckduckgo', '--limit', '1'], { home });
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /^1\. Hypertension\n {3}https:\/\/www\.who\.int\/news-room\/fact-sheets\/detail\/hypertension/);
    assert.doesNotMatch(text.out, /High Blood Pressure/, '--limit 1');

    const blocked = await runCli(['search', 'captcha please', '--provider', 'duckduckgo'], { home });
    assert.equal(blocked.code, 1);
    // The fetcher recognises the challenge and queues it for the user (lyra auth), never an empty result.
    assert.match(blocked.err, /captcha page .*added to the auth queue/);
    assert.equal(ddg.requests().length, 3);
  } finally {
    rmSync(home, { recursive: true, force: true });
    await ddg.web.close();
  }
});

test('lyra search --provider duckduckgo: the loopback base URL in a working-directory file is refused (no private-address allowance)', async () => {
  const ddg = await startFakeDuckDuckGo(() => RESULTS);
  const home = tempHome('lyra-ddg-cwd-');
  try {
    const project = join(home, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'lyra.config.yaml'), `providers:\n  duckduckgo:\n    base_url: "${ddg.baseUrl}"\nfetch:\n  max_retries: 0\n`);
    const r = await runCli(['search', 'q', '--provider', 'duckduckgo'], { home, cwd: project });
    assert.equal(r.code, 1, r.out);
    assert.match(r.err, /base_url of duckduckgo used without a private-address allowance/);
    assert.match(r.err, /SSRF guard refused/);
    assert.equal(ddg.requests().length, 0);
  } finally {
    rmSync(home, { recursive: true, force: true });
    await ddg.web.close();
  }
});
