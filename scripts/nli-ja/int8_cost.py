"""What int8 costs the Japanese judge: the fp32 and int8 ONNX files of an export (export_nli_ja.py) run by
Python's onnxruntime one pair per run, as Lyra runs the int8 file; macro-F1 by the most probable label on
the dev split (dev.jsonl of the trained model) and JNLI valid, and how often the two files agree. The
figures go into scripts/nli-ja/card-notes.md ("Quantization"). About 2 minutes on 2 cores.

  .venv-nli/bin/python scripts/nli-ja/int8_cost.py --export .scratch-nli-ja/export --trained .scratch-nli-ja/model-en \
      --unified ../shared/data/nli-ja/unified
"""

from __future__ import annotations

import argparse
import json
import os

import numpy as np
import onnxruntime as ort

# The same labels, tokenizer, length and macro-F1 as the training step (this folder is on the path when run as a script).
from train_nli_ja import LABELS, MAX_TOKENS, macro_f1, tokenizer_of


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--export", required=True, help="export_nli_ja.py's folder (onnx/model.onnx, onnx/model_quantized.onnx, tokenizer.json)")
    ap.add_argument("--trained", required=True, help="train_nli_ja.py's folder (dev.jsonl)")
    ap.add_argument("--unified", required=True, help="../shared/data/nli-ja/unified (jnli.jsonl)")
    args = ap.parse_args()
    tok = tokenizer_of(args.export)
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 2
    sessions = {name: ort.InferenceSession(os.path.join(args.export, "onnx", file), opts, providers=["CPUExecutionProvider"])
                for name, file in [("fp32", "model.onnx"), ("int8", "model_quantized.onnx")]}
    with open(os.path.join(args.trained, "dev.jsonl"), encoding="utf-8") as fh:
        dev = [json.loads(line) for line in fh]
    with open(os.path.join(args.unified, "jnli.jsonl"), encoding="utf-8") as fh:
        jnli = [json.loads(line) for line in fh]
    jnli = [{"premise": r["premise"], "hypothesis": r["hypothesis"], "label": LABELS[r["label"]]}
            for r in jnli if r["split"] == "valid" and r["label"] in LABELS]
    for name, rows in [("dev", dev), ("jnli_valid", jnli)]:
        preds = {}
        for kind, session in sessions.items():
            inputs = [i.name for i in session.get_inputs()]
            out = []
            for r in rows:
                enc = tok(r["premise"], r["hypothesis"], truncation=True, max_length=MAX_TOKENS, return_tensors="np", return_token_type_ids=False)
                # The export takes token_type_ids; XLM-R's tokenizer has none, so they are zeros.
                feed = {n: (enc[n] if n in enc else np.zeros_like(enc["input_ids"])).astype(np.int64) for n in inputs}
                out.append(int(session.run(None, feed)[0][0].argmax()))
            preds[kind] = np.array(out)
        gold = np.array([r["label"] for r in rows])
        print(f"{name} ({len(rows)} pairs): macro-F1 fp32 {macro_f1(gold, preds['fp32']):.3f}, int8 {macro_f1(gold, preds['int8']):.3f}; "
              f"argmax agreement {float((preds['fp32'] == preds['int8']).mean()):.3f}", flush=True)


if __name__ == "__main__":
    main()
