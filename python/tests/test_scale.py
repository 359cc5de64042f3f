"""docs/SCALE.md's Python section, run as written: the recipe module and the scheduler blocks
(processes always; Dask and Ray when installed) give the records of one `flipblox.solve`."""

import os
import pathlib
import re
import sys

import pytest

import flipblox
from conftest import DATA, ROOT

PAGE = ROOT / "docs" / "SCALE.md"
PACK = DATA / "bloxorz" / "mixed-small.txt"


def python_blocks():
    """The page's ```python blocks, by the name in the `<!-- python: NAME -->` line before each."""
    pattern = re.compile(r"<!-- python: (\S+) -->\n```python\n(.*?)```", re.S)
    return dict(pattern.findall(PAGE.read_text()))


@pytest.fixture
def recipe(tmp_path, monkeypatch):
    """The page's recipe module written where workers import it from, in a directory where
    the blocks' relative pack path names the repository's pack."""
    blocks = python_blocks()
    (tmp_path / "scale_recipe.py").write_text(blocks["scale_recipe.py"])
    monkeypatch.syspath_prepend(str(tmp_path))
    # Workers that start a new interpreter (spawn, Ray) find the module through PYTHONPATH.
    path = os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))
    monkeypatch.setenv("PYTHONPATH", path)
    monkeypatch.chdir(ROOT)
    yield blocks
    sys.modules.pop("scale_recipe", None)


def run_block(code):
    """Runs a block and returns the `records` it made, and those of one `flipblox.solve` of its
    `pack`, named as the block names it."""
    scope = {"__name__": "scale_block"}
    exec(compile(code, str(PAGE), "exec"), scope)
    return scope["records"], flipblox.solve(pathlib.Path(scope["pack"]))


def test_the_page_has_the_recipe_and_three_schedulers():
    assert set(python_blocks()) == {"scale_recipe.py", "dask", "ray", "processes"}


def test_parts_merged_are_the_single_run(recipe):
    import scale_recipe

    whole = flipblox.solve(PACK)
    for parts in (1, 2, 3, 7):
        got = scale_recipe.merge(scale_recipe.solve_part(str(PACK), k, parts)
                                 for k in range(1, parts + 1))  # fmt: skip
        assert got == whole
    assert [r["index"] for r in scale_recipe.solve_part(str(PACK), 2, 3)[:3]] == [2, 5, 8]


def test_the_processes_block(recipe):
    records, whole = run_block(recipe["processes"])
    assert records == whole and len(records) == 2000


def test_the_dask_block(recipe):
    pytest.importorskip("dask.bag", reason="Dask is not installed")
    records, whole = run_block(recipe["dask"])
    assert records == whole and len(records) == 2000


def test_the_ray_block(recipe):
    ray = pytest.importorskip("ray", reason="Ray is not installed")
    try:
        records, whole = run_block(recipe["ray"])
        assert records == whole and len(records) == 2000
    finally:
        ray.shutdown()


def test_a_shard_out_of_range_is_refused():
    with pytest.raises(ValueError, match=r"shard: expected \(K, N\) with 1 <= K <= N"):
        flipblox.solve(PACK, shard=(4, 3))
    with pytest.raises(ValueError, match="shard"):
        flipblox.solve(PACK, shard=(0, 3))
