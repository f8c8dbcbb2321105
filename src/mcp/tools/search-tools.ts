// search and queue_searches: the client's queries run through the seven-phase pipeline. Lyra only
// expands them mechanically (refutation suffixes, mirrors); it never invents queries of its own.
import { z } from 'zod';
import type { SearchTarget } from '../../core/index.js';
import { MAX_TARGETS, doiSchema, providersSchema, queryTextSchema, taskIdSchema, urlSchema } from '../schemas/common.js';
import { searchOutcomeSchema } from '../schemas/views.js';
import { defineTool } from '../tool-types.js';
import { prepareProviders, requireTask } from './providers.js';

export const searchTool = defineTool({
  name: 'search',
  title: 'Run one query through the pipeline',
  description: [
    'Runs one query you designed through the whole pipeline (search providers → scholarly APIs → identifier enrichment → fetch and extract → claims → stance → evidence graph) and returns when it is done.',
    'Returns the claims it found or gave new evidence to (statement, confidence, status, source with trust level, primary or not), the queries actually sent (yours plus mechanical expansions), pages and fragments counted, harvest rate, novelty, duplicate rate, satisfaction, has-primary-source, budget left and warnings (failures are listed, never hidden).',
    'options.refute runs it in refutation mode (critique vocabulary appended mechanically); seek_primary asks scholarly sources even for a non-academic query; max_pages caps this query.',
    'Sends progress notifications when asked and stops when the call is cancelled. It never proposes queries or next steps.',
  ].join(' '),
  input: z.strictObject({
    task_id: taskIdSchema,
    query: queryTextSchema.describe('One query, exactly as it should be searched.'),
    options: z
      .strictObject({
        providers: providersSchema.optional(),
        max_pages: z.number().int().min(1).max(100_000).optional().describe('Pages this query may fetch or register at most (within the task budget).'),
        seek_primary: z.boolean().optional(),
        refute: z.boolean().optional(),
      })
      .optional(),
  }),
  output: searchOutcomeSchema,
  annotations: { title: 'Run one query', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, ctx) {
    const o = args.options ?? {};
    requireTask(ctx.services.store, args.task_id);
    const unfollow = ctx.followTask(args.task_id);
    try {
      return await ctx.services.engine.search(args.task_id, args.query, {
        signal: ctx.signal,
        ...(o.providers ? { providers: o.providers } : {}),
        ...(o.max_pages !== undefined ? { maxPages: o.max_pages } : {}),
        ...(o.seek_primary !== undefined ? { seekPrimary: o.seek_primary } : {}),
        ...(o.refute !== undefined ? { refute: o.refute } : {}),
      });
    } finally {
      unfollow();
    }
  },
});

const targetSchema = z.union([
  z.strictObject({ query: queryTextSchema, refute: z.boolean().optional(), providers: providersSchema.optional() }),
  z.strictObject({ url: urlSchema }),
  z.strictObject({ doi: doiSchema }),
]);

export const queueSearchesTool = defineTool({
  name: 'queue_searches',
  title: 'Queue several searches',
  description: [
    'Records many targets at once — queries ({query, refute?, providers?}), URLs ({url}) or DOIs ({doi}) — as pending searches of the task and returns immediately with their query ids.',
    'They run in the background one at a time in the given order; follow them with get_status. Nothing is added beyond what you list.',
  ].join(' '),
  input: z.strictObject({
    task_id: taskIdSchema,
    targets: z.array(targetSchema).min(1).max(MAX_TARGETS),
  }),
  output: z.looseObject({
    taskId: z.string(),
    queued: z.array(z.looseObject({ queryId: z.string(), kind: z.enum(['query', 'url', 'doi']), value: z.string() })),
  }),
  annotations: { title: 'Queue several searches', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, ctx) {
    requireTask(ctx.services.store, args.task_id);
    // The engine indexes built-in corpora named by createTask and search; queued targets are indexed here.
    for (const t of args.targets) if ('query' in t) await prepareProviders(ctx.services.store, t.providers, ctx.signal);
    const targets: SearchTarget[] = args.targets.map((t) => {
      if ('query' in t) return { query: t.query, ...(t.refute !== undefined ? { refute: t.refute } : {}), ...(t.providers ? { providers: t.providers } : {}) };
      return 'url' in t ? { url: t.url } : { doi: t.doi };
    });
    return { taskId: args.task_id, queued: ctx.services.engine.queueSearches(args.task_id, targets) };
  },
});
