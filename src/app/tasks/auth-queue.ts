// The auth queue seen from a client (MCP get_auth_queue / resolve_auth): pages that answered with a
// CAPTCHA, a login wall or a refusal wait for a person. Solved: the page is marked fetchable again
// and its URL re-queued in its task, so the blocked fetch resumes; skip: the item is dropped.
import type { z } from 'zod';
import {
  InvalidInputError,
  errorMessage,
  isLyraError,
  normalizeUrl,
  type AuthItem,
  type AuthStatus,
  type authQueueItemSchema,
  type Engine,
  type resolvedAuthItemSchema,
  type Store,
} from '../../core/index.js';

/** A page waiting for a person (core/schemas/auth-queue.ts: get_auth_queue's output schema is derived from it). */
export type AuthQueueItemView = z.infer<typeof authQueueItemSchema>;

export function authItemView(item: AuthItem): AuthQueueItemView {
  return {
    id: item.id,
    url: item.url,
    domain: item.domain,
    kind: item.kind,
    status: item.status,
    since: item.createdAt,
    ...(item.taskId ? { taskId: item.taskId } : {}),
    ...(item.detail ? { detail: item.detail } : {}),
  };
}

export function listAuthQueue(store: Store, options: { taskId?: string; status?: AuthStatus } = {}): AuthQueueItemView[] {
  return store.listAuth({ status: options.status ?? 'pending', ...(options.taskId ? { taskId: options.taskId } : {}) }).map(authItemView);
}

/** An item resolved (core/schemas/auth-queue.ts: resolve_auth's output schema is derived from it). */
export type ResolvedAuthItem = z.infer<typeof resolvedAuthItemSchema>;

export function resolveAuth(
  deps: { store: Store; engine: Engine },
  input: { itemId?: string; domain?: string; taskId?: string; action: 'solved' | 'skip' },
): ResolvedAuthItem[] {
  const { store, engine } = deps;
  if ((input.itemId === undefined) === (input.domain === undefined)) {
    throw new InvalidInputError('resolve_auth: give exactly one of item_id or domain', { code: 'invalid_argument' });
  }
  const pending = store.listAuth({ status: 'pending', ...(input.taskId ? { taskId: input.taskId } : {}) });
  const items =
    input.itemId !== undefined
      ? pending.filter((i) => i.id === input.itemId)
      : pending.filter((i) => i.domain === input.domain!.toLowerCase() || i.domain.endsWith(`.${input.domain!.toLowerCase()}`));
  if (items.length === 0) {
    const what = input.itemId !== undefined ? `item ${input.itemId}` : `domain ${input.domain}`;
    throw new InvalidInputError(`resolve_auth: no pending auth-queue ${what}${input.taskId ? ` in task ${input.taskId}` : ''} (see get_auth_queue)`, {
      code: 'auth_item_not_found',
    });
  }
  const out: ResolvedAuthItem[] = [];
  for (const item of items) {
    const status: AuthStatus = input.action === 'solved' ? 'resolved' : 'skipped';
    const result: ResolvedAuthItem = { ...authItemView({ ...item, status }), action: input.action };
    if (input.action === 'solved' && item.taskId) {
      try {
        const page = store.findPageByUrl(item.taskId, normalizeUrl(item.url));
        if (page && (page.fetchStatus === 'blocked' || page.fetchStatus === 'failed')) store.updatePage(page.id, { fetchStatus: 'pending' });
        const [queued] = engine.queueSearches(item.taskId, [{ url: item.url }]);
        if (queued) result.requeued = { taskId: item.taskId, queryId: queued.queryId };
      } catch (err) {
        result.requeueError = isLyraError(err)
          ? { category: err.category, code: err.code, message: err.message }
          : { category: 'non_retryable', code: 'internal', message: errorMessage(err) };
      }
    }
    store.updateAuthStatus(item.id, status);
    out.push(result);
  }
  return out;
}
