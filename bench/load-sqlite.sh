#!/usr/bin/env bash
# One load run of `arbiter serve` on SQLite on this machine: a release
# server on a fresh database, and the load generator. Prints one CSV row
# (its columns: bench/runs/2026-12-05-vm-tlog/README.md):
#
#   bench/load-sqlite.sh GAMES THINK_MS SECONDS WARM_UP [TRANSPORT]
#
# SERVE_ARGS adds options to `arbiter serve` (e.g. `--unsigned`).
# Needs `cargo build --release -p arbiter` and
# `cargo bench -p arbiter-server --bench load --no-run` first.
set -euo pipefail
cd "$(dirname "$0")/.."
games="$1" think="$2" seconds="$3" warm="$4" transport="${5:-relay}"
port=18092

. bench/cpu.sh
. bench/generator.sh

dir="$(mktemp -d)"
# shellcheck disable=SC2086 # SERVE_ARGS is a list of options
target/release/arbiter serve --db "$dir/load.db" --addr "127.0.0.1:$port" --rate-limit 0 \
  ${SERVE_ARGS:-} >"/tmp/load-sqlite-server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$dir"' EXIT
until curl -sf "http://127.0.0.1:$port/api/games" >/dev/null; do sleep 0.2; done

load_before="$(cut -d' ' -f1 /proc/loadavg)"
generator_start "http://127.0.0.1:$port" "$games" "$think" "$seconds" "$warm" "$transport"
s0="$(cpu_of_tree "$server")"
read -r _ u0 n0 y0 i0 w0 q0 sq0 st0 _ < /proc/stat
sleep "$seconds"
s1="$(cpu_of_tree "$server")"
read -r _ u1 n1 y1 i1 w1 q1 sq1 st1 _ < /proc/stat
generator_figures
load_after="$(cut -d' ' -f1 /proc/loadavg)"
# 200 when the server signed a checkpoint, 404 when it signed none.
checkpoint="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/checkpoint")"
all=$(( (u1+n1+y1+i1+w1+q1+sq1+st1) - (u0+n0+y0+i0+w0+q0+sq0+st0) ))
server_us="$(awk -v c=$((s1 - s0)) -v t="$tick" -v m="$moves" 'BEGIN { printf "%.0f", c / t * 1e6 / m }')"
echo "$(git rev-parse --short HEAD),$g,$transport,$th,$secs,$mps,$p50,$p99,$p999,$max,$errors,$server_us,$gen_us,$load_before,$load_after,$(( 100 * ((i1+w1) - (i0+w0)) / all )),$(( 100 * (st1 - st0) / all )),$checkpoint" | tr -d ' '
cat "$out" >&2
rm -f "$out"
