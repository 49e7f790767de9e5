#!/usr/bin/env bash
# A takeover after a node dies, as data: runs RUNS times one of the
# several-nodes tests that kill a node with SIGKILL (on a throwaway
# PostgreSQL cluster, leases of 2 s) and prints one CSV row per run.
#
#   bench/failover.sh game [RUNS] > bench/runs/DATE-MACHINE/failover.csv
#   bench/failover.sh tournament [RUNS] > bench/runs/DATE-MACHINE/failover-tournament.csv
#
# game (crates/cli/tests/nodes.rs: three nodes, one killed mid-game):
#
#   commit,run,games,median_ms,worst_ms,uncharged_ms
#
#   `games`: the killed node's games that a move was waiting on when it
#   died; `median_ms`, `worst_ms`: from the kill to that move's answer by
#   the node that took the game over; `uncharged_ms`: the part of each
#   pause the clocks charge to nobody (the lease left at the kill).
#
# tournament (crates/cli/tests/nodes_tournament.rs: two nodes, a Swiss's
# node killed in the middle of round 1):
#
#   commit,run,results_in_ms
#
#   `results_in_ms`: from the kill to the moment the surviving node, having
#   taken the tournament and the dead node's games over, has every result
#   of round 1 recorded (the test's players resign the open games through
#   it as soon as it answers).
#
# The test's own build (`cargo test`'s profile, with the features the
# server's tests build with): a takeover is bounded by the lease, not by
# the processor. Each run is stopped after 10 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:-}" runs="${2:-5}"
case "$kind" in
  game)
    binary=nodes
    test=several_nodes_one_killed_mid_game_its_games_are_taken_over_and_finish
    header=commit,run,games,median_ms,worst_ms,uncharged_ms
    # "takeover of G games of the killed node: median M ms, worst W ms;
    # at least U ms of each charged to nobody"
    line='.*takeover of ([0-9]+) games of the killed node: median ([0-9]+) ms, worst ([0-9]+) ms; at least (-?[0-9]+) ms.*'
    fields='\1,\2,\3,\4'
    ;;
  tournament)
    binary=nodes_tournament
    test=several_nodes_a_swiss_goes_on_when_its_node_is_killed_mid_round
    header=commit,run,results_in_ms
    # "round 1's results all in N ms after its holder was killed"
    line=".*round 1's results all in ([0-9]+) ms after its holder was killed.*"
    fields='\1'
    ;;
  *)
    echo "usage: bench/failover.sh game|tournament [RUNS]" >&2
    exit 2
    ;;
esac
commit="$(git rev-parse --short HEAD)"
export ARBITER_TEST_DB=postgres
cargo test -q -p arbiter-server -p arbiter --test "$binary" --no-run >&2
echo "$header"
for ((run = 1; run <= runs; run++)); do
  if ! out="$(timeout 600 cargo test -q -p arbiter-server -p arbiter --test "$binary" -- --exact "$test" --nocapture 2>&1)"; then
    printf '%s\n' "$out" >&2
    echo "run $run failed (its output is above)" >&2
    exit 1
  fi
  row="$(printf '%s\n' "$out" | sed -nE "s/$line/$commit,$run,$fields/p")"
  if [ -z "$row" ]; then
    printf '%s\n' "$out" >&2
    echo "run $run printed no takeover line (the test's output is above)" >&2
    exit 1
  fi
  echo "$row"
done
