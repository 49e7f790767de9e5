# Sourced by the load scripts: the kernel's background writeback threshold,
# which decides how much of PostgreSQL's data files the kernel keeps dirty
# before it writes them out (docs/scale.md, "Kernel writeback").
#
# With DIRTY_BACKGROUND_BYTES=N in the environment (as root), the run sets
# vm.dirty_background_bytes to N and puts the previous setting back when it
# ends (writeback_apply, writeback_restore); without it, the machine's setting stays as it is.

writeback_saved_bytes="$(cat /proc/sys/vm/dirty_background_bytes)"
writeback_saved_ratio="$(cat /proc/sys/vm/dirty_background_ratio)"

# The threshold in force, for the CSV row: `bytes:N` or `ratio:N` (percent
# of the memory available).
writeback_setting() {
  local bytes
  bytes="$(cat /proc/sys/vm/dirty_background_bytes)"
  if [ "$bytes" -gt 0 ]; then
    echo "bytes:$bytes"
  else
    echo "ratio:$(cat /proc/sys/vm/dirty_background_ratio)"
  fi
}

# Puts back the setting found at the start (writing the ratio clears the
# bytes, and the other way round, so the one that was in force is written).
writeback_restore() {
  [ -n "${DIRTY_BACKGROUND_BYTES:-}" ] || return 0
  if [ "$writeback_saved_bytes" -gt 0 ]; then
    echo "$writeback_saved_bytes" >/proc/sys/vm/dirty_background_bytes
  else
    echo "$writeback_saved_ratio" >/proc/sys/vm/dirty_background_ratio
  fi
}

# Sets DIRTY_BACKGROUND_BYTES, if given; called once the script's EXIT trap
# (which calls writeback_restore) is in place.
writeback_apply() {
  [ -n "${DIRTY_BACKGROUND_BYTES:-}" ] || return 0
  echo "$DIRTY_BACKGROUND_BYTES" >/proc/sys/vm/dirty_background_bytes
}
