// queue_targets' duplicate rule and queue_reference_candidates' choice, against a recording engine:
// targets are compared as the engine records them (trimmed query and mode, normalized URL, canonical DOI).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Engine, EvidenceQueries, QueueOptions, QueuedItem, SearchTarget, TaskStatusView } from '../../core/index.js';
import { queueReferenceCandidates, queueTargets } from './queue-targets.js';

type Search = { queryId: string; text: string; kind: 'query' | 'url' | 'doi'; mode: 'normal' | 'refute'; status: string };

function recordingEngine(searches: Search[]): Pick<Engine, 'status' | 'queueSearches'> & { calls: Array<{ targets: SearchTarget[]; options?: QueueOptions }> } {
  let n = 0;
  const calls: Array<{ targets: SearchTarget[]; options?: QueueOptions }> = [];
  return {
    calls,
    status: () => ({ searches }) as unknown as TaskStatusView,
    queueSearches(_taskId, targets, options) {
      calls.push({ targets, ...(options ? { options } : {}) });
      return targets.map(
        (t): QueuedItem => ({
          queryId: `q_new_${n++}`,
          kind: 'query' in t ? 'query' : 'url' in t ? 'url' : 'doi',
          value: 'query' in t ? t.query : 'url' in t ? t.url : t.doi,
        }),
      );
    },
  };
}

const inFlight: Search[] = [
  { queryId: 'q_1', text: 'exercise blood pressure', kind: 'query', mode: 'normal', status: 'running' },
  { queryId: 'q_2', text: 'https://journal-a.test/articles/x', kind: 'url', mode: 'normal', status: 'pending' },
  { queryId: 'q_3', text: 'doi:10.1093/mind/lix.236.433', kind: 'doi', mode: 'normal', status: 'pending' },
  { queryId: 'q_4', text: 'finished query', kind: 'query', mode: 'normal', status: 'done' },
];

test('targets already in flight, or repeated in the call, are skipped; the rest are queued in order with the options', async () => {
  const engine = recordingEngine(inFlight);
  const r = await queueTargets(engine, {
    taskId: 'task_1',
    targets: [
      { query: '  exercise blood pressure ' },
      { query: 'exercise blood pressure', refute: true },
      { url: 'https://journal-a.test/articles/x#section' },
      { doi: 'https://doi.org/10.1093/MIND/LIX.236.433' },
      { query: 'finished query' },
      { query: 'new one' },
      { query: 'new one' },
    ],
    options: { maxPages: 5 },
  });
  assert.deepEqual(
    r.skipped.map((s) => [s.kind, s.queryId ?? 'in this call']),
    [
      ['query', 'q_1'],
      ['url', 'q_2'],
      ['doi', 'q_3'],
      ['query', 'in this call'],
    ],
  );
  assert.deepEqual(engine.calls[0]!.targets, [{ query: 'exercise blood pressure', refute: true }, { query: 'finished query' }, { query: 'new one' }]);
  assert.deepEqual(engine.calls[0]!.options, { maxPages: 5 });
  assert.equal(r.queued.length, 3);
  assert.deepEqual(
    (await queueTargets(recordingEngine(inFlight), { taskId: 'task_1', targets: [{ query: 'exercise blood pressure' }] })).queued,
    [],
    'nothing left to queue: no engine call',
  );
});

test('reference candidates: most influential first, DOI where known, include/exclude, limit, dry run', async () => {
  const columns = ['page_id', 'url', 'doi', 'title', 'fetch_status', 'trust_level', 'cited_by', 'influential', 'relevance'];
  const table = {
    columns,
    rowCount: 3,
    truncated: false,
    cutCells: 0,
    maxRows: 200,
    elapsedMs: 1,
    rows: [
      ['pg_a', 'https://doi.org/10.1/a', '10.1/a', 'A', 'abstract_only', 'ACADEMIC', 2, 1, 0.9],
      ['pg_b', 'https://b.test/paper', null, 'B', 'pending', 'UNVERIFIED', 1, 0, 0.4],
      ['pg_c', 'https://doi.org/10.1093/mind/lix.236.433', '10.1093/mind/lix.236.433', 'C', 'abstract_only', 'ACADEMIC', 1, 0, 0.3],
    ],
  };
  const evidence = { queryView: async () => table } as unknown as EvidenceQueries;
  const dry = await queueReferenceCandidates({ engine: recordingEngine([]), evidence }, { taskId: 'task_1', limit: 10, dryRun: true });
  assert.deepEqual(
    dry.candidates.map((c) => [c.pageId, c.target]),
    [
      ['pg_a', 'doi'],
      ['pg_b', 'url'],
      ['pg_c', 'doi'],
    ],
  );
  assert.deepEqual([dry.queuedCount, dry.totalCandidates, dry.dryRun], [0, 3, true]);

  const engine = recordingEngine(inFlight);
  const r = await queueReferenceCandidates({ engine, evidence }, { taskId: 'task_1', limit: 10, dryRun: false, excludeIds: ['pg_b'] });
  assert.deepEqual(engine.calls[0]!.targets, [{ doi: '10.1/a' }]);
  assert.deepEqual(
    r.candidates.map((c) => [c.pageId, c.queryId, c.skipped]),
    [
      ['pg_a', 'q_new_0', undefined],
      ['pg_c', 'q_3', 'duplicate'],
    ],
  );
  assert.deepEqual([r.queuedCount, r.skippedCount], [1, 1]);
  const only = await queueReferenceCandidates(
    { engine: recordingEngine([]), evidence },
    { taskId: 'task_1', limit: 1, dryRun: true, includeIds: ['pg_b', 'pg_c'] },
  );
  assert.deepEqual(
    only.candidates.map((c) => c.pageId),
    ['pg_b'],
  );
});
