#!/usr/bin/env bash
# Checks, in a second, that this machine can run the test suite, and says exactly what to run when
# it cannot. `bash .ci/run` prepares a fresh Debian machine by itself.
set -uo pipefail
cd "$(dirname "$0")/.."
problems=0
say() { echo "preflight: $*" >&2; problems=$((problems + 1)); }

major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$major" -lt 22 ]; then
  say "Node.js 22 or newer is needed (24 LTS recommended); this is $(node --version 2>/dev/null || echo 'no Node.js'). Run: export PATH=\"\$(bash scripts/provision-node.sh 24):\$PATH\" && npm ci"
elif [ ! -d node_modules ]; then
  say "the npm packages are not installed. Run: npm ci"
fi
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] || say "no Chromium at $chromium (the browser tests drive it). Run: apt-get install -y chromium   (or set CHROMIUM_PATH)"
command -v pdftotext >/dev/null 2>&1 || say "no pdftotext (the report tests read PDFs with it). Run: apt-get install -y poppler-utils"
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || say "no haproxy (the scale-out tests put servers behind it). Run: apt-get install -y haproxy"
[ "$problems" -eq 0 ]
