#!/bin/sh
# Makes sure Prometheus' promtool is there for the server test that checks the /metrics output.
set -eu
command -v promtool >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing promtool (Debian's prometheus package) for the metrics test..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null
  exit 0
fi
echo "The metrics test needs promtool." >&2
echo "Install it with 'sudo apt-get install prometheus' or from https://prometheus.io/download/." >&2
exit 1
