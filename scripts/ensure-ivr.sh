#!/usr/bin/env bash
# What IVR prompts are made with: espeak-ng speaks a Say step's text at save time and
# sox resamples it (and uploaded WAVs) to 8 kHz mono for G.711; sox's MP3 format
# (libmad and LAME, Debian's libsox-fmt-mp3) decodes TwiML Play's MP3 files and
# encodes recordings' .mp3 media. A no-op when installed.
set -euo pipefail
if command -v espeak-ng >/dev/null && command -v sox >/dev/null &&
  sox -h 2>/dev/null | grep -q 'FILE FORMATS:.* mp3'; then
  exit 0
fi
echo "installing espeak-ng, sox and its MP3 format (IVR prompts) from Debian's packages"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq espeak-ng sox libsox-fmt-mp3 >/dev/null
