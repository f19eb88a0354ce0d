"""The limits on every number and file a user gives ``odds``, checked before any work starts.

Exact arithmetic has no overflow, so without limits a typo (``--decks 1000000000``,
``--shoes 10**12``, a pay of ``1e999999999``) would not fail: it would run for hours or eat the
machine's memory. Each limit is generous - far beyond any real table - and the README's
"Limits" section says why each is where it is.

>>> exact_number("19/20", "pays.banker-wins")
Fraction(19, 20)
>>> exact_number("1e999999999", "--fee")
Traceback (most recent call last):
...
odds.limits.LimitError: --fee: '1e999999999' has an exponent beyond +-60
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction

from .errors import OddsError, shown, shown_repr

MAX_DECKS = 10_000
"""Decks in a shoe: a real shoe holds 1 to 8; exact counts of 10,000 decks still take seconds."""
MAX_CARDS = 52 * MAX_DECKS
"""Cards in any shoe (vector files, --remove multipliers, cut cards, windows)."""
MAX_SHOES = 1_000_000
"""``count --shoes``: about an hour on two cores (the windows table uses 10,000)."""
MAX_ROUNDS = 1_000_000_000
"""``simulate --rounds``: hours of dealing, in flat memory."""
MAX_SEED = 2**64 - 1
"""Seeds are 0 to 2**64 - 1 (numpy's and Python's generators take them whole)."""
MAX_LEVEL = 100
"""Count tags: no one keeps a count with tags above a few; 100 keeps the exact true counts of
10,000-deck shoes inside 64-bit integers."""
MAX_WORKERS = 256
"""Local worker processes."""
MAX_PAY = 10**9
"""Pays (to 1) and fees: a billion to one is beyond any table game's top pay."""
MAX_PAY_DIGITS = 30
"""Digits of a pay's (or a fee's) numerator and of its denominator, and of the common denominator
of one bet's pays: ``19/20``, ``0.975`` or even ``0.94999999999999999999`` (21 digits) are far
inside, and every exact figure of a sheet - a variance squares the pays' denominators - stays a
few hundred digits at most (Python refuses to print an integer of more than 4,300 digits, and a
batch cuts each bet's pays into more columns the longer they are)."""
MAX_NUMBER_TEXT = 100
"""Characters in a typed number (pays, fees, edges): 19/20 needs 5, 0.94999999999999999999 needs 22."""
MAX_EXPONENT = 60
"""The exponent of a decimal such as 1.5e3: beyond +-60 no pay, fee or edge means anything."""
MAX_PAYTABLE_BYTES = 1 << 20
"""A paytable file: the biggest shipped one is about 4 kB."""
MAX_DATA_BYTES = 64 << 20
"""A vectors file or a batch file: our vectors.json is under 1 MB; 64 MiB is about two million
batch lines."""
MAX_MANIFEST_BYTES = 1 << 20
"""The manifest ``odds export`` keeps in its folder: ours lists about 160 files, 5 kB; a bigger
file is not one it wrote (it is never read whole)."""
MAX_VECTORS = 10_000
"""Vectors in one vectors file: ours has about 50; each takes up to a tenth of a second to check."""


class LimitError(OddsError):
    """A number or a file beyond the limits above."""


def check_whole(value: int, what: str, low: int | None, high: int | None, why: str = "") -> int:
    """``value`` if ``low <= value <= high``; else a :class:`LimitError` naming ``what``."""
    if low is not None and value < low:
        raise LimitError(f"{what} must be at least {low:,}, not {value:,}")
    if high is not None and value > high:
        raise LimitError(f"{what} must be at most {high:,}{f' ({why})' if why else ''}, not {_big(value)}")
    return value


def _big(value: int) -> str:
    text = str(value) if value.bit_length() < 4000 else "a number of more than 1,200 digits"
    return f"{int(text):,}" if len(text) <= 30 else shown(text, 30)


_EXPONENT = re.compile(r"[eE]\s*([+-]?)\s*(\d+)")


