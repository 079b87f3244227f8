#!/usr/bin/env bash
# Installs the peers' Node.js packages (package-lock.json, exactly) into
# loadgen/peers/node_modules with `npm ci`. Does nothing when they are
# already there for this lock file and this Node.js.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "install.sh: Node.js 20 or later and npm are needed (e.g. apt-get install nodejs npm)" >&2
    exit 1
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 20 ]; then
    echo "install.sh: Node.js 20 or later is needed, this is $(node --version)" >&2
    exit 1
fi

stamp=node_modules/.mice-cake-peers-installed
want="$(node --version) $(sha256sum package.json package-lock.json | sha256sum | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    exit 0
fi
npm ci --no-audit --no-fund --loglevel=error
echo "$want" >"$stamp"
echo "peers: installed $(node -p 'Object.entries(require("./package.json").dependencies).map(([k, v]) => k + " " + v).join(", ")')"
