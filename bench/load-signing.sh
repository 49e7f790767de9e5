#!/usr/bin/env bash
# The load benchmark with the log's signing on and off, interleaved (on,
# off, off, on, on, off...: each pair in the other order than the last, so
# that a machine growing busier or quieter favours neither), on SQLite
# (`serve --unsigned` for off) or on PostgreSQL (`--log-key FILE` for on).
# Prints a CSV header, then one row a run: `signing,` and the row of
# bench/load-sqlite.sh or bench/load-pg.sh (their output goes to
# /tmp/load-signing.log).
#
#   bench/load-signing.sh sqlite|postgres PAIRS GAMES THINK_MS SECONDS WARM_UP
#
# Needs the builds bench/load-sqlite.sh and bench/load-pg.sh need.
set -euo pipefail
cd "$(dirname "$0")/.."
backend="$1" pairs="$2" games="$3" think="$4" seconds="$5" warm="$6"
key="$(mktemp -d)/log.key"

common="signing,binary,games,transport,think_ms,seconds,moves_per_s,p50_ms,p99_ms,p999_ms,max_ms,errors,server_us_per_move"
case "$backend" in
  sqlite)
    script=bench/load-sqlite.sh
    echo "$common,generator_us_per_move,load_before,load_after,idle_pct,steal_pct,checkpoint_status" ;;
  postgres)
    script=bench/load-pg.sh
    echo "$common,postgres_us_per_move,generator_us_per_move,commits,moves_per_commit,wal_bytes_per_move,checkpoints,wal_segments_made,load_before,load_after,idle_pct,steal_pct,writeback" ;;
  *) echo "the backend is sqlite or postgres, not $backend" >&2; exit 2 ;;
esac
for i in $(seq "$pairs"); do
  if [ $((i % 2)) = 1 ]; then order="on off"; else order="off on"; fi
  for signing in $order; do
    args=""
    case "$backend/$signing" in
      sqlite/off) args="--unsigned" ;;
      postgres/on) args="--log-key $key" ;;
    esac
    echo "$signing,$(SERVE_ARGS="$args" "$script" "$games" "$think" "$seconds" "$warm" relay 2>>/tmp/load-signing.log)"
  done
done
