#!/usr/bin/env bash
# The site's tests: builds it (web/build.sh), serves target/web/ on 127.0.0.1 with Python's
# http.server on a free port, runs web/tests (pytest, Selenium driving headless Chromium through
# chromedriver) against it and the command-line tool, and stops the server.
#
# Needs: Debian's chromium and chromium-driver (.ci/run installs them), python3 with venv.
# Selenium and pytest are installed from PyPI into target/web-venv when missing.
# Screenshots and measurements go to target/web-shots/.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in chromium chromedriver; do
    command -v "$tool" >/dev/null 2>&1 || {
        echo "web/test.sh: $tool is missing (Debian: apt-get install chromium chromium-driver)" >&2
        exit 1
    }
done

web/build.sh
# The command-line tool the page's answers are compared with.
cargo build --locked
export FLIPBLOX_CLI="$PWD/target/debug/flipblox"

venv=target/web-venv
if ! "$venv/bin/python" -c "import selenium, pytest" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check selenium pytest
fi

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind 127.0.0.1 --directory target/web "$port" >target/web-server.log 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
# Wait for the server to answer.
for _ in $(seq 50); do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html')" \
        2>/dev/null && break
    sleep 0.2
done

export FLIPBLOX_WEB_URL="http://127.0.0.1:$port/index.html"
export FLIPBLOX_WEB_SHOTS="$PWD/target/web-shots"
FLIPBLOX_CHROMIUM=$(command -v chromium)
FLIPBLOX_CHROMEDRIVER=$(command -v chromedriver)
export FLIPBLOX_CHROMIUM FLIPBLOX_CHROMEDRIVER
"$venv/bin/python" -m pytest -p no:cacheprovider web/tests "$@"
