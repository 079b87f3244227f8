#!/usr/bin/env bash
# PostgreSQL and Redis for the tests of the clustered server (issue 17),
# from Debian's packages, each on a temporary directory and a free port.
#
#   eval "$(bash tests/services.sh start DIR)"   # prints the exports below
#   bash tests/services.sh stop DIR
#
# `start DIR [postgres] [redis]` (both by default) installs what is missing
# (postgresql, redis-server), starts them, waits until they answer, and
# prints:
#   export MICE_CAKE_TEST_POSTGRES=postgres://mc@127.0.0.1:PORT/postgres
#   export MICE_CAKE_TEST_REDIS=redis://127.0.0.1:PORT
#   export MICE_CAKE_TEST_REDIS_TLS=rediss://127.0.0.1:TLS_PORT
#   export MICE_CAKE_TEST_TLS_CA=DIR/tls/ca.pem
#   export MICE_CAKE_TEST_TLS_WRONG_CA=DIR/tls/wrong-ca.pem
# Both speak TLS too (PostgreSQL on its port, when the client asks; Redis on
# a port of its own), with a certificate for 127.0.0.1 (and no name) signed
# by a CA made here (ca.pem); wrong-ca.pem signed nothing.
# MICE_CAKE_POSTGRES_DURABLE=1 starts PostgreSQL as users run it (fsync and
# synchronous_commit on), for benchmarks. Tests that need them read these; with MICE_CAKE_REQUIRE_SERVICES=1 (as
# .ci/run sets) a test fails rather than skips when one is missing.
# `stop DIR [postgres] [redis]` stops them; started again on the same DIR,
# each comes back on its port, PostgreSQL with its data, Redis empty (tests
# that take them away mid-game do so). Everything goes under DIR, which `stop`
# leaves for the caller to remove.
set -euo pipefail

