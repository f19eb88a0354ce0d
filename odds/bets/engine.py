"""How a bet written as conditions is counted: one path from its definition to exact counts.

The engine looks at the features a bet reads (:mod:`odds.bets.features`) and picks the path:

* ``state``: the bet reads only features decided by the drawing (totals, naturals, who wins, cards
  dealt, third-card values). The game's rules are compiled once into a table of end states over
  multisets of card values (:mod:`odds.engine.compiled`); the bet's conditions are evaluated once
  per end state. Every such bet of a shoe shares one pass over the table, and batches fold the pays
  into the table (the fastest path);
* ``positional``: the bet reads single cards (values, ranks or suits by position, pairs, suited
  cards), alone or with the drawing: a table of its own over multisets of kinds at the resolution
  each position is read at (:mod:`odds.engine.positional`);
* ``rolls``: dice and wheels: every equally likely roll or pocket is settled.

Every path is exact for any composition. Compiled bets are cached by their conditions, so a bet
priced by several paytables is compiled once per process.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from collections.abc import Callable, Sequence

from ..lazy import numpy as np

from ..counting import falling
from ..engine import store
from . import budget
from .condition import first_match
from .features import feature_specs

if TYPE_CHECKING:  # imported where used: loading positional tables' module needs numpy
    from ..engine.positional import CardModel, PositionalTable, Reading


@dataclass(frozen=True)
class ShoeDeal:
    """A card game's deal, as the engine sees it.

    ``positions``: cards a round may use; ``features(state, values, ranks, suits, names)``: the
    named features over rows of cards in dealing order; ``state(values)``: the drawing (None when
    there is none); ``state_table()``: the rules compiled over multisets of values with the end
    state of each deal, and ``state_features(states)``: the drawing features of those end states
    (both None when there is no drawing)."""

    name: str
    game_ids: tuple[str, ...]
    positions: int
    features: Callable
    state: Callable | None = None
    state_table: Callable | None = None
    state_features: Callable | None = None
    always_dealt: int | None = None
    """Cards every round deals (baccarat: 4); a round may end before ``positions``."""

    @property
    def counting_total(self) -> Callable[[int], int]:
        return lambda n: falling(n, self.positions)

    def card_model(self) -> CardModel:
        from ..engine.positional import CardModel

        return CardModel(self.name, self.positions, self.state, self.features, self.always_dealt)


@dataclass(frozen=True)
class RollDeal:
    """A dice or wheel game: ``rows`` equally likely outcomes, ``features(names)`` their arrays."""

    name: str
    game_ids: tuple[str, ...]
    rows: int
    features: Callable


@dataclass(frozen=True)
class CompiledBet:
    """A bet's conditions, compiled for its path (module docstring)."""

    path: str
    outcomes: int
    state_outcomes: np.ndarray | None = None
    """``state`` path: the outcome of each end state of the deal's state table."""
    table: PositionalTable | None = None
    """``positional`` path."""
    roll_outcomes: np.ndarray | None = None
    """``rolls`` path: the outcome of each roll or pocket."""
    reading: Reading | None = None
    key: str | None = None
    """``positional`` path: the stored table's name (:mod:`odds.engine.store`)."""


_COMPILED: dict = {}


def compile_bet(deal, game_id: str, rule) -> CompiledBet:
    """The compiled form of a condition bet (cached by the deal and the conditions' text)."""
    key = (deal.name, tuple(c.text if c is not None else None for c in rule.conditions))
    if key not in _COMPILED:
        _COMPILED[key] = _compile(deal, game_id, rule.conditions)
    return _COMPILED[key]


def _compile(deal, game_id: str, conditions) -> CompiledBet:
    from ..engine.positional import PositionalTable, Reading, reading_of

    names = sorted(set().union(*(c.features for c in conditions if c is not None)))
    n = len(conditions)
    if isinstance(deal, RollDeal):
        env = deal.features(names)
        return CompiledBet("rolls", n, roll_outcomes=first_match(conditions, env, deal.rows))
    specs = feature_specs(game_id)
    reading = reading_of(specs, names, deal.positions)
    if deal.state_table is not None and all(not specs[f].reads for f in names):
        table = deal.state_table()
        env = deal.state_features(table.states)
        return CompiledBet(
            "state",
            n,
            state_outcomes=first_match(conditions, env, len(table.states)),
            reading=Reading(tuple(None for _ in reading.resolution), True),
        )

    def build():
        return build_positional(deal, reading, conditions).to_arrays()

    key = positional_key(deal, reading, conditions)
    table = PositionalTable.from_arrays(
        store.cached(key, build, lambda arrays: store.positional_problem(arrays, deal.positions, n))
    )
    return CompiledBet("positional", n, table=table, reading=reading, key=key)


def positional_key(deal, reading, conditions) -> str:
    """The stored table's name: the compilers' and rules' source, the deal, what is read, the
    conditions."""
    import sys

    from ..engine import positional
    from . import condition, features

    modules = [positional, condition, features, sys.modules[deal.features.__module__]]
    return store.key_of(
        modules,
        "positional",
        deal.name,
        deal.positions,
        reading,
        tuple(c.text if c is not None else None for c in conditions),
    )


def build_positional(deal: ShoeDeal, reading: Reading, conditions) -> PositionalTable:
    """A bet's positional table, built afresh (:func:`odds.engine.positional.build_table`)."""
    from ..engine.positional import build_table

    names = sorted(set().union(*(c.features for c in conditions if c is not None)))

    def decide(state, values, ranks, suits):
        return first_match(conditions, deal.features(state, values, ranks, suits, names), len(values))

    budget.check(deal.card_model(), reading)  # the cost estimated before any work
    return build_table(deal.card_model(), reading, decide, len(conditions))


