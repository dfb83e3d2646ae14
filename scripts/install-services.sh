#!/bin/sh
# Makes sure the deployment tests (test/deployment) have Debian's nginx and redis-server:
# installs the missing packages with apt-get, and fails loudly when it cannot.
# The tests run both binaries themselves, in the foreground, each with its own generated config,
# port and temporary directory; nothing is started here, and no system-wide service is left running.
# NGINX_PATH and REDIS_SERVER_PATH name other binaries (the tests read the same variables).
set -eu

NGINX="${NGINX_PATH:-/usr/sbin/nginx}"
REDIS="${REDIS_SERVER_PATH:-/usr/bin/redis-server}"

fail() {
  echo "install-services: $1" >&2
  echo "install-services: the deployment tests (test/deployment/*.test.ts) will fail without nginx and redis-server." >&2
  exit 1
}

# Sets $missing to the packages whose binary is absent; exits 0 when both are there.
check_installed() {
  missing=""
  [ -x "$NGINX" ] || missing="$missing nginx"
  [ -x "$REDIS" ] || missing="$missing redis-server"
  if [ -z "$missing" ]; then
    echo "install-services: found $NGINX and $REDIS"
    exit 0
  fi
}

check_installed

# Test files run in parallel and each calls this script: one installs, the others wait for it
# (two apt-get at once would fail on dpkg's lock) and then find the binaries.
if command -v flock >/dev/null 2>&1; then
  exec 9>"${TMPDIR:-/tmp}/portico-install-services.lock"
  flock 9
  check_installed
fi

command -v apt-get >/dev/null 2>&1 || fail "missing:$missing, and apt-get is not available: install them, or set NGINX_PATH / REDIS_SERVER_PATH."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || fail "missing:$missing; installing them needs root (not root, and no sudo here)."
  sudo -n true 2>/dev/null || fail "missing:$missing; installing them needs root, and sudo asks for a password."
  SUDO="sudo -n"
fi

# The packages' install scripts would start nginx on port 80 and redis on 6379 as system services.
# A policy-rc.d that answers 101 ("action forbidden") stops that; ours is removed afterwards, and an
# existing one is left as it is.
POLICY=/usr/sbin/policy-rc.d
OWN_POLICY=""
if [ ! -e "$POLICY" ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$POLICY" >/dev/null || fail "cannot write $POLICY."
  $SUDO chmod 755 "$POLICY"
  OWN_POLICY=1
fi
cleanup() { if [ -n "$OWN_POLICY" ]; then $SUDO rm -f "$POLICY"; fi; }
trap cleanup EXIT

echo "install-services: missing:$missing; installing Debian's packages"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || fail "apt-get update failed."
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null || fail "apt-get install$missing failed."

[ -x "$NGINX" ] || fail "the nginx package is installed but $NGINX is still missing."
[ -x "$REDIS" ] || fail "the redis-server package is installed but $REDIS is still missing."
echo "install-services: installed$missing"
