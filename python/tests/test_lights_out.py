"""flipblox.Variant, distance, table and load_table against the expected files, a brute force
over press sets written here independently of the library, and the command-line tool's exports."""

import itertools
import subprocess

import numpy as np
import pytest

import flipblox
from conftest import DATA, expected_answers

PLUS = ".x./xxx/.x."


def flip_boards(path):
    """The 4x4 boards of a POJ 1753 file (four lines each), as `row/row/row/row` texts."""
    lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    return ["/".join(lines[i : i + 4]) for i in range(0, len(lines), 4)]


def offsets(toggle):
    """The (dr, dc) a press toggles, from the pattern's text (centred, rows split by `/`)."""
    rows = toggle.split("/")
    half_r, half_c = len(rows) // 2, len(rows[0]) // 2
    return [(r - half_r, c - half_c) for r, row in enumerate(rows)
            for c, x in enumerate(row) if x == "x"]  # fmt: skip


def press_matrix(rows, cols, toggle=PLUS, wrap=False):
    """A[cell, press]: 1 where pressing `press` advances `cell`."""
    n = rows * cols
    a = np.zeros((n, n), dtype=np.int64)
    for r, c in itertools.product(range(rows), range(cols)):
        for dr, dc in offsets(toggle):
            y, x = r + dr, c + dc
            if wrap:
                y, x = y % rows, x % cols
            elif not (0 <= y < rows and 0 <= x < cols):
                continue
            a[y * cols + x, r * cols + c] += 1
    return a


def brute_force_table(rows, cols, colours=2, goal="any", toggle=PLUS, wrap=False):
    """The distance of every state (base-K digits, cell r*cols+c the digit of K^(r*cols+c)) by
    trying every press vector: the lightest p with board + A p = a goal board (mod K)."""
    n, k = rows * cols, colours
    a = press_matrix(rows, cols, toggle, wrap)
    presses = np.array(list(itertools.product(range(k), repeat=n)), dtype=np.int64)[:, ::-1]
    weight = presses.sum(axis=1)
    delta = presses @ a.T % k
    place = k ** np.arange(n, dtype=np.int64)
    table = np.full(k**n, 255, dtype=np.int64)
    goals = range(k) if goal == "any" else [goal]
    for g in goals:
        states = (g - delta) % k @ place
        np.minimum.at(table, states, weight)
    return table.astype(np.uint8)


def replay(variant, colours_of_board, answer):
    """The board after the answer's presses (by the press matrix written here)."""
    a = press_matrix(variant.rows, variant.cols, variant.toggle, variant.wrap)
    p = np.zeros(variant.rows * variant.cols, dtype=np.int64)
    for r, c in answer.presses:
        p[r * variant.cols + c] += 1
    board = colours_of_board.reshape(-1).astype(np.int64)
    return ((board + a @ p) % variant.colours).reshape(variant.rows, variant.cols)


@pytest.mark.parametrize("name", ["poj-sample", "boards-1000"])
def test_flip_answers_equal_the_expected_files(name):
    boards = flip_boards(DATA / "flip" / f"{name}.txt")
    expected = expected_answers(DATA / "flip" / f"{name}.expected")
    assert [a.distance for a in flipblox.Variant().solve(boards)] == expected
    assert [flipblox.distance(b) for b in boards] == expected


def test_every_answer_replays_to_the_goal_in_its_number_of_presses():
    variant = flipblox.Variant()
    for text in flip_boards(DATA / "flip" / "boards-1000.txt"):
        answer = variant.solve(text)
        assert answer.proven_minimal
        if answer.distance is None:
            assert answer.presses == [] and answer.colour is None
            continue
        assert len(answer.presses) == answer.distance
        after = replay(variant, variant.board(text), answer)
        assert (after == answer.colour).all()


def test_the_embedded_table_equals_a_brute_force():
    table = flipblox.table()
    assert table.dtype == np.uint8 and table.shape == (65536,)
    np.testing.assert_array_equal(table, brute_force_table(4, 4))
    assert table[0b0001_1001_1011_1001] == 4  # the POJ 1753 sample
    assert (table != 255).sum() == 4096


