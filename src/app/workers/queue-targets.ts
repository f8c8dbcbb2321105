// Queueing targets the way the original system's queue_targets did: a target already pending or
// running in the task (or twice in one call) is skipped and said so, not queued again. Targets are
// compared as the engine records them (a trimmed query and its mode, a normalized URL, a DOI in its
// canonical form). queueReferenceCandidates reads the reference_candidates view (works cited in the
// task whose full text was not read) and queues each by DOI where it has one, else by URL.
import { normalizeUrl, type Engine, type EvidenceQueries, type QueueOptions, type QueuedItem, type SearchTarget } from '../../core/index.js';
import { formatScholarlyId, parseScholarlyId } from '../../sources/index.js';

export interface SkippedTarget {
  kind: 'query' | 'url' | 'doi';
  value: string;
  reason: 'duplicate';
  /** The query already pending or running for it (absent when the duplicate is within the call). */
  queryId?: string;
}

export interface QueueTargetsOutcome {
  taskId: string;
  queued: QueuedItem[];
  skipped: SkippedTarget[];
}

/** How the engine records a target; undefined when it cannot be read (the engine then reports the error). */
function targetKey(t: SearchTarget): { kind: SkippedTarget['kind']; value: string; key: string } | undefined {
  try {
    if ('query' in t) return { kind: 'query', value: t.query.trim(), key: `query|${t.refute ? 'refute' : 'normal'}|${t.query.trim()}` };
    if ('url' in t) {
      const value = normalizeUrl(t.url);
      return { kind: 'url', value, key: `url|${value}` };
    }
    const value = formatScholarlyId(parseScholarlyId(t.doi));
    return { kind: 'doi', value, key: `doi|${value}` };
  } catch {
    return undefined;
  }
}

interface PlannedTarget {
  target: SearchTarget;
  /** Set when the target is not queued: it is already in flight, or earlier in the same call. */
  skip?: SkippedTarget;
}

/** Each target with whether it would be queued, in the given order. */
function planTargets(engine: Pick<Engine, 'status'>, taskId: string, targets: readonly SearchTarget[]): PlannedTarget[] {
  const inFlight = new Map<string, string>();
  for (const s of engine.status(taskId).searches) {
    if (s.status !== 'pending' && s.status !== 'running') continue;
    inFlight.set(s.kind === 'query' ? `query|${s.mode}|${s.text}` : `${s.kind}|${s.text}`, s.queryId);
  }
  const seen = new Set<string>();
  return targets.map((target) => {
    const k = targetKey(target);
    if (k && (inFlight.has(k.key) || seen.has(k.key))) {
      const queryId = inFlight.get(k.key);
      return { target, skip: { kind: k.kind, value: k.value, reason: 'duplicate' as const, ...(queryId ? { queryId } : {}) } };
    }
    if (k) seen.add(k.key);
    return { target };
  });
}

/**
 * Where queued targets go: by default engine.queueSearches (they run in this process); with a team
 * database, a function that records them and enqueues one job each for `lyra worker` (app/ui/serve.ts).
 */
export type QueueSink = (taskId: string, targets: SearchTarget[], options: QueueOptions) => Promise<QueuedItem[]> | QueuedItem[];

/** Queues the targets not in flight; returns what was queued (in order) and what was skipped. */
async function queuePlanned(
  engine: Pick<Engine, 'queueSearches'>,
  taskId: string,
  plan: PlannedTarget[],
  options: QueueOptions = {},
  sink?: QueueSink,
): Promise<Array<{ item?: QueuedItem; skip?: SkippedTarget }>> {
  const todo = plan.filter((p) => !p.skip).map((p) => p.target);
  const queued = todo.length > 0 ? [...(await (sink ?? ((t, x, o) => engine.queueSearches(t, x, o)))(taskId, todo, options))] : [];
  return plan.map((p) => (p.skip ? { skip: p.skip } : { item: queued.shift()! }));
}

