#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests (run as root, idempotent).
# The tests drive /usr/bin/chromium through Playwright; no browser is ever
# downloaded at test time.
set -euo pipefail

log() { echo "chromium-ci: $*" >&2; }

if [ -x /usr/bin/chromium ]; then
    log "$(/usr/bin/chromium --version 2>/dev/null || echo 'chromium present')"
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        exec sudo --non-interactive "$0" "$@"
    fi
    log "run me as root (I install Debian's chromium package)"
    exit 1
fi
log "installing chromium from the Debian packages"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq chromium fonts-dejavu-core >&2
log "$(/usr/bin/chromium --version)"
