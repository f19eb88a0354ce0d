"""What every game provides: its bets (the rules that split a round into outcomes) and a way to
count, exactly, how many equally likely deals (or rolls, or pockets) end in each outcome.

A game never knows what a bet pays: pays live in the paytable files (``odds/paytables``). The
sheet (``odds/sheet.py``) joins the two.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ..shoe import Shoe


@dataclass(frozen=True)
class Outcome:
    """One mutually exclusive outcome of a bet: a key the paytable prices, and a label."""

    key: str
    label: str


def outcomes(*pairs: tuple[str, str]) -> tuple[Outcome, ...]:
    """Outcomes from ``(key, label)`` pairs, in the order given."""
    return tuple(Outcome(key, label) for key, label in pairs)


@dataclass(frozen=True)
class BetRule:
    """A bet as the rules define it: its outcomes partition every round.

    ``resolution`` is the coarsest view of the cards the bet needs (``value``, ``rank`` or
    ``card``; ``None`` for dice and wheels).
    """

    id: str
    name: str
    outcomes: tuple[Outcome, ...]
    resolution: str | None = "value"
    description: str = ""

    @property
    def outcome_keys(self) -> tuple[str, ...]:
        return tuple(o.key for o in self.outcomes)

    def label(self, key: str) -> str:
        for o in self.outcomes:
            if o.key == key:
                return o.label
        raise KeyError(key)


@dataclass(frozen=True)
class OutcomeCounts:
    """Exact counts of a bet's outcomes out of ``total`` equally likely deals."""

    counts: Mapping[str, int]
    total: int

    def __post_init__(self):
        if sum(self.counts.values()) != self.total:
            raise AssertionError("outcome counts do not add up to the total")


@dataclass
class Game:
    """A game: its id, how it counts, its bets, and whether it deals from a shoe.

    Subclasses implement :meth:`count`.
    """

    id: str
    name: str
    counting: str
    bets: dict[str, BetRule]
    default_paytable: str = "seed"
    uses_shoe: bool = True
    default_decks: int = 8
    min_cards: int = 1
    notes: tuple[str, ...] = field(default=())
    burn_per_round: int = 0
    """Cards burned face down before each round (Dragon Tiger: 1)."""
    accepts_fee: bool = False
    """Whether ``--fee`` (a collection fee per wager) applies to this game."""
    price_groups: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Paytable entries that price several bets alike: group key -> member bet ids."""

    def count(self, shoe: Shoe | None, bet_ids: Sequence[str], paytable=None) -> dict[str, OutcomeCounts]:
        """Exact outcome counts for each bet id, for this shoe (None for dice and wheels)."""
        raise NotImplementedError

    def play_dealt(self, draw):
        """Play one round from real cards (card games): ``draw()`` returns the next card as
        ``(rank, suit)``. Returns ``({bet id: outcome key}, cards dealt and exposed)``. Used by the
        Monte Carlo dealer and the shoe-by-shoe depletion, never by the exact counts."""
        raise NotImplementedError

    def dealing_options(self, shoe: Shoe, paytable) -> dict:
        """Keyword arguments for :meth:`play_dealt` when dealing from ``shoe`` under ``paytable``
        (player-dealer baccarat: the best-choice decisions for that shoe and those pays)."""
        return {}

    def play_random(self, rng):
        """Play one round of a dice or wheel game with ``rng`` (a :class:`random.Random`):
        ``{bet id: outcome key}``."""
        raise NotImplementedError

    def check_shoe(self, shoe: Shoe) -> None:
        """Refuse a shoe too small to finish a round."""
        from ..shoe import ShoeError

        if shoe.total < self.min_cards:
            raise ShoeError(
                f"the shoe holds {shoe.total} cards; a {self.id} round may need {self.min_cards}"
            )
