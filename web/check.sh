#!/usr/bin/env bash
# The web client, checked: its JavaScript type-checked (TypeScript reading
# the JSDoc types, nothing emitted), then played end to end in real headless
# Chromium against the real server and terminal client binaries.
#
# Installs what it needs when missing: Debian's chromium (never a browser
# downloaded by a tool), and the locked
# npm packages (playwright-core, which drives that Chromium, and
# typescript). Run by .ci/run; on its own: bash web/check.sh
# Screenshots land in target/web-e2e/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "tools"
command -v chromium >/dev/null || bash tests/install-from-debian.sh chromium
chromium --version
node --version
(cd web && npm ci --no-audit --no-fund --loglevel=error)

step "type-check"
(cd web && npx --no-install tsc -p jsconfig.json)
# The browser tests are not type-checked: each is parsed at least, so that
# a file that cannot load fails here, at once, not minutes into the run.
for file in web/e2e/*.mjs web/tools/*.mjs; do node --check "$file"; done

step "words"
# No sentence in web/src outside the catalogues, every message asked for
# there, and @fluent/bundle served as published (the locked package's files).
node web/tools/words-check.mjs
for file in web/node_modules/@fluent/bundle/esm/*.js web/node_modules/@fluent/bundle/esm/*.d.ts; do
  cmp "$file" "web/src/vendor/fluent-bundle/$(basename "$file")"
done

step "long functions"
# No function in web/src over 80 lines but those tests/long-functions.txt
# lists, and none listed that is no longer over.
node web/tools/long-functions.mjs

step "binaries"
# The very command the end-to-end tests build with (tests/tests/e2e/
# support.rs): with the tests, the features `cargo test --workspace` builds
# with, so that what one built the others reuse rather than build again.
cargo build --locked --workspace --bins --tests

step "end to end in Chromium"
rm -rf target/web-e2e/screenshots
# Files named, not the directory (which newer Node.js reads as a file); a
# test that hangs fails after ten minutes. Two files at a time, each with
# its own server and browser: they mostly wait (on timers, on each
# other), and two halve the run; four starve one another on two cores.
(cd web && node --test --test-concurrency=2 --test-timeout=600000 e2e/*.test.mjs)
printf '\nscreenshots: %s\n' "$(ls target/web-e2e/screenshots | tr '\n' ' ')"
