"""flipblox.flip and flipblox.solve say what the command-line tool says: every input file of the
repository (data/ and tests/data/) goes through `flipblox flip --json` and `flipblox bloxorz
--json` and through Python, in every format and option group that applies, and the records
are compared for equality. Files the command-line tool refuses are compared too: their error
records, or (for an input it cannot read at all) Python's exception and the tool's message."""

import json
import subprocess
import warnings

import pytest

import flipblox
from conftest import DATA, ROOT

#: The inputs: every file under data/ and tests/data/ but the expected answers and the notes.
INPUTS = sorted(
    path
    for folder in (DATA, ROOT / "tests" / "data")
    for path in folder.rglob("*")
    if path.is_file() and path.suffix not in (".expected", ".md")
)


def ids(path):
    return str(path.relative_to(ROOT))


def tool(cli, args):
    """The command-line tool's outcome for `args`: ("records", [dict, ...]) when it printed
    records (exit code 0, or 1 with some records that are errors), ("refused", MESSAGE) when
    it printed none and stopped on MESSAGE (exit code 1), ("usage", MESSAGE) for a usage error
    (exit code 2)."""
    run = subprocess.run([cli, *args], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode in (0, 1, 2), run.stderr
    if run.returncode == 2:
        return "usage", run.stderr
    records = [json.loads(line) for line in run.stdout.splitlines()]
    if records or run.returncode == 0:
        return "records", records
    return "refused", run.stderr.strip().removeprefix("flipblox: ")


def python(call):
    """Python's outcome for `call`, in the terms of `tool`: its records, or the message of the
    `flipblox.Error` (or `OSError`) it raised. Warnings are the tool's stderr: not compared."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return "records", call()
    except (flipblox.Error, OSError) as error:
        return "refused", str(error)
    except ValueError as error:
        return "usage", str(error)


def file_error(record):
    """The message Python raises for the tool's record of an input it could not read as a whole
    (`{"file": NAME, "index": null, "error": MESSAGE}`): `NAME:LINE:COLUMN: ...` or `NAME:
    MESSAGE`."""
    error = record["error"]
    at_place = error[:1].isdigit()
    return f"{record['file']}:{'' if at_place else ' '}{error}"


def assert_same(expected, found):
    """Python's outcome equals the tool's: the same records; an input the tool could not read as
    a whole is an exception in Python carrying the tool's message; a usage error is a
    ValueError."""
    kind, value = expected
    if kind == "records" and value and all(r.get("index") is None for r in value):
        assert found == ("refused", "\n".join(file_error(r) for r in value))
    elif kind == "usage":
        assert found[0] in ("usage", "refused"), found
    else:
        assert found == expected


def cli_args(options):
    """The command-line flags of the keyword arguments `options` of `flipblox.flip` or
    `flipblox.solve`."""
    args = []
    for key, value in options.items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            args.append(flag)
        elif isinstance(value, tuple) and key == "shard":
            args += [flag, f"{value[0]}/{value[1]}"]
        elif isinstance(value, tuple) and key == "size":
            args += [flag, f"{value[0]}x{value[1]}"]
        elif key == "broken":
            for row, col in value:
                args += [flag, f"{row},{col}"]
        else:
            args += [flag, str(value)]
    return args


#: The option groups of `flip`: keyword arguments, and the flags they are on the command line.
FLIP_GROUPS = {
    "default": {},
    "path": {"path": True},
    "goal-white": {"goal": "white"},
    "goal-black": {"goal": "black"},
    "alphabet": {"alphabet": "01", "goal": "white"},
    "wrap": {"wrap": True},
    "toggle": {"toggle": "x.x/.x./x.x"},
    "colours": {"colours": 3, "alphabet": "wbr", "goal": "white"},
    "hole": {"hole": "."},
    "hole-alphabet": {"hole": ".", "alphabet": "01"},
    "broken": {"broken": [(2, 2), (1, 3)]},
    "broken-wrap": {"broken": [(1, 1)], "wrap": True, "goal": "white"},
    "size": {"size": (4, 4)},
    "size-text": {"size": "5x6", "alphabet": "01", "goal": "white"},
    "method-table": {"method": "table"},
    "method-gf2": {"method": "gf2"},
    "search-bits": {"search_bits": 0},
    "max-setup": {"wrap": True, "max_setup": 0},
    "max-table-cells": {"size": (5, 6), "alphabet": "01", "goal": "white", "max_table_cells": 12},
    "max-table-cells-refused": {"size": (5, 6), "method": "table", "max_table_cells": 12},
    "shard": {"shard": (2, 3)},
}


@pytest.mark.parametrize("group", FLIP_GROUPS)
@pytest.mark.parametrize("path", INPUTS, ids=ids)
def test_flip_records_equal_the_command_line_records(cli, path, group):
    options = FLIP_GROUPS[group]
    expected = tool(cli, ["flip", "--json", *cli_args(options), str(path)])
    assert_same(expected, python(lambda: flipblox.flip(path, **options)))


#: Inputs small enough to be compared again as text (str) and bytes.
SMALL = [path for path in INPUTS if path.stat().st_size < 64 << 10]


@pytest.mark.parametrize("path", SMALL, ids=ids)
def test_flip_reads_text_and_bytes_as_the_file(cli, path):
    expected = tool(cli, ["flip", "--json", str(path)])
    name = str(path)
    text = path.read_bytes().decode("utf-8", errors="replace")
    if text.encode() == path.read_bytes():
        assert_same(expected, python(lambda: flipblox.flip(text, name=name)))
    assert_same(expected, python(lambda: flipblox.flip(path.read_bytes(), name=name)))


#: Boards given as strings (`--board`), with holes (`.`), of several sizes, and some that
#: cannot be read.
BOARDS = [
    "bwwb/bbwb/bwwb/bwww",
    "wwwwbbbbwwwwbbbb",
    "b.w/w.b/bbw",
    "..../..../..../....",
    "bw./.wb",
    "b",
    "bwx/www",
    "bw/bww",
]

BOARD_GROUPS = {
    "default": {},
    "hole": {"hole": "."},
    "hole-colours": {"hole": ".", "colours": 3, "goal": "white"},
    "hole-size": {"hole": ".", "size": (2, 3)},
    "goal-black": {"goal": "black"},
    "size": {"size": (4, 4)},
}


@pytest.mark.parametrize("group", BOARD_GROUPS)
def test_flip_answers_board_strings_as_the_command_line(cli, group):
    options = BOARD_GROUPS[group]
    args = [arg for board in BOARDS for arg in ("--board", board)]
    expected = tool(cli, ["flip", "--json", *cli_args(options), *args])
    assert_same(expected, python(lambda: flipblox.flip(board=BOARDS, **options)))
    assert_same(expected, python(lambda: flipblox.flip(BOARDS, **options)))
    one = tool(cli, ["flip", "--json", *cli_args(options), "--board", BOARDS[2]])
    assert_same(one, python(lambda: flipblox.flip(board=BOARDS[2], **options)))


def buttons_file(rows, cols):
    """A buttons file for boards of rows x cols: button (r, c) toggles its own cell and the
    cell to its right and the one below (wrapping around), and the last button none."""
    lines = []
    for r in range(rows):
        for c in range(cols):
            if (r, c) == (rows - 1, cols - 1):
                lines.append("")
                continue
            cells = {(r, c), (r, (c + 1) % cols), ((r + 1) % rows, c)}
            lines.append(" ".join(f"{y + 1},{x + 1}" for y, x in sorted(cells)))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "options",
    [
        {"size": (4, 4)},
        {"size": (4, 4), "goal": "white"},
        {"size": (4, 4), "hole": "."},
        {"size": (5, 6), "alphabet": "01", "goal": "white"},
        {"size": (4, 4), "colours": 3, "goal": "white"},
    ],
    ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()),
)
@pytest.mark.parametrize("path", INPUTS, ids=ids)
def test_flip_answers_a_buttons_file_as_the_command_line(cli, tmp_path, path, options):
    rows, cols = options["size"]
    buttons = tmp_path / "buttons.txt"
    buttons.write_text(buttons_file(rows, cols))
    args = ["flip", "--json", *cli_args(options), "--buttons", str(buttons), str(path)]
    expected = tool(cli, args)
    assert_same(expected, python(lambda: flipblox.flip(path, buttons=buttons, **options)))
    # The buttons as text, not a file.
    text = buttons.read_text()
    found = python(lambda: flipblox.flip(path, buttons=text, **options))
    assert_same(expected, found)


def test_a_buttons_file_that_cannot_be_read_is_refused_as_on_the_command_line(cli, tmp_path):
    buttons = tmp_path / "buttons.txt"
    buttons.write_text("1,1\n1,9\n")
    sample = DATA / "flip" / "poj-sample.txt"
    expected = tool(cli, ["flip", "--json", "--size", "2x2", "--buttons", str(buttons), str(sample)])
    assert expected[0] == "refused"
    found = python(lambda: flipblox.flip(sample, size=(2, 2), buttons=buttons))
    assert found == expected


SAMPLE = DATA / "flip" / "poj-sample.txt"

#: Options the command-line tool refuses together (a usage error): Python raises.
REFUSED = {
    "tatham-and-a-file": ({"source": SAMPLE, "tatham": "2x2:edb7,f"}, ["--tatham", "2x2:edb7,f"]),
    "tatham-and-a-size": ({"tatham": "2x2:edb7,f", "size": (2, 2)}, []),
    "bad-tatham": ({"tatham": "2x1:ff,8"}, []),
    "buttons-and-toggle": ({"source": SAMPLE, "buttons": "1,1\n" * 16, "toggle": "x"}, []),
    "buttons-and-wrap": ({"source": SAMPLE, "buttons": "1,1\n" * 16, "wrap": True}, []),
    "hole-and-a-table": ({"source": SAMPLE, "hole": ".", "method": "table"}, []),
    "hole-of-a-colour": ({"source": SAMPLE, "hole": "w"}, []),
    "bad-goal": ({"source": SAMPLE, "goal": "purple"}, []),
    "bad-alphabet": ({"source": SAMPLE, "alphabet": "aa"}, []),
}


@pytest.mark.parametrize("case", REFUSED)
def test_flip_refuses_what_the_command_line_refuses(cli, tmp_path, case):
    options, extra = REFUSED[case]
    options = dict(options)
    args = ["flip", "--json", *extra]
    for key, value in options.items():
        if key == "buttons":
            buttons = tmp_path / "buttons.txt"
            buttons.write_text(value)
            args += ["--buttons", str(buttons)]
        elif key == "source":
            args.append(str(value))
        elif key != "tatham" or not extra:
            args += cli_args({key: value})
    kind, _ = tool(cli, args)
    assert kind == "usage"
    source = options.pop("source", None)
    with pytest.raises(flipblox.BoardError):
        flipblox.flip(source, **options)


def test_flip_refuses_arguments_it_cannot_read():
    with pytest.raises(ValueError, match="method"):
        flipblox.flip(SAMPLE, method="guess")
    with pytest.raises(ValueError, match="hole: expected one character"):
        flipblox.flip(SAMPLE, hole="..")
    with pytest.raises(ValueError, match="size"):
        flipblox.flip(SAMPLE, size="4by4")
    with pytest.raises(ValueError, match="not both"):
        flipblox.flip(SAMPLE, board="bwwb/bbwb/bwwb/bwww")
    with pytest.raises(ValueError, match="give a source"):
        flipblox.flip()
    with pytest.raises(TypeError, match="pathlib.Path"):
        flipblox.flip(42)
    with pytest.raises(FileNotFoundError):
        flipblox.flip(SAMPLE.with_name("missing.txt"))


TATHAM = ["2x2:edb7,f", "2x2r:c4b3,8", "2x1:f,8", "2x1:f,8x", "2x1:ff,8", "2y1:f,8"]


@pytest.mark.parametrize("goal", ["any", "white", "black"])
@pytest.mark.parametrize("game", TATHAM)
def test_flip_answers_a_tatham_game_id_as_the_command_line(cli, game, goal):
    expected = tool(cli, ["flip", "--json", "--goal", goal, "--tatham", game])
    assert_same(expected, python(lambda: flipblox.flip(tatham=game, goal=goal)))


def test_python_answers_a_hole_a_buttons_file_and_a_tatham_id():
    (holed,) = flipblox.flip(board="b.w/w.b/bbw", hole=".")
    assert holed["error"] is None and holed["board"] == "b.w/w.b/bbw"
    (game,) = flipblox.flip(tatham="2x2:edb7,f")
    assert (game["file"], game["distance"], game["toggle"]) == ("--tatham", 4, "buttons")
    (pressed,) = flipblox.flip(board="bb/ww", size=(2, 2), buttons="1,1 1,2\n\n\n\n")
    assert pressed["distance"] == 1 and pressed["path"] == [[1, 1]]


#: The option groups of `bloxorz`: keyword arguments of `flipblox.solve`, and their flags.
BLOXORZ_GROUPS = {
    "auto": {},
    "pack": {"input_format": "pack"},
    "flash": {"input_format": "flash"},
    "drawing": {"input_format": "drawing"},
    "pddl": {"input_format": "pddl"},
    "path": {"path": True},
    "analyse": {"analyse": True},
    "path-analyse-pddl": {"path": True, "analyse": True, "input_format": "pddl"},
    "shard": {"shard": (2, 3)},
}


@pytest.mark.parametrize("group", BLOXORZ_GROUPS)
@pytest.mark.parametrize("path", INPUTS, ids=ids)
def test_solve_records_equal_the_command_line_records(cli, path, group):
    options = BLOXORZ_GROUPS[group]
    expected = tool(cli, ["bloxorz", "--json", *cli_args(options), str(path)])
    assert_same(expected, python(lambda: flipblox.solve(path, **options)))


@pytest.mark.parametrize("path", SMALL, ids=ids)
def test_solve_reads_text_and_bytes_as_the_file(cli, path):
    expected = tool(cli, ["bloxorz", "--json", "--path", str(path)])
    name = str(path)
    data = path.read_bytes()
    assert_same(expected, python(lambda: flipblox.solve(data, path=True, name=name)))
    assert_same(expected, python(lambda: list(flipblox.iter_solve(path, path=True))))


def test_timings_add_microseconds_to_the_same_records(cli):
    path = DATA / "bloxorz" / "mechanics.txt"
    kind, expected = tool(cli, ["bloxorz", "--json", "--timings", str(path)])
    found = flipblox.solve(path, timings=True)
    assert [sorted(r) for r in found] == [sorted(r) for r in expected]

    def without(records):
        return [{k: v for k, v in r.items() if k != "microseconds"} for r in records]

    assert without(found) == without(expected)
