#!/usr/bin/env bash
# The nemesis (issues 44 and 60; loadgen/nemesis.py says what it does and
# checks): a three-node cluster on a PostgreSQL and a Redis of its own, real
# clients playing, seeking and watching, half through a balancer that, as
# HAProxy, learns a node is down only from its health checks, half straight
# to a node; a random schedule of faults for MINUTES (a node paused, every
# node killed under an arena, a pairing's node killed as it pairs, …), then
# the checker. Exit status 1 when it found a game lost (forfeited to a fault
# or otherwise), a seal lost, a reveal that differs, a seeker paired twice,
# left waiting or without a game, an arena player no longer paired, or a
# rated game rated other than once.
#
#   bash loadgen/nemesis.sh 2                # as .ci/run runs it
#   bash loadgen/nemesis.sh 30 --seed 60     # the run in docs/performance.md, "The nemesis"
#
# Builds the debug binaries as the tests do (PROFILE=release for release
# ones); the figures go to $OUT (default target/nemesis.json).
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:?usage: loadgen/nemesis.sh MINUTES [nemesis.py flags…]}
shift
profile=${PROFILE:-debug}
if [[ $profile == release ]]; then
    cargo build --locked --release -p mice-cake-server -p mice-cake-cli --features mice-cake-server/jemalloc
else
    # The very command the end-to-end tests build with: nothing new to build after them.
    cargo build --locked --workspace --bins --tests
fi
services=$(mktemp -d)
trap 'bash tests/services.sh stop "$services" >/dev/null 2>&1 || true; rm -rf "$services"' EXIT
trap 'exit 1' TERM INT
eval "$(bash tests/services.sh start "$services")"
mkdir -p target
python3 loadgen/nemesis.py --minutes "$minutes" \
    --server-bin "target/$profile/mice-cake-server" --client-bin "target/$profile/mice-cake" \
    --services "$services" --postgres "$MICE_CAKE_TEST_POSTGRES" --redis "$MICE_CAKE_TEST_REDIS" \
    --out "${OUT:-target/nemesis.json}" "$@"
