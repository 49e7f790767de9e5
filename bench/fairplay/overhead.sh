#!/usr/bin/env bash
# The screen's overhead: the same positions at the same nodes searched by
# Stockfish's own `bench` and by `arbiter fairplay` with one engine.
#
#   bench/fairplay/overhead.sh GAMES.pgn [NODES]
#
# Prints both runs' times (wall and CPU; the CPU is what to compare on a
# busy machine), and arbiter's own CPU apart from Stockfish's, read from
# /proc just before it exits.
set -euo pipefail
games=${1:?usage: overhead.sh GAMES.pgn [NODES]}
nodes=${2:-5000}
arbiter=${ARBITER:-arbiter}
stockfish=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 "$here/positions.py" "$games" > "$tmp/positions.txt"
echo "positions: $(($(wc -l < "$tmp/positions.txt") - 1))"
echo "== stockfish bench 16 1 $nodes positions.txt nodes"
( time "$stockfish" bench 16 1 "$nodes" "$tmp/positions.txt" nodes > /dev/null 2> "$tmp/bench.txt" ) 2>&1
tail -3 "$tmp/bench.txt"
echo "== arbiter fairplay --threads 1 --nodes $nodes"
start=$(date +%s.%N)
"$arbiter" fairplay --threads 1 --nodes "$nodes" --quiet --json "$games" > /dev/null &
pid=$!
last=""
while s=$(cat "/proc/$pid/stat" 2>/dev/null); do
  case "$s" in *" Z "*) break ;; esac
  last=$s
  sleep 0.2
done
wait "$pid"
end=$(date +%s.%N)
echo "wall $(echo "$end - $start" | bc) s"
tick=$(getconf CLK_TCK)
echo "$last" | awk -v t="$tick" '{printf "arbiter itself: user %.2f s, system %.2f s\n", $14/t, $15/t}'
