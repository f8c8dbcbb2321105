"""Turn a shipped int8 judge (models/nli-en/onnx/model_quantized.onnx, dynamic quantization) back into a
PyTorch BertForSequenceClassification folder, so that training can continue from what ships when the fp32
weights it was exported from are gone (they stayed on the accelerator machine that trained them).

Each weight is dequantized as the int8 file computes with it: (q - zero_point) * scale, per tensor for
the embeddings, per output channel for the linear layers. The MatMul weights of the export carry no names
(onnx::MatMul_N); they come in the order of the graph: per layer query, key, value, attention output,
intermediate, output. The result reproduces the int8 file's probabilities closely (printed), not the lost
fp32 ones exactly.

    python dequantize_int8.py --model models/nli-en --out DIR [--commit SHA]
"""
import argparse
import hashlib
import json
import os
import shutil

import numpy as np
import onnx
from onnx import numpy_helper
import torch
from safetensors.torch import save_file

LINEAR_ORDER = ("attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense", "intermediate.dense", "output.dense")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True, help="a shipped judge folder (config.json, tokenizer, onnx/model_quantized.onnx)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--commit", default="", help="the git commit the shipped folder was read from (recorded)")
    args = ap.parse_args()
    path = os.path.join(args.model, "onnx", "model_quantized.onnx")
    graph = onnx.load(path).graph
    inits = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    config = json.load(open(os.path.join(args.model, "config.json")))
    layers = int(config["num_hidden_layers"])

    def deq(prefix: str) -> np.ndarray:
        q = inits[prefix + "_quantized"].astype(np.float32)
        zp = inits[prefix + "_zero_point"].astype(np.float32)
        return (q - zp) * inits[prefix + "_scale"].astype(np.float32)

    state: dict[str, torch.Tensor] = {}
    for name, value in inits.items():
        if not name.endswith(("_quantized", "_scale", "_zero_point")):
            state[name] = torch.from_numpy(np.ascontiguousarray(value.astype(np.float32)))
    for emb in ("word_embeddings", "position_embeddings", "token_type_embeddings"):
        state[f"bert.embeddings.{emb}.weight"] = torch.from_numpy(deq(f"bert.embeddings.{emb}.weight"))
    # MatMul weights are stored [in, out]: a torch Linear keeps [out, in].
    for name in ("bert.pooler.dense", "classifier"):
        state[f"{name}.weight"] = torch.from_numpy(np.ascontiguousarray(deq(f"{name}.weight").T))
    # The unnamed MatMul weights in the order the graph uses them.
    used: list[str] = []
    for node in graph.node:
        for i in node.input:
            if i.startswith("onnx::MatMul_") and i.endswith("_quantized") and i[: -len("_quantized")] not in used:
                used.append(i[: -len("_quantized")])
    if len(used) != layers * len(LINEAR_ORDER):
        raise SystemExit(f"dequantize: expected {layers * len(LINEAR_ORDER)} unnamed MatMul weights in {path}, found {len(used)}")
    for k, prefix in enumerate(used):
        layer, part = divmod(k, len(LINEAR_ORDER))
        state[f"bert.encoder.layer.{layer}.{LINEAR_ORDER[part]}.weight"] = torch.from_numpy(np.ascontiguousarray(deq(prefix).T))

    from transformers import AutoConfig, AutoModelForSequenceClassification, AutoTokenizer

    os.makedirs(args.out, exist_ok=True)
    for f in ("config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"):
        if os.path.exists(os.path.join(args.model, f)):
            shutil.copy(os.path.join(args.model, f), args.out)
    model = AutoModelForSequenceClassification.from_config(AutoConfig.from_pretrained(args.out))
    missing, unexpected = model.load_state_dict(state, strict=False)
    missing = [m for m in missing if not m.endswith("position_ids")]
    if missing or unexpected:
        raise SystemExit(f"dequantize: missing {missing} unexpected {unexpected}")
    model.eval()
    save_file({k: v.contiguous() for k, v in model.state_dict().items()}, os.path.join(args.out, "model.safetensors"))
    with open(os.path.join(args.out, "SOURCE.json"), "w") as f:
        json.dump({"dequantized_from": path, "commit": args.commit, "sha256": hashlib.sha256(open(path, "rb").read()).hexdigest()}, f, indent=1)
    # How close the dequantized weights come to the int8 file on its own parity pairs.
    parity = json.load(open(os.path.join(args.model, "parity.json")))
    tok = AutoTokenizer.from_pretrained(args.out)
    pairs = parity["pairs"]
    enc = tok([p["premise"] for p in pairs], [p["hypothesis"] for p in pairs], padding=True, truncation=True, max_length=128, return_tensors="pt")
    with torch.no_grad():
        probs = torch.softmax(model(**enc).logits, -1).numpy()
    print(json.dumps({
        "vs_int8": float(np.abs(probs - np.array(parity["onnxruntime_int8"])).max()),
        "vs_lost_fp32": float(np.abs(probs - np.array(parity["torch"])).max()),
        "argmax_agree_int8": float((probs.argmax(1) == np.array(parity["onnxruntime_int8"]).argmax(1)).mean()),
    }))


if __name__ == "__main__":
    main()
