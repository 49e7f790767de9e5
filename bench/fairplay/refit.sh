#!/usr/bin/env bash
# The calibration of docs/fairplay.md again from the analyses a run of
# calibrate.sh kept (OUT_DIR/*.analysis.jsonl): the baseline refitted,
# the event and the assisted games screened against it, in seconds and
# without an engine.
#
#   bench/fairplay/refit.sh OUT_DIR
#
# GAP_EDGES=0 refits the band's overall rates instead of the per-position
# expectation (`arbiter fairplay baseline --gap-edges`).
set -euo pipefail
out=${1:?usage: refit.sh OUT_DIR}
arbiter=${ARBITER:-arbiter}
here=$(cd "$(dirname "$0")" && pwd)
"$arbiter" fairplay baseline ${GAP_EDGES:+--gap-edges "$GAP_EDGES"} --analysed "$out/baseline.analysis.jsonl" -o "$out/baseline.json" | tee "$out/baseline.txt"
"$arbiter" fairplay --json --baseline "$out/baseline.json" --analysed "$out/event.analysis.jsonl" > "$out/event.jsonl"
python3 "$here/summary.py" false-positives "$out/event.jsonl" | tee "$out/false-positives.txt"
threshold=$(python3 -c "import json,sys; print(json.loads(open(sys.argv[1]).readline())['screen']['threshold']['z'])" "$out/event.jsonl")
for share in 1.0 0.5 0.3; do
  for games in 3 5 9; do
    python3 "$here/first-games.py" "$games" "$out/assisted-$share.analysis.jsonl" > "$out/assisted-$share-$games.analysis.jsonl"
    "$arbiter" fairplay --json --baseline "$out/baseline.json" \
      --analysed "$out/assisted-$share-$games.analysis.jsonl" > "$out/assisted-$share-$games.jsonl"
    rm "$out/assisted-$share-$games.analysis.jsonl"
  done
done
python3 "$here/summary.py" power "$threshold" "$out"/assisted-*-*.jsonl | tee "$out/power.txt"
