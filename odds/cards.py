"""Cards: ranks, suits, baccarat values, and the card-spec syntax of ``--remove``.

A card kind is a (rank, suit) pair. Ranks are numbered as Dragon Tiger ranks them, A = 1 ... K = 13;
suits are ``s h d c`` (spades and clubs black, hearts and diamonds red). A card spec names cards
by rank letter, optional suit and optional multiplier:

>>> parse_cards("5x3,K,Th")
[CardSpec(rank=5, suit=None, count=3), CardSpec(rank=13, suit=None, count=1), CardSpec(rank=10, suit='h', count=1)]
>>> baccarat_value(13), baccarat_value(9), baccarat_value(1)
(0, 9, 1)
"""

from __future__ import annotations

import re
from functools import lru_cache

from .errors import OddsError, shown
from typing import NamedTuple

RANK_LETTERS = "A23456789TJQK"
"""Rank letters in rank order: index + 1 is the rank (A = 1, T = 10, K = 13)."""
SUITS = "shdc"
RED_SUITS = frozenset("hd")
RANKS = tuple(range(1, 14))


class CardError(OddsError):
    """A card spec that cannot be read."""


def baccarat_value(rank: int) -> int:
    """Baccarat value of a rank: A = 1, 2-9 face value, 10/J/Q/K = 0."""
    return rank % 10 if rank < 10 else 0


def rank_letter(rank: int) -> str:
    return RANK_LETTERS[rank - 1]


def card_kind_index(rank: int, suit: str) -> int:
    """Index of a card kind in a 52-card composition: ranks outer, suits inner."""
    return (rank - 1) * 4 + SUITS.index(suit)


def card_name(rank: int, suit: str | None = None) -> str:
    return rank_letter(rank) + (suit or "")


class CardSpec(NamedTuple):
    rank: int
    suit: str | None
    count: int

    def __str__(self) -> str:
        name = card_name(self.rank, self.suit)
        return name if self.count == 1 else f"{name}x{self.count}"


_SPEC = re.compile(r"(10|[AaTtJjQqKk2-9])([shdcSHDC])?(?:[x*]([0-9]+))?")


def parse_cards(text: str) -> list[CardSpec]:
    """Read a card spec such as ``"5x3,K,Th"``; an empty text is no cards.

    Ranks are ``A 2-9 T J Q K`` (``10`` also reads as T), suits ``s h d c``, and ``xN`` repeats
    the card N times. A bad item raises :class:`CardError` naming it.
    """
    return [_parse_item(item) for item in text.replace(" ", ",").split(",") if item.strip()]


@lru_cache(maxsize=4096)
def _parse_item(item: str) -> CardSpec:
    """One item of a card spec (cached: batch files repeat the same few hundred items)."""
    match = _SPEC.fullmatch(item.strip())
    if not match:
        raise CardError(
            f"bad card {shown(item.strip())}: write a rank A 2-9 T J Q K, an optional suit s h d c "
            f"and an optional multiplier, e.g. 5x3,K,Th"
        )
    letter, suit, count = match.groups()
    rank = 10 if letter == "10" else RANK_LETTERS.index(letter.upper()) + 1
    if count is not None and len(count.lstrip("0")) > 18:  # int() of thousands of digits is refused or slow
        raise CardError(
            f"bad card {shown(item.strip(), 30)}: a multiplier of {len(count)} digits is more than any shoe holds"
        )
    n = int(count) if count is not None else 1
    if n < 1:
        raise CardError(f"bad card {item.strip()!r}: the multiplier must be at least 1")
    return CardSpec(rank, suit.lower() if suit else None, n)
