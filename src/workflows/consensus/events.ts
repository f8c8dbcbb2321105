// Progress events of a consensus run (seed 004 §4.5) and a small typed emitter for them.
import type { AgentStrategy, ConsensusResearchConfig, ConsensusResearchResult, IterationContext, ReportScore } from './types.js';

/** Every event of a run, in the order of seed 004 §3.1. */
export type ConsensusResearchEvent =
  | { type: 'researchStarted'; topic: string; config: ConsensusResearchConfig }
  | { type: 'iterationStarted'; iteration: number; context: IterationContext }
  | { type: 'agentStarted'; iteration: number; agentId: number; strategy: AgentStrategy }
  /** Lyra: `error` says why an agent failed (success false). */
  | { type: 'agentCompleted'; iteration: number; agentId: number; durationMs: number; success: boolean; error?: string }
  | { type: 'scoringCompleted'; iteration: number; scores: ReportScore[] }
  | { type: 'consensusSelected'; iteration: number; selectedAgentId: number; reason: string }
  | { type: 'iterationCompleted'; iteration: number; durationMs: number }
  | { type: 'researchCompleted'; result: ConsensusResearchResult }
  | { type: 'researchFailed'; error: Error };

export type ConsensusResearchEventType = ConsensusResearchEvent['type'];
export type ConsensusResearchEventOf<T extends ConsensusResearchEventType> = Extract<ConsensusResearchEvent, { type: T }>;

/** Listener of every event (seed 004 §4.5). */
export type ConsensusResearchEventListener = (event: ConsensusResearchEvent) => void;
export type ConsensusEventListenerOf<T extends ConsensusResearchEventType> = (event: ConsensusResearchEventOf<T>) => void;

/** Listeners per event type. A listener that throws stops the run, like any error of the caller's code. */
export class ConsensusEventEmitter {
  private readonly listeners = new Map<ConsensusResearchEventType, Set<(event: ConsensusResearchEvent) => void>>();

  on<T extends ConsensusResearchEventType>(type: T, listener: ConsensusEventListenerOf<T>): void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener as (event: ConsensusResearchEvent) => void);
  }

  off<T extends ConsensusResearchEventType>(type: T, listener: ConsensusEventListenerOf<T>): void {
    this.listeners.get(type)?.delete(listener as (event: ConsensusResearchEvent) => void);
  }

  emit(event: ConsensusResearchEvent): void {
    const set = this.listeners.get(event.type);
    if (!set) return;
    for (const listener of [...set]) listener(event);
  }
}
