#!/usr/bin/env bash
# The load benchmarks of docs/performance.md, start to finish: builds the
# release binaries, then for each scenario starts a fresh server (and the
# echo baseline), runs `mice-cake-load`, and keeps its JSON report.
#
#   loadgen/bench.sh                 # every scenario
#   loadgen/bench.sh idle human      # some of them
#
# Scenarios: idle (10k and 50k and 100k idle connections), human (10,000
# rooms at one round per 5 s: with a data directory, with --durability
# process, and --ephemeral),
# saturated (50 rooms at full speed against the echo baseline, both
# storage modes, each with signed and with unsigned moves), spectators (one room, 10,000 spectators; then the floor:
# the echo server fanning a frame out to as many), seated (2,000
# and 10,000 players seated in live games, not moving: memory per
# connection), peers (Colyseus and boardgame.io on the same exchange:
# loadgen/peers/, Node.js from npm; then our figures beside theirs),
# longrun (--ephemeral at full speed for 3 minutes, a report every 30 s:
# a server must not slow down or grow because it has been running),
# cluster (1,000 rooms and as many as fit at human pace, then 10,000
# spectators of one room: on one node with its data directory, on one
# node keeping its games in PostgreSQL (durable, as users run it), then on a
# cluster of three nodes on the same PostgreSQL and a Redis, the generator's
# connections spread over them; then the ratios; WORKLOADS=… picks some), takeover (loadgen/takeover.py: 20 times, the node
# owning the most rooms of a three-node cluster is killed with SIGKILL; the
# time from the kill to each of its rooms' next reveal, p50 and p99),
# pairing (2,000 players arriving over 20 s seek a game through a cluster of
# three nodes: nobody paired twice, everyone paired or offered the bot, the
# time to pair p50 and p99), arena (2,000 players in one arena on one node,
# then over three, playing game after game, and 2,000 watchers of its
# standings: the time from a game's end to the next pairing, p50 and p99,
# and the standings' fan-out).
# PostgreSQL and Redis come from tests/services.sh, as in the tests.
#
# Reports go to $OUT (default target/bench/load); a summary is printed.
# With MICE_CAKE_RECORD_FIGURES=1, the headline figures a run measured go to
# docs/figures.json and every place that quotes them (docs/figures.py):
# idle_connection_memory (idle), player_connection_memory, human_pace_p50
# and human_pace_p99 (human), rounds_per_second (saturated).
# Loopback only. Every process here may hold at most `ulimit -Hn` files:
# scenarios that need more connections than that are cut down to fit, and
# say so.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${OUT:-target/bench/load}
PORT=${PORT:-18080}
ECHO_PORT=${ECHO_PORT:-18081}
mkdir -p "$OUT"
scenarios=("$@")
[ ${#scenarios[@]} -eq 0 ] && scenarios=(idle human saturated spectators seated peers longrun cluster takeover pairing arena)

cargo build --release --locked -p mice-cake-server -p mice-cake-load -p mice-cake-cli --features mice-cake-server/jemalloc
server_bin=target/release/mice-cake-server
load_bin=target/release/mice-cake-load
client_bin=target/release/mice-cake

# Both processes hold one file per connection, plus a few of their own. The
# server keeps 64 files for itself and HANDSHAKES for connections still in
# their HTTP handshake (the generator opens up to 256 at a time).
ulimit -n "$(ulimit -Hn)"
HANDSHAKES=512
max_connections=$(( $(ulimit -Hn) - 64 - HANDSHAKES - 100 ))
echo "open-file limit $(ulimit -Hn): at most $max_connections connections per process"

data=$(mktemp -d)
# The server (or the nodes of a cluster) under test: pids and ports.
server_pids=()
server_ports=()
echo_pid=""
pg_sampler=""
services=""
cleanup() {
    for pid in "${server_pids[@]}" "$echo_pid" "$pg_sampler"; do
        [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    done
    # Let them finish (a server's last checkpoint) before their files go.
    wait 2>/dev/null || true
    if [ -n "$services" ]; then
        bash tests/services.sh stop "$services"
        rm -rf "$services"
    fi
    rm -rf "$data"
}
trap cleanup EXIT

stop_server() {
    for pid in "${server_pids[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    server_pids=()
    server_ports=()
}

# Starts one more server, on PORT plus the number already running.
add_server() { # flags…
    local port=$((PORT + ${#server_ports[@]}))
    [ "$port" -eq "$ECHO_PORT" ] && port=$((port + 10))
    local name=server${#server_ports[@]}
    "$server_bin" --bind "127.0.0.1:$port" --data-dir "$data/$name" \
        --max-rooms 100000 --max-handshakes "$HANDSHAKES" --max-spectators 100000 \
        --messages-per-second 10000 "$@" >"$OUT/$name.log" 2>&1 &
    server_pids+=("$!")
    server_ports+=("$port")
    for _ in $(seq 100); do
        "$server_bin" healthcheck --addr "127.0.0.1:$port" --timeout 1s 2>/dev/null && return
        sleep 0.1
    done
    echo "the server did not start: $(tail -3 "$OUT/$name.log")" >&2
    exit 1
}

start_server() { # flags…
    stop_server
    rm -rf "${data:?}"/server*
    add_server "$@"
}

# PostgreSQL and Redis from tests/services.sh (started once), and a fresh
# database NAME in that PostgreSQL: its URL.
fresh_database() { # name
    if [ -z "$services" ]; then
        # Apart from $data: PostgreSQL's user must reach it.
        services=$(mktemp -d)
        local exports
        exports=$(bash tests/services.sh start "$services") || {
            echo "PostgreSQL and Redis did not start (tests/services.sh)" >&2
            exit 1
        }
        eval "$exports"
    fi
    psql "$MICE_CAKE_TEST_POSTGRES" -q -c "DROP DATABASE IF EXISTS $1 WITH (FORCE)" >/dev/null
    psql "$MICE_CAKE_TEST_POSTGRES" -q -c "CREATE DATABASE $1" >/dev/null
    database_url="${MICE_CAKE_TEST_POSTGRES%/*}/$1"
}

# What PostgreSQL did during a run (`reset` before it): its statements by
# time taken (pg_stat_statements) and what its sessions waited on, sampled.
pg_statistics() { # reset | name
    local db=${database_url:-$MICE_CAKE_TEST_POSTGRES}
    psql "$db" -q -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" >/dev/null 2>&1 || return 0
    if [ "$1" = reset ]; then
        psql "$db" -q -c "SELECT pg_stat_statements_reset()" >/dev/null
        # The servers' sessions, ten times a second: what each waits on.
        ( while true; do
            psql "$db" -At -c "SELECT coalesce(wait_event_type, 'CPU') || ' ' ||
                coalesce(wait_event, state) FROM pg_stat_activity
                WHERE application_name = 'mice-cake-server' AND state <> 'idle'" 2>/dev/null
            sleep 0.1
        done ) >"$OUT/pg-waits.txt" &
        pg_sampler=$!
        return
    fi
    kill "$pg_sampler" 2>/dev/null || true
    wait "$pg_sampler" 2>/dev/null || true
    {
        echo "Statements by time taken (pg_stat_statements):"
        psql "$db" -c "SELECT calls, round(total_exec_time) AS total_ms,
                round(mean_exec_time::numeric, 3) AS mean_ms, rows, left(query, 90) AS query
            FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 15" 2>&1
        echo "What the servers' busy sessions waited on (samples every 0.1 s):"
        sort "$OUT/pg-waits.txt" | uniq -c | sort -rn | head -15
    } >"$OUT/$1.postgres.txt"
    echo "  PostgreSQL: $OUT/$1.postgres.txt"
}

# A cluster of COUNT nodes on a fresh database and Redis's database 1,
# each given the flags that follow.
start_cluster() { # count, flags…
    local count=$1
    shift
    stop_server
    rm -rf "${data:?}"/server*
    fresh_database bench_cluster
    redis-cli -u "$MICE_CAKE_TEST_REDIS/1" flushdb >/dev/null
    for _ in $(seq "$count"); do
        add_server --database "$database_url" --cluster "$MICE_CAKE_TEST_REDIS/1" "$@"
    done
}

start_echo() {
    [ -n "$echo_pid" ] && return
    "$load_bin" echo-server --bind "127.0.0.1:$ECHO_PORT" >"$OUT/echo.log" 2>&1 &
    echo_pid=$!
    sleep 0.5
}

fits() { # connections → the largest that fits, said aloud when cut
    if [ "$1" -gt "$max_connections" ]; then
        echo "  (cut from $1 to $max_connections connections: the open-file limit)" >&2
        echo "$max_connections"
    else
        echo "$1"
    fi
}

run() { # name, load arguments…
    local name=$1
    shift
    echo "== $name"
    local target=()
    if [ -n "${TARGET_URL:-}" ]; then
        target=(--server "$TARGET_URL" --server-pid "$TARGET_PID")
    else
        # Every server running: connections go to each in turn.
        for i in "${!server_ports[@]}"; do
            target+=(--server "ws://127.0.0.1:${server_ports[$i]}/ws" --server-pid "${server_pids[$i]}")
        done
    fi
    "$load_bin" "$@" "${target[@]}" --json \
        >"$OUT/$name.json" || echo "  (errors: see $OUT/$name.json)"
    if [ ! -s "$OUT/$name.json" ]; then
        echo "  (no report: the load generator failed)"
        return
    fi
    python3 - "$OUT/$name.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
c, s, l, b = r["counts"], r.get("server") or {}, r.get("latency"), r.get("baseline")
line = f"  {c['connections']:,} connections, {r['run_errors']} errors"
if r["scenario"] == "play":
    line += f", {r['rounds_per_second']:,.0f} rounds/s"
if l:
    line += f", latency p50 {l['p50_us']/1e3:.2f} ms p99 {l['p99_us']/1e3:.2f} ms max {l['max_us']/1e3:.2f} ms"
if s:
    line += f", server RSS {s['rss_bytes']/1e6:.1f} MB ({s['rss_per_connection_bytes']:,} B per connection)"
    if s.get("cpu_us_per_frame"):
        line += f", {s['cpu_us_per_frame']:.2f} µs CPU per frame"
if b and b.get("cpu_ratio"):
    line += f"; echo {b['cpu_us_per_frame']:.2f} µs per frame: ours {b['cpu_ratio']:.2f}× echo"
print(line)
EOF
}

# With MICE_CAKE_RECORD_FIGURES=1: a headline figure from a report without
# errors, to docs/figures.json and every place that quotes it.
record() { # figure, report name, field of the report (a.b)
    [ "${MICE_CAKE_RECORD_FIGURES:-}" = 1 ] || return 0
    local value
    if ! value=$(python3 - "$OUT/$2.json" "$3" <<'EOF'
import json, sys
try:
    r = json.load(open(sys.argv[1]))
except (OSError, ValueError):
    sys.exit(1)
if r.get("run_errors") or r.get("setup_failures"):
    sys.exit(1)
try:
    for key in sys.argv[2].split("."):
        r = r[key]
except (KeyError, TypeError):
    sys.exit(1)
print(r)
EOF
    ); then
        echo "  ($1 not recorded: $2 had errors or no report)"
        return 0
    fi
    python3 docs/figures.py update "$1" "$value"
}

run_seated() { # connections: players seated in live games, not moving
    start_server
    run "seated-$1" play --rooms "$(( $(fits "$1") / 2 ))" --think 3600s --warmup 5s --duration 5s
}

for scenario in "${scenarios[@]}"; do
    case $scenario in
    idle)
        for n in 10000 50000 100000; do
            start_server
            run "idle-$n" idle --connections "$(fits $n)"
        done
        record idle_connection_memory idle-10000 server.rss_per_connection_bytes
        ;;
    human)
        rooms=$(( $(fits 20000) / 2 ))
        for storage in data process ephemeral; do
            case $storage in
            data) flags=() ;;
            process) flags=(--durability process) ;;
            ephemeral) flags=(--ephemeral) ;;
            esac
            start_server "${flags[@]}"
            run "human-$storage" play --rooms "$rooms" --think 5s --warmup 10s --duration 30s
        done
        record player_connection_memory human-ephemeral server.rss_per_connection_bytes
        record human_pace_p50 human-data latency.p50_us
        record human_pace_p99 human-data latency.p99_us
        ;;
    saturated)
        start_echo
        for storage in data ephemeral; do
            flags=()
            [ "$storage" = ephemeral ] && flags=(--ephemeral)
            start_server "${flags[@]}"
            run "saturated-$storage" play --rooms 50 --warmup 3s --duration 15s \
                --baseline "ws://127.0.0.1:$ECHO_PORT/" --baseline-pid "$echo_pid"
            # The same without signatures (players who announce no key):
            # what checking every seal's Ed25519 signature costs the server.
            start_server "${flags[@]}"
            run "saturated-$storage-unsigned" play --rooms 50 --warmup 3s --duration 15s --unsigned \
                --baseline "ws://127.0.0.1:$ECHO_PORT/" --baseline-pid "$echo_pid"
        done
        record rounds_per_second saturated-data rounds_per_second
        ;;
    spectators)
        start_server
        watchers=$(( $(fits 10002) - 2 ))
        run spectators play --rooms 1 --spectators "$watchers" --think 1s --warmup 3s --duration 20s
        stop_server
        # The floor under it: the bare echo server fanning a reveal-sized
        # frame out to as many connections, once a second.
        start_echo
        TARGET_URL="ws://127.0.0.1:$ECHO_PORT/" TARGET_PID=$echo_pid \
            run spectators-floor fanout --subscribers "$(( watchers + 1 ))" --every 1s \
            --frame-bytes 700 --warmup 3s --duration 20s
        ;;
    seated)
        for n in 2000 10000; do
            run_seated "$n"
        done
        ;;
    peers)
        # Ours first, measured as the peers are: the same rooms and
        # connections, one after the other on the same machine.
        if [ ! -s "$OUT/saturated-ephemeral.json" ]; then
            start_echo
            start_server --ephemeral
            run saturated-ephemeral play --rooms 50 --warmup 3s --duration 15s \
                --baseline "ws://127.0.0.1:$ECHO_PORT/" --baseline-pid "$echo_pid"
        fi
        for n in 2000 10000; do
            [ -s "$OUT/seated-$n.json" ] || run_seated "$n"
        done
        stop_server
        OUT=$OUT loadgen/peers/bench.sh
        python3 - "$OUT" <<'EOF'
