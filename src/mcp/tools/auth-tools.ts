// get_auth_queue and resolve_auth: walls (CAPTCHA, login, refusal) that need a person.
import { z } from 'zod';
import { listAuthQueue, resolveAuth } from '../../app/tasks/auth-queue.js';
import { AUTH_STATUSES } from '../../core/index.js';
import { domainSchema, idSchema, taskIdSchema } from '../schemas/common.js';
import { authQueueItemSchema, resolvedAuthItemSchema } from '../schemas/views.js';
import { defineTool } from '../tool-types.js';
import { requireTask } from './providers.js';

export const MAX_AUTH_ITEMS = 500;

export const getAuthQueueTool = defineTool({
  name: 'get_auth_queue',
  title: 'Pages waiting for a person',
  description:
    'Pages that answered with a CAPTCHA, a login wall or a block (URL, domain, kind, since, task); default: pending items of every task. Lyra never gets past a wall itself: a person solves it, then resolve_auth.',
  input: z.strictObject({
    task_id: taskIdSchema.optional(),
    status: z.enum(AUTH_STATUSES).optional().describe('Default pending.'),
    limit: z.number().int().min(1).max(MAX_AUTH_ITEMS).optional(),
  }),
  output: z.looseObject({ items: z.array(authQueueItemSchema), count: z.number() }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run(args, ctx) {
    if (args.task_id) requireTask(ctx.services.store, args.task_id);
    const all = listAuthQueue(ctx.services.store, { ...(args.task_id ? { taskId: args.task_id } : {}), ...(args.status ? { status: args.status } : {}) });
    return { items: all.slice(0, args.limit ?? 100), count: all.length };
  },
  summarize: (r) => `${r.count} auth-queue items${r.items.length < r.count ? ` (${r.items.length} listed; raise limit for more)` : ''}.`,
});

export const resolveAuthTool = defineTool({
  name: 'resolve_auth',
  title: 'Resolve auth-queue items',
  description:
    'Resolves pending auth-queue items by item_id, or all of a domain (optionally in one task). solved: the person got past the wall and the URL is re-queued; skip: dropped.',
  input: z.strictObject({
    item_id: idSchema('item_id').optional(),
    domain: domainSchema.optional(),
    task_id: taskIdSchema.optional(),
    action: z.enum(['solved', 'skip']),
  }),
  output: z.looseObject({
    resolved: z.array(resolvedAuthItemSchema),
    count: z.number(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run(args, ctx) {
    if (args.task_id) requireTask(ctx.services.store, args.task_id);
    const resolved = resolveAuth(ctx.services, {
      ...(args.item_id !== undefined ? { itemId: args.item_id } : {}),
      ...(args.domain !== undefined ? { domain: args.domain } : {}),
      ...(args.task_id !== undefined ? { taskId: args.task_id } : {}),
      action: args.action,
    });
    return { resolved, count: resolved.length };
  },
  summarize: (r) => `${r.count} items resolved; ${r.resolved.filter((i) => i.requeued).length} re-queued.`,
});
