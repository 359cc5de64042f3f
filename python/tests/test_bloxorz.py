"""flipblox.solve, iter_solve and field against the repository's expected answers, an
independent replay of every path, and the command-line tool's records and exports."""

import io
import json
import pathlib
import subprocess
import threading
import time
import warnings

import numpy as np
import pytest

import flipblox
from conftest import DATA, expected_answers

PACKS = sorted((DATA / "bloxorz").glob("*.txt"))
MIXED = DATA / "bloxorz" / "mixed-small.txt"
POJ_SAMPLE = DATA / "bloxorz" / "poj-sample.txt"
KEYS = ["file", "index", "error", "distance", "path", "rows", "cols", "states_explored", "title"]


def plain_levels(text):
    """The grids of a POJ 3322 pack (no switches, comments or titles): a list of row lists."""
    lines = [line for line in text.splitlines() if line.strip()]
    levels, i = [], 0
    while i < len(lines):
        rows, cols = map(int, lines[i].split())
        if rows == 0 and cols == 0:
            break
        grid = lines[i + 1 : i + 1 + rows]
        assert all(len(row) == cols for row in grid)
        levels.append(grid)
        i += 1 + rows
    return levels


def cells(grid, r, c, o):
    """The cells a box at (r, c) in orientation o covers (0 standing, 1 lying along the row,
    2 lying along the column)."""
    return [(r, c)] + ([(r, c + 1)] if o == 1 else [(r + 1, c)] if o == 2 else [])


def legal(grid, r, c, o):
    """True when the box may rest there: every cell on the grid and not empty, and a standing
    box not on a fragile cell."""
    for y, x in cells(grid, r, c, o):
        if not (0 <= y < len(grid) and 0 <= x < len(grid[0])) or grid[y][x] == "#":
            return False
    return not (o == 0 and grid[r][c] == "E")


# The rolls, written independently of the library: (orientation, move) -> (dr, dc, orientation).
ROLLS = {
    (0, "U"): (-2, 0, 2), (0, "D"): (1, 0, 2), (0, "L"): (0, -2, 1), (0, "R"): (0, 1, 1),
    (1, "U"): (-1, 0, 1), (1, "D"): (1, 0, 1), (1, "L"): (0, -1, 0), (1, "R"): (0, 2, 0),
    (2, "U"): (-1, 0, 0), (2, "D"): (2, 0, 0), (2, "L"): (0, -1, 2), (2, "R"): (0, 1, 2),
}  # fmt: skip


def replay(grid, path):
    """Plays `path` from the start; True when every state is legal and the box ends standing on
    the target."""
    starts = [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell == "X"]
    (r, c), o = starts[0], 0
    if len(starts) == 2:
        o = 1 if starts[1][0] == r else 2
    for move in path:
        dr, dc, o = ROLLS[(o, move)]
        r, c = r + dr, c + dc
        if not legal(grid, r, c, o):
            return False
    return o == 0 and grid[r][c] == "O"


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_answers_equal_the_expected_files(pack):
    records = flipblox.solve(pack)
    assert [r["distance"] for r in records] == expected_answers(pack.with_suffix(".expected"))
    assert [r["index"] for r in records] == list(range(1, len(records) + 1))
    assert all(r["error"] is None and r["file"] == str(pack) for r in records)
    assert all(list(r) == KEYS for r in records)


def test_every_path_replays_to_the_target_in_its_number_of_moves():
    records = flipblox.solve(MIXED, path=True)
    levels = plain_levels(MIXED.read_text())
    assert len(levels) == len(records) == 2000
    solved = 0
    for grid, record in zip(levels, records):
        if record["distance"] is None:
            assert record["path"] is None
            continue
        assert len(record["path"]) == record["distance"]
        assert replay(grid, record["path"]), (grid, record)
        solved += 1
    assert solved == 992


def test_paths_of_levels_with_mechanics_have_their_number_of_moves():
    pack = DATA / "bloxorz" / "mechanics.txt"
    for record in flipblox.solve(pack, path=True):
        if record["distance"] is None:
            continue
        moves = sum(1 for step in record["path"] if step in "UDLR")
        assert moves == record["distance"]


def test_text_bytes_and_path_give_the_same_records():
    from_path = flipblox.solve(MIXED, jobs=1)
    text = MIXED.read_text()
    assert flipblox.solve(text, name=str(MIXED)) == from_path
    assert flipblox.solve(text.encode(), name=str(MIXED)) == from_path
    assert flipblox.solve(bytearray(text.encode()), name=str(MIXED)) == from_path
    assert flipblox.solve(memoryview(text.encode()), name=str(MIXED)) == from_path
    assert flipblox.solve(text)[0]["file"] == "<string>"
    assert flipblox.solve(text.encode())[0]["file"] == "<bytes>"


