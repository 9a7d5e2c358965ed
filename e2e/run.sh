#!/usr/bin/env bash
# Runs the Playwright journeys in Debian's Chromium, installing it first on a fresh machine.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "Chromium not found at $chromium; installing Debian's chromium package..."
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq chromium >/dev/null
fi
exec npx playwright test "$@"
