"""``odds export --paytable FILE --only`` (issue 25): one paytable's lab sheet, four files, not 160.

The figures at each deck count are compared with ``odds compare`` of the same file (a separate
command and code path to the same sheets), the conditions with the file's own text."""

from __future__ import annotations

import csv
import io
import json
import sys

import pytest
from click.testing import CliRunner

import odds
from odds.cli import cli

PAYTABLE = """\
game = "baccarat"
extends = "seed"

[bets.dragon-7]
name = "Dragon 7"
description = "The banker wins with a three-card 7."
outcomes = [
  { key = "win", label = "Banker wins with a three-card 7", when = "banker_wins and banker_cards == 3 and banker_total == 7", pays = 40 },
  { key = "other", label = "Any other result", pays = -1 },
]
"""


def test_without_matplotlib_the_lab_sheet_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # an import of it raises ImportError
    mine = tmp_path / "mine.toml"
    mine.write_text(PAYTABLE)
    result = CliRunner().invoke(cli, ["export", "--paytable", str(mine), "--only", "--out", str(tmp_path)])
    assert result.exit_code == 1 and "pip install 'odds[plot]'" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.toml"]  # nothing half written


def test_one_paytable_s_lab_sheet(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")  # the PDF (the plot extra; the README's test command has none)
    mine = tmp_path / "mine.toml"
    mine.write_text(PAYTABLE)
    out = tmp_path / "lab"
    out.mkdir()
    result = CliRunner().invoke(cli, ["export", "--paytable", str(mine), "--only", "--out", str(out)])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in out.iterdir())
    assert names == [f"baccarat-mine-lab.{x}" for x in ("csv", "json", "md", "pdf")]
    data = json.loads((out / "baccarat-mine-lab.json").read_text())
    dragon = next(b for b in data["bets"] if b["id"] == "dragon-7")
    assert dragon["description"] == "The banker wins with a three-card 7."
    assert dragon["outcomes"][0]["when"] == "banker_wins and banker_cards == 3 and banker_total == 7"
    assert [o["pays"] for o in dragon["outcomes"]] == ["40", "-1"]
    compared = odds.compare("baccarat", bets="dragon-7", paytables=[str(mine)], decks=[1, 6, 8])
    for d in dragon["by_decks"]:
        cell = compared.sheet("dragon-7", "file:mine", d["decks"])
        assert d["house_edge"] == odds.render.exact(cell.house_edge), d["decks"]
    assert [d["decks"] for d in dragon["by_decks"]] == [1, 6, 8] and dragon["at_decks"] == 8
    assert dragon["volatility_index_95"] > dragon["volatility_index_90"] > 0
    rows = list(csv.DictReader(io.StringIO((out / "baccarat-mine-lab.csv").read_text())))
    assert len(rows) == 3 * len(data["bets"]) and {"house_edge", "house_edge_float", "decks"} <= set(rows[0])
    md = (out / "baccarat-mine-lab.md").read_text()
    assert "## Dragon 7 (`dragon-7`)" in md and "banker_cards == 3" in md
    pdf = (out / "baccarat-mine-lab.pdf").read_bytes()
    assert pdf.startswith(b"%PDF")
    # the same sheet, the same bytes (no date stamp), written in the current folder by default
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli, ["export", "--paytable", str(mine), "--only"]).exit_code == 0
    assert (tmp_path / "baccarat-mine-lab.pdf").read_bytes() == pdf
    assert (tmp_path / "baccarat-mine-lab.json").read_bytes() == (out / "baccarat-mine-lab.json").read_bytes()


def test_only_needs_a_paytable_file():
    assert CliRunner().invoke(cli, ["export", "--only"]).exit_code == 2
    assert CliRunner().invoke(cli, ["export", "--only", "--check", "--paytable", "x.toml"]).exit_code == 2
