#!/usr/bin/env bash
# The memory check (.ci/run): seats 2,000 players, two to a room, in live
# games on a server with a data directory, as `loadgen/bench.sh seated`
# does, and fails when the server's memory grew by more than the budget per
# seated player. Memory is not timing: a figure that can creep gets a check
# that fails, not a budget to raise (docs/performance.md, "Memory per
# connection", says what each player holds and what the budget is).
#
#   loadgen/memory-check.sh SERVER_BINARY [LOAD_BINARY]
#
# LOAD_BINARY defaults to target/debug/mice-cake-load (the test build's).
set -euo pipefail
cd "$(dirname "$0")/.."

# Bytes of server RSS growth per seated player, a little over what the
# image's server binary reached (2026-12-07, on jemalloc and reading its
# own frames: 8,349-8,548 B alone here, 8,110-8,302 B beside two busy
# cores; 11.2-12.8 KB before, under a budget of 13,500).
readonly BUDGET_BYTES=9500
readonly PLAYERS=2000

server_binary=${1:?usage: loadgen/memory-check.sh SERVER_BINARY [LOAD_BINARY]}
load_binary=${2:-target/debug/mice-cake-load}
ulimit -n "$(ulimit -Hn)"
work=$(mktemp -d)
server=""
cleanup() {
    [[ -n $server ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$server_binary" --bind "127.0.0.1:$port" --data-dir "$work/data" \
    --max-rooms 100000 --max-handshakes 512 --messages-per-second 10000 \
    >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do
    "$server_binary" healthcheck --addr "127.0.0.1:$port" --timeout 1s 2>/dev/null && break
    sleep 0.1
done
"$load_binary" play --rooms $((PLAYERS / 2)) --think 3600s --warmup 5s --duration 5s \
    --server "ws://127.0.0.1:$port/ws" --server-pid "$server" --json >"$work/report.json" || {
    echo "memory check: the load generator failed" >&2
    cat "$work/report.json" >&2
    tail -5 "$work/server.log" >&2
    exit 1
}
python3 - "$work/report.json" "$BUDGET_BYTES" "$PLAYERS" <<'EOF'
import json, sys
report, budget, players = json.load(open(sys.argv[1])), int(sys.argv[2]), int(sys.argv[3])
errors = report["setup_failures"] + report["run_errors"] + report["counts"]["errors"]
seated = report["counts"]["connections"]
per_player = report["server"]["rss_per_connection_bytes"]
print(f"memory check: {per_player:,} B per seated player at {players:,} (budget {budget:,} B)", flush=True)
if errors or seated != players:
    sys.exit(f"memory check: {seated:,} of {players:,} players seated, {errors} errors")
if per_player > budget:
    sys.exit(
        f"memory check: {per_player:,} B per seated player is over the budget of {budget:,} B: "
        "find what grew (docs/performance.md, \"Memory per connection\"), do not raise the budget"
    )
EOF
