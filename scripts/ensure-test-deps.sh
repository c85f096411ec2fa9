#!/usr/bin/env bash
# What the tests need beyond the build: Kamailio and SIPp for real calls, espeak-ng and
# sox for IVR prompts, pdftotext for the PDF documents, Chromium for browser tests, the Python SMTP server for mail
# tests, schemathesis for the API fuzz, the official twilio SDK for the SDK tests, and
# a reachable PostgreSQL.
set -euo pipefail
apt_updated=0
apt_install() {
  [ $apt_updated = 1 ] || { apt-get update -qq; apt_updated=1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
if ! command -v chromium >/dev/null; then
  echo "installing Debian's chromium for browser tests"
  apt_install chromium
fi
if ! [ -x /usr/sbin/nginx ] && ! command -v nginx >/dev/null; then
  echo "installing nginx-light (the load balancer of the multi-instance test)"
  apt_install nginx-light
fi
scripts/ensure-switch.sh
scripts/ensure-ivr.sh
if ! command -v pdftotext >/dev/null; then
  echo "installing poppler-utils (pdftotext reads receipts and statements back in tests)"
  apt_install poppler-utils
fi
if ! command -v sipp >/dev/null; then
  echo "installing SIPp (sip-tester: the phones and the carrier of the SIP tests)"
  apt_install sip-tester
fi
if ! python3 -c 'import aiosmtpd' 2>/dev/null; then
  echo "installing aiosmtpd (a real SMTP server for mail tests)"
  pip install -q --disable-pip-version-check --root-user-action=ignore aiosmtpd
fi
if ! python3 -c 'import localstripe' 2>/dev/null; then
  echo "installing localstripe (a fake Stripe server speaking the real API, for payment tests)"
  pip install -q --disable-pip-version-check --root-user-action=ignore localstripe
fi
# Pinned: its checks and report format are what scripts/api-fuzz.sh reads.
SCHEMATHESIS=4.32.5
if [ "$(python3 -c 'import importlib.metadata as m; print(m.version("schemathesis"))' 2>/dev/null)" != "$SCHEMATHESIS" ]; then
  echo "installing schemathesis $SCHEMATHESIS (fuzzes the API against its OpenAPI document)"
  pip install -q --disable-pip-version-check --root-user-action=ignore "schemathesis==$SCHEMATHESIS"
fi
# Pinned: the official Twilio SDK that scripts/sdk-test.sh drives, unmodified, against
# the Twilio-compatible API (a newer one may read responses differently: bump on purpose).
TWILIO_SDK=9.13.0
if [ "$(python3 -c 'import importlib.metadata as m; print(m.version("twilio"))' 2>/dev/null)" != "$TWILIO_SDK" ]; then
  echo "installing the twilio Python SDK $TWILIO_SDK (the customer API's SDK tests)"
  pip install -q --disable-pip-version-check --root-user-action=ignore "twilio==$TWILIO_SDK"
fi
# Pinned by its package-lock: the official Twilio Node SDK of the SDK tests.
if [ "$(node -p 'require("./sdk-tests/node/node_modules/twilio/package.json").version' 2>/dev/null)" != \
  "$(node -p 'require("./sdk-tests/node/package.json").dependencies.twilio')" ]; then
  echo "installing the twilio Node SDK (the customer API's SDK tests)"
  (cd sdk-tests/node && npm ci --no-audit --no-fund --silent)
fi
# Pinned by its package-lock: the SMSC simulator the SMPP tests bind to (switch/smsc).
if ! [ -d switch/smsc/node_modules/smpp ]; then
  echo "installing the smpp npm package (the SMSC simulator of the SMPP tests)"
  (cd switch/smsc && npm ci --no-audit --no-fund --silent)
fi
scripts/ensure-postgres.sh
