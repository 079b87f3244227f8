#!/usr/bin/env bash
# The server binary the image holds, built as docker/Dockerfile's builder
# stage builds it: release (whole-program optimized, symbols stripped),
# with the C library linked in. Prints its path on standard output.
#
# In a target directory of its own (target/image), so that it can build
# beside other cargo commands (.ci/run runs it while the browser tests
# run: for most of its time, optimizing the whole program, it keeps one
# core busy) rather than wait for their lock. docker/smoke-test.sh runs
# it too, and finds it built.
set -euo pipefail
cd "$(dirname "$0")/.."
target="$(uname -m)-unknown-linux-gnu"
# RUSTFLAGS replaces .cargo/config.toml's flags: its Ed25519 backend again.
flags="-C target-feature=+crt-static"
[[ $(uname -m) == x86_64 ]] && flags+=' --cfg curve25519_dalek_backend="avx512"'
# Built by rustc alone: .ci/run lints the workspace in its test build
# through clippy-driver, which the image's build has no need of.
RUSTFLAGS="$flags" \
    env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS \
    cargo build --release --locked --target "$target" --target-dir target/image \
    --package mice-cake-server --features jemalloc >&2
echo "target/image/$target/release/mice-cake-server"
