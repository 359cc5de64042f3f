#!/usr/bin/env python3
"""Big POJ 3322 levels: CPU per explored state, peak RSS per padded cell, and CPU against the
seed's C++ BFS (benches/cpp/poj3322_bfs.cpp), for the generator's field, open and maze levels of
1000, 2000, 4000 and 8000 a side (docs/PERFORMANCE.md, "Big levels").

Usage: python3 benches/big_levels.py FLIPBLOX CPP_BFS GEN_LEVELS [SIDE ...]

FLIPBLOX is the release binary, CPP_BFS `g++ -O2 -o target/poj3322_bfs
benches/cpp/poj3322_bfs.cpp`, GEN_LEVELS the shared tools' gen_levels.py. CPU is `perf stat -e
task-clock` (user + sys of the process), the median of 11 runs (5 at 8000) alternating the two
programs; both must print the same answers. Levels are written to the working directory and
the 8000 ones removed after use.
"""
import json
import os
import statistics
import subprocess
import sys


def task_clock(cmd, stdin):
    """Seconds of CPU of one run of `cmd` reading `stdin`."""
    with open(stdin) as f:
        run = subprocess.run(["perf", "stat", "-x,", "-e", "task-clock"] + cmd, stdin=f,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             check=True)
    return float(run.stderr.strip().splitlines()[-1].split(",")[0]) / 1e3


def peak_rss(cmd):
    """Bytes of peak RSS of one run of `cmd`."""
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    return usage.ru_maxrss * 1024


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    flipblox, cpp, gen = sys.argv[1:4]
    sides = [int(s) for s in sys.argv[4:]] or [1000, 2000, 4000, 8000]
    for kind in ["field", "open", "maze"]:
        for n in sides:
            level = f"{kind}{n}.txt"
            if not os.path.exists(level):
                with open(level, "w") as out:
                    subprocess.run(["python3", gen, kind, "1", str(n), str(n), "4"], stdout=out,
                                   check=True)
            ours = [flipblox, "bloxorz", "--jobs", "1", level]
            answers = subprocess.run(ours, capture_output=True, text=True).stdout
            with open(level) as f:
                theirs = subprocess.run([cpp], stdin=f, capture_output=True, text=True).stdout
            if answers != theirs:
                sys.exit(f"{level}: the answers differ: {answers!r} against {theirs!r}")
            record = subprocess.run(ours[:-1] + ["--json", level], capture_output=True,
                                    text=True).stdout
            states = json.loads(record.splitlines()[0])["states_explored"]
            ours_cpu, theirs_cpu = [], []
            for _ in range(11 if n < 8000 else 5):
                ours_cpu.append(task_clock(ours, "/dev/null"))
                theirs_cpu.append(task_clock([cpp], level))
            cpu, cpp_cpu = statistics.median(ours_cpu), statistics.median(theirs_cpu)
            print(f"{kind} {n}: {states} states, {cpu * 1e3:.1f} ms, "
                  f"{cpu / states * 1e9:.1f} ns/state, "
                  f"{peak_rss(ours) / (n + 4) ** 2:.1f} B/cell, "
                  f"C++ {cpp_cpu * 1e3:.1f} ms, ratio {cpu / cpp_cpu:.2f}, "
                  f"load {os.getloadavg()[0]:.1f}", flush=True)
            if n == 8000:
                os.remove(level)


if __name__ == "__main__":
    main()
