#!/usr/bin/env bash
# The official twilio Python SDK (pinned in scripts/ensure-test-deps.sh, unmodified),
# then the official Node SDK (sdk-tests/node), against a live server: the debug build on a fresh SQLite database with the demo data,
# started as scripts/api-fuzz.sh starts it. The tests (sdk-tests/) print one
# "test result" line for make test's summary; this exits non-zero when any fails.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${DIALTONE_BIN:-target/debug/dialtone-server}
OUT=target/sdk-tests
rm -rf "$OUT" && mkdir -p "$OUT"
# The tests play the softswitch for an inbound call (its authorize and CDR requests).
switch_token="sdk-test-switch-token"
# DIALTONE_PUBLIC_URL is the server's own base, so any URL it builds and signs is the
# one the tests reach it by. Sign-ups are not throttled: tests sign up $0 accounts.
# Webhooks may reach loopback: the tests' customer server listens on 127.0.0.1.
. scripts/lib/demo-server.sh
# The IVR endpoint places the Calls API's calls through a switch address where nothing
# answers: they ring until cancelled (free UDP ports, so no other server's are taken).
udp_port() { python3 -c 'import socket; s=socket.socket(type=socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
start_demo_server DIALTONE_WEBHOOK_PRIVATE_TARGETS=1 DIALTONE_SWITCH_TOKEN="$switch_token" \
  DIALTONE_IVR_SIP_ADDR="127.0.0.1:$(udp_port)" DIALTONE_SIP_LISTEN="127.0.0.1:$(udp_port)"

status=0
# TWILIO_REGION/TWILIO_EDGE would make the SDK rewrite hosts: the tests see plain URLs.
env -u TWILIO_REGION -u TWILIO_EDGE DIALTONE_BASE_URL="$base" DIALTONE_SWITCH_TOKEN="$switch_token" python3 sdk-tests/run.py "$@" || status=1
# The official Node SDK (pinned in sdk-tests/node/package-lock.json), on the same server.
DIALTONE_BASE_URL="$base" node sdk-tests/node/run.mjs || status=1
if grep -q "panicked" "$OUT/server.log"; then
  echo "the server panicked during the SDK tests:"; grep -A3 panicked "$OUT/server.log"; status=1
fi
[ "$status" -eq 0 ] || echo "server log: $OUT/server.log"
exit $status
