#!/usr/bin/env bash
# Answered calls per second through the real switch: SIPp devices call through Kamailio
# to a SIPp carrier, with Dialtone authorizing and billing every call, and then the same
# with billing answered by nginx serving fixed answers (the switch's own ceiling).
# Needs BASE (a running Dialtone whose switch token is bench-switch; BASE2 optional, a
# second instance on its database), TOKEN (a funded client) and PASSWORD (its password,
# which creating a device asks for), NUMBER (one of that client's numbers) and BACKEND
# (its name, for the JSON); ADMIN optional (an administrator's token: then also the
# calls of CUSTOMERS customers at once, each with the limits BENCH_LIMITS); DIALOG_DB
# optional (an empty PostgreSQL database: then also many calls up at once, the dialogs
# in db_text and in it). Prints markdown rows; a JSON line per row goes to $1.
set -euo pipefail
json=$1
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
# A port free for both UDP and TCP (Kamailio listens on both).
udp_port() { python3 -c '
import socket
while True:
    u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); u.bind(("127.0.0.1", 0)); p = u.getsockname()[1]
    t = socket.socket()
    try:
        t.bind(("127.0.0.1", p)); print(p); break
    except OSError:
        pass
'; }
api() { curl -s -X "$1" "$BASE/api$2" -H 'content-type: application/json' -H "authorization: Bearer $TOKEN" ${3:+-d "$3"}; }
field() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }

password=$(api POST /sip/devices "{\"username\":\"bench-$$\",\"callerId\":\"$NUMBER\",\"password\":\"$PASSWORD\"}" | field '["password"]')
# SIPp's -inf files: the devices calls take in turn. The tests' scenario authenticates
# as -au/-ap; the bench's copy of it as field 2, which holds the whole keyword (SIPp
# reads no field inside a keyword's parameters, but does read a keyword a field holds).
sed 's/\[authentication\]/[field2]/' "$here/switch/sipp/call.xml" > "$work/call.xml"
device_line() { echo "$1;$2;[authentication username=$1 password=$2]"; }
{ echo SEQUENTIAL; device_line "bench-$$" "$password"; } > "$work/one.csv"
# Every customer's calls (an administrator's view) when there are several.
recorded() {
  if [ -n "${ADMIN:-}" ]; then TOKEN=$ADMIN api GET '/admin/calls?pageSize=1'; else api GET '/calls?pageSize=1'; fi | field '["total"]'
}
calls_before=$(recorded)

# With ADMIN (an administrator's token): CUSTOMERS more customers (16), each funded
# with a number and a device of its own, so that calls do not all lock one balance.
many_customers() {
  echo SEQUENTIAL > "$work/many.csv"
  local i token id number device
  for i in $(seq "${CUSTOMERS:-16}"); do
    TOKEN= api POST /auth/signup "{\"name\":\"Switch caller $i\",\"email\":\"switch$i-$$@example.com\",\"password\":\"$PASSWORD\"}" >/dev/null
    token=$(TOKEN= api POST /auth/login "{\"email\":\"switch$i-$$@example.com\",\"password\":\"$PASSWORD\"}" | field '["accessToken"]')
    id=$(TOKEN=$token api GET /user/info | field '["user"]["id"]')
    TOKEN=$ADMIN api POST "/admin/balances/$id/adjust" '{"type":"credit","amount":"1000000","reason":"bench"}' >/dev/null
    # The bench client's limits (BENCH_LIMITS): a new account's own would refuse most.
    TOKEN=$ADMIN api PUT "/admin/users/$id/limits" "$BENCH_LIMITS" >/dev/null
    id=$(TOKEN=$token api GET "/numbers/available?country=US&type=mobile" | field '["numbers"][0]["id"]')
    number=$(TOKEN=$token api POST /numbers/purchase "{\"numberId\":$id}" | field '["number"]["number"]')
    device=$(TOKEN=$token api POST /sip/devices "{\"username\":\"bench-$$-$i\",\"callerId\":\"$number\",\"password\":\"$PASSWORD\"}" | field '["password"]')
    device_line "bench-$$-$i" "$device" >> "$work/many.csv"
  done
}

