"""What a game tells the exact layer about its deal: the positions of a round and its features.

A card game declares a :class:`ShoeDeal` (the cards a round may use, the drawing, the features a
condition can read); a dice or wheel game a :class:`RollDeal` (its equally likely outcomes). The
exact layer counts bets from these alone (:mod:`odds.exact.plan`); it never imports a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from dataclasses import dataclass

from .intmath import falling


@dataclass(frozen=True)
class ShoeDeal:
    """A card game's deal.

    ``positions``: cards a round may use (the counting is "ordered ``positions``-card deals");
    ``features(state, values, ranks, suits, names)``: the named features over rows of cards in
    dealing order; ``state(values)``: the drawing over rows of card values (None when there is
    none); ``state_table()``: the rules compiled over multisets of values with the end state of
    each deal, and ``state_features(states)``: the drawing features of those end states (both None
    when there is no drawing, or when its bets are counted on positional tables instead)."""

    name: str
    game_ids: tuple[str, ...]
    positions: int
    features: Callable[..., Any]
    state: Callable[..., Any] | None = None
    state_table: Callable[..., Any] | None = None
    state_features: Callable[..., Any] | None = None
    always_dealt: int | None = None
    """Cards every round deals (baccarat: 4); a round may end before ``positions``."""

    def total(self, cards: int) -> int:
        """The deals counted out of a shoe of ``cards`` cards: ``(cards)_positions``."""
        return falling(cards, self.positions)


@dataclass(frozen=True)
class RollDeal:
    """A dice or wheel game: ``rows`` equally likely outcomes, ``features(names)`` their arrays."""

    name: str
    game_ids: tuple[str, ...]
    rows: int
    features: Callable[..., Any]
