#!/usr/bin/env bash
# Seeds for the server's fuzz targets, from real play on a real server:
#   fuzz/games/ID.json           finished games as /api/games/ID answers
#                                them, and their analyses (ID.analysis.json):
#                                the http_request target's server holds them
#   fuzz/corpus/stored_room/     live rooms as the server stored them,
#                                killed mid-game (kill -9) and between games
#   fuzz/corpus/http_request/    every route, with and without queries
# Games of bots: rated ones paired by Play now, casual ones of every rule
# set, some slow enough to be cut off by the kill. See docs/fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --locked --package mice-cake-server --package mice-cake-cli --bins
work=$(mktemp -d)
server_pid=
cleanup() {
    pkill -P $$ 2>/dev/null || true
    [[ -z $server_pid ]] || kill -9 "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

port=$((20000 + RANDOM % 20000))
url=http://127.0.0.1:$port
target/debug/mice-cake-server --bind 127.0.0.1:$port --data-dir "$work/data" \
    --durability process >"$work/server.log" 2>&1 &
server_pid=$!
until curl -sf "$url/healthz" >/dev/null; do sleep 0.2; done

bot() { # name state-dir args...
    local name=$1 state=$2
    shift 2
    MICE_CAKE_STATE_DIR=$work/$state target/debug/mice-cake --server "127.0.0.1:$port" \
        --name "$name" --plain bot "$@" </dev/null >"$work/$name.log" 2>&1
}
room_of() { # log: the code a `bot create` shows
    local code= tries=0
    until [[ -n $code ]]; do
        ((++tries < 100)) || {
            cat "$1" >&2
            exit 1
        }
        sleep 0.2
        code=$(sed -nE 's/^room ([0-9A-Z]{5}) .*/\1/p' "$1" | head -1)
    done
    echo "$code"
}
game() { # name options...: a casual game of two bots, played to its end
    local name=$1
    shift
    bot "$name-a" "$name-a" --policy greedy create "$@" &
    local code
    code=$(room_of "$work/$name-a.log")
    bot "$name-b" "$name-b" --policy random join "$code" &
}

# Finished games: rated (paired), and casual ones of each rule set.
bot Ann ann --policy greedy play --pool standard &
bot Bob bob --policy random play --pool standard &
game plain
game boosted --boost --reveal all-face-down --record-chat
game open --reveal all-face-up --stall-limit 3
game seeded --seed 7 --deadline 30s
for pid in $(jobs -p); do
    [[ $pid == "$server_pid" ]] || wait "$pid"
done

# Rooms stored as they were when the server was killed: one waiting for an
# opponent, two mid-game (one with a deadline), one between games.
bot Wait wait --policy greedy create --private &
game slow --think 1s --deadline 20s
game slower --think 700ms --reveal all-face-down --boost
game open-slow --think 1500ms --reveal all-face-up --stall-limit 5
sleep 8

rm -rf fuzz/games
mkdir -p fuzz/games fuzz/corpus/stored_room fuzz/corpus/http_request
for id in $(curl -sf "$url/api/games?limit=100" | python3 -c \
    'import json, sys; print(" ".join(g["id"] for g in json.load(sys.stdin)["games"]))'); do
    curl -sf "$url/api/games/$id" >"fuzz/games/$id.json"
    # Made here, where it is quick: the fuzzer's instrumented server takes
    # half a minute a game.
    curl -sf "$url/api/games/$id/analysis" >"fuzz/games/$id.analysis.json"
done
kill -9 "$server_pid"
server_pid=

# A stored room as the target reads it: its code, its snapshot, then a
# line per log entry ("L ...") and per round ("R ...").
python3 - "$work/data/mice-cake.db" fuzz/corpus/stored_room <<'EOF'
import hashlib, os, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for code, snapshot in db.execute("SELECT code, snapshot FROM rooms"):
    lines = [code, snapshot]
    lines += ["L " + e for (e,) in db.execute("SELECT entry FROM room_log WHERE room = ? ORDER BY position", (code,))]
    lines += ["R " + r for (r,) in db.execute("SELECT report FROM rounds WHERE room = ? ORDER BY round", (code,))]
    text = "\n".join(lines).encode()
    with open(os.path.join(sys.argv[2], hashlib.sha1(text).hexdigest()), "wb") as out:
        out.write(text)
EOF

# Requests: every route, as the docs and the web client ask them.
id=$(basename "$(ls fuzz/games/*-*-*-*-????????????.json | head -1)" .json)
key=$(python3 -c 'import json, sys; g = json.load(open(sys.argv[1])); print((g.get("rated") or {}).get("keys", {}).get("yellow", ""))' \
    "$(grep -l '"rated"' fuzz/games/*-*-*-*-????????????.json | head -1)")
while IFS= read -r request; do
    printf '%b' "$request" >"fuzz/corpus/http_request/$(printf '%s' "$request" | sha1sum | cut -c1-40)"
done <<EOF
GET /
GET /r/K7M2Q
GET /g/$id
GET /p/$key
GET /top?pool=standard
GET /play
GET /rules
GET /assets/0123456789abcdef/app.js\nAccept-Encoding: gzip, br
GET /api/odds
GET /api/odds?dice=3
GET /ws\nConnection: Upgrade\nUpgrade: websocket\nSec-WebSocket-Version: 13\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==
GET /ws
GET /api/rooms
GET /api/rooms/K7M2Q
GET /api/games?limit=5&before=1790000000000&player=Ann
GET /api/games?limit=0&player=
GET /api/games/$id
GET /api/games/$id/views
GET /api/games/$id/verify
GET /api/games/$id/analysis
GET /api/players/$key
GET /api/leaderboard?pool=standard&limit=10
GET /api/leaderboard?pool=blitz&limit=1000
GET /api/schema
GET /healthz
GET /metrics
HEAD /api/games/$id
POST /api/rooms
OPTIONS /
EOF
echo "games: $(ls fuzz/games | wc -l), stored rooms: $(ls fuzz/corpus/stored_room | wc -l), requests: $(ls fuzz/corpus/http_request | wc -l)"
