# Sourced by the load scripts: the load generator against the server at
# $1 (a base URL), and its figures.

# Starts the generator (GAMES THINK_MS SECONDS WARM_UP TRANSPORT after the
# URL) and returns once every game is open and the warm-up is over: the
# measured window starts. Sets `generator` (its pid) and `out` (its output).
generator_start() {
  local url="$1" games="$2" think="$3" seconds="$4" warm="$5" transport="$6" gen
  gen="$(ls -t target/release/deps/load-* | grep -v '\.d$' | head -n 1)"
  out="$(mktemp)"
  "$gen" --url "$url" --games "$games" --think-ms "$think" \
    --seconds "$seconds" --transport "$transport" --warm-up "$warm" >"$out" 2>&1 &
  generator=$!
  until grep -q "games open" "$out"; do sleep 0.05; done
  sleep "$warm"
}

# Waits for the generator's end and reads its last row into `g th secs
# moves mps p50 p99 p999 max errors done` and its CPU into `gen_us`.
generator_figures() {
  local row
  wait "$generator"
  row="$(grep -E '^\| [0-9]' "$out" | tail -n 1)"
  gen_us="$(sed -n 's/generator CPU: \([0-9.]*\).*/\1/p' "$out")"
  IFS='|' read -r _ g th secs moves mps p50 p99 p999 max errors done _ <<<"$row"
  moves="${moves// /}"
}
