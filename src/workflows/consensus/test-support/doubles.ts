// Small deterministic doubles for the consensus tests: a stance model (usable as the engine's model and
// as the workflow's judge, Engine.judge) and agent reports for the scorer. The engine double is the one
// every workflow's tests share (workflows/test-support/memory-engine.ts). Test support only; nothing in
// the workflow imports this file.
import type { StanceJudge, StanceJudgement, StanceModel, StancePair } from '../../../core/index.js';
import type { AgentReport, AgentStrategy, SourceReference } from '../types.js';

const NEGATION = /\b(?:not|no|never)\b|ない|ません/;

/**
 * Judges "refutes" when exactly one side is negated and they share a content word, else neutral;
 * `refutes` is the contradiction probability it reports. Records every pair it was asked.
 */
export function negationStance(options: { refutes?: number } = {}): StanceModel & StanceJudge & { pairs: StancePair[] } {
  const refutes = options.refutes ?? 0.8;
  const pairs: StancePair[] = [];
  const words = (s: string): Set<string> => new Set(s.toLowerCase().match(/[a-z]{4,}/g) ?? []);
  return {
    name: 'negation-double',
    stanceModelName: () => 'negation-double',
    pairs,
    judge: async (batch) => {
      pairs.push(...batch);
      return batch.map((p): StanceJudgement => {
        const shared = [...words(p.claim)].some((w) => words(p.passage).has(w));
        const contra = shared && NEGATION.test(p.claim) !== NEGATION.test(p.passage);
        const rest = (1 - refutes) / 2;
        return contra
          ? { stance: 'refutes', confidence: refutes, scores: { supports: rest, refutes, neutral: rest }, decisiveSentence: p.passage }
          : { stance: 'neutral', confidence: 0.8, scores: { supports: 0.1, refutes: 0.1, neutral: 0.8 }, decisiveSentence: p.passage };
      });
    },
  };
}

/** A fixed judgement for every pair. */
export function fixedStance(judgement: Omit<StanceJudgement, 'decisiveSentence'>): StanceModel & StanceJudge {
  return {
    name: 'fixed-double',
    stanceModelName: () => 'fixed-double',
    judge: async (batch) => batch.map((p) => ({ ...judgement, decisiveSentence: p.passage })),
  };
}

export const TEST_STRATEGY: AgentStrategy = {
  agentId: 1,
  queryModifiers: ['公式'],
  preferredSources: ['official'],
  timeRange: 'all',
  maxResultsPerAgent: 10,
};

/** A report with given claims, sources and content, for scorer tests. */
export function makeReport(options: {
  id: string;
  agentId?: number;
  content?: string;
  sources?: SourceReference[];
  claims?: Array<{ text: string; sourceUrl: string; publishedAt?: string }>;
}): AgentReport {
  return {
    agentId: options.agentId ?? 1,
    reportId: options.id,
    content: options.content ?? '',
    sources: options.sources ?? [],
    strategy: TEST_STRATEGY,
    generatedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 0,
    ...(options.claims ? { claims: options.claims } : {}),
  };
}
