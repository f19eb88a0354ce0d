"""Exact integer sums from word-size arithmetic: residues and the Chinese remainder theorem.

numpy's integer arithmetic wraps silently, so a fast path that sums in int64 is exact only if
nothing reaches 2**63. Instead of keeping a hand-made bound on every intermediate, the fast paths
here compute a result modulo ``2**64`` (unsigned arithmetic, which wraps by definition) and, when
a simple bound on ``|result|`` says that is not enough, modulo a few primes below ``2**26`` as
well; :func:`crt` rebuilds the integer. Every intermediate of the modular arithmetic is provably
small: a product of two residues is below ``2**52``.

    >>> moduli_needed(2**63 - 1), moduli_needed(2**63)
    (0, 1)
    >>> x = -(3**50)
    >>> r64 = np.array([x % 2**64], dtype=np.uint64)
    >>> rest = [np.array([x % p], dtype=np.int64) for p in PRIMES[:1]]
    >>> crt(r64, rest, 3**50).tolist() == [x]
    True
"""

from __future__ import annotations

import numpy as np

PRIME_BITS = 26
"""The primes are below ``2**26``: a product of two residues is below ``2**52``, and a sum of
``2**11`` such products is still below ``2**63``."""

WORD = 2**64


def _is_prime(n: int) -> bool:
    if n < 2 or n % 2 == 0:
        return n == 2
    d = 3
    while d * d <= n:
        if n % d == 0:
            return False
        d += 2
    return True


def _primes_below(limit: int, count: int) -> tuple[int, ...]:
    out, n = [], limit - 1
    while len(out) < count:
        if _is_prime(n):
            out.append(n)
        n -= 1
    return tuple(out)


PRIMES = _primes_below(2**PRIME_BITS, 12)
"""The largest primes below ``2**26``, in decreasing order (each above ``2**25.99``). With the
word ``2**64`` they reach ``2**(64 + 12 * 25.99)``: enough for any result this project sums (a
batch refuses shoes of ``2**40`` cards or more)."""


def moduli_needed(bound: int) -> int:
    """How many of :data:`PRIMES` must join ``2**64`` so that every integer ``x`` with
    ``|x| <= bound`` is the only one of its residues in the symmetric range: the least ``k``
    with ``2 * bound < 2**64 * PRIMES[0] * ... * PRIMES[k-1]``."""
    modulus, k = WORD, 0
    while 2 * bound >= modulus:
        if k == len(PRIMES):
            raise ValueError(f"a bound of {bound.bit_length()} bits needs more primes than kept")
        modulus *= PRIMES[k]
        k += 1
    return k


def crt(word: np.ndarray, residues: list[np.ndarray], bound: int) -> np.ndarray:
    """The integers ``x`` (object array of Python ints) with ``x = word mod 2**64`` (``word``:
    uint64) and ``x = residues[i] mod PRIMES[i]`` (int64 in ``[0, p)``), given ``|x| <= bound``
    and ``len(residues) >= moduli_needed(bound)``.

    Garner's mixed radix: ``x = word + 2**64 (t_0 + p_0 (t_1 + p_1 (...)))`` with each ``t_i``
    in ``[0, p_i)`` found in int64 (products of two residues, below ``2**52``); then the value
    in ``[0, M)`` is moved to ``(-M/2, M/2]``.
    """
    word = np.asarray(word, dtype=np.uint64)
    digits = []
    for i, residue in enumerate(residues):
        p = PRIMES[i]
        # the value of the mixed radix so far, modulo p
        partial = (word % np.uint64(p)).astype(np.int64)
        coefficient = WORD % p
        for j, digit in enumerate(digits):
            partial = (partial + coefficient * digit) % p
            coefficient = coefficient * PRIMES[j] % p
        digits.append((np.asarray(residue, dtype=np.int64) - partial) % p * pow(coefficient, -1, p) % p)
    value = word.astype(object)
    modulus = WORD
    for i, digit in enumerate(digits):
        value = value + digit.astype(object) * modulus
        modulus *= PRIMES[i]
    if 2 * bound >= modulus:
        raise ValueError("too few residues for the bound")
    return np.where(value > modulus // 2, value - modulus, value)


def signed_word(word: np.ndarray) -> np.ndarray:
    """uint64 residues as the int64 values they stand for when ``|x| < 2**63`` (a view)."""
    return np.asarray(word, dtype=np.uint64).view(np.int64)


DIGIT_BITS = 8
"""Pay columns are cut into balanced digits base ``2**8`` (each in ``[-128, 127]``)."""


def balanced_digits(value: int, count: int) -> list[int]:
    """``count`` digits ``d_t`` in ``[-128, 127]`` with ``value = sum_t d_t 256**t``.

    >>> balanced_digits(12347, 2), balanced_digits(-9871, 2)
    ([59, 48], [113, -39])
    """
    base, half = 1 << DIGIT_BITS, 1 << (DIGIT_BITS - 1)
    out = []
    for _ in range(count):
        digit = (value + half) % base - half
        out.append(digit)
        value = (value - digit) >> DIGIT_BITS
    if value:
        raise ValueError("too few digits")
    return out


def digits_needed(value: int) -> int:
    """How many balanced base-256 digits ``value`` needs (at least one).

    >>> digits_needed(127), digits_needed(128), digits_needed(-128), digits_needed(-129)
    (1, 2, 1, 2)
    """
    base, half = 1 << DIGIT_BITS, 1 << (DIGIT_BITS - 1)
    count = 1
    value = (value - ((value + half) % base - half)) >> DIGIT_BITS
    while value:
        value = (value - ((value + half) % base - half)) >> DIGIT_BITS
        count += 1
    return count
