#!/usr/bin/env bash
# Runs every suite, shows its output, and ends with one summary. Fails if any suite
# fails or runs no test at all.
set -uo pipefail
LOGS=target/test-logs
rm -rf "$LOGS" && mkdir -p "$LOGS"  # only this run's logs, read at the end
export CARGO_TERM_COLOR=never
# A build from nothing (a fresh clone, CI) has no incremental data to reuse, and writing
# it cost about 50 s of a clean test build. Once a build has written it, builds keep it.
[ -d target/debug/incremental ] || export CARGO_INCREMENTAL=0
summary=()
total_pass=0
total_fail=0
status=0

# count LOG -> "passed failed" for cargo, vitest or node's runner output.
count() {
  python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
text = re.sub(r"\x1b\[[0-9;]*m", "", text)
p = f = 0
for m in re.finditer(r"test result: \w+\. (\d+) passed; (\d+) failed", text):
    p += int(m.group(1)); f += int(m.group(2))
for m in re.finditer(r"^\s*Tests\s+(.*)$", text, re.M):
    line = m.group(1)
    mp = re.search(r"(\d+) passed", line); mf = re.search(r"(\d+) failed", line)
    p += int(mp.group(1)) if mp else 0; f += int(mf.group(1)) if mf else 0
print(p, f)
PY
}

suite() {
  local name=$1; shift
  local log="$LOGS/${name// /-}.log"
  echo
  echo "=== $name ==="
  local started=$SECONDS
  "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  read -r passed failed < <(count "$log")
  total_pass=$((total_pass + passed))
  total_fail=$((total_fail + failed))
  local verdict=ok
  if [ "$rc" -ne 0 ] || [ "$failed" -ne 0 ]; then verdict=FAILED; status=1; fi
  if [ "$passed" -eq 0 ]; then verdict="FAILED (no tests ran)"; status=1; fi
  summary+=("$(printf '%-28s %5d passed %3d failed %5ds  %s' "$name" "$passed" "$failed" $((SECONDS - started)) "$verdict")")
}

# Eight at a time: each DROP DATABASE waits for a checkpoint, and drops waiting together
# share one. One by one, the PostgreSQL suite's databases took about a minute.
drop_test_databases() {
  psql -h 127.0.0.1 -U postgres -Atc "select datname from pg_database where datname like 'dialtone_t_%'" |
    xargs -r -P 8 -I{} psql -h 127.0.0.1 -U postgres -qc "drop database if exists {}" >/dev/null
}

# Eight test threads on two cores: the API tests mostly wait (on calls through Kamailio
# and SIPp, on timers, on PostgreSQL), and with two threads the cores sat idle most of
# the time. On this 2-core machine SQLite 307 s -> 172 s with four -> 122 s with eight,
# PostgreSQL 366 s -> 233 s -> 175 s (three runs each).
THREADS=--test-threads=8
suite "rust (core + server, SQLite)" cargo test --workspace --no-fail-fast -- "$THREADS"
drop_test_databases
# --include-ignored adds the tests that need PostgreSQL (the multi-instance test behind
# nginx, the failover of an instance); the ignored measurements (a million call
# records, a statement of a million calls, simultaneous IVR and TwiML calls) belong to
# make bench, which runs them in release. `--workspace` with target
# filters, not `-p dialtone-server`: the same package selection as above unifies the
# same features, so nothing is compiled again (with -p, a third of the dependency tree
# was). The filters leave core's and wasm's unit tests in, a second of work.
suite "server (PostgreSQL)" env DIALTONE_TEST_DATABASE=postgres cargo test --workspace --lib --test api --no-fail-fast -- --include-ignored \
  --skip a_million_call_records --skip a_statement_of_a_million_calls --skip measure_simultaneous_ "$THREADS"
# Beside vitest, which needs no PostgreSQL: the drops wait on checkpoints, not the CPU
# (34 s of a clean run, eight at a time, when they ran before it).
drop_test_databases &
dropping=$!
suite "vitest (app + wasm vectors)" bash -c "cd app && npx vitest run"
wait "$dropping"
# The e2e server: the binary the test builds above made, with the same features. Without
# --tests, the dev-dependencies' features drop out and sqlx, reqwest and the server were
# compiled again (about 2 of a clean run's minutes); with it this is a no-op after them.
cargo build -q --workspace --bins --tests
suite "e2e (Chromium)" bash -c "cd app && npx vitest run --config vitest.e2e.config.ts"
suite "Twilio SDKs (Python, Node)" scripts/sdk-test.sh
suite "API fuzz (schemathesis)" scripts/api-fuzz.sh

echo
echo "=== summary ==="
printf '%s\n' "${summary[@]}"
echo "total: $total_pass passed, $total_fail failed"
# CI keeps only the tail of this output: name what failed, or passed only on a retry,
# here at the end.
named=$(python3 scripts/lib/failed-tests.py "$LOGS"/*.log)
if [ -n "$named" ]; then printf 'failed or retried:\n%s\n' "$named"; fi
exit $status
