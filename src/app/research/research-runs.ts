// Runs as the browser UI and `task materials --format html` show them: a research task's run folder
// (from its workflow state), its answer (research_run.json) with each quote's locator (evidence.json),
// its report files; and the consensus run folders under the runs folders. Files Lyra wrote are read
// back through their zod schemas: a file that does not match is an error naming it, never a guess.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InvalidInputError, shownVerdict, type Locator, type Store } from '../../core/index.js';
import { formatLocator, reportDocumentSchema, type HtmlAnswer, type HtmlQuote, type ReportDocument } from '../../report/index.js';
// The workflow modules by path, not the workflows barrel: the UI's run pages load what they read (issue 33).
import { closestQuoteSchema, type Answer, type AnswerQuote } from '../../workflows/answer/answer-schema.js';
import { RESEARCH_ARTIFACT_SCHEMAS } from '../../workflows/research/artifacts.js';
import { STRINGS } from '../../workflows/research/language.js';
import { researchRunSchema } from '../../workflows/research/research-run.js';
import { builtinDocumentLink } from '../corpus/builtin-corpora.js';
import { CONSENSUS_REPORT_FILE, CONSENSUS_TRANSPARENCY_FILE, CONSENSUS_TRANSPARENCY_FORMAT } from '../consensus/consensus-output.js';
import { RESEARCH_RUN_FILE, RESEARCH_STATE_KEY } from './research-files.js';

/** Largest run file read (research_run.json, evidence.json, a report): a bigger one is an error, not a slow page. */
export const MAX_RUN_FILE_BYTES = 64 * 1024 * 1024;
/** Consensus run folders listed per runs folder at most (newest first). */
export const MAX_LISTED_RUNS = 500;

/**
 * What the claim pages need of verified_claims.json: each claim's closest passage. Read loosely, as the state is,
 * so a run written by an earlier version (its items without a field added since) is still shown.
 */
const closestOfClaimsSchema = z.looseObject({
  items: z.array(z.looseObject({ claim_id: z.string(), closest: z.array(closestQuoteSchema).optional() })),
});

/** What a run's view needs of the workflow state (any version of it: older runs are still shown). */
const statePointerSchema = z.looseObject({ question: z.string(), runDir: z.string().optional() });

export interface ResearchRunInfo {
  taskId: string;
  runDir: string;
  question: string;
  status?: 'completed' | 'stopped';
  answer?: Answer;
  /** File names in runDir. */
  reportFile?: string;
  reportHtmlFile?: string;
  /** The report as data (`<topic>_report.json`, report/ ReportDocument): what the UI renders the report from. */
  reportDocumentFile?: string;
  /** Locator of each evidence item of the run (evidence.json), by evidence id. */
  locators: Map<string, Locator>;
  /** The policy report.html was written under (research_run.json; absent for runs written before it). */
  reportHtmlCsp?: string;
}

function readRunFile(file: string): string {
  const size = statSync(file).size;
  if (size > MAX_RUN_FILE_BYTES)
    throw new InvalidInputError(`runs: ${file} is ${size} bytes, more than ${MAX_RUN_FILE_BYTES}`, { code: 'run_file_too_large', details: { file } });
  return readFileSync(file, 'utf8');
}

function parseRunJson<T>(file: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readRunFile(file));
  } catch (cause) {
    throw new InvalidInputError(`runs: ${file} is not JSON: ${(cause as Error).message}`, { code: 'run_file_invalid', details: { file }, cause });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new InvalidInputError(`runs: ${file} does not match its schema: ${parsed.error.issues[0]?.message ?? ''}`, {
      code: 'run_file_invalid',
      details: { file },
    });
  return parsed.data;
}

/** The research run of a task, or undefined when the task was not started by `lyra research` (or its folder is gone). */
export function researchRunOf(store: Store, taskId: string): ResearchRunInfo | undefined {
  const payload = store.loadCheckpoint(taskId, RESEARCH_STATE_KEY)?.payload;
  if (payload === undefined) return undefined;
  const state = statePointerSchema.safeParse(payload);
  if (!state.success)
    throw new InvalidInputError(`runs: the research state of task ${taskId} does not match its schema`, {
      code: 'research_state_invalid',
      details: { taskId },
    });
  const runDir = state.data.runDir;
  if (!runDir || !existsSync(runDir)) return undefined;
  const names = readdirSync(runDir);
  const runFile = join(runDir, RESEARCH_RUN_FILE);
  const run = existsSync(runFile) ? parseRunJson(runFile, researchRunSchema) : undefined;
  const locators = new Map<string, Locator>();
  const evidenceFile = join(runDir, 'evidence.json');
  if (existsSync(evidenceFile)) for (const e of parseRunJson(evidenceFile, RESEARCH_ARTIFACT_SCHEMAS.evidence).items) locators.set(e.evidence_id, e.locator);
  const reportFile = names.find((n) => n.endsWith('_report.md'));
  const reportHtmlFile = names.find((n) => n.endsWith('_report.html'));
  const reportDocumentFile = names.find((n) => n.endsWith('_report.json'));
  return {
    taskId,
    runDir,
    question: state.data.question,
    locators,
    ...(run?.status ? { status: run.status } : {}),
    ...(run?.answer ? { answer: run.answer } : {}),
    ...(run?.report_html_csp ? { reportHtmlCsp: run.report_html_csp } : {}),
    ...(reportFile ? { reportFile } : {}),
    ...(reportHtmlFile ? { reportHtmlFile } : {}),
    ...(reportDocumentFile ? { reportDocumentFile } : {}),
  };
}

