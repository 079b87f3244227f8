#!/usr/bin/env bash
# Runs every fuzz target (cargo fuzz, libFuzzer) for SECONDS each over its
# corpus in fuzz/corpus/TARGET, which grows with what it finds, and prints a
# line per target: executions, coverage, corpus, and any crash or hang
# (saved in fuzz/artifacts/TARGET/). See docs/fuzzing.md.
#
#   fuzz/run.sh 600              # ten minutes each; JOBS=2 runs two at once
#   fuzz/run.sh 600 record       # some targets only
#   fuzz/run.sh --check          # each target over its corpus once, no
#                                # fuzzing: a minute and a half, after a
#                                # 5-minute build
#
# Needs the nightly toolchain and cargo-fuzz; installs cargo-fuzz when it
# is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    echo "usage: $0 SECONDS|--check [TARGET...]" >&2
    exit 2
}
[[ $# -ge 1 ]] || usage
mode=$1
shift
if [[ $mode != --check && ! $mode =~ ^[0-9]+$ ]]; then
    usage
fi

rustup toolchain list | grep -q '^nightly' || {
    echo "fuzzing needs the nightly toolchain: rustup toolchain install nightly" >&2
    exit 1
}
cargo +nightly fuzz --version >/dev/null 2>&1 || cargo install cargo-fuzz --locked --version 0.13.2

targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || mapfile -t targets < <(cargo +nightly fuzz list)
logs=target/fuzz-logs
mkdir -p "$logs"
# Fuzzing wants speed and AddressSanitizer (the default). Checking a
# corpus once wants a quick build: unoptimized (but for the engine, see
# Cargo.toml) and without the sanitizer, which safe Rust has little use
# for; a panic fails as it would.
if [[ $mode == --check ]]; then
    build="--dev --sanitizer none"
else
    build=-O
fi
# shellcheck disable=SC2086 # words on purpose
cargo +nightly fuzz build $build

run_one() { # target
    local target=$1 args
    mkdir -p "fuzz/corpus/$target"
    if [[ $mode == --check ]]; then
        # Every input of the corpus once; a crash fails.
        args=(-runs=0)
    else
        args=(-max_total_time="$mode" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1)
    fi
    # shellcheck disable=SC2086
    if cargo +nightly fuzz run $build "$target" "fuzz/corpus/$target" -- "${args[@]}" \
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
if [[ ${JOBS:-1} -gt 1 && $mode != --check ]]; then
    export -f run_one
    export mode logs build
    printf '%s\n' "${targets[@]}" | xargs -P "$JOBS" -I{} bash -c 'run_one {}' || failed=1
else
    for target in "${targets[@]}"; do
        run_one "$target" || failed=1
    done
fi
exit $failed
