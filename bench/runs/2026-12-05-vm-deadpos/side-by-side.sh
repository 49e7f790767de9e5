#!/bin/sh
# side-by-side.sh MAIN NEW OUTDIR: two builds of the can_mate example (main's and the new one) and
# chasolver (chasolver-cpu) side by side on each labelled set, all three at once; CPU time per thread.
# The sets are the normalised copies ../shared/bench/unwinnable-peers writes to /tmp/arbiter-bench-unwinnable/.
S=/tmp/arbiter-bench-unwinnable
O=$3; mkdir -p $O
for set in d3-test-vector cha-positions cha-lichess; do
  uptime > $O/$set.load-before
  nice $1 $S/$set.txt 5 $O/main-$set.times > $O/main-$set.out 2>&1 &
  nice $2 $S/$set.txt 5 $O/new-$set.times > $O/new-$set.out 2>&1 &
  nice ${CHASOLVER_CPU:-chasolver-cpu/target/release/deadpos-peer} $S/$set.txt 5 $O/chasolver-$set.times > $O/chasolver-$set.out 2>&1 &
  wait
  uptime > $O/$set.load-after
done
