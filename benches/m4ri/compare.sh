#!/usr/bin/env bash
# flipblox's GF(2) Lights Out core against a C program on M4RI (see lights_out_m4ri.c and
# compare.py). Needs gcc, python3 and Debian's libm4ri-dev; skips with a message without the
# library. Usage: benches/m4ri/compare.sh [N ...]   (RUNS=5 alternating runs by default)
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! pkg-config --exists m4ri 2>/dev/null && [ ! -e /usr/include/m4ri/m4ri.h ]; then
    echo "benches/m4ri: skipped: M4RI is not installed (sudo apt-get install libm4ri-dev pkg-config)"
    exit 0
fi
flags=$(pkg-config --cflags --libs m4ri 2>/dev/null || echo "-lm4ri -lm")
work=$(mktemp -d "${TMPDIR:-/tmp}/flipblox-m4ri.XXXXXX")
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2086  # the flags are words
gcc -O3 -o "$work/lights_out_m4ri" benches/m4ri/lights_out_m4ri.c $flags
cargo build --release --locked --quiet
python3 benches/m4ri/compare.py target/release/flipblox "$work/lights_out_m4ri" "$work" "$@"
