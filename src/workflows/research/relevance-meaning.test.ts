// Relevance by meaning in a research run (deps.relevanceModel): a claim that says what the question asks
// in other words counts as relevant, each statement's cosine is computed once per run, and a Japanese
// question keeps the term rules. The model here is a double with a fixed reading; the shipped one is
// tested in models/relevance and measured by bench:research.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RelevanceModel } from '../../core/index.js';
import { MemoryEngine } from '../test-support/memory-engine.js';
import type { MemoryDoc } from '../test-support/memory-docs.js';
import { runResearchWorkflow } from './run-research.js';
import { memoryOutput, memoryStateStore } from './test-support/fixtures.js';
import { createRelevance, prepareMeaning, runMeaning } from './relevance.js';
import { analyzeQuestion } from '../answer/index.js';
import { normalizeClaim } from '../../extract/index.js';

const QUESTION = 'Do neonicotinoid pesticides harm honeybees?';
const KEY = 'Sublethal doses of imidacloprid impair the foraging of honeybees: exposed workers made fewer trips and took longer to return to the hive.';
const DOCS: MemoryDoc[] = [
  {
    url: 'corpus://bees/field',
    trustLevel: 'ACADEMIC',
    title: 'Field study of honeybees',
    publishedAt: '2020-04-01',
    sentences: [KEY, 'Colonies of honeybees beside treated oilseed rape fields produced 30% fewer new queens.'],
  },
  {
    url: 'corpus://bees/varroa',
    trustLevel: 'ACADEMIC',
    title: 'Varroa mites and honeybees',
    publishedAt: '2019-06-01',
    sentences: ['Varroa mites spread deformed wing virus between honeybee colonies in Europe.'],
  },
];

/**
 * Reads "imidacloprid" and "neonicotinoid" as close to the question; relevant at a cosine of 0.8 or more
 * whatever the rules say, or (`readsTitles`) when its document's title is that close.
 */
function fakeModel(seen: string[][], options: { readsTitles?: boolean } = {}): RelevanceModel {
  return {
    name: 'fake-relevance',
    embeddingModel: 'fake-encoder',
    cut: 0.3,
    readsTitles: options.readsTitles ?? false,
    async similarities(_question, statements) {
      seen.push([...statements]);
      return statements.map((s) => (/imidacloprid|neonicotinoid/i.test(s) ? 0.9 : 0.1));
    },
    combine: ({ rules, similarity, titleSimilarity }) =>
      rules >= 0.3 ? rules : similarity >= 0.8 || (options.readsTitles && (titleSimilarity ?? 0) >= 0.8) ? 0.5 : rules,
  };
}

const LAB = 'In laboratory trials, bees fed sugar water with thiamethoxam lost their way home more often than control bees.';
const LAB_DOC: MemoryDoc = {
  url: 'corpus://bees/lab',
  trustLevel: 'ACADEMIC',
  title: 'Laboratory evidence on neonicotinoids',
  publishedAt: '2021-02-01',
  sentences: [LAB],
};

function run(question: string, relevanceModel?: RelevanceModel, docs: MemoryDoc[] = DOCS) {
  const engine = new MemoryEngine({ providers: { 'corpus:bees': docs } });
  const output = memoryOutput();
  const deps = { engine, state: memoryStateStore(), output, now: () => new Date('2026-01-01T09:30:00.000Z'), ...(relevanceModel ? { relevanceModel } : {}) };
  return { output, result: runResearchWorkflow(deps, { question, budget: { pages: 20, queries: 60, seconds: 600 } }) };
}

const relevanceOf = (output: ReturnType<typeof memoryOutput>): Map<string, number> => {
  const verified = JSON.parse(output.files.get('verified_claims.json')!) as { items: Array<{ statement: string; relevance: number }> };
  return new Map(verified.items.map((v) => [v.statement, v.relevance]));
};

