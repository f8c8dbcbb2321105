// `lyra consensus "<topic>"`: the multi-agent consensus workflow (seed 004). Writes the final report
// and a transparency file; shows each agent's progress on a terminal.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { defaultConsensusOutDir, writeConsensusOutputs } from '../../app/consensus/consensus-output.js';
import { CONSENSUS_PROVIDERS, runConsensus } from '../../app/consensus/consensus.js';
import { openOrCreateStore } from '../../app/open-store.js';
import { ensureOutputDir } from '../../app/output-path.js';
import { InvalidInputError } from '../../core/index.js';
import { MAX_AGENTS, MAX_ITERATIONS, MAX_RESULTS_PER_AGENT, type ConsensusResearchEvent } from '../../workflows/consensus/index.js';
import { repeatable } from '../repeatable.js';
import type { CliContext } from '../context.js';
import { printJson } from '../io.js';
import { createProgress } from '../progress.js';

const flagsSchema = z.strictObject({
  agents: z.coerce.number().int().min(1).max(MAX_AGENTS),
  iterations: z.coerce.number().int().min(1).max(MAX_ITERATIONS),
  corpus: z.string().min(1).optional(),
  provider: z.array(z.enum(CONSENSUS_PROVIDERS)).optional(),
  out: z.string().min(1).optional(),
  timeout: z.coerce.number().positive().max(86_400),
  maxResults: z.coerce.number().int().min(1).max(MAX_RESULTS_PER_AGENT),
  language: z.enum(['ja', 'en']).optional(),
  embeddings: z.boolean().optional(),
  json: z.boolean().optional(),
});

/** One progress line: the iteration, each agent's state, then the scoring step. */
function progressTracker(iterations: number): { line: () => string | undefined; on: (e: ConsensusResearchEvent) => void } {
  let iteration = 0;
  let scoring = false;
  const agents = new Map<number, string>();
  return {
    line: () =>
      iteration === 0
        ? undefined
        : [`iteration ${iteration}/${iterations}`, ...[...agents.entries()].map(([id, s]) => `agent ${id} ${s}`), ...(scoring ? ['scoring'] : [])].join(' · '),
    on: (e) => {
      if (e.type === 'iterationStarted') {
        iteration = e.iteration;
        scoring = false;
        agents.clear();
      } else if (e.type === 'agentStarted') agents.set(e.agentId, '…');
      else if (e.type === 'agentCompleted') {
        agents.set(e.agentId, e.success ? `✓ ${(e.durationMs / 1000).toFixed(1)}s` : '✗');
        scoring = [...agents.values()].every((v) => v !== '…');
      }
    },
  };
}

