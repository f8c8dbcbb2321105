// Japanese NLI sets (../shared/data/nli-ja/unified/<set>.jsonl; see nli-ja/PROVENANCE.md). Licenses:
// JSICK, JNLI, JNLI-Neg, JaNLI, Jamp CC BY-SA 4.0; JSeM BSD-3 — all may train shipped weights.
// Evaluation: JNLI valid, JSICK test, JSICK-stress. Training: JSICK train, Jamp train, JNLI-Neg
// train (never JNLI-Neg valid, which is built from JNLI valid), JaNLI train (binary), JSeM.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Stance } from '../../src/core/index.js';
import type { LabelledPair } from './stance-data.js';

interface UnifiedRow {
  set: string;
  split: string;
  premise: string;
  hypothesis: string;
  label: string;
  src_id?: string;
}

const LABELS: Record<string, Stance> = { entailment: 'supports', contradiction: 'refutes', neutral: 'neutral' };

/** A pair whose label may be partial: JaNLI's `non-entailment` says only "not supports". */
export type JaPair = Omit<LabelledPair, 'label'> & { label: Stance | 'not_supports' };

export function loadJa(root: string, set: string, split?: string): JaPair[] {
  const out: JaPair[] = [];
  const text = readFileSync(join(root, 'nli-ja/unified', `${set}.jsonl`), 'utf8');
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as UnifiedRow;
    if (split !== undefined && r.split !== split) continue;
    const label = r.label === 'non-entailment' ? 'not_supports' : LABELS[r.label];
    if (!label || !r.premise || !r.hypothesis) continue;
    out.push({ claim: r.hypothesis, passage: r.premise, label, group: `${set}:${r.premise}`, source: `${set}_${r.split}` });
  }
  return out;
}

/** The evaluation suites of bench:verdicts (three-way labels only). */
export function japaneseEvalSuites(root: string): { name: string; pairs: LabelledPair[] }[] {
  const three = (pairs: JaPair[]): LabelledPair[] => pairs.filter((p): p is LabelledPair => p.label !== 'not_supports');
  return [
    { name: 'jnli_valid', pairs: three(loadJa(root, 'jnli', 'valid')) },
    { name: 'jsick_test', pairs: three(loadJa(root, 'jsick', 'test')) },
    { name: 'jsick_stress', pairs: three(loadJa(root, 'jsick-stress')) },
  ];
}

/** The Japanese training pairs (see the file comment for what is excluded and why). */
export function japaneseTrainingPairs(root: string): JaPair[] {
  return [
    ...loadJa(root, 'jsick', 'train'),
    ...loadJa(root, 'jamp', 'train'),
    ...loadJa(root, 'jnli-neg', 'train'),
    ...loadJa(root, 'janli', 'train'),
    ...loadJa(root, 'jsem'),
  ];
}
