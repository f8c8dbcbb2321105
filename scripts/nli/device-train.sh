#!/usr/bin/env bash
# The training step of `npm run train:nli` on an accelerator machine (the project's `device` tool; see
# scripts/nli/README-device.md): several fine-tunes side by side on one GPU, each choosing its checkpoint
# by tuning-set average precision, then the best of them returned as fp16 shards (each file < 16 MiB).
#
#   bash scripts/nli/device-train.sh BUNDLE OUT "name:flags;name:flags" [LIMIT_S]
#
# BUNDLE is the folder pack_device.py wrote (base weights, pairs); OUT receives state-*.safetensors and
# training.json of the kept run, runs.json (every run's record) and logs.txt. A run still going at
# LIMIT_S (default 480) is stopped and left out. A flag "--measure N" times N steps only.
set -uo pipefail
BUNDLE=${1:?bundle folder}
OUT=${2:?output folder}
CONFIGS=${3:?configs}
LIMIT=${4:-480}
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 TOKENIZERS_PARALLELISM=false
PAIRS=/tmp/nli-pairs
mkdir -p "$PAIRS" "$OUT"
for f in "$BUNDLE"/pairs/*.jsonl.gz; do gunzip -c "$f" >"$PAIRS/$(basename "$f" .gz)"; done
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
python3 -c "import torch, transformers; print('torch', torch.__version__, 'transformers', transformers.__version__)"
names=()
IFS=';' read -ra entries <<<"$CONFIGS"
for entry in "${entries[@]}"; do
  name=${entry%%:*}
  flags=${entry#*:}
  names+=("$name")
  # shellcheck disable=SC2086 # flags are words on purpose
  timeout "$LIMIT" python3 scripts/nli/train_nli.py --device "${NLI_DEVICE:-cuda}" --base "$BUNDLE/base" --pairs "$PAIRS" \
    --out "/tmp/nli-out-$name" --work "/tmp/nli-work-$name" --save-state "/tmp/nli-state-$name" \
    --select tune --threads 3 --seed 13 $flags >"/tmp/nli-log-$name.txt" 2>&1 &
done
wait
for name in "${names[@]}"; do
  echo "===== $name: ${CONFIGS}" >>"$OUT/logs.txt"
  grep -v -E 'Warning|warn\(' "/tmp/nli-log-$name.txt" | tail -n 60 >>"$OUT/logs.txt"
done
python3 - "$OUT" "${names[@]}" <<'PY'
import json, os, shutil, sys
out, names = sys.argv[1], sys.argv[2:]
runs = {}
for n in names:
    p = f"/tmp/nli-state-{n}/training.json"
    if os.path.exists(p):
        runs[n] = json.load(open(p))
json.dump(runs, open(os.path.join(out, "runs.json"), "w"), indent=1)
def kept(r):
    return max(h["mean_ap"] for h in r["history"])
if runs:
    best = max(runs, key=lambda n: kept(runs[n]))
    for f in os.listdir(f"/tmp/nli-state-{best}"):
        shutil.copy(os.path.join(f"/tmp/nli-state-{best}", f), out)
    print("kept run", best, {n: kept(r) for n, r in runs.items()})
else:
    print("no run finished")
PY
