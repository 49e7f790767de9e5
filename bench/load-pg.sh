#!/usr/bin/env bash
# One load run of `arbiter serve` on PostgreSQL on this machine: a
# throwaway cluster with fsync on (scripts/pg-throwaway), a release server
# on it, and the load generator. Prints one CSV row (its columns:
# bench/runs/2026-12-02-vm-pg-writeback/README.md):
#
#   bench/load-pg.sh GAMES THINK_MS SECONDS WARM_UP [TRANSPORT]
#
# SERVE_ARGS adds options to `arbiter serve` (e.g. `--log-key FILE`, to
# sign the log's checkpoints).
#
# DIRTY_BACKGROUND_BYTES=N (as root) sets the kernel's background writeback
# threshold for the run (bench/writeback.sh, docs/scale.md).
#
# Needs `cargo build --release -p arbiter` and
# `cargo bench -p arbiter-server --bench load --no-run` first, and psql.
set -euo pipefail
cd "$(dirname "$0")/.."
games="$1" think="$2" seconds="$3" warm="$4" transport="${5:-relay}"
port=18091

. bench/cpu.sh
. bench/generator.sh
. bench/writeback.sh
. bench/pg.sh

# shellcheck disable=SC2086 # SERVE_ARGS is a list of options
target/release/arbiter serve --db "$url" --addr "127.0.0.1:$port" --rate-limit 0 \
  ${SERVE_ARGS:-} >"/tmp/load-pg-server.log" 2>&1 &
server=$!
trap 'writeback_restore; kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; exec {PG[1]}>&-; wait' EXIT
writeback_apply
until curl -sf "http://127.0.0.1:$port/api/games" >/dev/null; do sleep 0.2; done

load_before="$(cut -d' ' -f1 /proc/loadavg)"
generator_start "http://127.0.0.1:$port" "$games" "$think" "$seconds" "$warm" "$transport"
s0="$(cpu_of_tree "$server")"; p0="$(cpu_of_tree "$postmaster")"
c0="$(sql "SELECT xact_commit FROM pg_stat_database WHERE datname = 'arbiter'")"
l0="$(sql "SELECT pg_current_wal_lsn()")"
k0="$(sql "SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter")"
f0="$(ls "$pgdir/data/pg_wal" | grep -c '^[0-9A-F]*$')"
read -r _ u0 n0 y0 i0 w0 q0 sq0 st0 _ < /proc/stat
sleep "$seconds"
s1="$(cpu_of_tree "$server")"; p1="$(cpu_of_tree "$postmaster")"
c1="$(sql "SELECT xact_commit FROM pg_stat_database WHERE datname = 'arbiter'")"
wal="$(sql "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '$l0')")"
k1="$(sql "SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter")"
f1="$(ls "$pgdir/data/pg_wal" | grep -c '^[0-9A-F]*$')"
read -r _ u1 n1 y1 i1 w1 q1 sq1 st1 _ < /proc/stat
generator_figures
load_after="$(cut -d' ' -f1 /proc/loadavg)"

commits=$((c1 - c0))
moves_per_commit="$(awk -v m="$moves" -v c="$commits" 'BEGIN { printf "%.1f", m / c }')"
wal_per_move="$(awk -v w="$wal" -v m="$moves" 'BEGIN { printf "%.0f", w / m }')"
all=$(( (u1+n1+y1+i1+w1+q1+sq1+st1) - (u0+n0+y0+i0+w0+q0+sq0+st0) ))
idle=$(( 100 * ((i1+w1) - (i0+w0)) / all ))
steal=$(( 100 * (st1 - st0) / all ))
us() { awk -v c="$1" -v t="$tick" -v m="$moves" 'BEGIN { printf "%.0f", c / t * 1e6 / m }'; }
echo "$(git rev-parse --short HEAD),$g,$transport,$th,$secs,$mps,$p50,$p99,$p999,$max,$errors,$(us $((s1 - s0))),$(us $((p1 - p0))),$gen_us,$commits,$moves_per_commit,$wal_per_move,$((k1 - k0)),$((f1 - f0)),$load_before,$load_after,$idle,$steal,$(writeback_setting)" | tr -d ' '
cat "$out" >&2
rm -f "$out"