# One run: $1 label, $2 API base, $3 calls per second, $4 calls, $5 the devices (an
# -inf file; one.csv by default). Talk time TALK_MS (1 s by default).
run() {
  local label=$1 api_url=$2 rate=$3 total=$4 devices=${5:-$work/one.csv} sip carrier
  local talk=${TALK_MS:-1000}
  sip=$(udp_port); carrier=$(udp_port)
  DIALTONE_API_URL=$api_url DIALTONE_SWITCH_TOKEN=bench-switch DIALTONE_SIP_LISTEN=127.0.0.1:$sip \
    DIALTONE_CARRIER=127.0.0.1:$carrier DIALTONE_SWITCH_RPC=127.0.0.1:$(udp_port) \
    DIALTONE_SIP_WS_LISTEN=127.0.0.1:$(udp_port) \
    DIALTONE_SIP_WORKDIR=$work/k-$sip DIALTONE_SIP_CHILDREN=16 \
    "$here/switch/start.sh" >"$work/kamailio-$sip.log" 2>&1 &
  local kam=$!; pids+=($kam)
  # SIPp's sockets take 2 MB (the kernel caps it at net.core.rmem_max): with its default
  # 64 KB the calling SIPp itself dropped hundreds of answers a run at 1,000 calls/s
  # (UdpRcvbufErrors), and each drop came back as a retransmission 500 ms later.
  sipp -sf "$here/switch/sipp/answer.xml" -i 127.0.0.1 -p "$carrier" -buff_size 2097152 -nostdin -aa -bind_local >/dev/null 2>&1 &
  local uas=$!; pids+=($uas)
  for _ in $(seq 100); do grep -q "Listening on" "$work/kamailio-$sip.log" 2>/dev/null && break; sleep 0.1; done
  sleep 1
  local t0 t1
  t0=$(date +%s.%N)
  mkdir -p "$work/counts-$sip"
  (cd "$work/counts-$sip" && sipp "127.0.0.1:$sip" -sf "$work/call.xml" -s "bench-$$" -inf "$devices" \
    -key to +12125550199 -d "$talk" -i 127.0.0.1 -p "$(udp_port)" -r "$rate" -m "$total" \
    -l $((rate * 4 + rate * (talk - 1000) / 500)) \
    -buff_size 2097152 -nostdin -aa -timeout 120s -trace_stat -stf "$work/stat-$sip.csv" -trace_counts -fd 1 \
    -trace_rtt -rtt_freq 1 >/dev/null 2>&1) || true
  t1=$(date +%s.%N)
  # Answered: the INVITE's 200 received; refused: 503 Over Capacity (SIPp counts a
  # refused call as a successful scenario, so its own totals are not used for these).
  local ok refused failed p99 window
  read -r ok refused failed p99 window < <(python3 - "$work/stat-$sip.csv" "$work/counts-$sip" "$((total / rate))" <<'PY'
import csv, glob, math, sys
rows = list(csv.reader(open(sys.argv[1]), delimiter=';'))
head, last = rows[0], rows[-1]
counts = list(csv.reader(open(glob.glob(sys.argv[2] + "/*_counts.csv")[0]), delimiter=';'))
ch, cl = counts[0], counts[-1]
col200 = next(i for i, c in enumerate(ch) if c.endswith("_200_Recv"))
answered = cl[col200]
# Refused before the challenge (the second already full) or after it.
refused = sum(int(cl[i]) for i, c in enumerate(ch) if c.endswith("_503_Recv"))
# Answered while the load was offered: the INVITEs' 200s counted by the second past
# the offered seconds (the counts are dumped each second, -fd 1) over those seconds,
# so calls that fail later and wait out SIP's 32 s timers do not stretch the span.
offered = float(sys.argv[3])
def seconds(t):
    parts = [float(x) for x in t.replace(".", ":").split(":")[:3]]
    return parts[0] * 3600 + parts[1] * 60 + parts[2]
try:
    ec = next(i for i, c in enumerate(ch) if c.startswith("ElapsedTime"))
    within = [r for r in counts[1:] if seconds(r[ec]) <= offered + 1.5]
    window = round(int(within[-1][col200]) / offered, 1) if within else "null"
except (StopIteration, ValueError, IndexError):
    window = "null"
# Each refusal's time from the INVITE refused to its 503 (call.xml's rtd 1 after the
# challenge, rtd 2 before it).
times = sorted(float(r[1]) for f in glob.glob(sys.argv[2] + "/*_rtt.csv")
               for r in csv.reader(open(f), delimiter=';') if len(r) > 1 and r[1][:1].isdigit())
p99 = times[min(len(times) - 1, math.ceil(0.99 * len(times)) - 1)] if times else "null"
print(answered, refused, last[head.index("FailedCall(C)")], p99, window)
PY
)
  kill $uas $kam 2>/dev/null; wait $uas $kam 2>/dev/null || true
  local secs per_s
  secs=$(python3 -c "print(round($t1 - $t0, 1))")
  per_s=$(python3 -c "print(round($ok / ($t1 - $t0 - 1), 1))")
  echo "| $label | $rate/s offered | $total | $ok answered, $refused refused (503), $failed failed | $per_s answered calls/s over ${secs} s | ${window/null/-} | ${p99/null/-} |"
  echo "{\"backend\":\"${BACKEND:-}\",\"mode\":\"switch: $label\",\"offered_per_second\":$rate,\"calls\":$total,\"answered\":$ok,\"refused\":$refused,\"failed\":$failed,\"per_second\":$per_s,\"answered_per_second_while_offered\":$window,\"refusal_p99_ms\":$p99,\"admission\":${DIALTONE_SIP_MAX_CPS:-300},\"task_workers\":${DIALTONE_SIP_ASYNC_WORKERS:-32},\"talk_ms\":$talk}" >> "$json"
}

