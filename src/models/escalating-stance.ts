// A stance model that asks a second, stronger judge about the pairs the first one is unsure of: the
// `client` backend runs the embedded model on every pair and sends the uncertain ones to the MCP
// client's model (sampling). "Sure" is read off the first judgement's probabilities: a supports or
// refutes edge whose confidence reaches `sureAbove`, or a neutral one whose supports and refutes
// probabilities both stay under `unsureFloor`. Everything between goes to the judge, at most
// `maxEscalations` per call (the most uncertain first); the rest keep the first model's verdict.
import { z } from 'zod';
import { throwIfAborted, type StanceJudgement, type StanceModel } from '../core/index.js';
import { parseOptions } from './options.js';

export const escalationOptionsSchema = z.strictObject({
  sureAbove: z.number().min(0).max(1).default(0.9),
  unsureFloor: z.number().min(0).max(1).default(0.15),
  maxEscalations: z.number().int().min(0).max(10_000).default(200),
});
export type EscalationOptions = z.input<typeof escalationOptionsSchema>;

/** How far a judgement is from sure (0 = sure); used to pick which pairs the judge sees first. */
export function uncertainty(j: StanceJudgement, o: { sureAbove: number; unsureFloor: number }): number {
  if (j.stance === 'neutral') return Math.max(0, Math.max(j.scores.supports, j.scores.refutes) - o.unsureFloor);
  return Math.max(0, o.sureAbove - j.confidence);
}

export function createEscalatingStanceModel(options: { base: StanceModel; judge: StanceModel } & EscalationOptions): StanceModel {
  const { base, judge, ...rest } = options;
  const o = parseOptions(escalationOptionsSchema, rest, 'escalating stance model');
  return {
    name: `${judge.name}+${base.name}`,
    async judge(pairs, callOptions = {}) {
      const first = await base.judge(pairs, callOptions);
      throwIfAborted(callOptions.signal);
      const unsure = first
        .map((j, i) => ({ i, u: uncertainty(j, o) }))
        .filter((x) => x.u > 0)
        .sort((a, b) => b.u - a.u || a.i - b.i)
        .slice(0, o.maxEscalations)
        .map((x) => x.i)
        .sort((a, b) => a - b);
      if (unsure.length === 0) return first;
      const second = await judge.judge(
        unsure.map((i) => pairs[i]!),
        callOptions,
      );
      const out = first.slice();
      unsure.forEach((i, k) => (out[i] = second[k]!));
      return out;
    },
  };
}
