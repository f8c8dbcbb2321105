import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StanceModel } from '../../core/index.js';
import { normalizeClaim } from '../../extract/index.js';
import { createNliStanceModel } from '../../models/transformers/index.js';
import { MERGE_VETO_REFUTES, mergeVetoes, pairKey } from './merge-vetoes.js';

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
    claims: [UNRELATED, AGAINST, WORKERS, CRUCIAL, SUPPORTIVE, NURSES],
    firstNew: 0,
    similarity: () => 0.95,
    judge: () => judge,
  });
  assert.ok(vetoed.has(pairKey(UNRELATED, CRUCIAL)));
  assert.ok(vetoed.has(pairKey(SUPPORTIVE, AGAINST)));
  assert.equal(vetoed.has(pairKey(WORKERS, NURSES)), false);
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
  assert.equal((await mergeVetoes({ claims: [UNRELATED, AGAINST], firstNew: 0, similarity: () => 0.1, judge })).size, 0);
  assert.equal(built, 0);
  // One pair, read both ways; a refutes probability at the bar in either reading is a veto.
  const vetoed = await mergeVetoes({ claims: [UNRELATED, CRUCIAL], firstNew: 0, similarity: () => 0.95, judge });
  assert.deepEqual([...vetoed], [pairKey(UNRELATED, CRUCIAL)]);
  assert.deepEqual(asked.sort(), [`${CRUCIAL.statement} <- ${UNRELATED.statement}`, `${UNRELATED.statement} <- ${CRUCIAL.statement}`].sort());
  // Claims an earlier run merged are not asked about again: only pairs with a new claim.
  asked.length = 0;
  await mergeVetoes({ claims: [UNRELATED, CRUCIAL, AGAINST], firstNew: 2, similarity: () => 0.95, judge });
  assert.equal(
    asked.every((a) => a.includes(AGAINST.statement)),
    true,
  );
  // Without a judge, no veto.
  assert.equal((await mergeVetoes({ claims: [UNRELATED, CRUCIAL], firstNew: 0, similarity: () => 0.95, judge: undefined })).size, 0);
});
