// Determinism (docs/PIPELINE.md): the same queries end with the same claims, edges and statuses
// whether or not a run was killed in the middle of phase 7 and run again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Store } from '../../core/index.js';
import { createGraphFixture, ruleStanceModel, tableTrust, type GraphFixture } from './graph.fixture.js';
import { recomputeTaskGraph, runGraphPhase, type GraphLimits } from './index.js';

const TABLE = { 'nih.gov': 'ACADEMIC', 'who.int': 'GOVERNMENT', 'nature.com': 'ACADEMIC' } as const;
const LIMITS: Partial<GraphLimits> = { stanceBatchSize: 2, candidatesPerClaim: 4 };

/** Three queries' pages: agreement, corroboration of an unknown site, a misinformation blog, a contested pair. */
const QUERIES: Array<Array<{ url: string; paragraphs: string[]; publishedAt?: string }>> = [
  [
    {
      url: 'https://pubmed.ncbi.nlm.nih.gov/11/',
      paragraphs: ['Drug X reduced mortality in adults with severe influenza.', 'Drug X caused nausea in some adults with severe influenza.'],
      publishedAt: '2021-04-01',
    },
    { url: 'https://health-site-a.com/x', paragraphs: ['Drug X reduced mortality in adults with severe influenza according to a trial.'] },
  ],
  [
    {
      url: 'https://www.who.int/news/x',
      paragraphs: ['Drug X reduced mortality in adults with severe influenza, the agency said.', 'Vaccination lowered hospital admissions among older adults.'],
    },
    {
      url: 'https://blog-b.net/post',
      paragraphs: ['Drug X never reduced mortality in adults with severe influenza.', 'Vaccination lowered hospital admissions among older adults.'],
    },
    { url: 'https://health-site-c.org/y', paragraphs: ['Vaccination lowered hospital admissions among older adults in 2020.'] },
  ],
  [
    { url: 'https://www.nature.com/articles/z', paragraphs: ['Drug Z improved survival in patients with sepsis.'] },
    { url: 'https://pubmed.ncbi.nlm.nih.gov/77/', paragraphs: ['Drug Z did not improve survival in patients with sepsis.'] },
  ],
];

function snapshot(store: Store, taskId: string): unknown {
  const claims = store
    .listClaims(taskId)
    .map(({ createdAt: _c, ...c }) => c)
    .sort((a, b) => a.id.localeCompare(b.id));
  const edges = store
    .listEdges(taskId)
    .map(({ createdAt: _c, ...e }) => e)
    .sort((a, b) => a.id.localeCompare(b.id));
  const domains = store.listDomainStates().map(({ updatedAt: _u, blockedAt, ...d }) => ({ ...d, blocked: blockedAt !== undefined }));
  return { claims, edges, domains };
}

async function runAll(
  fx: GraphFixture,
  options: { killAtCall?: number; killBeforeRecomputeOf?: number; recomputeTwice?: boolean } = {},
): Promise<{ killed: boolean }> {
  let killed = false;
  const controller = { current: new AbortController() };
  const stance = ruleStanceModel({
    onCall: (n) => {
      if (options.killAtCall !== undefined && n === options.killAtCall && !killed) {
        killed = true;
        controller.current.abort(new Error('simulated kill'));
        throw new Error('simulated kill');
      }
    },
  });
  const deps = { store: fx.store, stance, trust: tableTrust(fx.store, TABLE), emit: fx.emit, limits: LIMITS };
  for (const [i, pages] of QUERIES.entries()) {
    const pageIds = pages.map((p) => fx.addPage(p).id);
    for (let attempt = 0; ; attempt++) {
      try {
        await runGraphPhase(deps, { taskId: fx.taskId, queryId: `q_${i}`, pageIds, signal: controller.current.signal });
        if (options.killBeforeRecomputeOf === i && !killed) {
          killed = true;
          throw new Error('simulated kill');
        }
        recomputeTaskGraph(deps, { taskId: fx.taskId });
        if (options.recomputeTwice) recomputeTaskGraph(deps, { taskId: fx.taskId });
        break;
      } catch (error) {
        // The "resumed" run: a fresh signal, the same query again from what the store holds.
        if (attempt > 0 || (error as Error).message !== 'simulated kill') throw error;
        controller.current = new AbortController();
      }
    }
  }
  return { killed };
}

test('a run killed during phase 7 and resumed ends with the graph of an uninterrupted run', async () => {
  const base = createGraphFixture({ taskId: 'task_det' });
  let expected: unknown;
  const stance = ruleStanceModel();
  try {
    const deps = { store: base.store, stance, trust: tableTrust(base.store, TABLE), emit: base.emit, limits: LIMITS };
    for (const [i, pages] of QUERIES.entries()) {
      const pageIds = pages.map((p) => base.addPage(p).id);
      await runGraphPhase(deps, { taskId: base.taskId, queryId: `q_${i}`, pageIds });
      recomputeTaskGraph(deps, { taskId: base.taskId });
    }
    expected = snapshot(base.store, base.taskId);
    // The scenario exercises what it should: a block, a promotion, a contested pair, refutations.
    const s = expected as { claims: Array<{ status: string }>; domains: Array<{ domain: string; trustLevel: string }> };
    assert.ok(
      s.domains.some((d) => d.domain === 'blog-b.net' && d.trustLevel === 'BLOCKED'),
      JSON.stringify(s.domains),
    );
    assert.ok(
      s.domains.some((d) => d.domain === 'health-site-a.com' && d.trustLevel === 'LOW'),
      JSON.stringify(s.domains),
    );
    assert.ok(s.claims.some((c) => c.status === 'CONTESTED'));
    assert.ok(stance.calls >= 6, `expected several stance calls, got ${stance.calls}`);
  } finally {
    base.close();
  }
  for (let kill = 1; kill <= stance.calls; kill++) {
    const fx = createGraphFixture({ taskId: 'task_det' });
    try {
      const { killed } = await runAll(fx, { killAtCall: kill });
      assert.equal(killed, true);
      assert.deepEqual(snapshot(fx.store, fx.taskId), expected, `kill at stance call ${kill}`);
    } finally {
      fx.close();
    }
  }
  for (const [i] of QUERIES.entries()) {
    const fx = createGraphFixture({ taskId: 'task_det' });
    try {
      assert.equal((await runAll(fx, { killBeforeRecomputeOf: i })).killed, true);
      assert.deepEqual(snapshot(fx.store, fx.taskId), expected, `kill before the recompute of query ${i}`);
    } finally {
      fx.close();
    }
  }
  const twice = createGraphFixture({ taskId: 'task_det' });
  try {
    await runAll(twice, { recomputeTwice: true });
    assert.deepEqual(snapshot(twice.store, twice.taskId), expected, 'recompute run twice per query');
  } finally {
    twice.close();
  }
});
