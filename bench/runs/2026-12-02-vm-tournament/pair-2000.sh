#!/usr/bin/env bash
# The Dutch engine alone on a 2,000-player Swiss: round 1 (one score group,
# no colours yet) and round 2 (score groups 1, 1/2 and 0), each paired by
# `arbiter pair --dutch -p` from a TRF, timed by /usr/bin/time.
#
#   bench/runs/2026-12-02-vm-tournament/pair-2000.sh BINARY...
#
# The files come from Arbiter's generator (seed 1): a 2,000-player event of
# one round, and the same players before it.
set -euo pipefail
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
first="$1"
printf 'PlayersNumber=2000\nRoundsNumber=1\n' >"$dir/r1.cfg"
"$first" pair --dutch -g "$dir/r1.cfg" -o "$dir/one-round.trf" -s 1
# Round 2 of 2 to pair: the event planned for two rounds.
sed 's/^XXR 1$/XXR 2/' "$dir/one-round.trf" >"$dir/round2.trf"
# Round 1 to pair: the players' lines up to the rating, no score, no round.
{
  echo "012 Scale"
  echo "XXR 2"
  echo "XXC white1"
  grep '^001' "$dir/one-round.trf" | cut -c1-80 | sed 's/$/ 0.0/'
} >"$dir/round1.trf"
for binary in "$@"; do
  for round in round1 round2; do
    echo "$binary $round (load average $(cut -d' ' -f1 /proc/loadavg)):"
    /usr/bin/time -f "  %e s wall, %U s user, %M KB peak" \
      "$binary" pair --dutch "$dir/$round.trf" -p "$dir/$(basename "$binary")-$round.txt"
  done
done
for round in round1 round2; do
  md5sum "$dir"/*-"$round".txt | awk '{print $1}' | sort -u | wc -l |
    sed "s/^1$/$round: the same pairing from every binary/;s/^[0-9]*$/$round: PAIRINGS DIFFER/"
done
