#!/usr/bin/env bash
# Screenshot tour: starts a demo server on a free port with a fresh database (the e2e
# harness's own start-up code), then saves every route at 375x812 and 1440x900 with an
# index page under target/tour/. Needs the built app (app/dist) and the debug server.
set -euo pipefail
cd "$(dirname "$0")/../app"
npx vitest run --config vitest.tour.config.ts
echo "Open target/tour/index.html"
