// `lyra research "<question>"`: the autonomous claim-centric workflow (seed 001). Parses flags,
// shows progress (a line on a terminal, JSON lines with --json), stops cleanly on Ctrl-C and
// prints where the report, search log and artifacts went. Logic lives in app/research/research.ts.
import type { Command } from 'commander';
import { z } from 'zod';
import { resumeResearch, runResearch, DEFAULT_RESEARCH_OUT } from '../../app/research/research.js';
import { InvalidInputError, NonRetryableError, shownVerdict, verdictConfidenceText, type EngineEvent } from '../../core/index.js';
import {
  DEFAULT_MAX_MAJOR_CLAIMS,
  DEFAULT_RESEARCH_BUDGET,
  budgetLine,
  formatBudget,
  parseBudgetSpec,
  type ResearchBudget,
  type ResearchEvent,
  type ResearchResult,
} from '../../workflows/index.js';
import { repeatable } from '../repeatable.js';
import type { CliContext } from '../context.js';
import { printJsonLine } from '../io.js';
import { createProgress } from '../progress.js';

const flagsSchema = z.strictObject({
  corpus: z.string().trim().min(1).optional(),
  provider: z.array(z.string().trim().min(1)).optional(),
  lang: z.enum(['ja', 'en']).optional(),
  budget: z.string().optional(),
  out: z.string().min(1).optional(),
  purpose: z.enum(['overview', 'decision']).optional(),
  templates: z.coerce.number().int().min(1).max(3).optional(),
  maxMajor: z.coerce.number().int().min(0).max(1_000).optional(),
  resume: z.string().min(1).optional(),
  queue: z.boolean().optional(),
  json: z.boolean().optional(),
});

function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The terminal line: phase, round, searches, pages, claims, elapsed, the termination rule closest to firing, the current query. */
export function progressTracker(): { on: (e: ResearchEvent | EngineEvent) => string | undefined } {
  let phase = '';
  let round = 0;
  let searches = 0;
  let pages = 0;
  let claims = 0;
  let elapsed = 0;
  let closest = '';
  let query = '';
  const started = Date.now();
  return {
    on: (e) => {
      switch (e.type) {
        case 'research.phase':
          phase = e.phase.toUpperCase();
          break;
        case 'research.search':
          if (e.status === 'start') query = e.query;
          break;
        case 'research.round':
          closest = `${e.closest.rule} ${Math.round(e.closest.progress * 100)}%`;
          round = e.round;
          break;
        case 'research.progress':
          ({ searches, pages, claims, elapsedMs: elapsed } = e);
          if (e.closest) closest = `${e.closest.rule} ${Math.round(e.closest.progress * 100)}%`;
          break;
        default:
          if (!e.type.startsWith('research.')) return undefined;
      }
      if (!phase) return undefined;
      const parts = [
        phase,
        ...(phase === 'DEEP' ? [`round ${round + 1}`] : []),
        `${searches} queries`,
        `${pages} pages`,
        `${claims} claims`,
        clock(Math.max(elapsed, Date.now() - started)),
      ];
      if (closest) parts.push(`closest: ${closest}`);
      if (query) parts.push(`“${query.slice(0, 50)}”`);
      return parts.join(' · ');
    },
  };
}

/** `budget`: the run's, when known here (a resumed run keeps the budget it started with, not shown). */
function summary(r: ResearchResult, budget: ResearchBudget | undefined): string {
  const c = r.relevantCounts;
  const a = r.allCounts;
  const lines = [
    ...(r.answer
      ? [`answer: ${r.answer.verdict} (${verdictConfidenceText(shownVerdict(r.answer))})${r.answer.proposition ? ` — ${r.answer.proposition}` : ''}`]
      : []),
    `report: ${r.runDir}/${r.files.report}`,
    `report (one self-contained page): ${r.runDir}/${r.files.reportHtml}`,
    `search log: ${r.runDir}/${r.files.searchLog}`,
    `artifacts: ${r.files.artifacts.map((f) => `${r.runDir}/${f}`).join(', ')}`,
    `claims relevant to the question: VERIFIED ${c.VERIFIED}, CONDITIONED ${c.CONDITIONED}, CONTESTED ${c.CONTESTED}, REFUTED ${c.REFUTED}, UNSUPPORTED ${c.UNSUPPORTED}`,
    `all claims: VERIFIED ${a.VERIFIED}, CONDITIONED ${a.CONDITIONED}, CONTESTED ${a.CONTESTED}, REFUTED ${a.REFUTED}, UNSUPPORTED ${a.UNSUPPORTED}`,
    ...(budget ? [budgetLine(budget)] : []),
    `${r.searches} searches, ${r.deepRounds} DEEP round(s)${r.deepStop ? ` (stopped: ${r.deepStop.reasonEn})` : ''}, major claims searched against: ${r.majorClaims.searched} of ${r.majorClaims.total}, ${(r.elapsedMs / 1000).toFixed(1)} s`,
  ];
  if (r.warnings.length > 0) lines.push(`${r.warnings.length} warning(s): see the report's limitations`);
  return `${lines.join('\n')}\n`;
}

