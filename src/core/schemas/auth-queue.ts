// The auth queue as a client sees it (MCP get_auth_queue, resolve_auth) and a queued target, as zod
// schemas: app/tasks/auth-queue.ts and the engine's QueuedItem infer their types from them and the MCP
// tools derive their output schemas from them (mcp/schemas/wire.ts).
import { z } from 'zod';
import { AUTH_KINDS, AUTH_STATUSES } from '../enums.js';

/** A page that met a wall (CAPTCHA, login, refusal) and waits for a person. */
export const authQueueItemSchema = z.object({
  id: z.string(),
  url: z.string(),
  domain: z.string(),
  kind: z.enum(AUTH_KINDS),
  status: z.enum(AUTH_STATUSES),
  /** When the wall was met. */
  since: z.string(),
  taskId: z.string().optional(),
  detail: z.string().optional(),
});

export const AUTH_ACTIONS = ['solved', 'skip'] as const;

/** An item resolved: solved (its URL re-queued in its task) or skipped. */
export const resolvedAuthItemSchema = authQueueItemSchema.extend({
  action: z.enum(AUTH_ACTIONS),
  /** The query the URL was re-queued under (solved, with a task). */
  requeued: z.object({ taskId: z.string(), queryId: z.string() }).optional(),
  /** Why it could not be re-queued (e.g. the task is stopped): the item is still marked resolved. */
  requeueError: z.object({ category: z.string(), code: z.string(), message: z.string() }).optional(),
});

/** A target recorded as a query: its id, and what it is (URLs and DOIs run as queries of origin `client` too). */
export const queuedItemSchema = z.object({
  queryId: z.string(),
  kind: z.enum(['query', 'url', 'doi']),
  value: z.string(),
});
