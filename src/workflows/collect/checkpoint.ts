// Checkpoints of a collection run (seed 003 §4): saved after query generation, after every query and
// after every verification, so a re-run resumes: in the same engine task (its stored pages are not
// fetched again), it reuses the queries, skips the queries that completed and the sources already
// verified, and retries the queries that failed. Where a checkpoint lives is the caller's choice (a
// CheckpointStore); app/ keeps it in a file beside --out.
import { z } from 'zod';
import { InvalidInputError, NonRetryableError, contentHash } from '../../core/index.js';
import { candidateSchema } from './candidates.js';
import { errorRecordSchema, failedQuerySchema, invalidSourceSchema, warningSchema } from './schema.js';

/** 2: the run is an engine task (taskId; candidates are the task's pages). Checkpoints of version 1 (own collectors) cannot be resumed. */
export const CHECKPOINT_VERSION = 2 as const;

const plannedQuerySchema = z.strictObject({ query: z.string().min(1), section: z.string().optional() });

export const completedQuerySchema = z.strictObject({
  query: z.string(),
  candidates: z.array(candidateSchema),
  /** Records that could not become sources (bad URL, no title). */
  rejected: z.array(invalidSourceSchema),
  warnings: z.array(warningSchema),
  attempts: z.number().int().min(1),
});
export type CompletedQuery = z.infer<typeof completedQuerySchema>;

export const storedVerificationSchema = z.strictObject({
  /** The source's key (normalized URL, or corpus:<corpus>/<id>). */
  key: z.string(),
  outcome: z.enum(['verified', 'unverified', 'invalid']),
  status: z.number().int().nullable(),
  attempts: z.number().int().min(0),
  error: errorRecordSchema.optional(),
});

export const collectCheckpointSchema = z.strictObject({
  version: z.literal(CHECKPOINT_VERSION),
  /** Hash of what makes two runs the same run: keyword, outline, collectors. */
  fingerprint: z.string(),
  keyword: z.string(),
  outline: z.array(z.string()),
  collectors: z.array(z.string()),
  /** The engine task the run's searches go to. */
  taskId: z.string().min(1),
  queries: z.strictObject({
    method: z.enum(['template', 'llm']),
    model: z.string().nullable(),
    generatedAt: z.string(),
    /** Queries beyond maxQueries that were not kept. */
    dropped: z.number().int().min(0),
    items: z.array(plannedQuerySchema),
    warnings: z.array(warningSchema),
  }),
  // Lists, not objects keyed by query or URL: those are data, and "__proto__" is a valid query.
  completed: z.array(completedQuerySchema),
  failed: z.array(failedQuerySchema),
  verifications: z.array(storedVerificationSchema),
  updatedAt: z.string(),
});
export type CollectCheckpoint = z.infer<typeof collectCheckpointSchema>;

/** Where checkpoints are kept. `load` gives the stored value (validated by the workflow) or undefined. */
export interface CheckpointStore {
  /** Names the place, for messages (a file path, a task id). */
  readonly location: string;
  load(options?: { signal?: AbortSignal }): Promise<unknown>;
  save(checkpoint: CollectCheckpoint, options?: { signal?: AbortSignal }): Promise<void>;
}

export function runFingerprint(options: { keyword: string; outline: readonly string[]; collectors: readonly string[] }): string {
  return contentHash(
    JSON.stringify({ keyword: options.keyword.replace(/\s+/g, ' ').trim(), outline: options.outline, collectors: [...options.collectors].sort() }),
  );
}

/**
 * The stored checkpoint when it belongs to this run; undefined when there is none. A checkpoint that
 * does not parse is a NonRetryableError; one made for other input is an InvalidInputError — both
 * name the location, and resuming never guesses.
 */
export async function loadCheckpoint(store: CheckpointStore, fingerprint: string, signal?: AbortSignal): Promise<CollectCheckpoint | undefined> {
  const raw = await store.load(signal ? { signal } : {});
  if (raw === undefined) return undefined;
  const version = (raw as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version !== CHECKPOINT_VERSION) {
    throw new NonRetryableError(
      `collect: checkpoint ${store.location} was written by another version of lyra collect (checkpoint version ${version}, this one reads ${CHECKPOINT_VERSION}); delete it to start over`,
      {
        code: 'checkpoint_invalid',
        details: { location: store.location, version },
      },
    );
  }
  const parsed = collectCheckpointSchema.safeParse(raw);
  if (!parsed.success) {
    throw new NonRetryableError(
      `collect: checkpoint ${store.location} is not a valid checkpoint (${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')}); delete it to start over`,
      {
        code: 'checkpoint_invalid',
        details: { location: store.location },
      },
    );
  }
  if (parsed.data.fingerprint !== fingerprint) {
    throw new InvalidInputError(
      `collect: checkpoint ${store.location} belongs to another run (keyword ${JSON.stringify(parsed.data.keyword)}, ${parsed.data.outline.length} outline sections, collectors ${parsed.data.collectors.join(', ')}); start over with fresh, or use another output`,
      {
        code: 'checkpoint_mismatch',
        details: { location: store.location, keyword: parsed.data.keyword },
      },
    );
  }
  return parsed.data;
}

/** Checkpoints in memory, for library callers that manage their own retries, and for tests. */
export function createMemoryCheckpointStore(initial?: unknown): CheckpointStore & { saves: number; value: unknown } {
  const store = {
    location: 'memory',
    saves: 0,
    value: initial === undefined ? undefined : structuredClone(initial),
    load: async () => (store.value === undefined ? undefined : structuredClone(store.value)),
    save: async (checkpoint: CollectCheckpoint) => {
      store.saves++;
      store.value = structuredClone(checkpoint);
    },
  };
  return store;
}
