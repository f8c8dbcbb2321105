"""Step 3 of `npm run train:nli-ja`: fine-tunes the pruned multilingual encoder (prune_vocab.py) as a
three-way Japanese NLI cross-encoder (0 entailment, 1 contradiction, 2 neutral) and saves it with its
tokenizer and training.json (every figure of the run).

Data (../shared/data/nli-ja/unified, all CC BY-SA 4.0): JSICK train, JNLI-Neg train and Jamp train. 10 %
of each set's premises (by a hash of the premise, so a premise's pairs stay together) form the dev split
that the temperature and the precision-first thresholds are fitted on (finish-model.ts); the rest
trains. JNLI valid, JSICK test and JSICK-stress are never trained or tuned on. JaNLI (binary) and JSeM are
left out: measured on 2 CPU cores, the three three-way sets alone took the judge past the shipped
embedded network (see the card).

Recipe: batch 32 of length-sorted pairs in shuffled order (little padding on a CPU), AdamW lr 5e-5 with
6 % warm-up and linear decay to 0 over all epochs, weight decay 0.01, gradient clip 1, max 128 tokens,
fixed seed, 2 threads (the run is reproducible on the same machine kind).

A second stage (--model a fine-tuned checkpoint, --english the English pools of scripts/nli/dump-pairs.ts,
--english-count N): the same Japanese training pairs with N English pairs drawn by the seed, one pass at a
lower lr. The base is multilingual, and the English pools (FEVER, SNLI, FM2, Check-COVID candidates…) hold
wording no Japanese set has. The dev split and the held-out sets stay Japanese only.

  .venv-nli/bin/python scripts/nli-ja/train_nli_ja.py --model PRUNED --unified DIR --out DIR [--epochs 3 --seed 13]
  .venv-nli/bin/python scripts/nli-ja/train_nli_ja.py --model STAGE1 --unified DIR --out DIR --epochs 1 --lr 2e-5 \
      --english pairs/train.jsonl --english-count 12000
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import time

import numpy as np
import torch
from transformers import BertForSequenceClassification, PreTrainedTokenizerFast

LABELS = {"entailment": 0, "contradiction": 1, "neutral": 2}
TRAIN_SETS = ["jsick", "jnli-neg", "jamp"]
BATCH = 32
MAX_TOKENS = 128


def platform_name() -> str:
    """The CPU's model name and core count (the card says where the run was measured)."""
    name = platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            name = next((line.split(":", 1)[1].strip() for line in fh if line.startswith("model name")), name)
    except OSError:
        pass
    return f"{name}, {os.cpu_count()} cores"


