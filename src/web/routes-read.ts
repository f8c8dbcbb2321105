// The read-only pages: tasks, one task (filtered, paged), one claim (whole or as the fragment the task
// page loads), the graph page and its data, runs and their reports. Every query is zod-checked.
import type { ServerResponse } from 'node:http';
import { InvalidInputError, safeHttpUrl } from '../core/index.js';
import { listConsensusRuns, readRunReport, readRunReportDocument, researchRunOf, type ResearchRunInfo } from '../app/research/research-runs.js';
import { filterClaims, listTaskSummaries } from '../app/tasks/task-views.js';
import { taskProgress } from '../pipeline/index.js';
import { renderHtmlFragment, reportCsp, type ReportLinks } from '../report/index.js';
import type { UiContext } from './context.js';
import { claimFragment, claimPageBody } from './pages/claim-page.js';
import { graphBody } from './pages/graph-page.js';
import { layout } from './pages/layout.js';
import { liveProgress } from './pages/progress.js';
import { renderReportMarkdown } from './pages/report-markdown.js';
import { reportBody, runsBody } from './pages/runs-page.js';
import { taskBody } from './pages/task-page.js';
import { tasksBody, type TaskAnswerCell } from './pages/tasks-page.js';
import {
  claimFilterSchema,
  claimIdSchema,
  emptyQuerySchema,
  fragmentQuerySchema,
  graphQuerySchema,
  paramsRecord,
  parseInput,
  runIdSchema,
  taskIdSchema,
} from './schemas.js';
import { send, securityHeaders } from './security.js';

const HTML = 'text/html; charset=utf-8';

export function notFound(what: string): InvalidInputError {
  return new InvalidInputError(`not found: ${what}`, { code: 'ui_not_found', details: { what } });
}

function page(
  ctx: UiContext,
  res: ServerResponse,
  title: string,
  body: string,
  extra: { nav?: 'tasks' | 'runs'; scripts?: string[]; classicScripts?: string[]; bodyClass?: string } = {},
): void {
  send(res, 200, layout({ base: ctx.base, title, nav: extra.nav ?? 'tasks', body, author: ctx.author, ...extra }), HTML);
}

export function tasksRoute(ctx: UiContext, res: ServerResponse, params: URLSearchParams): void {
  parseInput(emptyQuerySchema, paramsRecord(params), 'query');
  const tasks = listTaskSummaries(ctx.services.store);
  // The answer of each task a research run started, for the list's verdict column.
  const answers = new Map<string, TaskAnswerCell>();
  for (const { task } of tasks) {
    try {
      const answer = researchRunOf(ctx.services.store, task.id)?.answer;
      if (answer) answers.set(task.id, { verdict: answer.verdict, confidence: answer.confidence });
    } catch (err) {
      answers.set(task.id, { unreadable: err instanceof Error ? err.message : String(err) });
    }
  }
  page(ctx, res, 'Tasks', tasksBody(ctx.base, tasks, answers));
}

export function taskRoute(ctx: UiContext, res: ServerResponse, rawId: string, params: URLSearchParams, path: string): void {
  const id = parseInput(taskIdSchema, rawId, 'task id');
  const q = parseInput(claimFilterSchema, paramsRecord(params), 'query');
  const p = ctx.cache.page(id);
  const filter = {
    ...(q.status.length ? { statuses: q.status } : {}),
    ...(q.trust.length ? { trustLevels: q.trust } : {}),
    ...(q.domain ? { domain: q.domain } : {}),
    ...(q.lang ? { language: q.lang } : {}),
    ...(q.q ? { text: q.q } : {}),
    ...(q.rejected === 'hide' ? { rejected: false } : {}),
  };
  const query = new URLSearchParams(params);
  query.delete('offset');
  const progress = liveProgress(taskProgress(ctx.services.store, id)!);
  const offset = q.offset ?? 0;
  const body = taskBody({
    page: p,
    progress,
    filter,
    matched: filterClaims(p, filter),
    offset,
    pageClaims: ctx.limits.pageClaims,
    query,
    actions: { base: ctx.base, taskId: id, formToken: ctx.formToken, author: ctx.author, back: `${path}${params.size ? `?${params.toString()}` : ''}` },
  });
  page(ctx, res, p.task.question, body);
}

export function claimRoute(ctx: UiContext, res: ServerResponse, rawTask: string, rawClaim: string, params: URLSearchParams, path: string): void {
  const id = parseInput(taskIdSchema, rawTask, 'task id');
  const q = parseInput(fragmentQuerySchema, paramsRecord(params), 'query');
  const claimId = parseInput(claimIdSchema, rawClaim, 'claim id');
  const p = ctx.cache.page(id);
  const claim = p.doc.claims.find((c) => c.id === claimId);
  if (!claim) throw notFound(`claim ${claimId} in task ${id}`);
  const actions = {
    base: ctx.base,
    taskId: id,
    formToken: ctx.formToken,
    author: ctx.author,
    back: q.fragment ? `${ctx.base}/tasks/${id}#c-${claim.id}` : path,
  };
  if (q.fragment) send(res, 200, claimFragment(claim, actions), HTML);
  else page(ctx, res, claim.statement, claimPageBody(claim, p.task.question, actions));
}

