#!/usr/bin/env bash
# The calibration on the event alone, split in two: a baseline from each
# half of its players, the other half screened against it (false
# positives), and each assisted player against the half his real self is
# not in (power); for the per-position model (the default gap bins) and
# for the band's overall rates (`--gap-edges 0`), from kept analyses and
# without an engine.
#
#   bench/fairplay/crossval.sh OUT_DIR
#
# OUT_DIR holds event.analysis.jsonl and assisted-SHARE.analysis.jsonl
# (calibrate.sh's, or `arbiter fairplay --analysis` on the event and on
# the assisted games).
set -euo pipefail
out=${1:?usage: crossval.sh OUT_DIR}
arbiter=${ARBITER:-arbiter}
here=$(cd "$(dirname "$0")" && pwd)
threshold=4.33 # the whole event's: 136 players with a z-score, at 0.001
: > "$out/crossval.txt"
python3 "$here/split.py" "$out/event.analysis.jsonl" "$out"
for model in position band; do
  edges=()
  [ "$model" = band ] && edges=(--gap-edges 0)
  for h in a b; do
    "$arbiter" fairplay baseline "${edges[@]}" --analysed "$out/half-$h.analysis.jsonl" \
      -o "$out/baseline-$model-$h.json" > "$out/baseline-$model-$h.txt"
  done
  # Each half against the other's baseline.
  "$arbiter" fairplay --json --baseline "$out/baseline-$model-b.json" \
    --analysed "$out/half-a.analysis.jsonl" > "$out/event-$model-a.jsonl"
  "$arbiter" fairplay --json --baseline "$out/baseline-$model-a.json" \
    --analysed "$out/half-b.analysis.jsonl" > "$out/event-$model-b.jsonl"
  echo "$model: false positives" | tee -a "$out/crossval.txt"
  python3 "$here/crossval.py" false-positives "$threshold" \
    "$out/event-$model-a.jsonl" "$out/event-$model-b.jsonl" | tee -a "$out/crossval.txt"
  echo "$model: power" | tee -a "$out/crossval.txt"
  for share in 1.0 0.5 0.3; do
    for games in 3 5 9; do
      python3 "$here/first-games.py" "$games" "$out/assisted-$share.analysis.jsonl" > "$out/subset.analysis.jsonl"
      for h in a b; do
        "$arbiter" fairplay --json --baseline "$out/baseline-$model-$h.json" \
          --analysed "$out/subset.analysis.jsonl" > "$out/assisted-$model-$share-$games-$h.jsonl"
      done
      python3 "$here/crossval.py" power "$threshold" "$out/halves.json" \
        "$out/assisted-$model-$share-$games-a.jsonl" "$out/assisted-$model-$share-$games-b.jsonl" | tee -a "$out/crossval.txt"
    done
  done
done
rm -f "$out/subset.analysis.jsonl"
