#!/usr/bin/env bash
# Every test: lint, type check, unit tests, the server suite (SQLite, and PostgreSQL when
# TEST_DATABASE_URL is set), then the browser tests against a production build. Ends with one
# line "tests: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/preflight.sh || exit 1

reports=.test-results
rm -rf "$reports" && mkdir -p "$reports"
status=0

echo "== Node.js $(node --version): lint, types, unit, server, build, browser"
echo "== lint"; npx eslint .
echo "== typecheck"; npm run --silent typecheck
echo "== unit and server tests"
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" || status=$?
if [ "$status" -eq 0 ]; then
  echo "== build"; npm run --silent build
  echo "== browser tests"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json || status=$?
fi
npx tsx scripts/test-summary.ts "$reports/vitest.json" "$reports/playwright.json"
exit "$status"
