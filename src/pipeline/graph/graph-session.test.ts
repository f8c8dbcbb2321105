// The graph phase reads the task graph once per query and keeps it current from its own writes: after
// every step the session's view must equal a fresh read of the store.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGraphSession, loadTaskGraph } from '../materials/index.js';
import { createGraphFixture, ruleStanceModel, tableTrust } from './graph.fixture.js';
import { recomputeTaskGraph, runGraphPhase } from './index.js';

const TABLE = { 'nih.gov': 'ACADEMIC', 'nature.com': 'ACADEMIC', 'example-blog.com': 'UNVERIFIED' } as const;

test("the session's graph equals a fresh read of the store after each query's graph phase and recompute", async () => {
  const fx = createGraphFixture();
  try {
    const deps = { store: fx.store, stance: ruleStanceModel(), trust: tableTrust(fx.store, TABLE), emit: fx.emit };
    const pages = [
      fx.addPage({
        url: 'https://pubmed.ncbi.nlm.nih.gov/1/',
        sourceType: 'academic_paper',
        paragraphs: ['Drug Y lowered blood pressure in elderly patients with hypertension.', 'Drug Y reduced strokes by 20 percent in the same trial.'],
      }),
      fx.addPage({
        url: 'https://www.nature.com/articles/y2',
        sourceType: 'academic_paper',
        paragraphs: ['Drug Y did not lower blood pressure in elderly patients with hypertension.'],
      }),
      fx.addPage({
        url: 'https://example-blog.com/y',
        paragraphs: ['Drug Y never reduced strokes in any trial.', 'Drug Y did not lower blood pressure in elderly patients with hypertension.'],
      }),
    ];
    // Three queries, each graphing one more page, as the engine does.
    for (const [i, page] of pages.entries()) {
      const session = createGraphSession(fx.store, fx.taskId);
      await runGraphPhase(deps, { taskId: fx.taskId, queryId: `q_${i}`, pageIds: [page.id], session });
      assert.deepEqual(session.graph(), loadTaskGraph(fx.store, fx.taskId), `after the graph phase of query ${i}`);
      recomputeTaskGraph(deps, { taskId: fx.taskId, session });
      assert.deepEqual(session.graph(), loadTaskGraph(fx.store, fx.taskId), `after the recompute of query ${i}`);
      assert.equal(session.loads, 1, 'the graph phase and the recompute read the task graph once');
    }
    assert.ok(fx.store.listEdges(fx.taskId, 'contradicts').length > 0, 'the runs made contradictions, so those writes were applied too');
  } finally {
    fx.close();
  }
});

test('a write the session cannot apply (a new fragment) makes its next read come from the store', () => {
  const fx = createGraphFixture();
  try {
    const session = createGraphSession(fx.store, fx.taskId);
    const before = session.graph();
    const page = fx.addPage({ url: 'https://nih.gov/a', paragraphs: ['Drug Z works.'] });
    // Written around the session: nothing recorded, the view is stale by design until something says so.
    assert.equal(session.graph().pageById.has(page.id), false);
    session.store.updatePage(page.id, { title: 'A' });
    assert.equal(session.graph().pageById.get(page.id)?.title, 'A');
    assert.notEqual(session.graph(), before);
  } finally {
    fx.close();
  }
});
