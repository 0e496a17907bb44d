#!/usr/bin/env bash
# Every test: lint, type check, unit tests, the server suite (SQLite, and PostgreSQL when
# TEST_DATABASE_URL is set), then the browser tests against a production build.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== lint"; npx eslint .
echo "== typecheck"; npm run --silent typecheck
echo "== unit and server tests"; npx vitest run
if [ -d tests/e2e ] && ls tests/e2e/*.spec.ts >/dev/null 2>&1; then
  echo "== build"; npm run --silent build
  echo "== browser tests"; npx playwright test
fi