VARIANTS = [
    dict(rows=3, cols=3, goal="white"),
    dict(rows=3, cols=3, goal="black"),
    dict(rows=2, cols=5),
    dict(rows=3, cols=3, wrap=True),
    dict(rows=3, cols=3, toggle="x.x/.x./x.x", goal="white"),
    dict(rows=3, cols=3, colours=3),
    dict(rows=2, cols=3, colours=4, goal="0"),
]


@pytest.mark.parametrize("options", VARIANTS, ids=str)
def test_variant_tables_and_answers_equal_a_brute_force(options):
    variant = flipblox.Variant(**options)
    goal = options.get("goal", "any")
    goal = {"any": "any", "white": 0, "black": 1}.get(goal, goal)
    goal = int(goal) if goal != "any" else goal
    expected = brute_force_table(variant.rows, variant.cols, variant.colours, goal,
                                 variant.toggle, variant.wrap)  # fmt: skip
    table = variant.table()
    np.testing.assert_array_equal(table, expected)
    rng = np.random.default_rng(7)
    boards = rng.integers(0, variant.colours, size=(40, variant.rows, variant.cols))
    for method in ("auto", "table", "linear_algebra"):
        answers = variant.solve(boards, method=method)
        place = variant.colours ** np.arange(variant.rows * variant.cols)
        for board, answer in zip(boards, answers):
            entry = expected[board.reshape(-1) @ place]
            assert answer.distance == (None if entry == 255 else entry)
            if answer.distance is not None:
                assert len(answer.presses) == answer.distance
                after = replay(variant, board, answer)
                assert (after == answer.colour).all()


def brute_force_counts(variant, goal, board):
    """(solutions, optimal_solutions, distance) of `board` by trying every press vector: how
    many reach a goal board, how many of those are lightest, and their weight (None if none)."""
    n, k = variant.rows * variant.cols, variant.colours
    a = press_matrix(variant.rows, variant.cols, variant.toggle, variant.wrap)
    presses = np.array(list(itertools.product(range(k), repeat=n)), dtype=np.int64)
    after = (board.reshape(-1).astype(np.int64) + presses @ a.T) % k
    uniform = (after == after[:, :1]).all(axis=1)
    reached = uniform if goal == "any" else uniform & (after[:, 0] == goal)
    weights = presses.sum(axis=1)[reached]
    if weights.size == 0:
        return 0, 0, None
    return int(reached.sum()), int((weights == weights.min()).sum()), int(weights.min())


@pytest.mark.parametrize(
    "options, goal",
    [(dict(), "any"), (dict(rows=3, cols=3, goal="white"), 0), (dict(rows=2, cols=5), "any"),
     (dict(rows=3, cols=3, colours=3), "any"), (dict(rows=2, cols=3, colours=4, goal="0"), 0)],
    ids=str,
)  # fmt: skip
def test_counts_and_lower_bounds_equal_a_brute_force(options, goal):
    variant = flipblox.Variant(**options)
    rng = np.random.default_rng(27)
    boards = rng.integers(0, variant.colours, size=(12, variant.rows, variant.cols))
    # Boards made by presses from all white, so that some are solvable where few boards are.
    a = press_matrix(variant.rows, variant.cols, variant.toggle, variant.wrap)
    for i in range(4):
        presses = rng.integers(0, variant.colours, size=variant.rows * variant.cols)
        boards[i] = ((a @ presses) % variant.colours).reshape(variant.rows, variant.cols)
    for board in boards:
        counted = variant.solve(board, counts=True)
        solutions, optimal, distance = brute_force_counts(variant, goal, board)
        assert counted.distance == distance
        assert (counted.solutions, counted.optimal_solutions) == (solutions, optimal)
        assert counted.lower_bound == distance and counted.proven_minimal
        plain = variant.solve(board)
        assert plain.solutions is None and plain.optimal_solutions is None
        assert plain.lower_bound == distance


def test_solution_counts_match_oeis_a075462():
    # A075462: the number of solutions of the n x n Lights Out (all lights off from all on).
    for n, count in [(1, 1), (2, 1), (3, 1), (4, 16), (5, 4), (6, 1), (9, 256)]:
        variant = flipblox.Variant(n, n, goal="white")
        answer = variant.solve(np.ones((n, n), dtype=np.uint8), counts=True)
        assert answer.solutions == count, n