import json, os, sys
out = sys.argv[1]
def load(name):
    path = os.path.join(out, name + ".json")
    return json.load(open(path)) if os.path.exists(path) else None
def beside(ours, report, key, unit):
    """Each peer's figure from its report `peer-<peer>-<report>`, against ours."""
    for peer in ("colyseus", "boardgameio"):
        theirs = load(f"peer-{peer}-{report}")
        if theirs:
            t = theirs["server"][key]
            print(f"  {peer}: {t:,.0f} {unit}: ours is {ours / t:.2f}× theirs")
ours = load("saturated-ephemeral")
if ours and ours.get("server"):
    c = ours["counts"]
    frames = (c["frames_sent"] + c["frames_received"]) / max(c["rounds"], 1)
    us = ours["server"]["cpu_us_per_frame"] * frames
    print(f"ours: {us:,.0f} µs server CPU per round (--ephemeral, 50 rooms)")
    beside(us, "saturated", "cpu_us_per_round", "µs per round")
for n in (2000, 10000):
    mine = load(f"seated-{n}")
    if mine and mine.get("server"):
        b = mine["server"]["rss_per_connection_bytes"]
        print(f"ours: {b:,} B per seated connection at {n:,}")
        beside(b, f"seated-{n}", "rss_per_connection_bytes", "B")
