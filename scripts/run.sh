#!/usr/bin/env bash
# `make run`: the release server on the embedded SQLite database with demo data, and
# the SIP switch (Kamailio) and its media relay (rtpengine) in front of it unless
# DIALTONE_SWITCH=0. Ctrl-C stops them all.
set -euo pipefail
bind=${BIND:-127.0.0.1:8080}
source scripts/lib/stir-dev-key.sh
stir_dev_key "${DIALTONE_DATA_DIR:-data}/stir"
./target/release/dialtone-server &
server=$!
pids=($server)
trap 'kill "${pids[@]}" 2>/dev/null; wait' EXIT INT TERM
for _ in $(seq 1 200); do
  curl -fs "http://$bind/readyz" >/dev/null 2>&1 && break
  kill -0 $server 2>/dev/null || exit 1
  sleep 0.1
done
if [ "${DIALTONE_SWITCH:-1}" != 0 ]; then
  switch/media.sh &
  pids+=($!)
  DIALTONE_API_URL=${DIALTONE_API_URL:-http://$bind} switch/start.sh &
  pids+=($!)
  echo "SIP switch (Kamailio) on udp/tcp ${DIALTONE_SIP_LISTEN:-127.0.0.1:5060}, ws ${DIALTONE_SIP_WS_LISTEN:-127.0.0.1:5066}; media relay (rtpengine) ${DIALTONE_RTPENGINE:-127.0.0.1:2225}; carrier ${DIALTONE_CARRIER:-127.0.0.1:5080}"
fi
wait -n "${pids[@]}"
