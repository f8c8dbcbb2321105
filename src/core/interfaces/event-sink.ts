// Progress events from long work, for the CLI's progress lines, MCP notifications and logs.

export type LyraEventLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LyraEvent {
  /** Dotted event name, e.g. `fetch.retry`, `phase.start`, `domain.blocked`, `config.reload_failed`. */
  type: string;
  level: LyraEventLevel;
  message: string;
  at: string;
  taskId?: string;
  data?: Record<string, unknown>;
}

export interface EventSink {
  emit(event: LyraEvent): void;
}

/** A sink that drops everything, for library users who do not listen. */
export const NULL_EVENT_SINK: EventSink = { emit: () => undefined };
