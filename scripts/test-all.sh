#!/usr/bin/env bash
# Every test: lint, type check, unit tests, the server suite (SQLite, and PostgreSQL when
# TEST_DATABASE_URL is set), then the browser tests against a production build. Ends with the time
# each tier took and one line "tests: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/preflight.sh || exit 1

reports=.test-results
# .ci/run keeps its own tiers' times in the same file, so the table at the end covers the whole run.
if [ -z "${TIER_TIMES:-}" ]; then rm -rf "$reports"; fi
mkdir -p "$reports"
rm -f "$reports/vitest.json" "$reports/vitest-timed.json" "$reports/playwright.json"
# shellcheck source=scripts/tier-times.sh
source scripts/tier-times.sh
status=0

echo "== Node.js $(node --version): lint, types, unit, server, build, browser"
tier "lint" npx eslint .
tier "typecheck" npm run --silent typecheck
# Vitest runs one file at a time on a 2-core machine by default (cores - 1). Most server files wait
# on sockets, child processes and timers rather than the CPU, so two at a time shortens the tier;
# the files that measure time (TIMED in vitest.config.ts) run after them, one at a time, as before.
TEST_TIMED=skip tier "unit and server tests, two files at a time" npx vitest run --maxWorkers=2 \
  --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" || status=$?
TEST_TIMED=only tier "server tests that measure time, one file at a time" npx vitest run --maxWorkers=1 --project 'server*' \
  --reporter=default --reporter=json --outputFile.json="$reports/vitest-timed.json" || status=$?
if [ "$status" -eq 0 ]; then
  tier "build" npm run --silent build
  PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" tier "browser tests" npx playwright test --reporter=list,json || status=$?
fi
print_tier_times
npx tsx scripts/test-summary.ts "$reports/vitest.json" "$reports/vitest-timed.json" "$reports/playwright.json"
exit "$status"
