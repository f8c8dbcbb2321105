// search and queue_searches: the client's queries run through the seven-phase pipeline. Lyra only
// expands them mechanically (refutation suffixes, mirrors); it never invents queries of its own.
import { z } from 'zod';
import type { QueueOptions, QueuedItem, SearchOutcome, SearchTarget } from '../../core/index.js';
import { MAX_TARGETS, doiSchema, providerListSchema, queryTextSchema, taskIdSchema, urlSchema } from '../schemas/common.js';
import { queuedItemSchema, searchOutcomeSchema } from '../schemas/views.js';
import { defineTool, type ToolContext } from '../tool-types.js';
import { prepareProviders, requireTask } from './providers.js';

/** Claims a search result lists unless max_claims says otherwise (all of them are in get_materials). */
export const DEFAULT_SEARCH_CLAIMS = 20;
export const MAX_SEARCH_CLAIMS = 1_000;

type SearchResult =
  | (Omit<SearchOutcome, 'claims' | 'unread'> & { claims: SearchOutcome['claims']; claimsTotal: number; background?: undefined })
  | { taskId: string; queryId: string; query: string; status: 'pending'; background: true };

export const searchTool = defineTool({
  name: 'search',
  title: 'Run one query through the pipeline',
  description: [
    'Runs one query you designed through the pipeline; returns when done: claims found (max_claims listed), queries sent, pages, harvest rate, novelty, satisfaction, budget left, warnings.',
    'options: refute, seek_primary, max_pages, providers; background: true returns at once with the query queued (then get_status wait_seconds). Progress notifications keep the call alive.',
  ].join(' '),
  input: z.strictObject({
    task_id: taskIdSchema,
    query: queryTextSchema.describe('Searched exactly as written.'),
    options: z
      .strictObject({
        providers: providerListSchema.optional(),
        max_pages: z.number().int().min(1).max(100_000).optional(),
        seek_primary: z.boolean().optional(),
        refute: z.boolean().optional(),
        background: z.boolean().optional(),
        max_claims: z.number().int().min(0).max(MAX_SEARCH_CLAIMS).optional(),
      })
      .optional(),
  }),
  output: searchOutcomeSchema.partial().extend({
    task_id: z.string(),
    query_id: z.string(),
    query: z.string(),
    status: searchOutcomeSchema.shape.status,
    claims_total: z.number().optional(),
    background: z.boolean().optional(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, ctx): Promise<SearchResult> {
    const o = args.options ?? {};
    requireTask(ctx.services.store, args.task_id);
    if (o.background) {
      await prepareProviders(ctx.services.store, o.providers, ctx.signal);
      const target: SearchTarget = {
        query: args.query,
        ...(o.refute !== undefined ? { refute: o.refute } : {}),
        ...(o.providers ? { providers: o.providers } : {}),
      };
      const [queued] = await queueTargets(ctx, args.task_id, [target], {
        ...(o.max_pages !== undefined ? { maxPages: o.max_pages } : {}),
        ...(o.seek_primary !== undefined ? { seekPrimary: o.seek_primary } : {}),
      });
      return { taskId: args.task_id, queryId: queued!.queryId, query: args.query, status: 'pending', background: true };
    }
    const unfollow = ctx.followTask(args.task_id);
    try {
      const outcome = await ctx.services.engine.search(args.task_id, args.query, {
        signal: ctx.signal,
        ...(o.providers ? { providers: o.providers } : {}),
        ...(o.max_pages !== undefined ? { maxPages: o.max_pages } : {}),
        ...(o.seek_primary !== undefined ? { seekPrimary: o.seek_primary } : {}),
        ...(o.refute !== undefined ? { refute: o.refute } : {}),
      });
      // The unread pages stay out of the tool's answer (its size is budgeted); get_status lists every failed URL with its error.
      const { unread: _unread, ...rest } = outcome;
      return { ...rest, claims: outcome.claims.slice(0, o.max_claims ?? DEFAULT_SEARCH_CLAIMS), claimsTotal: outcome.claims.length };
    } finally {
      unfollow();
    }
  },
  summarize: (r) => {
    if (r.background) return `Query ${r.queryId} queued in task ${r.taskId}. Follow it with get_status (task_id ${r.taskId}, wait_seconds up to 50).`;
    const more = r.claimsTotal > r.claims.length ? ` (${r.claims.length} listed; all in get_materials)` : '';
    return `Query ${r.queryId} ${r.status}: ${r.resultsFound} results, ${r.newPages} new pages, ${r.claimsTotal} claims${more}; harvest ${r.harvestRate.toFixed(2)}, novelty ${r.novelty.toFixed(2)}, ${r.satisfaction}; budget left ${r.budget.pagesLeft} pages, ${r.budget.queriesLeft} queries; ${r.warnings.length} warnings.`;
  },
});

/** Queued searches run on the team's workers when the server has a team database, else in this process. */
function queueTargets(ctx: ToolContext, taskId: string, targets: SearchTarget[], options: QueueOptions = {}): Promise<QueuedItem[]> {
  return ctx.services.queue
    ? ctx.services.queue(taskId, targets, options, ctx.signal)
    : Promise.resolve(ctx.services.engine.queueSearches(taskId, targets, options));
}

const targetSchema = z.union([
  z.strictObject({ query: queryTextSchema, refute: z.boolean().optional(), providers: providerListSchema.optional() }),
  z.strictObject({ url: urlSchema }),
  z.strictObject({ doi: doiSchema }),
]);

export function toSearchTargets(targets: ReadonlyArray<z.output<typeof targetSchema>>): SearchTarget[] {
  return targets.map((t) => {
    if ('query' in t) return { query: t.query, ...(t.refute !== undefined ? { refute: t.refute } : {}), ...(t.providers ? { providers: t.providers } : {}) };
    return 'url' in t ? { url: t.url } : { doi: t.doi };
  });
}

export const queueSearchesTool = defineTool({
  name: 'queue_searches',
  title: 'Queue several searches',
  description:
    'Queues {query, refute?, providers?}, {url} or {doi} targets; returns their query ids at once; they run in the background in order. queue_targets also skips duplicates.',
  input: z.strictObject({
    task_id: taskIdSchema,
    targets: z.array(targetSchema).min(1).max(MAX_TARGETS),
  }),
  output: z.looseObject({ task_id: z.string(), queued: z.array(queuedItemSchema) }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, ctx) {
    requireTask(ctx.services.store, args.task_id);
    // The engine indexes built-in corpora named by createTask and search; queued targets are indexed here.
    for (const t of args.targets) if ('query' in t) await prepareProviders(ctx.services.store, t.providers, ctx.signal);
    return { taskId: args.task_id, queued: await queueTargets(ctx, args.task_id, toSearchTargets(args.targets)) };
  },
  summarize: (r) => `${r.queued.length} targets queued in task ${r.taskId}. Follow them with get_status (wait_seconds).`,
});