def test_jobs_and_the_iterator_give_the_same_records_in_order():
    one = flipblox.solve(MIXED, jobs=1, path=True)
    assert flipblox.solve(MIXED, jobs=2, path=True) == one
    assert flipblox.solve(MIXED, path=True) == one
    assert list(flipblox.iter_solve(MIXED, jobs=2, path=True)) == one
    assert list(flipblox.iter_solve(MIXED, jobs=1, path=True)) == one


def test_an_iterator_left_early_stops_its_thread_and_leaves_the_rest_working():
    records = flipblox.iter_solve(MIXED, jobs=2)
    first = [next(records) for _ in range(3)]
    assert [r["index"] for r in first] == [1, 2, 3]
    del records
    assert len(flipblox.solve(MIXED)) == 2000


def test_input_formats_are_told_apart_or_named():
    formats = DATA / "bloxorz" / "formats"
    assert [r["distance"] for r in flipblox.solve(formats / "old-mac.txt")] == [2, 10]
    drawing = flipblox.solve(formats / "drawing.txt")
    assert drawing == flipblox.solve(formats / "drawing.txt", input_format="drawing")
    assert all(r["error"] is None for r in drawing)
    with pytest.warns(flipblox.InputWarning, match="not applied"):
        flash = flipblox.solve(formats / "port.js")
    assert [r["error"] for r in flash] == [None, None]
    # Read as a pack, the Flash game's file is an error at its first line.
    forced = flipblox.solve(formats / "port.js", input_format="pack")
    assert forced[0]["error"].startswith("1:")


def test_unreadable_levels_are_records_and_the_others_are_answered():
    records = flipblox.solve(b"1 5\nX..O.\n1 3\nX#O\n1 2\nXq\n1 3\nXO.\n0 0\n")
    assert [r["distance"] for r in records] == [2, None, None, None]
    assert records[2]["error"].startswith("6:2: level 3: expected a cell")
    assert records[2]["rows"] is None
    assert records[3]["error"] is None and records[3]["distance"] is None


def test_text_after_the_end_of_a_pack_is_a_warning():
    with pytest.warns(flipblox.InputWarning, match=r"^<string>:4:1: warning: not read"):
        records = flipblox.solve("1 4\nXX.O\n0 0\n1 3\nX.O\n")
    assert [r["distance"] for r in records] == [None]
    with pytest.warns(flipblox.InputWarning, match="not read"):
        assert len(list(flipblox.iter_solve("1 4\nXX.O\n0 0\n1 3\nX.O\n"))) == 1


def test_errors_are_exceptions_with_the_command_line_messages(tmp_path):
    missing = tmp_path / "missing.txt"
    with pytest.raises(FileNotFoundError, match="cannot read: No such file") as error:
        flipblox.solve(missing)
    assert error.value.filename == str(missing)
    with pytest.raises(IsADirectoryError):
        flipblox.solve(tmp_path)
    with pytest.raises(TypeError, match="pathlib.Path"):
        flipblox.solve(42)
    with pytest.raises(ValueError, match="input_format"):
        flipblox.solve("1 2\nXO\n", input_format="csv")
    with pytest.raises(ValueError, match="jobs: expected at least 1"):
        flipblox.solve("1 2\nXO\n", jobs=0)
    with pytest.raises(flipblox.LevelError, match=r"^bad\.js:"):
        flipblox.solve("levels = [", input_format="flash", name="bad.js")
    assert issubclass(flipblox.LevelError, flipblox.Error)
    assert issubclass(flipblox.Error, ValueError)


def test_the_memory_limit_refuses_a_level_and_names_the_option():
    records = flipblox.solve("1 5\nX..O.\n3 3\nX..\n...\n..O\n", max_memory=200)
    assert records[1]["error"].endswith("(max_memory=)")


def test_analysis_keys_follow_the_answer():
    records = flipblox.solve(POJ_SAMPLE, analyse=True, timings=True)
    (record,) = records
    assert list(record)[: len(KEYS)] == KEYS
    assert record["microseconds"] >= 0
    assert record["optimal_solutions"] >= 1
    assert record["reachable"] >= record["states_explored"] - 1 or record["reachable"] > 0
    assert 0 < record["difficulty"]