def test_an_answer_past_the_exact_search_has_a_lower_bound_and_counts():
    # 64x64 with 5 colours (goal white) has a null space of dimension 32, too large to weigh
    # whole: the answer replays, its lower bound is below it, and only the count of all
    # solutions, 5**32, is known.
    variant = flipblox.Variant(64, 64, colours=5, goal="white")
    rng = np.random.default_rng(5)
    pressed = np.zeros(64 * 64, dtype=np.int64)
    for cell in rng.integers(0, 64 * 64, size=30):
        pressed[cell] = (pressed[cell] + 1) % 5
    a = press_matrix(64, 64)
    # Pressing each cell back 5 - j times makes a board the presses `pressed` solve.
    board = ((a @ ((5 - pressed) % 5)) % 5).reshape(64, 64)
    answer = variant.solve(board, counts=True)
    assert answer.distance <= pressed.sum()
    assert (replay(variant, board, answer) == 0).all()
    assert answer.lower_bound <= answer.distance
    assert answer.proven_minimal == (answer.lower_bound == answer.distance)
    assert answer.optimal_solutions is None or answer.proven_minimal
    assert answer.solutions == 5**32


def test_boards_as_text_lists_and_arrays_agree():
    variant = flipblox.Variant(5, 5, goal="white")
    texts = ["wbwbw/bwbwb/wbwbw/bwbwb/wbwbw", "bbbbb/bbbbb/bbbbb/bbbbb/bbbbb", "w" * 25]
    arrays = np.stack([variant.board(t) for t in texts])
    assert arrays.shape == (3, 5, 5) and arrays.dtype == np.uint8
    from_texts = variant.solve(texts)
    assert variant.solve(arrays) == from_texts
    assert variant.solve(arrays.astype(bool)) == from_texts
    assert variant.solve(arrays[0]) == from_texts[0]
    assert variant.solve(arrays.tolist()) == from_texts
    assert from_texts[0].distance == 10 and from_texts[0].colour == 0
    assert from_texts[2].distance == 0 and from_texts[2].presses == []


def test_errors_are_exceptions_with_the_command_line_messages():
    variant = flipblox.Variant()
    with pytest.raises(flipblox.BoardError, match=r"^1:5: "):
        variant.solve("bwwbx/bbwb/bwwb/bwww")
    with pytest.raises(flipblox.BoardError, match=r"^boards\[1\]: "):
        variant.solve(["bwwb/bbwb/bwwb/bwww", "bwwb/bbwb"])
    with pytest.raises(flipblox.BoardError, match="colour 2 is not below 2"):
        variant.solve(np.full((4, 4), 2))
    with pytest.raises(flipblox.BoardError, match=r"shape \(4, 4\) or \(N, 4, 4\)"):
        variant.solve(np.zeros((3, 3), dtype=int))
    with pytest.raises(TypeError, match="dtype float64"):
        variant.solve(np.zeros((4, 4)))
    with pytest.raises(flipblox.BoardError, match="goal"):
        flipblox.Variant(goal="purple")
    with pytest.raises(flipblox.BoardError, match="toggle"):
        flipblox.Variant(toggle="xx/xx")
    with pytest.raises(flipblox.BoardError, match="colours=17"):
        flipblox.Variant(colours=17)
    with pytest.raises(flipblox.BoardError, match="alphabet"):
        flipblox.Variant(alphabet="aa")
    with pytest.raises(ValueError, match="method"):
        variant.solve("bwwb/bbwb/bwwb/bwww", method="guess")
    with pytest.raises(flipblox.TableError):
        flipblox.Variant(6, 6).table()
    with pytest.raises(flipblox.BoardError):
        flipblox.distance("bwwb/bbwb/bwwb")


def test_tables_view_their_memory_read_only():
    table = flipblox.table()
    assert not table.flags.writeable and not table.flags.owndata
    assert isinstance(table.base, flipblox.TableMemory)
    assert np.shares_memory(table, flipblox.Variant().table())
    with pytest.raises(ValueError):
        table[0] = 1
    with pytest.raises(ValueError):
        table.setflags(write=True)
    view = table[:10]
    del table
    assert view.tolist() == flipblox.table()[:10].tolist()


