"""flipblox's GF(2) Lights Out core against the M4RI program (benches/m4ri/lights_out_m4ri.c).

Usage: python3 compare.py FLIPBLOX M4RI_PROGRAM WORKDIR [N ...] (run by compare.sh, which builds
both). For each N (default 63 127 255 511 1023), goal (any, white) and number of boards (1, 64):
random solvable boards (benches/m4ri/boards.py), both programs' outputs compared byte for byte,
then RUNS alternating runs of each, whole process; prints the median CPU time (user + system)
and the ratio flipblox / M4RI. One more run of each, with FLIPBLOX_PHASES=1, gives both
programs' phases (chase, elimination, per-board solve, coset walk: wall-clock, on standard
error) and their peak RSS, measured by /usr/bin/time when it is installed (a child of Python
inherits Python's peak, about 14 MB, which then reads as a floor: marked with `>=`).
"""

import os
import statistics
import subprocess
import sys

RUNS = int(os.environ.get("RUNS", "5"))
HERE = os.path.dirname(os.path.abspath(__file__))


TIME = "/usr/bin/time"


def run(argv, out_path, env=None):
    """Runs argv with stdout to out_path: (CPU seconds, peak RSS in KiB, stderr text)."""
    with open(out_path, "wb") as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.PIPE, env=env)
        err = proc.stderr.read().decode()
        _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed: {err}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss, err


def phases_and_rss(argv, out_path, work):
    """One run with FLIPBLOX_PHASES=1: (its phases line, peak RSS text in MB)."""
    env = dict(os.environ, FLIPBLOX_PHASES="1")
    if os.access(TIME, os.X_OK):
        rss_path = os.path.join(work, "rss")
        _, _, err = run([TIME, "-o", rss_path, "-f", "%M", *argv], out_path, env)
        with open(rss_path) as f:
            rss = f"{int(f.read().split()[-1]) / 1024:.1f}"
    else:
        _, kib, err = run(argv, out_path, env)
        rss = f">={kib / 1024:.1f}"
    return err.strip().split(": ", 1)[-1], rss


def main():
    flipblox, m4ri, work = sys.argv[1:4]
    sizes = [int(n) for n in sys.argv[4:]] or [63, 127, 255, 511, 1023]
    print(f"{RUNS} alternating runs each, median CPU (user+sys); load {os.getloadavg()[0]:.1f}")
    print("n     goal  boards  flipblox ms  m4ri ms  ratio  peak RSS MB f/m    phases (f, m)")
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
                f_cpu, m_cpu = [], []
                for _ in range(RUNS):
                    f_cpu.append(run(f_argv, f_out)[0])
                    m_cpu.append(run(m_argv, m_out)[0])
                with open(f_out, "rb") as a, open(m_out, "rb") as b:
                    if a.read() != b.read():
                        sys.exit(f"n {n} goal {goal} {count} boards: the answers differ")
                f_phases, f_rss = phases_and_rss(f_argv, f_out, work)
                m_phases, m_rss = phases_and_rss(m_argv, m_out, work)
                f, m = statistics.median(f_cpu), statistics.median(m_cpu)
                print(
                    f"{n:<5} {goal:<5} {count:>6}  {1e3 * f:>11.1f}  {1e3 * m:>7.1f}  "
                    f"{f / m:>5.2f}  {f_rss:>7}/{m_rss:<7}  f {f_phases}\n{'':>56}m {m_phases}"
                )
            os.remove(boards)


if __name__ == "__main__":
    main()