function answerQuote(q: AnswerQuote & { leans?: 'supports' | 'refutes' }, stance: 'supports' | 'refutes', run: ResearchRunInfo, lang: 'en' | 'ja'): HtmlQuote {
  const locator = (q.evidence_id ? run.locators.get(q.evidence_id) : undefined) ?? q.locator;
  const link = q.link ?? builtinDocumentLink(q.url) ?? undefined;
  return {
    text: q.quote,
    stance,
    ...(q.leans ? { leans: q.leans } : {}),
    stated: false,
    confidence: q.stance_confidence,
    source: { url: q.url, ...(link ? { link } : {}), ...(q.title ? { title: q.title } : {}), domain: '', trustLevel: q.tier },
    locator: locator ? formatLocator(locator) : lang === 'ja' ? '位置情報なし' : 'no locator',
    ...(q.read_as ? { readAs: STRINGS[lang].readAs(q.read_as) } : {}),
  };
}

/**
 * The closest passage the run showed for each claim that only its own source states (verified_claims.json
 * `closest`; report.md's "No other source's passage passed the judge's bar; the closest read"), by claim id, as
 * the HTML renderers show a quote. Read here, for the task page, not in researchRunOf: the tasks and runs lists
 * read every run and need none of it.
 */
export function htmlClosestOf(run: ResearchRunInfo, lang: 'en' | 'ja'): Map<string, HtmlQuote[]> {
  const closest = new Map<string, HtmlQuote[]>();
  const file = join(run.runDir, 'verified_claims.json');
  if (!existsSync(file)) return closest;
  for (const c of parseRunJson(file, closestOfClaimsSchema).items)
    if (c.closest?.length)
      closest.set(
        c.claim_id,
        c.closest.map((q) => answerQuote(q, q.leans, run, lang)),
      );
  return closest;
}

/** The run's answer as the HTML renderers show it (verdict in the question's language). */
export function htmlAnswerOf(run: ResearchRunInfo, lang: 'en' | 'ja'): HtmlAnswer | undefined {
  const a = run.answer;
  if (!a) return undefined;
  const prose = a.prose?.sentences
    .filter((s) => s.kept)
    .map((s) => s.text)
    .join(' ');
  return {
    verdict: STRINGS[lang].verdictLabel[a.verdict],
    shown: shownVerdict(a),
    ...(a.proposition ? { proposition: a.proposition } : {}),
    confidence: a.confidence,
    summary: a.basis.summary,
    whatWouldChange: a.basis.what_would_change,
    for: a.for.map((q) => answerQuote(q, 'supports', run, lang)),
    against: a.against.map((q) => answerQuote(q, 'refutes', run, lang)),
    ...(a.closest.length > 0 ? { closest: a.closest.map((q) => answerQuote(q, q.leans, run, lang)) } : {}),
    ...(prose ? { prose } : {}),
  };
}

const transparencySchema = z.looseObject({
  format: z.literal(CONSENSUS_TRANSPARENCY_FORMAT),
  topic: z.string(),
  language: z.string().optional(),
  startedAt: z.string(),
  completedAt: z.string().optional(),
});

export interface ConsensusRunInfo {
  /** The folder's name: the run's id in the UI. */
  id: string;
  dir: string;
  topic: string;
  startedAt: string;
  completedAt?: string;
  reportFile: string;
}

/** Consensus run folders (a report.md and a transparency.json of the current format) in the runs folders, newest first. */
export function listConsensusRuns(dirs: readonly string[]): ConsensusRunInfo[] {
  const out: ConsensusRunInfo[] = [];
  for (const parent of dirs) {
    if (!existsSync(parent)) continue;
    const names = readdirSync(parent).sort().reverse().slice(0, MAX_LISTED_RUNS);
    for (const id of names) {
      const dir = join(parent, id);
      const t = join(dir, CONSENSUS_TRANSPARENCY_FILE);
      if (!existsSync(t) || !existsSync(join(dir, CONSENSUS_REPORT_FILE))) continue;
      const meta = parseRunJson(t, transparencySchema);
      out.push({
        id,
        dir,
        topic: meta.topic,
        startedAt: meta.startedAt,
        ...(meta.completedAt ? { completedAt: meta.completedAt } : {}),
        reportFile: CONSENSUS_REPORT_FILE,
      });
    }
  }
  return out.sort((a, b) => (a.startedAt < b.startedAt ? 1 : -1));
}

/** A report file of a run, as text (size-checked). */
export function readRunReport(dir: string, file: string): string {
  return readRunFile(join(dir, file));
}

/** A research run's report as data (`<topic>_report.json`), checked against its schema. */
export function readRunReportDocument(dir: string, file: string): ReportDocument {
  return parseRunJson(join(dir, file), reportDocumentSchema);
}