def test_tables_equal_the_command_line_exports(cli, tmp_path):
    cases = [([], flipblox.Variant()), (["--size", "3x4", "--goal", "white"],
             flipblox.Variant(3, 4, goal="white")),
             (["--size", "3x3", "--colours", "3"], flipblox.Variant(3, 3, colours=3))]  # fmt: skip
    for i, (args, variant) in enumerate(cases):
        npy, fbt = tmp_path / f"t{i}.npy", tmp_path / f"t{i}.fbt"
        subprocess.run([cli, "export", "flip", *args, "-o", str(npy)], check=True)
        subprocess.run([cli, "export", "flip", *args, "-o", str(fbt)], check=True)
        np.testing.assert_array_equal(variant.table(), np.load(npy))
        loaded = flipblox.load_table(fbt)
        assert loaded.dtype == np.uint8 and not loaded.flags.writeable
        np.testing.assert_array_equal(loaded, np.load(npy))


def test_a_field_table_file_loads_as_the_field(cli, tmp_path):
    pack = DATA / "bloxorz" / "poj-sample.txt"
    fbt = tmp_path / "field.fbt"
    subprocess.run([cli, "export", "bloxorz", "--level", "1", "-o", str(fbt), str(pack)],
                   check=True)  # fmt: skip
    loaded = flipblox.load_table(fbt)
    assert loaded.dtype == np.dtype("<i4") and loaded.shape == (7, 7, 3)
    np.testing.assert_array_equal(loaded, flipblox.field(pack))


def test_table_files_that_fail_a_check_are_refused(cli, tmp_path):
    fbt = tmp_path / "t.fbt"
    subprocess.run([cli, "export", "flip", "-o", str(fbt)], check=True)
    data = fbt.read_bytes()
    (tmp_path / "short.fbt").write_bytes(data[:-5])
    with pytest.raises(flipblox.TableError, match=r"short\.fbt: truncated"):
        flipblox.load_table(tmp_path / "short.fbt")
    flipped = bytearray(data)
    flipped[-1] ^= 1
    (tmp_path / "flipped.fbt").write_bytes(bytes(flipped))
    with pytest.raises(flipblox.TableError, match="checksum"):
        flipblox.load_table(tmp_path / "flipped.fbt")
    # The header alone does not read the payload.
    assert flipblox.load_table(tmp_path / "flipped.fbt", check="header")[-1] == data[-1] ^ 1
    (tmp_path / "empty.fbt").write_bytes(b"")
    with pytest.raises(flipblox.TableError):
        flipblox.load_table(tmp_path / "empty.fbt")
    with pytest.raises(FileNotFoundError, match="cannot read"):
        flipblox.load_table(tmp_path / "missing.fbt")
    with pytest.raises(ValueError, match="check"):
        flipblox.load_table(fbt, check="some")


def test_a_loaded_table_does_not_change_or_fault_when_its_file_does(cli, tmp_path):
    # Issue 38, item 6: the array viewed the mapped file, so truncating the file killed the
    # interpreter with SIGBUS and `cp` over it showed the new bytes. Tables up to 256 MiB are
    # copied.
    fbt, other = tmp_path / "t.fbt", tmp_path / "other.fbt"
    subprocess.run([cli, "export", "flip", "-o", str(fbt)], check=True)
    subprocess.run([cli, "export", "flip", "--goal", "white", "-o", str(other)], check=True)
    loaded = flipblox.load_table(fbt)
    want = np.array(loaded, copy=True)
    with open(fbt, "r+b") as f:  # truncated in place
        f.truncate(100)
    np.testing.assert_array_equal(loaded, want)
    assert int(loaded.sum()) == int(want.sum())
    loaded = flipblox.load_table(other)
    want = np.array(loaded, copy=True)
    # Rewritten in place, as `cp` does, with other bytes of the same length.
    data = bytearray(other.read_bytes())
    for i in range(len(data) - 1000, len(data)):
        data[i] ^= 0xFF
    with open(other, "r+b") as f:
        f.write(data)
    np.testing.assert_array_equal(loaded, want)
