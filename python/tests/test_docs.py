"""The README's Python example, run as written from the repository's root."""

import re

from conftest import ROOT


def test_the_readme_example(monkeypatch):
    page = (ROOT / "README.md").read_text()
    (code,) = re.findall(r"<!-- python: readme -->\n```python\n(.*?)```", page, re.S)
    monkeypatch.chdir(ROOT)
    exec(compile(code, "README.md", "exec"), {"__name__": "readme"})
