#!/usr/bin/env bash
# Renders switch/kamailio.cfg from the environment the server reads and runs Kamailio
# in the foreground (stop it with SIGTERM). Variables and their defaults:
#   DIALTONE_API_URL        http://127.0.0.1:8080   where Dialtone's API listens
#   DIALTONE_SWITCH_TOKEN   from data/switch_token  the switch's bearer token
#   DIALTONE_SIP_LISTEN     127.0.0.1:5060          address:port, UDP and TCP
#   DIALTONE_SIP_WS_LISTEN  127.0.0.1:5066          SIP over WebSocket (browser phones)
#   DIALTONE_RTPENGINE      127.0.0.1:2225          rtpengine's control (ng) port (switch/media.sh)
#   DIALTONE_SIP_REALM      dialtone                digest realm of SIP devices
#   DIALTONE_CARRIER        127.0.0.1:5080          the carrier's SIP trunk (host:port)
#   DIALTONE_CARRIER_INBOUND  DIALTONE_CARRIER      where the carrier's calls come from
#   DIALTONE_SWITCH_RPC     127.0.0.1:5064          JSON-RPC over HTTP for Dialtone (hang-ups)
#   DIALTONE_SIP_WORKDIR    target/switch           rendered config and runtime files
#   DIALTONE_SIP_CHILDREN   8                       SIP workers (read the network; never wait on HTTP)
#   DIALTONE_SIP_ASYNC_WORKERS  32                  task workers asking Dialtone about new calls
#   DIALTONE_SIP_MAX_CPS    300                     new calls a second taken; past it 503 at once
#   DIALTONE_SIP_SHM_MB     256                     shared memory (transactions, dialogs): 64 ran out at 250 calls/s
#   DIALTONE_SIP_PIKE_DENSITY  30                   requests per 2 s from one address before a ban
#   DIALTONE_SIP_TRUSTED    127.0.0.1               an address never banned for floods, answered OPTIONS
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data=${DIALTONE_DATA_DIR:-data}
token=${DIALTONE_SWITCH_TOKEN:-$(cat "$data/switch_token" 2>/dev/null || true)}
if [ -z "$token" ]; then
  echo "switch: no DIALTONE_SWITCH_TOKEN and no $data/switch_token (start the server first)" >&2
  exit 1
fi
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
[ -f "$db/cdrq" ] || echo 'id(int,auto) uuid(string) username(string,null) domain(string,null) attribute(string) type(int) value(string) last_modified(int,null) ' >"$db/cdrq"
grep -q ':cdrq:' "$db/version" || echo '0:cdrq:2' >>"$db/version"
# A fresh nonce secret each start: nonces of an earlier run are not accepted again.
secret=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
python3 - "$here/kamailio.cfg" "$work/kamailio.cfg" <<PY
import sys
values = {
    "API_URL": "${DIALTONE_API_URL:-http://127.0.0.1:8080}",
    "SWITCH_TOKEN": """$token""",
    "SIP_LISTEN": "${DIALTONE_SIP_LISTEN:-127.0.0.1:5060}",
    "WS_LISTEN": "${DIALTONE_SIP_WS_LISTEN:-127.0.0.1:5066}",
    "WS_PORT": "${DIALTONE_SIP_WS_LISTEN:-127.0.0.1:5066}".rsplit(":", 1)[1],
    "RTPENGINE": "${DIALTONE_RTPENGINE:-127.0.0.1:2225}",
    "REALM": "${DIALTONE_SIP_REALM:-dialtone}",
    "CARRIER": "${DIALTONE_CARRIER:-127.0.0.1:5080}",
    "CARRIER_IN_HOST": "${DIALTONE_CARRIER_INBOUND:-${DIALTONE_CARRIER:-127.0.0.1:5080}}".rsplit(":", 1)[0],
    "CARRIER_IN_PORT": "${DIALTONE_CARRIER_INBOUND:-${DIALTONE_CARRIER:-127.0.0.1:5080}}".rsplit(":", 1)[1],
    "RPC_LISTEN": "${DIALTONE_SWITCH_RPC:-127.0.0.1:5064}",
    "RPC_PORT": "${DIALTONE_SWITCH_RPC:-127.0.0.1:5064}".rsplit(":", 1)[1],
    "DB_DIR": "$db",
    "CHILDREN": "${DIALTONE_SIP_CHILDREN:-8}",
    "ASYNC_WORKERS": "${DIALTONE_SIP_ASYNC_WORKERS:-32}",
    "MAX_CPS": "${DIALTONE_SIP_MAX_CPS:-300}",
    "AUTH_FAIL_LIMIT": "${DIALTONE_SIP_AUTH_FAILURES:-10}",
    "PIKE_DENSITY": "${DIALTONE_SIP_PIKE_DENSITY:-30}",
    "TRUSTED": "${DIALTONE_SIP_TRUSTED:-127.0.0.1}",
    "NONCE_SECRET": "$secret",
}
text = open(sys.argv[1]).read()
for name, value in values.items():
    if any(c in value for c in '"\\\\\r\n'):
        sys.exit(f"switch: {name} must not contain quotes, backslashes or line breaks")
    text = text.replace("{{" + name + "}}", value)
if "{{" in text:
    sys.exit("switch: unrendered placeholder in kamailio.cfg")
open(sys.argv[2], "w").write(text)
PY
exec /usr/sbin/kamailio -f "$work/kamailio.cfg" -DD -E -Y "$work" -w "$work" -m ${DIALTONE_SIP_SHM_MB:-256} -M 8
