# Sourced by the scripts that test a live server (api-fuzz.sh, sdk-test.sh): starts
# $BIN on a free port with a fresh SQLite database and the demo data, with the extra
# environment given as arguments (VAR=value ...), logs to $OUT/${DEMO_LOG:-server}.log,
# and returns once it answers. Sets $base. Every server started is stopped, and its
# data removed, on exit; a script may start several (DEMO_LOG names each one's log).
demo_pids=()
demo_dirs=()
stop_demo_servers() {
  local pid
  for pid in "${demo_pids[@]}"; do kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done
  [ ${#demo_dirs[@]} -eq 0 ] || rm -rf "${demo_dirs[@]}"
}
trap stop_demo_servers EXIT
start_demo_server() {
  local port data server log=$OUT/${DEMO_LOG:-server}.log
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  base="http://127.0.0.1:$port"
  data=$(mktemp -d)
  env BIND="127.0.0.1:$port" DIALTONE_DATA_DIR="$data" DIALTONE_DEMO=1 DATABASE_URL= \
    DIALTONE_SIGNUPS_PER_HOUR=100000 DIALTONE_ADMIN_TWO_FACTOR=off DIALTONE_PUBLIC_URL="$base" RUST_LOG=warn "$@" \
    "$BIN" >"$log" 2>&1 &
  server=$!
  demo_pids+=("$server")
  demo_dirs+=("$data")
  for _ in $(seq 300); do
    curl -fs "$base/readyz" >/dev/null && return 0
    kill -0 "$server" 2>/dev/null || { cat "$log"; exit 1; }
    sleep 0.1
  done
  echo "the server at $base did not answer in 30 s"; cat "$log"; exit 1
}
