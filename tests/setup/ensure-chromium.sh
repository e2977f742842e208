#!/bin/sh
# Makes sure Debian's Chromium is there for the end-to-end tests (browsers cannot be downloaded here).
set -eu
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's Chromium for the end-to-end tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
  exit 0
fi
echo "The end-to-end tests need Chromium at $chromium." >&2
echo "Install it with 'sudo apt-get install chromium fonts-liberation', or set CHROMIUM_PATH to a Chromium binary." >&2
exit 1
