// The parity check of a shipped NLI folder (models/nli-en, models/nli-ja): Node's onnxruntime must give
// the probabilities Python's gave for the same int8 file on the fixed pairs of its parity.json (within
// 1e-4), and the fp32 export must have been PyTorch's network (recorded at export).
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDescribedJudge, SHIPPED_MODELS_DIR, type NliDescriptor } from '../models/transformers/index.js';

export async function assertShippedParity(modelId: string, language: NliDescriptor['language']): Promise<void> {
  const folder = join(SHIPPED_MODELS_DIR, modelId);
  const parity = JSON.parse(readFileSync(join(folder, 'parity.json'), 'utf8')) as {
    pairs: { premise: string; hypothesis: string }[];
    onnxruntime_int8: number[][];
    onnxruntime_fp32: number[][];
    torch: number[][];
  };
  // parity.json holds probabilities at temperature 1: a copy of the folder with T = 1.
  const dir = mkdtempSync(join(tmpdir(), `lyra-${modelId}-`));
  try {
    cpSync(folder, join(dir, modelId), { recursive: true });
    const descriptor = JSON.parse(readFileSync(join(folder, 'lyra.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, modelId, 'lyra.json'), JSON.stringify({ ...descriptor, temperature: 1 }));
    const raw = createDescribedJudge({ descriptorPath: join(dir, modelId, 'lyra.json'), language, maxPairs: 100 }).model;
    const lists = await raw.judgeSentenceLists(parity.pairs.map((p) => ({ claim: p.hypothesis, passage: p.premise })));
    lists.forEach((units, i) => {
      assert.equal(units.length, 1, `pair ${i} is one sentence`);
      for (let c = 0; c < 3; c++) {
        const diff = Math.abs(units[0]!.probs[c]! - parity.onnxruntime_int8[i]![c]!);
        assert.ok(diff < 1e-4, `pair ${i} label ${c}: Node ${units[0]!.probs[c]} vs Python ${parity.onnxruntime_int8[i]![c]}`);
      }
    });
    parity.torch.forEach((row, i) => row.forEach((p, c) => assert.ok(Math.abs(p - parity.onnxruntime_fp32[i]![c]!) < 1e-4)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