def check_number_text(text: str, where: str) -> str:
    """Refuse a typed number whose exact value would be expensive to build: too long a text, or
    an exponent beyond +-``MAX_EXPONENT`` (``1e999999999`` is a billion-digit integer)."""
    if len(text) > MAX_NUMBER_TEXT:
        raise LimitError(f"{where}: {shown(text)} is longer than {MAX_NUMBER_TEXT} characters")
    for match in _EXPONENT.finditer(text):
        if len(match.group(2)) > 4 or int(match.group(2)) > MAX_EXPONENT:
            raise LimitError(f"{where}: {shown(text)} has an exponent beyond +-{MAX_EXPONENT}")
    return text


def exact_number(value, where: str, high: Fraction | int | None = MAX_PAY) -> Fraction:
    """An exact number from user text or a TOML/JSON value (int, Decimal, str), bounded in size
    and, when ``high`` is given, in magnitude; anything else is a :class:`LimitError` (a
    :class:`OddsError`) naming ``where``. Floats are refused unless finite (their repr is read)."""
    if isinstance(value, bool):
        raise LimitError(f"{where}: {value!r} is not a number")
    if isinstance(value, int):
        if value.bit_length() > 4 * MAX_NUMBER_TEXT:
            raise LimitError(
                f"{where}: a number of {len(str(value)) if value.bit_length() < 13000 else 'thousands of'}"
                f" digits is beyond the limits"
            )
        number = Fraction(value)
    elif isinstance(value, Decimal):
        if not value.is_finite():
            raise LimitError(f"{where}: {value} is not a finite number")
        sign, digits, exponent = value.as_tuple()
        if (
            len(digits) > MAX_NUMBER_TEXT
            or abs(exponent) > MAX_EXPONENT + MAX_NUMBER_TEXT
            or abs(value.adjusted()) > MAX_EXPONENT
        ):
            raise LimitError(f"{where}: {shown(str(value))} is beyond the limits of a number here")
        number = Fraction(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise LimitError(f"{where}: {value} is not a finite number")
        number = Fraction(repr(value))
    elif isinstance(value, str):
        check_number_text(value, where)
        try:
            number = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise LimitError(f"{where}: {shown(value)} is not a number or fraction") from None
    else:
        raise LimitError(f"{where}: {shown_repr(value)} is not a number")
    if high is not None and abs(number) > high:
        raise LimitError(f"{where}: {shown(str(value))} is beyond +-{high:,}")
    return number


def check_pay_digits(pay: Fraction, where: str, what: str = "a pay") -> Fraction:
    """``pay`` when its numerator and denominator have at most :data:`MAX_PAY_DIGITS` digits each;
    else a :class:`LimitError` naming ``where``.

    >>> check_pay_digits(Fraction(19, 20), "tie")
    Fraction(19, 20)
    >>> check_pay_digits(Fraction(1, 10**40 + 1), "pays.tie")
    Traceback (most recent call last):
    ...
    odds.limits.LimitError: pays.tie: a pay's denominator has 41 digits; at most 30 are allowed
    """
    for part, value in (("numerator", pay.numerator), ("denominator", pay.denominator)):
        digits = _digits(value)
        if digits > MAX_PAY_DIGITS:
            raise LimitError(f"{where}: {what}'s {part} has {digits:,} digits; at most {MAX_PAY_DIGITS} are allowed")
    return pay


def _digits(value: int) -> int:
    """Decimal digits of ``abs(value)``, without printing it (a huge number cannot be)."""
    value = abs(value)
    if value.bit_length() > 4 * MAX_NUMBER_TEXT * 4:
        return int(value.bit_length() * 0.30103) + 1
    return len(str(value))


def check_common_denominator(pays, where: str) -> None:
    """Refuse a bet whose pays' common denominator has more than :data:`MAX_PAY_DIGITS` digits
    (pays such as ``1/p`` for many large primes p): every figure of the bet is over it."""
    common = 1
    for pay in pays:
        common = math.lcm(common, Fraction(pay).denominator)
        if _digits(common) > MAX_PAY_DIGITS:
            raise LimitError(
                f"{where}: the pays' common denominator has {_digits(common):,} digits or more; "
                f"at most {MAX_PAY_DIGITS} are allowed (write pays with smaller denominators)"
            )
