#!/usr/bin/env bash
# SMS submitted per second over the SMPP link: the release server binds to the SMSC
# simulator (switch/smsc/smsc.js) as DIALTONE_SMS_PROVIDER=smpp, on SQLite with one bind
# and on PostgreSQL with one bind and with several server instances (one bind each).
# N single-part messages are queued through POST /api/sms (dialtone-load sms) while
# no SMSC listens, then the SMSC starts and the servers bind; the rate is the accepted
# submit_sm count over the span of the simulator's own submit timestamps.
# Prints a markdown section; a JSON line per row goes to $1. Needs target/release built.
set -euo pipefail
json=$1
cd "$(dirname "$0")/.."
BIN=${BENCH_BIN:-target/release}
N=${SMS_N:-2000}
BINDS=${SMS_BINDS:-4}
work=$(mktemp -d)
pids=()
trap 'rc=$?; kill "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"; exit $rc' EXIT
[ -d switch/smsc/node_modules/smpp ] || (cd switch/smsc && npm ci --silent)

source scripts/lib/bench-api.sh

launch() { # $1: port; DATABASE_URL and SMPP_PORT set; appends to pids, sets LAST
  BIND=127.0.0.1:$1 DIALTONE_DATA_DIR=$work/data DIALTONE_SWITCH_TOKEN=bench-switch DIALTONE_JWT_SECRET=bench-secret-0123456789abcdef0123 DIALTONE_ADMIN_TWO_FACTOR=off \
    DIALTONE_DEMO=1 DIALTONE_SIGNUPS_PER_HOUR=1000 DIALTONE_STATIC_DIR=app/dist RUST_LOG=error \
    DIALTONE_SMS_PROVIDER=smpp DIALTONE_SMPP_ADDR=127.0.0.1:$SMPP_PORT DIALTONE_SMPP_SYSTEM_ID=dialtone DIALTONE_SMPP_PASSWORD=secret1 \
    $BIN/dialtone-server >>"$work/server.log" 2>&1 &
  LAST=$!; pids+=("$LAST")
}
ready() { until curl -sf "http://127.0.0.1:$1/readyz" >/dev/null; do sleep 0.02; done; }
stop() { kill "$@" 2>/dev/null || true; wait "$@" 2>/dev/null || true; }

# One run: queue N messages while no SMSC listens, stop that server, start the SMSC and
# $1 server instances at once, wait until N submits are accepted. Prints a JSON line.
run() {
  local binds=$1 port; port=$(free_port); BASE=http://127.0.0.1:$port
  SMPP_PORT=$(free_port); local control; control=$(free_port)
  launch "$port"; local queuer=$LAST; ready "$port"
  local email=sms-$BACKEND-$binds@example.com admin client cid
  TOKEN= api POST /auth/signup "{\"name\":\"SMS Bench\",\"email\":\"$email\",\"password\":\"password1\"}" >/dev/null
  admin=$(TOKEN= api POST /auth/login '{"email":"admin@dialtone.test","password":"admin123"}' | jq_ 'd["accessToken"]')
  client=$(TOKEN= api POST /auth/login "{\"email\":\"$email\",\"password\":\"password1\"}" | jq_ 'd["accessToken"]')
  cid=$(TOKEN=$client api GET /user/info | jq_ 'd["user"]["id"]')
  TOKEN=$admin api POST /admin/balances/$cid/adjust '{"type":"credit","amount":"1000000","reason":"bench"}' >/dev/null
  bench_limits "$admin" "$cid"
  local queued; queued=$($BIN/dialtone-load sms --base "$BASE" --token "$client" --requests "$N" --concurrency 16)
  stop "$queuer"
  local want; want=$(echo "$queued" | jq_ 'd["ok"]')
  node switch/smsc/smsc.js "$SMPP_PORT" "$control" dialtone secret1 >"$work/smsc.out" 2>&1 &
  local smsc=$!; pids+=("$smsc")
  until grep -q ready "$work/smsc.out" 2>/dev/null; do sleep 0.02; done
  local servers=() ports=() p
  for _ in $(seq "$binds"); do p=$(free_port); launch "$p"; servers+=("$LAST"); ports+=("$p"); done
  for p in "${ports[@]}"; do ready "$p"; done
  local n=0 bound=0
  for _ in $(seq 1500); do # five minutes at the most
    bound=$(curl -s "http://127.0.0.1:$control/sessions" | jq_ 'd["bound"]')
    n=$(curl -s "http://127.0.0.1:$control/pdus" | jq_ 'len({p["text"] for p in d if p["status"] == 0 and p["text"].startswith("load ")})')
    [ "$n" -ge "$want" ] && break; sleep 0.2
  done
  curl -s "http://127.0.0.1:$control/pdus" | python3 -c "
import json, sys
p = json.load(sys.stdin); ok = [x for x in p if x['status'] == 0]
at = [x['at'] for x in ok]; span = (max(at) - min(at)) / 1000 if len(at) > 1 else 0
print(json.dumps({'mode': 'sms over smpp', 'backend': '$BACKEND', 'binds': $binds, 'bound': $bound,
  'queued': json.loads(sys.argv[1])['ok'], 'submitted': len(ok), 'refused': len(p) - len(ok),
  'bench_texts': len([x for x in ok if x['text'].startswith('load ')]),
  'repeated': len([x for x in ok if x['text'].startswith('load ')]) - len({x['text'] for x in ok if x['text'].startswith('load ')}),
  'seconds': round(span, 3), 'per_second': round(len(ok) / span) if span else 0}))" "$queued"
  stop "${servers[@]}"; stop "$smsc"
}

row() { # $1: JSON line
  echo "$1" >> "$json"
  python3 -c "import json,sys; d=json.loads(sys.argv[1]); print(f\"| {d['backend']} | {d['binds']} ({d['bound']} bound at the SMSC) | {d['queued']} | {d['submitted']} ({d['bench_texts']} of them the bench's, {d['repeated']} repeated) | {d['seconds']} | {d['per_second']} | {sys.argv[2]} |\")" "$1" "$(check)"
}

echo "## SMS over SMPP (submitted per second at the SMSC)"
echo
echo "$(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(free -g | awk '/Mem/ {print $2}') GiB, release build (run alone: scripts/bench.sh sms)."
echo
echo "$N single-part messages queued through POST /api/sms before the bind, then submitted to the SMSC simulator"
echo "(switch/smsc, npm smpp); the rate is accepted submit_sm over the span of the simulator's submit timestamps"
echo "(messages the demo seeding left queued on a fresh database are submitted and counted too)."
echo
echo '| backend | binds (server instances) | queued | submitted | seconds | per second | invariants after |'
echo '|---|---|---|---|---|---|---|'
for BACKEND in sqlite postgres; do
  rm -rf "$work/data"
  fresh_database $BACKEND sms
  if [ $BACKEND = sqlite ]; then counts="1"; else counts="1 $BINDS"; fi
  for b in $counts; do run "$b" > "$work/row"; row "$(cat "$work/row")"; done
  drop_database $BACKEND
done
