#!/usr/bin/env bash
# One Swiss event at scale on this machine: a release `arbiter serve` on a
# fresh database (SQLite, or a throwaway PostgreSQL cluster with fsync on),
# and the tournament load generator against it. Prints the generator's
# table, then its CSV rows (one per round) prefixed with the commit and the
# database, and the server's own log of each pairing and publication.
#
#   bench/tournament.sh PLAYERS THINK_MS PLAY_ROUNDS [sqlite|pg]
#
# IMPORT=1 also times importing the players as one CSV into another event.
#
# Needs `cargo build --release -p arbiter` and
# `cargo bench -p arbiter-server --bench tournament_load --no-run` first
# (the README says with which build).
set -euo pipefail
cd "$(dirname "$0")/.."
players="$1" think="$2" rounds="$3" db="${4:-sqlite}"
port=18093
log=/tmp/tournament-load-server.log
work="$(mktemp -d)"

if [ "$db" = pg ]; then
  coproc PG { PG_FSYNC=on scripts/pg-throwaway; }
  read -r url <&"${PG[0]}"
else
  url="$work/swiss.db"
fi

target/release/arbiter serve --db "$url" --addr "127.0.0.1:$port" --rate-limit 0 >"$log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  if [ "$db" = pg ]; then exec {PG[1]}>&-; wait; fi
  rm -rf "$work"
}
trap cleanup EXIT
until curl -sf "http://127.0.0.1:$port/api/games" >/dev/null; do sleep 0.2; done

gen="$(ls -t target/release/deps/tournament_load-* | grep -v '\.d$' | head -n 1)"
out="$work/out"
"$gen" --url "http://127.0.0.1:$port" --players "$players" --think-ms "$think" \
  --play-rounds "$rounds" --server-pid "$server" ${IMPORT:+--import} >"$out" 2>&1 || status=$?
grep -v '^csv: ' "$out"
grep '^csv: ' "$out" | head -n 1 | sed 's/^csv: /commit,db,/'
grep '^csv: ' "$out" | tail -n +2 | sed "s/^csv: /$(git rev-parse --short HEAD),$db,/"
grep -E 'paired|published' "$log" | sed 's/\x1b\[[0-9;]*m//g' || true
exit "${status:-0}"
