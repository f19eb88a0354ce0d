"""One round as a user gives it: cards, dice or pockets read from text, the hands a round holds,
and the error for what is not one round. Below the games and the settling (:mod:`odds.settle`):
a game reads its own rounds with these.

>>> read_cards("4s,Kh,Ad")
[(4, 's'), (13, 'h'), (1, 'd')]
>>> read_numbers("3,3,5", 1, 6, "dice")
[3, 3, 5]
>>> read_numbers("3,²", 1, 6, "dice")
Traceback (most recent call last):
...
odds.dealt.RoundError: bad die '²': give whole numbers from 1 to 6
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .cards import parse_cards
from .errors import OddsError, shown

MAX_ROUND_TEXT = 1000
"""Characters of cards a round is read from at most (six cards with suits take 17)."""


class RoundError(OddsError):
    """Cards that do not make one round of the game: too few, too many, or not cards of it."""


@dataclass(frozen=True)
class Hand:
    """One hand of a round (``dice`` for Sic Bo, ``wheel`` for roulette).

    Baccarat hands say how the drawing went, as data: ``two_card_total``, ``draws`` (a third
    card was dealt to the hand), ``rule`` - what decided it: ``natural`` (a hand has 8 or 9 on two
    cards: no more cards), ``table-1`` (the player's two-card total, Table 1), ``table-2`` (the
    banker's total and the player's third card, Table 2; ``player_third`` is that card's value),
    ``player-stood`` (the player stood: the banker draws on 0-5) - and, in player-dealer
    baccarat, ``option`` on an option hand.
    """

    hand: str
    cards: tuple
    total: int | None
    two_card_total: int | None = None
    draws: bool | None = None
    rule: str | None = None
    player_third: int | None = None
    option: dict | None = None
    details: dict = field(default_factory=dict)
    """Other typed facts of the hand (a roulette number's colour, a Dragon Tiger card's rank)."""


# -- reading the cards -----------------------------------------------------------------------------


def read_cards(text_or_list, most: int = 6) -> list[tuple[int, str | None]]:
    """Cards in the ``--remove`` syntax, in order, a multiplier repeating a card (``5x2`` is two
    fives): ``[(rank, suit or None), ...]``; a round uses at most ``most`` cards."""
    if isinstance(text_or_list, str):
        text = text_or_list
    elif isinstance(text_or_list, (list, tuple)):
        if not all(isinstance(c, str) for c in text_or_list):
            raise RoundError("cards must be card names such as Kh or 5 (text)")
        text = ",".join(text_or_list)
    else:
        raise RoundError(f"cards must be text such as '4s,Kh,Ad,4c', not {type(text_or_list).__name__}")
    if len(text) > MAX_ROUND_TEXT:
        raise RoundError(f"{len(text):,} characters of cards: a round uses at most a few cards")
    out = []
    for spec in parse_cards(text):
        if spec.count > most:
            raise RoundError(f"{spec}: a round uses at most {most} cards")
        out.extend([(spec.rank, spec.suit)] * spec.count)
    return out


_ASCII_WHOLE = re.compile(r"[0-9]{1,3}")


def round_items(text_or_list, too_long: str) -> list:
    """The items of a round given as text (``"3,3,5"``, ``"17 20"``: commas or spaces), a list,
    or one value; text longer than :data:`MAX_ROUND_TEXT` is refused with ``too_long`` said."""
    if isinstance(text_or_list, str):
        if len(text_or_list) > MAX_ROUND_TEXT:
            raise RoundError(f"{len(text_or_list):,} characters: {too_long}")
        return [i for i in text_or_list.replace(" ", ",").split(",") if i.strip()]
    if isinstance(text_or_list, (list, tuple)):
        return list(text_or_list)
    return [text_or_list]


def read_numbers(text_or_list, low: int, high: int, what: str) -> list[int]:
    """Whole numbers from ``low`` to ``high``: ``"3,3,5"``, ``[3, 3, 5]`` or ``17``."""
    if isinstance(text_or_list, bool) or not isinstance(text_or_list, (int, str, list, tuple)):
        raise RoundError(f"{what}: give whole numbers from {low} to {high}")
    items = round_items(text_or_list, f"{what} are a few numbers")
    out = []
    for item in items:
        text = str(item).strip()
        # ASCII digits only: str.isdigit() also holds for '²' or '٣', which int() then refuses or reads
        plain = isinstance(item, (int, str)) and not isinstance(item, bool)
        if not plain or not _ASCII_WHOLE.fullmatch(text) or not low <= int(text) <= high:
            raise RoundError(
                f"bad {'die' if what == 'dice' else what.rstrip('s')} {shown(text)}: "
                f"give whole numbers from {low} to {high}"
            )
        out.append(int(text))
    return out


# -- what a game reads from one round, and lists for the settlement vectors ---------------------------


@dataclass(frozen=True)
class Unsettled:
    """Why some bets of a round are not settled from what was given: what they ``read`` (``suits``,
    ``the next spin``), what the round ``lacks`` (``a card has none``) and how to give it."""

    read: str
    lacks: str
    fix: str


@dataclass(frozen=True)
class ReadRound:
    """One round as a game reads it (:meth:`odds.games.base.Game.read_round`): the ``cards`` as
    shown (card names; dice and pockets as numbers, ``"00"`` as text), the ``hands`` and every
    bet's outcome ``keys``. A bet left out of ``keys`` could not be settled from what was given:
    ``unsettled`` says why. ``order``: how the cards are listed (``P1 B1 P2 B2, then the third
    cards as drawn``; None when the round is not listed as cards in dealing order)."""

    cards: tuple
    hands: tuple[Hand, ...]
    keys: dict
    order: str | None = None
    unsettled: Unsettled | None = None


RANDOM_ROUNDS = 20
"""Seeded random rounds of a game's default paytable in its settlement vectors."""
SEARCH_BATCH = 2000
SEARCH_BATCHES = 400
"""Candidate rounds per batch, and batches at most, when the vectors search a round for each outcome."""


@dataclass
class VectorRounds:
    """The rounds of a game's settlement vectors (:meth:`odds.games.base.Game.vector_rounds`), each
    an ``item`` of the game's own (cards as ``(rank, suit)``, dice, pockets):

    * ``made``: ``(name, item)`` rounds made for what they exercise (the drawing tables' cells);
    * ``batches``: candidate rounds, searched batch by batch for outcomes no round has yet (the
      search stops between batches once every outcome has one);
    * ``kept``: which candidates are kept whatever they cover (every pocket of a wheel);
    * ``always``: rounds always included after the search (random rounds), named
      ``{always_name}-N``, drawn when called;
    * ``keys(batch)``: every bet's outcome key on each round of a batch (all at once: fast);
    * ``text(item)``: the round as ``odds settle`` reads it; ``covers(item)``: the cells it exercises;
    * ``spare(rng)``: the cards a round's ``spare`` lists (card games): cards that follow the
      round in the shoe, so a program that deals one card too many deals one of them (and shows
      a mismatch) instead of running out of cards.
    """

    keys: object
    text: object
    made: list = field(default_factory=list)
    batches: object = ()
    kept: object = None
    always: object = list
    always_name: str = "random"
    covers: object = None
    spare: object = None


SPARE_CARDS = 2
"""Spare cards after each round of a card game's settlement vectors: a program that deals a third
card to both hands wrongly still finds a card to deal."""


def spare_cards(rng) -> list[str]:
    """``SPARE_CARDS`` cards of values 1-9 (each changes a baccarat total, so a card dealt wrongly
    shows in the hand's total as well as its cards), suits at random."""
    from .cards import SUITS, card_name

    return [card_name(rng.randint(1, 9), rng.choice(SUITS)) for _ in range(SPARE_CARDS)]


def nth(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ...

    >>> [nth(n) for n in (1, 2, 3, 5, 11)]
    ['1st', '2nd', '3rd', '5th', '11th']
    """
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"
