// queue_targets and queue_reference_candidates (the original system's tools): queries, URLs and DOIs
// queued for the background, duplicates of work in flight skipped; and the works the task cites but
// has not read, queued by DOI or URL with include/exclude control and a dry run.
import { z } from 'zod';
import { queueReferenceCandidates, queueTargets } from '../../app/workers/queue-targets.js';
import { FETCH_STATUSES, type QueueOptions, type SearchTarget } from '../../core/index.js';
import { MAX_TARGETS, doiSchema, idSchema, providerListSchema, queryTextSchema, taskIdSchema, urlSchema } from '../schemas/common.js';
import { queuedItemSchema } from '../schemas/views.js';
import { defineTool } from '../tool-types.js';
import { prepareProviders, requireTask } from './providers.js';

/** Reference candidates one call queues unless `limit` says otherwise, and at most. */
export const DEFAULT_REFERENCE_CANDIDATES = 10;
export const MAX_REFERENCE_CANDIDATES = 200;

const kindSchema = z.enum(['query', 'url', 'doi']);
const skippedSchema = z.looseObject({ kind: kindSchema, value: z.string(), reason: z.literal('duplicate'), query_id: z.string().optional() });

const optionsSchema = z
  .strictObject({ max_pages: z.number().int().min(1).max(100_000).optional(), seek_primary: z.boolean().optional() })
  .optional()
  .describe('For each queued query.');

function queueOptions(o: z.output<typeof optionsSchema>): QueueOptions {
  return { ...(o?.max_pages !== undefined ? { maxPages: o.max_pages } : {}), ...(o?.seek_primary !== undefined ? { seekPrimary: o.seek_primary } : {}) };
}

const targetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('query'), query: queryTextSchema, refute: z.boolean().optional(), providers: providerListSchema.optional() }),
  z.strictObject({ kind: z.literal('url'), url: urlSchema }),
  z.strictObject({ kind: z.literal('doi'), doi: doiSchema }),
]);

export const queueTargetsTool = defineTool({
  name: 'queue_targets',
  title: 'Queue queries, URLs and DOIs',
  description:
    'Queues queries, URLs or DOIs to ingest in the background, in order; a target already pending or running (or repeated) is skipped and listed. Returns at once; follow with get_status wait_seconds.',
  input: z.strictObject({ task_id: taskIdSchema, targets: z.array(targetSchema).min(1).max(MAX_TARGETS), options: optionsSchema }),
  output: z.looseObject({ task_id: z.string(), queued: z.array(queuedItemSchema), skipped: z.array(skippedSchema) }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, ctx) {
    requireTask(ctx.services.store, args.task_id);
    for (const t of args.targets) if (t.kind === 'query') await prepareProviders(ctx.services.store, t.providers, ctx.signal);
    const targets: SearchTarget[] = args.targets.map((t) => {
      if (t.kind === 'query')
        return { query: t.query, ...(t.refute !== undefined ? { refute: t.refute } : {}), ...(t.providers ? { providers: t.providers } : {}) };
      return t.kind === 'url' ? { url: t.url } : { doi: t.doi };
    });
    return queueTargets(
      ctx.services.engine,
      { taskId: args.task_id, targets, options: queueOptions(args.options) },
      ctx.services.queue ? (t, x, o) => ctx.services.queue!(t, x, o, ctx.signal) : undefined,
    );
  },
  summarize: (r) => `${r.queued.length} targets queued in task ${r.taskId}, ${r.skipped.length} skipped as duplicates. Follow with get_status (wait_seconds).`,
});

export const queueReferenceCandidatesTool = defineTool({
  name: 'queue_reference_candidates',
  title: 'Queue the works a task cites',
  description:
    'Queues the works the task cites but has not read (view reference_candidates), most influential first, by DOI else URL. include_ids or exclude_ids (page ids) select, limit caps (default 10), dry_run only lists.',
  input: z
    .strictObject({
      task_id: taskIdSchema,
      include_ids: z.array(idSchema('page id')).min(1).max(MAX_REFERENCE_CANDIDATES).optional(),
      exclude_ids: z.array(idSchema('page id')).min(1).max(MAX_REFERENCE_CANDIDATES).optional(),
      limit: z.number().int().min(1).max(MAX_REFERENCE_CANDIDATES).optional(),
      dry_run: z.boolean().optional(),
      options: optionsSchema,
    })
    .refine((a) => !(a.include_ids && a.exclude_ids), { message: 'give include_ids or exclude_ids, not both', path: ['include_ids'] }),
  output: z.looseObject({
    task_id: z.string(),
    candidates: z.array(
      z.looseObject({
        page_id: z.string(),
        url: z.string(),
        doi: z.string().optional(),
        title: z.string().optional(),
        fetch_status: z.enum(FETCH_STATUSES),
        cited_by: z.number(),
        influential: z.number(),
        relevance: z.number(),
        target: z.enum(['doi', 'url']),
        query_id: z.string().optional(),
        skipped: z.literal('duplicate').optional(),
      }),
    ),
    total_candidates: z.number(),
    queued_count: z.number(),
    skipped_count: z.number(),
    dry_run: z.boolean(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, ctx) {
    requireTask(ctx.services.store, args.task_id);
    return queueReferenceCandidates(
      {
        engine: ctx.services.engine,
        evidence: ctx.services.evidence,
        ...(ctx.services.queue ? { queue: (t: string, x: SearchTarget[], o: QueueOptions) => ctx.services.queue!(t, x, o, ctx.signal) } : {}),
      },
      {
        taskId: args.task_id,
        limit: args.limit ?? DEFAULT_REFERENCE_CANDIDATES,
        dryRun: args.dry_run === true,
        options: queueOptions(args.options),
        signal: ctx.signal,
        ...(args.include_ids ? { includeIds: args.include_ids } : {}),
        ...(args.exclude_ids ? { excludeIds: args.exclude_ids } : {}),
      },
    );
  },
  summarize: (r) =>
    r.dryRun
      ? `Dry run: ${r.candidates.length} of ${r.totalCandidates} reference candidates would be queued in task ${r.taskId}.`
      : `${r.queuedCount} reference candidates queued in task ${r.taskId} (${r.skippedCount} duplicates skipped; ${r.totalCandidates} candidates in all). Follow with get_status (wait_seconds).`,
});
