"""The cost of calling flipblox from Python against the command-line tool, on the same inputs.

    python python/benches/overhead.py [--cli target/release/flipblox] [--runs 7]

Run from the repository root with the package installed (`pip install ./python`) and a release
build of the command-line tool (`cargo build --release`). Prints, per board or level, the
median over `--runs` runs (the runs of each way alternate, so a busy machine slows them alike):

- Flip Game: the 1,000 boards of data/flip/boards-1000.txt answered by `flipblox flip` (one
  process for all of them), by one `Variant.solve(list)` call, by one Python call per board
  (`Variant.solve(text)` and `flipblox.distance(text)`), and one `flipblox flip` process per
  board (a shell loop's cost);
- Bloxorz: the 2,000 small levels of data/bloxorz/mixed-small.txt solved by `flipblox bloxorz
  --jobs 1` (one process), one `flipblox.solve(path, jobs=1)` call, one `solve` call per level
  (each level's text), and one process per level.

The overhead of a call is its time per board or level less the command-line tool's.
"""

import argparse
import pathlib
import statistics
import subprocess
import time

import flipblox

ROOT = pathlib.Path(__file__).resolve().parents[2]


def flip_boards(path):
    lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    return ["/".join(lines[i : i + 4]) for i in range(0, len(lines), 4)]


def level_texts(path):
    """Each level of a POJ 3322 pack (no comments) as its own text, with its header."""
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    levels, i = [], 0
    while i < len(lines):
        rows, cols = map(int, lines[i].split())
        if rows == cols == 0:
            break
        levels.append("\n".join(lines[i : i + 1 + rows]) + "\n")
        i += 1 + rows
    return levels


def timed(work):
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default=str(ROOT / "target" / "release" / "flipblox"))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--processes", type=int, default=200,
                        help="boards and levels run as one process each (a sample)")
    args = parser.parse_args()
    cli = args.cli
    boards_file = ROOT / "data" / "flip" / "boards-1000.txt"
    pack = ROOT / "data" / "bloxorz" / "mixed-small.txt"
    boards, levels = flip_boards(boards_file), level_texts(pack)
    variant = flipblox.Variant()
    run = lambda *a, **k: subprocess.run(a, check=True, stdout=subprocess.DEVNULL, **k)
    ways = {
        "flip: CLI, one process": (len(boards), lambda: run(cli, "flip", str(boards_file))),
        "flip: Variant.solve(list)": (len(boards), lambda: variant.solve(boards)),
        "flip: Variant.solve(text) per board": (len(boards),
                                                lambda: [variant.solve(b) for b in boards]),
        "flip: distance(text) per board": (len(boards),
                                           lambda: [flipblox.distance(b) for b in boards]),
        "flip: CLI, one process per board": (args.processes, lambda: [
            run(cli, "flip", "-", input=b.replace("/", "\n").encode())
            for b in boards[: args.processes]]),
        "bloxorz: CLI --jobs 1, one process": (len(levels),
                                               lambda: run(cli, "bloxorz", "--jobs", "1", str(pack))),
        "bloxorz: solve(path, jobs=1)": (len(levels), lambda: flipblox.solve(pack, jobs=1)),
        "bloxorz: solve(text, jobs=1) per level": (len(levels),
                                                   lambda: [flipblox.solve(t, jobs=1) for t in levels]),
        "bloxorz: CLI, one process per level": (args.processes, lambda: [
            run(cli, "bloxorz", "--jobs", "1", "-", input=t.encode())
            for t in levels[: args.processes]]),
    }  # fmt: skip
    times = {name: [] for name in ways}
    for _ in range(args.runs):
        for name, (count, work) in ways.items():
            times[name].append(timed(work) / count)
    for name, samples in times.items():
        print(f"{name:45} {statistics.median(samples) * 1e6:10.2f} us per board or level")


if __name__ == "__main__":
    main()