test('by the term rules alone, a claim that names the pesticide but not the question’s words is not relevant', async () => {
  const { output, result } = run(QUESTION);
  const r = await result;
  assert.equal(r.status, 'completed');
  assert.ok((relevanceOf(output).get(KEY) ?? 0) < 0.3);
  assert.equal(r.noRelevant, true);
});

test('relevance by meaning makes it relevant, leaves the unrelated claim out, and reads each statement once per run', async () => {
  const seen: string[][] = [];
  const { output, result } = run(QUESTION, fakeModel(seen));
  const r = await result;
  assert.equal(r.status, 'completed');
  const relevance = relevanceOf(output);
  assert.ok(relevance.get(KEY)! >= 0.3, `relevance ${relevance.get(KEY)}`);
  assert.ok(relevance.get('Varroa mites spread deformed wing virus between honeybee colonies in Europe.')! < 0.3);
  assert.equal(r.noRelevant, false);
  const all = seen.flat();
  assert.ok(all.includes(KEY));
  assert.equal(new Set(all).size, all.length, 'no statement is embedded twice in a run');
});

test('a model that reads titles makes a claim relevant by its document: the title says what the claim does not, and each title is read once', async () => {
  const seen: string[][] = [];
  const { output, result } = run(QUESTION, fakeModel(seen, { readsTitles: true }), [...DOCS, LAB_DOC]);
  await result;
  const relevance = relevanceOf(output);
  assert.ok(relevance.get(LAB)! >= 0.3, `relevance ${relevance.get(LAB)}`);
  // The varroa document's title is read but is about something else.
  assert.ok(relevance.get('Varroa mites spread deformed wing virus between honeybee colonies in Europe.')! < 0.3);
  const all = seen.flat();
  assert.equal(all.filter((t) => t === 'Laboratory evidence on neonicotinoids').length, 1);
  // A model that does not read titles is never given one.
  const plain: string[][] = [];
  const without = run(QUESTION, fakeModel(plain), [...DOCS, LAB_DOC]);
  await without.result;
  assert.ok(relevanceOf(without.output).get(LAB)! < 0.3);
  assert.ok(!plain.flat().includes('Laboratory evidence on neonicotinoids'));
});

test('a Japanese question keeps the term rules: the encoder (English) is never asked', async () => {
  const seen: string[][] = [];
  const { result } = run('ネオニコチノイド系農薬はミツバチに害を与えるか？', fakeModel(seen));
  await result;
  assert.deepEqual(seen, []);
});

test('a relevance function refuses a statement whose cosine was not prepared instead of scoring it by the rules', async () => {
  const question = analyzeQuestion(QUESTION);
  const meaning = runMeaning(fakeModel([]), question)!;
  const ctx = { analyze: (s: string) => normalizeClaim({ text: s, source: 't' }), questions: [question], worth: () => true, meaning };
  await prepareMeaning(ctx, [{ statement: KEY }]);
  const relevance = createRelevance(ctx, [KEY, 'Another statement about bees.']);
  assert.ok(relevance({ statement: KEY }) >= 0.3);
  assert.throws(() => relevance({ statement: 'Another statement about bees.' }), /not prepared/);
  // So is a title, under a model that reads titles.
  const titled = { ...ctx, meaning: runMeaning(fakeModel([], { readsTitles: true }), question)! };
  await prepareMeaning(titled, [{ statement: KEY, titles: ['Field study of honeybees'] }]);
  const byTitle = createRelevance(titled, [KEY]);
  assert.ok(byTitle({ statement: KEY, titles: ['Field study of honeybees'] }) >= 0.3);
  assert.throws(() => byTitle({ statement: KEY, titles: ['A title never read'] }), /title was not prepared/);
});

test('a model whose threshold sits on another cut than the run’s is refused, naming both', () => {
  assert.throws(
    () => runMeaning({ ...fakeModel([]), cut: 0.4 }, analyzeQuestion(QUESTION)),
    (err: Error & { code?: string }) => {
      assert.equal(err.code, 'model_file_invalid');
      assert.match(err.message, /0\.4/);
      assert.match(err.message, /0\.3/);
      return true;
    },
  );
});
