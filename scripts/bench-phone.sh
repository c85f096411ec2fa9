#!/usr/bin/env bash
# The browser phone's figures (issue 44), from the Chromium tests with a fake microphone
# (debug server, as the e2e suite runs it): the newcomer path from sign-up to the first
# call record (median of 3 runs), and rtpengine's CPU per bridged call with ten browser
# calls at once (userspace forwarding, DTLS-SRTP to RTP). Prints a markdown section.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --workspace --bins
times=$(mktemp); cpu=$(mktemp)
trap 'rm -f "$times" "$cpu"' EXIT
e2e() { (cd app && npx vitest run --config vitest.e2e.config.ts e2e/phone.e2e.ts "$@" >/dev/null 2>&1); }
for _ in 1 2 3; do NEWCOMER_TIMES_FILE=$times e2e -t newcomer; done
PHONE_CPU_FILE=$cpu e2e -t "ten calls"
python3 - "$times" "$cpu" <<'PY'
import statistics, sys
times = [int(l) for l in open(sys.argv[1]) if l.strip()]
cpu = [float(l) for l in open(sys.argv[2]) if l.strip()]
print("## The browser phone\n")
print("Headless Chromium with a fake microphone, Kamailio's WebSocket, rtpengine in userspace, SIPp as the carrier echoing the audio; debug server.\n")
print("```")
print(f"newcomer path, sign-up to the first call record: median {statistics.median(times) / 1000:.1f} s of {len(times)} runs ({', '.join(f'{t / 1000:.1f}' for t in times)})")
if cpu:
    print(f"rtpengine CPU per bridged call, 10 browser calls at once: {cpu[0]:.2f}% of a core")
print("```")
PY
