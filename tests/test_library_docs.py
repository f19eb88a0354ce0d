"""Every example in docs/library.md and docs/settlement.md runs, in order, in a fresh folder.

A fenced ```python block whose first line starts with ``>>>`` is a doctest (its output is
checked); any other ```python block is a script run in the page's namespace. A ```console block
holds ``$ odds ...`` commands, each followed by what it prints - stdout, then stderr - checked
line by line (a line ``...`` stands for any number of lines).
"""

from __future__ import annotations

import doctest
import importlib.util
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from odds.cli import cli

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = ["library.md", "settlement.md"]
FENCE = re.compile(r"^```(\w+)\n(.*?)^```\s*$", re.S | re.M)


def blocks(page: str) -> list[tuple[str, str, int]]:
    """``(language, text, line)`` of every fenced block of a page, in order."""
    text = (DOCS / page).read_text(encoding="utf-8")
    return [(m.group(1), m.group(2), text.count("\n", 0, m.start()) + 1) for m in FENCE.finditer(text)]


def matches(expected: list[str], got: list[str]) -> bool:
    """Line by line; a line ``...`` matches any number of lines."""
    if not expected:
        return not got
    if expected[0] == "...":
        return any(matches(expected[1:], got[i:]) for i in range(len(got) + 1))
    return bool(got) and expected[0] == got[0] and matches(expected[1:], got[1:])


def run_console(block: str, where: str) -> int:
    commands = 0
    chunks = re.split(r"^\$ ", block, flags=re.M)
    assert chunks[0] == "", f"{where}: a console block starts with a $ command"
    for chunk in chunks[1:]:
        command, _, expected = chunk.partition("\n")
        args = shlex.split(command)
        assert args[0] == "odds", f"{where}: only odds commands run here: {command}"
        result = CliRunner().invoke(cli, args[1:])
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        got = (result.stdout + result.stderr).rstrip("\n").split("\n")
        want = expected.rstrip("\n").split("\n")
        assert matches(want, got), f"{where}: $ {command}\n--- expected\n{expected}--- got\n" + "\n".join(got)
        commands += 1
    return commands


HAVE_PANDAS = importlib.util.find_spec("pandas") is not None
HAVE_DASK = importlib.util.find_spec("distributed") is not None


# settlement.md verifies whole vector files (10 s of CPU): the slow tier
@pytest.mark.parametrize("page", ["library.md", pytest.param("settlement.md", marks=pytest.mark.slow)])
def test_every_example_of_the_page_runs(page, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": f"docs.{page}"}
    ran = 0
    for language, text, line in blocks(page):
        where = f"docs/{page}:{line}"
        if language == "python" and "to_frame(" in text and not HAVE_PANDAS:
            continue  # the frame extra is not installed (CI installs it; `pip install -e '.[test]'` does not)
        if language == "python" and "distributed" in text and not HAVE_DASK:
            continue  # the dask extra, likewise
        if language == "python" and text.lstrip().startswith(">>>"):
            test = doctest.DocTestParser().get_doctest(text, namespace, where, str(DOCS / page), line)
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            runner.run(test, clear_globs=False)
            namespace.update(test.globs)  # a DocTest works on a copy: later blocks see its names
            assert runner.failures == 0, f"{where}: a doctest failed (see the captured output)"
            ran += 1
        elif language == "python":
            exec(compile(text, where, "exec"), namespace)  # noqa: S102 - our own documentation's example
            ran += 1
        elif language == "console":
            ran += run_console(text, where)
        else:
            raise AssertionError(f"{where}: a ```{language} block this test cannot run")
    assert ran >= 5


def test_the_readme_links_the_pages():
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    for page in PAGES:
        assert f"docs/{page}" in readme
