import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeFields, modelJudge, type EmbeddingModel, type EvidenceView } from '../../core/index.js';
import { closestByMeaning, shownText } from './closest-by-meaning.js';

const view = (id: string, quote: string, supports: number, decisiveSentence?: string): EvidenceView => ({
  edgeId: id,
  stance: 'neutral',
  confidence: 1 - supports,
  fragmentId: `frg_${id}`,
  quote,
  ...(decisiveSentence ? { decisiveSentence } : {}),
  locator: {},
  source: { pageId: `pg_${id}`, url: `corpus://c/${id}`, domain: 'c', trustLevel: 'ACADEMIC', sourceType: 'academic_paper', primary: true },
  ...judgeFields(modelJudge('embedded')),
  scores: { supports, refutes: 0.05, neutral: 0.95 - supports },
});

const STATEMENT = 'Masks reduce the spread of the virus.';

/** An encoder that puts the statement at [1, 0] and each other text where the table says (unknown texts at [0, 1]); records what it read. */
function tableEncoder(directions: Record<string, [number, number]>, read: string[][] = []): EmbeddingModel {
  return {
    name: 'table',
    dimensions: 2,
    embed: async (texts) => {
      read.push([...texts]);
      return texts.map((t) => Float32Array.from(t === STATEMENT ? [1, 0] : (directions[t] ?? [0, 1])));
    },
  };
}

// In the judge's order (largest lean first): a passage sharing a word, one on the finding, one between.
const word = view('w', 'The virus spread to 40 countries.', 0.7);
const finding = view('f', 'Whole paragraph on the cohort. Face coverings cut transmission by half.', 0.3, 'Face coverings cut transmission by half.');
const between = view('b', 'Masks were worn by most participants.', 0.5);
const JUDGE_ORDER = [word, finding, between];
const DIRECTIONS: Record<string, [number, number]> = {
  [word.quote]: [0.2, 1],
  'Face coverings cut transmission by half.': [1, 0.2],
  [between.quote]: [1, 1],
};

test('closestByMeaning: nearest the statement first, read as the reader sees each passage (its decisive sentence), at most `limit`', async () => {
  const read: string[][] = [];
  const out = await closestByMeaning(tableEncoder(DIRECTIONS, read), STATEMENT, JUDGE_ORDER, { limit: 2 });
  assert.deepEqual(
    out.map((e) => e.edgeId),
    ['f', 'b'],
  );
  // One encoder call: the statement, then each passage's shown text (the decisive sentence, not the whole quote).
  assert.deepEqual(read, [[STATEMENT, word.quote, 'Face coverings cut transmission by half.', between.quote]]);
  assert.equal(shownText(finding), 'Face coverings cut transmission by half.');
  assert.equal(shownText(word), word.quote);
});

test("closestByMeaning: equal cosines keep the judge's order", async () => {
  const same = tableEncoder({ [word.quote]: [1, 1], 'Face coverings cut transmission by half.': [1, 1], [between.quote]: [1, 1] });
  const out = await closestByMeaning(same, STATEMENT, JUDGE_ORDER, { limit: 3 });
  assert.deepEqual(
    out.map((e) => e.edgeId),
    ['w', 'f', 'b'],
  );
});

test("closestByMeaning: the judge's order, cut to `limit`, without an encoder or for a Japanese statement (the encoder reads English)", async () => {
  const none = await closestByMeaning(undefined, STATEMENT, JUDGE_ORDER, { limit: 2 });
  assert.deepEqual(
    none.map((e) => e.edgeId),
    ['w', 'f'],
  );
  const read: string[][] = [];
  const ja = await closestByMeaning(tableEncoder(DIRECTIONS, read), 'マスクはウイルスの拡散を減らす。', JUDGE_ORDER, { limit: 3 });
  assert.deepEqual(
    ja.map((e) => e.edgeId),
    ['w', 'f', 'b'],
  );
  assert.equal(read.length, 0);
  assert.deepEqual(await closestByMeaning(tableEncoder(DIRECTIONS), STATEMENT, [], { limit: 3 }), []);
});

test('closestByMeaning: an aborted signal stops the encoder call', async () => {
  const aborting: EmbeddingModel = {
    name: 'aborting',
    dimensions: 2,
    embed: async (_texts, o) => {
      o?.signal?.throwIfAborted();
      return [];
    },
  };
  const ac = new AbortController();
  ac.abort(new Error('stopped'));
  await assert.rejects(closestByMeaning(aborting, STATEMENT, JUDGE_ORDER, { limit: 3, signal: ac.signal }), /stopped/);
});
