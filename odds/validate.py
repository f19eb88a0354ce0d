"""The library's arguments, checked at the public boundary (:mod:`odds.api`, :class:`odds.Shoe`).

A caller of ``odds.sheet(...)`` or ``odds.count(...)`` is a user too: a wrong type or value is an
:class:`odds.OddsError` with the one-line message the command line gives for the same mistake,
raised before any work - never an AttributeError from deep inside, never a silently wrong figure,
never an hour of work (``shoes=10**12``). Each check returns the value as the library uses it.

>>> whole(8, "decks", 1, 10_000, "decks in a shoe")
8
>>> whole(8.0, "decks", 1, 10_000)
Traceback (most recent call last):
...
odds.limits.LimitError: decks: 8.0 is not a whole number
>>> whole(10_001, "decks", 1, 10_000, "decks in a shoe")
Traceback (most recent call last):
...
odds.limits.LimitError: decks: 10,001 is above the limit of 10,000 (decks in a shoe)
"""

from __future__ import annotations

import os
from fractions import Fraction

from .errors import OddsError, shown, shown_repr
from .limits import LimitError


class ArgumentError(OddsError):
    """A library argument of the wrong type or out of range."""


def _type_name(value) -> str:
    return type(value).__name__


def whole_problem(value, low: int | None, high: int | None, why: str = "") -> str | None:
    """What is wrong with a whole number given for an option (None: nothing), in the words of the
    command line's checks (:class:`odds.cli.options.Whole`): ``10,001 is above the limit of
    10,000 (decks in a shoe)``."""
    if isinstance(value, bool) or not isinstance(value, int):
        return f"{shown_repr(value, 30)} is not a whole number"
    if low is not None and value < low:
        return f"{_short(value)} is below {low:,}"
    if high is not None and value > high:
        return f"{_short(value)} is above the limit of {high:,}{f' ({why})' if why else ''}"
    return None


def _short(value: int) -> str:
    return f"{value:,}" if value.bit_length() < 100 else f"a number of about {int(value.bit_length() * 0.30103)} digits"


def whole(value, name: str, low: int | None, high: int | None, why: str = "") -> int:
    """``value`` when it is an ``int`` (not a bool) from ``low`` to ``high``."""
    problem = whole_problem(value, low, high, why)
    if problem:
        raise LimitError(f"{name}: {problem}")
    return value


def optional_whole(value, name: str, low: int | None, high: int | None, why: str = "") -> int | None:
    return None if value is None else whole(value, name, low, high, why)


def text(value, name: str, limit: int = 100_000) -> str:
    """A text argument (``None`` is empty), at most ``limit`` characters."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ArgumentError(f"{name} must be text, not {_type_name(value)}")
    if len(value) > limit:
        raise ArgumentError(f"{name}: {len(value):,} characters, more than the {limit:,} allowed")
    return value


def choice(value, name: str, choices) -> str:
    if not isinstance(value, str) or value not in choices:
        raise ArgumentError(f"{name} must be one of {', '.join(choices)}, not {shown_repr(value, 30)}")
    return value


def game(value):
    """A game object from an id, or the game object given."""
    from .games import get_game
    from .games.base import Game

    if isinstance(value, Game):
        return value
    if not isinstance(value, str):
        raise ArgumentError(f"game must be a game id such as 'baccarat' (text), not {_type_name(value)}")
    return get_game(value)


def bet_ids(value) -> list[str]:
    """``None`` -> []; one id -> [id]; a list or tuple of ids -> a list."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if not isinstance(value, (list, tuple, set, frozenset)):
        raise ArgumentError(f"bets must be a bet id or a list of bet ids, not {_type_name(value)}")
    out = list(value)
    for bet in out:
        if not isinstance(bet, str):
            raise ArgumentError(f"bets must be bet ids (text), not {_type_name(bet)}")
    return out


def paytable_name(value):
    """A paytable argument: ``None``, a shipped name or a path (``str`` or ``os.PathLike``), or a
    loaded paytable (returned as is)."""
    from .paytable import Paytable

    if value is None or isinstance(value, Paytable):
        return value
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str):
        raise ArgumentError(f"paytable must be a paytable name or a file path, not {_type_name(value)}")
    if not value or len(value) > 4096:
        raise ArgumentError(f"paytable {shown(value)}: not a paytable name or a file path")
    return value


def fee(value) -> Fraction | None:
    """A collection fee per wager: a number or a fraction's text (``"1/20"``), read exactly as
    ``--fee`` reads it, at least 0 and within the limits on pays."""
    from .paytable import parse_pay

    if value is None:
        return None
    from decimal import Decimal

    if isinstance(value, bool) or not isinstance(value, (int, float, str, Fraction, Decimal)):
        raise ArgumentError(f"fee must be a number or a fraction's text such as '1/20', not {_type_name(value)}")
    if isinstance(value, Fraction):
        big = max(value.numerator.bit_length(), value.denominator.bit_length()) > 400
        value = "1/" + "9" * 200 if big else str(value)  # too long a text either way: refused as one
    number = parse_pay(value, "fee")
    if number < 0:
        raise ArgumentError(f"fee must be zero or more, not {value}")
    return number


def mapping(value, name: str) -> dict:
    """A ``{bet id: ...}`` argument (``None`` is empty)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ArgumentError(f"{name} must be a dict of bet id -> value, not {_type_name(value)}")
    for key in value:
        if not isinstance(key, str):
            raise ArgumentError(f"{name} must be keyed by bet ids (text), not {_type_name(key)}")
    return value


def tag_values(value, bet: str) -> str:
    """One bet's counting tags, as the text ``--tags`` takes (10, 13 or 52 integers)."""
    if not isinstance(value, (list, tuple)):
        raise ArgumentError(f"tags for {bet} must be a list of integers, not {_type_name(value)}")
    for tag in value:
        if isinstance(tag, bool) or not isinstance(tag, int) or tag.bit_length() > 64:
            raise ArgumentError(f"tags for {bet} must be integers, not {shown_repr(tag, 30)}")
    return ",".join(str(t) for t in value)


def trigger(value, bet: str) -> Fraction:
    """A trigger true count (steps of 0.1), read as ``--trigger`` reads it: the text is checked
    before any number is made of it (``'1e-99999999'`` would be a hundred-million-digit fraction)."""
    from .depletion.count import parse_trigger

    if isinstance(value, str):
        return parse_trigger(value, bet)
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise ArgumentError(
            f"--trigger for {bet} must be a true count such as 8, -2 or 2.5 (steps of 0.1), not {_type_name(value)}"
        )
    if isinstance(value, float) and not abs(value) < 1e9:  # nan and inf fail this too
        return parse_trigger(repr(value), bet)
    number = Fraction(value) if not isinstance(value, Fraction) else value
    if abs(number) >= 10**9 or (number * 10).denominator != 1:
        text = repr(value) if isinstance(value, float) else shown(str(value), 20)
        return parse_trigger(text if len(text) < 40 else "x", bet)
    return number
