// What the browser UI shows of tasks, read through the engine (materials, the same view MCP clients
// get) and the store: every task with its progress; one task's claims as the report document (status,
// rationale in words, verbatim quotes with real links), with the facts its filters need, the blocked
// domains that concern it and its research run. Read-only.
import { taskProgress, type TaskProgress } from '../../pipeline/index.js';
import { htmlClaimOf, type HtmlClaim, type HtmlQuote, type HtmlReportDocument } from '../../report/index.js';
import { detectLanguage } from '../../extract/index.js';
import { rationaleInWords } from '../../report/index.js';
import {
  InvalidInputError,
  type CitationView,
  type ClaimMaterial,
  type Materials,
  type SourceView,
  type Store,
  type Task,
  type TrustLevel,
} from '../../core/index.js';
import { builtinDocumentLink } from '../corpus/builtin-corpora.js';
import { listBlockedDomains, type BlockedDomainView } from '../domains/domains.js';
import type { AppEngine } from '../engine.js';
import { rejectedClaims } from '../feedback/feedback.js';
import { htmlAnswerOf, htmlClosestOf, researchRunOf, type ResearchRunInfo } from '../research/research-runs.js';

export interface TaskSummary {
  task: Task;
  progress: TaskProgress;
}

/** Every task, newest first, with its counts and budget (read from counts, not the graph). */
export function listTaskSummaries(store: Store): TaskSummary[] {
  return store
    .listTasks()
    .map((task) => ({ task, progress: taskProgress(store, task.id)! }))
    .sort((a, b) => (a.task.createdAt < b.task.createdAt ? 1 : a.task.createdAt > b.task.createdAt ? -1 : 0));
}

/** What the filters read of a claim: the language of its statement, and the domains and levels of its evidence. */
export interface ClaimFacts {
  language: string;
  domains: string[];
  trustLevels: TrustLevel[];
}

export interface TaskPage {
  task: Task;
  /** All claims (up to maxClaims, most relevant first), the answer of a research run, contested pairs. */
  doc: HtmlReportDocument;
  facts: Map<string, ClaimFacts>;
  pages: SourceView[];
  citations: CitationView[];
  blocked: BlockedDomainView[];
  run?: ResearchRunInfo;
  /** Claims of the task beyond maxClaims, not shown. */
  truncated: number;
}

function rationaleOf(lang: 'en' | 'ja'): (c: ClaimMaterial) => string | undefined {
  return (c) =>
    c.status
      ? rationaleInWords(
          {
            status: c.status,
            rationale: c.rationale ?? '',
            axes: c.axes ?? null,
            conditions: c.conditions,
            relaxation_reason: c.relaxationReason ?? null,
            // A claim with no sentence of its own (asked with lyra verify, a research question's proposition) was taken from no source.
            asked: c.origins.length === 0,
          },
          lang,
        )
      : undefined;
}

function factsOf(c: HtmlClaim): ClaimFacts {
  const quotes = [...c.supporting, ...c.refuting];
  return {
    language: detectLanguage(c.statement),
    domains: [...new Set(quotes.map((q) => q.source.domain))].sort(),
    trustLevels: [...new Set(quotes.map((q) => q.source.trustLevel))],
  };
}

/**
 * The claim with the closest passage its research run showed (report.md's "the closest read"), while the claim
 * still has no evidence but its own sentence: a later run's link or feedback that gave it evidence makes the
 * run's pick stale.
 */
function withRunClosest(c: HtmlClaim, runClosest: ReadonlyMap<string, HtmlQuote[]>): HtmlClaim {
  if (c.refuting.length > 0 || c.supporting.some((q) => !q.stated)) return c;
  const closest = runClosest.get(c.id);
  return closest ? { ...c, closest } : c;
}

/** The claims of a task through the engine's materials, at most `maxClaims`, in one read of the graph. */
function allMaterials(engine: Pick<AppEngine, 'materials'>, taskId: string, maxClaims: number): { first: Materials; claims: ClaimMaterial[] } {
  const first = engine.materials(taskId, { offset: 0, limit: maxClaims, uncapped: true });
  return { first, claims: first.claims };
}

export function loadTaskPage(deps: { engine: Pick<AppEngine, 'materials'>; store: Store }, taskId: string, options: { maxClaims: number }): TaskPage {
  const task = deps.store.getTask(taskId);
  if (!task) throw new InvalidInputError(`no task ${taskId}`, { code: 'task_not_found', details: { taskId } });
  const { first, claims } = allMaterials(deps.engine, taskId, options.maxClaims);
  const lang = task.language === 'ja' ? 'ja' : 'en';
  const rejected = rejectedClaims(deps.store, taskId);
  const run = researchRunOf(deps.store, taskId);
  const answer = run ? htmlAnswerOf(run, lang) : undefined;
  const runClosest = run ? htmlClosestOf(run, lang) : new Map<string, HtmlQuote[]>();
  const html = claims.map((c) => withRunClosest(htmlClaimOf(c, { linkOf: builtinDocumentLink, rationaleOf: rationaleOf(lang), rejected }), runClosest));
  const domains = new Set(first.pages.map((p) => p.domain));
  const claimIds = new Set(html.map((c) => c.id));
  return {
    task,
    doc: {
      lang,
      question: task.question,
      meta: [],
      claims: html,
      totalClaims: first.paging.totalClaims,
      contested: first.contested,
      ...(answer ? { answer } : {}),
    },
    facts: new Map(html.map((c) => [c.id, factsOf(c)])),
    pages: first.pages,
    citations: first.citations,
    blocked: listBlockedDomains(deps.store).filter((b) => domains.has(b.domain) || b.contradicting_claims.some((id) => claimIds.has(id))),
    ...(run ? { run } : {}),
    truncated: Math.max(0, first.paging.totalClaims - html.length),
  };
}

export interface ClaimFilter {
  statuses?: readonly string[];
  trustLevels?: readonly TrustLevel[];
  domain?: string;
  language?: string;
  text?: string;
  /** Include claims rejected by feedback (default true: they are shown, marked). */
  rejected?: boolean;
}

/** The claims of a page that pass the filter, in the page's order. */
export function filterClaims(page: TaskPage, f: ClaimFilter): HtmlClaim[] {
  const text = f.text?.trim().toLowerCase();
  return page.doc.claims.filter((c) => {
    const facts = page.facts.get(c.id)!;
    if (f.statuses && f.statuses.length > 0 && !f.statuses.includes(c.status)) return false;
    if (f.trustLevels && f.trustLevels.length > 0 && !facts.trustLevels.some((t) => f.trustLevels!.includes(t))) return false;
    if (f.domain && !facts.domains.includes(f.domain)) return false;
    if (f.language && facts.language !== f.language) return false;
    if (f.rejected === false && c.rejected) return false;
    return !text || c.statement.toLowerCase().includes(text);
  });
}
