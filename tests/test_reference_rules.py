"""The library's exact sheets against naive reference dealers written from the rule text.

The dealers (tests/reference/dealers.py) import nothing from ``odds``; they read docs/rules.md and the
seeds (Table 2 transcribed row by row). Every bet id and outcome key of every game is compared
(the keys are the contract): the library's probability of each key must equal the share of
distinct orderings of the shoe in which the reference dealer gives that key. The library counts
ordered six-card deals, the brute force counts orderings of the whole shoe, so we compare
probabilities, not counts.

Shoes: two 8-card suited shoes picked so that between them every outcome key of baccarat,
Tiger Baccarat and player-dealer baccarat happens (identical cards for Perfect Pair and Tiger
Pair's "same two cards", naturals beaten by naturals, banker sixes on two and three cards, Dragon
Bonus wins by 4 to 9), a 5-card and a 6-card shoe doing the same for both Dragon Tiger games; all 216 dice
rolls; all 37 pockets. Full 8-deck shoes: an exact walk for Dragon Tiger, a seeded Monte Carlo for
everything, and (``-m slow``) an exact walk of the baccarat games at value resolution and bigger
suited shoes.

Not compared: player-dealer's ``-best-choice`` bets - the choice is the library's own optimisation
(by exact expectation per up card and two-card hand), not a rule the seed states.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from functools import cache

import pytest

from odds.games import get_game
from odds.paytable import load_paytable
from odds.sheet import build_sheet
from odds.shoe import Shoe
from reference import dealers
from reference.walk import decks, every_ordering, exact_walk, monte_carlo, parse

CARD_GAMES = tuple(dealers.CARD_GAMES)
BACCARAT_GAMES = ("baccarat", "tiger-baccarat", "player-dealer-baccarat")
NOT_COMPARED = ("-best-choice",)

SMALL_SHOES = {
    # 2c2d against 2c2d (Tiger Pair's same two cards), 2+6 / 3+5 / 4+5 naturals beating each other
    "twos": "2c,2c,2d,2d,3d,4c,5h,6h",
    # identical aces (Perfect Pair), three zero cards (non-natural 9 against 0: win by 9)
    "aces": "Ac,Ac,As,3d,7h,Qd,Qh,Kh",
    # between them every drawing cell: Table 2's 80 (banker 0-7 x player's third card 0-9) and
    # the 16 where the player stands on 6 or 7 (test_small_shoes_reach_every_drawing_cell)
    "table-2-a": "Ac,3h,4c,5d,7c,9s,Ts",
    "table-2-b": "2s,3d,4s,5d,6h,8d,Ks",
    # a 7 on either side, a red and a black of each kind, both suits of a rank
    "dragon": "6s,7h,Qh,Kc,Kd",
    # identical kings, a 7, aces low against kings high
    "kings": "As,2d,7c,Kh,Ks,Ks",
}
SHOES_FOR = {
    "baccarat": ("twos", "aces", "table-2-a", "table-2-b"),
    "tiger-baccarat": ("twos", "aces", "table-2-a", "table-2-b"),
    "player-dealer-baccarat": ("twos", "aces", "table-2-a", "table-2-b"),
    "dragon-tiger": ("dragon", "kings"),
    "dragon-tiger-poker": ("dragon", "kings"),
}


def compared(bet_id: str) -> bool:
    return not bet_id.endswith(NOT_COMPARED)


@cache
def library(game_id: str, shoe: str | None = None, decks_: int | None = None) -> dict:
    """``{(bet id, key): probability}`` from the library's exact sheet (every row, zeros too)."""
    game = get_game(game_id)
    composition = Shoe.from_cards(shoe) if shoe else Shoe.decks(decks_) if decks_ else None
    sheet = build_sheet(game, load_paytable(game), composition)
    return {(b.id, r.key): Fraction(r.combinations, b.total) for b in sheet.bets for r in b.rows if compared(b.id)}


@cache
def orderings(game_id: str, shoe: str) -> dict:
    return every_ordering(dealers.CARD_GAMES[game_id], parse(shoe))


def disagreements(lib: dict, ref: dict) -> list:
    """Every (bet, key) where the two differ; a key only one side knows counts as probability 0."""
    return sorted(
        (bet, key, str(lib.get((bet, key), 0)), str(ref.get((bet, key), 0)))
        for bet, key in set(lib) | set(ref)
        if lib.get((bet, key), 0) != ref.get((bet, key), 0)
    )


def assert_same(lib: dict, ref: dict, game_id: str, bets_only=None):
    if bets_only is not None:
        lib = {k: p for k, p in lib.items() if k[0] in bets_only}
        ref = {k: p for k, p in ref.items() if k[0] in bets_only}
    # the dealer settles every bet the library lists, and nothing else
    assert {b for b, _ in ref} == {b for b, _ in lib}, game_id
    bad = disagreements(lib, ref)
    assert not bad, f"{game_id}: (bet, key, library, reference) {bad[:8]}"


