#!/usr/bin/env bash
# One Swiss event at scale on this machine: release `arbiter serve` on a
# fresh database (SQLite, or a throwaway PostgreSQL cluster with fsync on,
# as one server or as NODES nodes), and the tournament load generator
# against it. Prints the generator's table, then its CSV rows (one per
# round) prefixed with the commit, the database and the nodes, and then:
#
# - each round's pairing as the server logged it (the engine's time);
# - on PostgreSQL, per round, the time from a game's end (its last event,
#   as the game's node stored it) to its result in the event (the
#   tournament's `result_recorded` event, as the director stored it), and
#   on nodes how many of the round's games each node ran;
# - the TRF of the event after its last round played, checked by
#   bbpPairings (`--dutch -c`) and gacrux (`pairingchecker -c`).
#
#   bench/tournament.sh PLAYERS THINK_MS PLAY_ROUNDS [sqlite|pg] [NODES]
#
# NODES (PostgreSQL only): 0, the default, runs one `arbiter serve`; N >= 1
# runs N `arbiter serve --node` processes, the players spread over them.
# IMPORT=1 also times importing the players as one CSV into another event.
# KEEP=DIR keeps the event's TRF there (DIR/event.trf); CHECK=0 skips the
# two checkers (bbpPairings takes minutes a round at 2,000 players: run
# them on the kept TRF later).
#
# Needs `cargo build --release -p arbiter` and
# `cargo bench -p arbiter-server --bench tournament_load --no-run` first
# (the README says with which build), psql, make and a C++ compiler (for
# bbpPairings) and gacrux (scripts/install-test-deps).
set -euo pipefail
cd "$(dirname "$0")/.."
players="$1" think="$2" rounds="$3" db="${4:-sqlite}" nodes="${5:-0}"
first_port=18093
work="$(mktemp -d)"

if [ "$db" = pg ]; then
  . bench/pg.sh
else
  url="$work/swiss.db"
  [ "$nodes" = 0 ] || { echo "nodes run on PostgreSQL only" >&2; exit 2; }
fi

names=(a b c d e f g h)
pids=() urls=() logs=()
for ((k = 0; k < (nodes > 0 ? nodes : 1); k++)); do
  port=$((first_port + k))
  log="/tmp/tournament-load-server-$k.log"
  node=()
  [ "$nodes" = 0 ] || node=(--node "${names[k]}")
  target/release/arbiter serve --db "$url" "${node[@]}" --addr "127.0.0.1:$port" \
    --rate-limit 0 >"$log" 2>&1 &
  pids+=($!) urls+=("http://127.0.0.1:$port") logs+=("$log")
done
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  if [ "$db" = pg ]; then exec {PG[1]}>&-; wait; fi
  rm -rf "$work"
}
trap cleanup EXIT
for u in "${urls[@]}"; do
  until curl -sf "$u/api/games" >/dev/null; do sleep 0.2; done
done

gen="$(ls -t target/release/deps/tournament_load-* | grep -v '\.d$' | head -n 1)"
out="$work/out"
trf="$work/event.trf"
"$gen" --url "$(IFS=,; echo "${urls[*]}")" --players "$players" --think-ms "$think" \
  --play-rounds "$rounds" --server-pid "$(IFS=,; echo "${pids[*]}")" --trf-out "$trf" \
  ${IMPORT:+--import} >"$out" 2>&1 || status=$?
grep -v '^csv: ' "$out"
commit="$(git rev-parse --short HEAD)"
grep '^csv: ' "$out" | head -n 1 | sed 's/^csv: /commit,db,nodes,/'
grep '^csv: ' "$out" | tail -n +2 | sed "s/^csv: /$commit,$db,$nodes,/"
echo "pairings logged (node: round, engine time):"
for k in "${!logs[@]}"; do
  sed 's/\x1b\[[0-9;]*m//g' "${logs[k]}" | grep -oE 'round [0-9]+ paired in [0-9.]+ ms' |
    sed "s/^/  ${names[k]}: /" || true
done
[ -z "${status:-}" ] || exit "$status"
[ -z "${KEEP:-}" ] || { mkdir -p "$KEEP" && cp "$trf" "$KEEP/event.trf"; }
event="$(sed -n 's/^event: //p' "$out")"

if [ "$db" = pg ]; then
  echo "from a game's end to its result in the event (ms; round, games, p50, p99, max):"
  sql "WITH recorded AS (
         SELECT (event::json->>'round')::int AS round, event::json->>'game' AS game,
                (event::json->>'at_ms')::bigint AS at_ms
           FROM tournament_events
          WHERE tournament_id = '$event' AND event::json->>'kind' = 'result_recorded'),
       ended AS (
         SELECT g.id, g.epoch_unix_ms + max((e.event::json->>'at_ms')::bigint) AS at_ms
           FROM games g JOIN events e ON e.game_id = g.id
          WHERE g.id IN (SELECT game FROM recorded)
          GROUP BY g.id, g.epoch_unix_ms)
       SELECT r.round, count(*),
              percentile_disc(0.5) WITHIN GROUP (ORDER BY r.at_ms - e.at_ms),
              percentile_disc(0.99) WITHIN GROUP (ORDER BY r.at_ms - e.at_ms),
              max(r.at_ms - e.at_ms)
         FROM recorded r JOIN ended e ON e.id = r.game
        GROUP BY r.round ORDER BY r.round" | sed 's/|/, /g; s/^/  /'
  if [ "$nodes" != 0 ]; then
    echo "where the games ran (round, node, games: the node holding each game's lease):"
    sql "SELECT (t.event::json->>'round')::int, l.node, count(*)
           FROM tournament_events t JOIN leases l ON l.game_id = t.event::json->>'game'
          WHERE t.tournament_id = '$event' AND t.event::json->>'kind' = 'result_recorded'
          GROUP BY 1, 2 ORDER BY 1, 2" | sed 's/|/, /g; s/^/  /'
  fi
fi

[ "${CHECK:-1}" = 0 ] && exit 0
bbp_dir=/tmp/bbpPairings-bench
if [ ! -x "$bbp_dir/bbpPairings.exe" ]; then
  # shared/ beside one of the checkout's ancestors, as the tests find it.
  dir="$PWD"
  until [ -d "$dir/shared/bench/peers-src/bbpPairings" ] || [ "$dir" = / ]; do dir="$(dirname "$dir")"; done
  rm -rf "$bbp_dir" && cp -r "$dir/shared/bench/peers-src/bbpPairings" "$bbp_dir"
  make -s -C "$bbp_dir" bbpPairings.exe
fi
echo "bbpPairings --dutch -c on the TRF after round $rounds (any line but 'Round #' is a difference):"
"$bbp_dir/bbpPairings.exe" --dutch "$trf" -c | sed 's/^/  /'
echo "gacrux pairingchecker -c (status, and each round's check):"
# At 2,000 players gacrux's matching weights run to thousands of digits,
# past Python's default limit for printing an integer.
export PYTHONINTMAXSTRDIGITS=0
python3 -m gacrux.pairingchecker -c -i "$trf" | python3 -c '
import json, sys
answer = json.load(sys.stdin)
rounds = answer["pairingResult"]["roundpairing"]
print("  status", answer["status"]["code"], "rounds", [(r["round"], r["check"]) for r in rounds])'
