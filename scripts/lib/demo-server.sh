# Sourced by the scripts that test a live server (api-fuzz.sh, sdk-test.sh): starts
# $BIN on a free port with a fresh SQLite database and the demo data, with the extra
# environment given as arguments (VAR=value ...), logs to $OUT/server.log, stops it
# and removes its data on exit, and returns once it answers. Sets $base.
start_demo_server() {
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  base="http://127.0.0.1:$port"
  data=$(mktemp -d)
  env BIND="127.0.0.1:$port" DIALTONE_DATA_DIR="$data" DIALTONE_DEMO=1 DATABASE_URL= \
    DIALTONE_SIGNUPS_PER_HOUR=100000 DIALTONE_ADMIN_TWO_FACTOR=off DIALTONE_PUBLIC_URL="$base" RUST_LOG=warn "$@" \
    "$BIN" >"$OUT/server.log" 2>&1 &
  server=$!
  trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
  for _ in $(seq 300); do
    curl -fs "$base/readyz" >/dev/null && return 0
    kill -0 $server 2>/dev/null || { cat "$OUT/server.log"; exit 1; }
    sleep 0.1
  done
}