@pytest.mark.parametrize("game_id,shoe", [(g, s) for g in CARD_GAMES for s in SHOES_FOR[g]])
def test_every_bet_on_every_ordering_of_a_small_shoe(game_id, shoe):
    assert_same(library(game_id, SMALL_SHOES[shoe]), orderings(game_id, SMALL_SHOES[shoe]), game_id)


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_small_shoes_reach_every_outcome_key(game_id):
    """No key is compared only as 0 = 0: the shoes together deal every outcome of every bet."""
    seen = {k for shoe in SHOES_FOR[game_id] for k, p in orderings(game_id, SMALL_SHOES[shoe]).items() if p}
    every_key = set(library(game_id, decks_=8))
    assert every_key - seen == set()


def test_small_shoes_reach_every_drawing_cell():
    """Each cell of the drawing rules is dealt on some ordering of the default shoes, so a wrong
    cell in the library changes a compared probability (Big/Small sees every draw decision)."""

    def cell(cards):
        h = dealers.deal_baccarat(cards)
        if h.natural:
            return {"cell": "natural"}
        player, banker = dealers.points(h.first[:2]), dealers.points(h.second[:2])
        if len(h.first) == 3:
            return {"cell": ("player draws", banker, dealers.value(h.first[2]))}
        return {"cell": ("player stands", player, banker)}

    every_cell = {("player draws", b, t) for b in range(8) for t in range(10)}
    every_cell |= {("player stands", p, b) for p in (6, 7) for b in range(8)}
    seen = {key for shoe in SHOES_FOR["baccarat"] for (_, key) in every_ordering(cell, parse(SMALL_SHOES[shoe]))}
    assert every_cell - seen == set()


def test_the_walk_agrees_with_every_ordering():
    """The exact tree walk (used on the big shoes below) counts as the orderings do."""
    for game_id in CARD_GAMES:
        for shoe in SHOES_FOR[game_id]:
            assert exact_walk(dealers.CARD_GAMES[game_id], parse(SMALL_SHOES[shoe])) == orderings(
                game_id, SMALL_SHOES[shoe]
            )


def test_sic_bo_every_bet_on_all_216_rolls():
    rolls = list(itertools.product(range(1, 7), repeat=3))
    tally: dict = {}
    for roll in rolls:
        for bet, key in dealers.sic_bo(roll).items():
            tally[bet, key] = tally.get((bet, key), 0) + Fraction(1, len(rolls))
    assert_same(library("sic-bo"), tally, "sic-bo")


def test_roulette_every_bet_and_every_member_on_all_37_pockets():
    lib = library("roulette")
    for bet, members in dealers.layout_bets().items():
        for numbers in members:  # the library prices one member per family: all must agree
            tally: dict = {}
            for pocket in range(37):
                key = dealers.roulette(pocket, {bet: numbers})[bet]
                tally[bet, key] = tally.get((bet, key), 0) + Fraction(1, 37)
            assert_same(lib, tally, "roulette", bets_only={bet})
    tally = {}
    for pocket in range(37):
        for bet, key in dealers.roulette(pocket).items():
            tally[bet, key] = tally.get((bet, key), 0) + Fraction(1, 37)
    assert_same(lib, tally, "roulette")


def test_roulette_red_numbers_follow_the_wheel():
    """Probabilities cannot tell which 18 numbers are red, so pin the reference's red set to the
    rule text: docs/rules.md's wheel order alternates colours between 0s (1 is red on every layout)."""
    ring = [n for n in dealers.WHEEL if n]
    assert all((a in dealers.RED) != (b in dealers.RED) for a, b in zip(ring, ring[1:] + ring[:1]))
    assert 1 in dealers.RED and len(dealers.RED) == 18


