"""American (double-zero) roulette: every bet counted from the numbers it covers, written here from
the layout (not from the library), over the 38 pockets 0, 00 and 1-36; the published edges.

Wizard of Odds, "Roulette", https://wizardofodds.com/games/roulette/ (stored copy
https://ilghirlandaio.com/roulette-introduction/): "A U.S. roulette wheel consists of 38 numbered
slots: numbers 1 to 36, a zero, and a double zero." "The house edge on all bets is 1/19, or 5.26%,
except for one bet. The exception is the 0-00-1-2-3 combination, which carries a house edge of
7.89%." Press of Atlantic City: half-back on 0 and 00 reduces the even-money edge "from 5.26 to
2.63 percent".
"""

from __future__ import annotations

import json
import random
from decimal import Decimal
from fractions import Fraction

import pytest
from click.testing import CliRunner

from odds.bets.features import feature_specs
from odds.cli import cli
from odds.games import get_game
from odds.paytable import load_paytable
from odds.sheet import build_sheet

GAME = get_game("american-roulette")
DZ = "00"
POCKETS = [0, DZ] + list(range(1, 37))
RED = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}
COVERS = {  # the numbers each bet covers, from the American layout ("00" is the double zero)
    "straight": {17},
    "split": {17, 20},
    "street": {16, 17, 18},
    "trio-0-1-2": {0, 1, 2},
    "trio-0-00-2": {0, DZ, 2},
    "trio-00-2-3": {DZ, 2, 3},
    "corner": {17, 18, 20, 21},
    "top-line": {0, DZ, 1, 2, 3},
    "line": set(range(16, 22)),
    "column": set(range(2, 37, 3)),
    "dozen": set(range(13, 25)),
    "red": RED,
    "black": set(range(1, 37)) - RED,
    "even": set(range(2, 37, 2)),
    "odd": set(range(1, 37, 2)),
    "low": set(range(1, 19)),
    "high": set(range(19, 37)),
}
PAYS = {1: 35, 2: 17, 3: 11, 4: 8, 5: 6, 6: 5, 12: 2, 18: 1}  # the American layout's pays, "to 1"


def pct(exact: Fraction, printed: str) -> bool:
    shown = Decimal(printed.rstrip("%"))
    return abs(exact * 100 - Fraction(shown)) <= Fraction(1, 2) * Fraction(10) ** shown.as_tuple().exponent


def sheets(paytable=None):
    return {b.id: b for b in build_sheet(GAME, load_paytable(GAME, paytable), None).bets}


def test_every_bet_and_the_top_line():
    bets = sheets()
    assert set(bets) == set(COVERS)
    for bet_id, covered in COVERS.items():
        b = bets[bet_id]
        win = next(r for r in b.rows if r.key == "win")
        assert b.total == 38 and win.combinations == len(covered) and win.pays == PAYS[len(covered)], bet_id
        # a bet covering n of 38 numbers at 36/n - 1: edge 2/38; the five-number bet at 6: 3/38
        expected = Fraction(3, 38) if bet_id == "top-line" else Fraction(2, 38)
        assert b.house_edge == expected, bet_id
        assert pct(b.house_edge, "7.89%" if bet_id == "top-line" else "5.26%"), bet_id


def test_each_pocket_settles_every_bet_as_its_covers_say():
    table = load_paytable(GAME)
    for pocket in POCKETS:
        number = 37 if pocket == DZ else pocket
        for spelled in {number, pocket}:  # "00" and 37 are the same pocket
            settled = GAME.settle_spin(spelled, table)
            for bet_id, covered in COVERS.items():
                assert (settled[bet_id] == "win") == (pocket in covered), (bet_id, pocket)
                if settled[bet_id] != "win" and bet_id in (
                    "column",
                    "dozen",
                    "red",
                    "black",
                    "even",
                    "odd",
                    "low",
                    "high",
                ):
                    assert settled[bet_id] == ("zero" if pocket in (0, DZ) else "lose"), (bet_id, pocket)


def test_atlantic_city_half_back():
    bets = sheets("atlantic-city")
    for bet_id in ("red", "black", "even", "odd", "low", "high"):
        assert bets[bet_id].house_edge == Fraction(1, 38) and pct(bets[bet_id].house_edge, "2.63%"), bet_id
        assert {r.key: r.combinations for r in bets[bet_id].rows} == {"win": 18, "lose": 18, "zero": 2}
    assert bets["straight"].house_edge == Fraction(1, 19)  # the rest is the standard table
    assert any("Bet red is defined by this paytable" in note for note in load_paytable(GAME, "atlantic-city").notes)


def test_features_say_00_is_37():
    specs = feature_specs("american-roulette")
    assert specs["number"].type.high == 37 and "00 is 37" in specs["number"].meaning
    assert {"double_zero", "green", "zero"} <= set(specs)
    out = CliRunner().invoke(cli, ["features", "american-roulette"])
    assert out.exit_code == 0 and "double_zero" in out.output


def test_no_call_bets_and_listed_by_games():
    assert GAME.code_bets == {}
    listing = {g["game"]: g for g in json.loads(CliRunner().invoke(cli, ["games", "--format", "json"]).output)}
    assert listing["american-roulette"]["paytables"] == ["seed", "atlantic-city"]
    assert listing["american-roulette"]["bets"] == list(COVERS)
    out = CliRunner().invoke(cli, ["sheet", "american-roulette", "--bet", "top-line", "--format", "json"])
    bet = json.loads(out.output)["bets"][0]
    assert bet["house_edge"] == "3/38" and bet["combinations"] == "38"


def test_random_spins_cover_the_wheel():
    rng = random.Random(5)
    seen = {GAME.play_random(rng)["straight"] for _ in range(400)}
    assert seen == {"win", "lose"}
    with pytest.raises(ValueError):
        GAME.settle_spin(38)


def test_a_drawn_pocket_settles_on_the_paytable_it_was_drawn_for(tmp_path):
    """`simulate` settles each drawn pocket with the run's paytable, a user's bet included."""
    path = tmp_path / "zeros.toml"
    path.write_text(
        'game = "american-roulette"\nextends = "seed"\n[bets.zeros]\n'
        'outcomes = [{ key = "win", when = "number in (0, 37)", pays = 17 }, { key = "lose", pays = -1 }]\n'
    )
    game = get_game("american-roulette")
    mine = load_paytable(game, str(path))
    for pocket in range(38):
        settled = game.settle_drawn(pocket, mine)
        assert settled == game.settle_spin(pocket, mine) and settled["zeros"] == (
            "win" if pocket in (0, 37) else "lose"
        )
