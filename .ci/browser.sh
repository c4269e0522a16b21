#!/usr/bin/env bash
# Installs what the browser test (tests/e2e) needs: Debian's chromium and Playwright for Python (the driver only;
# it never downloads a browser of its own, the tests launch /usr/bin/chromium). Safe to run again.
set -euo pipefail
# The Python whose environment runs the tests: the active virtualenv's (as in .ci/run), or $PYTHON.
PY="${PYTHON:-python3}"
if [ ! -x /usr/bin/chromium ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends chromium
fi
# tests/e2e/test_tiles_e2e.py runs Chromium with one of these two fonts alone (Debian images have them; fontconfig's
# own dependencies bring them): the tiles must draw the same with either
if [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends fonts-dejavu-core
fi
if ! "$PY" -c "import playwright.sync_api" 2>/dev/null; then
  "$PY" -m pip install -q "playwright>=1.40"
fi
/usr/bin/chromium --version
