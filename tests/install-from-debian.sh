#!/usr/bin/env bash
# Installs the Debian packages a check needs (as root, or through sudo):
#
#   bash tests/install-from-debian.sh PACKAGE…
#
# The checks call it only for what is missing (docker/smoke-test.sh,
# web/check.sh); tests/services.sh installs PostgreSQL and Redis itself.
# A package that starts a service of its own (haproxy, prometheus, caddy)
# has it stopped: the checks run their own, on ports of their own.
set -euo pipefail
[[ $# -gt 0 ]] || {
    echo "usage: $0 PACKAGE…" >&2
    exit 2
}
sudo=()
[[ $(id -u) -eq 0 ]] || sudo=(sudo)
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "$@" >/dev/null
for package in "$@"; do
    "${sudo[@]}" service "$package" stop >/dev/null 2>&1 || true
done
