import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StanceModel } from '../../core/index.js';
import { normalizeClaim } from '../../extract/index.js';
import { createNliStanceModel } from '../../models/transformers/index.js';
import { createGraphFixture, ruleStanceModel, tableTrust } from './graph.fixture.js';
import { runGraphPhase } from './index.js';
import { MERGE_VETO_REFUTES, claimPairKey, mergeablePairs, mergeVetoes } from './merge-vetoes.js';

const claim = (text: string) => normalizeClaim({ text, source: 'https://a.example/' });

// Check-COVID minimal pairs (MIT) that share every word but one, which the word guard does not know.
const UNRELATED = claim('Close monitoring of the fatality risk of COVID-19 is unrelated to preventing a second wave of infection.');
const CRUCIAL = claim('Close monitoring of the fatality risk of COVID-19 is crucial to preventing a second wave of infection.');
const AGAINST = claim('Young people in New York and Los Angeles are broadly against measures such as wearing face masks.');
const SUPPORTIVE = claim('Young people in New York and Los Angeles are broadly supportive of measures such as wearing face masks.');
// Near-duplicates that say the same finding.
const WORKERS = claim('Among health care workers, nurses in particular have been at significant risk of contracting COVID-19.');
const NURSES = claim('Nurses in particular have been at significant risk of contracting COVID-19.');

test('the shipped judge keeps apart claims a word apart that say opposite things, and lets a near-duplicate merge', async () => {
  const judge = createNliStanceModel();
  const vetoed = await mergeVetoes({
    pairs: mergeablePairs({ claims: [UNRELATED, AGAINST, WORKERS, CRUCIAL, SUPPORTIVE, NURSES], firstNew: 0, similarity: () => 0.95 }),
    batchSize: 8,
    judge: () => judge,
  });
  assert.ok(vetoed.has(claimPairKey(UNRELATED, CRUCIAL)));
  assert.ok(vetoed.has(claimPairKey(SUPPORTIVE, AGAINST)));
  assert.equal(vetoed.has(claimPairKey(WORKERS, NURSES)), false);
});

test('the judge is asked only about pairs the merge would join, both ways, and only built when there is one', async () => {
  const asked: string[] = [];
  let built = 0;
  const scripted: StanceModel = {
    name: 'scripted',
    async judge(pairs) {
      return pairs.map((p) => {
        asked.push(`${p.claim} <- ${p.passage}`);
        const refutes = p.claim === UNRELATED.statement ? MERGE_VETO_REFUTES : 0.1;
        return { stance: 'neutral', confidence: 0.5, scores: { supports: 0.1, refutes, neutral: 0.9 - refutes }, decisiveSentence: p.passage };
      });
    },
  };
  const judge = () => {
    built++;
    return scripted;
  };
  // Unrelated claims: nothing to merge, so no judge.
  assert.equal(
    (await mergeVetoes({ pairs: mergeablePairs({ claims: [UNRELATED, AGAINST], firstNew: 0, similarity: () => 0.1 }), batchSize: 8, judge })).size,
    0,
  );
  assert.equal(built, 0);
  // One pair, read both ways; a refutes probability at the bar in either reading is a veto.
  const vetoed = await mergeVetoes({ pairs: mergeablePairs({ claims: [UNRELATED, CRUCIAL], firstNew: 0, similarity: () => 0.95 }), batchSize: 8, judge });
  assert.deepEqual([...vetoed], [claimPairKey(UNRELATED, CRUCIAL)]);
  assert.deepEqual(asked.sort(), [`${CRUCIAL.statement} <- ${UNRELATED.statement}`, `${UNRELATED.statement} <- ${CRUCIAL.statement}`].sort());
  // Claims an earlier run merged are not asked about again: only pairs with a new claim.
  asked.length = 0;
  await mergeVetoes({ pairs: mergeablePairs({ claims: [UNRELATED, AGAINST, CRUCIAL], firstNew: 2, similarity: () => 0.95 }), batchSize: 8, judge });
  assert.ok(asked.length >= 2, asked.join('\n'));
  assert.equal(
    asked.every((a) => a.includes(CRUCIAL.statement)),
    true,
  );
  // Without a judge, no veto.
  assert.equal(
    (await mergeVetoes({ pairs: mergeablePairs({ claims: [UNRELATED, CRUCIAL], firstNew: 0, similarity: () => 0.95 }), batchSize: 8, judge: undefined })).size,
    0,
  );
});

test('in the graph phase, a pair the judge reads as contradicting stays two claims; without the judge the words merge it', async () => {
  const refuting: StanceModel = {
    name: 'scripted',
    async judge(pairs) {
      return pairs.map((p) => ({ stance: 'refutes', confidence: 0.9, scores: { supports: 0.05, refutes: 0.9, neutral: 0.05 }, decisiveSentence: p.passage }));
    },
  };
  for (const [mergeJudge, claims] of [
    [() => refuting, 2],
    [undefined, 1],
  ] as const) {
    const fx = createGraphFixture();
    try {
      const deps = { store: fx.store, stance: ruleStanceModel(), trust: tableTrust(fx.store, {}), emit: fx.emit, ...(mergeJudge ? { mergeJudge } : {}) };
      const a = fx.addPage({ url: 'https://a.example.org/', paragraphs: [UNRELATED.statement] });
      const b = fx.addPage({ url: 'https://b.example.org/', paragraphs: [CRUCIAL.statement] });
      await runGraphPhase(deps, { taskId: fx.taskId, queryId: 'q_1', pageIds: [a.id, b.id] });
      assert.equal(fx.store.listClaims(fx.taskId).length, claims, mergeJudge ? 'with the judge' : 'words alone');
    } finally {
      fx.close();
    }
  }
});
