"""The brute-force oracle: walk every distinct ordering of a small shoe's cards.

Each distinct ordering of a multiset of cards is equally likely, so a bet's outcome probability
is the share of orderings whose round (played from the front of the ordering with the game's
``play_dealt``) ends in that outcome. No compiled table, no formula: slow, obviously right, and
the yardstick the fast counts are tested against.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from more_itertools import distinct_permutations


def brute_force(game, cards: list[tuple[int, str]]) -> dict[str, dict[str, Fraction]]:
    """``{bet id: {outcome key: probability}}`` over every distinct ordering of ``cards``."""
    tallies: dict[str, Counter] = {b: Counter() for b in game.bets}
    orderings = 0
    for order in distinct_permutations(cards):
        position = iter(order)
        outcomes, _ = game.play_dealt(lambda: next(position))
        for bet, key in outcomes.items():
            tallies[bet][key] += 1
        orderings += 1
    return {bet: {k: Fraction(n, orderings) for k, n in tally.items()} for bet, tally in tallies.items()}
