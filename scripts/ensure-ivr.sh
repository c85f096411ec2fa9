#!/usr/bin/env bash
# What IVR prompts are made with: espeak-ng speaks a Say step's text at save time and
# sox resamples it (and uploaded WAVs) to 8 kHz mono for G.711. A no-op when installed.
set -euo pipefail
if command -v espeak-ng >/dev/null && command -v sox >/dev/null; then
  exit 0
fi
echo "installing espeak-ng and sox (IVR prompts) from Debian's packages"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq espeak-ng sox >/dev/null
