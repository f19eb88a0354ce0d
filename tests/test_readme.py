"""The README is a front page that stays true: the set-up commands, the generated windows table
(now in docs/depletion.md), links that resolve inside the repository, and a length a newcomer
reads in a few minutes. Its examples run in tests/test_docs_examples.py."""

import re
from pathlib import Path

from odds.depletion.windows import readme_table

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DEPLETION = ROOT / "docs" / "depletion.md"


def test_windows_table_matches_the_committed_data():
    text = DEPLETION.read_text(encoding="utf-8")
    block = re.search(r"<!-- windows-table[^\n]*-->\n(.*?)<!-- /windows-table -->", text, re.S)
    assert block, "docs/depletion.md lost its windows table"
    assert block.group(1) == readme_table()


def test_the_two_setup_commands_are_there():
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh install\n(.*?)^```", text, re.S | re.M)
    assert [b.strip() for b in blocks] == [
        "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && odds sheet baccarat",
        "python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && python -m pytest -q",
    ]


def test_the_setup_commands_are_true():
    """What they install and run exists: the console script `odds`, the `test` extra, pytest."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["scripts"]["odds"] == "odds.cli:main"
    assert any(d.startswith("pytest") for d in project["optional-dependencies"]["test"])


def test_the_readme_is_a_front_page():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 160, "move long sections to docs/"
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings[:2] == ["Set up", "A few minutes with `odds`"] and "Documentation" in headings
    for doc in ("commands", "rules", "conventions", "bets", "designing", "depletion", "limits"):
        assert f"(docs/{doc}.md)" in text, doc
    assert "../" not in text


def test_every_document_in_docs_is_linked_from_the_readme():
    text = README.read_text(encoding="utf-8")
    for doc in sorted((ROOT / "docs").glob("*.md")):
        assert f"(docs/{doc.name})" in text, doc.name
