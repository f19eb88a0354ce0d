"""Errors a user can cause. The CLI turns each into one line on stderr and exit code 1."""

from __future__ import annotations

import difflib


class OddsError(ValueError):
    """Bad input: a message that names what was wrong."""


class PaytableError(OddsError):
    """A paytable file that cannot be used; the message names the file and the key."""


class UnknownName(OddsError):
    """An unknown game, bet, paytable or outcome; the message suggests the closest names."""

    def __init__(self, what: str, name: str, known):
        known = list(known)
        close = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(close)}?" if close else f"; choose from {', '.join(known)}"
        super().__init__(f"unknown {what} {shown_repr(name)}{hint}")
        self.name = name
        self.suggestions = close


def shown(text, limit: int = 40) -> str:
    """User text quoted for a one-line message, shortened when long (a 5,000-digit number stays
    one readable line).

    >>> shown("Kh")
    "'Kh'"
    >>> shown("9" * 5000)
    "'9999999999999999...9999999999999999' (5000 characters)"
    """
    text = str(text)
    if len(text) <= limit:
        return repr(text)
    half = max(1, (limit - 8) // 2)
    return f"'{text[:half]}...{text[-half:]}' ({len(text)} characters)"


def shown_repr(value, limit: int = 40) -> str:
    """``repr(value)`` for a message, shortened like :func:`shown` when long.

    >>> shown_repr([32]), shown_repr("x")
    ('[32]', "'x'")
    """
    text = repr(value)
    return text if len(text) <= limit else shown(text, limit)
