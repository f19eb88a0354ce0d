"""Andar Bahar: the closed-form counts (the first match's place, hypergeometric) against the
reference dealer (tests/reference, written from the rules, importing nothing from odds) over every
ordering of small shoes - ranks held unequally, a rank with no other card (a void round), suits for
the colour rule - and the full deck against the figures printed for it: Andar wins 51.5% of rounds
(GamblingBaba, Walkthrough India), so Andar at 0.9 and Bahar at 1 hold 2.15% and 3.00%."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from click.testing import CliRunner

from odds.cli import cli
from odds.games import get_game
from odds.paytable import load_paytable
from odds.sheet import build_sheet
from odds.shoe import Shoe
from reference import dealers
from reference.walk import every_ordering, parse

GAME = get_game("andar-bahar")
SHOES = {
    "unequal": "As,Ah,Ad,2s,2h,3s,Kd",  # three aces, two twos, a lone three and king: void rounds
    "pairs": "As,Ah,2s,2h,3s,3h,4d,4c",
    "suited": "As,Ad,2s,2h,3c,Kh,Ks",  # the colour rule: black and red middle cards of one rank
}


def library(paytable: str, shoe: str) -> dict:
    table = load_paytable(GAME, paytable)
    sheet = build_sheet(GAME, table, Shoe.from_cards(shoe))
    return {(b.id, r.key): Fraction(r.combinations, b.total) for b in sheet.bets for r in b.rows if r.combinations}


@pytest.mark.parametrize(
    "paytable,dealer", [("cards-dealt", dealers.andar_bahar), ("first-by-colour", dealers.andar_bahar_by_colour)]
)
@pytest.mark.parametrize("shoe", list(SHOES))
def test_every_ordering_of_a_small_shoe(paytable, dealer, shoe):
    assert library(paytable, SHOES[shoe]) == every_ordering(dealer, parse(SHOES[shoe]))


def test_one_deck_against_the_closed_form_and_the_printed_figures():
    """Andar wins when the first of the 3 other cards of the middle card's rank is an odd card
    among the 51 after it: sum over odd k of C(51 - k, 2) / C(51, 3) = 429/833 = 51.50%."""
    p_andar = Fraction(sum(comb(51 - k, 2) for k in range(1, 50, 2)), comb(51, 3))
    assert p_andar == Fraction(429, 833) and round(float(p_andar) * 100, 1) == 51.5
    sheet = build_sheet(GAME, GAME.paytable(), Shoe.decks(1))
    assert sheet.bet("andar").house_edge == 1 - p_andar - Fraction(9, 10) * p_andar
    assert sheet.bet("bahar").house_edge == 2 * p_andar - 1
    assert (
        round(float(sheet.bet("andar").house_edge) * 100, 2),
        round(float(sheet.bet("bahar").house_edge) * 100, 2),
    ) == (2.15, 3.0)
    assert sheet.bet("andar").total == 52 * comb(51, 3)


def test_eight_decks_against_the_closed_form():
    """416 cards: the first of the 31 other cards of the rank among 415; P(odd) in closed form."""
    sheet = build_sheet(GAME, GAME.paytable(), Shoe.decks(8))
    p_andar = Fraction(sum(comb(415 - k, 30) for k in range(1, 386, 2)), comb(415, 31))
    assert sheet.bet("andar").house_edge == 1 - Fraction(19, 10) * p_andar


def test_settle_a_round_and_refuse_what_is_not_one():
    runner = CliRunner()
    r = runner.invoke(cli, ["settle", "andar-bahar", "7h,2s,Kd,7c", "--format", "csv"])
    assert r.exit_code == 0 and "andar,win,9/10" in r.output and "bahar,lose,-1" in r.output, r.output
    for bad, says in (
        ("7h,2s,Kd,7c,3d", "1 more given"),
        ("7h,2s", "not one"),
        ("7h", "got 1 card"),
        ("7h,Zs", "bad card"),
    ):
        r = runner.invoke(cli, ["settle", "andar-bahar", bad])
        assert r.exit_code == 1 and says in r.output, (bad, r.output)
    r = runner.invoke(cli, ["count", "andar-bahar", "--shoes", "2"])
    assert r.exit_code == 1 and "shuffles the cards before every round" in r.output


def test_too_big_a_shoe_is_refused_with_the_limit():
    r = CliRunner().invoke(cli, ["sheet", "andar-bahar", "--decks", "21"])
    assert r.exit_code == 1 and "at most 1,040 cards" in r.output
