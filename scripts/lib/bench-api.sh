# Sourced by every bench script: the calls they make of a release server at $BASE
# ($BIN/dialtone-server, $TOKEN if set) and of its database. $work is the caller's
# work folder.

# A new, empty database for one backend's runs: DATABASE_URL names a SQLite file in the
# work folder, or a PostgreSQL database created afresh (named after $2 and this shell's
# pid; $db keeps its name for drop_database).
fresh_database() {
  if [ "$1" = sqlite ]; then
    export DATABASE_URL="sqlite://$work/$2.db?mode=rwc"
  else
    db=dialtone_bench_$2_$$
    PGOPTIONS="-c client_min_messages=warning" psql -h 127.0.0.1 -U postgres -qc "drop database if exists $db" -c "create database $db"
    export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db"
  fi
}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
api() { curl -s -X "$1" "$BASE/api$2" -H 'content-type: application/json' ${TOKEN:+-H "authorization: Bearer $TOKEN"} ${3:+-d "$3"}; }
# The guards stay on for a bench account, with ceilings no bench traffic reaches: what
# they cost is measured, none of their refusals.
BENCH_LIMITS='{"ceiling":{"dailySpend":"1000000","concurrentCalls":"100000","callsPerSecond":"100000","smsPerMinute":"100000"}}'
bench_limits() { TOKEN=$1 api PUT /admin/users/$2/limits "$BENCH_LIMITS" >/dev/null; }
jq_() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
check() { $BIN/dialtone-server check 2>&1 | tail -1; }
drop_database() { [ "$1" != postgres ] || psql -h 127.0.0.1 -U postgres -qc "drop database $db with (force)"; }
# A release server in demo mode on a free port ($PORT, $BASE) and the database of
# backend $1 (named after $2), ready; its pid in $SERVER, its log in $work/server.log.
start_demo_server() {
  PORT=$(free_port); BASE=http://127.0.0.1:$PORT
  fresh_database "$1" "$2"
  BIND=127.0.0.1:$PORT DIALTONE_DATA_DIR=$work/data DIALTONE_SWITCH_TOKEN=bench-switch DIALTONE_JWT_SECRET=bench-secret-0123456789abcdef0123 DIALTONE_ADMIN_TWO_FACTOR=off \
    DIALTONE_DEMO=1 DIALTONE_SIGNUPS_PER_HOUR=1000 DIALTONE_STATIC_DIR=app/dist RUST_LOG=error $BIN/dialtone-server >>"$work/server.log" 2>&1 &
  SERVER=$!
  until curl -sf "$BASE/readyz" >/dev/null; do sleep 0.02; done
}
# The demo admin's token and a new client's (email $1, password1), signed in: $ADMIN, $CLIENT.
demo_admin_and_client() {
  ADMIN=$(TOKEN= api POST /auth/login '{"email":"admin@dialtone.test","password":"admin123"}' | jq_ 'd["accessToken"]')
  TOKEN= api POST /auth/signup "{\"name\":\"Bench Client\",\"email\":\"$1\",\"password\":\"password1\"}" >/dev/null
  CLIENT=$(TOKEN= api POST /auth/login "{\"email\":\"$1\",\"password\":\"password1\"}" | jq_ 'd["accessToken"]')
}
