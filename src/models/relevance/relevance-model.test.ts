import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { EmbeddingModel } from '../../core/index.js';
import { createShippedEncoder } from '../embedding/index.js';
import {
  RELEVANCE_MODEL_FORMAT,
  RELEVANCE_MODEL_FORMAT_V1,
  SIMILARITY_BATCH,
  createRelevanceModel,
  loadRelevanceModel,
  type RelevanceModelFile,
} from './relevance-model.js';

type V1 = Extract<RelevanceModelFile, { format: typeof RELEVANCE_MODEL_FORMAT_V1 }>;
/** A format-1 file (no title weight): what the tests of the mapping onto the cut read. */
const file = (over: Partial<V1> = {}): V1 => ({
  format: RELEVANCE_MODEL_FORMAT_V1,
  name: 'test-relevance',
  embedding_model: 'test-encoder',
  weights: [2, 2, 4],
  bias: -4,
  threshold: 0.2,
  cut: 0.3,
  ...over,
});

/** An encoder whose vector of a text is fixed by its first word: "q" and "near" point the same way, "far" away. */
function fakeEncoder(calls: number[] = []): EmbeddingModel {
  const byWord: Record<string, [number, number]> = { q: [1, 0], near: [1, 0], half: [0.6, 0.8], far: [0, 1] };
  return {
    name: 'test-encoder',
    dimensions: 2,
    async embed(texts) {
      calls.push(texts.length);
      return texts.map((t) => Float32Array.from(byWord[t.split(' ')[0]!] ?? [0, 1]));
    },
  };
}

test('combine puts the fitted threshold on the cut and keeps the order of the fitted probability', () => {
  const m = createRelevanceModel({ file: file(), encoder: fakeEncoder() });
  // p = sigmoid(2·rules + 2·[rules ≥ 0.3] + 4·cosine − 4): at the threshold 0.2 exactly when the relevance is at the cut.
  const logit = Math.log(0.2 / 0.8);
  const cosineAtThreshold = (logit + 4) / 4; // rules 0
  assert.ok(Math.abs(m.combine({ rules: 0, similarity: cosineAtThreshold }) - 0.3) < 1e-3);
  assert.ok(m.combine({ rules: 0, similarity: cosineAtThreshold + 0.05 }) > 0.3);
  assert.ok(m.combine({ rules: 0, similarity: cosineAtThreshold - 0.05 }) < 0.3);
  // More of either figure never lowers the relevance; the rules' own cut is a step up.
  assert.ok(m.combine({ rules: 0.2, similarity: 0.5 }) < m.combine({ rules: 0.3, similarity: 0.5 }));
  assert.ok(m.combine({ rules: 0.3, similarity: 0.2 }) < m.combine({ rules: 0.3, similarity: 0.6 }));
  for (const rules of [0, 0.5, 1])
    for (const similarity of [-1, 0, 1]) assert.ok(m.combine({ rules, similarity }) >= 0 && m.combine({ rules, similarity }) <= 1);
});

test('a format-2 model reads the title: a document about the question lifts its claim, a title about nothing never lowers it; no title reads as the claim', () => {
  const v2: RelevanceModelFile = { ...file(), format: RELEVANCE_MODEL_FORMAT, weights: [2, 2, 4, 3] };
  const m = createRelevanceModel({ file: v2, encoder: fakeEncoder() });
  assert.equal(m.readsTitles, true);
  assert.equal(createRelevanceModel({ file: file(), encoder: fakeEncoder() }).readsTitles, false);
  const claim = { rules: 0, similarity: 0.5 };
  assert.ok(m.combine({ ...claim, titleSimilarity: 0.9 }) > m.combine(claim));
  // A file name as title ("doc1"), far from the question: read as the claim's own cosine.
  assert.equal(m.combine({ ...claim, titleSimilarity: 0.05 }), m.combine(claim));
  assert.equal(m.combine(claim), m.combine({ ...claim, titleSimilarity: 0.5 }));
  // A format-1 model ignores a title it was not fitted on.
  const v1 = createRelevanceModel({ file: file(), encoder: fakeEncoder() });
  assert.equal(v1.combine({ ...claim, titleSimilarity: 0.9 }), v1.combine(claim));
});

