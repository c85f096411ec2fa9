#!/usr/bin/env bash
# Runs Kamailio with switch/kamailio.cfg in the foreground (stop it with SIGTERM). The
# configuration reads the environment (#!defenv): this script sets the defaults below,
# derives what Kamailio cannot split itself (SWITCH_*: ports, file paths), and writes the
# dispatcher's list of Dialtone instances. Variables and their defaults:
#   DIALTONE_API_URL        http://127.0.0.1:8080   where Dialtone's API listens: one URL, or
#                                                   several comma-separated (its instances)
#   DIALTONE_SWITCH_TOKEN   from data/switch_token  the switch's bearer token
#   DIALTONE_SIP_LISTEN     127.0.0.1:5060          address:port, UDP and TCP
#   DIALTONE_SIP_WS_LISTEN  127.0.0.1:5066          SIP over WebSocket (browser phones)
#   DIALTONE_RTPENGINE      127.0.0.1:2225          rtpengine's control (ng) port (switch/media.sh)
#   DIALTONE_SIP_REALM      dialtone                digest realm of SIP devices
#   DIALTONE_CARRIER        127.0.0.1:5080          the carrier's SIP trunk (host:port)
#   DIALTONE_CARRIER_INBOUND  DIALTONE_CARRIER      where the carrier's calls come from
#   DIALTONE_SWITCH_RPC     127.0.0.1:5064          JSON-RPC over HTTP for Dialtone (hang-ups)
#   DIALTONE_SIP_WORKDIR    target/switch           runtime files (dialogs, CDR queue, instances)
#   DIALTONE_SIP_CHILDREN   8                       SIP workers (read the network; never wait on HTTP)
#   DIALTONE_SIP_ASYNC_WORKERS  32                  task workers asking Dialtone about new calls
#   DIALTONE_SIP_MAX_CPS    300                     new calls a second taken; past it 503 at once
#   DIALTONE_SIP_QUEUE      64                      new calls waiting for a task worker; past it 503 at once
#   DIALTONE_SIP_SHM_MB     256                     shared memory (transactions, dialogs): 64 ran out at 250 calls/s
#   DIALTONE_SIP_AUTH_FAILURES  10                  failed digests from one address before 403 for all
#   DIALTONE_SIP_PIKE_DENSITY  30                   requests per 2 s from one address before a ban
#   DIALTONE_SIP_TRUSTED    127.0.0.1               an address never banned for floods, answered OPTIONS
#   DIALTONE_SIP_PROBE_SECONDS  1                   how often each Dialtone instance's /readyz is asked
#   DIALTONE_SIP_KEEPALIVE  60                      seconds between in-dialog OPTIONS to each leg of a call;
#                                                   a leg that stops answering ends the call (0: off)
#   DIALTONE_SIP_DIALOG_DB  db_text files in the workdir  where the dialogs are kept: a PostgreSQL
#                                                   database (postgres://user:password@host:port/name)
#                                                   for carrier traffic; its tables are created if missing
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data=${DIALTONE_DATA_DIR:-data}
export DIALTONE_SWITCH_TOKEN=${DIALTONE_SWITCH_TOKEN:-$(cat "$data/switch_token" 2>/dev/null || true)}
if [ -z "$DIALTONE_SWITCH_TOKEN" ]; then
  echo "switch: no DIALTONE_SWITCH_TOKEN and no $data/switch_token (start the server first)" >&2
  exit 1
