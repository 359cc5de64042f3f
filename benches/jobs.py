#!/usr/bin/env python3
"""Packs on one and two jobs: the wall time of `flipblox bloxorz --jobs 1` and `--jobs 2` on a
pack of 16 hard switch levels and on the 2,000-level mixed pack, and, when this Python can import
the package `flipblox`, of `solve(pack, jobs=N)` and of docs/SCALE.md's recipes on 8 parts
(processes, threads, and Dask when installed). Each figure is the median of 3 runs; the command
line's outputs with 1 and 2 jobs are compared byte for byte.

usage (from the repository's root, after `cargo build --release --locked --bin flipblox
--example switch_levels`):

    .venv/bin/python benches/jobs.py [FLIPBLOX [SWITCH_LEVELS]]

FLIPBLOX defaults to target/release/flipblox, SWITCH_LEVELS to
target/release/examples/switch_levels, which writes the hard level (a 23 x 73 Chinese-rings
level of 13.3 M states: `switch_levels 10000000`). The packs are written to target/bench-jobs/.
"""

import os
import pathlib
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

ROOT = pathlib.Path(__file__).resolve().parents[1]
RUNS = 3
PARTS = 8
JOBS = 2


def median_wall(run):
    """The median wall time of `run()` in seconds, and its last result."""
    times, result = [], None
    for _ in range(RUNS):
        begin = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - begin)
    return statistics.median(times), result


def packs(switch_levels):
    out = ROOT / "target" / "bench-jobs"
    out.mkdir(parents=True, exist_ok=True)
    level = subprocess.run([switch_levels, "10000000"], check=True, capture_output=True).stdout
    # The generator ends its pack with `0 0`, which would end the pack after the first copy.
    level = b"".join(line for line in level.splitlines(True) if line.strip() != b"0 0")
    hard = out / "hard16.txt"
    hard.write_bytes(level * 16)
    return [("16 switch levels of 13.3 M states", hard),
            ("mixed-small.txt, 2,000 levels", ROOT / "data" / "bloxorz" / "mixed-small.txt")]  # fmt: skip


def solve_part(pack, part, parts):
    import flipblox

    return flipblox.solve(pathlib.Path(pack), shard=(part, parts), jobs=1)


def merge(parts):
    return sorted((record for part in parts for record in part), key=lambda r: r["index"])


def recipes(pack):
    """(name, run) of the in-process calls and the recipes, those this Python can run."""
    try:
        import flipblox
    except ImportError:
        return []
    pack = str(pack)
    args = ([pack] * PARTS, range(1, PARTS + 1), [PARTS] * PARTS)

    def processes():
        with ProcessPoolExecutor(max_workers=JOBS) as pool:
            return merge(pool.map(solve_part, *args))

    def threads():
        with ThreadPoolExecutor(max_workers=JOBS) as pool:
            return merge(pool.map(solve_part, *args))

    found = [
        ("`solve(pack, jobs=1)`", lambda: flipblox.solve(pathlib.Path(pack), jobs=1)),
        ("`solve(pack, jobs=2)`", lambda: flipblox.solve(pathlib.Path(pack), jobs=JOBS)),
        (f"processes recipe, {PARTS} parts, 2 workers", processes),
        (f"threads recipe, {PARTS} parts, 2 threads", threads),
    ]
    try:
        import dask.bag
    except ImportError:
        return found

    def dask_recipe():
        bag = dask.bag.from_sequence(range(1, PARTS + 1), npartitions=PARTS)
        parts = bag.map(lambda k: solve_part(pack, k, PARTS))
        return merge(parts.compute(scheduler="processes", num_workers=JOBS, chunksize=1))

    return [*found, (f"Dask recipe, {PARTS} parts, 2 processes", dask_recipe)]


def main():
    cli = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target/release/flipblox")
    switch_levels = sys.argv[2] if len(sys.argv) > 2 else str(
        ROOT / "target/release/examples/switch_levels")  # fmt: skip
    print(f"load average before: {os.getloadavg()[0]:.2f}; medians of {RUNS} runs")
    print("| pack | command | wall |")
    print("|---|---|---|")
    for name, pack in packs(switch_levels):
        outputs = {}
        for jobs in (1, JOBS):
            command = [cli, "bloxorz", "--jobs", str(jobs), str(pack)]
            run = lambda: subprocess.run(command, check=True, capture_output=True).stdout  # noqa: E731
            wall, outputs[jobs] = median_wall(run)
            print(f"| {name} | `flipblox bloxorz --jobs {jobs}` | {wall:.2f} s |", flush=True)
        assert outputs[1] == outputs[JOBS], f"{pack}: --jobs {JOBS} prints other bytes"
        whole = None
        for label, run in recipes(pack):
            wall, records = median_wall(run)
            whole = whole or records
            assert records == whole, f"{pack}: {label} gives other records"
            print(f"| {name} | {label} | {wall:.2f} s |", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
