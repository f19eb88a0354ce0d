"""Bac Bo: the library's counts over its 1,296 rolls against the reference dealer (written from the
supplier's printed rules, importing nothing from odds) over the 126 multisets of four dice read as
two hands, and the published RTPs: 98.87% (Player, Banker) and 95.52% (Tie), exactly 6407/6480 and
619/648."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from click.testing import CliRunner

from odds.cli import cli
from odds.games import get_game
from odds.sheet import build_sheet
from reference import dealers

GAME = get_game("bac-bo")


def sheet():
    return build_sheet(GAME, GAME.paytable(), None)


def test_counts_agree_with_the_reference_dealer_over_pairs_of_two_dice_hands():
    """The dealer settles each pair of unordered two-dice hands, weighted by its orderings (a
    different enumeration from the library's 1,296 ordered rolls)."""
    hands = Counter(tuple(sorted(d)) for d in product(range(1, 7), repeat=2))  # 21 hands, 1 or 2 orderings
    expected: dict = {}
    for (p, pw), (b, bw) in product(hands.items(), repeat=2):
        for bet, key in dealers.bac_bo(p + b).items():
            expected.setdefault(bet, Counter())[key] += pw * bw
    for bet in sheet().bets:
        assert bet.total == 1296
        assert {r.key: r.combinations for r in bet.rows if r.combinations} == dict(expected[bet.id]), bet.id


def test_published_rtps_exactly():
    s = sheet()
    assert s.bet("player").rtp == s.bet("banker").rtp == Fraction(6407, 6480)
    assert s.bet("tie").rtp == Fraction(619, 648)
    assert round(float(s.bet("player").rtp) * 100, 2) == 98.87
    assert round(float(s.bet("tie").rtp) * 100, 2) == 95.52


def test_tie_pays_by_total_as_published():
    pays = {r.key: r.pays for r in sheet().bet("tie").rows}
    assert pays == {"tie-2-12": 88, "tie-3-11": 25, "tie-4-10": 10, "tie-5-9": 6, "tie-6-8": 4, "no-tie": -1}
    combos = {r.key: r.combinations for r in sheet().bet("tie").rows}
    assert combos == {"tie-2-12": 2, "tie-3-11": 8, "tie-4-10": 18, "tie-5-9": 32, "tie-6-8": 86, "no-tie": 1150}


def test_settle_reads_four_dice_and_names_the_hands():
    r = CliRunner().invoke(cli, ["settle", "bac-bo", "6,6,1,2", "--format", "json"])
    assert r.exit_code == 0, r.output
    import json

    data = json.loads(r.output)
    assert [h["total"] for h in data["hands"]] == [12, 3]
    assert {b["id"]: b["net"] for b in data["bets"]} == {"player": "1", "banker": "-1", "tie": "-1"}
    bad = CliRunner().invoke(cli, ["settle", "bac-bo", "6,6,1"])
    assert bad.exit_code == 1 and "4 dice" in bad.output
    bad = CliRunner().invoke(cli, ["settle", "bac-bo", "6,6,1,7"])
    assert bad.exit_code == 1 and "from 1 to 6" in bad.output


def test_every_roll_settles_as_the_reference_dealer_does():
    for roll in product(range(1, 7), repeat=4):
        assert GAME.settle_roll(roll) == dealers.bac_bo(roll), roll
