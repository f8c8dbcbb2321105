// A claim read in its evidence's name for its subject: readings from the thesaurus (a table here, as
// WordNet gives these entries), candidates found by them, and a passage judged against the reading it uses.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Thesaurus } from '../../core/index.js';
import { claimReadings, readingFor } from './claim-readings.js';
import { createGraphFixture, ruleStanceModel, tableTrust } from './graph.fixture.js';
import { verifyStatement } from './index.js';

const TABLE: Readonly<Record<string, string[]>> = {
  aspirin: ['acetylsalicylic acid'],
  'vitamin c': ['ascorbic acid'],
  'mobile phones': ['cellular phone', 'cell'],
  coffee: ['java'],
};
const thesaurus: Thesaurus = { name: 'table', synonyms: (term) => TABLE[term] };

test('readings: the subject as the statement writes it replaced by each other name, first letter kept upper case; none without one', () => {
  assert.deepEqual(
    claimReadings({ statement: 'Aspirin prevents heart attacks.', slots: { subject: 'Aspirin' } }, thesaurus).map((r) => r.statement),
    ['Acetylsalicylic acid prevents heart attacks.'],
  );
  assert.deepEqual(
    claimReadings({ statement: 'Taking vitamin C shortens colds.', slots: { subject: 'vitamin C' } }, thesaurus).map((r) => [r.statement, r.terms]),
    [['Taking ascorbic acid shortens colds.', ['ascorbic', 'acid']]],
  );
  // A plural subject keeps its place; a one-word name of a single word ("cell", "java") is never a reading.
  assert.deepEqual(
    claimReadings({ statement: 'Mobile phones cause brain cancer.', slots: { subject: 'Mobile phones' } }, thesaurus).map((r) => r.statement),
    ['Cellular phone cause brain cancer.'],
  );
  assert.deepEqual(claimReadings({ statement: 'Coffee raises blood pressure.', slots: { subject: 'Coffee' } }, thesaurus), []);
  assert.deepEqual(claimReadings({ statement: 'Aspirin prevents heart attacks.', slots: {} }, thesaurus), []);
  assert.deepEqual(claimReadings({ statement: 'アスピリンは心臓発作を防ぐ。', slots: { subject: 'aspirin' } }, thesaurus), []);
});

test('a passage is read against the reading whose whole name it holds', () => {
  const readings = claimReadings({ statement: 'Aspirin prevents heart attacks.', slots: { subject: 'Aspirin' } }, thesaurus);
  assert.equal(readingFor(readings, 'Acetylsalicylic acid lowered the rate of heart attacks.')?.statement, 'Acetylsalicylic acid prevents heart attacks.');
  assert.equal(readingFor(readings, 'Folic acid lowered the rate of heart attacks.'), undefined);
});

test('verify: a document naming the subject otherwise is found and judged in its own name (with the thesaurus), not without it', async () => {
  for (const withThesaurus of [true, false]) {
    const fx = createGraphFixture();
    try {
      const stance = ruleStanceModel();
      const deps = {
        store: fx.store,
        stance,
        trust: tableTrust(fx.store, {}, { corpusLevel: 'ACADEMIC' }),
        emit: fx.emit,
        ...(withThesaurus ? { thesaurus } : {}),
      };
      const trial = fx.addPage({ url: 'corpus://c/trial', paragraphs: ['Acetylsalicylic acid prevents heart attacks in adults.'] });
      const unrelated = fx.addPage({ url: 'corpus://c/other', paragraphs: ['Acetylsalicylic acid was first made in 1897.'] });
      const out = await verifyStatement(deps, {
        taskId: fx.taskId,
        statement: 'Aspirin prevents heart attacks.',
        pageIds: [trial.id, unrelated.id],
        queries: ['aspirin heart attacks'],
      });
      // The rule judge supports at a word overlap of 0.6: the statement as written shares 3 of 6 words with
      // the trial, its reading all of them.
      assert.equal(out.supporting.length, withThesaurus ? 1 : 0, out.rationale);
      // The edge says what the judge read, so a reader can check the link; the statement stays the claim's.
      if (withThesaurus) assert.equal(out.supporting[0]!.readAs, 'Acetylsalicylic acid prevents heart attacks.');
      assert.equal(out.claim.statement, 'Aspirin prevents heart attacks.');
      // The history sentence shares no word with the statement: only a reading finds it as a candidate.
      const judged = new Set(
        fx.store
          .listEdges(fx.taskId)
          .filter((e) => e.kind !== 'cites' && 'fragmentId' in e)
          .map((e) => (e as { fragmentId: string }).fragmentId),
      );
      const otherFragments = fx.store.listFragments(unrelated.id).map((f) => f.id);
      assert.equal(
        otherFragments.some((id) => judged.has(id)),
        withThesaurus,
      );
    } finally {
      fx.close();
    }
  }
});
