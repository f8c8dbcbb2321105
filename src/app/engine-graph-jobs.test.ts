// Phase 7 through graph jobs (engine.runGraphJob, as `lyra worker`'s graph slots run it): on the loopback
// evidence web, a query whose graph step goes to a GraphJobRunner ends with the claims, statuses and
// edges of a query that ran it itself; a graph job run again changes nothing; a second graph step of a
// task waits (task_busy) while one runs, in this process or another. The runner here runs the job in
// this process; app/workers/graph-jobs.test.ts has the queue on a real PostgreSQL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isLyraError, type GraphJob, type GraphJobRunner } from '../core/index.js';
import { startEvidenceWeb } from '../test-support/evidence-web.js';
import { skipUnlessShared } from '../test-support/shared-data.js';
import { createEngine, loadConfig, type AppEngine } from './index.js';

const skip = skipUnlessShared('api_fixtures/semanticscholar/Paper.json');

const graphOf = (e: AppEngine, taskId: string): string[] => [
  ...e.store.listClaims(taskId).map((c) => `${c.statement} → ${c.status}`),
  ...e.store.listEdges(taskId).map((x) => ('fragmentId' in x ? `${x.kind} ${x.claimId} ${e.store.getFragment(x.fragmentId)?.text.slice(0, 60)}` : x.kind)),
];

test('graph jobs run the graph step the query would: same claims, statuses and edges; run again, nothing changes; one step of a task at a time', {
  skip,
}, async () => {
  // Two webs, two homes: a graph step may mark a domain BLOCKED (L6), which would change what the other run reads.
  const ew = await startEvidenceWeb();
  const ewPlain = await startEvidenceWeb();
  const config = loadConfig({ configPath: ew.configPath, env: { LYRA_HOME: ew.home } });
  const configPlain = loadConfig({ configPath: ewPlain.configPath, env: { LYRA_HOME: ewPlain.home } });
  const jobs: GraphJob[] = [];
  const ref: { engine?: AppEngine } = {};
  const runner: GraphJobRunner = {
    async run(job, { signal }) {
      jobs.push(job);
      // Two at once (a retried query's job while the first still runs): one runs, the other waits its turn.
      const [first, second] = await Promise.allSettled([ref.engine!.runGraphJob(job, { signal }), ref.engine!.runGraphJob(job, { signal })]);
      assert.equal(first.status, 'fulfilled');
      assert.ok(second.status === 'rejected' && isLyraError(second.reason) && second.reason.code === 'task_busy', 'the second graph step of the task waits');
    },
  };
  const plain = createEngine(configPlain, { resolver: ewPlain.resolver });
  const engine = (ref.engine = createEngine(config, { resolver: ew.resolver, graphJobs: runner }));
  try {
    const question = 'Does aerobic exercise lower blood pressure?';
    const b = await engine.createTask({ question });
    const outB = await engine.search(b.id, 'aerobic exercise blood pressure');
    const a = await plain.createTask({ question });
    const outA = await plain.search(a.id, 'aerobic exercise blood pressure');
    assert.equal(outB.status, 'done');
    assert.deepEqual(jobs, [{ taskId: b.id, queryId: outB.queryId }]);
    assert.ok(outB.claims.length > 0, 'the query read the claims its graph job stored');
    assert.deepEqual(graphOf(engine, b.id).sort(), graphOf(plain, a.id).sort());
    assert.deepEqual(outB.claims.map((c) => c.statement).sort(), outA.claims.map((c) => c.statement).sort());

    // Run again (the job retried after its completion was lost): the stored step is left as it is.
    const before = graphOf(engine, b.id);
    assert.deepEqual(await engine.runGraphJob(jobs[0]!), { ran: false });
    assert.deepEqual(graphOf(engine, b.id), before);

    // Another live process runs a graph step of the task: this one waits.
    const [item] = engine.record(b.id, [{ query: 'walking hypertension trial' }]);
    engine.store.saveCheckpoint(b.id, 'task:graph', { pid: process.ppid, heartbeatAt: Date.now() });
    await assert.rejects(engine.runGraphJob({ taskId: b.id, queryId: item!.queryId }), (e: unknown) => isLyraError(e) && e.code === 'task_busy');
    await assert.rejects(engine.runGraphJob({ taskId: b.id, queryId: 'q_missing' }), (e: unknown) => isLyraError(e) && e.code === 'query_not_found');
  } finally {
    await engine.close();
    await plain.close();
    await ew.close();
    await ewPlain.close();
  }
});
