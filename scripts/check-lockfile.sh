#!/usr/bin/env bash
# Does `npm ci` accept the committed manifests and lockfile? (The registry reachable here lacks some
# platform builds of new releases; npm install tolerates that, npm ci refuses it.)
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp package.json package-lock.json "$tmp/"
for ws in $(node -p 'require("./package.json").workspaces.join(" ")'); do
  mkdir -p "$tmp/$ws" && cp "$ws/package.json" "$tmp/$ws/"
done
cd "$tmp"
if npm ci --dry-run --no-audit --no-fund >"$tmp/out.log" 2>&1; then
  echo "lockfile OK for npm ci"
else
  grep -E "Missing|error" "$tmp/out.log" | head -20
  exit 1
fi
