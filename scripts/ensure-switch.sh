#!/usr/bin/env bash
# Kamailio, the SIP switch in front of Dialtone, with the modules switch/kamailio.cfg
# loads (http_client from utils, jansson from extra, websocket for browser phones,
# secsipid for STIR/SHAKEN, with openssl for its development key), and rtpengine, the
# media relay of browser calls. A no-op when installed.
set -euo pipefail
modules=/usr/lib/x86_64-linux-gnu/kamailio/modules
if [ -x /usr/sbin/kamailio ] && [ -f "$modules/http_client.so" ] && [ -f "$modules/jansson.so" ] \
  && [ -f "$modules/websocket.so" ] && [ -f "$modules/secsipid.so" ] && [ -x /usr/bin/rtpengine ] \
  && command -v openssl >/dev/null; then
  exit 0
fi
echo "installing Kamailio (the SIP switch) from Debian's packages"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq kamailio kamailio-utils-modules \
  kamailio-extra-modules kamailio-websocket-modules kamailio-secsipid-modules rtpengine-daemon \
  openssl >/dev/null