export function graphRoute(ctx: UiContext, res: ServerResponse, rawId: string, params: URLSearchParams): void {
  const id = parseInput(taskIdSchema, rawId, 'task id');
  const q = parseInput(graphQuerySchema, paramsRecord(params), 'query');
  const task = ctx.services.store.getTask(id);
  if (!task) throw notFound(`task ${id}`);
  page(ctx, res, `Graph: ${task.question}`, graphBody(ctx.base, id, task.question, q.mode ?? 'auto'), {
    classicScripts: ['cytoscape.min.js'],
    scripts: ['graph.js'],
    bodyClass: 'graph',
  });
}

export function graphJsonRoute(ctx: UiContext, res: ServerResponse, rawId: string, params: URLSearchParams): void {
  const id = parseInput(taskIdSchema, rawId, 'task id');
  parseInput(emptyQuerySchema, paramsRecord(params), 'query');
  send(res, 200, JSON.stringify(ctx.cache.graph(id)), 'application/json; charset=utf-8');
}

function researchRuns(ctx: UiContext): ResearchRunInfo[] {
  return ctx.services.store.listTasks().flatMap((t) => {
    const run = researchRunOf(ctx.services.store, t.id);
    return run ? [run] : [];
  });
}

export function runsRoute(ctx: UiContext, res: ServerResponse, params: URLSearchParams): void {
  parseInput(emptyQuerySchema, paramsRecord(params), 'query');
  page(ctx, res, 'Runs', runsBody(ctx.base, researchRuns(ctx), listConsensusRuns(ctx.runsDirs)), { nav: 'runs' });
}

/**
 * A research report's links into the UI: claim headings to the task's claim pages (by the claim id each
 * heading of the report's document carries), sources that are pages of the task to the task's claims from that domain.
 */
function taskReportLinks(ctx: UiContext, run: ResearchRunInfo): ReportLinks {
  const taskId = run.taskId;
  const p = ctx.cache.page(taskId);
  const known = new Set(p.doc.claims.map((c) => c.id));
  const domains = new Map(
    p.pages.flatMap((pg) => {
      const url = safeHttpUrl(pg.url);
      return [[pg.url, pg.domain] as const, ...(url ? [[url, pg.domain] as const] : [])];
    }),
  );
  return {
    claimHref: (claimId) => (known.has(claimId) ? `${ctx.base}/tasks/${taskId}/claims/${encodeURIComponent(claimId)}` : undefined),
    sourceHref: (url) => {
      const domain = domains.get(url);
      return domain
        ? { href: `${ctx.base}/tasks/${taskId}?${new URLSearchParams({ domain }).toString()}`, label: `claims from ${domain} in this task` }
        : undefined;
    },
  };
}

export function researchReportRoute(ctx: UiContext, res: ServerResponse, rawId: string, params: URLSearchParams, html: boolean): void {
  parseInput(emptyQuerySchema, paramsRecord(params), 'query');
  const id = parseInput(taskIdSchema, rawId, 'task id');
  const run = researchRunOf(ctx.services.store, id);
  if (!run) throw notFound(`research run of task ${id}`);
  if (html) {
    if (!run.reportHtmlFile) throw notFound(`report.html of task ${id}`);
    const text = readRunReport(run.runDir, run.reportHtmlFile);
    // Lyra wrote the page under its own policy (inline style and script allowed by hash), recorded with the
    // run: that policy, not the UI's. A run recorded before it gets this version's policy (an older page whose
    // style changed since shows unstyled, never with more allowed).
    const csp = run.reportHtmlCsp ?? reportCsp();
    send(res, 200, text, HTML, { ...securityHeaders(csp), 'content-security-policy': csp });
    return;
  }
  const links = [
    { label: 'evidence', path: `/tasks/${id}` },
    ...(run.reportHtmlFile ? [{ label: 'report.html', path: `/runs/research/${id}/report.html` }] : []),
  ];
  // The report from its document (data); a run written before Lyra kept one shows its Markdown as a
  // document, without links into the UI (which would have to be recovered from its text).
  const body = run.reportDocumentFile
    ? renderHtmlFragment(readRunReportDocument(run.runDir, run.reportDocumentFile), taskReportLinks(ctx, run))
    : renderReportMarkdown(run.reportFile ? readRunReport(run.runDir, run.reportFile) : 'This run has written no report yet.');
  page(ctx, res, run.question, reportBody(ctx.base, run.question, body, links), { nav: 'runs' });
}

export function consensusReportRoute(ctx: UiContext, res: ServerResponse, rawId: string, params: URLSearchParams): void {
  parseInput(emptyQuerySchema, paramsRecord(params), 'query');
  const id = parseInput(runIdSchema, rawId, 'run id');
  const run = listConsensusRuns(ctx.runsDirs).find((r) => r.id === id);
  if (!run) throw notFound(`consensus run ${id}`);
  page(ctx, res, run.topic, reportBody(ctx.base, run.topic, renderReportMarkdown(readRunReport(run.dir, run.reportFile)), []), { nav: 'runs' });
}
