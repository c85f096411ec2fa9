#!/usr/bin/env bash
# The catalogue at full size (issue 41): the public price list of every country (its
# JSON as a browser fetches it, gzip), and the buy-number wizard's search of 100,000
# numbers in stock (all of them, by area code, by digits contained), on SQLite and on
# PostgreSQL. The stock goes in through the admin's Add Range (1,000 a request, each
# number checked against the numbering plan), timed too. The plan catalogue's API, and
# the /pricing page in Chromium with every country (both price tabs, a search, the
# plans tab: app/scripts-pricing-page.mjs).
# Prints a markdown section; a JSON line per backend goes to $1. Needs target/release.
set -euo pipefail
json=$1
cd "$(dirname "$0")/.."
BIN=${BENCH_BIN:-target/release}
STOCK=${CATALOGUE_STOCK:-100000}
work=$(mktemp -d)
SERVER=
trap 'rc=$?; [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; exit $rc' EXIT

source scripts/lib/bench-api.sh

echo "## Catalogue and number search ($STOCK numbers in stock)"; echo
echo "GET /api/catalogue/pricing (every country, with Accept-Encoding: gzip) and GET /api/numbers/available for US landlines with $STOCK of them on sale: all, by area code and exchange (prefix=212205), by digits contained (contains=4242), sequentially, 200 requests each after 5 to warm up. The stock is added through POST /api/admin/phones/range, 1,000 numbers a request."
echo "GET /api/catalogue/plans likewise. The /pricing page in headless Chromium, median of 5 cold loads: from navigation to every country's row on Phone Numbers, the Call Rates tab to every row, a search to one row, the Minutes Packages tab to every plan's card."
echo; echo '| database | countries | pricing p50 / p99 | pricing bytes (gzip) | plans p50 / p99 | add 100 ranges | all p50 / p99 | prefix p50 / p99 | contains p50 / p99 | /pricing page: numbers / call rates / search / plans | invariants |'
echo '|---|---|---|---|---|---|---|---|---|---|---|'
for backend in sqlite postgres; do
  start_demo_server $backend catalogue
  demo_admin_and_client catalogue@example.com
  line=$(python3 - "$BASE" "$ADMIN" "$CLIENT" "$STOCK" "$backend" <<'PY'
import gzip, json, statistics, sys, time, urllib.request
base, admin, client, stock, backend = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
def call(method, path, token, body=None, gz=False):
    req = urllib.request.Request(base + "/api" + path, data=body, method=method)
    req.add_header("authorization", f"Bearer {token}")
    req.add_header("content-type", "application/json")
    if gz:
        req.add_header("accept-encoding", "gzip")
    t0 = time.perf_counter()
    with urllib.request.urlopen(req) as r:
        data = r.read()
    return time.perf_counter() - t0, data
def timed(path, token, gz=False, n=200):
    for _ in range(5):
        call("GET", path, token, gz=gz)
    runs = [call("GET", path, token, gz=gz) for _ in range(n)]
    ms = sorted(s * 1000 for s, _ in runs)
    return round(statistics.median(ms), 2), round(ms[int(len(ms) * 0.99) - 1], 2), runs[-1][1]
t0 = time.perf_counter()
for start in range(0, stock, 1000):
    first = f"+1212{2000000 + start:07d}"
    body = json.dumps({"first": first, "count": "1000", "countryCode": "US", "type": "landline", "apply": True}).encode()
    _, data = call("POST", "/admin/phones/range", admin, body)
    assert len(json.loads(data)["added"]) == 1000, data[:200]
ranges = time.perf_counter() - t0
p50, p99, data = timed("/catalogue/pricing", client, gz=True)
l50, l99, plans = timed("/catalogue/plans", client)
plans = len(json.loads(plans)["plans"])
countries = json.loads(gzip.decompress(data))["summary"]["countries"]
a50, a99, _ = timed("/numbers/available?country=US&type=landline", client)
b50, b99, data = timed("/numbers/available?country=US&type=landline&prefix=212205", client)
assert len(json.loads(data)["numbers"]) == 50, data[:200]
c50, c99, data = timed("/numbers/available?country=US&type=landline&contains=4242", client)
assert json.loads(data)["numbers"], data[:200]
print(json.dumps({"mode": "catalogue", "backend": backend, "countries": countries, "plans": plans, "pricing_p50_ms": p50, "pricing_p99_ms": p99,
    "plans_p50_ms": l50, "plans_p99_ms": l99,
    "pricing_gzip_bytes": len(data := call("GET", "/catalogue/pricing", client, gz=True)[1]), "ranges_s": round(ranges, 1),
    "all_p50_ms": a50, "all_p99_ms": a99, "prefix_p50_ms": b50, "prefix_p99_ms": b99, "contains_p50_ms": c50, "contains_p99_ms": c99}))
PY
)
  counts=$(python3 -c "import json,sys; d=json.loads(sys.argv[1]); print(d['countries'], d['plans'])" "$line")
  page=$(cd app && node scripts-pricing-page.mjs "$BASE" $counts 5)
  line=$(python3 -c "import json,sys; d=json.loads(sys.argv[1]); d['page']=json.loads(sys.argv[2]); print(json.dumps(d))" "$line" "$page")
  echo "$line" >> "$json"
  python3 -c "import json,sys; d=json.loads(sys.argv[1]); g=d['page']; print(f\"| {d['backend']} | {d['countries']} | {d['pricing_p50_ms']} / {d['pricing_p99_ms']} ms | {d['pricing_gzip_bytes']//1024} KB | {d['plans_p50_ms']} / {d['plans_p99_ms']} ms | {d['ranges_s']} s | {d['all_p50_ms']} / {d['all_p99_ms']} ms | {d['prefix_p50_ms']} / {d['prefix_p99_ms']} ms | {d['contains_p50_ms']} / {d['contains_p99_ms']} ms | {g['numbers_tab_ms']} / {g['call_rates_tab_ms']} / {g['search_ms']} / {g['packages_tab_ms']} ms | {sys.argv[2]} |\")" "$line" "$(check)"
  kill "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=
  drop_database $backend
done
