#!/usr/bin/env bash
# Writes package-lock.json anew from package.json (after changing a version
# there), then installs from it. The registry this project reaches does not
# serve every platform's prebuilt package of msgpackr-extract (an optional
# dependency of Colyseus's msgpackr), so npm leaves them out of the lock file
# and `npm ci` then refuses it as out of sync: they are added back here by
# name, version and platform (no integrity: the registry has none to give).
# npm skips them on any other platform, as it does with every optional one.
set -euo pipefail
cd "$(dirname "$0")"
# A full install (not --package-lock-only, which leaves the integrity out).
rm -rf package-lock.json node_modules
npm install --no-audit --no-fund --loglevel=error
node - <<'JS'
const fs = require('fs');
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
        const key = `node_modules/${name}`;
        const m = name.match(/-(darwin|linux|win32|freebsd)-(x64|arm64|arm|ia32)$/);
        if (lock.packages[key] || !m) continue;
        lock.packages[key] = { version, cpu: [m[2]], license: lock.packages[path].license, optional: true, os: [m[1]] };
        added++;
    }
}
const order = ([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0);
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(order));
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform package(s) the registry lacks put back`);
JS
rm -f node_modules/.mice-cake-peers-installed
./install.sh
