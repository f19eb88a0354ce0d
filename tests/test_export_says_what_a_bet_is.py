"""A lab reading the exported sheets sees what each bet is (issue 25): its description and each
outcome's condition, as the paytable file writes them - read here from the TOML files themselves,
not through the program's paytable loader."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(
    p
    for p in (ROOT / "odds" / "paytables").glob("*/*.toml")
    if any("outcomes" in b and "multipliers" not in b for b in tomllib.loads(p.read_text()).get("bets", {}).values())
)


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_the_exported_json_carries_each_bets_description_and_conditions(path):
    written = tomllib.loads(path.read_text())
    sheet = json.loads((ROOT / "tables" / path.parent.name / f"{path.stem}.json").read_text())
    exported = {b["id"]: b for b in sheet["bets"]}
    checked = 0
    for bet_id, bet in written["bets"].items():
        if "outcomes" not in bet or bet_id not in exported or "multipliers" in bet:
            continue  # (a multiplier bet's rows are its prizes)
        assert exported[bet_id]["description"] == bet.get("description", ""), bet_id
        when = {o["key"]: o["when"] for o in exported[bet_id]["outcomes"] if "when" in o}
        for outcome in bet["outcomes"]:
            assert when[outcome["key"]] == outcome.get("when"), (bet_id, outcome["key"])
        checked += 1
    assert checked, path


def test_the_markdown_sheet_shows_them_too():
    text = (ROOT / "tables" / "baccarat" / "contrast-bonus.md").read_text()
    assert "Every Player card of one colour and every Banker card of the other" in text
    assert '- `six-cards` when `(player_suit1 in ("h", "d")' in text
    assert "- `other`: every other round" in text