def log(msg: str) -> None:
    print(f"[train-nli-ja {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def read(unified: str, name: str) -> list[dict]:
    with open(os.path.join(unified, name + ".jsonl"), encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def is_dev(premise: str) -> bool:
    return int(hashlib.sha1(premise.encode("utf-8")).hexdigest(), 16) % 10 == 0


def splits(unified: str) -> tuple[list[dict], list[dict], dict[str, list[dict]]]:
    train: list[dict] = []
    dev: list[dict] = []
    for name in TRAIN_SETS:
        for r in read(unified, name):
            if r["split"] != "train" or r["label"] not in LABELS:
                continue
            row = {"premise": r["premise"], "hypothesis": r["hypothesis"], "label": LABELS[r["label"]], "source": name}
            (dev if is_dev(r["premise"]) else train).append(row)
    held = {
        "jnli_valid": [r for r in read(unified, "jnli") if r["split"] == "valid"],
        "jsick_test": [r for r in read(unified, "jsick") if r["split"] == "test"],
    }
    held = {k: [{"premise": r["premise"], "hypothesis": r["hypothesis"], "label": LABELS[r["label"]]} for r in v if r["label"] in LABELS] for k, v in held.items()}
    return train, dev, held


def tokenizer_of(folder: str) -> PreTrainedTokenizerFast:
    return PreTrainedTokenizerFast(tokenizer_file=os.path.join(folder, "tokenizer.json"), bos_token="<s>", eos_token="</s>", pad_token="<pad>", unk_token="<unk>")


def encode(tok, rows: list[dict]):
    return tok([r["premise"] for r in rows], [r["hypothesis"] for r in rows], padding=True, truncation=True, max_length=MAX_TOKENS,
               return_tensors="pt", return_token_type_ids=False)


def logits_of(model, tok, rows: list[dict]) -> np.ndarray:
    model.eval()
    out = []
    order = sorted(range(len(rows)), key=lambda i: len(rows[i]["premise"]) + len(rows[i]["hypothesis"]))
    with torch.no_grad():
        for k in range(0, len(order), 64):
            out.append(model(**encode(tok, [rows[i] for i in order[k : k + 64]])).logits.numpy())
    flat = np.concatenate(out)
    result = np.zeros_like(flat)
    result[np.array(order)] = flat
    return result


def macro_f1(gold: np.ndarray, pred: np.ndarray) -> float:
    f1s = []
    for c in range(3):
        tp = float(((pred == c) & (gold == c)).sum())
        p = tp / max(1.0, float((pred == c).sum()))
        r = tp / max(1.0, float((gold == c).sum()))
        f1s.append(0.0 if p + r == 0 else 2 * p * r / (p + r))
    return float(np.mean(f1s))


def scores(logits: np.ndarray, rows: list[dict]) -> dict:
    gold = np.array([r["label"] for r in rows])
    pred = logits.argmax(-1)
    return {"pairs": len(rows), "accuracy": round(float((pred == gold).mean()), 4), "macro_f1": round(macro_f1(gold, pred), 4)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True)
    ap.add_argument("--unified", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--english", help="English training pairs (scripts/nli/dump-pairs.ts train.jsonl) mixed into the Japanese ones")
    ap.add_argument("--english-count", type=int, default=0, help="English pairs drawn (seeded) from --english")
    args = ap.parse_args()
    started = time.time()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    np.random.seed(args.seed)
    train, dev, held = splits(args.unified)
    if args.english and args.english_count > 0:
        # The multilingual base reads English too: English pairs (the licensed English pools, realistic
        # wording no Japanese set has) join the training set only, never the dev split or the held-out sets.
        with open(args.english, encoding="utf-8") as fh:
            english = [json.loads(line) for line in fh]
        picked = random.Random(args.seed + 1).sample(english, min(args.english_count, len(english)))
        train += [{"premise": r["premise"], "hypothesis": r["hypothesis"], "label": int(r["label"]), "source": "en:" + r["source"]} for r in picked]
    log(f"train {len(train)} pairs, dev {len(dev)} pairs (10 % of premises), held out {', '.join(f'{k} {len(v)}' for k, v in held.items())}")
    tok = tokenizer_of(args.model)
    model = BertForSequenceClassification.from_pretrained(
        args.model, num_labels=3, id2label={0: "entailment", 1: "contradiction", 2: "neutral"},
        label2id={"entailment": 0, "contradiction": 1, "neutral": 2})
    order = sorted(range(len(train)), key=lambda i: len(train[i]["premise"]) + len(train[i]["hypothesis"]))
    batches: list[list[int]] = []
    for _ in range(args.epochs):
        epoch = [order[i : i + BATCH] for i in range(0, len(order), BATCH)]
        rng.shuffle(epoch)
        batches += epoch
    steps = len(batches)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    warm = 0.06 * steps
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / warm) * max(0.0, (steps - s) / steps))
    model.train()
    losses: list[float] = []
    per_epoch = steps // args.epochs
    epochs: list[dict] = []
    for k, idx in enumerate(batches):
        rows = [train[i] for i in idx]
        loss = model(**encode(tok, rows), labels=torch.tensor([r["label"] for r in rows])).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        losses.append(loss.item())
        if k % 100 == 0:
            log(f"step {k}/{steps} loss {np.mean(losses[-100:]):.3f} ({time.time() - started:.0f}s)")
        if (k + 1) % per_epoch == 0 and len(epochs) < args.epochs:
            epochs.append({"epoch": len(epochs) + 1, "loss": round(float(np.mean(losses[-per_epoch:])), 4), "seconds": round(time.time() - started)})
    trained_s = time.time() - started
    log(f"trained {steps} steps in {trained_s:.0f}s")
    figures = {name: scores(logits_of(model, tok, rows), rows) for name, rows in [("dev", dev), *held.items()]}
    for name, f in figures.items():
        log(f"{name}: accuracy {f['accuracy']} macro-F1 {f['macro_f1']} ({f['pairs']} pairs, most probable label)")
    os.makedirs(args.out, exist_ok=True)
    model.save_pretrained(args.out)
    tok.save_pretrained(args.out)
    with open(os.path.join(args.out, "dev.jsonl"), "w", encoding="utf-8") as fh:
        for r in dev:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    record = {
        "seed": args.seed, "epochs": args.epochs, "batch": BATCH, "lr": args.lr, "warmup": 0.06, "weight_decay": 0.01, "max_length": MAX_TOKENS,
        "threads": args.threads, "steps": steps, "train_seconds": round(trained_s), "epoch_log": epochs,
        "train_pairs": len(train), "dev_pairs": len(dev),
        "train_by_source": {s: sum(1 for r in train if r["source"] == s) for s in TRAIN_SETS},
        "english_pairs": sum(1 for r in train if r["source"].startswith("en:")),
        "argmax": figures, "torch": torch.__version__, "platform": platform_name(),
    }
    previous = os.path.join(args.model, "training.json")
    if os.path.exists(previous):
        # A second stage continues a fine-tuned checkpoint: its record travels with this one (the card shows both).
        with open(previous, encoding="utf-8") as fh:
            record["continued_from"] = json.load(fh)
    with open(os.path.join(args.out, "training.json"), "w", encoding="utf-8") as fh:
        json.dump(record, fh, indent=1)
    log(f"saved {args.out} ({time.time() - started:.0f}s in all)")


if __name__ == "__main__":
    main()
