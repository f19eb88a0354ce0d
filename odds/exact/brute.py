"""The brute-force oracle: walk every distinct ordering of a small shoe's cards.

Each distinct ordering of a multiset of cards is equally likely, so a bet's outcome probability
is the share of orderings whose round (played from the front of the ordering with the game's
``deal_round``, settled by ``settle_rounds``) ends in that outcome. No compiled table, no formula: slow, obviously right, and
the yardstick the fast counts are tested against.
"""

from __future__ import annotations

from typing import Any

from collections import Counter
from fractions import Fraction

from more_itertools import distinct_permutations


def brute_force(
    game: Any, cards: list[tuple[int, str]], paytable: Any = None, **options: Any
) -> dict[str, dict[str, Fraction]]:
    """``{bet id: {outcome key: probability}}`` over every distinct ordering of ``cards``, for the
    bets of ``paytable`` (default: the shipped ones)."""
    paytable = paytable or game.paytable()
    tallies: dict[str, Counter[str]] = {b: Counter() for b in paytable.bets}
    rounds = []
    for order in distinct_permutations(cards):
        position = iter(order)
        rounds.append(game.deal_round(position.__next__))
    for outcomes in game.settle_rounds(rounds, paytable, **options):
        for bet, key in outcomes.items():
            tallies[bet][key] += 1
    return {bet: {k: Fraction(n, len(rounds)) for k, n in tally.items()} for bet, tally in tallies.items()}
