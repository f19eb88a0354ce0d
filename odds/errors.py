"""Errors a user can cause. The CLI turns each into one line on stderr and exit code 1."""

from __future__ import annotations


class OddsError(ValueError):
    """Bad input: a message that names what was wrong."""


class PaytableError(OddsError):
    """A paytable file that cannot be used; the message names the file and the key."""


def check_keys(table: dict, allowed, where: str) -> None:
    """Refuse a key of a file's table that is not ``allowed``: a misspelt key must not be ignored.

    >>> check_keys({"pays": 1, "windw": 3}, {"pays", "window"}, "bets.tie")
    Traceback (most recent call last):
    odds.errors.PaytableError: bets.tie.windw: unknown key (allowed: pays, window)
    """
    for key in table:
        if key not in allowed:
            raise PaytableError(f"{where}.{key}: unknown key (allowed: {', '.join(sorted(allowed))})")


class UnknownName(OddsError):
    """An unknown game, bet, paytable or outcome; the message suggests the closest names."""

    def __init__(self, what: str, name: str, known):
        import difflib  # (here: only an unknown name needs it)

        known = list(known)
        close = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(close)}?" if close else f"; choose from {names_text(known)}"
        super().__init__(f"unknown {what} {shown_repr(name)}{hint}")
        self.name = name
        self.suggestions = close


class UnknownBet(UnknownName, KeyError):
    """A result's ``.bet(id)`` of a bet it does not hold: an :class:`OddsError` like every other
    mistake, and still a ``KeyError`` for code that looked a bet up that way."""

    __str__ = ValueError.__str__  # KeyError's would quote the message

    def __init__(self, bet_id, known):
        if not isinstance(bet_id, str):
            OddsError.__init__(self, f"a bet id is text, not {type(bet_id).__name__}")
            self.name, self.suggestions = bet_id, []
            return
        super().__init__("bet", bet_id, known)


def names_text(names, limit: int = 200) -> str:
    """Names for a one-line message: all of them, or as many as fit in about ``limit`` characters
    and how many more (a game with fifty paytables still gets a readable line).

    >>> names_text(["seed", "tie-9"])
    'seed, tie-9'
    >>> names_text([f"paytable-{i}" for i in range(40)], limit=40)
    'paytable-0, paytable-1, paytable-2, ... and 37 more'
    """
    names = [str(n) for n in names]
    text = ", ".join(names)
    if len(text) <= limit:
        return text
    kept: list[str] = []
    for name in names:
        if len(", ".join(kept + [name])) > limit:
            break
        kept.append(name)
    return f"{', '.join(kept)}, ... and {len(names) - len(kept)} more"


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