usage() {
    echo "usage: $0 start|stop DIR [postgres] [redis]" >&2
    exit 2
}
[[ $# -ge 2 ]] || usage
action=$1
dir=$(realpath -m "$2")
shift 2
services=("$@")
[[ ${#services[@]} -gt 0 ]] || services=(postgres redis)
for service in "${services[@]}"; do
    [[ $service == postgres || $service == redis ]] || usage
done
wants() { [[ " ${services[*]} " == *" $1 "* ]]; }

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

# A CA, a certificate for 127.0.0.1 it signs, and a CA that signs nothing,
# made once under DIR/tls (kept across stop and start).
make_certificates() {
    local tls=$dir/tls
    [[ -s $tls/server.pem ]] && return
    mkdir -p "$tls"
    (
        cd "$tls"
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 \
            -subj "/CN=mice-cake test CA" -keyout ca.key -out ca.pem 2>/dev/null
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 \
            -subj "/CN=another CA" -keyout wrong-ca.key -out wrong-ca.pem 2>/dev/null
        openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
            -subj "/CN=127.0.0.1" -keyout server.key -out server.csr 2>/dev/null
        printf 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >server.ext
        openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 30 \
            -extfile server.ext -out server.pem 2>/dev/null
        chmod 600 server.key
    )
    if [[ $(id -u) -eq 0 ]]; then
        # PostgreSQL reads its key as its own user, and only a key of its own.
        chmod a+x "$dir" "$tls"
        chown postgres "$tls/server.key"
    fi
}

start() {
    install_missing
    make_certificates
    local exports=("export MICE_CAKE_TEST_TLS_CA=$dir/tls/ca.pem"
        "export MICE_CAKE_TEST_TLS_WRONG_CA=$dir/tls/wrong-ca.pem")
    if wants postgres; then
        start_postgres
        exports+=("export MICE_CAKE_TEST_POSTGRES=postgres://mc@127.0.0.1:$(cat "$dir/postgres/port")/postgres")
    fi
    if wants redis; then
        start_redis
        exports+=("export MICE_CAKE_TEST_REDIS=redis://127.0.0.1:$(cat "$dir/redis/port")")
        exports+=("export MICE_CAKE_TEST_REDIS_TLS=rediss://127.0.0.1:$(cat "$dir/redis/tls-port")")
    fi
    printf '%s\n' "${exports[@]}"
}

start_postgres() {
    local bin port
    bin=$(pg_bin)
    if [[ ! -d $dir/postgres/data ]]; then
        mkdir -p "$dir/postgres"
        if [[ $(id -u) -eq 0 ]]; then
            # PostgreSQL's user must reach its directory (mktemp's are 0700).
            chmod a+x "$dir"
            chown postgres "$dir/postgres"
        fi
        as_postgres "$bin/initdb" -D "$dir/postgres/data" -A trust -U mc >"$dir/postgres/initdb.log"
        free_port >"$dir/postgres/port"
    fi
    port=$(cat "$dir/postgres/port")
    # fsync off: for tests only, never what users run. Benchmarks ask for
    # PostgreSQL's own defaults (MICE_CAKE_POSTGRES_DURABLE=1), and for its
    # statements' statistics where the extension is installed.
    local options="-p $port -k $dir/postgres -c listen_addresses=127.0.0.1"
    options+=" -c ssl=on -c ssl_cert_file=$dir/tls/server.pem -c ssl_key_file=$dir/tls/server.key"
    if [[ ${MICE_CAKE_POSTGRES_DURABLE:-0} == 1 ]]; then
        if ls "$(dirname "$bin")"/lib/pg_stat_statements.so >/dev/null 2>&1; then
            options+=" -c shared_preload_libraries=pg_stat_statements"
        fi
    else
        options+=" -c fsync=off"
    fi
    as_postgres "$bin/pg_ctl" -D "$dir/postgres/data" -l "$dir/postgres/log" -w \
        -o "$options" start >&2
    for _ in $(seq 50); do
        "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" && return
        sleep 0.2
    done
    echo "PostgreSQL did not answer; see $dir/postgres/log" >&2
    exit 1
}

start_redis() {
    local port
    mkdir -p "$dir/redis"
    [[ -s $dir/redis/port ]] || free_port >"$dir/redis/port"
    [[ -s $dir/redis/tls-port ]] || free_port >"$dir/redis/tls-port"
    port=$(cat "$dir/redis/port")
    # The key is PostgreSQL's: Redis reads a copy of its own.
    cp "$dir/tls/server.key" "$dir/redis/server.key"
    redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no \
        --tls-port "$(cat "$dir/redis/tls-port")" --tls-auth-clients no \
        --tls-cert-file "$dir/tls/server.pem" --tls-key-file "$dir/redis/server.key" \
        --tls-ca-cert-file "$dir/tls/ca.pem" \
        --daemonize yes --pidfile "$dir/redis/redis.pid" --logfile "$dir/redis/log" \
        --dir "$dir/redis"
    for _ in $(seq 50); do
        [[ $(redis-cli -p "$port" ping 2>/dev/null) == PONG ]] && return
        sleep 0.2
    done
    echo "Redis did not answer; see $dir/redis/log" >&2
    exit 1
}

stop() {
    if wants postgres && [[ -d $dir/postgres/data ]]; then
        as_postgres "$(pg_bin)/pg_ctl" -D "$dir/postgres/data" -m fast -w stop >&2 || true
    fi
    if wants redis && [[ -s $dir/redis/redis.pid ]]; then
        local pid
        pid=$(cat "$dir/redis/redis.pid")
        kill "$pid" 2>/dev/null || true
        # Gone, so that its port is free to start again on.
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 "$pid" 2>/dev/null; then
            echo "Redis ($pid) did not stop; see $dir/redis/log" >&2
            exit 1
        fi
        rm -f "$dir/redis/redis.pid"
    fi
}

case $action in
start) start ;;
stop) stop ;;
*) usage ;;
esac
