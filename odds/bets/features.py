"""Features: the facts of a round that a bet's condition can read (``odds features GAME``).

Each game family declares its features beside its rules (baccarat: :mod:`odds.games.punto_banco`;
Dragon Tiger: :mod:`odds.games.dragon_tiger`; Sic Bo and roulette in their modules). A feature
says what it holds (type and range), what it means, and what it needs from the deal, so the engine
can decide how to count a bet from the features it reads:

* ``reads``: every card position (in dealing order) the feature depends on and how finely -
  ``value`` (baccarat value), ``rank`` (A ... K), ``suit``, or ``card`` (rank and suit). A feature
  reads only what it depends on (a player natural reads the player's first two values, not the
  third cards), so a bet is counted over the positions its features read and no others;
* ``drawing``: whether a position it reads may not be dealt (a third card): then the tables play
  the drawing to know which cards a round deals;
* ``state``: the feature is decided by the end state of the drawing (totals, naturals, who wins,
  the third cards' values): bets that read only such features go through the compiled table of
  end states, the fastest path. The others go through the positional tables
  (:mod:`odds.exact.positional`);
* ``suits``: how the feature reads suits - ``"value"`` (its value is a card's suit, or ``""`` for
  a card not dealt), ``"symmetric"`` (a fact unchanged when the suits are renamed, as "the first
  two cards are suited"), ``"other"`` (anything else), None (no suit). The tables use it to
  enumerate suit patterns instead of suits (:mod:`odds.exact.suits`).

>>> table = feature_table("baccarat")
>>> table["banker_total"]
FeatureType(type='number', low=0, high=9, values=())
>>> spec = feature_specs("baccarat")["player_suit1"]
>>> spec.reads, spec.drawing, spec.suits
(((0, 'suit'),), False, 'value')
>>> feature_specs("baccarat")["player_natural"].reads
((0, 'value'), (2, 'value'))
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UnknownName
from .condition import BOOL, INT, STR, FeatureType

RESOLUTIONS = ("value", "rank", "suit", "card")
"""How a position is read: its baccarat value, its rank (a refinement of the value), its suit,
or its card (rank and suit)."""

SUIT_READINGS = (None, "value", "symmetric", "other")
"""How a feature may read suits (the module docstring). Checked when a feature is declared: an
unknown word would be taken as none of the three - a silently wrong suit count."""


@dataclass(frozen=True)
class FeatureSpec:
    """A feature of a game's rounds: its name, type and meaning, and what of the deal it reads."""

    name: str
    type: FeatureType
    meaning: str
    reads: tuple[tuple[int, str], ...] = ()
    """Card positions (0-based, dealing order) the feature depends on, each with how it is read."""
    drawing: bool = False
    """Whether a position it reads may not be dealt (the drawing decides)."""
    state: bool = False
    """Whether the end state of the drawing decides the feature."""
    suits: str | None = None
    """How it reads suits: ``"value"``, ``"symmetric"``, ``"other"`` or None (module docstring)."""

    def __post_init__(self) -> None:
        if self.suits not in SUIT_READINGS:
            raise ValueError(f"feature {self.name}: suits={self.suits!r} is not one of {SUIT_READINGS}")
        for position, resolution in self.reads:
            if resolution not in RESOLUTIONS:
                raise ValueError(f"feature {self.name}: position {position} read as {resolution!r}")

    @property
    def range_text(self) -> str:
        t = self.type
        if t.type == INT:
            return f"{t.low} to {t.high}"
        if t.type == BOOL:
            return "true / false"
        return " ".join(f'"{v}"' for v in t.values)


def number(name: str, low: int, high: int, meaning: str, reads=(), drawing=False, state=False) -> FeatureSpec:
    return FeatureSpec(name, FeatureType(INT, low, high), meaning, tuple(reads), drawing, state)


def flag(name: str, meaning: str, reads=(), drawing=False, state=False, suits=None) -> FeatureSpec:
    return FeatureSpec(name, FeatureType(BOOL), meaning, tuple(reads), drawing, state, suits)


def text(name: str, values: tuple[str, ...], meaning: str, reads=(), drawing=False, suits=None) -> FeatureSpec:
    return FeatureSpec(name, FeatureType(STR, values=tuple(values)), meaning, tuple(reads), drawing, suits=suits)


FAMILIES = {
    "baccarat": "odds.games.punto_banco:FEATURES",
    "tiger-baccarat": "odds.games.punto_banco:FEATURES",
    "player-dealer-baccarat": "odds.games.punto_banco:FEATURES",
    "dragon-tiger": "odds.games.dragon_tiger:FEATURES",
    "dragon-tiger-poker": "odds.games.dragon_tiger:FEATURES",
    "sic-bo": "odds.games.sic_bo:FEATURES",
    "roulette": "odds.games.roulette:FEATURES",
    "american-roulette": "odds.games.roulette:AMERICAN_FEATURES",
    "triple-zero-roulette": "odds.games.roulette:TRIPLE_ZERO_FEATURES",
    "bac-bo": "odds.games.bac_bo:FEATURES",
    "andar-bahar": "odds.games.andar_bahar:FEATURES",
}
"""Game id -> where its features are declared (games of one family share them)."""


def feature_specs(game_id: str) -> dict[str, FeatureSpec]:
    """The features a bet of this game can read, by name, in the order ``odds features`` lists them."""
    import importlib

    if game_id not in FAMILIES:
        raise UnknownName("game", game_id, FAMILIES)
    module, attr = FAMILIES[game_id].split(":")
    return getattr(importlib.import_module(module), attr)


def feature_table(game_id: str) -> dict[str, FeatureType]:
    """Name -> type and range: what :func:`odds.bets.condition.check` needs."""
    return {name: spec.type for name, spec in feature_specs(game_id).items()}


def other_games_with(name: str, game_id: str) -> list[str]:
    """Games (other than ``game_id``) whose features include ``name``: for the error message of a
    feature used in the wrong game's file."""
    mine = FAMILIES.get(game_id)
    return [g for g, where in FAMILIES.items() if where != mine and name in feature_specs(g)]
