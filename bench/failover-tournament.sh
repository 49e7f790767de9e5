#!/usr/bin/env bash
# A tournament's takeover after its node dies, as data: runs RUNS times the
# several-nodes test that kills a Swiss's node in the middle of round 1
# with SIGKILL (crates/cli/tests/nodes_tournament.rs, on a throwaway
# PostgreSQL cluster with two nodes and leases of 2 s) and prints one CSV
# row per run:
#
#   commit,run,results_in_ms
#
# `results_in_ms`: from the kill to the moment the surviving node, having
# taken the tournament and the dead node's games over, has every result of
# round 1 recorded (the test's players resign the open games through it as
# soon as it answers). Bounded by the lease, not by the processor.
#
#   bench/failover-tournament.sh [RUNS] > bench/runs/DATE-MACHINE/failover-tournament.csv
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
test=several_nodes_a_swiss_goes_on_when_its_node_is_killed_mid_round
commit="$(git rev-parse --short HEAD)"
export ARBITER_TEST_DB=postgres
cargo test -q -p arbiter-server -p arbiter --test nodes_tournament --no-run >&2
echo "commit,run,results_in_ms"
for ((run = 1; run <= runs; run++)); do
  if ! out="$(timeout 600 cargo test -q -p arbiter-server -p arbiter --test nodes_tournament -- --exact "$test" --nocapture 2>&1)"; then
    printf '%s\n' "$out" >&2
    echo "run $run failed (its output is above)" >&2
    exit 1
  fi
  # "round 1's results all in N ms after its holder was killed"
  row="$(printf '%s\n' "$out" | sed -nE \
    "s/.*round 1's results all in ([0-9]+) ms after its holder was killed.*/$commit,$run,\1/p")"
  if [ -z "$row" ]; then
    printf '%s\n' "$out" >&2
    echo "run $run printed no takeover line (the test's output is above)" >&2
    exit 1
  fi
  echo "$row"
done
