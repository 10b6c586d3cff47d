#!/usr/bin/env bash
# Install Debian packages if we can (root with apt-get), else say exactly what to run.
#   tools/apt_ensure.sh PACKAGE...
set -euo pipefail
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q "$@"
else
    echo "missing Debian packages: $*; install them with: sudo apt-get install $*" >&2
    exit 1
fi
