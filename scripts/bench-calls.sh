#!/usr/bin/env bash
# The call path at 64 calls in flight, beside its ceiling: authorize+CDR pairs per
# second over HTTP (dialtone-traffic against the release server, one customer), then
# the same kind of calls issued in-process straight through the server's functions on
# the same database (dialtone-traffic --direct, the server stopped): the database's
# ceiling for the same writes. Invariants checked after each. Markdown on stdout, JSON
# rows appended to the file named by $1. Run by scripts/bench.sh (alone: bench.sh calls).
set -euo pipefail
cd "$(dirname "$0")/.."
json=${1:-/dev/null}
BIN=${BIN:-target/release}
CALLS=${CALLS:-4000}
CUSTOMERS=${CUSTOMERS:-16}
source scripts/lib/bench.sh
parse() { python3 -c "import re,sys; m=re.search(r'placed (\d+) calls in ([\d.]+)s: (\d+) completed.*?(\d+) errors; (\d+) call pairs/s; p50 ([\d.]+) ms, p99 ([\d.]+) ms', sys.argv[1]); print(' '.join(m.groups()))" "$1"; }
# Runs of one load (parsed): the median run by pairs/s (its p50 and p99), the errors of
# all of them, then the slowest and fastest pairs/s. One run on this shared 2-core
# machine can be 20 % off its neighbours; the range shows how far.
median() { python3 -c "
import sys
runs = sorted((l.split() for l in sys.argv[1:]), key=lambda r: int(r[4]))
mid = list(runs[len(runs) // 2])
mid[3] = str(sum(int(r[3]) for r in runs))
print(' '.join(mid + [runs[0][4], runs[-1][4]]))" "$@"; }
RUNS=${RUNS:-3}
# One load RUNS times (other seeds each time), parsed and reduced by median.
runs() {
  local seed=$1; shift; local out=()
  for i in $(seq 1 "$RUNS"); do out+=("$(parse "$("$@" --seed $((seed + 100 * i)))")"); done
  median "${out[@]}"
}

# The same load in-process with the fraud guards on and off (dialtone-traffic --guards
# off), a run of each in turn so that the machine's drift falls on both, on seeds of its
# own (a call id is billed once): "on|off".
runs_guards() {
  local seed=$1; shift; local on=() off=()
  for i in $(seq 1 "$RUNS"); do
    on+=("$(parse "$("$@" --seed $((seed + 100 * i)))")")
    off+=("$(parse "$("$@" --guards off --seed $((seed + 100 * i + 50)))")")
  done
  echo "$(median "${on[@]}")|$(median "${off[@]}")"
}
guard_rows=()

echo "## The call path at 64 in flight, and the database's ceiling"
echo
echo "$(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, release build; $CALLS calls per run from one customer's number, then from $CUSTOMERS customers' numbers;"
echo "each load $RUNS times: the median run's pairs/s, p50 and p99, with the slowest and fastest run's pairs/s in brackets"
echo "(the load generator shares the 2 cores over HTTP). Ceiling: the same authorize and CDR"
echo "transactions through the server's own functions in one process, no HTTP (dialtone-traffic --direct)."
echo
echo '| backend, callers | over HTTP: pairs/s (range) | p50 ms | p99 ms | ceiling (no HTTP): pairs/s (range) | p50 ms | p99 ms | HTTP / ceiling | invariants after both |'
echo '|---|---|---|---|---|---|---|---|---|'
for backend in ${BACKENDS:-sqlite postgres}; do
  PORT=$(free_port); BASE=http://127.0.0.1:$PORT
  fresh_database $backend calls
  BIND=127.0.0.1:$PORT DIALTONE_DATA_DIR=$DATA DIALTONE_SWITCH_TOKEN=bench-switch DIALTONE_JWT_SECRET=bench-secret-0123456789abcdef0123 DIALTONE_ADMIN_TWO_FACTOR=off \
    DIALTONE_DEMO=1 DIALTONE_SIGNUPS_PER_HOUR=1000 DIALTONE_STATIC_DIR=app/dist RUST_LOG=error $BIN/dialtone-server >>"$work/server.log" 2>&1 &
  SERVER=$!
  until curl -sf "$BASE/readyz" >/dev/null; do sleep 0.02; done
  TOKEN=$(api POST /auth/login '{"email":"admin@dialtone.test","password":"admin123"}' | jq_ 'd["accessToken"]'); ADMIN=$TOKEN
  # Customers with a funded number each: the first alone, then all of them (every call
  # of one customer locks the same balance row; a switch's calls come from many).
  NUMBERS=()
  for c in $(seq 1 "$CUSTOMERS"); do
    TOKEN= api POST /auth/signup "{\"name\":\"Bench Client $c\",\"email\":\"bench$c@example.com\",\"password\":\"password1\"}" >/dev/null
    TOKEN=$(TOKEN= api POST /auth/login "{\"email\":\"bench$c@example.com\",\"password\":\"password1\"}" | jq_ 'd["accessToken"]')
    CID=$(api GET /user/info | jq_ 'd["user"]["id"]')
    TOKEN=$ADMIN api POST /admin/balances/$CID/adjust '{"type":"credit","amount":"1000000","reason":"bench"}' >/dev/null
    bench_limits "$ADMIN" "$CID"
    NUMBER_ID=$(api GET "/numbers/available?country=US&type=mobile" | jq_ 'd["numbers"][0]["id"]')
    NUMBERS+=("$(api POST /numbers/purchase "{\"numberId\":$NUMBER_ID}" | jq_ 'd["number"]["number"]')")
  done
  one=(--from "${NUMBERS[0]}"); all=(); for n in "${NUMBERS[@]}"; do all+=(--from "$n"); done
  # A short warm-up (connections, statement caches), then the measured runs.
  $BIN/dialtone-traffic --base $BASE --token bench-switch "${one[@]}" --calls 300 --concurrency 64 --seed 7 >/dev/null
  http_one=$(runs 64 $BIN/dialtone-traffic --base $BASE --token bench-switch "${one[@]}" --calls $CALLS --concurrency 64)
  http_all=$(runs 66 $BIN/dialtone-traffic --base $BASE --token bench-switch "${all[@]}" --calls $CALLS --concurrency 64)
  http_check=$(check)
  # What became of the calls' reads before their turn, the calls per batch and the time
  # the turns held the call path (sum / count: the mean turn), on stderr.
  curl -s -H "authorization: Bearer bench-switch" "$BASE/metrics" | grep -E '^dialtone_call_(reads_ahead_total|batch_turns_(sum|count)|turn_seconds_(sum|count))' >&2 || true
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true
  pair_one=$(export DIALTONE_DATA_DIR=$DATA; runs_guards 65 $BIN/dialtone-traffic --direct "$DATABASE_URL" "${one[@]}" --calls $CALLS --concurrency 64)
  pair_all=$(export DIALTONE_DATA_DIR=$DATA; runs_guards 67 $BIN/dialtone-traffic --direct "$DATABASE_URL" "${all[@]}" --calls $CALLS --concurrency 64)
  dir_one=${pair_one%|*}; dir_all=${pair_all%|*}
  dir_check=$(check)
  for who in one all; do
    if [ $who = one ]; then h=$http_one; d=$dir_one; label="1 customer"; else h=$http_all; d=$dir_all; label="$CUSTOMERS customers"; fi
    read -r _ _ http_ok http_err http_ps http_p50 http_p99 http_lo http_hi <<<"$h"
    read -r _ _ dir_ok dir_err dir_ps dir_p50 dir_p99 dir_lo dir_hi <<<"$d"
    ratio=$(python3 -c "print(f'{$http_ps / $dir_ps:.0%}')")
    echo "| $backend, $label | $http_ps ($http_lo-$http_hi) | $http_p50 | $http_p99 | $dir_ps ($dir_lo-$dir_hi) | $dir_p50 | $dir_p99 | $ratio | over HTTP: $http_check; direct: $dir_check |"
    if [ $who = one ]; then p=$pair_one; else p=$pair_all; fi
    read -r _ _ off_ok off_err off_ps off_p50 off_p99 off_lo off_hi <<<"${p#*|}"
    cost=$(python3 -c "print(f'{1 - $dir_ps / $off_ps:.1%}')")
    guard_rows+=("| $backend, $label | $dir_ps ($dir_lo-$dir_hi) | $dir_p99 | $off_ps ($off_lo-$off_hi) | $off_p99 | $cost |")
    echo "{\"mode\":\"guards on vs off (direct)\",\"backend\":\"$backend\",\"customers\":\"$label\",\"concurrency\":64,\"on_per_second\":$dir_ps,\"off_per_second\":$off_ps,\"off_min_per_second\":$off_lo,\"off_max_per_second\":$off_hi,\"off_errors\":$off_err,\"off_p99_ms\":$off_p99}" >> "$json"
    echo "{\"mode\":\"authorize+cdr vs ceiling\",\"backend\":\"$backend\",\"customers\":\"$label\",\"concurrency\":64,\"http_per_second\":$http_ps,\"http_min_per_second\":$http_lo,\"http_max_per_second\":$http_hi,\"http_ok\":$http_ok,\"http_errors\":$http_err,\"http_p50_ms\":$http_p50,\"http_p99_ms\":$http_p99,\"direct_per_second\":$dir_ps,\"direct_min_per_second\":$dir_lo,\"direct_max_per_second\":$dir_hi,\"direct_ok\":$dir_ok,\"direct_errors\":$dir_err,\"direct_p50_ms\":$dir_p50,\"direct_p99_ms\":$dir_p99}" >> "$json"
  done
  drop_database $backend
done
echo
echo "### What the fraud guards cost"
echo
echo "The ceiling's runs above (in-process, no HTTP, where the call path's own work is all there is"
echo "to measure) with the guards on, each beside a run of the same calls with them off"
echo "(dialtone-traffic --direct --guards off: no geo permissions, premium or high-risk ranges, spend"
echo "or rate limits read or decided; a server has no such setting). Goal: at most 5 %."
echo
echo '| backend, callers | guards on: pairs/s (range) | p99 ms | guards off: pairs/s (range) | p99 ms | cost |'
echo '|---|---|---|---|---|---|'
printf '%s\n' "${guard_rows[@]}"