def test_records_equal_the_command_line_json(cli):
    for pack in PACKS + [DATA / "bloxorz" / "formats" / "drawing.txt"]:
        args = [cli, "bloxorz", "--json", "--path", "--analyse", str(pack)]
        out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
        expected = [json.loads(line) for line in out.splitlines()]
        got = flipblox.solve(pack, path=True, analyse=True)
        assert got == expected
        assert [list(r) for r in got] == [list(r) for r in expected]


def test_unreadable_level_records_equal_the_command_line_json(cli):
    text = "1 5\nX..O.\n1 2\nXq\n2 2\nXX\n.O\n"
    run = subprocess.run([cli, "bloxorz", "--json", "-"], input=text, capture_output=True,
                         text=True)  # fmt: skip
    assert run.returncode == 1
    assert flipblox.solve(text, name="<stdin>") == [json.loads(line) for line in run.stdout.splitlines()]


def test_field_matches_every_answer_at_its_start():
    levels = plain_levels(MIXED.read_text())
    records = flipblox.solve(MIXED)
    for number in range(1, 2001, 97):
        grid, record = levels[number - 1], records[number - 1]
        field = flipblox.field(MIXED, number)
        assert field.dtype == np.int32
        assert field.shape == (len(grid), len(grid[0]), 3)
        starts = [(r, c) for r, row in enumerate(grid) for c, x in enumerate(row) if x == "X"]
        (r, c), o = starts[0], 0
        if len(starts) == 2:
            o = 1 if starts[1][0] == r else 2
        distance = record["distance"]
        assert field[r, c, o] == (-1 if distance is None else distance)
        target = [(r, c) for r, row in enumerate(grid) for c, x in enumerate(row) if x == "O"]
        assert field[target[0] + (0,)] == 0
        assert np.count_nonzero(field == 0) == 1


def test_field_from_the_start_reaches_the_target_at_the_answer():
    field = flipblox.field(POJ_SAMPLE, from_start=True)
    assert field[2, 5, 0] == 10
    assert field[1, 3, 0] == 0


def test_field_errors(tmp_path):
    with pytest.raises(flipblox.LevelError, match="level 2 is out of range: the pack has 1"):
        flipblox.field(POJ_SAMPLE, 2, name="poj")
    with pytest.raises(flipblox.LevelError, match="^<string>:2:2: level 1: expected a cell"):
        flipblox.field("1 2\nXq\n")
    with pytest.raises(flipblox.LevelError, match="switches"):
        flipblox.field(DATA / "bloxorz" / "mechanics.txt")
    with pytest.raises(ValueError, match="numbered from 1"):
        flipblox.field(POJ_SAMPLE, 0)


def test_field_equals_the_command_line_export(cli, tmp_path):
    for number in (1, 2, 1000):
        out = tmp_path / f"field-{number}.npy"
        args = [cli, "export", "bloxorz", "--level", str(number), "-o", str(out), str(MIXED)]
        subprocess.run(args, check=True)
        np.testing.assert_array_equal(flipblox.field(MIXED, number), np.load(out))


def test_the_gil_is_released_while_a_pack_is_solved():
    # One large open level: the search takes most of the call, the one record little.
    side = 1500
    rows = ["X" + "." * (side - 1)] + ["." * side] * (side - 2) + ["." * (side - 1) + "O"]
    pack = f"{side} {side}\n" + "\n".join(rows) + "\n"
    ticks, done, answers = [], threading.Event(), []

    def work():
        answers.extend(flipblox.solve(pack, jobs=1))
        done.set()

    worker = threading.Thread(target=work)
    started = time.perf_counter()
    worker.start()
    while not done.is_set():
        ticks.append(time.perf_counter())
    worker.join()
    took = time.perf_counter() - started
    gaps = np.diff([started] + ticks)
    assert answers[0]["distance"] is not None
    # With the GIL held by the solving thread, this one would stand still for the whole search.
    assert gaps.max() < took / 2, (gaps.max(), took)


def test_help_and_stubs_describe_the_functions():
    text = io.StringIO()
    import pydoc

    text.write(pydoc.render_doc(flipblox))
    assert "Bloxorz" in text.getvalue()
    stubs = pathlib.Path(flipblox.__file__).with_name("__init__.pyi").read_text()
    for name in flipblox.__all__:
        assert name in stubs, name
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert flipblox.solve.__doc__


def test_the_memory_limit_defaults_to_the_command_line_default(cli):
    import inspect

    for function in (flipblox.solve, flipblox.iter_solve, flipblox.field):
        assert inspect.signature(function).parameters["max_memory"].default == 2 << 30
    help_text = subprocess.run([cli, "bloxorz", "--help"], capture_output=True, text=True).stdout
    assert "[default: 2GiB]" in help_text
