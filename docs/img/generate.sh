#!/usr/bin/env bash
# Draws the README's pictures into docs/img/ from the repository's own inputs:
#
#   cargo build --release && docs/img/generate.sh [FLIPBLOX]
#
# FLIPBLOX is the binary (default target/release/flipblox). Every `run render` line below draws
# one picture; tests/render_cli.rs runs each of them again and checks that the committed file is
# what it draws. The contact sheet's screenshot needs Chromium (Debian's `chromium` package); it
# is skipped, with a note, when there is none.
set -euo pipefail
cd "$(dirname "$0")/../.."
flipblox=${1:-target/release/flipblox}
run() { "$flipblox" "$@"; }

run render bloxorz data/bloxorz/demo.txt --level 1 -o docs/img/level.svg
run render bloxorz data/bloxorz/demo.txt --level 1 --path -o docs/img/path.svg
run render bloxorz data/bloxorz/demo.txt --level 1 --animate -o docs/img/animation.svg
run render field data/bloxorz/poj-sample.txt --level 1 -o docs/img/field.svg
run render flip --board bwwb/bbwb/bwwb/bwww -o docs/img/flip.svg
run render stats --size 5x5 -o docs/img/histogram.svg

# The top of the contact sheet of the 2,000 levels of mixed-small.txt, as headless Chromium
# shows it.
chromium=$(command -v chromium || true)
if [ -z "$chromium" ]; then
    echo "no chromium: docs/img/contact-sheet.png not redrawn" >&2
    exit 0
fi
sheet=$(mktemp -d)
trap 'rm -rf "$sheet"' EXIT
run render bloxorz data/bloxorz/mixed-small.txt -o "$sheet/"
"$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --window-size=980,560 --screenshot="$PWD/docs/img/contact-sheet.png" \
    "file://$sheet/index.html" 2>/dev/null