EOF
        ;;
    cluster)
        # PostgreSQL as users run it: fsync and synchronous_commit on.
        export MICE_CAKE_POSTGRES_DURABLE=1
        rooms=$(( $(fits 20000) / 2 ))
        watchers=$(( $(fits 10002) - 2 ))
        # WORKLOADS=… runs some of them (human-1000 human spectators).
        for workload in ${WORKLOADS:-human-1000 human spectators}; do
            # The same load on one node with its data directory
            # (--durability normal): the reference the others are held to.
            for setup in sqlite one three; do
                case $setup in
                sqlite) start_server ;;
                one)
                    fresh_database bench_one
                    start_server --database "$database_url" ;;
                three) start_cluster 3 ;;
                esac
                if [ $setup != sqlite ]; then pg_statistics reset; fi
                case $workload in
                human-1000) run "cluster-$setup-$workload" play --rooms 1000 --think 5s \
                    --warmup 10s --duration 30s ;;
                human) run "cluster-$setup-$workload" play --rooms "$rooms" --think 5s \
                    --warmup 10s --duration 30s ;;
                spectators) run "cluster-$setup-$workload" play --rooms 1 \
                    --spectators "$watchers" --think 1s --warmup 3s --duration 20s ;;
                esac
                if [ $setup != sqlite ]; then pg_statistics "cluster-$setup-$workload"; fi
            done
        done
        stop_server
        python3 loadgen/cluster_ratios.py "$OUT"
        ;;
    takeover)
        stop_server
        fresh_database bench_takeover
        redis-cli -u "$MICE_CAKE_TEST_REDIS/2" flushdb >/dev/null
        python3 loadgen/takeover.py --server-bin "$server_bin" --client-bin "$client_bin" \
            --database "$database_url" --redis "$MICE_CAKE_TEST_REDIS/2" \
            --kills "${KILLS:-20}" --lease "${LEASE:-5s}" --out "$OUT/takeover.json"
        ;;
    pairing)
        # Every player comes from loopback with a key of its own: no limit
        # on new keys per address, and their games rated as if from
        # addresses of their own.
        start_cluster 3 --new-rated-keys-per-hour 0 --rate-one-address
        players=$(fits "${PLAYERS:-2000}")
        echo "== pairing"
        target=()
        for i in "${!server_ports[@]}"; do
            target+=(--server "ws://127.0.0.1:${server_ports[$i]}/ws")
        done
        "$load_bin" pair --players "$players" --arrival "${ARRIVAL:-20s}" "${target[@]}" --json \
            >"$OUT/pairing.json" || echo "  (a guarantee broke: see $OUT/pairing.json)"
        python3 - "$OUT/pairing.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"  {r['players']:,} players through {r['servers']} nodes: paired {r['paired']:,}, "
      f"offered the bot only {r['offered_the_bot_only']}, left waiting {r['left_waiting']}, "
      f"paired twice {r['paired_twice']}, rooms not of two {r['rooms_not_of_two']}, "
      f"failures {r['failures']}; time to pair p50 {r['pairing_ms_p50']} ms, "
      f"p99 {r['pairing_ms_p99']} ms, max {r['pairing_ms_max']} ms")