fi
export DIALTONE_API_URL=${DIALTONE_API_URL:-http://127.0.0.1:8080}
export DIALTONE_SIP_LISTEN=${DIALTONE_SIP_LISTEN:-127.0.0.1:5060}
export DIALTONE_SIP_WS_LISTEN=${DIALTONE_SIP_WS_LISTEN:-127.0.0.1:5066}
export DIALTONE_RTPENGINE=${DIALTONE_RTPENGINE:-127.0.0.1:2225}
export DIALTONE_SIP_REALM=${DIALTONE_SIP_REALM:-dialtone}
export DIALTONE_CARRIER=${DIALTONE_CARRIER:-127.0.0.1:5080}
export DIALTONE_CARRIER_INBOUND=${DIALTONE_CARRIER_INBOUND:-$DIALTONE_CARRIER}
export DIALTONE_SWITCH_RPC=${DIALTONE_SWITCH_RPC:-127.0.0.1:5064}
export DIALTONE_SIP_CHILDREN=${DIALTONE_SIP_CHILDREN:-8}
export DIALTONE_SIP_ASYNC_WORKERS=${DIALTONE_SIP_ASYNC_WORKERS:-32}
export DIALTONE_SIP_MAX_CPS=${DIALTONE_SIP_MAX_CPS:-300}
export DIALTONE_SIP_QUEUE=${DIALTONE_SIP_QUEUE:-64}
export DIALTONE_SIP_AUTH_FAILURES=${DIALTONE_SIP_AUTH_FAILURES:-10}
export DIALTONE_SIP_PIKE_DENSITY=${DIALTONE_SIP_PIKE_DENSITY:-30}
export DIALTONE_SIP_TRUSTED=${DIALTONE_SIP_TRUSTED:-127.0.0.1}
export DIALTONE_SIP_KEEPALIVE=${DIALTONE_SIP_KEEPALIVE:-60}
# Values go into the configuration as they are: nothing that could end a string there.
for name in DIALTONE_SWITCH_TOKEN DIALTONE_API_URL DIALTONE_SIP_LISTEN DIALTONE_SIP_WS_LISTEN \
  DIALTONE_RTPENGINE DIALTONE_SIP_REALM DIALTONE_CARRIER DIALTONE_CARRIER_INBOUND \
  DIALTONE_SWITCH_RPC DIALTONE_SIP_TRUSTED DIALTONE_SIP_DIALOG_DB; do
  case ${!name-} in *'"'* | *\\* | *$'\n'* | *$'\r'*)
    echo "switch: $name must not contain quotes, backslashes or line breaks" >&2
    exit 1 ;;
  esac
done

# The dialog module refuses keep-alives more often than every 30 s (Kamailio would not start).
if ! [[ $DIALTONE_SIP_KEEPALIVE =~ ^[0-9]+$ ]] || ((DIALTONE_SIP_KEEPALIVE > 0 && DIALTONE_SIP_KEEPALIVE < 30)); then
  echo "switch: DIALTONE_SIP_KEEPALIVE must be 0 (off) or a number of seconds from 30" >&2
  exit 1
fi

