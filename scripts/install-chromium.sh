#!/bin/sh
# Makes sure the browser tests (test/e2e) have Debian's Chromium: installs the `chromium`
# package with apt-get when it is missing, and fails loudly when it cannot.
# CHROMIUM_PATH names another binary (the tests read the same variable).
set -eu

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"

fail() {
  echo "install-chromium: $1" >&2
  echo "install-chromium: the browser tests (test/e2e/*.browser.test.ts) will fail without Chromium." >&2
  exit 1
}

if [ -x "$CHROMIUM" ]; then
  echo "install-chromium: found $CHROMIUM"
  exit 0
fi

command -v apt-get >/dev/null 2>&1 || fail "$CHROMIUM is missing and apt-get is not available: install Chromium, or set CHROMIUM_PATH to it."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || fail "$CHROMIUM is missing and installing it needs root (no sudo here)."
  SUDO="sudo"
fi

echo "install-chromium: $CHROMIUM is missing; installing Debian's chromium package"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || fail "apt-get update failed."
$SUDO apt-get install -y -qq chromium >/dev/null || fail "apt-get install chromium failed."

[ -x "$CHROMIUM" ] || fail "the chromium package is installed but $CHROMIUM is still missing."
echo "install-chromium: installed $CHROMIUM"
