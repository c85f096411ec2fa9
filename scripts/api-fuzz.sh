#!/usr/bin/env bash
# schemathesis against a live server: the debug build on a fresh SQLite database with
# the demo data, every operation of /api/openapi.json, four times: as the demo client,
# as the demo administrator, as the softswitch (the telephony operations), and as the
# demo client's API account (the Twilio-compatible operations, HTTP Basic). Each run
# is bounded (examples per operation) and fails on any 5xx, undocumented status or
# content type, a body that does not match the document, an invalid request that is
# accepted, or an authenticated operation that works without its token.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${DIALTONE_BIN:-target/debug/dialtone-server}
EXAMPLES=${API_FUZZ_EXAMPLES:-50}
OUT=target/api-fuzz
rm -rf "$OUT" && mkdir -p "$OUT"
switch_token="api-fuzz-switch-token"
. scripts/lib/demo-server.sh
# Two servers, so that the administrator's run (which may suspend or demote the demo
# client) goes beside the others instead of after them: each schemathesis process keeps
# one core busy, and one after the other they left the second core idle (119 to 142 s).
DEMO_LOG=admin-server start_demo_server DIALTONE_API_AUTH_FAILURES=1000000
admin_base=$base
start_demo_server DIALTONE_API_AUTH_FAILURES=1000000 DIALTONE_SWITCH_TOKEN="$switch_token"

# token BASE EMAIL PASSWORD
token() {
  curl -fs "$1/api/auth/login" -H 'content-type: application/json' \
    -d "{\"email\":\"$2\",\"password\":\"$3\"}" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["accessToken"])'
}
client=$(token "$base" client@dialtone.test client123)
admin=$(token "$admin_base" admin@dialtone.test admin123)
# The Twilio-compatible API (tag twilio, /2010-04-01/...) takes HTTP Basic with the
# demo client's Account SID and Auth Token, and its paths name that same account: the
# config below (schemathesis' [parameters]) fixes {AccountSid} to it in every phase,
# or every request would answer 20003.
account_sid=$(curl -fs "$base/api/developer" -H "Authorization: Bearer $client" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["accountSid"])')
auth_token=$(curl -fs "$base/api/developer/auth-token/reveal" -H "Authorization: Bearer $client" \
  -H 'content-type: application/json' -d '{"password":"client123"}' |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["authToken"])')
basic=$(printf '%s:%s' "$account_sid" "$auth_token" | base64 -w0)
printf '[parameters]\n"path.AccountSid" = "%s"\n' "$account_sid" >"$OUT/schemathesis.toml"

status=0
# One worker: with two, both threads at once parse schemathesis' largest module to
# describe a lambda (hypothesis' lambda_sources), and CPython 3.11 keeps the AST
# validator's recursion depth per interpreter, not per thread: "AST constructor
# recursion depth mismatch" failed an operation in 2 of 3 full runs.
# run NAME BASE AUTHORIZATION [schemathesis filters...]: prints one "test result" line
# (operations passed / failed, from the JUnit report) for make test's summary.
run() {
  local name=$1 base=$2 authorization=$3; shift 3
  echo "--- schemathesis as $name ---"
  local rc=0
  PYTHONPATH=scripts/fuzz SCHEMATHESIS_HOOKS=media_types \
  schemathesis --config-file "$OUT/schemathesis.toml" run "$base/api/openapi.json" --url "$base" \
    -H "Authorization: $authorization" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,negative_data_rejection,ignored_auth \
    --phases examples,coverage,fuzzing --max-examples "$EXAMPLES" --seed 20261121 \
    --workers 1 --request-timeout 20 --no-color --warnings off \
    --report junit --report-junit-path "$OUT/$name.xml" "$@" || rc=$?
  python3 - "$OUT/$name.xml" "$name" <<'PY'
import sys, xml.etree.ElementTree as ET
cases = ET.parse(sys.argv[1]).getroot().iter("testcase")
passed = failed = 0
for c in cases:
    if c.find("failure") is not None or c.find("error") is not None:
        failed += 1
    elif c.find("skipped") is None:
        passed += 1
print(f"test result: {'ok' if failed == 0 else 'FAILED'}. {passed} passed; {failed} failed ({sys.argv[2]}: API operations)")
PY
  return "$rc"
}

# The client, the switch and the API account on one server, the administrator on the
# other, side by side; each stream's output is shown whole once both have ended.
users() {
  local rc=0
  run client "$base" "Bearer $client" --exclude-tag telephony --exclude-tag twilio || rc=1
  run switch "$base" "Bearer $switch_token" --include-tag telephony || rc=1
  run twilio "$base" "Basic $basic" --include-tag twilio || rc=1
  return $rc
}
users >"$OUT/users.out" 2>&1 &
users_pid=$!
run admin "$admin_base" "Bearer $admin" --exclude-tag telephony --exclude-tag twilio \
  >"$OUT/admin.out" 2>&1 || status=1
wait "$users_pid" || status=1
cat "$OUT/users.out" "$OUT/admin.out"
for log in "$OUT/server.log" "$OUT/admin-server.log"; do
  if grep -q "panicked" "$log"; then
    echo "the server panicked during the fuzz:"; grep -A3 panicked "$log"; status=1
  fi
done
exit $status
