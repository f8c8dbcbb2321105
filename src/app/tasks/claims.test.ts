import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLyraError, type ClaimScreen, type EmbeddingModel, type Fetcher, type FetchRequest } from '../../core/index.js';
import { documentClaims } from './claims.js';
import { loadConfig, type LyraConfig } from '../config/index.js';
import { buildClaimScreen } from '../models.js';
import { createShippedEncoder } from '../../models/index.js';

const HTML = `<html><head><title>Vaccines and hospitalization</title></head><body>
<nav>Home | About | Contact</nav><article><h1>Vaccines and hospitalization</h1>
<p>Published: 12 March 2021</p>
<p>COVID-19 vaccines reduced hospitalizations by 89% among adults over 65 in 2021. Researchers at Kyoto University found that
COVID-19 vaccines reduced hospitalizations by 89% among adults over 65 in 2021. What does this mean for you?</p>
<p>Masks are less effective than vaccines at preventing transmission. Sign up for our newsletter.</p>
<p>厚生労働省によると、2021年にワクチンは重症化を90%低下させた。本当に効果があるのか？</p>
</article></body></html>`;

test('documentClaims: an HTML file gives its checkable claims, normalized and merged with every source', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-claims-'));
  try {
    writeFileSync(join(dir, 'page.html'), HTML);
    const r = await documentClaims({ source: 'page.html', cwd: dir });
    assert.equal(r.title, 'Vaccines and hospitalization');
    assert.equal(r.url, `file://${join(dir, 'page.html')}`);
    assert.deepEqual(
      r.claims.map((c) => [c.statement, c.sources.length]),
      [
        ['COVID-19 vaccines reduced hospitalizations by 89% among adults over 65 in 2021.', 2],
        ['Masks are less effective than vaccines at preventing transmission.', 1],
        ['厚生労働省によると、2021年にワクチンは重症化を90%低下させた。', 1],
      ],
    );
    assert.deepEqual(r.claims[0]!.slots, { subject: 'COVID-19 vaccines', predicate: 'reduce', object: 'hospitalizations by 89%', time: 'in 2021' });
    assert.equal(r.claims[0]!.scope, 'among adults over 65');
    assert.deepEqual(r.claims[2]!.slots, { subject: 'ワクチン', predicate: '90%低下させた', object: '重症化', time: '2021年' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('documentClaims: a URL goes through the fetcher; a missing file is invalid input naming the path', async () => {
  const asked: FetchRequest[] = [];
  const fetcher: Fetcher = {
    async fetch(request) {
      asked.push(request);
      const body = new TextEncoder().encode('Smoking causes lung cancer. Is it true?');
      return {
        url: request.url,
        finalUrl: `${request.url}?final`,
        status: 200,
        headers: {},
        contentType: 'text/plain; charset=utf-8',
        body,
        text: '',
        charset: 'utf-8',
        fromCache: false,
        fetchedAt: '2024-01-01T00:00:00Z',
      };
    },
  };
  const r = await documentClaims({ source: 'https://example.org/a.txt', cwd: '/', fetcher: () => fetcher });
  assert.deepEqual(
    asked.map((a) => a.url),
    ['https://example.org/a.txt'],
  );
  assert.deepEqual(
    r.claims.map((c) => [c.statement, c.sources[0]!.source]),
    [['Smoking causes lung cancer.', 'https://example.org/a.txt?final']],
  );
  await assert.rejects(documentClaims({ source: 'nope/missing.html', cwd: '/tmp' }), (err: unknown) => {
    assert.ok(isLyraError(err));
    assert.equal(err.category, 'invalid_input');
    assert.match(err.message, /\/tmp\/nope\/missing\.html/);
    return true;
  });
  await assert.rejects(documentClaims({ source: 'https://example.org/', cwd: '/' }), /needs the HTTP fetcher/);
});

test('documentClaims with a claim screen: what it scores under its threshold is dropped and counted; another embedding model is a warning', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-claims-'));
  try {
    writeFileSync(join(dir, 'page.html'), HTML);
    const embedding: EmbeddingModel = {
      name: 'topic-test',
      dimensions: 2,
      embed: async (texts) => texts.map((t) => (/mask/i.test(t) ? Float32Array.from([0, 1]) : Float32Array.from([1, 0]))),
    };
    const claimScreen: ClaimScreen = { name: 'screen-test', embeddingModel: 'topic-test', dimensions: 2, threshold: 0.5, score: ({ vector }) => vector[0]! };
    const r = await documentClaims({ source: 'page.html', cwd: dir, embedding, claimScreen });
    assert.equal(r.screened, 1);
    assert.ok(!r.claims.some((c) => /Masks/.test(c.statement)));
    assert.equal(r.claims.length, 2);
    const other = await documentClaims({ source: 'page.html', cwd: dir, embedding, claimScreen: { ...claimScreen, embeddingModel: 'another-encoder' } });
    assert.equal(other.screened, 0);
    assert.equal(other.claims.length, 3);
    assert.ok(other.warnings.some((w) => w.includes('claim screen screen-test reads another-encoder vectors')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('buildClaimScreen: off unless models.claim_screen.enabled; on, the shipped file or the configured one', () => {
  const home = mkdtempSync(join(tmpdir(), 'lyra-screen-'));
  try {
    const config = (raw: string): LyraConfig => {
      writeFileSync(join(home, 'lyra.config.yaml'), raw);
      return loadConfig({ env: { LYRA_HOME: home }, cwd: home });
    };
    assert.equal(buildClaimScreen({ config: config('{}\n') }), undefined);
    assert.equal(buildClaimScreen({ config: config('models:\n  claim_screen:\n    enabled: false\n') }), undefined);
    assert.equal(buildClaimScreen({ config: config('models:\n  claim_screen:\n    enabled: true\n') })?.embeddingModel, createShippedEncoder().name);
    assert.throws(
      () => buildClaimScreen({ config: config('models:\n  claim_screen:\n    enabled: true\n    weights_path: ./missing.json\n') }),
      (e: unknown) => isLyraError(e) && e.code === 'model_file_unreadable',
    );
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
