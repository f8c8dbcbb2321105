// What one MCP tool is: a name, a description written for an AI client, zod input and output
// schemas (published as JSON Schema in tools/list) and a handler that gets validated arguments.
import type { z } from 'zod';
import type { Engine, Store } from '../core/index.js';
import type { RecomputeSummary } from '../app/index.js';

/** What the tools work on: the engine, its store, and the recompute a feedback correction triggers. */
export interface McpServices {
  engine: Engine;
  store: Store;
  /** Re-derives a task's contradictions, L6 verification and claim statuses from the stored graph. */
  recompute(taskId: string): RecomputeSummary;
}

export interface ToolContext {
  services: McpServices;
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

export interface ToolDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /** Returns the structured result; callTool checks it against `output` at run time (views are interfaces, the schemas loose). */
  run(args: z.output<I>, ctx: ToolContext): Promise<object> | object;
}

/** Keeps the input and output types of one definition tied together. */
export function defineTool<I extends z.ZodType, O extends z.ZodType>(def: ToolDefinition<I, O>): ToolDefinition {
  return def as unknown as ToolDefinition;
}
