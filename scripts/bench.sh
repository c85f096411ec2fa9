#!/usr/bin/env bash
# Dialtone's benchmarks: release builds, figures printed and kept under bench/results/.
set -euo pipefail
mkdir -p bench/results
out=bench/results/latest.md
{
  echo "# Dialtone benchmarks ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores)"
  echo
  echo '## Admin analytics with a million call records'
  echo
  echo '```'
  for backend in sqlite postgres; do
    env DIALTONE_TEST_DATABASE=$([ $backend = postgres ] && echo postgres || echo sqlite) \
      cargo test -q --release -p dialtone-server --test analytics_scale -- --ignored --nocapture 2>&1 | grep '^BENCH' | sed 's/^BENCH //'
  done
  echo '```'
} | tee "$out"