def stored_keys_of_shipped_bets() -> dict:
    """Every table the shipped games and bets need, by stored name, with a function building it
    afresh (for :func:`odds.engine.store.refresh_package` and the test that the shipped tables
    are current)."""
    from ..games import all_games

    out = {}
    for game in all_games():
        out.update(game.stored_tables() if hasattr(game, "stored_tables") else {})
        deal = game.deal
        if not isinstance(deal, ShoeDeal):
            continue
        for name in _paytable_names(game):
            for rule in game.paytable(name).rules.values():
                if rule.conditions is None:
                    continue
                compiled = compile_bet(deal, game.id, rule)
                if compiled.path == "positional":
                    out[compiled.key] = lambda deal=deal, reading=compiled.reading, conditions=rule.conditions: (
                        build_positional(deal, reading, conditions).to_arrays()
                    )
    return out


def _paytable_names(game) -> list[str]:
    from ..paytable import shipped_names

    return shipped_names(game.id)


def count_condition_bets(deal, game_id: str, shoe, rules: Sequence, seen=None) -> dict[str, list[int]]:
    """Exact outcome counts (in each rule's outcome order) of condition bets for a shoe (None for
    dice and wheels). Bets on the ``state`` path share one pass over the state table.

    ``seen``: ``(condition, {position: (rank, suit)})`` of the cards of the round already seen
    (:func:`odds.games.punto_banco.seen_condition`): then only the deals that agree with them
    are counted (every deal is equally likely, so these counts give the conditional odds)."""
    if seen is not None:
        return {rule.id: _count_seen(deal, game_id, shoe, rule, seen) for rule in rules}
    compiled = {rule.id: compile_bet(deal, game_id, rule) for rule in rules}
    out: dict[str, list[int]] = {}
    state_totals = None
    for rule in rules:
        c = compiled[rule.id]
        if c.path == "rolls":
            out[rule.id] = np.bincount(c.roll_outcomes, minlength=c.outcomes).tolist()
        elif c.path == "state":
            if state_totals is None:
                state_totals = _state_totals(deal.state_table(), shoe.values())
            tally = [0] * c.outcomes
            for total, outcome in zip(state_totals, c.state_outcomes.tolist()):
                tally[outcome] += total
            out[rule.id] = tally
        else:
            out[rule.id] = c.table.counts(shoe)
    return out


_SEEN_TABLES: dict = {}


def _count_seen(deal, game_id: str, shoe, rule, seen) -> list[int]:
    """A bet's counts among the deals that agree with the cards seen: each outcome's condition
    joined to the seen condition, on a positional table whose seen positions enumerate only the
    kinds seen."""
    from ..engine.positional import build_table, reading_of
    from .condition import BoolOp, Checked, compile_condition
    from .features import feature_table

    text, at = seen
    key = (deal.name, tuple(c.text if c is not None else None for c in rule.conditions), text)
    if key not in _SEEN_TABLES:
        if len(_SEEN_TABLES) > 64:
            _SEEN_TABLES.clear()
        observed = compile_condition(text, feature_table(game_id))
        joined = [
            Checked(
                f"({observed.text}) and ({c.text})",
                BoolOp(1, "and", (observed.tree, c.tree)),
                observed.features | c.features,
            )
            if c is not None
            else observed
            for c in rule.conditions
        ] + [None]  # a last outcome for the deals that disagree
        names = sorted(set().union(*(c.features for c in joined if c is not None)))
        reading = reading_of(feature_specs(game_id), names, deal.positions)
        restrict = {
            p: _kinds_seen(reading.resolution[p], rank, suit)
            for p, (rank, suit) in at.items()
            if reading.resolution[p] is not None
        }

        def decide(state, values, ranks, suits):
            return first_match(joined, deal.features(state, values, ranks, suits, names), len(values))

        budget.check(deal.card_model(), reading, restrict)
        _SEEN_TABLES[key] = build_table(deal.card_model(), reading, decide, len(joined), restrict)
    counts = _SEEN_TABLES[key].counts(shoe)
    return counts[:-1]


def _kinds_seen(resolution: str, rank: int, suit: str | None) -> list[int]:
    """The kinds (at a position's resolution) a card seen can be: its value, its rank, or its
    card (any of the four when its suit was not seen)."""
    from ..cards import SUITS, baccarat_value

    if resolution == "value":
        return [baccarat_value(rank)]
    if resolution == "rank":
        return [rank - 1]
    suits = [SUITS.index(suit)] if suit else range(4)
    return [4 * (rank - 1) + s for s in suits]


_STATE_TOTALS: dict = {}
"""The last few shoes' end-state totals, by table and composition: the sheets of many paytables of
one shoe (the export's) count the shoe once. Read only."""


def _state_totals(table, values) -> list[int]:
    """Exact count of deals ending in each end state of the table, in the table's state order."""
    key = (id(table), tuple(values))
    kept = _STATE_TOTALS.get(key)
    if kept is not None and kept[0] is table:
        return kept[1]
    counts = table.exact_counts(values)
    totals = [counts.get(state, 0) for state in table.states]
    if len(_STATE_TOTALS) >= 8:
        _STATE_TOTALS.pop(next(iter(_STATE_TOTALS)))
    _STATE_TOTALS[key] = (table, totals)
    return totals


# -- rounds from their cards -----------------------------------------------------------------------


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
