// What every phase of one session shares: the injected adapters, the persisted state, the clock and
// the claim analyzer.
import { isClaimWorthChecking, kindsIn, type KindOf, type NormalizedClaim } from '../../extract/index.js';
import type { QuestionAnalysis } from '../answer/index.js';
import { boundedMemo } from './bounded-memo.js';
import { STRINGS } from './language.js';
import type { PerspectiveKey } from './perspectives.js';
import { runMeaning, type RunMeaning } from './relevance.js';
import { addWarning, type ResearchState, type ResearchWarning } from './state.js';
import type { ClosestRule, ResearchDeps, ResearchEvent } from './types.js';

/** Warnings kept in the state; more are counted, not stored. */
export const MAX_STORED_WARNINGS = 200;

export interface RunContext {
  deps: ResearchDeps;
  state: ResearchState;
  signal?: AbortSignal;
  /** Aborts a search still running after the time budget (plus grace). */
  hardDeadline: AbortSignal;
  analyze: (statement: string) => NormalizedClaim;
  /** The question read (kind, proposition, subject and aspect terms), then each translated topic. */
  questions: QuestionAnalysis[];
  /** Whether a statement read alone is a claim worth checking (memoized). */
  worth: (statement: string) => boolean;
  /** The kinds a statement names (extract kindsIn, memoized): relevance reads the subject through them. */
  kinds: (statement: string) => readonly KindOf[];
  now: () => Date;
  elapsedMs: () => number;
  emit: (e: DistributiveOmit<ResearchEvent, 'at'>) => void;
  save: () => void;
  warn: (w: ResearchWarning) => void;
  perspectiveOf: (claimId: string) => PerspectiveKey | null;
  closest?: ClosestRule;
  strings: (typeof STRINGS)[keyof typeof STRINGS];
  /** Relevance by meaning (deps.relevanceModel, English questions); the rules alone without it. */
  meaning?: RunMeaning;
}

/** Most statements whose worth (or kinds) is remembered; each memo starts over beyond (a run reads at most MAX_SNAPSHOT_CLAIMS claims). */
export const WORTH_MEMO_LIMIT = 50_000;

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export function createRunContext(options: {
  deps: ResearchDeps;
  state: ResearchState;
  signal?: AbortSignal;
  analyze: RunContext['analyze'];
  questions: QuestionAnalysis[];
}): RunContext {
  const { deps, state } = options;
  const now = deps.now ?? (() => new Date());
  const sessionStart = now().getTime();
  const elapsedMs = (): number => state.elapsedMs + (now().getTime() - sessionStart);
  const hardMs = Math.max(1, state.options.budget.seconds * 1000 + 5_000 - state.elapsedMs);
  const hardDeadline = AbortSignal.timeout(hardMs);
  const entryByKey = (key: string) => state.entries.find((e) => e.key === key);
  const ctx: RunContext = {
    deps,
    state,
    ...(options.signal ? { signal: options.signal } : {}),
    hardDeadline,
    analyze: options.analyze,
    questions: options.questions,
    worth: boundedMemo(isClaimWorthChecking, WORTH_MEMO_LIMIT),
    kinds: boundedMemo(kindsIn, WORTH_MEMO_LIMIT),
    now,
    elapsedMs,
    emit: (e) => deps.onEvent?.({ ...e, at: now().toISOString() } as ResearchEvent),
    save: () => {
      const saved = { ...state, elapsedMs: elapsedMs() };
      deps.state.save(saved);
    },
    warn: (w) => {
      if (state.warnings.length >= MAX_STORED_WARNINGS) return;
      if (addWarning(state, w)) ctx.emit({ type: 'research.warning', warning: w });
    },
    perspectiveOf: (claimId) => {
      const key = state.foundBy[claimId];
      return (key ? entryByKey(key)?.perspective : undefined) ?? null;
    },
    strings: STRINGS[state.language],
  };
  const meaning = runMeaning(deps.relevanceModel, options.questions[0]);
  if (meaning) ctx.meaning = meaning;
  return ctx;
}
