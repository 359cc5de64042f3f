"""flipblox's GF(2) Lights Out core against the M4RI program (benches/m4ri/lights_out_m4ri.c).

Usage: python3 compare.py FLIPBLOX M4RI_PROGRAM WORKDIR [N ...] (run by compare.sh, which builds
both). For each N (default 63 127 255 511 1023), goal (any, white) and number of boards (1, 64):
random solvable boards (benches/m4ri/boards.py), both programs' outputs compared byte for byte,
then RUNS alternating runs of each, whole process; prints the median CPU time (user + system),
the ratio flipblox / M4RI, the peak RSS of both (the child's peak includes the Python
process it was forked from, about 14 MB, so smaller peaks read as that floor) and the M4RI program's phases (its standard
error). flipblox's set-up and per-board cost follow from its one-board and 64-board times.
"""

import os
import statistics
import subprocess
import sys

RUNS = int(os.environ.get("RUNS", "5"))
HERE = os.path.dirname(os.path.abspath(__file__))


def run(argv, out_path):
    """Runs argv with stdout to out_path: (CPU seconds, peak RSS in KiB, stderr text)."""
    with open(out_path, "wb") as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.PIPE)
        err = proc.stderr.read().decode()
        _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed: {err}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss, err


def main():
    flipblox, m4ri, work = sys.argv[1:4]
    sizes = [int(n) for n in sys.argv[4:]] or [63, 127, 255, 511, 1023]
    print(f"{RUNS} alternating runs each, median CPU (user+sys); load {os.getloadavg()[0]:.1f}")
    print("n     goal  boards  flipblox ms  m4ri ms  ratio  RSS MB f/m   m4ri phases")
    for n in sizes:
        for count in (1, 64):
            boards = os.path.join(work, f"boards-{n}-{count}.txt")
            subprocess.run(
                [sys.executable, os.path.join(HERE, "boards.py"), str(n), str(count), str(n), boards],
                check=True,
            )
            for goal in ("any", "white"):
                f_argv = [flipblox, "flip", "--size", f"{n}x{n}", "--goal", goal, boards]
                m_argv = [m4ri, str(n), goal, boards]
                f_out, m_out = os.path.join(work, "f.out"), os.path.join(work, "m.out")
                f_cpu, m_cpu, f_rss, m_rss = [], [], 0, 0
                for _ in range(RUNS):
                    cpu, rss, _ = run(f_argv, f_out)
                    f_cpu.append(cpu)
                    f_rss = max(f_rss, rss)
                    cpu, rss, phases = run(m_argv, m_out)
                    m_cpu.append(cpu)
                    m_rss = max(m_rss, rss)
                with open(f_out, "rb") as a, open(m_out, "rb") as b:
                    if a.read() != b.read():
                        sys.exit(f"n {n} goal {goal} {count} boards: the answers differ")
                f, m = statistics.median(f_cpu), statistics.median(m_cpu)
                print(
                    f"{n:<5} {goal:<5} {count:>6}  {1e3 * f:>11.1f}  {1e3 * m:>7.1f}  "
                    f"{f / m:>5.2f}  {f_rss / 1024:>5.1f}/{m_rss / 1024:<5.1f}  "
                    f"{phases.strip().split(': ', 1)[-1]}"
                )
            os.remove(boards)


if __name__ == "__main__":
    main()
