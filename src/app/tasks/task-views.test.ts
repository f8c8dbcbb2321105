// The browser UI's task view over a real store: every claim in one read of the graph (materials with
// `uncapped`), truncated at maxClaims, the cap kept for everyone else; filters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLyraError } from '../../core/index.js';
import { writeSyntheticTask } from '../../test-support/synthetic-task.js';
import { createServeRuntime, filterClaims, loadConfig, loadTaskPage, taskGraphView } from '../index.js';

test('a task of 1,200 claims loads whole past the 1,000-claim materials page, is cut at maxClaims, and filters', async () => {
  const home = mkdtempSync(join(tmpdir(), 'lyra-views-'));
  const runtime = createServeRuntime(loadConfig({ env: { LYRA_HOME: home }, cwd: home }));
  try {
    writeSyntheticTask(runtime.store, { taskId: 'task_big', question: 'q', claims: 1_200 });
    const deps = { engine: runtime.engine, store: runtime.store };
    const page = loadTaskPage(deps, 'task_big', { maxClaims: 10_000 });
    assert.equal(page.doc.claims.length, 1_200);
    assert.equal(page.truncated, 0);
    const cut = loadTaskPage(deps, 'task_big', { maxClaims: 1_100 });
    assert.deepEqual([cut.doc.claims.length, cut.truncated], [1_100, 100]);
    assert.throws(
      () => runtime.engine.materials('task_big', { limit: 1_001 }),
      (e: unknown) => isLyraError(e) && e.code === 'invalid_argument',
      'the cap holds without uncapped',
    );
    assert.equal(filterClaims(page, { statuses: ['VERIFIED'] }).length, 200);
    assert.equal(filterClaims(page, { text: 'group 16.' }).length, 70);
    const graph = taskGraphView(page);
    assert.equal(graph.claims.length, 1_200);
    assert.equal(graph.sources.length, 120);
    // Sources are labelled by their titles, shortened (newcomer issue, item 8): not all alike by domain.
    assert.ok(
      graph.sources.every((s) => s.label === s.title && s.label.length <= 40 && s.label !== s.domain),
      JSON.stringify(graph.sources[0]),
    );
    // The first claims of the reading order are labelled at first zoom (item 8): eight, in materials order.
    assert.deepEqual(
      graph.claims.filter((c) => c.top).map((c) => c.id),
      page.doc.claims
        .filter((c) => c.rejected === undefined)
        .slice(0, 8)
        .map((c) => c.id),
    );
  } finally {
    await runtime.close();
    rmSync(home, { recursive: true, force: true });
  }
});
