// Tasks and queries as they are recorded: input checked first (zod at the boundary), then written
// in one transaction with what a resumed run needs to repeat them exactly.
import {
  InvalidInputError,
  newId,
  normalizeUrl,
  type CreateTaskInput,
  type EngineWarning,
  type Query,
  type QueryMode,
  type QueryOrigin,
  type SearchTarget,
  type Store,
  type Task,
} from '../core/index.js';
import { detectLanguage } from '../extract/index.js';
import { formatScholarlyId, parseScholarlyId } from '../sources/index.js';
import { budgetInputSchema, type PipelineLimits } from './limits.js';
import { addTaskWarnings, keys, type QueryInput, type QueryKind } from './task-state.js';

export const MAX_QUESTION_CHARS = 2_000;
export const MAX_QUERY_CHARS = 1_000;

export function requireTask(store: Store, taskId: string): Task {
  const task = store.getTask(taskId);
  if (!task) throw new InvalidInputError(`no task ${JSON.stringify(taskId)} (see lyra task list)`, { code: 'task_not_found', details: { taskId } });
  return task;
}

export function newTaskRecord(input: CreateTaskInput, options: { limits: PipelineLimits; providers: string[]; snapshot: Record<string, unknown> }): Task {
  const question = input.question?.trim() ?? '';
  if (!question) throw new InvalidInputError('task: the question is empty', { code: 'question_empty' });
  if (question.length > MAX_QUESTION_CHARS)
    throw new InvalidInputError(`task: the question is longer than ${MAX_QUESTION_CHARS} characters`, { code: 'question_too_long' });
  const parsed = budgetInputSchema.safeParse(input.budget ?? {});
  if (!parsed.success)
    throw new InvalidInputError(
      `task: invalid budget ${JSON.stringify(input.budget)}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      { code: 'budget_invalid' },
    );
  const d = options.limits.defaultBudget;
  return {
    id: newId('task'),
    question,
    status: 'created',
    kind: input.kind ?? 'research',
    budget: {
      maxPages: parsed.data.maxPages ?? d.maxPages,
      maxQueries: parsed.data.maxQueries ?? d.maxQueries,
      maxSeconds: parsed.data.maxSeconds ?? d.maxSeconds,
    },
    language: input.language ?? detectLanguage(question),
    priorityDomains: (input.priorityDomains ?? []).map((p) => p.trim().toLowerCase()).filter(Boolean),
    createdAt: new Date().toISOString(),
    configSnapshot: { ...options.snapshot, providers: options.providers },
  };
}

export function storeTask(store: Store, task: Task, warnings: EngineWarning[]): void {
  store.transaction(() => {
    store.createTask(task);
    addTaskWarnings(store, task.id, warnings);
  });
}

/** The task's providers as recorded at creation. */
export function taskProviders(task: Task): string[] {
  const p = task.configSnapshot.providers;
  return Array.isArray(p) ? p.filter((x): x is string => typeof x === 'string') : [];
}

/** Checks one target and turns it into a query input; nothing is stored. */
export function targetInput(
  target: SearchTarget,
  providers: string[],
  extra: { maxPages?: number; seekPrimary?: boolean; deferStance?: boolean; expansion?: QueryInput['expansion'] } = {},
): QueryInput {
  let kind: QueryKind;
  let value: string;
  let refute = false;
  if ('query' in target) {
    kind = 'query';
    value = target.query.trim();
    refute = target.refute === true;
    if (!value) throw new InvalidInputError('search: the query is empty', { code: 'query_empty' });
    if (value.length > MAX_QUERY_CHARS)
      throw new InvalidInputError(`search: the query is longer than ${MAX_QUERY_CHARS} characters`, { code: 'query_too_long' });
  } else if ('url' in target) {
    kind = 'url';
    value = normalizeUrl(target.url);
  } else {
    kind = 'doi';
    value = formatScholarlyId(parseScholarlyId(target.doi));
  }
  return {
    kind,
    value,
    refute,
    providers,
    ...(extra.maxPages !== undefined ? { maxPages: extra.maxPages } : {}),
    seekPrimary: extra.seekPrimary === true,
    ...(extra.deferStance ? { deferStance: true } : {}),
    ...(extra.expansion ? { expansion: extra.expansion } : {}),
  };
}

/** Records a pending query and its input in one transaction (origin default `client`; clientKey: the caller's id for it). */
export function recordQuery(store: Store, taskId: string, input: QueryInput, options: { origin?: QueryOrigin; clientKey?: string } = {}): Query {
  const mode: QueryMode = input.refute ? 'refute' : 'normal';
  const query: Query = {
    id: newId('q'),
    taskId,
    text: input.value,
    mode,
    origin: options.origin ?? 'client',
    status: 'pending',
    attempts: 0,
    metrics: {},
    createdAt: new Date().toISOString(),
    ...(options.clientKey !== undefined ? { clientKey: options.clientKey } : {}),
  };
  store.transaction(() => {
    store.insertQuery(query);
    store.saveCheckpoint(taskId, keys.input(query.id), input);
  });
  return query;
}
