import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NonRetryableError, isLyraError } from '../../core/index.js';
import { DEFAULT_STRATEGIES } from './config.js';
import { ConsensusResearchEngine, type AgentInit, type ConsensusEngineDependencies } from './consensus-engine.js';
import type { ConsensusResearchEvent } from './events.js';
import type { ConsensusAgent } from './research-agent.js';
import { negationStance } from './test-support/doubles.js';
import type { AgentReport, IterationContext } from './types.js';

type Behaviour = (context: IterationContext, signal: AbortSignal, call: number) => Promise<AgentReport>;

/** A report of `sources` sources for agent `agentId`, with one statement. */
function report(agentId: number, context: IterationContext, sources: number, statement = 'Glaciers in the Alps are retreating quickly.'): AgentReport {
  return {
    agentId,
    reportId: `report-${agentId}-${context.iteration}`,
    content: `# T\n\n## Key findings\n\n- “${statement}” [1]\n`,
    sources: Array.from({ length: sources }, (_, i) => ({
      url: `https://s${agentId}.example/${context.iteration}/${i}`,
      title: `S${i}`,
      fetchedAt: 't',
      reliabilityScore: 0.4,
    })),
    strategy: DEFAULT_STRATEGIES[(agentId - 1) % 3]!,
    generatedAt: 't',
    durationMs: 0,
    // Five statements on the topic: a report about it (scoring-formulas REPORT_RELEVANCE_MIN_STATEMENTS).
    claims: [statement, ...ON_TOPIC].map((text, i) => ({ text, sourceUrl: `https://s${agentId}.example/${context.iteration}/${i}` })),
  };
}

// Worded so the negation double finds no conflict between them and the statements the tests vary.
const ON_TOPIC = [
  'The alpine glacier lost half of its volume between 1900 and 2020.',
  'Each alpine glacier shrank faster after 1980.',
  'An alpine glacier is expected to shrink further by 2100.',
  'Summer heat waves increase melting on every alpine glacier.',
];

function engineWith(behaviours: Behaviour[], config: ConstructorParameters<typeof ConsensusResearchEngine>[0] = {}) {
  const calls = behaviours.map(() => 0);
  const createAgent = ({ strategy }: AgentInit): ConsensusAgent => ({
    strategy,
    execute: (context, options) => behaviours[strategy.agentId - 1]!(context, options!.signal!, ++calls[strategy.agentId - 1]!),
  });
  const deps: ConsensusEngineDependencies = { judge: negationStance(), createAgent };
  const engine = new ConsensusResearchEngine({ agentCount: behaviours.length, ...config }, deps);
  const events: ConsensusResearchEvent[] = [];
  const types = [
    'researchStarted',
    'iterationStarted',
    'agentStarted',
    'agentCompleted',
    'scoringCompleted',
    'consensusSelected',
    'iterationCompleted',
    'researchCompleted',
    'researchFailed',
  ] as const;
  for (const t of types) engine.on(t, (e: ConsensusResearchEvent) => events.push(e));
  return { engine, events, calls };
}

const okAs =
  (agentId: number, sources: number, statement?: string): Behaviour =>
  async (ctx) =>
    report(agentId, ctx, sources, statement);

