"""The committed windows data: it covers the seeds' windowed bets and is not stale."""

from __future__ import annotations

import pytest

from odds.depletion import windows


@pytest.fixture(scope="module")
def data():
    loaded = windows.load()
    assert loaded is not None, f"odds/depletion/windows_data.json is missing: run {windows.COMMAND}"
    return loaded


def test_data_covers_every_windowed_bet_of_the_seeds(data):
    expected = {(g.id, b, p.bet(b).window) for g, p, bets in windows.windowed_bets() for b in bets}
    got = {(g["game"], r["id"], r["window"]) for g in data["games"] for r in g["bets"]}
    assert got == expected, f"stale: run {windows.COMMAND}"


def test_first_shoes_deal_again_to_the_same_exact_sums(data):
    """Deal the first shoes of each game again: the integer sums must be identical (a change to
    the rules, the paytables, the dealer or the evaluator makes the committed table stale)."""
    by_game = {g["game"]: g for g in data["games"]}
    for game, paytable, bets in windows.windowed_bets():
        spec = windows.spec_for(game, paytable, bets, data["seed"])
        assert windows.check_sums(spec, data["check_shoes"]) == by_game[game.id]["check"], (
            f"{game.id}: stale windows data, run {windows.COMMAND}"
        )


def test_rendered_table(data):
    files = windows.windows_files()
    assert set(files) == {"windows.md", "windows.csv"}
    rows = windows.table_rows(data)
    assert len(files["windows.csv"].splitlines()) == len(rows) + 1
    for row in rows:
        # the window keeps a subset of the positive rounds: never more than the whole shoe
        assert 0 <= float(row["perfect_units_per_shoe_in_window"]) <= float(row["perfect_units_per_shoe"])
