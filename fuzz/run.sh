#!/usr/bin/env bash
# Runs every fuzz target (cargo fuzz, libFuzzer) for SECONDS each over its
# corpus in fuzz/corpus/TARGET, which grows with what it finds, and prints a
# line per target: executions, coverage, corpus, and any crash or hang
# (saved in fuzz/artifacts/TARGET/). See docs/fuzzing.md.
#
#   fuzz/run.sh 600              # ten minutes each; JOBS=2 runs two at once
#   fuzz/run.sh 600 record       # some targets only
#
# Needs the nightly toolchain and cargo-fuzz; installs cargo-fuzz when it
# is missing. Every corpus is replayed without fuzzing, on stable, by
# `cargo test -p mice-cake-fuzz` (and so by CI).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    echo "usage: $0 SECONDS [TARGET...]" >&2
    exit 2
}
[[ $# -ge 1 && $1 =~ ^[0-9]+$ ]] || usage
seconds=$1
shift

rustup toolchain list | grep -q '^nightly' || {
    echo "fuzzing needs the nightly toolchain: rustup toolchain install nightly" >&2
    exit 1
}
cargo +nightly fuzz --version >/dev/null 2>&1 || cargo install cargo-fuzz --locked --version 0.13.2

targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || mapfile -t targets < <(cargo +nightly fuzz list)
logs=target/fuzz-logs
mkdir -p "$logs"
# Fuzzing wants speed and AddressSanitizer (cargo fuzz's default), and
# symbols in what it reports: optimized, but not with the workspace's
# release profile (whole-program, one codegen unit, stripped), which would
# build slower and strip them.
export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_STRIP=none CARGO_PROFILE_RELEASE_DEBUG=line-tables-only
fuzz() { # build|run ARGS...
    cargo +nightly fuzz "$1" -O --features libfuzzer "${@:2}"
}
fuzz build

run_one() { # target
    local target=$1
    mkdir -p "fuzz/corpus/$target"
    if fuzz run "$target" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        >"$logs/$target.log" 2>&1; then
        local done
        done=$(grep -E '^#[0-9]+\s+(DONE|INITED)' "$logs/$target.log" | tail -1)
        echo "$target: ok: ${done:-no inputs}"
    else
        echo "$target: FAILED: see $logs/$target.log and fuzz/artifacts/$target/"
        grep -E 'panicked|ERROR|SUMMARY|Test unit written' "$logs/$target.log" | head -5
        return 1
    fi
}

failed=0
if [[ ${JOBS:-1} -gt 1 ]]; then
    export -f fuzz run_one
    export seconds logs
    printf '%s\n' "${targets[@]}" | xargs -P "$JOBS" -I{} bash -c 'run_one {}' || failed=1
else
    for target in "${targets[@]}"; do
        run_one "$target" || failed=1
    done
fi
exit $failed
