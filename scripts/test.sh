#!/usr/bin/env bash
# Installs everything the test suite needs on a fresh Debian machine, then runs it all.
# Extra arguments go to pytest (e.g. `bash scripts/test.sh tests/lopti -x`).
set -euo pipefail
cd "$(dirname "$0")/.."

# Browser tests drive Debian's Chromium; the rooms tests start a real redis-server.
if ! command -v chromium >/dev/null 2>&1 || ! command -v redis-server >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium redis-server >/dev/null
fi

# axe-core (the accessibility checker the browser tests inject into each page), pinned, from npm
AXE_VERSION=4.14.1
if [ ! -f .cache/axe/node_modules/axe-core/axe.min.js ] || \
   [ "$(node -p "require('./.cache/axe/node_modules/axe-core/package.json').version" 2>/dev/null)" != "$AXE_VERSION" ]; then
  if ! command -v npm >/dev/null 2>&1; then
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq npm >/dev/null
  fi
  npm install --prefix .cache/axe --no-audit --no-fund --silent "axe-core@$AXE_VERSION"
fi

# at the exact versions Binder builds (binder/constraints.txt, scripts/pin_constraints.py)
python3 -m pip install -q --disable-pip-version-check -e ".[test]" -c binder/constraints.txt
# The whole suite runs in two worker processes (CI's two cores; LOPTI_NB_TEST_WORKERS=1 for one),
# each test file whole on one worker; with arguments, pytest runs them as given.
if [ "$#" -eq 0 ]; then
  set -- -n "${LOPTI_NB_TEST_WORKERS:-2}" --dist loadfile --durations=25
fi
python3 -m pytest "$@"
