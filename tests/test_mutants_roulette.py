"""odds/games/roulette.py's texts and declarations, for the mutants the priced bets do not notice
(docs/development.md, "Mutation testing"; docs/mutants/roulette.md): what ``odds features`` tells
a user writing a bet on each wheel, and every text of the wheels' sheets (a call bet's outcomes
name the chips that win, its description says it pays per chip)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from odds.bets.condition import BOOL, INT
from odds.bets.features import feature_specs
from odds.export import sheet_path
from odds.games import get_game
from odds.paytable import shipped_names
from odds.render.sheet import render_sheet
from odds.sheet import shipped_sheets

TABLES = Path(__file__).resolve().parents[1] / "tables"
WHEELS = ["roulette", "american-roulette", "triple-zero-roulette"]

RED = "a red number (1 3 5 7 9 12 14 16 18 19 21 23 25 27 30 32 34 36)"
BLACK = "a black number (the other numbers from 1 to 36)"
COLUMN = "the column of the number: 1 (1, 4, ... 34), 2 (2, 5, ... 35), 3 (3, 6, ... 36); 0 for "
DOZEN = "the dozen: 1 (1-12), 2 (13-24), 3 (25-36); 0 for "
NEXT = "on the next spin (a bet reading it spans two spins): "
ONE_SPIN = {
    # what `odds features <wheel>` lists, in order, word for word (the spin's features)
    "roulette": {
        "number": "the winning number",
        "red": RED,
        "black": BLACK,
        "zero": "the zero",
        "column": COLUMN + "zero",
        "dozen": DOZEN + "zero",
    },
    "american-roulette": {
        "number": "the winning number; 00 is 37",
        "red": RED,
        "black": BLACK,
        "zero": "the single zero 0",
        "double_zero": "the double zero 00 (number 37)",
        "green": "0 or 00",
        "column": COLUMN + "the zeros",
        "dozen": DOZEN + "the zeros",
    },
    "triple-zero-roulette": {
        "number": "the winning number; 00 is 37, 000 is 38",
        "red": RED,
        "black": BLACK,
        "zero": "the single zero 0",
        "double_zero": "the double zero 00 (number 37)",
        "triple_zero": "the triple zero 000 (number 38)",
        "green": "0 or 00 or 000",
        "column": COLUMN + "the zeros",
        "dozen": DOZEN + "the zeros",
    },
}
MEANINGS = {
    # en prison reads the next spin on the single-zero wheel only
    "roulette": {**ONE_SPIN["roulette"], **{f"next_{n}": NEXT + m for n, m in ONE_SPIN["roulette"].items()}},
    "american-roulette": ONE_SPIN["american-roulette"],
    "triple-zero-roulette": ONE_SPIN["triple-zero-roulette"],
}


def _pocket_values(game_id: str, name: str) -> list:
    """A feature's value on each pocket of the wheel, from the numbers alone (37 is 00, 38 is
    000): the layout, not the module's feature functions."""
    red = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}
    pockets = range({"roulette": 37, "american-roulette": 38, "triple-zero-roulette": 39}[game_id])
    of = {
        "number": lambda n: n,
        "red": lambda n: n in red,
        "black": lambda n: 1 <= n <= 36 and n not in red,
        "zero": lambda n: n == 0,
        "double_zero": lambda n: n == 37,
        "triple_zero": lambda n: n == 38,
        "green": lambda n: not 1 <= n <= 36,
        "column": lambda n: (n - 1) % 3 + 1 if 1 <= n <= 36 else 0,
        "dozen": lambda n: (n - 1) // 12 + 1 if 1 <= n <= 36 else 0,
    }[name.removeprefix("next_")]
    return [of(n) for n in pockets]


@pytest.mark.parametrize("game_id", WHEELS)
def test_each_wheels_features_are_declared_as_its_pockets_take_them(game_id):
    """The wheel's feature table against its pockets: the names in order, a number's range the
    least and largest value its pockets take (the column and the dozen 0 on a zero), a flag
    yes on some pockets and no on others, and each meaning word for word."""
    specs = feature_specs(game_id)
    assert {n: s.meaning for n, s in specs.items()} == MEANINGS[game_id]
    assert list(specs) == list(MEANINGS[game_id])
    for name, spec in specs.items():
        taken = _pocket_values(game_id, name)
        if spec.type.type == INT:
            assert (spec.type.low, spec.type.high) == (min(taken), max(taken)), name
        else:
            assert spec.type.type == BOOL and set(taken) == {True, False}, name
        assert not spec.reads and spec.suits is None, name


@pytest.mark.parametrize("game_id", WHEELS)
def test_each_wheels_features_of_a_spin_are_its_pockets(game_id):
    """The features each pocket gives a bet (its deal's arrays, one row a pocket) are the
    layout's."""
    game = get_game(game_id)
    names = list(ONE_SPIN[game_id])
    arrays = game.deal.features(names)
    for name in names:
        assert np.asarray(arrays[name]).tolist() == _pocket_values(game_id, name), (game_id, name)


@pytest.mark.parametrize("game_id", WHEELS)
def test_each_wheels_sheets_are_the_committed_tables(game_id):
    """Every shipped paytable of the wheel rendered as ``odds export`` writes it (md, csv,
    json), byte for byte the committed tables/ - the texts included: the game's name, a call
    bet's name and chip count, each outcome's numbers and the chips they win, "Any other
    number", "pays per chip wagered" (``odds export --check`` checks every game; this one the
    wheels alone, fast enough for the module's mutation runs)."""
    game = get_game(game_id)
    sheets = list(shipped_sheets(game))
    assert [s.paytable.name for s in sheets] == shipped_names(game) and sheets
    for sheet in sheets:
        for fmt in ("md", "csv", "json"):
            path = TABLES / f"{sheet_path(game_id, sheet.paytable.name)}.{fmt}"
            assert render_sheet(sheet, fmt) == path.read_text(encoding="utf-8"), path
