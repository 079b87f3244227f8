#!/usr/bin/env bash
# The peers' side of the load benchmarks (issue 16): Colyseus and boardgame.io
# playing our exchange (see loadgen/peers/README.md), each measured as ours:
#
#   loadgen/peers/bench.sh                       # both peers, every scenario
#   loadgen/peers/bench.sh colyseus seated       # some of them
#
# Peers: colyseus, boardgameio. Scenarios: saturated (50 rooms at full speed:
# rounds/s, server CPU µs per round), seated (2,000 and 10,000 connections
# seated: server RSS per connection).
#
# Reports go to $OUT (default target/bench/load, from the repository's root)
# as peer-<peer>-<scenario>.json; one summary line per run. Loopback only,
# on port $PEERS_PORT (default 18390). Each run starts its own server and
# stops it.
set -euo pipefail
cd "$(dirname "$0")/../.."

OUT=${OUT:-target/bench/load}
PEERS_PORT=${PEERS_PORT:-18390}
mkdir -p "$OUT"

peers=()
scenarios=()
for arg in "$@"; do
    case $arg in
    colyseus | boardgameio) peers+=("$arg") ;;
    saturated | seated) scenarios+=("$arg") ;;
    *)
        echo "unknown argument $arg: colyseus, boardgameio, saturated or seated" >&2
        exit 2
        ;;
    esac
done
[ ${#peers[@]} -eq 0 ] && peers=(colyseus boardgameio)
[ ${#scenarios[@]} -eq 0 ] && scenarios=(saturated seated)

bash loadgen/peers/install.sh

# One file per connection, in the server and in the clients' processes.
ulimit -n "$(ulimit -Hn)"
limit=$(ulimit -n)

run() { # peer, name, drive.mjs arguments…
    local peer=$1 name=$2
    shift 2
    local report="$OUT/peer-$peer-$name.json"
    echo "== peer-$peer-$name"
    node loadgen/peers/drive.mjs "$@" --server "$peer" --port "$PEERS_PORT" >"$report" ||
        echo "  (errors: see $report)"
    if [ ! -s "$report" ]; then
        echo "  (no report: the driver failed)"
        return
    fi
    node - "$report" <<'JS'
const r = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const s = r.server;
const n = (x, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
let line = `  ${r.peer}: ${n(r.clients_seated)} of ${n(r.clients)} clients seated`;
if (r.scenario === 'saturated') {
    line += `, ${n(r.rounds_per_second)} rounds/s, ${n(r.frames_per_round, 2)} frames per round` +
        `, server ${n(s.cpu_us_per_round)} µs CPU per round (${n(s.cpu_share_of_one_core * 100)}% of a core)` +
        `, RSS ${n(s.rss_bytes / 1e6, 1)} MB; ${r.counts.errors} errors, ${r.counts.rooms_without_a_round} rooms without a round`;
} else {
    line += `, server RSS ${n(s.rss_before_bytes / 1e6, 1)} → ${n(s.rss_bytes / 1e6, 1)} MB` +
        ` (${n(s.rss_per_connection_bytes)} B per connection); ${n(r.connections_open)} still open`;
}
console.log(line);
JS
}

for peer in "${peers[@]}"; do
    for scenario in "${scenarios[@]}"; do
        case $scenario in
        saturated)
            run "$peer" saturated saturated --rooms 50 --warmup 3 --duration 15
            ;;
        seated)
            for n in 2000 10000; do
                if [ "$n" -gt $((limit - 200)) ]; then
                    echo "  (seated-$n skipped: the open-file limit is $limit)"
                    continue
                fi
                run "$peer" "seated-$n" seated --connections "$n"
            done
            ;;
        esac
    done
done
echo "reports in $OUT"
