#!/usr/bin/env bash
# The calibration of docs/fairplay.md: a baseline from the shared data's
# TWIC games, the false-positive rate on a real event it did not see, and
# the detection power on games with engine help from move 10 on.
#
#   bench/fairplay/calibrate.sh OUT_DIR [NODES] [HELP_NODES] [BASELINE_GAMES]
#
# NODES: the screen's nodes a position (default 5000). HELP_NODES: the
# help's (default 100000: a cheater uses a stronger search than the
# screen's). BASELINE_GAMES: the TWIC games the baseline is built from
# (default all, 1105). The assisted games are generated unless OUT_DIR
# already holds them (assisted-SHARE.pgn): their stand-in moves are drawn
# at random, so a run keeps the files it screened. The engine's analyses
# are kept too (*.analysis.jsonl): refit.sh OUT_DIR redoes the baseline
# and every screen from them in seconds.
#
# Needs: arbiter on the PATH (or ARBITER=…), Stockfish, python-chess
# (scripts/install-test-deps). Run it under `nice -n 19` on a shared
# machine: at 5000 nodes it needs about 40 minutes of a quiet core.
set -euo pipefail
out=${1:?usage: calibrate.sh OUT_DIR [NODES] [HELP_NODES] [BASELINE_GAMES]}
nodes=${2:-5000}
help_nodes=${3:-100000}
baseline_games=${4:-0}
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

# The first BASELINE_GAMES games of the TWIC extract (all with 0).
python3 - "$twic" "$baseline_games" > "$out/baseline-games.pgn" <<'PY'
import sys
wanted, seen = int(sys.argv[2]), 0
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        if line.startswith("[Event "):
            seen += 1
        if wanted and seen > wanted:
            break
        sys.stdout.write(line)
PY
# The engine's analyses, kept (OUT_DIR/*.analysis.jsonl); refit.sh then
# builds the baseline and screens from them without an engine.
"$arbiter" fairplay baseline "${common[@]}" --analysis "$out/baseline.analysis.jsonl" \
  "$out/baseline-games.pgn" -o "$out/baseline.json" > /dev/null
rm "$out/baseline-games.pgn"
"$arbiter" fairplay --json "${common[@]}" --analysis "$out/event.analysis.jsonl" "$event" > /dev/null
for share in 1.0 0.5 0.3; do
  [ -f "$out/assisted-$share.pgn" ] ||
    python3 "$here/assisted-games.py" "$event" "$out/assisted-$share.pgn" \
      --share "$share" --players 6 --games 9 --help-nodes "$help_nodes" --seed 1
  "$arbiter" fairplay --json "${common[@]}" --analysis "$out/assisted-$share.analysis.jsonl" \
    "$out/assisted-$share.pgn" > /dev/null
done
ARBITER=$arbiter "$here/refit.sh" "$out"
