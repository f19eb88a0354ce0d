"""Every figure odds/sheet.py derives from a bet's rows, computed again here from the rows alone.

The sheets of every shipped bet of every game (their full default shoes, and a partly dealt one
for each card game's seed paytable) give the rows ``(pays, combinations)``; each derived figure is then written out with Python
integers in a form different from the module's where one exists (the variance as the mean squared
distance from the mean, the edge without pushes as a ratio of integer sums), and compared exactly.
Published figures pin the edge without pushes where the literature gives it.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from odds.cli import cli
from odds.games import all_games, get_game
from odds.paytable import load_paytable, shipped_names
from odds.render.sheet_data import bet_record
from odds.sheet import build_sheet
from odds.shoe import Shoe


def _sheets():
    for game in all_games():
        shoe = Shoe.decks(game.default_decks) if game.uses_shoe else None
        for name in shipped_names(game):
            yield build_sheet(game, load_paytable(game, name), shoe)
        if game.uses_shoe:  # and a partly dealt shoe, whose figures no table stores
            yield build_sheet(game, load_paytable(game), Shoe.decks(1).remove("9s,9h,8d,Kc"))


@pytest.fixture(scope="module")
def bets():
    return [(sheet, bet) for sheet in _sheets() for bet in sheet.bets]


def _independent(bet) -> dict:
    """The figures from the rows, as a reader of docs/conventions.md would compute them."""
    rows = [(Fraction(r.pays), r.combinations) for r in bet.rows]
    total = bet.total
    assert sum(n for _, n in rows) == total
    won = sum(pay * n for pay, n in rows)  # total return over every deal, in units of the stake
    mean = won / total
    pushes = sum(n for pay, n in rows if pay == 0)
    top = max(pay for pay, _ in rows)
    return {
        "expected_value": mean,
        "house_edge": -mean,
        "rtp": 1 + mean,
        "hit_frequency": Fraction(sum(n for pay, n in rows if pay > 0), total),
        "push_probability": Fraction(pushes, total),
        "loss_probability": Fraction(sum(n for pay, n in rows if pay < 0), total),
        # per bet that resolves: the pushes are neither won nor lost, and not counted
        "house_edge_excluding_pushes": (-won / (total - pushes) if 0 < pushes < total else None),
        "variance": sum(n * (pay - mean) ** 2 for pay, n in rows) / total,
        "top_pay": top,
        # the probability of the first outcome paying the top pay (a bet with two outcomes at the
        # top pay, e.g. dai-bacc's kill, shows the first one's)
        "top_pay_probability": Fraction(next(n for pay, n in rows if pay == top), total),
        "player_edge": mean > 0,
        "combinations": total,
    }


def test_every_derived_figure_of_every_shipped_bet(bets):
    """Each figure of bet_record (what every format prints) against the rows."""
    assert len(bets) > 300  # every bet of every paytable of every game
    with_pushes = 0
    for sheet, bet in bets:
        want = _independent(bet)
        got = bet_record(bet)
        for figure, value in want.items():
            assert got[figure] == value, (sheet.game.id, sheet.paytable.name, bet.id, figure)
        assert bet.has_push == (want["push_probability"] > 0)
        with_pushes += want["house_edge_excluding_pushes"] is not None
    assert with_pushes > 50  # the edge without pushes is really exercised


def test_rows_are_ordered_by_pays_highest_first_keeping_the_rules_order(bets):
    for sheet, bet in bets:
        rule_order = [o.key for o in sheet.paytable.bet(bet.id).rule.outcomes]
        want = sorted(rule_order, key=lambda key: -sheet.paytable.bet(bet.id).pays[key])
        assert [r.key for r in bet.rows] == want, (sheet.game.id, bet.id)


def test_house_edge_excluding_ties_published():
    """Wizard of Odds, baccarat (8 decks): banker 1.06% and 1.17% without ties, player 1.24% and
    1.36% without ties (wizardofodds.com/games/baccarat/)."""
    sheet = build_sheet(get_game("baccarat"), load_paytable(get_game("baccarat")), Shoe.decks(8), ["banker", "player"])
    banker, player = sheet.bets
    assert round(float(banker.house_edge) * 100, 2) == 1.06
    assert round(float(banker.house_edge_excluding_pushes) * 100, 2) == 1.17
    assert round(float(player.house_edge) * 100, 2) == 1.24
    assert round(float(player.house_edge_excluding_pushes) * 100, 2) == 1.36


def test_the_printed_sheet_carries_the_same_edge_excluding_pushes():
    """The JSON the CLI prints: the edge without pushes from its own printed rows."""
    args = ["sheet", "player-dealer-baccarat", "--format", "json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    checked = 0
    for bet in json.loads(result.stdout)["bets"]:
        rows = [(Fraction(o["pays"]), int(o["combinations"])) for o in bet["outcomes"]]
        pushes = sum(n for pay, n in rows if pay == 0)
        if pushes:
            won = sum(pay * n for pay, n in rows)
            assert Fraction(bet["house_edge_excluding_pushes"]) == -won / (sum(n for _, n in rows) - pushes)
            checked += 1
    assert checked >= 6