test('similarities: the cosine of the question and each statement, in order, embedded in bounded batches', async () => {
  const calls: number[] = [];
  const m = createRelevanceModel({ file: file(), encoder: fakeEncoder(calls) });
  const sims = await m.similarities('q', ['near x', 'far y', 'half z']);
  assert.deepEqual(
    sims.map((s) => Math.round(s * 100) / 100),
    [1, 0, 0.6],
  );
  assert.deepEqual(await m.similarities('q', []), []);
  calls.length = 0;
  await m.similarities(
    'q',
    Array.from({ length: SIMILARITY_BATCH + 1 }, () => 'near'),
  );
  assert.deepEqual(calls, [1, SIMILARITY_BATCH, 1]);
  const aborted = AbortSignal.abort();
  await assert.rejects(m.similarities('q', ['near'], { signal: aborted }));
});

test('a model is bound to the encoder it was fitted on: another is refused, naming both', () => {
  assert.throws(
    () => createRelevanceModel({ file: file({ embedding_model: 'other-encoder' }), encoder: fakeEncoder() }),
    (err: Error & { code?: string }) => {
      assert.equal(err.code, 'relevance_encoder_mismatch');
      assert.match(err.message, /other-encoder/);
      assert.match(err.message, /test-encoder/);
      return true;
    },
  );
});

test('a file that is not a relevance model is an error naming it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-relevance-'));
  try {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...file(), weights: [1, 2] }));
    assert.throws(
      () => loadRelevanceModel({ encoder: fakeEncoder(), path: bad }),
      (err: Error & { code?: string }) => {
        assert.equal(err.code, 'model_file_invalid');
        assert.ok(err.message.includes(bad));
        return true;
      },
    );
    assert.throws(() => loadRelevanceModel({ encoder: fakeEncoder(), path: join(dir, 'missing.json') }), { code: 'model_file_unreadable' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the shipped model reads the shipped encoder: a claim in other words than the question becomes relevant, an unrelated one does not', async () => {
  const m = loadRelevanceModel({ encoder: createShippedEncoder() });
  assert.equal(m.cut, 0.3);
  const question = 'Does smoking worsen COVID-19 outcomes?';
  const [close, unrelated] = await m.similarities(question, [
    'Current smokers had a higher risk of severe COVID-19 and of death than people who never smoked.',
    'Sea level rose by about 20 cm over the twentieth century.',
  ]);
  assert.ok(close! > unrelated!);
  // Half the subject named by the rules (0.25 is below the cut) and the meaning close: relevant.
  assert.ok(m.combine({ rules: 0.25, similarity: close! }) >= m.cut);
  assert.ok(m.combine({ rules: 0.25, similarity: unrelated! }) < m.cut);
  // The rules' relevant claims stay relevant at a middling cosine (about 0.5 with no title about the
  // question), not when the encoder reads them as about something else.
  assert.ok(m.combine({ rules: 0.3, similarity: 0.55 }) >= m.cut);
  assert.ok(m.combine({ rules: 0.3, similarity: 0.4, titleSimilarity: 0.7 }) >= m.cut);
  assert.ok(m.combine({ rules: 0.3, similarity: unrelated! }) < m.cut);
});

test("the shipped model reads the title of the claim's document: the same finding counts more in a paper about the question than in one about something else", async () => {
  const m = loadRelevanceModel({ encoder: createShippedEncoder() });
  assert.equal(m.readsTitles, true);
  const question = 'Does smoking worsen COVID-19 outcomes?';
  const [claim, onTopic, offTopic] = await m.similarities(question, [
    'Patients with a history of it had twice the odds of admission to intensive care.',
    'Tobacco smoking and the severity of COVID-19: a cohort study',
    'Seasonal influenza vaccination in nursing homes',
  ]);
  const inPaper = (titleSimilarity: number): number => m.combine({ rules: 0, similarity: claim!, titleSimilarity });
  assert.ok(inPaper(onTopic!) > inPaper(offTopic!));
});

test('a relevance is never rounded across the cut: under the threshold it stays under 0.3, at it 0.3 or more', () => {
  const m = createRelevanceModel({ file: file(), encoder: fakeEncoder() });
  const logit = Math.log(0.2 / 0.8);
  const at = (logit + 4) / 4; // rules 0: the cosine at which p is the threshold
  for (const d of [1e-4, 1e-6, 1e-9]) {
    assert.ok(m.combine({ rules: 0, similarity: at - d }) < 0.3, `just under, by ${d}`);
    assert.ok(m.combine({ rules: 0, similarity: at + d }) >= 0.3, `just over, by ${d}`);
  }
});
