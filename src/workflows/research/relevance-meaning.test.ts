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

/** Reads "imidacloprid" as close to the question; relevant at a cosine of 0.8 or more whatever the rules say. */
function fakeModel(seen: string[][]): RelevanceModel {
  return {
    name: 'fake-relevance',
    embeddingModel: 'fake-encoder',
    cut: 0.3,
    async similarities(_question, statements) {
      seen.push([...statements]);
      return statements.map((s) => (/imidacloprid/i.test(s) ? 0.9 : 0.1));
    },
    combine: ({ rules, similarity }) => (rules >= 0.3 ? rules : similarity >= 0.8 ? 0.5 : rules),
  };
}

function run(question: string, relevanceModel?: RelevanceModel) {
  const engine = new MemoryEngine({ providers: { 'corpus:bees': DOCS } });
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
  await prepareMeaning(ctx, [KEY]);
  const relevance = createRelevance(ctx, [KEY, 'Another statement about bees.']);
  assert.ok(relevance(KEY) >= 0.3);
  assert.throws(() => relevance('Another statement about bees.'), /not prepared/);
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