export async function queueTargets(
  engine: Pick<Engine, 'status' | 'queueSearches'>,
  input: { taskId: string; targets: SearchTarget[]; options?: QueueOptions },
  sink?: QueueSink,
): Promise<QueueTargetsOutcome> {
  const done = await queuePlanned(engine, input.taskId, planTargets(engine, input.taskId, input.targets), input.options, sink);
  return { taskId: input.taskId, queued: done.flatMap((d) => (d.item ? [d.item] : [])), skipped: done.flatMap((d) => (d.skip ? [d.skip] : [])) };
}

export interface ReferenceCandidate {
  pageId: string;
  url: string;
  doi?: string;
  title?: string;
  fetchStatus: string;
  citedBy: number;
  influential: number;
  relevance: number;
  /** What was (or, in a dry run, would be) queued: the DOI where there is one, else the URL. */
  target: 'doi' | 'url';
  queryId?: string;
  skipped?: 'duplicate';
}

export interface ReferenceCandidatesOutcome {
  taskId: string;
  candidates: ReferenceCandidate[];
  /** Candidates the view lists (before include, exclude and limit). */
  totalCandidates: number;
  queuedCount: number;
  skippedCount: number;
  dryRun: boolean;
}

export async function queueReferenceCandidates(
  deps: { engine: Pick<Engine, 'status' | 'queueSearches'>; evidence: EvidenceQueries; queue?: QueueSink },
  input: { taskId: string; includeIds?: string[]; excludeIds?: string[]; limit: number; dryRun: boolean; options?: QueueOptions; signal?: AbortSignal },
): Promise<ReferenceCandidatesOutcome> {
  const table = await deps.evidence.queryView({ name: 'reference_candidates', taskId: input.taskId, ...(input.signal ? { signal: input.signal } : {}) });
  const col = (name: string): number => table.columns.indexOf(name);
  const [id, url, doi, title, status, citedBy, influential, relevance] = [
    'page_id',
    'url',
    'doi',
    'title',
    'fetch_status',
    'cited_by',
    'influential',
    'relevance',
  ].map(col) as [number, number, number, number, number, number, number, number];
  const all = table.rows.map(
    (r): ReferenceCandidate => ({
      pageId: String(r[id]),
      url: String(r[url]),
      ...(typeof r[doi] === 'string' ? { doi: r[doi] } : {}),
      ...(typeof r[title] === 'string' ? { title: r[title] } : {}),
      fetchStatus: String(r[status]),
      citedBy: Number(r[citedBy] ?? 0),
      influential: Number(r[influential] ?? 0),
      relevance: Number(r[relevance] ?? 0),
      target: typeof r[doi] === 'string' ? 'doi' : 'url',
    }),
  );
  const include = input.includeIds ? new Set(input.includeIds) : undefined;
  const exclude = new Set(input.excludeIds ?? []);
  const chosen = all.filter((c) => (include ? include.has(c.pageId) : true) && !exclude.has(c.pageId)).slice(0, input.limit);
  const base = { taskId: input.taskId, totalCandidates: all.length, dryRun: input.dryRun };
  if (input.dryRun || chosen.length === 0) return { ...base, candidates: chosen, queuedCount: 0, skippedCount: 0 };
  const targets: SearchTarget[] = chosen.map((c) => (c.target === 'doi' ? { doi: c.doi! } : { url: c.url }));
  const done = await queuePlanned(deps.engine, input.taskId, planTargets(deps.engine, input.taskId, targets), input.options, deps.queue);
  const candidates = chosen.map((c, i): ReferenceCandidate => {
    const d = done[i]!;
    if (d.skip) return { ...c, skipped: 'duplicate', ...(d.skip.queryId ? { queryId: d.skip.queryId } : {}) };
    return { ...c, queryId: d.item!.queryId };
  });
  const queuedCount = done.filter((d) => d.item).length;
  return { ...base, candidates, queuedCount, skippedCount: done.length - queuedCount };
}
