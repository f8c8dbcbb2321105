"""The Japanese NLI fine-tune measured on 2026-11-29 (issue 31 item 4; not yet an npm script, nothing ships
from it): the multilingual encoder converted by convert_e5_q4.py, as a three-way cross-encoder
(0 entailment, 1 contradiction, 2 neutral) over JSICK train, JNLI-Neg train and Jamp train from
../shared/data/nli-ja/unified (20,444 pairs; JNLI valid, JSICK test and JSICK-stress never trained on).

Two phases, exactly as run on 2 CPU cores (torch 2.15, 2 threads):
  1. one pass, seed 13, batch 32, AdamW lr 5e-5 (6 % warm-up, linear decay), weight decay 0.01, max 128
     tokens, length-sorted batches in shuffled order: 1,302 s; JNLI valid macro-F1 0.466, JSICK test 0.815;
  2. from that checkpoint two more passes, seed 14, lr 3e-5 linearly decayed to 0: 2,517 s; JNLI valid
     macro-F1 0.633 (accuracy 0.712), JSICK test 0.848 (accuracy 0.874) — by the most probable label.
models/stance-ja, the shipped Japanese judge, scores 0.546 and 0.842 the same way. Still to do before it
can ship: precision-first thresholds on a dev split, a pruned vocabulary (the 250k-row embedding is 96 MB
in int8), the ONNX export and its parity check, the Node wiring (the nli backend's Japanese path), the card.

  .venv-nli/bin/python scripts/encoder/finetune_nli_ja.py CONVERTED_DIR OUT_DIR
"""

from __future__ import annotations

import json
import os
import random
import sys
import time

import numpy as np
import torch
from sklearn.metrics import f1_score
from transformers import BertForSequenceClassification, PreTrainedTokenizerFast

UNIFIED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "data", "nli-ja", "unified")
LABELS = {"entailment": 0, "contradiction": 1, "neutral": 2}
BATCH = 32
MAX_TOKENS = 128


def load(name: str, split: str) -> list[tuple[str, str, int]]:
    with open(os.path.join(UNIFIED, name + ".jsonl"), encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    return [(r["premise"], r["hypothesis"], LABELS[r["label"]]) for r in rows if r["split"] == split and r["label"] in LABELS]


def encode(tok, b):
    return tok([x[0] for x in b], [x[1] for x in b], padding=True, truncation=True, max_length=MAX_TOKENS, return_tensors="pt", return_token_type_ids=False)


def run_pass(model, tok, train, batches, opt, sched) -> None:
    model.train()
    started = time.time()
    for k, idx in enumerate(batches):
        b = [train[i] for i in idx]
        loss = model(**encode(tok, b), labels=torch.tensor([x[2] for x in b])).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        if k % 100 == 0:
            print(f"step {k}/{len(batches)} loss {loss.item():.3f} {time.time() - started:.0f}s", flush=True)
    print(f"trained {time.time() - started:.0f}s", flush=True)


def evaluate(model, tok, evals: dict) -> None:
    model.eval()
    for name, rows in evals.items():
        preds: list[int] = []
        with torch.no_grad():
            for i in range(0, len(rows), 64):
                preds += model(**encode(tok, rows[i : i + 64])).logits.argmax(-1).tolist()
        gold = [x[2] for x in rows]
        print(f"{name}: accuracy {np.mean(np.array(preds) == np.array(gold)):.3f} macro-F1 {f1_score(gold, preds, average='macro'):.3f}", flush=True)


def main(converted: str, out: str) -> None:
    torch.set_num_threads(2)
    tok = PreTrainedTokenizerFast(tokenizer_file=os.path.join(converted, "tokenizer.json"), bos_token="<s>", eos_token="</s>", pad_token="<pad>", unk_token="<unk>")
    evals = {"jnli_valid": load("jnli", "valid"), "jsick_test": load("jsick", "test")}
    # Phase 1: one pass with warm-up.
    torch.manual_seed(13), random.seed(13), np.random.seed(13)
    train = load("jsick", "train") + load("jnli-neg", "train") + load("jamp", "train")
    random.shuffle(train)
    model = BertForSequenceClassification.from_pretrained(converted, num_labels=3)
    order = sorted(range(len(train)), key=lambda i: len(train[i][0]) + len(train[i][1]))
    batches = [order[i : i + BATCH] for i in range(0, len(order), BATCH)]
    random.shuffle(batches)
    opt = torch.optim.AdamW(model.parameters(), lr=5e-5, weight_decay=0.01)
    steps = len(batches)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / (0.06 * steps)) * max(0.0, (steps - s) / steps))
    run_pass(model, tok, train, batches, opt, sched)
    evaluate(model, tok, evals)
    # Phase 2: two more passes from that checkpoint, a fresh optimizer, linear decay from 3e-5.
    torch.manual_seed(14), random.seed(14), np.random.seed(14)
    train = load("jsick", "train") + load("jnli-neg", "train") + load("jamp", "train")
    order = sorted(range(len(train)), key=lambda i: len(train[i][0]) + len(train[i][1]))
    batches = []
    for _ in range(2):
        b = [order[i : i + BATCH] for i in range(0, len(order), BATCH)]
        random.shuffle(b)
        batches += b
    opt = torch.optim.AdamW(model.parameters(), lr=3e-5, weight_decay=0.01)
    steps = len(batches)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: max(0.0, (steps - s) / steps))
    run_pass(model, tok, train, batches, opt, sched)
    evaluate(model, tok, evals)
    model.save_pretrained(out)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: finetune_nli_ja.py CONVERTED_DIR OUT_DIR")
    main(sys.argv[1], sys.argv[2])
