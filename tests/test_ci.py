""".ci/run fails on a lint error, a type error, a failing test and a stale tables/: each step is run
(``ODDS_CI_STEPS``, with the tools of this environment) on a copy of the tree broken in one place.

The lint steps run by default; the others take longer (pytest in a subprocess, mypy, a whole
export) and run in the slow tier. The steps need ruff and mypy (``.ci/run`` installs them).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TREE = ["pyproject.toml", ".ci", "odds", "tests", "benchmarks", "tables"]


def copy_tree(dest: Path) -> Path:
    for name in TREE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, dest / name)
    return dest


def ci(tree: Path, steps: str, **env) -> subprocess.CompletedProcess:
    bin_dir = str(Path(sys.executable).parent)
    environ = {**os.environ, "ODDS_CI_STEPS": steps, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", **env}
    return subprocess.run(
        ["bash", str(tree / ".ci" / "run")], cwd=tree, env=environ, capture_output=True, text=True, timeout=900
    )


def needs(tool: str):
    return pytest.mark.skipif(shutil.which(tool, path=str(Path(sys.executable).parent)) is None, reason=f"needs {tool}")


@needs("ruff")
def test_a_lint_error_fails_ci(tmp_path):
    tree = copy_tree(tmp_path)
    assert ci(tree, "lint").returncode == 0
    cards = tree / "odds" / "cards.py"
    cards.write_text(cards.read_text() + "\nimport os\n")  # unused import (pyflakes F401)
    result = ci(tree, "lint")
    assert result.returncode != 0 and "F401" in result.stdout + result.stderr


@needs("ruff")
def test_unformatted_code_fails_ci(tmp_path):
    tree = copy_tree(tmp_path)
    cards = tree / "odds" / "cards.py"
    cards.write_text(cards.read_text() + "\nx = [1,2]\n")
    result = ci(tree, "lint")
    assert result.returncode != 0 and "would be reformatted" in result.stdout + result.stderr


@pytest.mark.slow
def test_a_failing_test_fails_ci(tmp_path):
    """The tests step on one broken test file (and only it: coverage is then low too, so the
    failing tests themselves must show): a broken default test and a broken slow one both fail."""
    tree = copy_tree(tmp_path)
    (tree / "tests" / "test_broken.py").write_text(
        "import pytest\n\n\ndef test_broken():\n    assert 1 == 2\n\n\n"
        "@pytest.mark.slow\ndef test_broken_slowly():\n    assert 1 == 2\n"
    )
    result = ci(tree, "tests", PYTEST_ADDOPTS="-p no:cacheprovider -n 0 tests/test_broken.py")
    assert result.returncode != 0 and "2 failed" in result.stdout, result.stdout[-2000:]


@pytest.mark.slow
@needs("mypy")
def test_a_type_error_fails_ci(tmp_path):
    tree = copy_tree(tmp_path)
    cards = tree / "odds" / "cards.py"
    cards.write_text(cards.read_text() + '\n\ndef wrong() -> int:\n    return "a"\n')
    cache = tmp_path / "mypy-cache"
    if (ROOT / ".mypy_cache").is_dir():  # warm (as after .ci/run's types step): 3 s, not 20 s
        shutil.copytree(ROOT / ".mypy_cache", cache)
    result = ci(tree, "types", MYPY_CACHE_DIR=str(cache))
    assert result.returncode != 0 and "cards.py" in result.stdout and "[return-value]" in result.stdout


@pytest.mark.slow
def test_stale_tables_fail_ci(tmp_path):
    """One export, of the broken copy (the clean tree's export passes as .ci/run's last step)."""
    tree = copy_tree(tmp_path)
    seed = tree / "tables" / "baccarat" / "seed.csv"
    seed.write_text(seed.read_text().replace("19/20", "39/40", 1))
    result = ci(tree, "export")
    assert result.returncode != 0 and "seed.csv" in result.stdout + result.stderr
