"""Every ```python block of README.md and docs/*.md, saved as a script and run in a new
interpreter, as a reader runs it: in a folder holding the repository's `data/`, the files the
pages' shell lines make (`t.npy`, `t.fbt`, `field.npy`, `field.fbt`) and the pages' modules (a
block after `<!-- python: NAME.py -->` is saved as NAME.py). Blocks that start processes run
once with the *fork* and once with the *spawn* start method. Blocks that import a package that
is not installed (Dask, Ray) are skipped, naming it. A block that makes `records` of a `pack`
(docs/SCALE.md) must give the records of one `flipblox.solve(pack)`."""

import importlib.util
import multiprocessing
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^(?:<!-- python: (\S+) -->\n)?```python\n(.*?)^```", re.S | re.M)
IMPORT = re.compile(r"^\s*(?:import|from)\s+(\w+)", re.M)

#: Appended to a block that makes `records`: they must be the single run's.
CHECK_RECORDS = """
if __name__ == "__main__":
    import pathlib as _pathlib
    import flipblox as _flipblox
    _whole = _flipblox.solve(_pathlib.Path(pack))
    assert records == _whole, "the parts' records differ from one solve(pack)"
    print(len(records), "records")
"""


def blocks():
    """(id, name, code) of every Python block, in page order; `name` from the comment before."""
    found = []
    for page in PAGES:
        text = page.read_text()
        for match in BLOCK.finditer(text):
            line = text.count("\n", 0, match.start(2))
            where = f"{page.relative_to(ROOT).as_posix()}:{line}"
            found.append((where, match.group(1), match.group(2)))
    return found


def starts_processes(code):
    return any(word in code for word in ("multiprocessing", "ProcessPool", "dask"))


def runs():
    """Each block once, or once per start method when it starts processes."""
    methods = [m for m in ("fork", "spawn") if m in multiprocessing.get_all_start_methods()]
    for where, name, code in blocks():
        for method in methods if starts_processes(code) else [None]:
            label = f"{where}-{name or 'block'}" + (f"-{method}" if method else "")
            yield pytest.param(code, method, id=label)


@pytest.fixture(scope="module")
def folder(tmp_path_factory, cli):
    """Where the blocks run: the repository's data, the shell lines' files, the modules."""
    here = tmp_path_factory.mktemp("docs")
    (here / "data").symlink_to(ROOT / "data", target_is_directory=True)
    sample = str(ROOT / "data" / "bloxorz" / "poj-sample.txt")
    for args in (
        ["export", "flip", "-o", "t.npy"],
        ["export", "flip", "-o", "t.fbt"],
        ["export", "bloxorz", sample, "--level", "1", "-o", "field.npy"],
        ["export", "bloxorz", sample, "--level", "1", "-o", "field.fbt"],
    ):
        subprocess.run([cli, *args], cwd=here, check=True, capture_output=True)
    for _, name, code in blocks():
        if name and name.endswith(".py"):
            (here / name).write_text(code)
    return here


def test_the_pages_have_python_blocks_and_the_scale_recipes():
    names = {name for _, name, _ in blocks()}
    assert {"readme", "scale_recipe.py", "dask", "ray", "processes", "threads"} <= names
    assert len(blocks()) >= 10


@pytest.mark.parametrize("code, method", list(runs()))
def test_a_python_block_runs_as_a_script(folder, code, method):
    for module in sorted(set(IMPORT.findall(code))):
        if importlib.util.find_spec(module) is None and not (folder / f"{module}.py").exists():
            pytest.skip(f"{module} is not installed")
    script = code
    if method:
        # Before anything else, as `python -c` or a wrapper would set it; a spawned worker
        # runs this line again (harmless with force=True).
        script = (
            f"import multiprocessing\nmultiprocessing.set_start_method({method!r}, force=True)\n"
            + script
        )
    makes_records = re.search(r"^\s*records = ", code, re.M) is not None
    if makes_records:
        script += CHECK_RECORDS
    path = folder / "block.py"
    path.write_text(script)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(folder), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, str(path)], cwd=folder, env=env, capture_output=True, text=True,
        timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, f"{script}\n--- stderr:\n{done.stderr}"
    if makes_records:
        assert done.stdout.endswith("2000 records\n"), done.stdout