export function registerConsensusCommand(program: Command, ctx: CliContext): void {
  program
    .command('consensus')
    .argument('<topic>', "what to research; the report is written in the topic's language (Japanese or English)")
    .description('Research a topic with parallel agents, score their reports for conflicts, reliability and coverage, keep the best, iterate (seed 004)')
    .option('-a, --agents <n>', `parallel agents (1-${MAX_AGENTS})`, '3')
    .option('-i, --iterations <n>', `iterations (1-${MAX_ITERATIONS}); stops early after two improvements under 5 %`, '3')
    .option('--corpus <name>', 'search this local corpus (built-in: example, indexed on first use)')
    .option(
      '-p, --provider <name>',
      `search provider, repeatable or comma-separated: ${CONSENSUS_PROVIDERS.join(' | ')} (default: every local corpus and each configured web provider; scholarly is opt-in)`,
      repeatable,
    )
    .option('-o, --out <dir>', 'folder for report.md and transparency.json (default: $LYRA_HOME/runs/consensus-<time>)')
    .option('--timeout <seconds>', 'time limit of one agent in one iteration; it is aborted when reached', '300')
    .option('--max-results <n>', `sources each agent reads per iteration (1-${MAX_RESULTS_PER_AGENT})`, '10')
    .option('--language <ja|en>', "report language (default: the topic's)")
    .option('--embeddings', 'pair statements for conflict checks by meaning (models.embedding, the shipped encoder; slower) instead of by shared words')
    .option('--json', 'print JSON: {topic, task_id, report_path, transparency_path, final_score, iterations: [...]}')
    .addHelpText(
      'after',
      [
        '',
        "The run is an engine task: each agent query goes through Lyra's pipeline (search, fetch, extract, claims, stance,",
        'trust), so its pages, claims and edges are in the task graph (lyra task materials <task_id>).',
        'Each agent searches with its strategy (official / news / analysis modifiers, preferred source types, time range),',
        'reads the sources, quotes their claims verbatim and writes a report. Reports are scored: consistency (conflicts',
        'with the other reports, judged by the stance model: models.stance), reliability (trust levels of domains.yaml;',
        "a corpus document without a URL has its corpus's level) and coverage; total = relevance to the topic × (0.5/0.3/0.2).",
        'A report below relevance 0.3 is never selected (none in the first iteration: exit 1, consensus_no_relevant; none later:',
        'the run stops there). The best report is kept, its sources are skipped next time, and its open points are followed up.',
        'A yes/no topic ("Are …?") gets an Answer section: the verdict on its proposition, as in lyra research.',
        '',
        'Examples:',
        '  lyra consensus "sea level rise" --corpus example --agents 3 --iterations 2',
        '  lyra consensus "ワクチンの副反応" --provider searxng --out ./run1',
        '',
        'Exit codes: 0 ok, 1 the research failed (e.g. most agents failed twice), 2 invalid input.',
      ].join('\n'),
    )
    .action(async (topic: string, raw: Record<string, unknown>) => {
      const parsed = flagsSchema.safeParse(raw);
      if (!parsed.success)
        throw new InvalidInputError(`consensus: ${parsed.error.issues.map((i) => `--${String(i.path[0] ?? '')}: ${i.message}`).join('; ')}`, {
          code: 'invalid_flag',
        });
      const flags = parsed.data;
      if (!topic.trim()) throw new InvalidInputError('consensus: empty topic', { code: 'invalid_argument' });
      const config = ctx.config();
      // The run is an engine task (its evidence lands in the task graph), so the store is opened for writing.
      const store = ctx.track(openOrCreateStore(config.store));
      const progress = createProgress(ctx.io, { enabled: !flags.json });
      const tracker = progressTracker(flags.iterations);
      const onEvent = (e: ConsensusResearchEvent): void => {
        tracker.on(e);
        if (e.type === 'consensusSelected' && ctx.io.stderrIsTTY && !flags.json) {
          progress.done();
          ctx.io.stderr(`iteration ${e.iteration}: agent ${e.selectedAgentId} selected — ${e.reason}\n`);
        } else {
          const line = tracker.line();
          if (line) progress.update(line);
        }
      };
      // A --out that names a file is refused before the run, not after it.
      ensureOutputDir(resolve(ctx.cwd, flags.out ? flags.out : defaultConsensusOutDir(config)));
      const result = await runConsensus({
        config,
        topic,
        engine: {
          agentCount: flags.agents,
          iterationCount: flags.iterations,
          agentTimeoutMs: Math.round(flags.timeout * 1000),
          searchConfig: { providers: [], maxResultsPerAgent: flags.maxResults },
          ...(flags.language ? { language: flags.language } : {}),
        },
        ...(flags.corpus ? { corpus: flags.corpus } : {}),
        ...(flags.provider ? { providers: flags.provider } : {}),
        store,
        ...(flags.embeddings ? { embedding: true } : {}),
        onEvent,
      }).finally(() => progress.done());
      const outDir = flags.out ? flags.out : defaultConsensusOutDir(config);
      const { reportPath, transparencyPath } = await writeConsensusOutputs({ result, outDir: resolve(ctx.cwd, outDir) });
      const iterations = result.iterations.map((it) => ({
        iteration: it.iteration,
        selected_agent_id: it.selectedAgentId,
        selected_report_id: it.selectedReportId,
        selection_reason: it.selectionReason,
        best_total_score: Math.max(...it.scores.map((s) => s.totalScore)),
        conflicts: new Set(it.scores.flatMap((s) => s.conflicts.map((c) => c.conflictId))).size,
        failed_agents: (it.failedAgents ?? []).map((f) => ({ agent_id: f.agentId, attempt: f.attempt, category: f.category, error: f.error })),
        duration_ms: it.durationMs,
      }));
      if (flags.json) {
        return printJson(ctx.io, {
          topic: result.metadata.topic,
          language: result.metadata.language,
          task_id: result.taskId,
          report_path: reportPath,
          transparency_path: transparencyPath,
          final_score: {
            report_id: result.finalScore.reportId,
            total: result.finalScore.totalScore,
            consistency: result.finalScore.consistencyScore,
            reliability: result.finalScore.reliabilityScore,
            coverage: result.finalScore.coverageScore,
            conflicts: result.finalScore.conflicts.length,
            unverified: result.finalScore.unverifiedCount,
          },
          iterations,
          total_agent_runs: result.totalAgentRuns,
          terminated_early: result.metadata.terminatedEarly ?? false,
          total_duration_ms: result.totalDurationMs,
        });
      }
      const f = result.finalScore;
      ctx.io.stdout(
        [
          `report: ${reportPath}`,
          `transparency: ${transparencyPath}`,
          `evidence graph: task ${result.taskId} (lyra task materials ${result.taskId})`,
          `final score: ${(f.totalScore * 100).toFixed(1)}% (consistency ${f.consistencyScore.toFixed(3)}, reliability ${f.reliabilityScore.toFixed(3)}, coverage ${f.coverageScore.toFixed(3)}; ${f.conflicts.length} conflicts, ${f.unverifiedCount} unverified)`,
          ...iterations.map(
            (it) =>
              `iteration ${it.iteration}: agent ${it.selected_agent_id} selected, best ${(it.best_total_score * 100).toFixed(1)}%, ${it.conflicts} conflicts${it.failed_agents.length ? `, ${it.failed_agents.length} agent failures` : ''}`,
          ),
          `${result.iterations.length} iterations${result.metadata.terminatedEarly ? ` (stopped early: ${result.metadata.stopReason ?? 'improvements under 5 %'})` : ''}, ${result.totalAgentRuns} agent runs, ${(result.totalDurationMs / 1000).toFixed(1)} s`,
        ].join('\n') + '\n',
      );
    });
}
