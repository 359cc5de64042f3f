"""Random solvable Lights Out boards for benches/m4ri/compare.py.

Usage: python3 boards.py N COUNT SEED FILE. Each board starts all white (off) and every cell is
pressed with probability 1/2 (the plus-shaped toggle, no wrap-around), so every board can be
turned all white. Writes COUNT boards of N lines of N characters `b`/`w`, a blank line after each.
"""

import random
import sys

PIECES = str.maketrans("01", "wb")


def board(n, rng):
    mask = (1 << n) - 1
    presses = [rng.getrandbits(n) for _ in range(n)]
    rows = []
    for r in range(n):
        p = presses[r]
        v = p ^ (p << 1 & mask) ^ (p >> 1)
        if r > 0:
            v ^= presses[r - 1]
        if r + 1 < n:
            v ^= presses[r + 1]
        # Bit c is column c: the binary digits reversed, 1 -> b, 0 -> w.
        rows.append(format(v, f"0{n}b")[::-1].translate(PIECES))
    return rows


def main():
    n, count, seed, path = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    rng = random.Random(seed)
    with open(path, "w") as f:
        for _ in range(count):
            f.write("\n".join(board(n, rng)) + "\n\n")


if __name__ == "__main__":
    main()
