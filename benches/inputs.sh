#!/usr/bin/env bash
# The inputs of docs/PERFORMANCE.md, written to the working directory: level packs from
# GEN_LEVELS (the development machine's shared tools' deterministic gen_levels.py; any pack of
# the same shape stands in) and boards from Python's `random` with fixed seeds.
# Usage: benches/inputs.sh GEN_LEVELS [FLIPBLOX_REPOSITORY]   (the repository: this one)
set -euo pipefail
G=$1
repo=${2:-$(dirname "$0")/..}
python3 "$G" mixed 400000 16 16 42 > mixed.txt                 # 400,000 levels, 46 MB
python3 "$G" field 12 500 500 4242 | sed '$d' > fieldpack.txt   # the field pack: 12 fields
cat "$repo/tests/data/bloxorz/large-500.txt" >> fieldpack.txt    # ... and the 8 levels of large-500
python3 "$G" open 40 500 500 7 > open40.txt
python3 "$G" maze 40 500 500 7 > maze40.txt
awk 'NF == 2 && $1 ~ /^[0-9]+$/ { if (++n > 40000) exit } { print }' mixed.txt > mixed40k.txt
python3 - <<'EOF'
import random

r = random.Random(1753)
with open("boards.txt", "w") as f:  # 1,000,000 4x4 boards
    for s in (r.getrandbits(16) for _ in range(1000000)):
        f.write("".join("".join("b" if s >> (4 * i + c) & 1 else "w" for c in range(4)) + "\n"
                        for i in range(4)))
r = random.Random(15)
for n, count in [(5, 200000), (20, 20000), (100, 1000), (256, 1), (512, 1), (1024, 1)]:
    with open(f"b{n}.txt", "w") as f:  # b5.txt, b20.txt, ..., b1024.txt: black or white, 1/2
        for _ in range(n * count):
            f.write("".join("bw"[r.getrandbits(1)] for _ in range(n)) + "\n")
r = random.Random(13)
for n, count in [(5, 100000), (20, 10000), (100, 1000)]:  # three colours: k3_5.txt, ...
    with open(f"k3_{n}.txt", "w") as f:
        for _ in range(n * count):
            f.write("".join("012"[r.randrange(3)] for _ in range(n)) + "\n")
EOF
head -100 b100.txt > b100-1.txt                                   # one board of 100 x 100
