// create_task, get_status and stop_task: the frame of a research task. Lyra records and measures;
// the client decides what to search and when to stop (seed 002).
import { z } from 'zod';
import type { TaskStatusView } from '../../core/index.js';
import { MAX_DOMAINS, MAX_QUESTION_CHARS, MAX_REASON_CHARS, domainSchema, providersSchema, taskIdSchema } from '../schemas/common.js';
import { taskSchema, taskStatusSchema } from '../schemas/views.js';
import { defineTool } from '../tool-types.js';

const NEVER = 'It never designs queries, suggests next steps or decides when research is done: the client does.';

export const createTaskTool = defineTool({
  name: 'create_task',
  title: 'Create a research task',
  description: [
    'Creates a research task for one question and returns its task id. Nothing is searched yet: call `search` or `queue_searches` with queries you design.',
    'Budget limits pages fetched or registered (max_pages, default 100), queries run (max_queries, default 50) and seconds of work (max_seconds, default 1800).',
    'priority_domains are fetched first (they do not change trust; trust lives in domains.yaml). providers default to every configured one; `corpus:example` is a shipped offline corpus.',
    NEVER,
  ].join(' '),
  input: z.strictObject({
    question: z.string().trim().min(1).max(MAX_QUESTION_CHARS).describe('The research question, in the language answers should be in.'),
    budget: z
      .strictObject({
        max_pages: z.number().int().min(1).max(1_000_000).optional(),
        max_queries: z.number().int().min(1).max(100_000).optional(),
        max_seconds: z.number().int().min(1).max(30 * 24 * 3600).optional(),
      })
      .optional(),
    priority_domains: z.array(domainSchema).max(MAX_DOMAINS).optional().describe('Domains whose results are fetched first, e.g. ["who.int", "nih.gov"].'),
    language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'a language code such as en, ja, pt-BR').optional().describe('Language of the task (default: detected from the question).'),
    providers: providersSchema.optional(),
  }),
  output: z.looseObject({ taskId: z.string(), task: taskSchema }),
  annotations: { title: 'Create a research task', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run(args, ctx) {
    const { engine } = ctx.services;
    const b = args.budget;
    const task = await engine.createTask({
      question: args.question,
      ...(b ? { budget: { ...(b.max_pages !== undefined ? { maxPages: b.max_pages } : {}), ...(b.max_queries !== undefined ? { maxQueries: b.max_queries } : {}), ...(b.max_seconds !== undefined ? { maxSeconds: b.max_seconds } : {}) } } : {}),
      ...(args.priority_domains ? { priorityDomains: args.priority_domains } : {}),
      ...(args.language ? { language: args.language } : {}),
      ...(args.providers ? { providers: args.providers } : {}),
    });
    return { taskId: task.id, task };
  },
});

export const getStatusTool = defineTool({
  name: 'get_status',
  title: 'Task status and metrics',
  description: [
    'Returns the metrics of a task: its status and every search with its state (pending, running, done, failed, cancelled), pages fetched and registered, useful fragments, harvest rate, satisfaction, whether a primary source was found, novelty per finished query, claim counts per status, budget used and left, auth-queue size, warnings and failures, and blocked_domains (domains blocked by verification, with reason, causing claims, original level, can_restore and restore_via).',
    'Metrics only: it never recommends what to do next. Background work from queue_searches shows here.',
  ].join(' '),
  input: z.strictObject({ task_id: taskIdSchema }),
  output: taskStatusSchema,
  annotations: { title: 'Task status and metrics', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run(args, ctx) {
    return ctx.services.engine.status(args.task_id);
  },
});

function summaryOf(status: TaskStatusView, reason: string | undefined): Record<string, unknown> {
  const queries: Record<string, number> = {};
  for (const s of status.searches) queries[s.status] = (queries[s.status] ?? 0) + 1;
  const claims = Object.values(status.claimCounts).reduce((a, b) => a + b, 0);
  return {
    reason: status.task.stopReason ?? reason ?? '',
    queries,
    pagesFetched: status.pagesFetched,
    pagesRegistered: status.pagesRegistered,
    usefulFragments: status.usefulFragments,
    claims,
    claimCounts: status.claimCounts,
    hasPrimarySource: status.hasPrimarySource,
    satisfaction: status.satisfaction,
  };
}

export const stopTaskTool = defineTool({
  name: 'stop_task',
  title: 'Stop a task',
  description: [
    'Stops a task: in-flight searches are aborted and become cancelled, queued ones are cancelled, and the task is recorded as stopped with your reason.',
    'Returns the final status (as get_status) and a summary (queries per state, pages, useful fragments, claims per status). Materials stay readable with get_materials.',
    'Lyra never stops a task on its own initiative; stopping is the client\'s decision.',
  ].join(' '),
  input: z.strictObject({
    task_id: taskIdSchema,
    reason: z.string().trim().max(MAX_REASON_CHARS).optional().describe('Why the task stops (recorded).'),
  }),
  output: z.looseObject({
    status: taskStatusSchema,
    summary: z.looseObject({ reason: z.string(), queries: z.record(z.string(), z.number()), pagesFetched: z.number(), claims: z.number() }),
  }),
  annotations: { title: 'Stop a task', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const status = await ctx.services.engine.stop(args.task_id, args.reason);
    return { status, summary: summaryOf(status, args.reason) };
  },
});
