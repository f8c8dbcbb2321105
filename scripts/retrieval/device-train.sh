#!/usr/bin/env bash
# The training step of the retrieval encoder on an accelerator machine (the project's `device` tool; see
# scripts/retrieval/README-device.md): several fine-tunes of train_retrieval.py side by side on one GPU,
# then ONE run's final weights returned as fp16 shards (each file < 16 MiB).
#
#   bash scripts/retrieval/device-train.sh BUNDLE OUT "name:flags;name:flags" [LIMIT_S]
#
# BUNDLE is the folder pack_device.py wrote (base/, data/); OUT receives the kept run's
# state-*.safetensors, runs.json (every finished run's training.json), choice.json and logs.txt, nothing
# else. Configs come in pairs: hold-X (its flags plus --holdout 0.2, added here) and full-X (the same
# flags, trained on every Check-COVID train abstract). hold-X-s29 (flags with --seed 29) is another seed of
# recipe X. The recipe with the best mean held-out `best` top 5 over its hold- runs (ties: MRR@10)
# chooses; its full- twin's weights are returned. KEEP=name
# returns that run instead. A run still going at LIMIT_S (default 480) is stopped and left out.
# SOUPS="name=run+run;…" adds weight soups of finished runs (soup.py), measured and chosen like runs.
# RETR_DEVICE=cpu runs the same on the CPU (a local smoke test).
set -uo pipefail
BUNDLE=${1:?bundle folder}
OUT=${2:?output folder}
CONFIGS=${3:?configs}
LIMIT=${4:-480}
PY=${PYTHON:-python3}
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 TOKENIZERS_PARALLELISM=false
DATA=/tmp/retr-data
mkdir -p "$OUT"
(cd "$BUNDLE/data" && find . -name '*.gz') | while read -r f; do
  mkdir -p "$DATA/$(dirname "$f")"
  gunzip -c "$BUNDLE/data/$f" >"$DATA/${f%.gz}"
done
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
"$PY" -c "import torch, transformers; print('torch', torch.__version__, 'transformers', transformers.__version__)"
names=()
IFS=';' read -ra entries <<<"$CONFIGS"
for entry in "${entries[@]}"; do
  name=${entry%%:*}
  flags=${entry#*:}
  [[ $entry == *:* ]] || flags=""
  names+=("$name")
  case $name in hold-*) [[ $flags == *--holdout* ]] || flags="$flags --holdout 0.2" ;; esac
  rm -rf "/tmp/retr-state-$name"
  echo "start $name: $flags"
  # shellcheck disable=SC2086 # flags are words on purpose
  timeout "$LIMIT" "$PY" scripts/retrieval/train_retrieval.py --device "${RETR_DEVICE:-cuda}" --base "$BUNDLE/base" --data "$DATA" \
    --threads 2 --save-state "/tmp/retr-state-$name" $flags >"/tmp/retr-log-$name.txt" 2>&1 &
done
wait
# SOUPS="hold-soup=hold-a+hold-a-s29;full-soup=full-a+full-a-s29": each the mean of its members' weights
# (soup.py), measured and kept as a run of that name (a hold- soup on the held-out claims too).
IFS=';' read -ra soups <<<"${SOUPS:-}"
for entry in "${soups[@]}"; do
  name=${entry%%=*}
  members=${entry#*=}
  names+=("$name")
  holdout=0
  case $name in hold-*) holdout=0.2 ;; esac
  rm -rf "/tmp/retr-state-$name"
  echo "soup $name: $members"
  timeout "$LIMIT" "$PY" scripts/retrieval/soup.py --device "${RETR_DEVICE:-cuda}" --base "$BUNDLE/base" --data "$DATA" --holdout "$holdout" \
    --states "$(echo "$members" | tr '+' '\n' | sed 's|^|/tmp/retr-state-|' | paste -sd,)" --save-state "/tmp/retr-state-$name" \
    ${SOUP_FLAGS:-} >"/tmp/retr-log-$name.txt" 2>&1 &
done
wait
for name in "${names[@]}"; do
  echo "===== $name" >>"$OUT/logs.txt"
  grep -v -E 'Warning|warn\(|Loading weights' "/tmp/retr-log-$name.txt" | tail -n 40 >>"$OUT/logs.txt"
done
"$PY" - "$OUT" "${names[@]}" <<'PY'
import json, os, re, shutil, sys
out, names = sys.argv[1], sys.argv[2:]
runs = {}
for n in names:
    p = f"/tmp/retr-state-{n}/training.json"
    if os.path.exists(p):
        runs[n] = json.load(open(p))
json.dump(runs, open(os.path.join(out, "runs.json"), "w"), indent=1)

def fig(r, qs, score):
    m = r["after"].get(qs)
    return (m[score]["top5"], m[score]["mrr10"]) if m else None

for n, r in runs.items():
    cells = [f"{qs.split('_')[-1]} {s} {fig(r, qs, s)[0]:.3f}/{fig(r, qs, s)[1]:.3f}" for qs in ("check_covid_holdout", "check_covid_dev") for s in ("lead", "maxp", "best") if fig(r, qs, s)]
    print(f"{n:>14}: steps {r['steps']} | " + " | ".join(cells) + f" | climate {r['after']['climate_fever']['top5']:.3f} | {r['seconds']} s")
keep, why = os.environ.get("KEEP", ""), "KEEP"
if not keep:
    # hold-X-s29, hold-X-s31… are seeds of recipe X: a recipe's figure is the mean over its hold- runs.
    why = "best mean held-out `best` top5 (then mrr10) over a recipe's hold- runs, of a recipe whose full- twin finished"
    recipes = {}
    for n in runs:
        if n.startswith("hold-") and fig(runs[n], "check_covid_holdout", "best"):
            recipes.setdefault(re.sub(r"-s[0-9]+$", "", n[5:]), []).append(fig(runs[n], "check_covid_holdout", "best"))
    means = {x: tuple(round(sum(v) / len(v), 4) for v in zip(*figs)) for x, figs in recipes.items() if "full-" + x in runs}
    if means:
        chooser = max(means, key=lambda x: means[x])
        keep = "full-" + chooser
        why += f": {chooser} {means[chooser]} over {len(recipes[chooser])} run(s); all: {means}"
if keep in runs:
    shards = sorted(f for f in os.listdir(f"/tmp/retr-state-{keep}") if f.startswith("state-"))
    for f in shards:
        shutil.copy(os.path.join(f"/tmp/retr-state-{keep}", f), out)
    json.dump({"kept": keep, "why": why, "shards": shards}, open(os.path.join(out, "choice.json"), "w"), indent=1)
    print("kept run", keep, "-", why)
else:
    print("no run kept:", keep or "no finished hold-/full- pair", "finished:", sorted(runs))
PY
