"""docs/SCALE.md's Python section: the recipe module's parts, merged, give the records of one
`flipblox.solve` (test_docs.py runs the scheduler blocks as scripts)."""

import os
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


def test_the_page_has_the_recipe_and_four_schedulers():
    # test_docs.py runs each scheduler's block as a script.
    assert set(python_blocks()) == {"scale_recipe.py", "dask", "ray", "processes", "threads"}


def test_parts_merged_are_the_single_run(recipe):
    import scale_recipe

    whole = flipblox.solve(PACK)
    for parts in (1, 2, 3, 7):
        got = scale_recipe.merge(scale_recipe.solve_part(str(PACK), k, parts)
                                 for k in range(1, parts + 1))  # fmt: skip
        assert got == whole
    assert [r["index"] for r in scale_recipe.solve_part(str(PACK), 2, 3)[:3]] == [2, 5, 8]


def test_a_shard_out_of_range_is_refused():
    with pytest.raises(ValueError, match=r"shard: expected \(K, N\) with 1 <= K <= N"):
        flipblox.solve(PACK, shard=(4, 3))
    with pytest.raises(ValueError, match="shard"):
        flipblox.solve(PACK, shard=(0, 3))
