#!/usr/bin/env bash
# Node 24 LTS for machines whose system node is older (Node 20 reached end of life on 2026-04-30).
# The npm registry's `node-linux-<arch>` package ships the official binary in bin/node; it is installed
# once into a cache folder (no root, no system change) and printed as a PATH line:
#
#   eval "$(scripts/node24.sh)"    # this shell: node, npm and npx now run on Node 24
#   node -v                        # v24.21.0
#
# npm itself stays the machine's (npm 11 runs on Node 24; its `#!/usr/bin/env node` picks the first
# node on PATH). .ci/run does the same before `npm ci`. OV_NODE_CACHE moves the cache (default ~/.cache/ov-node).
set -euo pipefail
version=24.21.0
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "scripts/node24.sh: no node-linux package for $(uname -m); install Node 24 another way" >&2; exit 1 ;;
esac
prefix="${OV_NODE_CACHE:-$HOME/.cache/ov-node}/$version-$arch"
bin="$prefix/node_modules/node-linux-$arch/bin"
if [ ! -x "$bin/node" ] || [ "$("$bin/node" -v 2>/dev/null)" != "v$version" ]; then
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error "node-linux-$arch@$version" >&2
fi
"$bin/node" -v >/dev/null
printf 'export PATH=%q:"$PATH"\n' "$bin"
