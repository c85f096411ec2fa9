#!/usr/bin/env bash
# Kamailio, the SIP switch in front of Dialtone, with the modules switch/kamailio.cfg
# loads (http_client from utils, jansson from extra, websocket for browser phones,
# db_postgres for dialogs kept in PostgreSQL),
# openssl for the development STIR/SHAKEN key (scripts/lib/stir-dev-key.sh), and
# rtpengine, the media relay of browser calls. A no-op when installed.
set -euo pipefail
modules=/usr/lib/x86_64-linux-gnu/kamailio/modules
if [ -x /usr/sbin/kamailio ] && [ -f "$modules/http_client.so" ] && [ -f "$modules/jansson.so" ] \
  && [ -f "$modules/websocket.so" ] && [ -f "$modules/db_postgres.so" ] && [ -x /usr/bin/rtpengine ] \
  && command -v openssl >/dev/null; then
  exit 0
fi
echo "installing Kamailio (the SIP switch) from Debian's packages"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq kamailio kamailio-utils-modules \
  kamailio-extra-modules kamailio-websocket-modules kamailio-postgres-modules rtpengine-daemon \
  openssl >/dev/null