EOF
        stop_server
        ;;
    arena)
        # One arena, on one node and then over three (SETUPS=… picks):
        # PLAYERS (2,000) join over 10 s and play game after game (each
        # ended by a forfeit after its first round), WATCHERS (2,000)
        # follow its standings. The arena is made with the client, with a
        # key of its own; over three nodes, the connections are spread over
        # them, and the node it was made on runs it.
        players=$(fits "${PLAYERS:-2000}")
        watchers=$(fits "${WATCHERS:-2000}")
        # three-paced: over three nodes, each player taking THINK (5 s)
        # before its move, so that games end at about a tenth of the rate.
        for setup in ${SETUPS:-one three three-paced}; do
            pace=()
            case $setup in
            one) start_server --new-rated-keys-per-hour 0 --rate-one-address ;;
            three) start_cluster 3 --new-rated-keys-per-hour 0 --rate-one-address ;;
            three-paced)
                start_cluster 3 --new-rated-keys-per-hour 0 --rate-one-address
                pace=(--think "${THINK:-5s}") ;;
            esac
            echo "== arena ($setup)"
            maker=$(mktemp -d)
            arena=$(MICE_CAKE_STATE_DIR=$maker "$client_bin" --server "127.0.0.1:${server_ports[0]}" \
                arena create --minutes 10 --title "Bench night" | head -1)
            rm -rf "$maker"
            target=()
            for i in "${!server_ports[@]}"; do
                target+=(--server "ws://127.0.0.1:${server_ports[$i]}/ws" --server-pid "${server_pids[$i]}")
            done
            report=$OUT/arena-$setup.json
            "$load_bin" arena --arena "$arena" --players "$players" --watchers "$watchers" \
                --duration "${DURATION:-60s}" "${target[@]}" "${pace[@]}" --json \
                >"$report" || echo "  (the run failed: see $report)"
            python3 - "$report" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"  {r['players']:,} players (thinking {r['think_ms']} ms) and {r['watchers']:,} watchers "
      f"on {r['servers']} node(s) for {r['seconds']:.0f} s: {r['pairings']:,} pairings; game over to next pairing p50 "
      f"{r['requeue_ms_p50']} ms, p99 {r['requeue_ms_p99']} ms, max {r['requeue_ms_max']} ms; "
      f"standings fan-out first to last watcher p50 {r['fanout_ms_p50']} ms, p99 "
      f"{r['fanout_ms_p99']} ms, {r['updates_to_all']} of {r['updates_seen']} updates to every "
      f"watcher; failures {r['failures']}")
EOF
            stop_server
        done
        ;;
    longrun)
        start_server --ephemeral
        for window in 1 2 3 4 5 6; do
            run "longrun-$window" play --rooms 50 --warmup 1s --duration 29s
        done
        ;;
    *)
        echo "unknown scenario $scenario: idle, human, saturated, spectators, seated, peers, longrun, cluster, takeover, pairing or arena" >&2
        exit 2
        ;;
    esac
done
echo "reports in $OUT"
