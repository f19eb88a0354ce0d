"""Random partly dealt shoes (issue 20's acceptance): every bet of every card game, priced by the
plan, against the reference dealers' exact walk of the same cards (tests/reference, which import
nothing from odds). The default run deals a few shoes per game; the slow tier 200 in all, and the
full shoes of 1, 8 and 300 decks.
"""

from __future__ import annotations

import random
import zlib
from fractions import Fraction

import pytest

from odds.games import get_game
from odds.paytable import load_paytable
from odds.sheet import build_sheet
from odds.shoe import Shoe
from reference import dealers
from reference.walk import decks, exact_walk, parse

CARD_GAMES = tuple(dealers.CARD_GAMES)
NOT_COMPARED = ("-best-choice",)  # the library's own choice per shoe, not a rule (test_reference_rules.py)
CARDS = [r + s for r in "A23456789TJQK" for s in "shdc"]


def random_shoe(rng: random.Random, size: int) -> str:
    """``size`` cards drawn from two decks: repeats of a card happen (Perfect Pair's identical cards)."""
    return ",".join(sorted(rng.sample(CARDS * 2, size)))


def library(game_id: str, shoe: Shoe) -> dict:
    game = get_game(game_id)
    sheet = build_sheet(game, load_paytable(game), shoe)
    return {
        (b.id, r.key): Fraction(r.combinations, b.total)
        for b in sheet.bets
        for r in b.rows
        if not b.id.endswith(NOT_COMPARED)
    }


def same(lib: dict, ref: dict) -> list:
    """Every (bet, key) where the two differ (a key only one side has is probability 0 there)."""
    ref = {k: p for k, p in ref.items() if not k[0].endswith(NOT_COMPARED)}
    return sorted(k for k in set(lib) | set(ref) if lib.get(k, 0) != ref.get(k, 0))


def check(game_id: str, seed: int, size: int) -> None:
    shoe = random_shoe(random.Random(seed), size)
    bad = same(library(game_id, Shoe.from_cards(shoe)), exact_walk(dealers.CARD_GAMES[game_id], parse(shoe)))
    assert not bad, (game_id, shoe, bad[:5])


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_random_partial_shoes_against_the_reference_walk(game_id):
    check(game_id, zlib.crc32(game_id.encode()), 8)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_two_hundred_random_partial_shoes(game_id, seed):
    """40 shoes of 9 cards per card game (5 games: 200 shoes). Nine cards, not ten: every round
    of baccarat still fits (six cards) with cards to spare, and the reference walk of a shoe takes
    2.2 times less (its leaves are the orderings of up to six of the cards)."""
    check(game_id, 7919 * seed + 1, 9)


@pytest.mark.parametrize("decks_", [1, 8, 300])
@pytest.mark.parametrize("game_id", ["dragon-tiger", "dragon-tiger-poker"])
def test_full_shoes_of_one_eight_and_300_decks(game_id, decks_):
    """Dragon Tiger's two cards walked exactly from full shoes (a burn card first: burn 0)."""
    ref = exact_walk(lambda cards: dealers.CARD_GAMES[game_id](cards, burn=0), decks(decks_))
    assert not same(library(game_id, Shoe.decks(decks_)), ref)


@pytest.mark.slow
@pytest.mark.parametrize("decks_", [1, 300])
def test_baccarat_drawing_bets_of_one_and_300_decks(decks_):
    """The baccarat bets decided by card values, walked exactly at value resolution (8 decks:
    tests/test_reference_rules.py)."""
    values = [(v or 10, "s") for v in range(10) for _ in range(16 * decks_ if v == 0 else 4 * decks_)]
    ref = exact_walk(dealers.baccarat, values)
    lib = library("baccarat", Shoe.decks(decks_))
    value_bets = {b for b in get_game("baccarat").bets if get_game("baccarat").bets[b].resolution == "value"}
    lib = {k: p for k, p in lib.items() if k[0] in value_bets}
    ref = {k: p for k, p in ref.items() if k[0] in value_bets}
    assert not same(lib, ref)
