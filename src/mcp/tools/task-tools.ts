// create_task, get_status and stop_task: the frame of a research task. Lyra records and measures;
// the client decides what to search and when to stop (seed 002). The configuration snapshot a task
// keeps for audit is left out unless asked for (include_config): it is large and rarely read.
import { z } from 'zod';
import { waitForTask, type TaskWaitOutcome } from '../../app/tasks/task-wait.js';
import type { Task, TaskStatusView } from '../../core/index.js';
import { MAX_DOMAINS, MAX_QUESTION_CHARS, MAX_REASON_CHARS, domainSchema, providersSchema, taskIdSchema } from '../schemas/common.js';
import { milestoneSchema, taskSchema, taskStatusSchema, waitingItemSchema } from '../schemas/views.js';
import { defineTool } from '../tool-types.js';

/** Longest wait_seconds a call may ask for; mcp.max_wait_seconds caps it further (default 50). */
export const MAX_WAIT_SECONDS_INPUT = 3_600;

const includeConfig = z.boolean().optional().describe("Add the task's config snapshot.");

function withoutConfig(task: Task, include: boolean | undefined): Task | Omit<Task, 'configSnapshot'> {
  if (include) return task;
  const { configSnapshot: _drop, ...rest } = task;
  return rest;
}

function statusWithout(status: TaskStatusView, include: boolean | undefined): Omit<TaskStatusView, 'task'> & { task: ReturnType<typeof withoutConfig> } {
  return { ...status, task: withoutConfig(status.task, include) };
}

function claimsTotal(status: Pick<TaskStatusView, 'claimCounts'>): number {
  return Object.values(status.claimCounts).reduce((a, b) => a + b, 0);
}

/** "3 claims", and a verify task's side claims beside them, never inside the count. */
function claimsPhrase(status: Pick<TaskStatusView, 'claimCounts' | 'sideClaims'>): string {
  const n = claimsTotal(status);
  return `${n} ${n === 1 ? 'claim' : 'claims'}${status.sideClaims > 0 ? ` (+ ${status.sideClaims} side claims from the pages read, not part of the answer)` : ''}`;
}

function statusLine(s: Omit<TaskStatusView, 'task'> & { task: { id: string } }): string {
  const states: Record<string, number> = {};
  for (const q of s.searches) states[q.status] = (states[q.status] ?? 0) + 1;
  const searches =
    Object.entries(states)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ') || 'none';
  return `Task ${s.task.id} is ${s.status}: searches ${searches}; ${s.pagesRegistered} pages, ${claimsPhrase(s)}; budget left ${s.budget.pagesLeft} pages, ${s.budget.queriesLeft} queries, ${s.budget.secondsLeft} s.`;
}

export const createTaskTool = defineTool({
  name: 'create_task',
  title: 'Create a research task',
  description:
    'Creates a task for one question; returns task_id. Nothing is searched yet: you design the queries (search, queue_targets). Budget defaults: 100 pages, 50 queries, 1800 s. priority_domains are fetched first.',
  input: z.strictObject({
    question: z.string().trim().min(1).max(MAX_QUESTION_CHARS).describe('In the language answers should be in.'),
    budget: z
      .strictObject({
        max_pages: z.number().int().min(1).max(1_000_000).optional(),
        max_queries: z.number().int().min(1).max(100_000).optional(),
        max_seconds: z
          .number()
          .int()
          .min(1)
          .max(30 * 24 * 3600)
          .optional(),
      })
      .optional(),
    priority_domains: z.array(domainSchema).max(MAX_DOMAINS).optional(),
    language: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'a language code such as en, ja, pt-BR')
      .optional()
      .describe('Default: detected from the question.'),
    providers: providersSchema.optional(),
    include_config: includeConfig,
  }),
  output: z.looseObject({ task_id: z.string(), task: taskSchema }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run(args, ctx) {
    const { engine } = ctx.services;
    const b = args.budget;
    const task = await engine.createTask({
      question: args.question,
      ...(b
        ? {
            budget: {
              ...(b.max_pages !== undefined ? { maxPages: b.max_pages } : {}),
              ...(b.max_queries !== undefined ? { maxQueries: b.max_queries } : {}),
              ...(b.max_seconds !== undefined ? { maxSeconds: b.max_seconds } : {}),
            },
          }
        : {}),
      ...(args.priority_domains ? { priorityDomains: args.priority_domains } : {}),
      ...(args.language ? { language: args.language } : {}),
      ...(args.providers ? { providers: args.providers } : {}),
    });
    return { taskId: task.id, task: withoutConfig(task, args.include_config) };
  },
  summarize: (r) =>
    `Created task ${r.taskId} (budget ${r.task.budget.maxPages} pages, ${r.task.budget.maxQueries} queries, ${r.task.budget.maxSeconds} s). Next: search or queue_targets with task_id ${r.taskId}.`,
});

