// The entities the engine's views carry (a task, its budget, a page's identifiers, a stored error), as
// zod schemas: the TypeScript types are inferred from them (entities.ts), and the MCP server derives
// its snake_case output schemas from the same definitions, so the shape is written down once.
import { z } from 'zod';
import { TASK_KINDS, TASK_STATUSES } from '../enums.js';
import { ERROR_CATEGORIES } from '../errors.js';

export const budgetSchema = z.object({
  /** Maximum pages fetched or registered for the task. */
  maxPages: z.number(),
  /** Maximum queries run for the task. */
  maxQueries: z.number(),
  /** Wall-clock limit in seconds. */
  maxSeconds: z.number(),
});

export const storedErrorSchema = z.object({
  category: z.enum(ERROR_CATEGORIES),
  code: z.string(),
  message: z.string(),
});

export const identifiersSchema = z.object({
  doi: z.string().optional(),
  pmid: z.string().optional(),
  arxiv: z.string().optional(),
  s2: z.string().optional(),
  openalex: z.string().optional(),
});

export const taskSchema = z.object({
  id: z.string(),
  question: z.string(),
  status: z.enum(TASK_STATUSES),
  /** Absent: research (tasks stored before kinds existed were all made that way or read as such). */
  kind: z.enum(TASK_KINDS).optional(),
  budget: budgetSchema,
  language: z.string().optional(),
  priorityDomains: z.array(z.string()),
  /** ISO-8601 (UTC). */
  createdAt: z.string(),
  stoppedAt: z.string().optional(),
  stopReason: z.string().optional(),
  /** The configuration in force when the task was created, for audit. */
  configSnapshot: z.record(z.string(), z.unknown()),
});