test('events arrive in the seed’s order with their payloads; the final score is the selected report’s', async () => {
  // Agent 2 reads the most sources and wins; agent 1's report is scores[0] (the seed's slip would report it).
  const { engine, events } = engineWith([okAs(1, 2), okAs(2, 9), okAs(3, 4)], { iterationCount: 2 });
  const result = await engine.research('alpine glaciers');
  const sequence = events.map((e) => ('iteration' in e ? `${e.type}:${e.iteration}` : e.type));
  const round = (i: number) => [
    `iterationStarted:${i}`,
    `agentStarted:${i}`,
    `agentStarted:${i}`,
    `agentStarted:${i}`,
    `agentCompleted:${i}`,
    `agentCompleted:${i}`,
    `agentCompleted:${i}`,
    `scoringCompleted:${i}`,
    `consensusSelected:${i}`,
    `iterationCompleted:${i}`,
  ];
  assert.deepEqual(sequence, ['researchStarted', ...round(1), ...round(2), 'researchCompleted']);

  const started = events[0] as Extract<ConsensusResearchEvent, { type: 'researchStarted' }>;
  assert.equal(started.topic, 'alpine glaciers');
  assert.equal(started.config.agentCount, 3);
  assert.equal(started.config.iterationCount, 2);
  const iterStarts = events.filter((e): e is Extract<ConsensusResearchEvent, { type: 'iterationStarted' }> => e.type === 'iterationStarted');
  assert.deepEqual(
    iterStarts.map((e) => [e.context.iteration, e.context.isInitial]),
    [
      [1, true],
      [2, false],
    ],
  );
  // Iteration 2 skips what iteration 1's selected report covered.
  assert.deepEqual(
    iterStarts[1]!.context.coveredSources,
    result.iterations[0]!.scores.find((s) => s.reportId === result.iterations[0]!.selectedReportId)!.sourceUrls,
  );
  const agentStarts = events.filter((e): e is Extract<ConsensusResearchEvent, { type: 'agentStarted' }> => e.type === 'agentStarted');
  assert.deepEqual(
    agentStarts.slice(0, 3).map((e) => [e.agentId, e.strategy.agentId, e.strategy.queryModifiers]),
    [
      [1, 1, ['公式', '発表', 'オフィシャル']],
      [2, 2, ['最新', 'ニュース', '速報']],
      [3, 3, ['分析', '考察', '懸念', '課題']],
    ],
  );
  const completed = events.filter((e): e is Extract<ConsensusResearchEvent, { type: 'agentCompleted' }> => e.type === 'agentCompleted');
  assert.ok(completed.every((e) => e.success && e.durationMs >= 0 && e.error === undefined));
  const scoring = events.filter((e): e is Extract<ConsensusResearchEvent, { type: 'scoringCompleted' }> => e.type === 'scoringCompleted');
  assert.deepEqual(
    scoring.map((e) => e.scores),
    result.iterations.map((it) => it.scores),
  );
  const selected = events.filter((e): e is Extract<ConsensusResearchEvent, { type: 'consensusSelected' }> => e.type === 'consensusSelected');
  assert.deepEqual(
    selected.map((e) => [e.selectedAgentId, e.reason]),
    result.iterations.map((it) => [it.selectedAgentId, it.selectionReason]),
  );
  assert.deepEqual(
    selected.map((e) => e.selectedAgentId),
    [2, 2],
  );
  const done = events.at(-1) as Extract<ConsensusResearchEvent, { type: 'researchCompleted' }>;
  assert.equal(done.result, result);

  const last = result.iterations[1]!;
  assert.equal(result.finalScore.reportId, last.selectedReportId);
  assert.notEqual(last.scores[0]!.reportId, last.selectedReportId);
  assert.equal(result.totalAgentRuns, 6);
  assert.equal(result.metadata.terminatedEarly, false);
  assert.match(result.finalReport, /^# Research report\n/); // an English topic gets an English report
});

test('one of three agents hangs: it is aborted at the timeout and the iteration proceeds with two', async () => {
  let abortReason: unknown;
  let ignoredSignal: AbortSignal | undefined;
  const hangs: Behaviour = (_ctx, signal) =>
    new Promise((_, reject) => {
      signal.addEventListener('abort', () => {
        abortReason = signal.reason;
        reject(signal.reason);
      });
    });
  const { engine, events } = engineWith([okAs(1, 3), okAs(2, 3), hangs], { iterationCount: 1, agentTimeoutMs: 30 });
  const result = await engine.research('glaciers');
  const it = result.iterations[0]!;
  assert.deepEqual(
    it.agentReports.map((r) => r.agentId),
    [1, 2],
  );
  assert.ok(isLyraError(abortReason) && abortReason.code === 'agent_timeout');
  assert.deepEqual(it.failedAgents, [{ agentId: 3, attempt: 1, error: 'agent 3 timed out after 30 ms', category: 'timeout', code: 'agent_timeout' }]);
  const failed = events.find((e) => e.type === 'agentCompleted' && !e.success) as Extract<ConsensusResearchEvent, { type: 'agentCompleted' }>;
  assert.deepEqual([failed.agentId, failed.success, failed.error], [3, false, 'agent 3 timed out after 30 ms']);
  assert.equal(it.attempts, 1);

  // An agent that ignores its signal entirely does not hold the iteration either; its signal is aborted.
  const deaf: Behaviour = (_ctx, signal) => {
    ignoredSignal = signal;
    return new Promise(() => undefined);
  };
  const second = await engineWith([okAs(1, 3), deaf, okAs(3, 3)], { iterationCount: 1, agentTimeoutMs: 30 }).engine.research('glaciers');
  assert.deepEqual(
    second.iterations[0]!.agentReports.map((r) => r.agentId),
    [1, 3],
  );
  assert.equal(ignoredSignal?.aborted, true);
});

test('timers are cleared: a run with a long agent timeout leaves no timer behind', async () => {
  const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  const before = timers();
  await engineWith([okAs(1, 3), okAs(2, 3), okAs(3, 3)], { iterationCount: 2, agentTimeoutMs: 600_000 }).engine.research('glaciers');
  assert.equal(timers(), before);
});

test('two of three agents fail: one retry of the iteration, then an error naming how many failed and why', async () => {
  const boom =
    (n: number): Behaviour =>
    async () => {
      throw new Error(`search provider down (${n})`);
    };
  const { engine, events, calls } = engineWith([boom(1), boom(2), okAs(3, 3)], { iterationCount: 2 });
  await assert.rejects(engine.research('glaciers'), (e: Error & { code?: string }) => {
    assert.equal(e.code, 'agents_failed');
    assert.equal(
      e.message,
      'consensus research: iteration 1 failed: 2 of 3 agents failed after 1 retry (agent 1: search provider down (1); agent 2: search provider down (2))',
    );
    return true;
  });
  assert.deepEqual(calls, [2, 2, 2]);
  assert.equal(events.filter((e) => e.type === 'agentStarted').length, 6);
  assert.equal(events.filter((e) => e.type === 'scoringCompleted').length, 0);
  const failed = events.at(-1) as Extract<ConsensusResearchEvent, { type: 'researchFailed' }>;
  assert.equal(failed.type, 'researchFailed');
  assert.match(failed.error.message, /2 of 3 agents failed after 1 retry/);
});

test('a majority failure that recovers on the retry goes on, and the runs are counted', async () => {
  const flaky =
    (agentId: number): Behaviour =>
    async (ctx, _s, call) => {
      if (call === 1) throw new Error('HTTP 503');
      return report(agentId, ctx, 3);
    };
  const { engine } = engineWith([flaky(1), flaky(2), okAs(3, 3)], { iterationCount: 1 });
  const result = await engine.research('glaciers');
  const it = result.iterations[0]!;
  assert.equal(it.attempts, 2);
  assert.deepEqual(
    it.failedAgents!.map((f) => [f.agentId, f.attempt, f.error]),
    [
      [1, 1, 'HTTP 503'],
      [2, 1, 'HTTP 503'],
    ],
  );
  assert.equal(it.agentReports.length, 3);
  assert.equal(result.totalAgentRuns, 6);
});

test('a later iteration whose agents find no source not read before ends the run with the consensus it had; the first iteration failing so is an error', async () => {
  // A small folder is read whole by the first iteration: the agents of the next have nothing new to read.
  const once =
    (agentId: number): Behaviour =>
    async (ctx) => {
      if (ctx.iteration === 1) return report(agentId, ctx, 3);
      throw new NonRetryableError(`research agent ${agentId}: no new source for "glaciers"`, { code: 'no_sources' });
    };
  const { engine } = engineWith([once(1), once(2), once(3)], { iterationCount: 3 });
  const result = await engine.research('glaciers');
  assert.equal(result.iterations.length, 1);
  assert.equal(result.metadata.terminatedEarly, true);
  assert.match(result.metadata.stopReason ?? '', /^iteration 2 found no source not read before \(consensus research: iteration 2 failed: 3 of 3 agents failed/);
  // Any other failure of a later iteration is still the run's.
  const mixed =
    (agentId: number): Behaviour =>
    async (ctx) => {
      if (ctx.iteration === 1) return report(agentId, ctx, 3);
      if (agentId === 1) throw new Error('search provider down');
      throw new NonRetryableError('no new source', { code: 'no_sources' });
    };
  await assert.rejects(engineWith([mixed(1), mixed(2), mixed(3)], { iterationCount: 2 }).engine.research('glaciers'), { code: 'agents_failed' });
  const never: Behaviour = async () => {
    throw new NonRetryableError('no new source', { code: 'no_sources' });
  };
  await assert.rejects(engineWith([never, never, never], { iterationCount: 2 }).engine.research('glaciers'), { code: 'agents_failed' });
});

test('early termination: two consecutive improvements under 5 % stop the run before iterationCount', async () => {
  const { engine, calls } = engineWith([okAs(1, 3), okAs(2, 3), okAs(3, 3)], { iterationCount: 5 });
  const result = await engine.research('glaciers');
  assert.equal(result.iterations.length, 3);
  assert.equal(result.metadata.terminatedEarly, true);
  assert.deepEqual(calls, [3, 3, 3]);
  assert.equal(result.totalAgentRuns, 9);
});

test('cancelling the run aborts the agents and rejects with the reason; bad configuration is invalid input', async () => {
  const controller = new AbortController();
  const waits: Behaviour = (_ctx, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  const { engine, events } = engineWith([waits, waits, waits], { iterationCount: 1 });
  const run = engine.research('glaciers', { signal: controller.signal });
  controller.abort(new Error('user stopped'));
  await assert.rejects(run, /user stopped/);
  assert.equal(events.at(-1)!.type, 'researchFailed');

  await assert.rejects(engine.research('  '), /topic: the topic is empty/);
  await assert.rejects(engine.research('x', { agentCount: 0 }), /agentCount/);
  assert.throws(() => new ConsensusResearchEngine({}, { judge: negationStance() }), /dependencies\.agents/);
});

test('off() removes a listener; conflicts between agents lower consistency', async () => {
  const { engine } = engineWith(
    [
      okAs(1, 3, 'Glaciers in the Alps are retreating quickly.'),
      okAs(2, 3, 'Glaciers in the Alps are not retreating quickly.'),
      okAs(3, 3, 'Glaciers in the Alps are retreating quickly.'),
    ],
    { iterationCount: 1 },
  );
  let seen = 0;
  const listener = () => void seen++;
  engine.on('agentStarted', listener);
  engine.off('agentStarted', listener);
  const result = await engine.research('glaciers');
  assert.equal(seen, 0);
  const byAgent = new Map(result.iterations[0]!.scores.map((s, i) => [result.iterations[0]!.agentReports[i]!.agentId, s]));
  assert.equal(byAgent.get(2)!.conflicts.length, 2);
  assert.equal(byAgent.get(1)!.conflicts.length, 1);
  assert.ok(byAgent.get(2)!.consistencyScore < byAgent.get(1)!.consistencyScore);
  assert.notEqual(result.iterations[0]!.selectedAgentId, 2);
});

test("a yes/no topic gets a verdict through the research verdict code: the selected report's statements judged against the proposition", async () => {
  const { fixedStance } = await import('./test-support/doubles.js');
  const createAgent = ({ strategy }: AgentInit): ConsensusAgent => ({ strategy, execute: async (ctx) => report(strategy.agentId, ctx, 3) });
  const engine = new ConsensusResearchEngine(
    { agentCount: 2, iterationCount: 1 },
    {
      judge: fixedStance({ stance: 'supports', confidence: 0.9, scores: { supports: 0.9, refutes: 0.05, neutral: 0.05 } }),
      createAgent,
    },
  );
  const result = await engine.research('Are alpine glaciers retreating?');
  assert.equal(result.answer?.proposition, 'Alpine glaciers are retreating.');
  assert.equal(result.answer?.verdict, 'supported');
  assert.match(result.finalReport, /^# [^\n]+\n\n## Answer\n\n\*\*Supported\*\* — Proposition judged: “Alpine glaciers are retreating\.”/);
  const bare = await engine.research('alpine glaciers');
  assert.equal(bare.answer, undefined);
});
