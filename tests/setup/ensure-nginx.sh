#!/bin/sh
# Installs Debian's nginx for the two-replica test, which puts it in front of two servers.
# Without root or apt the test says why it skips; nothing else needs nginx.
set -eu
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's nginx for the two-replica test..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null 2>&1 \
    || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
fi
exit 0