export function registerResearchCommand(program: Command, ctx: CliContext): void {
  program
    .command('research')
    .argument('[question]', 'the research question; the report and search log are written in its language (Japanese or English)')
    .description(
      'Research a question on its own: seven perspectives (WIDE), claims and gaps (NORMALIZE), gap rounds until the termination rules fire (DEEP), refutation searches for major claims (VERIFY), report + search log + JSON artifacts (INTEGRATE)',
    )
    .option('--corpus <name>', 'search this local corpus (built-in: example — 1,344 Wikipedia climate articles, indexed on first use)')
    .option(
      '-p, --provider <name>',
      'engine provider, repeatable or comma-separated: corpus, corpus:<name>, searxng, duckduckgo, semantic_scholar, openalex, crossref, arxiv, pubmed (default: every configured one)',
      repeatable,
    )
    .option('--lang <ja|en>', "report language (default: the question's)")
    .option('--budget <spec>', `pages=N,queries=N,seconds=N (any subset; a bare number is seconds). Default ${formatBudget(DEFAULT_RESEARCH_BUDGET)}`)
    .option('-o, --out <dir>', `parent folder of the run folder YYYYMMDD_HHMM (default ./${DEFAULT_RESEARCH_OUT})`)
    .option('--purpose <overview|decision>', 'overview lets low-risk claims be relaxed one status step (seed 001); decision never relaxes (default)')
    .option('--templates <n>', 'query templates per perspective in WIDE (1-3, default 2)')
    .option('--max-major <n>', `major claims searched against in VERIFY (default ${DEFAULT_MAX_MAJOR_CLAIMS})`)
    .option('--resume <run-dir|task-id>', 'continue a stopped or killed run in its own folder')
    .option(
      '--queue',
      'run the searches as jobs on `lyra worker` processes (needs a team database: LYRA_DATABASE_URL); planning, checks and the report stay here',
    )
    .option('--json', 'print JSON lines: every research and engine event, then the result')
    .addHelpText(
      'after',
      [
        '',
        'Writes <out>/YYYYMMDD_HHMM/: <topic>_report.md, search_log.md, raw_claims.json, normalized_claims.json, gaps.json,',
        'sub_questions.json, evidence.json, verified_claims.json, counterevidence_log.json (schemas in schemas/research/)',
        'and research_run.json. Ctrl-C stops cleanly; continue with lyra research --resume <run-dir>.',
        '',
        "The report opens with ## Answer (## 回答): a verdict on the question's proposition — supported, refuted, mixed or",
        '"insufficient evidence" — with the strongest quotes for and against, its confidence and what would change it.',
        'The same is `answer: {question, proposition, verdict, confidence, for, against, basis, prose}` in research_run.json and',
        'in the --json result (schemas/research/answer.schema.json). With models.llm a prose answer is written from the quotes',
        'and every sentence is checked by the stance model against the quotes it cites; unsupported ones are listed as removed.',
        '',
        'Examples:',
        '  lyra research "Is sea level rise accelerating?" --corpus example',
        '  lyra research "海面上昇は加速しているか" --corpus example --budget seconds=300,pages=80',
        '  lyra research --resume _outputs/research/20260101_0930',
        '  LYRA_DATABASE_URL=postgres://… lyra research "Is sea level rise accelerating?" --queue   (with lyra worker running)',
        '',
        'Exit codes: 0 completed, 1 failed, every search failed (research_no_source; the report lists the errors), the sources',
        'hold nothing relevant to the question (research_no_relevant, naming them; the report lists the nearest claims read)',
        'or interrupted (resumable), 2 invalid input.',
        'Without --corpus or --provider every configured source is searched, and the report and a warning name them.',
      ].join('\n'),
    )
    .action(async (question: string | undefined, raw: Record<string, unknown>) => {
      const parsed = flagsSchema.safeParse(raw);
      if (!parsed.success)
        throw new InvalidInputError(
          `research: ${parsed.error.issues.map((i) => `--${String(i.path[0] ?? '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${i.message}`).join('; ')}`,
          { code: 'invalid_flag' },
        );
      const f = parsed.data;
      if (f.resume && question) throw new InvalidInputError('research: give a question or --resume, not both', { code: 'invalid_argument' });
      if (f.resume && f.queue)
        throw new InvalidInputError('research: --queue applies to a new run; --resume runs the remaining searches in this process', {
          code: 'invalid_argument',
        });
      if (!f.resume && !question?.trim())
        throw new InvalidInputError('research: a question is required (or --resume <run-dir|task-id>)', { code: 'invalid_argument' });
      const budget = f.budget !== undefined ? parseBudgetSpec(f.budget) : undefined;
      const config = ctx.config();
      const progress = createProgress(ctx.io, { enabled: !f.json, intervalMs: 200 });
      const tracker = progressTracker();
      const onEvent = (e: ResearchEvent | EngineEvent): void => {
        if (f.json) {
          printJsonLine(ctx.io, e);
          return;
        }
        const line = tracker.on(e);
        if (line) progress.update(line);
      };
      const controller = new AbortController();
      const interrupt = (signal: string) => (): void => controller.abort(new Error(`${signal} received`));
      const onInt = interrupt('SIGINT (Ctrl-C)');
      const onTerm = interrupt('SIGTERM');
      process.once('SIGINT', onInt);
      process.once('SIGTERM', onTerm);
      let result: ResearchResult;
      try {
        result = f.resume
          ? await resumeResearch(config, { target: f.resume, cwd: ctx.cwd, signal: controller.signal, onEvent })
          : await runResearch(config, {
              question: question!,
              cwd: ctx.cwd,
              signal: controller.signal,
              onEvent,
              ...(f.corpus ? { corpus: f.corpus } : {}),
              ...(f.provider ? { providers: f.provider } : {}),
              ...(f.lang ? { language: f.lang } : {}),
              ...(budget ? { budget } : {}),
              ...(f.out ? { out: f.out } : {}),
              ...(f.purpose ? { purpose: f.purpose } : {}),
              ...(f.templates ? { templatesPerPerspective: f.templates } : {}),
              ...(f.maxMajor !== undefined ? { maxMajorClaims: f.maxMajor } : {}),
              ...(f.queue ? { queue: true } : {}),
            });
      } finally {
        process.removeListener('SIGINT', onInt);
        process.removeListener('SIGTERM', onTerm);
        progress.done();
      }
      if (f.json) printJsonLine(ctx.io, { type: 'research.result', ...result });
      else if (result.status === 'completed') ctx.io.stdout(summary(result, budget ?? (f.resume ? undefined : DEFAULT_RESEARCH_BUDGET)));
      if (result.status === 'completed' && result.searches > 0 && result.failedSearches === result.searches) {
        // A report built from nothing is not a result: say why, and how to run offline.
        const first = result.warnings.find((w) => w.code === 'query_failed')?.message;
        throw new NonRetryableError(
          `research: every search failed (${result.searches}), so no source was read; the report in ${result.runDir} lists the errors${first ? `, the first: ${first.slice(0, 300)}` : ''}. Without network, search a local corpus: --corpus example, or lyra corpus add <dir>`,
          { code: 'research_no_source', details: { runDir: result.runDir, taskId: result.taskId } },
        );
      }
      if (result.status === 'completed' && result.noRelevant) {
        // Never a report built from off-topic claims with exit 0: say what was searched, and how to search elsewhere.
        const sources = result.answer?.basis.sources_searched ?? [];
        throw new NonRetryableError(
          `research: no claim in the sources searched reached the relevance cut (searched: ${sources.join('; ') || 'none'}); the report in ${result.runDir} lists the nearest claims it read, if any. Search other sources: --corpus NAME (lyra corpus add <dir>), or --provider searxng|duckduckgo|semantic_scholar…`,
          { code: 'research_no_relevant', details: { runDir: result.runDir, taskId: result.taskId, sources } },
        );
      }
      if (result.status === 'stopped') {
        throw new NonRetryableError(`research stopped; continue with: lyra research --resume ${result.runDir}`, {
          code: 'research_interrupted',
          details: { runDir: result.runDir, taskId: result.taskId },
        });
      }
    });
}
