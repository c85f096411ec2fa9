#!/usr/bin/env bash
# Rate deck import (issue 23): a 100,000-prefix deck uploaded as CSV to the release
# server, applied, and the first call rated with it (the instance then loads the deck's
# prefix table), on SQLite and on PostgreSQL; then a second deck of the same prefixes
# with a tenth of the rates moved, previewed against the first, and the export.
# Prints a markdown section; a JSON line per backend goes to $1. Needs target/release.
set -euo pipefail
json=$1
cd "$(dirname "$0")/.."
BIN=${BENCH_BIN:-target/release}
ROWS=${DECK_ROWS:-100000}
work=$(mktemp -d)
SERVER=
trap 'rc=$?; [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; exit $rc' EXIT

source scripts/lib/bench-api.sh

# Two decks of $ROWS prefixes under +1 (US), effective today; the second moves every
# tenth outbound rate by 25%.
python3 - "$work" "$ROWS" <<'PY'
import datetime, sys
work, rows = sys.argv[1], int(sys.argv[2])
today = datetime.date.today().isoformat()
head = "prefix,destination,country,type,inbound,outbound,sms,first_increment,next_increment,effective_from\n"
for name, moved in (("deck1.csv", False), ("deck2.csv", True)):
    with open(f"{work}/{name}", "w") as f:
        f.write(head)
        for i in range(rows):
            out = 0.012 + (i % 97) / 10000
            if moved and i % 10 == 0:
                out *= 1.25
            kind = ("mobile", "landline", "toll-free")[i % 3]
            f.write(f'{1000000 + i},"Zone {i // 100}, {kind}",US,{kind},0.01,{out:.6f},0.0075,{(1, 30, 60)[i % 3]},{(1, 6, 60)[i % 3]},{today}\n')
PY

echo '## Rate deck import (100,000 prefixes)'; echo
echo "A ${ROWS}-prefix CSV deck ($(( $(stat -c %s "$work/deck1.csv") / 1024 )) KB) streamed to POST /api/admin/rate-decks on the release server, applied, and the first call authorized with it (that call loads the deck's prefix table into the instance); the second deck (same prefixes, a tenth of the rates moved 25%) previewed against the first, then exported. Server memory is its resident set size (ps) after each step."
echo; echo '| database | upload + check + insert | apply | first call rated | imported and live | next call | preview (100k vs 100k) | export | server RSS before / after | invariants |'
echo '|---|---|---|---|---|---|---|---|---|---|'
for backend in sqlite postgres; do
  start_demo_server $backend decks
  demo_admin_and_client decks@example.com
  TOKEN=$CLIENT
  CID=$(api GET /user/info | jq_ 'd["user"]["id"]')
  TOKEN=$ADMIN api POST /admin/balances/$CID/adjust '{"type":"credit","amount":"1000","reason":"bench"}' >/dev/null
  bench_limits "$ADMIN" "$CID"
  NUMBER_ID=$(api GET "/numbers/available?country=US&type=mobile" | jq_ 'd["numbers"][0]["id"]')
  NUMBER=$(api POST /numbers/purchase "{\"numberId\":$NUMBER_ID}" | jq_ 'd["number"]["number"]')
  line=$(python3 - "$BASE" "$ADMIN" "$NUMBER" "$work" "$SERVER" "$backend" <<'PY'
import json, os, subprocess, sys, time, urllib.request
base, admin, number, work, pid, backend = sys.argv[1:]
def rss():
    return int(subprocess.check_output(["ps", "-o", "rss=", "-p", pid]).decode()) // 1024
def call(method, path, body=None, token=admin, ctype="application/json", length=None):
    req = urllib.request.Request(base + "/api" + path, data=body, method=method)
    req.add_header("authorization", f"Bearer {token}")
    req.add_header("content-type", ctype)
    if length is not None:
        req.add_header("content-length", str(length))
    t0 = time.perf_counter()
    with urllib.request.urlopen(req) as r:
        data = r.read()
    return time.perf_counter() - t0, data
def upload(name):
    path = f"{work}/{name}"
    with open(path, "rb") as f:  # streamed from the file, not read whole
        s, data = call("POST", f"/admin/rate-decks?name={name}", f, ctype="text/csv", length=os.path.getsize(path))
    return s, json.loads(data)["item"]
def authorize(i):
    body = json.dumps({"callId": f"deck-bench-{i}", "direction": "outbound", "from": number, "to": f"+1{1050000 + i}1234"}).encode()
    s, data = call("POST", "/telephony/authorize", body, token="bench-switch")
    assert json.loads(data)["allowed"], data
    return s
before = rss()
up, deck = upload("deck1.csv")
assert deck["rows"] == int(os.environ.get("DECK_ROWS", "100000")), deck
ap, _ = call("POST", f"/admin/rate-decks/{deck['id']}/apply")
first = authorize(1)
live = up + ap + first
nxt = authorize(2)
_, deck2 = upload("deck2.csv")
pv, data = call("GET", f"/admin/rate-decks/{deck2['id']}/preview?threshold=20")
diff = json.loads(data)["diff"]
ex, data = call("GET", f"/admin/rate-decks/{deck['id']}/export")
after = rss()
ms = lambda s: round(s * 1000)
print(json.dumps({"mode": "rate deck import", "backend": backend, "rows": deck["rows"], "upload_ms": ms(up), "apply_ms": ms(ap),
    "first_call_ms": ms(first), "live_ms": ms(live), "next_call_ms": round(nxt * 1000, 1), "preview_ms": ms(pv),
    "preview_changed": diff["changed"], "preview_flagged": diff["flagged"], "export_ms": ms(ex), "export_bytes": len(data),
    "rss_before_mb": before, "rss_after_mb": after}))
PY
)
  echo "$line" >> "$json"
  python3 -c "import json,sys; d=json.loads(sys.argv[1]); print(f\"| {d['backend']} | {d['upload_ms']} ms | {d['apply_ms']} ms | {d['first_call_ms']} ms | **{d['live_ms']} ms** | {d['next_call_ms']} ms | {d['preview_ms']} ms ({d['preview_changed']} changed, {d['preview_flagged']} flagged) | {d['export_ms']} ms ({d['export_bytes']//1024} KB) | {d['rss_before_mb']} / {d['rss_after_mb']} MB | {sys.argv[2]} |\")" "$line" "$(check)"
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=
  drop_database $backend
done
