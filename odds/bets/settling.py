"""Settling rounds from their cards: every bet written as conditions, by the same feature code the
exact tables are built with (:mod:`odds.exact.plan`).

A round is its cards in dealing order (``(rank, suit)``; suit None when unknown - then bets that
read suits cannot be settled); a dice or wheel round is its row among the game's equally likely
rolls or pockets.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from operator import itemgetter

from ..exact.deals import RollDeal, ShoeDeal
from ..exact.plan import compile_bet
from ..lazy import numpy as np
from .condition import first_match


def settle_rounds(deal: ShoeDeal, game_id: str, rules: Sequence, rounds: Sequence) -> list[dict[str, str]]:
    """Each condition bet's outcome key for each round, dealt from its cards (``(rank, suit)`` in
    dealing order; suit None when unknown - then bets that read suits cannot be settled).

    All rounds are settled at once, by the same feature code the tables are built with."""
    return rows_of(settle_columns(deal, game_id, rules, rounds), len(rounds))


def rows_of(columns: dict[str, list[str]], rows: int) -> list[dict[str, str]]:
    """``{bet: key}`` per round, from each bet's column of keys (in the columns' order)."""
    ids = list(columns)
    return [dict(zip(ids, row)) for row in zip(*columns.values())] if ids else [{} for _ in range(rows)]


def card_arrays(rounds, positions: int):
    """``(ranks, suits)``: int64 arrays of one row per round and ``positions`` columns, a round's
    cards in dealing order (rank 1-13, suit index 0-3 in ``SUITS``' order); a position the round
    does not deal has rank 0 and suit -1, and so has a card's suit when it is unknown (None).
    ``rounds``: each round's cards (``(rank, suit)``), or an int64 array of card kinds (0-51),
    one row per round, -1 past its cards (:func:`odds.depletion.dealer.shoe_kinds`).

    >>> card_arrays([[(1, "h"), (13, None)], [(9, "c")]], 2)
    (array([[ 1, 13],
           [ 9,  0]]), array([[ 1, -1],
           [ 3, -1]]))
    """
    from ..cards import SUITS

    if isinstance(rounds, np.ndarray):
        kinds = np.full((len(rounds), positions), -1, dtype=np.int64)
        width = min(positions, rounds.shape[1])
        kinds[:, :width] = rounds[:, :width]
        dealt = kinds >= 0
        return np.where(dealt, kinds // 4 + 1, 0), np.where(dealt, kinds % 4, -1)
    pad = [(0, None)] * positions
    cards: list = []
    for r in rounds:
        cards += r[:positions]
        cards += pad[len(r) :]
    # the ranks and suits position by position, read in C (a run settles millions of cards)
    ranks = np.fromiter(map(itemgetter(0), cards), dtype=np.int64, count=len(cards))
    suit_index = defaultdict(lambda: -1, {s: i for i, s in enumerate(SUITS)})
    suits = np.fromiter(map(suit_index.__getitem__, map(itemgetter(1), cards)), dtype=np.int64, count=len(cards))
    return ranks.reshape(len(rounds), positions), suits.reshape(len(rounds), positions)


def settle_columns(deal: ShoeDeal, game_id: str, rules: Sequence, rounds: Sequence) -> dict[str, list[str]]:
    """:func:`settle_rounds` by bet: each condition bet's outcome key for each round, in the
    rules' order (a run of rounds tallies a column at a time, with no dict per round). The
    rounds may be given as card kinds (:func:`card_arrays`)."""
    from ..cards import baccarat_value

    if len(rounds) == 0:
        return {rule.id: [] for rule in rules}
    rows = len(rounds)
    ranks, suits = card_arrays(rounds, deal.positions)
    values = np.array([0] + [baccarat_value(r) for r in range(1, 14)], dtype=np.int64)[ranks]
    ranks[ranks == 0] = -1
    names = sorted(set().union(*(c.features for rule in rules for c in rule.conditions if c is not None)))
    state = deal.state(values) if deal.state is not None else None
    env = deal.features(state, values, ranks, suits, names)
    columns = {}
    for rule in rules:
        keys = [o.key for o in rule.outcomes]
        columns[rule.id] = list(map(keys.__getitem__, first_match(rule.conditions, env, rows).tolist()))
    return columns


_KEPT: dict = {}


def kept(paytable, make):
    """``make(paytable)``, worked out once per paytable object (by identity, the paytable kept
    with it): what settling a run of thousands of rounds reads every round."""
    key = (id(paytable), make)
    entry = _KEPT.get(key)
    if entry is None or entry[0] is not paytable:
        if len(_KEPT) >= 32:
            _KEPT.clear()
        entry = _KEPT[key] = (paytable, make(paytable))
    return entry[1]


def rules_of(paytable) -> list:
    """The paytable's rules, in its order (kept: :func:`kept`)."""
    return kept(paytable, _rule_list)


def _rule_list(paytable) -> list:
    return list(paytable.rules.values())


_ROLL_KEYS: dict = {}
"""Per deal and list of rules (by identity, the rules kept with the entry): each rule's outcome
key of every roll, so a run of rolls compiles its bets once (a few entries: one per paytable)."""


def settle_roll(deal: RollDeal, game_id: str, rules: Sequence, row: int) -> dict[str, str]:
    """Each condition bet's outcome key for roll (or pocket) number ``row`` of the deal's rows."""
    key = (deal.name, tuple(map(id, rules)))
    entry = _ROLL_KEYS.get(key)
    if entry is None:
        if len(_ROLL_KEYS) >= 16:
            _ROLL_KEYS.clear()
        keys = [
            [rule.outcomes[i].key for i in compile_bet(deal, game_id, rule).roll_outcomes.tolist()] for rule in rules
        ]
        by_row: dict[int, dict[str, str]] = {}
        entry = _ROLL_KEYS[key] = (list(rules), [(rule.id, k) for rule, k in zip(rules, keys)], by_row)
    settled = entry[2].get(row)
    if settled is None:  # each roll's settlement made once (a run of rolls repeats 216 of them)
        settled = entry[2][row] = {bet: keys[row] for bet, keys in entry[1]}
    return dict(settled)  # a copy: callers add to it
