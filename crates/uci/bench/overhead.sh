#!/usr/bin/env bash
# Arbiter's overhead in engine matches: Stockfish against itself at
# tc=1+0.01, at concurrency 1 and 2. Prints games per minute, time forfeits
# and the referee's time per move (bestmove read to next go written, and
# the part of it spent computing).
#
#   crates/uci/bench/overhead.sh [GAMES_AT_CONCURRENCY_1]   (default 40)
#
# Openings: the lichess opening names' lines (../shared/data), first 8 plies,
# random order with a fixed seed. Run it on an otherwise idle machine: the
# figures measure scheduling as much as Arbiter.
set -euo pipefail
cd "$(dirname "$0")/../../.."
games=${1:-40}
data=${ARBITER_TESTDATA:-$(cd .. && pwd)/shared/data}
sf=$(command -v stockfish || echo /usr/games/stockfish)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$data/notation/lichess-chess-openings" "$work/book.pgn" <<'PY'
import csv, sys, pathlib
src, out = pathlib.Path(sys.argv[1]), open(sys.argv[2], "w")
for tsv in sorted(src.glob("*.tsv")):
    for row in csv.DictReader(open(tsv), delimiter="\t"):
        if row["pgn"].count(".") >= 4:
            out.write(f'[Event "{row["eco"]}"]\n\n{row["pgn"]} *\n\n')
PY
cargo build --release -q -p arbiter
for c in 1 2; do
  rounds=$(( games * c / 2 ))
  echo "== concurrency $c, $(( rounds * 2 )) games"
  target/release/arbiter match \
    -engine cmd="$sf" name=SF1 -engine cmd="$sf" name=SF2 \
    -each tc=1+0.01 option.Hash=16 option.Threads=1 \
    -games 2 -repeat -rounds "$rounds" -concurrency "$c" \
    -openings file="$work/book.pgn" order=random plies=8 -srand 7 -quiet \
    | grep -E "^(Time forfeits|Played|Referee time)"
done
