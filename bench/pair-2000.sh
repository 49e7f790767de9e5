#!/usr/bin/env bash
# The Dutch engine alone on a 2,000-player Swiss: round 1 (one score group,
# no colours yet) and round 2 (score groups 1, 1/2 and 0), each paired by
# `arbiter pair --dutch -p` from a TRF and timed by /usr/bin/time; with
# BBP=path/to/bbpPairings.exe, bbpPairings pairs the same files too
# (`bbpPairings.exe --dutch FILE -p OUT`, the same output format).
#
#   [BBP=bbpPairings.exe] bench/pair-2000.sh BINARY...
#
# The files come from Arbiter's generator (seed 1, the first binary's): a
# 2,000-player event of one round, and the same players before it.
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
md5sum "$dir/round1.trf" "$dir/round2.trf" | sed "s|$dir/||"
run() {
  local name="$1" round="$2"
  shift 2
  echo "$name $round (load average $(cut -d' ' -f1 /proc/loadavg)):"
  /usr/bin/time -f "  %e s wall, %U s user, %M KB peak" \
    "$@" "$dir/$round.trf" -p "$dir/$name-$round.txt"
}
i=0
for binary in "$@"; do
  i=$((i + 1))
  for round in round1 round2; do
    run "$i-$(basename "$binary")" "$round" "$binary" pair --dutch
  done
done
if [ -n "${BBP:-}" ]; then
  for round in round1 round2; do
    run bbpPairings "$round" "$BBP" --dutch
  done
fi
for round in round1 round2; do
  md5sum "$dir"/*-"$round".txt | awk '{print $1}' | sort -u | wc -l |
    sed "s/^1$/$round: the same pairing from every program/;s/^[0-9]*$/$round: PAIRINGS DIFFER/"
done
