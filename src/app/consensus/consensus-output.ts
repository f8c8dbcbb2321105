// The files of a consensus run: the final report (Markdown) and a transparency file (JSON) with
// every iteration's reports, scores, conflicts and selection reason, so a person can audit the choice.
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ConsensusResearchResult } from '../../workflows/consensus/index.js';
import type { LyraConfig } from '../config/index.js';
import { ensureOutputDir } from '../output-path.js';

export const CONSENSUS_REPORT_FILE = 'report.md';
export const CONSENSUS_TRANSPARENCY_FILE = 'transparency.json';
/** Identifies the transparency file's layout; bumped when a field changes meaning. */
export const CONSENSUS_TRANSPARENCY_FORMAT = 'lyra-consensus-transparency/1';

/** Default folder of a run: $LYRA_HOME/runs/consensus-<UTC timestamp>. */
export function defaultConsensusOutDir(config: LyraConfig, now = new Date()): string {
  return join(
    config.home,
    'runs',
    `consensus-${now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')}`,
  );
}

/**
 * The transparency record. Field names inside `iterations` are those of the library types
 * (IterationResult, ReportScore, ConflictDetail, AgentReport), so the file and the API read alike.
 */
export function consensusTransparency(result: ConsensusResearchResult): Record<string, unknown> {
  const last = result.iterations[result.iterations.length - 1]!;
  return {
    format: CONSENSUS_TRANSPARENCY_FORMAT,
    topic: result.metadata.topic,
    language: result.metadata.language,
    startedAt: result.metadata.startedAt,
    completedAt: result.metadata.completedAt,
    totalDurationMs: result.totalDurationMs,
    totalAgentRuns: result.totalAgentRuns,
    terminatedEarly: result.metadata.terminatedEarly ?? false,
    config: result.metadata.config,
    ...(result.metadata.stopReason ? { stopReason: result.metadata.stopReason } : {}),
    final: { iteration: last.iteration, selectedReportId: last.selectedReportId, selectedAgentId: last.selectedAgentId, score: result.finalScore },
    answer: result.answer ?? null,
    iterations: result.iterations.map((it) => ({
      iteration: it.iteration,
      durationMs: it.durationMs,
      attempts: it.attempts ?? 1,
      agentRuns: it.agentRuns,
      failedAgents: it.failedAgents ?? [],
      selectedReportId: it.selectedReportId,
      selectedAgentId: it.selectedAgentId,
      selectionReason: it.selectionReason,
      scores: it.scores,
      conflictCount: new Set(it.scores.flatMap((s) => s.conflicts.map((c) => c.conflictId))).size,
      reports: it.agentReports,
    })),
  };
}

/** Writes report.md and transparency.json into `outDir` (created); returns their absolute paths. */
export async function writeConsensusOutputs(options: {
  result: ConsensusResearchResult;
  outDir: string;
}): Promise<{ reportPath: string; transparencyPath: string }> {
  const dir = resolve(options.outDir);
  ensureOutputDir(dir);
  const reportPath = join(dir, CONSENSUS_REPORT_FILE);
  const transparencyPath = join(dir, CONSENSUS_TRANSPARENCY_FILE);
  await writeFile(reportPath, options.result.finalReport, 'utf8');
  await writeFile(transparencyPath, `${JSON.stringify(consensusTransparency(options.result), null, 2)}\n`, 'utf8');
  return { reportPath, transparencyPath };
}
