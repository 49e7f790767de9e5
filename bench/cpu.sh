# Sourced by the benchmark scripts: the CPU a process tree has used.

# The CPU time (user + system) of process $1 and its children, in clock
# ticks (`getconf CLK_TCK` a second).
cpu_of_tree() {
  local root="$1" total=0 pid
  for pid in $root $(ps -o pid= --ppid "$root"); do
    [ -r "/proc/$pid/stat" ] || continue
    total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)))
  done
  echo "$total"
}
tick="$(getconf CLK_TCK)"