export const getStatusTool = defineTool({
  name: 'get_status',
  title: 'Task status and metrics',
  description: [
    'Task metrics (searches, pages, harvest, novelty, claims, budget, failures, blocked domains) and waiting_for. Metrics only, never advice.',
    'wait_seconds long-polls until a milestone (a search ends, the task changes state, a domain is blocked, a page needs a person), nothing runs, or the wait ends (server cap, default 50 s).',
  ].join(' '),
  input: z.strictObject({
    task_id: taskIdSchema,
    wait_seconds: z.number().int().min(0).max(MAX_WAIT_SECONDS_INPUT).optional(),
    include_config: includeConfig,
  }),
  output: taskStatusSchema.extend({
    waiting_for: z.array(waitingItemSchema),
    milestones: z.array(milestoneSchema),
    wait: z.looseObject({ ended_by: z.enum(['no_wait', 'milestone', 'idle', 'timeout']), waited_ms: z.number(), max_wait_seconds: z.number() }),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const seconds = Math.min(args.wait_seconds ?? 0, ctx.settings.maxWaitSeconds);
    const w: TaskWaitOutcome = await waitForTask(
      { engine: ctx.services.engine, store: ctx.services.store },
      { taskId: args.task_id, timeoutMs: seconds * 1000, signal: ctx.signal },
    );
    return {
      ...statusWithout(w.status, args.include_config),
      waitingFor: w.waitingFor,
      milestones: w.milestones,
      wait: { endedBy: w.endedBy, waitedMs: w.waitedMs, maxWaitSeconds: ctx.settings.maxWaitSeconds },
    };
  },
  summarize: (r) => {
    const waiting =
      r.waitingFor.length > 0
        ? ` Waiting for ${r.waitingFor.length} (${r.waitingFor
            .slice(0, 3)
            .map((w) => `${w.kind} ${w.status}`)
            .join(', ')}${r.waitingFor.length > 3 ? ', …' : ''}).`
        : ' Nothing is running.';
    const milestones = r.milestones.length > 0 ? ` Milestones: ${r.milestones.map((m) => m.kind).join(', ')}.` : '';
    return `${statusLine(r)}${milestones}${waiting} Wait ended by ${r.wait.endedBy} after ${Math.round(r.wait.waitedMs / 100) / 10} s.`;
  },
});

function summaryOf(
  status: TaskStatusView,
  reason: string | undefined,
): {
  reason: string;
  queries: Record<string, number>;
  pagesFetched: number;
  pagesRegistered: number;
  usefulFragments: number;
  claims: number;
  claimCounts: Record<string, number>;
  sideClaims: number;
  hasPrimarySource: boolean;
  satisfaction: string;
} {
  const queries: Record<string, number> = {};
  for (const s of status.searches) queries[s.status] = (queries[s.status] ?? 0) + 1;
  return {
    reason: status.task.stopReason ?? reason ?? '',
    queries,
    pagesFetched: status.pagesFetched,
    pagesRegistered: status.pagesRegistered,
    usefulFragments: status.usefulFragments,
    claims: claimsTotal(status),
    claimCounts: status.claimCounts,
    sideClaims: status.sideClaims,
    hasPrimarySource: status.hasPrimarySource,
    satisfaction: status.satisfaction,
  };
}

export const stopTaskTool = defineTool({
  name: 'stop_task',
  title: 'Stop a task',
  description:
    'Stops a task (running searches aborted, queued ones cancelled, reason recorded); returns the final status and a summary. Lyra never stops a task on its own.',
  input: z.strictObject({
    task_id: taskIdSchema,
    reason: z.string().trim().max(MAX_REASON_CHARS).optional(),
    include_config: includeConfig,
  }),
  output: z.looseObject({
    status: taskStatusSchema,
    summary: z.looseObject({ reason: z.string(), queries: z.record(z.string(), z.number()), pages_fetched: z.number(), claims: z.number() }),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const status = await ctx.services.engine.stop(args.task_id, args.reason);
    return { status: statusWithout(status, args.include_config), summary: summaryOf(status, args.reason) };
  },
  summarize: (r) => `${statusLine(r.status)} Materials: get_materials with task_id ${r.status.task.id}.`,
});
