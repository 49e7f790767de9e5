#!/usr/bin/env bash
# A game's takeover after its node dies, as data: runs RUNS times the
# several-nodes test that kills a node mid-game with SIGKILL
# (crates/cli/tests/nodes.rs, on a throwaway PostgreSQL cluster with
# three nodes and leases of 2 s) and prints one CSV row per run:
#
#   commit,run,games,median_ms,worst_ms,uncharged_ms
#
# `games`: the killed node's games that a move was waiting on when it
# died; `median_ms`, `worst_ms`: from the kill to that move's answer by
# the node that took the game over; `uncharged_ms`: the part of each
# pause the clocks charge to nobody (the lease left at the kill).
#
#   bench/failover.sh [RUNS] > bench/runs/DATE-MACHINE/failover.csv
#
# The test's own build (`cargo test`'s profile, with the features the
# server's tests build with): the takeover is bounded by the lease, not
# by the processor. Each run is stopped after 10 minutes. A tournament's
# takeover: bench/failover-tournament.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
test=several_nodes_one_killed_mid_game_its_games_are_taken_over_and_finish
commit="$(git rev-parse --short HEAD)"
export ARBITER_TEST_DB=postgres
cargo test -q -p arbiter-server -p arbiter --test nodes --no-run >&2
echo "commit,run,games,median_ms,worst_ms,uncharged_ms"
for ((run = 1; run <= runs; run++)); do
  if ! out="$(timeout 600 cargo test -q -p arbiter-server -p arbiter --test nodes -- --exact "$test" --nocapture 2>&1)"; then
    printf '%s\n' "$out" >&2
    echo "run $run failed (its output is above)" >&2
    exit 1
  fi
  # "takeover of G games of the killed node: median M ms, worst W ms;
  # at least U ms of each charged to nobody"
  row="$(printf '%s\n' "$out" | sed -nE \
    "s/.*takeover of ([0-9]+) games of the killed node: median ([0-9]+) ms, worst ([0-9]+) ms; at least (-?[0-9]+) ms.*/$commit,$run,\1,\2,\3,\4/p")"
  if [ -z "$row" ]; then
    printf '%s\n' "$out" >&2
    echo "run $run printed no takeover line (the test's output is above)" >&2
    exit 1
  fi
  echo "$row"
done