echo '| through Kamailio (1 s calls) | offered | calls | result | throughput | answered/s while offered | p99 of a 503, ms |'
echo '|---|---|---|---|---|---|---|'
# Up to twice the switch's admission (DIALTONE_SIP_MAX_CPS, 300 by default); SWITCH_RATES
# sets the offered rates (calls a second, rising) for another admission.
rates=${SWITCH_RATES:-100 200 400 600}
# The rates of the other rows: the top three.
upper=$(echo $rates | tr ' ' '\n' | tail -3 | tr '\n' ' ')
for rate in $rates; do run "billed by Dialtone" "$BASE" $rate $((rate * 10)); done
# BASE2, a second instance on the same database: the switch's dispatcher spreads the
# billing questions over both (PostgreSQL deployments).
if [ -n "${BASE2:-}" ]; then
  for rate in $upper; do run "billed by two instances" "$BASE,$BASE2" $rate $((rate * 10)); done
fi
if [ -n "${ADMIN:-}" ]; then
  many_customers
  n=${CUSTOMERS:-16}
  for rate in $upper; do run "billed by Dialtone, $n customers" "$BASE" $rate $((rate * 10)) "$work/many.csv"; done
  if [ -n "${BASE2:-}" ]; then
    for rate in $upper; do run "billed by two instances, $n customers" "$BASE,$BASE2" $rate $((rate * 10)) "$work/many.csv"; done
  fi
fi
billed=$(( $(recorded) - calls_before ))
echo
echo "- Dialtone recorded $billed calls for the answered ones above (one CDR each)"

# The switch's own ceiling: the same calls, every billing question answered at once by
# nginx with fixed answers (HA1 of the same device, 60 s allowed, CDR taken).
ha1=$(python3 -c "import hashlib; print(hashlib.md5(b'bench-$$:dialtone:$password').hexdigest())")
nginx_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
mkdir -p "$work/nginx"
cat > "$work/nginx/nginx.conf" <<CONF
worker_processes 1; pid $work/nginx/pid; error_log $work/nginx/error.log;
events { worker_connections 4096; }
http {
  access_log off; client_body_temp_path $work/nginx;
  server {
    listen 127.0.0.1:$nginx_port;
    default_type application/json;
    location = /api/telephony/sip/credentials { return 200 '{"ha1":"$ha1","callerId":"$NUMBER","suspended":false}'; }
    location = /api/telephony/authorize { return 200 '{"allowed":true,"maxDurationSeconds":60,"reason":null}'; }
    location = /api/telephony/cdr { return 200 '{}'; }
    location / { return 204; }
  }
}
CONF
nginx -c "$work/nginx/nginx.conf" -p "$work/nginx" -g 'daemon off;' &
pids+=($!)
sleep 0.5
for rate in $rates; do run "no-op billing (nginx)" "http://127.0.0.1:$nginx_port" $rate $((rate * 10)); done
# Many calls up at once, as a carrier's minutes-long calls hold them: 40 s calls at 400/s
# (16,000 up by the end of the offered load), no-op billing, the dialogs kept in db_text
# and then in PostgreSQL (DIALOG_DB, an empty database, given by the PostgreSQL section).
if [ -n "${DIALOG_DB:-}" ]; then
  TALK_MS=40000 run "no-op billing, 40 s calls, dialogs in db_text" "http://127.0.0.1:$nginx_port" 400 16000
  TALK_MS=40000 DIALTONE_SIP_DIALOG_DB=$DIALOG_DB \
    run "no-op billing, 40 s calls, dialogs in PostgreSQL" "http://127.0.0.1:$nginx_port" 400 16000
fi
