"""Step 4 of `npm run train:nli-ja`: exports the fine-tuned Japanese cross-encoder (train_nli_ja.py) to
ONNX in the Hugging Face layout Lyra's `transformers` path reads: config.json (label names),
tokenizer.json, tokenizer_config.json, special_tokens_map.json, onnx/model.onnx (fp32, left in the work
folder) and onnx/model_quantized.onnx (what ships: per-channel int8 weights, fp32 activations — weight-only
int8, scripts/nli/weight_only_int8.py), and parity.json (fixed Japanese pairs with PyTorch's and
onnxruntime's probabilities, one pair per run; finish-model.ts checks Node's onnxruntime against them).

  .venv-nli/bin/python scripts/nli-ja/export_nli_ja.py --trained DIR --out DIR
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys

from transformers import BertForSequenceClassification

# This folder is on the path when run as a script: the training step's tokenizer, as trained.
from train_nli_ja import tokenizer_of

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "nli"))
from train_nli import export_onnx_with_parity  # noqa: E402  (the English judge's export and int8 recipe, shared)

PARITY_PAIRS = [
    ("2016年と2017年にもサンゴの大規模な白化が起きた。", "サンゴの白化は気候変動によって起きている。"),
    ("サメよけのネットはオーストラリアの海水浴場で泳ぐ人を守るために使われている。", "サンゴ礁は気候変動のせいで白化している。"),
    ("その薬はプラセボと比べて死亡率を30%下げた。", "その薬は死亡率を下げなかった。"),
    ("男性がステージでギターを弾いている。", "誰も楽器を演奏していない。"),
    ("北極の海氷面積は1979年以降どの10年でも減少している。", "北極の海氷は縮小している。"),
    ("子供たちが公園でサッカーをしている。", "子供たちが屋外で遊んでいる。"),
]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trained", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--max-length", type=int, default=128)
    args = ap.parse_args()
    out = args.out
    os.makedirs(os.path.join(out, "onnx"), exist_ok=True)
    tok = tokenizer_of(args.trained)
    model = BertForSequenceClassification.from_pretrained(args.trained).float().eval()
    model.config.architectures = ["BertForSequenceClassification"]
    model.config.save_pretrained(out)
    # Written compact (save_pretrained indents it: twice the bytes for the same tokenizer).
    with open(os.path.join(args.trained, "tokenizer.json"), encoding="utf-8") as src, open(os.path.join(out, "tokenizer.json"), "w", encoding="utf-8") as dst:
        json.dump(json.load(src), dst, ensure_ascii=False, separators=(",", ":"))
    # Written out rather than by save_pretrained, whose class name (TokenizersBackend) transformers.js does
    # not know: XLMRobertaTokenizer is the class of this vocabulary, and it never emits token type ids
    # other than 0 (the model was trained with type 0 only).
    specials = {"bos_token": "<s>", "eos_token": "</s>", "pad_token": "<pad>", "unk_token": "<unk>", "cls_token": "<s>", "sep_token": "</s>"}
    with open(os.path.join(out, "tokenizer_config.json"), "w", encoding="utf-8") as fh:
        json.dump({"tokenizer_class": "XLMRobertaTokenizer", "model_max_length": 512, **specials}, fh, indent=1)
    with open(os.path.join(out, "special_tokens_map.json"), "w", encoding="utf-8") as fh:
        json.dump(specials, fh, indent=1)
    for name in ("training.json", "dev.jsonl"):
        shutil.copy(os.path.join(args.trained, name), os.path.join(out, name))
    tokenize = lambda premises, hypotheses, tensors: tok(premises, hypotheses, padding=True, truncation=True,  # noqa: E731
                                                         max_length=args.max_length, return_tensors=tensors, return_token_type_ids=True)
    parity = export_onnx_with_parity(model, tokenize, PARITY_PAIRS, out, weights_only=True)
    fp32, q8 = os.path.join(out, "onnx", "model.onnx"), os.path.join(out, "onnx", "model_quantized.onnx")
    with open(os.path.join(out, "parity.json"), "w", encoding="utf-8") as fh:
        json.dump(parity, fh, indent=1, ensure_ascii=False)
    print(f"ONNX: fp32 vs torch max |dp| {parity['max_abs_diff_fp32_vs_torch']:.2e}, int8 vs torch {parity['max_abs_diff_int8_vs_torch']:.3f}; "
          f"sizes fp32 {os.path.getsize(fp32) / 1e6:.1f} MB, int8 {os.path.getsize(q8) / 1e6:.1f} MB", flush=True)


if __name__ == "__main__":
    main()
