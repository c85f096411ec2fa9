#!/usr/bin/env bash
# What the tests need beyond the build: Chromium for browser tests, the Python SMTP
# server for mail tests, and a reachable PostgreSQL.
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
if ! python3 -c 'import aiosmtpd' 2>/dev/null; then
  echo "installing aiosmtpd (a real SMTP server for mail tests)"
  pip install -q --disable-pip-version-check --root-user-action=ignore aiosmtpd
fi
if ! python3 -c 'import localstripe' 2>/dev/null; then
  echo "installing localstripe (a fake Stripe server speaking the real API, for payment tests)"
  pip install -q --disable-pip-version-check --root-user-action=ignore localstripe
fi
scripts/ensure-postgres.sh