# Kamailio's own tables for its dialogs, from its PostgreSQL schema, where missing.
dialog_tables() {
  if ! command -v psql >/dev/null; then
    echo "switch: psql is needed to create the dialog tables of DIALTONE_SIP_DIALOG_DB" >&2
    exit 1
  fi
  local schema=/usr/share/kamailio/postgres
  if ! psql "$1" -qtAc 'SELECT 1 FROM version LIMIT 1' >/dev/null 2>&1; then
    psql "$1" -q -v ON_ERROR_STOP=1 -f "$schema/standard-create.sql"
  fi
  if [ -z "$(psql "$1" -qtAc "SELECT 1 FROM version WHERE table_name = 'dialog'")" ]; then
    psql "$1" -q -v ON_ERROR_STOP=1 -f "$schema/dialog-create.sql"
  fi
  # Kamailio opens a connection per process (two per SIP worker, each task worker and
  # about 12 more); too few free and it stops at start with only "could not connect".
  local need=$((2 * DIALTONE_SIP_CHILDREN + DIALTONE_SIP_ASYNC_WORKERS + 12)) free
  free=$(psql "$1" -qtAc "SELECT current_setting('max_connections')::int
    - current_setting('superuser_reserved_connections')::int - COUNT(*)
    FROM pg_stat_activity WHERE backend_type = 'client backend'")
  if [ "$free" -lt "$need" ]; then
    echo "switch: warning: DIALTONE_SIP_DIALOG_DB's server has $free connections free;" \
      "Kamailio opens $need (one per process): raise its max_connections" >&2
  fi
}

work=${DIALTONE_SIP_WORKDIR:-target/switch}
mkdir -p "$work"
work=$(cd "$work" && pwd)
# Where Kamailio keeps its dialogs and its queue of CDRs waiting for Dialtone across
# restarts: db_text files, the dialogs' schemas from Kamailio's own (the queue is a table
# of usr_preferences' shape, as avpops stores it, its last_modified left empty).
db="$work/db"
mkdir -p "$db"
for table in version dialog dialog_vars; do
  [ -f "$db/$table" ] || cp "/usr/share/kamailio/dbtext/kamailio/$table" "$db/$table"
done
# The dialogs' store: db_text by default, or a PostgreSQL database. A db_text delete
# scans the whole table in the one process that holds its lock: with 16,000 calls up
# (400 a second of 40 s calls) that process fell behind, shared memory ran out and
# two calls in three failed; in PostgreSQL (indexed) the same run failed none
# (docs/switch.md, "Dialogs in PostgreSQL").
dialogs=${DIALTONE_SIP_DIALOG_DB:-text://$db}
case $dialogs in
  text://*) ;;
  postgres://*) dialog_tables "$dialogs" ;;
  *)
    echo "switch: DIALTONE_SIP_DIALOG_DB must be a postgres:// URL (or unset for db_text)" >&2
    exit 1 ;;
esac
[ -f "$db/cdrq" ] || echo 'id(int,auto) uuid(string) username(string,null) domain(string,null) attribute(string) type(int) value(string) last_modified(int,null) ' >"$db/cdrq"
grep -q ':cdrq:' "$db/version" || echo '0:cdrq:2' >>"$db/version"

# Dialtone's instances, the dispatcher's set 1: each keyed by a SIP URI of its host and
# port (the dispatcher's key; nothing is sent there over SIP), its base URL and the name
# of its HTTP connection beside it. Each instance is a named connection of http_client
# (dialtone1...), kept open between questions, with the switch token as Basic
# credentials: a connection per question cost a TCP handshake on both sides each time,
# and across machines at 500 calls/s would use up the switch's ephemeral ports.
list="$work/dialtone.list"
connections="$work/dialtone.http"
: >"$list"
: >"$connections"
chmod 600 "$connections"
IFS=, read -ra urls <<<"$DIALTONE_API_URL"
if [ "${#urls[@]}" -gt 4 ]; then
  echo "switch: DIALTONE_API_URL: at most 4 Dialtone instances" >&2
  exit 1
fi
n=0
for url in "${urls[@]}"; do
  url=${url// /}
  url=${url%/}
  if ! [[ $url =~ ^(http|https)://([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\])(:([0-9]+))?$ ]]; then
    echo "switch: DIALTONE_API_URL: '$url' is not an http(s)://host[:port] URL" >&2
    exit 1
  fi
  port=${BASH_REMATCH[4]:-$([ "${BASH_REMATCH[1]}" = https ] && echo 443 || echo 80)}
  n=$((n + 1))
  echo "1 sip:${BASH_REMATCH[2]}:$port 0 0 url=$url;con=dialtone$n" >>"$list"
  printf '[dialtone%s]\nurl = "%s"\nusername = "switch"\npassword = "%s"\n\n' \
    "$n" "$url" "$DIALTONE_SWITCH_TOKEN" >>"$connections"
done

export SWITCH_DISPATCHER_LIST=$list
export SWITCH_HTTP_CONNECTIONS=$connections
export SWITCH_DB_URL="text://$db"
export SWITCH_DIALOG_DB_URL=$dialogs
export SWITCH_WS_PORT=${DIALTONE_SIP_WS_LISTEN##*:}
export SWITCH_RPC_PORT=${DIALTONE_SWITCH_RPC##*:}
export SWITCH_CARRIER_IN_HOST=${DIALTONE_CARRIER_INBOUND%:*}
export SWITCH_CARRIER_IN_PORT=${DIALTONE_CARRIER_INBOUND##*:}
export SWITCH_RTPENGINE_SOCK="udp:$DIALTONE_RTPENGINE"
export SWITCH_PROBE_TIMER="name=probe;interval=${DIALTONE_SIP_PROBE_SECONDS:-1};mode=1;"
# A fresh nonce secret each start: nonces of an earlier run are not accepted again.
SWITCH_NONCE_SECRET=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
export SWITCH_NONCE_SECRET
# Kamailio runs as this script's child: a stop (SIGTERM, SIGINT) first waits out one more
# pass of the dialogs' writer (db_update_period, 1 s, in kamailio.cfg), which in its
# delayed mode writes nothing at stop itself, so that a restart still knows the calls
# answered in the last second.
/usr/sbin/kamailio -f "$here/kamailio.cfg" -DD -E -Y "$work" -w "$work" -m "${DIALTONE_SIP_SHM_MB:-256}" -M 8 &
kamailio=$!
trap 'sleep 1.2; kill -TERM $kamailio 2>/dev/null' TERM INT
wait $kamailio
status=$?
# Stopped by a signal: the trap has passed it on; Kamailio's own stop follows.
if kill -0 $kamailio 2>/dev/null; then
  wait $kamailio
  status=$?
fi
exit $status
