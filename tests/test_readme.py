"""The README's generated parts stay true."""

import re
from pathlib import Path

from odds.depletion.windows import readme_table

README = Path(__file__).resolve().parents[1] / "README.md"


def test_windows_table_matches_the_committed_data():
    text = README.read_text(encoding="utf-8")
    block = re.search(r"<!-- windows-table[^\n]*-->\n(.*?)<!-- /windows-table -->", text, re.S)
    assert block, "README lost its windows table"
    assert block.group(1) == readme_table()


def test_the_two_setup_commands_are_there():
    text = README.read_text(encoding="utf-8")
    assert "pip install -e . && odds sheet baccarat" in text
    assert "pip install -e '.[test]' && python -m pytest -q" in text
