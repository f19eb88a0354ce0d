"""Settling rounds from their cards: every bet written as conditions, by the same feature code the
exact tables are built with (:mod:`odds.exact.plan`).

A round is its cards in dealing order (``(rank, suit)``; suit None when unknown - then bets that
read suits cannot be settled); a dice or wheel round is its row among the game's equally likely
rolls or pockets.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..exact.deals import RollDeal, ShoeDeal
from ..exact.plan import compile_bet
from ..lazy import numpy as np
from .condition import first_match


def settle_rounds(deal: ShoeDeal, game_id: str, rules: Sequence, rounds: Sequence) -> list[dict[str, str]]:
    """Each condition bet's outcome key for each round, dealt from its cards (``(rank, suit)`` in
    dealing order; suit None when unknown - then bets that read suits cannot be settled).

    All rounds are settled at once, by the same feature code the tables are built with."""
    from ..cards import SUITS, baccarat_value

    if not rounds:
        return []
    rows = len(rounds)
    values = np.zeros((rows, deal.positions), dtype=np.int64)
    ranks = np.full((rows, deal.positions), -1, dtype=np.int64)
    suits = np.full((rows, deal.positions), -1, dtype=np.int64)
    for i, cards in enumerate(rounds):
        for j, (rank, suit) in enumerate(cards[: deal.positions]):
            values[i, j] = baccarat_value(rank)
            ranks[i, j] = rank
            suits[i, j] = SUITS.index(suit) if suit else -1
    names = sorted(set().union(*(c.features for rule in rules for c in rule.conditions if c is not None)))
    state = deal.state(values) if deal.state is not None else None
    env = deal.features(state, values, ranks, suits, names)
    out = [dict() for _ in range(rows)]
    for rule in rules:
        keys = [o.key for o in rule.outcomes]
        for i, index in enumerate(first_match(rule.conditions, env, rows).tolist()):
            out[i][rule.id] = keys[index]
    return out


def settle_roll(deal: RollDeal, game_id: str, rules: Sequence, row: int) -> dict[str, str]:
    """Each condition bet's outcome key for roll (or pocket) number ``row`` of the deal's rows."""
    return {rule.id: rule.outcomes[int(compile_bet(deal, game_id, rule).roll_outcomes[row])].key for rule in rules}
