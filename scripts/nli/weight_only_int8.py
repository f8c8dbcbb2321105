"""Weight-only int8: turns a dynamically quantized ONNX file (onnxruntime's quantize_dynamic: every MatMul a
DynamicQuantizeLinear of its input, a MatMulInteger on int8 weights, a Cast and a Mul by both scales) into
one that keeps the same int8 weights but multiplies in fp32: each MatMulInteger becomes a DequantizeLinear of
its weights (per channel, the same scales and zero points) followed by a MatMul on the unquantized input.

Why: on the Japanese judge (models/nli-ja) rounding each activation tensor to 8 bits over its own range cost
1.2 points of JSICK test macro-F1 and 1.5 of JNLI valid against fp32, while the int8 weights alone cost
almost nothing (docs in scripts/nli-ja/card-notes.md, "Quantization"). The file keeps its size (the weights
stay int8); onnxruntime dequantizes them once at load when the session sets session.disable_quant_qdq
(Lyra does, for a folder whose lyra.json says "quantization": "weights-only"), and a pair's probabilities no
longer depend on its batch-mates. It runs slower than the dynamic file (fp32 MatMuls): the card says how much.

  python scripts/nli/weight_only_int8.py IN.onnx OUT.onnx [--parity FOLDER]

export_onnx_with_parity (train_nli.py) calls weight_only() on the Japanese judge's export. With --parity, a
model folder's parity.json (its fixed pairs, tokenized by the folder's tokenizer.json) gets onnxruntime's
probabilities of OUT in place of the dynamic file's: how the shipped Japanese judge, whose fp32 export was
not kept, was converted (scripts/nli-ja/card-notes.md).
"""

from __future__ import annotations

import argparse
import json
import os

import numpy as np
import onnx
from onnx import helper

# The session option under which onnxruntime folds a constant DequantizeLinear into an fp32 initializer.
FOLD_CONFIG = ("session.disable_quant_qdq", "1")


def weight_only(src: str, dst: str) -> int:
    """Writes dst from src (see the module's note); returns how many MatMuls it rewrote."""
    model = onnx.load(src)
    graph = model.graph
    initializers = {i.name for i in graph.initializer}
    producer = {out: n for n in graph.node for out in n.output}
    consumers: dict[str, list] = {}
    for n in graph.node:
        for name in n.input:
            consumers.setdefault(name, []).append(n)
    dropped: set[int] = set()
    replacement: dict[int, list] = {}
    for n in graph.node:
        if n.op_type != "MatMulInteger":
            continue
        quantize = producer[n.input[0]]
        (cast,) = consumers[n.output[0]]
        (scale_mul,) = consumers[cast.output[0]]
        scales = next(i for i in scale_mul.input if i != cast.output[0])
        scales_product = producer[scales]  # the activation's scale times the weights' (per channel)
        if quantize.op_type != "DynamicQuantizeLinear" or cast.op_type != "Cast" or scale_mul.op_type != "Mul" or scales_product.op_type != "Mul":
            raise ValueError(f"{src}: {n.name} is not quantize_dynamic's MatMul pattern")
        weight_scale = next(i for i in scales_product.input if i in initializers)
        weights, weight_zero = n.input[1], n.input[3]
        dequantized = weights + "_dequantized"
        replacement[id(n)] = [
            helper.make_node("DequantizeLinear", [weights, weight_scale, weight_zero], [dequantized], axis=1, name=n.name + "_weights"),
            helper.make_node("MatMul", [quantize.input[0], dequantized], [scale_mul.output[0]], name=n.name + "_fp32"),
        ]
        dropped |= {id(n), id(cast), id(scale_mul), id(scales_product)}
    nodes = []
    for n in graph.node:
        nodes += replacement.get(id(n), [])
        if id(n) not in dropped:
            nodes.append(n)
    read = {i for n in nodes for i in n.input} | {o.name for o in graph.output}
    nodes = [n for n in nodes if not (n.op_type == "DynamicQuantizeLinear" and not any(o in read for o in n.output))]
    del graph.node[:]
    graph.node.extend(nodes)
    onnx.checker.check_model(model)
    onnx.save(model, dst)
    return len(replacement)


def session_probabilities(onnx_path: str, feeds: list[dict[str, np.ndarray]], weights_only: bool) -> np.ndarray:
    """Softmax of onnx_path's logits for each feed, each run alone as Lyra runs the file (a dynamic int8
    file's activation scales depend on the batch; a weights-only one has its weights folded at load)."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    if weights_only:
        options.add_session_config_entry(*FOLD_CONFIG)
    session = ort.InferenceSession(onnx_path, options, providers=["CPUExecutionProvider"])
    names = [i.name for i in session.get_inputs()]
    logits = np.array([session.run(["logits"], {n: feed[n].astype(np.int64) for n in names})[0][0] for feed in feeds], dtype=np.float64)
    e = np.exp(logits - logits.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def refresh_parity(onnx_path: str, folder: str) -> float:
    """Rewrites <folder>/parity.json's int8 probabilities with onnx_path's (each pair run alone, weights
    folded as Lyra loads them); returns the largest difference from PyTorch's recorded probabilities."""
    import onnxruntime as ort
    from tokenizers import Tokenizer

    path = os.path.join(folder, "parity.json")
    with open(path, encoding="utf-8") as fh:
        parity = json.load(fh)
    tokenizer = Tokenizer.from_file(os.path.join(folder, "tokenizer.json"))
    feeds = []
    for pair in parity["pairs"]:
        enc = tokenizer.encode(pair["premise"], pair["hypothesis"])
        feeds.append({"input_ids": np.array([enc.ids]), "attention_mask": np.array([enc.attention_mask]), "token_type_ids": np.array([enc.type_ids])})
    probs = session_probabilities(onnx_path, feeds, weights_only=True)
    worst = float(np.abs(probs - np.array(parity["torch"])).max())
    parity.update({"onnxruntime_int8": probs.round(6).tolist(), "max_abs_diff_int8_vs_torch": worst, "int8": "weights-only", "onnxruntime": ort.__version__})
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(parity, fh, indent=1, ensure_ascii=False)
    return worst


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="Dynamic int8 ONNX -> weight-only int8 (fp32 activations).")
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--parity", help="a model folder whose parity.json gets dst's probabilities")
    args = ap.parse_args()
    print(f"rewrote {weight_only(args.src, args.dst)} MatMuls: {args.dst}")
    if args.parity:
        print(f"parity.json: largest difference from PyTorch {refresh_parity(args.dst, args.parity):.4f}")
