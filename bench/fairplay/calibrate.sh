#!/usr/bin/env bash
# The calibration of docs/fairplay.md: a baseline from the shared data's
# TWIC games, the false-positive rate on a real event it did not see, and
# the detection power on games with engine help from move 10 on.
#
#   bench/fairplay/calibrate.sh OUT_DIR [NODES]
#
# Needs: arbiter on the PATH (or ARBITER=…), Stockfish, python-chess
# (scripts/install-test-deps). Takes about half an hour on two busy cores
# at 5000 nodes.
set -euo pipefail
out=${1:?usage: calibrate.sh OUT_DIR [NODES]}
nodes=${2:-5000}
arbiter=${ARBITER:-arbiter}
here=$(cd "$(dirname "$0")" && pwd)
# The shared data as the tests find it: $ARBITER_DATA, else shared/data in
# a folder above the repository.
data=${ARBITER_DATA:-}
dir=$here
while [ -z "$data" ] && [ "$dir" != / ]; do
  dir=$(dirname "$dir")
  [ -f "$dir/shared/data/SOURCES.md" ] && data=$dir/shared/data
done
[ -n "$data" ] || { echo "shared data not found: set ARBITER_DATA" >&2; exit 2; }
twic=$data/corpus/pgn-reader-benches/twic1599_1000k.pgn
event=$data/tournaments/lichess-broadcast/xvii-memorial-pedro-lezcano-montalvo-2025.pgn
mkdir -p "$out"
common=(--nodes "$nodes" --threads 2 --quiet)

"$arbiter" fairplay baseline "${common[@]}" "$twic" -o "$out/baseline.json" | tee "$out/baseline.txt"
"$arbiter" fairplay --json "${common[@]}" --baseline "$out/baseline.json" "$event" > "$out/event.jsonl"
python3 "$here/summary.py" false-positives "$out/event.jsonl" | tee "$out/false-positives.txt"
threshold=$(python3 -c "import json,sys; print(json.loads(open(sys.argv[1]).readline())['screen']['threshold']['z'])" "$out/event.jsonl")

# The help: Stockfish at the screen's own nodes, then at four times as many.
for help in "$nodes" $((nodes * 4)); do
for share in 1.0 0.5 0.3; do
  python3 "$here/assisted-games.py" "$event" "$out/assisted-$share.pgn" \
    --share "$share" --players 6 --games 9 --nodes "$help" --seed 1
  for games in 3 5 9; do
    # Each assisted player's first GAMES games (the file holds 9 per player, in order).
    python3 - "$out/assisted-$share.pgn" "$games" > "$out/assisted-$share-$games.pgn" <<'PY'
import sys, chess.pgn
kept = {}
with open(sys.argv[1], encoding="utf-8") as f:
    while (g := chess.pgn.read_game(f)) is not None:
        who = next(n for n in (g.headers["White"], g.headers["Black"]) if n.startswith("Assisted"))
        kept[who] = kept.get(who, 0) + 1
        if kept[who] <= int(sys.argv[2]):
            print(g, end="\n\n")
PY
    "$arbiter" fairplay --json "${common[@]}" --baseline "$out/baseline.json" \
      "$out/assisted-$share-$games.pgn" > "$out/assisted-$share-$games.jsonl"
  done
done
python3 "$here/summary.py" power "$threshold" "$out"/assisted-*-*.jsonl | tee "$out/power-help-$help.txt"
done
