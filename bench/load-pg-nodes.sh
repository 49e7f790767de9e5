#!/usr/bin/env bash
# One load run of several `arbiter serve --node` processes on one
# PostgreSQL database on this machine: a throwaway cluster with fsync on
# (scripts/pg-throwaway), NODES release nodes on it (named a, b, c...),
# and the load generator making game i on node i % NODES. With `cross`,
# the players connect to the node after their game's, which relays every
# move. Prints one CSV row
# (its columns: bench/runs/2026-12-02-vm-pg-writeback/README.md):
#
#   bench/load-pg-nodes.sh NODES GAMES THINK_MS SECONDS WARM_UP [TRANSPORT] [cross]
#
# DIRTY_BACKGROUND_BYTES=N (as root) sets the kernel's background writeback
# threshold for the run (bench/writeback.sh, docs/scale.md).
#
# Needs `cargo build --release -p arbiter` and
# `cargo bench -p arbiter-server --bench load --no-run` first, and psql.
set -euo pipefail
cd "$(dirname "$0")/.."
nodes="$1" games="$2" think="$3" seconds="$4" warm="$5" transport="${6:-relay}" cross="${7:-}"
first_port=18091

. bench/cpu.sh
. bench/writeback.sh
. bench/pg.sh

names=(a b c d e f g h)
pids=() urls=()
for ((k = 0; k < nodes; k++)); do
  port=$((first_port + k))
  target/release/arbiter serve --db "$url" --node "${names[k]}" --addr "127.0.0.1:$port" \
    --rate-limit 0 >"/tmp/load-pg-node-${names[k]}.log" 2>&1 &
  pids+=($!) urls+=("http://127.0.0.1:$port")
done
trap 'writeback_restore; for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; exec {PG[1]}>&-; wait' EXIT
writeback_apply
for u in "${urls[@]}"; do
  until curl -sf "$u/api/games" >/dev/null; do sleep 0.2; done
done

load_before="$(cut -d' ' -f1 /proc/loadavg)"
gen="$(ls -t target/release/deps/load-* | grep -v '\.d$' | head -n 1)"
out="$(mktemp)"
flags=()
[ "$cross" = cross ] && flags+=(--cross)
"$gen" --url "$(IFS=,; echo "${urls[*]}")" "${flags[@]}" --games "$games" --think-ms "$think" \
  --seconds "$seconds" --transport "$transport" --warm-up "$warm" >"$out" 2>&1 &
generator=$!
until grep -q "games open" "$out"; do sleep 0.05; done
sleep "$warm"
# The notifications the nodes send one another over the window: a
# listener on their channel, which psql prints after its last command.
notes="$(mktemp)"
{ echo "LISTEN arbiter_lobby;"; sleep "$seconds"; echo "SELECT 1;"; } |
  psql -h "$pgdir" -U arbiter -d arbiter -XAtq >"$notes" 2>&1 &
listener=$!
s0=() s1=()
for p in "${pids[@]}"; do s0+=("$(cpu_of_tree "$p")"); done
p0="$(cpu_of_tree "$postmaster")"
c0="$(sql "SELECT xact_commit FROM pg_stat_database WHERE datname = 'arbiter'")"
l0="$(sql "SELECT pg_current_wal_lsn()")"
read -r _ u0 n0 y0 i0 w0 q0 sq0 st0 _ < /proc/stat
sleep "$seconds"
for p in "${pids[@]}"; do s1+=("$(cpu_of_tree "$p")"); done
p1="$(cpu_of_tree "$postmaster")"
c1="$(sql "SELECT xact_commit FROM pg_stat_database WHERE datname = 'arbiter'")"
wal="$(sql "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '$l0')")"
read -r _ u1 n1 y1 i1 w1 q1 sq1 st1 _ < /proc/stat
wait "$generator"
wait "$listener" || true
load_after="$(cut -d' ' -f1 /proc/loadavg)"

row="$(grep -E '^\| [0-9]' "$out" | tail -n 1)"
gen_us="$(sed -n 's/generator CPU: \([0-9.]*\).*/\1/p' "$out")"
IFS='|' read -r _ g th secs moves mps p50 p99 p999 max errors done _ <<<"$row"
moves="${moves// /}"
# Moves of each node's games (the generator counts them when there are
# several nodes; with one, all of them).
read -ra of_node <<<"$(sed -n 's/.*moves by the game.s node: //p' "$out")"
[ "${#of_node[@]}" -eq "$nodes" ] || of_node=("$moves")
all=$(( (u1+n1+y1+i1+w1+q1+sq1+st1) - (u0+n0+y0+i0+w0+q0+sq0+st0) ))
idle=$(( 100 * ((i1+w1) - (i0+w0)) / all ))
steal=$(( 100 * (st1 - st0) / all ))
us() { awk -v c="$1" -v t="$tick" -v m="$2" 'BEGIN { printf "%.0f", c / t * 1e6 / m }'; }
per_node="" total=0
for ((k = 0; k < nodes; k++)); do
  d=$((s1[k] - s0[k]))
  total=$((total + d))
  per_node+="${per_node:+;}${names[k]}:$(us "$d" "${of_node[k]}")"
done
commits=$((c1 - c0))
notifications="$(grep -c 'Asynchronous notification' "$notes" || true)"
wal_per_move="$(awk -v w="$wal" -v m="$moves" 'BEGIN { printf "%.0f", w / m }')"
moves_per_commit="$(awk -v m="$moves" -v c="$commits" 'BEGIN { printf "%.1f", m / c }')"
echo "$(git rev-parse --short HEAD),$nodes,${cross:-own},$g,$transport,$th,$secs,$mps,$p50,$p99,$p999,$max,$errors,$(us "$total" "$moves"),$per_node,$(us $((p1 - p0)) "$moves"),$commits,$moves_per_commit,$wal_per_move,$notifications,$gen_us,$load_before,$load_after,$idle,$steal,$(writeback_setting)" | tr -d ' '
cat "$out" >&2
rm -f "$out" "$notes"
