"""Punto banco baccarat (seed 003) and Tiger Baccarat (seed 001).

Every bet of both games is written as conditions on a round in the paytable files
(``odds/paytables/baccarat/seed.toml``, ``odds/paytables/tiger-baccarat/seed.toml``), as a user
writes their own; the exact layer (:mod:`odds.exact.plan`) counts them through the drawing rules
of :mod:`.punto_banco`. Every count is out of the ordered six-card deals of the shoe.
"""

from __future__ import annotations

from . import punto_banco
from .baccarat_rounds import BaccaratRounds
from .base import Game

COUNTING = "ordered six-card deals"


class BaccaratGame(BaccaratRounds, Game):
    """A punto banco game: the drawing rules of :mod:`.punto_banco`; bets from its paytables; its
    rounds read and listed as :class:`.baccarat_rounds.BaccaratRounds` explains them."""

    def __init__(self, game_id: str, name: str, notes=()):
        super().__init__(
            game_id,
            name,
            COUNTING,
            deal=punto_banco.DEAL,
            min_cards=6,
            notes=tuple(notes),
            overlay_support=punto_banco.overlay_support,
            infinite_shoe=True,
        )

    def drawing_table(self):
        """The rules compiled over multisets of card values, with each deal's end state."""
        return punto_banco.state_table()

    def stored_tables(self) -> dict:
        """Tables this game loads from disk (:mod:`odds.exact.store`)."""
        return punto_banco.stored_tables()

    def seen_cards(self, player: str = "", banker: str = ""):
        """The cards of the current round already seen (:func:`punto_banco.seen_cards`)."""
        return punto_banco.seen_cards(player, banker)


BACCARAT = BaccaratGame("baccarat", "Baccarat (punto banco)")
TIGER_BACCARAT = BaccaratGame("tiger-baccarat", "Tiger Baccarat")
