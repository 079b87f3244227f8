#!/usr/bin/env bash
# PostgreSQL and Redis for the tests of the clustered server (issue 17),
# from Debian's packages, each on a temporary directory and a free port.
#
#   eval "$(bash tests/services.sh start DIR)"   # prints the exports below
#   bash tests/services.sh stop DIR
#
# `start` installs what is missing (postgresql, redis-server), starts both,
# waits until they answer, and prints:
#   export MICE_CAKE_TEST_POSTGRES=postgres://mc@127.0.0.1:PORT/postgres
#   export MICE_CAKE_TEST_REDIS=redis://127.0.0.1:PORT
# Tests that need them read these; with MICE_CAKE_REQUIRE_SERVICES=1 (as
# .ci/run sets) a test fails rather than skips when one is missing.
# Everything goes under DIR, which `stop` leaves for the caller to remove.
set -euo pipefail

usage() {
    echo "usage: $0 start|stop DIR" >&2
    exit 2
}
[[ $# -eq 2 ]] || usage
action=$1
dir=$(realpath -m "$2")

sudo=()
[[ $(id -u) -eq 0 ]] || sudo=(sudo)

pg_bin() {
    local bin
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    [[ -n $bin ]] || {
        echo "PostgreSQL's binaries are not in /usr/lib/postgresql" >&2
        exit 1
    }
    echo "$bin"
}

# As the user PostgreSQL runs as: initdb refuses root.
as_postgres() {
    if [[ $(id -u) -eq 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# A port nobody listens on now.
free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

install_missing() {
    local wanted=()
    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || wanted+=(postgresql)
    command -v redis-server >/dev/null || wanted+=(redis-server)
    if [[ ${#wanted[@]} -gt 0 ]]; then
        echo "installing ${wanted[*]} from Debian's packages" >&2
        "${sudo[@]}" apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${wanted[@]}" >&2
        # The package starts a cluster and a server of its own; the tests
        # use theirs.
        "${sudo[@]}" service postgresql stop >/dev/null 2>&1 || true
        "${sudo[@]}" service redis-server stop >/dev/null 2>&1 || true
    fi
}

start() {
    install_missing
    mkdir -p "$dir/postgres" "$dir/redis"
    if [[ $(id -u) -eq 0 ]]; then
        # PostgreSQL's user must reach its directory (mktemp's are 0700).
        chmod a+x "$dir"
        chown postgres "$dir/postgres"
    fi
    local bin pg_port redis_port
    bin=$(pg_bin)
    pg_port=$(free_port)
    as_postgres "$bin/initdb" -D "$dir/postgres/data" -A trust -U mc >"$dir/postgres/initdb.log"
    # fsync off: for tests only, never what users run.
    as_postgres "$bin/pg_ctl" -D "$dir/postgres/data" -l "$dir/postgres/log" -w \
        -o "-p $pg_port -k $dir/postgres -c listen_addresses=127.0.0.1 -c fsync=off" \
        start >&2
    redis_port=$(free_port)
    redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no \
        --daemonize yes --pidfile "$dir/redis/redis.pid" --logfile "$dir/redis/log" \
        --dir "$dir/redis"
    for _ in $(seq 50); do
        if "$bin/pg_isready" -q -h 127.0.0.1 -p "$pg_port" &&
            [[ $(redis-cli -p "$redis_port" ping 2>/dev/null) == PONG ]]; then
            echo "export MICE_CAKE_TEST_POSTGRES=postgres://mc@127.0.0.1:$pg_port/postgres"
            echo "export MICE_CAKE_TEST_REDIS=redis://127.0.0.1:$redis_port"
            return
        fi
        sleep 0.2
    done
    echo "PostgreSQL or Redis did not answer; see $dir/postgres/log and $dir/redis/log" >&2
    exit 1
}

stop() {
    if [[ -d $dir/postgres/data ]]; then
        as_postgres "$(pg_bin)/pg_ctl" -D "$dir/postgres/data" -m fast stop >&2 || true
    fi
    if [[ -s $dir/redis/redis.pid ]]; then
        kill "$(cat "$dir/redis/redis.pid")" 2>/dev/null || true
    fi
}

case $action in
start) start ;;
stop) stop ;;
*) usage ;;
esac
