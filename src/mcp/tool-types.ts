// What one MCP tool is: a name, a description written for an AI client, zod input and output
// schemas (the output one in snake_case, as the client receives it), a handler that gets validated
// arguments and returns the engine's camelCase view, and a one-paragraph summary of its result that
// becomes the text content (counts and how to page; the data itself is in structuredContent once).
import type { z } from 'zod';
import type { Engine, EvidenceQueries, QueueOptions, QueuedItem, SearchTarget, Store } from '../core/index.js';
import type { RecomputeSummary } from '../app/feedback/feedback.js';
import type { McpSettings } from '../app/ui/mcp-settings.js';

/** What the tools work on: the engine, its store, the recompute a feedback correction triggers, and read-only queries. */
export interface McpServices {
  engine: Engine;
  store: Store;
  /** Re-derives a task's contradictions, L6 verification and claim statuses from the stored graph. */
  recompute(taskId: string): RecomputeSummary;
  /** Views, read-only SQL and vector search over the store (query_view, query_sql, vector_search). */
  evidence: EvidenceQueries;
  /**
   * Queues searches elsewhere than this process (a team database: recorded, then one job each for
   * `lyra worker`); absent, queued searches run in this process (engine.queueSearches).
   */
  queue?(taskId: string, targets: SearchTarget[], options?: QueueOptions, signal?: AbortSignal): Promise<QueuedItem[]>;
}

export interface ToolContext {
  services: McpServices;
  settings: McpSettings;
  /** Aborted when the client cancels the call or the session closes. */
  signal: AbortSignal;
  /** Sends a progress notification when the client asked for progress (no-op otherwise). */
  progress(message: string): void;
  /** Follows the engine's events of one task as progress notifications until the returned function is called. */
  followTask(taskId: string): () => void;
}

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, R extends object = object> {
  name: string;
  title: string;
  description: string;
  input: I;
  /** The result as sent (snake_case keys); callTool checks it at run time. */
  output: O;
  annotations: ToolAnnotations;
  run(args: z.output<I>, ctx: ToolContext): Promise<R> | R;
  /** The text content: a short summary of the result with its counts and, where it pages, how to get more. */
  summarize(result: R, args: z.output<I>): string;
}

/** Keeps the input, output and result types of one definition tied together. */
export function defineTool<I extends z.ZodType, O extends z.ZodType, R extends object>(def: ToolDefinition<I, O, R>): ToolDefinition {
  return def as unknown as ToolDefinition;
}