def test_roulette_call_bets_pay_what_their_chips_pay():
    """Per outcome key, the net of the chips (seed 003's placements) per chip staked is the pay
    the paytable gives that key; and the nets are the seed's printed "true profit" in chips."""
    game = get_game("roulette")
    sheet = build_sheet(game, load_paytable(game), None)
    pays = {(b.id, r.key): r.pays for b in sheet.bets for r in b.rows}
    for name in dealers.CALL_BETS:
        for pocket in range(37):
            key, net = dealers.call_bet(name, pocket)
            assert pays[name, key] == net, (name, pocket)
    staked = {name: sum(chips for *_, chips in dealers.CALL_BETS[name]) for name in dealers.CALL_BETS}
    profit = {name: {p: dealers.call_bet(name, p)[1] * staked[name] for p in range(37)} for name in dealers.CALL_BETS}
    # seed 003: Voisins "17 + 1 - 9 = 9", "22 + 2 - 9 = 15", "16 + 2 - 9 = 9"; Tier "17 + 1 - 6 = 12";
    # Orphelins "35 + 1 - 5 = 31", "17 + 1 - 5 = 13", "34 + 2 - 5 = 31"; Neighbors "35 + 1 - 5 = 31"
    assert staked == {"voisins-du-zero": 9, "tiers": 6, "orphelins": 5, "neighbours": 5, "jeu-zero": 4}
    assert {profit["voisins-du-zero"][p] for p in (4, 7, 12, 15, 18, 19, 21, 22, 32, 35)} == {9}
    assert {profit["voisins-du-zero"][p] for p in (0, 2, 3)} == {15}
    assert {profit["voisins-du-zero"][p] for p in (25, 26, 28, 29)} == {9}
    assert {profit["tiers"][p] for p in (27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33)} == {12}
    assert profit["orphelins"][1] == profit["orphelins"][17] == 31
    assert {profit["orphelins"][p] for p in (6, 9, 14, 20, 31, 34)} == {13}
    assert dealers.neighbours(8) == {11, 30, 8, 23, 10}  # seed: "11-30-8-23-10 (8 is in the middle)"
    assert {profit["neighbours"][p] for p in (11, 30, 8, 23, 10)} == {31}


@pytest.mark.parametrize("game_id", ["dragon-tiger", "dragon-tiger-poker"])
def test_dragon_tiger_exact_on_eight_decks(game_id):
    """Every bet, exact, on a full 8-deck shoe (Dragon's and Tiger's cards at 52-card resolution)."""
    ref = exact_walk(lambda cards: dealers.CARD_GAMES[game_id](cards, burn=0), decks(8))
    assert_same(library(game_id, decks_=8), ref, game_id)


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_monte_carlo_of_the_reference_dealer_on_eight_decks(game_id):
    """Seeded random rounds off a full 8-deck shoe land within 5 standard errors of every exact
    probability (and never on a key the library gives probability 0)."""
    rounds = 6000
    freq, n = monte_carlo(dealers.CARD_GAMES[game_id], decks(8), rounds, seed=20240610)
    lib = library(game_id, decks_=8)
    assert set(freq) <= {k for k, p in lib.items() if p}
    for k, p in lib.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(freq.get(k, 0.0) - float(p)) <= 5 * sigma + 1 / n, (k, freq.get(k, 0.0), float(p))


# -- slow: bigger shoes ------------------------------------------------------------------------------


def _value_shoe(n_decks: int):
    """``n_decks`` decks at baccarat-value resolution: 10, J, Q, K all stand in as a ten."""
    return [(min(rank, 10), "s") for rank, _ in decks(n_decks)]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", BACCARAT_GAMES)
def test_baccarat_games_exact_on_eight_decks_by_value(game_id):
    """Every bet decided by card values, exact on 8 decks (about 10 s a game): the drawing rules,
    Lucky 6, Dragon Bonus, the Tiger bets, the player-dealer lines under both policies."""
    ref = exact_walk(dealers.CARD_GAMES[game_id], _value_shoe(8))
    rank_bets = {
        "player-pair",
        "banker-pair",
        "either-pair",
        "perfect-pair",
        "dragon",
        "tiger",
        "dragon-tiger-tie",
        "tiger-pair",
        "bonus-pair-player",
        "bonus-pair-dealer",
    }
    lib = library(game_id, decks_=8)
    value_bets = {b for b, _ in lib} - rank_bets
    assert_same(lib, ref, game_id, bets_only=value_bets)


BIGGER_SHOES = [
    "As,Ah,Ad,2s,5h,5h,6c,6d,9s,Kh",
    "3s,3s,4h,5d,6c,6c,7h,8d,Qs,Qs",
    "Ac,2c,2c,4h,6s,6h,8d,9c,Td,Jh,Jh",
]


@pytest.mark.slow
@pytest.mark.parametrize("game_id,shoe", [(g, s) for g in CARD_GAMES for s in BIGGER_SHOES])
def test_every_bet_exact_on_bigger_suited_shoes(game_id, shoe):
    assert_same(library(game_id, shoe), exact_walk(dealers.CARD_GAMES[game_id], parse(shoe)), game_id)


@pytest.mark.slow
def test_every_ordering_of_a_nine_card_shoe():
    shoe = "Ac,Ac,3d,4h,5s,6h,6h,9d,Ks"
    for game_id in CARD_GAMES:
        assert_same(library(game_id, shoe), orderings(game_id, shoe), game_id)
