"""A weight soup: the mean of several fine-tunes of the same base (seeds of one recipe), measured as
train_retrieval.py measures a run, saved as a run is (fp16 shards and training.json), so
device-train.sh's choice and from_state.py treat it as one more run. Fine-tunes from one starting point
with different seeds land in one basin, and their mean is often better than any of them (Wortsman et
al. 2022, "Model soups"); one model, so corpus search pays nothing for it.

  python3 scripts/retrieval/soup.py --states /tmp/retr-state-a,/tmp/retr-state-b --base BASE --data DATA \
      --save-state OUT [--holdout 0.2]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "nli"))
import train_retrieval as tr  # noqa: E402
from train_nli import load_state, save_state  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--states", required=True, help="comma-separated folders of train_retrieval.py --save-state")
    ap.add_argument("--base", required=True, help="the base the runs started from (config, tokenizer)")
    ap.add_argument("--data", required=True)
    ap.add_argument("--save-state", required=True)
    ap.add_argument("--holdout", type=float, default=0.0, help="measure the held-out train claims too (the members' --holdout)")
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu", choices=("cpu", "cuda"))
    ap.add_argument("--eval-limit", type=int, default=0, help="smoke tests only, as train_retrieval.py")
    args = ap.parse_args()
    from transformers import AutoModel, AutoTokenizer

    started = time.time()
    states = [s for s in args.states.split(",") if s]
    if len(states) < 2:
        ap.error("--states needs two folders or more")
    members = []
    for s in states:
        with open(os.path.join(s, "training.json")) as f:
            members.append(json.load(f))
    if len({m["holdout"]["fraction"] for m in members}) != 1 or members[0]["holdout"]["fraction"] != args.holdout:
        raise SystemExit(f"soup: the members' --holdout {[m['holdout']['fraction'] for m in members]} differ from each other or from --holdout {args.holdout}")
    tr.DEVICE = torch.device(args.device)
    # One model: load_state replaces every float tensor of it with a member's (and fails on a missing one).
    model = AutoModel.from_pretrained(args.base).float()
    total: dict[str, torch.Tensor] = {}
    for s in states:
        load_state(model, s)
        for k, v in model.state_dict().items():
            if v.is_floating_point():
                total[k] = total[k] + v if k in total else v.clone()
    model.load_state_dict({k: v / len(states) for k, v in total.items()}, strict=False)
    model.to(tr.DEVICE)
    tokenizer = AutoTokenizer.from_pretrained(args.base)
    queries = tr.query_sets(args.data, args.holdout, args.eval_limit)
    after = {**tr.covid_metrics(model, tokenizer, args.data, queries, args.eval_limit), "climate_fever": tr.climate_metrics(model, tokenizer, args.data, args.eval_limit)}
    first = members[0]
    record = {
        **{k: first[k] for k in ("base", "sources", "pairs", "objective", "epochs", "steps", "batch", "lr", "threads", "device", "precision", "holdout", "passage_chars", "max_length", "eval_limit") if k in first},
        "soup": {"members": [os.path.basename(s.rstrip("/")) for s in states], "seeds": [m["seed"] for m in members], "rule": "mean of the members' weights (float32)"},
        "members_after": [m["after"] for m in members],
        "seed": first["seed"],
        "after": after,
        "seconds": round(time.time() - started),
        "torch": torch.__version__,
    }
    record["shards"] = save_state(model, args.save_state)
    with open(os.path.join(args.save_state, "training.json"), "w") as f:
        json.dump(record, f, indent=1)
    print(json.dumps({"soup": record["soup"], "after": after}))


if __name__ == "__main__":
    main()
