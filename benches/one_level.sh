#!/usr/bin/env bash
# One huge level on one and on two jobs (issue 43, item 4): the wall and user seconds (best of
# RUNS) and the peak RSS of `flipblox bloxorz --path --jobs N`, for a 4000 x 4000 open field (the
# start and the target at opposite corners: 48 M states, written to the working directory) and
# any further level files given. Both job counts must print the same bytes.
# Usage: benches/one_level.sh [FLIPBLOX] [LEVEL_FILE ...]   (FLIPBLOX: target/release/flipblox)
# Environment: RUNS (3), ARGS (--path: the search that keeps moves; empty for distances only).
set -euo pipefail
bin=${1:-$(dirname "$0")/../target/release/flipblox}
shift || true
runs=${RUNS:-3}
args=${ARGS---path}
python3 - <<'PY'
n = 4000
rows = ["." * n] * n
rows[1] = ".X" + "." * (n - 2)
rows[n - 2] = "." * (n - 2) + "O."
with open("field4000.txt", "w") as f:
    f.write(f"{n} {n}\n" + "\n".join(rows) + "\n0 0\n")
PY
printf '%-24s %4s %8s %8s %9s\n' level jobs wall_s user_s peak_MB
for level in field4000.txt "$@"; do
    want=""
    for jobs in 1 2; do
        best=""
        for _ in $(seq "$runs"); do
            out=$( { /usr/bin/time -f '%e %U %M' "$bin" bloxorz $args --jobs "$jobs" "$level" \
                > one_level.out; } 2>&1 | tail -1)
            sum=$(md5sum < one_level.out)
            if [ -z "$want" ]; then want=$sum; fi
            if [ "$sum" != "$want" ]; then echo "$level: --jobs $jobs printed other bytes" >&2; exit 1; fi
            if [ -z "$best" ] || awk -v a="$out" -v b="$best" 'BEGIN { split(a, x); split(b, y); exit !(x[1] < y[1]) }'; then
                best=$out
            fi
        done
        read -r wall user rss <<< "$best"
        printf '%-24s %4s %8s %8s %9.1f\n' "$(basename "$level")" "$jobs" "$wall" "$user" "$(echo "$rss / 1024" | bc -l)"
    done
done
rm -f one_level.out
