// Step 1 of `npm run train:nli`: the English training, dev and tuning pairs as JSON lines for the
// PyTorch fine-tune (train_nli.py). The pairs are the very pools the embedded stance model trained on
// (bench/lib/stance-pools.ts: every set of ../shared/data whose license allows shipped weights, plus the
// related-but-neutral candidate pairs), so the two judges are compared on the same held-out data.
//
//   node --import tsx scripts/nli/dump-pairs.ts --out .scratch-nli/pairs
//
// Each line: {"premise": passage sentence, "hypothesis": claim, "label": 0 entailment | 1 contradiction |
// 2 neutral, "source", "weight"}. Files: train.jsonl, dev.jsonl (epoch choice), tune.jsonl (thresholds,
// never trained on), tune-cf.jsonl (Climate-FEVER's even claim ids: evaluation-only data, the tuning half
// that finish-model.ts fits thresholds on; train_nli.py scores checkpoints on it), meta.json (counts by source).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadClimateFever } from '../../bench/lib/stance-data.js';
import { englishPools } from '../../bench/lib/stance-pools.js';
import type { Stance } from '../../src/core/index.js';
import { sharedDataPath } from '../../src/test-support/shared-data.js';
import { valencePairs } from './valence-pairs.js';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: '.scratch-nli/pairs' },
    /** Written valence pairs (valence-pairs.ts) added to the training pool; 0 (the shipped recipe) adds none. */
    valence: { type: 'string', default: '0' },
  },
});
const out = args.out ?? '.scratch-nli/pairs';
/** Column order of the exported model (config.json id2label). */
const LABEL_INDEX: Record<Stance, number> = { supports: 0, refutes: 1, neutral: 2 };

const pools = englishPools(sharedDataPath());
mkdirSync(out, { recursive: true });
const counts: Record<string, Record<string, number>> = {};
const write = (name: string, rows: readonly { claim: string; passage: string; label: Stance; source: string; weight?: number }[]): void => {
  const bySource: Record<string, number> = {};
  const lines = rows.map((p) => {
    bySource[p.source] = (bySource[p.source] ?? 0) + 1;
    return JSON.stringify({ premise: p.passage, hypothesis: p.claim, label: LABEL_INDEX[p.label], source: p.source, weight: p.weight ?? 1 });
  });
  writeFileSync(join(out, `${name}.jsonl`), `${lines.join('\n')}\n`);
  counts[name] = bySource;
  console.error(`[dump-pairs] ${name}: ${rows.length} pairs`);
};
// Written pairs on the valence of a change (valence-pairs.ts; no third-party text), when asked for.
write('train', [...pools.train, ...valencePairs({ count: Number(args.valence), seed: 13 })]);
write('dev', pools.dev);
write('tune', pools.tune);
// The same even/odd split as finish-model.ts: odd claim ids stay the held-out report.
write(
  'tune-cf',
  loadClimateFever(sharedDataPath()).filter((p) => Number(p.group) % 2 === 0),
);
writeFileSync(join(out, 'meta.json'), `${JSON.stringify({ labels: ['entailment', 'contradiction', 'neutral'], counts }, null, 1)}\n`);
