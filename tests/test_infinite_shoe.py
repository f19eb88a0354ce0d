"""An infinite shoe (``--decks inf``): cards dealt with replacement, as random-number-generator
baccarat deals them (issue 22 item 5). Exact counts over the 13**6 ordered sequences of ranks (52**6
of cards for bets that read suits), checked against an independent walk of every sequence with
the reference dealers (tests/reference, which import nothing from odds) and against closed forms.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from click.testing import CliRunner

from odds.cli import cli
from odds.exact.plan import Plan
from odds.games import get_game
from odds.shoe import Shoe
from reference.dealers import baccarat as reference_baccarat, dragon_tiger as reference_dragon_tiger
from reference.walk import _NeedMore, _Prefix

BACCARAT = get_game("baccarat")


def walk_with_replacement(dealer, kinds, positions: int) -> tuple[dict, int]:
    """Every sequence of kinds (``(card, weight)``: a weight of ranks per kind) a dealer reads,
    cards dealt with replacement; a round that ends before ``positions`` cards stands for every
    kind of the cards it does not read (13 ranks each). ``({(bet, key): count}, 13**positions)``."""
    tally: dict = {}

    def walk(prefix: list, weight: int) -> None:
        try:
            out = dealer(_Prefix(prefix))
        except _NeedMore:
            for card, w in kinds:
                prefix.append(card)
                walk(prefix, weight * w)
                prefix.pop()
            return
        scaled = weight * 13 ** (positions - len(prefix))
        for bet, key in out.items():
            tally[bet, key] = tally.get((bet, key), 0) + scaled

    walk([], 1)
    return tally, 13**positions


@pytest.mark.slow  # the walk settles 354,000 rounds with the reference dealer: about 10 s
def test_the_main_bets_count_every_sequence_of_ranks_as_the_reference_dealer_deals_them():
    """Player, Banker and Tie over the 13**6 = 4,826,809 ordered rank sequences: the reference
    dealer walked over card values (a ten-value card stands for its four ranks)."""
    values = [((10, "s"), 4)] + [((v, "s"), 1) for v in range(1, 10)]
    walked, total = walk_with_replacement(reference_baccarat, values, 6)
    counts = BACCARAT.count(Shoe.infinite_shoe(), ["banker", "player", "tie", "big", "dragon-bonus-banker"])
    assert total == 13**6 == 4_826_809
    for bet in ("banker", "player", "tie", "big", "dragon-bonus-banker"):
        oc = counts[bet]
        assert oc.total == total and sum(oc.counts.values()) == total, bet
        for key, n in oc.counts.items():
            assert n == walked.get((bet, key), 0), (bet, key)
    banker = counts["banker"].counts
    assert banker["banker-wins"] + banker["player-wins"] + banker["tie"] == 13**6


def test_bets_on_single_cards_have_their_closed_forms():
    """With replacement the first cards are independent and uniform: a player pair is 1/13, a
    perfect pair on either hand 1 - (51/52)**2, Dragon (the player's first card outranks the
    banker's) 6/13, every figure out of 13**6 (52**6 for bets that read suits)."""
    counts = BACCARAT.count(Shoe.infinite_shoe(), ["player-pair", "perfect-pair", "dragon", "either-pair"])
    p = {bet: {k: Fraction(n, oc.total) for k, n in oc.counts.items()} for bet, oc in counts.items()}
    assert counts["player-pair"].total == 13**6 and counts["perfect-pair"].total == 52**6
    assert p["player-pair"]["pair"] == Fraction(1, 13)
    assert p["perfect-pair"]["perfect-pair"] == 1 - Fraction(51, 52) ** 2
    assert p["dragon"]["dragon-wins"] == Fraction(6, 13) and p["dragon"]["tie"] == Fraction(1, 13)
    assert p["either-pair"]["pair"] == 1 - Fraction(12, 13) ** 2


def test_dragon_tiger_counts_every_pair_of_cards():
    """Dragon Tiger's every bet (suits too) over the 52**2 ordered pairs of cards, against the
    reference dealer on each pair (burn card first: any card)."""
    game = get_game("dragon-tiger")
    cards = [(r, s) for r in range(1, 14) for s in "shdc"]
    tally: dict = {}
    for first in cards:
        for second in cards:
            for bet, key in reference_dragon_tiger([(1, "s"), first, second]).items():
                tally[bet, key] = tally.get((bet, key), 0) + 1
    counts = game.count(Shoe.infinite_shoe(), list(game.bets))
    for bet, oc in counts.items():
        for key, n in oc.counts.items():
            assert Fraction(n, oc.total) == Fraction(tally.get((bet, key), 0), 52**2), (bet, key)


def test_the_main_bets_sum_to_every_sequence_and_side_with_the_four_card_rounds():
    """The quick check of the default run: Banker, Player and Tie add up to 13**6, and Small (the
    rounds of four cards) is exactly the four-card rounds a walk of the first four values finds -
    the reference dealer on 10**4 value sequences, each weighing its ranks."""
    from reference.dealers import deal_baccarat

    small = 0
    for a in range(10):
        for b in range(10):
            for c in range(10):
                for d in range(10):
                    weight = 1
                    for v in (a, b, c, d):
                        weight *= 4 if v == 0 else 1
                    cards = [(v or 10, "s") for v in (a, b, c, d)] + [(1, "s"), (1, "s")]
                    hands = deal_baccarat(cards)
                    if len(hands.first) + len(hands.second) == 4:
                        small += weight * 13**2
    counts = BACCARAT.count(Shoe.infinite_shoe(), ["banker", "small"])
    assert sum(counts["banker"].counts.values()) == 13**6
    assert counts["small"].counts["small"] == small


def test_the_infinite_shoe_is_the_limit_of_many_decks():
    """As decks grow, the tie's exact probability approaches the infinite shoe's."""
    plan = Plan.of(BACCARAT, BACCARAT.paytable(), ["tie"])
    inf = plan.counts(Shoe.infinite_shoe())["tie"]
    p_inf = Fraction(inf.counts["tie"], inf.total)
    gaps = []
    for decks in (8, 80, 800):
        oc = plan.counts(Shoe.decks(decks))["tie"]
        gaps.append(abs(Fraction(oc.counts["tie"], oc.total) - p_inf))
    assert gaps[0] > gaps[1] > gaps[2] and gaps[2] < Fraction(1, 10**4)


@pytest.mark.parametrize(
    "args,message",
    [
        (["sheet", "baccarat", "--decks", "inf", "--remove", "K"], "--remove does not apply"),
        (["eor", "baccarat", "--decks", "inf", "--bet", "tie"], "removing a card changes nothing"),
        (["sheet", "player-dealer-baccarat", "--decks", "inf"], "an infinite shoe (--decks inf) is counted for"),
        (["sheet", "baccarat", "--decks", "inf", "--player", "5"], "need a shoe of whole decks"),
        (["sheet", "roulette", "--decks", "inf"], "deals no cards"),
        (["sheet", "baccarat", "--decks", "infinity"], "not a whole number"),
    ],
)
def test_where_an_infinite_shoe_does_not_apply_it_is_one_line(args, message):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code in (1, 2) and message in result.stderr, result.output
    assert len(result.stderr.strip().splitlines()) == 1


def test_sheet_json_names_the_shoe():
    import json

    result = CliRunner().invoke(cli, ["sheet", "baccarat", "--decks", "inf", "--bet", "tie", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["shoe"] == {"decks": "inf", "cards": None, "removed": []}
    assert data["bets"][0]["combinations"] == str(13**6)
