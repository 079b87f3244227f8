#!/usr/bin/env bash
# Installs the Debian packages a check needs (as root, or through sudo):
#
#   bash tests/install-from-debian.sh PACKAGE…
#
# The checks call it only for what is missing (docker/smoke-test.sh,
# web/check.sh); tests/services.sh installs PostgreSQL and Redis itself.
set -euo pipefail
[[ $# -gt 0 ]] || {
    echo "usage: $0 PACKAGE…" >&2
    exit 2
}
sudo=()
[[ $(id -u) -eq 0 ]] || sudo=(sudo)
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "$@" >/dev/null
