"""Shared paths and the command-line tool the tests compare with."""

import os
import pathlib
import shutil

import pytest

#: The repository's root (python/tests/ is two levels below it).
ROOT = pathlib.Path(__file__).resolve().parents[2]
#: The repository's inputs with expected answers.
DATA = ROOT / "data"


def expected_answers(path):
    """The answers of a `.expected` file: an int per line, or None for `Impossible`."""
    lines = path.read_text().split()
    return [None if line == "Impossible" else int(line) for line in lines]


@pytest.fixture(scope="session")
def cli():
    """The `flipblox` command-line tool: $FLIPBLOX_CLI (set by .ci/run), else the one
    `cargo build` leaves in target/; the tests that compare with it are skipped without it."""
    found = os.environ.get("FLIPBLOX_CLI") or shutil.which("flipblox")
    for built in ("debug", "release"):
        candidate = ROOT / "target" / built / "flipblox"
        if not found and candidate.exists():
            found = str(candidate)
    if not found:
        pytest.skip("no flipblox command-line tool: set FLIPBLOX_CLI to compare with it")
    return found
