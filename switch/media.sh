#!/usr/bin/env bash
# rtpengine, the media relay of browser calls: it bridges a browser's ICE and
# DTLS-SRTP to the plain RTP of carriers, desk phones and Dialtone's IVR endpoint, in
# userspace (no kernel module). Runs in the foreground (stop it with SIGTERM).
#   DIALTONE_RTPENGINE        127.0.0.1:2225   its control (ng) port, which Kamailio asks
#   DIALTONE_MEDIA_INTERFACE  127.0.0.1        the address media is relayed on (a public
#                                              one in a deployment, or PRIVATE!PUBLIC)
#   DIALTONE_MEDIA_PORTS      30000-30999      its UDP ports (four per call)
set -euo pipefail
ng=${DIALTONE_RTPENGINE:-127.0.0.1:2225}
ports=${DIALTONE_MEDIA_PORTS:-30000-30999}
exec /usr/bin/rtpengine --foreground --log-stderr --table=-1 \
  --interface="${DIALTONE_MEDIA_INTERFACE:-127.0.0.1}" --listen-ng="$ng" \
  --port-min="${ports%-*}" --port-max="${ports#*-}" --log-level="${DIALTONE_MEDIA_LOG_LEVEL:-5}" \
  --delete-delay=0
