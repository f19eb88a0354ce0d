"""Integer arithmetic the exact layer shares: falling factorials, word-size limits, residues and
the Chinese remainder theorem, balanced digits, and every packing of several small integers into
one machine integer.

Every fast path of ``odds`` computes with int64 or float64 only where a bound proves the result
exact; this module owns those bounds' building blocks, so each is argued once:

* :data:`INT64_MAX`, :data:`FLOAT_EXACT`: the largest int64, and ``2**53`` (every integer of
  smaller size is exact in float64); :func:`float_bits_offset`: an integral float below ``2**51``
  read from its bits.
* :func:`falling`: ``(n)_k``, the ordered ways to draw ``k`` of ``n`` cards.
* residues: numpy's integer arithmetic wraps silently, so a fast path computes a result modulo
  ``2**64`` (unsigned arithmetic, which wraps by definition) and, when a bound on ``|result|``
  says that is not enough, modulo a few primes below ``2**26`` as well; :func:`crt` rebuilds the
  integer. Every intermediate of the modular arithmetic is small: a product of two residues is
  below ``2**52``.
* :func:`balanced_digits`: pay columns cut into base-256 digits in ``[-128, 127]``.
* :class:`Packing`: several non-negative integers, each below its radix, as one key. It proves
  when it is built that every key fits in int64 and otherwise packs into Python integers: a
  packing never wraps. :func:`row_keys` gives rows of any width order-preserving keys the same
  way (packed, or ranked by ``np.unique`` past int64).

>>> falling(416, 6)
4998398275503360
>>> moduli_needed(2**63 - 1), moduli_needed(2**63)
(0, 1)
>>> x = -(3**50)
>>> r64 = np.array([x % 2**64], dtype=np.uint64)
>>> rest = [np.array([x % p], dtype=np.int64) for p in PRIMES[:1]]
>>> crt(r64, rest, 3**50).tolist() == [x]
True
"""

from __future__ import annotations

from dataclasses import dataclass
from math import perm, prod
from collections.abc import Sequence

from ..lazy import numpy as np

INT64_MAX = 2**63 - 1
"""The largest int64: a fast path's result must stay at or below it in size."""
PACK_LIMIT = INT64_MAX
"""The largest key a :class:`Packing` gives in int64 (tests lower it to force every packing onto
its Python-integer path)."""
FLOAT_EXACT = 2**53
"""Every integer below this in size is exact in float64, and so is every sum or product of such
integers whose true value is below it."""
BITS_EXACT = 2**51
"""Integral float64 values below this in size read as integers from their bits
(:func:`float_bits_offset`)."""
FLOAT_BITS_OFFSET = 0x4338000000000000
"""The bits of ``1.5 * 2**52``: :func:`float_bits_offset`."""


def float_bits_offset(values: np.ndarray) -> np.ndarray:
    """Integral float64 values below :data:`BITS_EXACT` in size, turned in place into int64 holding
    ``value + FLOAT_BITS_OFFSET`` (modulo ``2**64``): two vector passes where numpy's cast of a
    float to int64 is several times slower. Exact: ``x + 1.5 * 2**52`` lies in ``[2**52, 2**53)``,
    where float64 holds every integer and only them, so the addition is exact, the exponent is 52
    and the 52 mantissa bits are ``x + 2**51``: the bits read as an integer are
    ``0x4330000000000000 + 2**51 + x``. Returns a view of the same memory; the caller subtracts the
    offset (once, after any sums: int64 arithmetic is modulo ``2**64``).

    >>> x = np.array([0.0, -5.0, 2.0**51 - 1, -(2.0**51) + 1])
    >>> (float_bits_offset(x) - FLOAT_BITS_OFFSET).tolist() == [0, -5, 2**51 - 1, -(2**51) + 1]
    True
    """
    values += 1.5 * 2.0**52
    return values.view(np.int64)


def falling(n: int, k: int) -> int:
    """The falling factorial ``n (n-1) ... (n-k+1)``: ordered ways to draw ``k`` of ``n`` cards.

    Zero when ``k > n`` (including any negative ``n``); one when ``k == 0``.

    >>> falling(52, 2), falling(3, 5), falling(7, 0)
    (2652, 0, 1)
    """
    if k < 0:
        raise ValueError("k must be non-negative")
    if n < k:
        return 0
    return perm(n, k)


PRIME_BITS = 26
"""The primes are below ``2**26``: a product of two residues is below ``2**52``, and a sum of
``2**11`` such products is still below ``2**63``."""

WORD = 2**64


PRIMES = (
    67108859,
    67108837,
    67108819,
    67108777,
    67108763,
    67108757,
    67108753,
    67108747,
    67108739,
    67108729,
    67108721,
    67108709,
)
"""The twelve largest primes below ``2**26``, in decreasing order (each above ``2**25.99``), written
out: tests/test_packing.py checks them against trial division of every number from below the
last of them up to ``2**26``. With the word ``2**64`` they reach ``2**(64 + 12 * 25.99)``: enough
for any result this project sums (a batch refuses shoes of ``2**40`` cards or more)."""


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
    digits: list[np.ndarray] = []
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


def int64_residue(x: int) -> int:
    """The int64 value congruent to ``x`` modulo ``2**64``: what int64 arithmetic, which wraps,
    makes of ``x``; a coefficient of any size, so reduced, gives a result right modulo ``2**64``.

    >>> int64_residue(2**63), int64_residue(-1), int64_residue(2**64 + 5), int64_residue(-(2**63) - 1)
    (-9223372036854775808, -1, 5, 9223372036854775807)
    """
    return (x + 2**63) % WORD - 2**63


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


# -- packings ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Packing:
    """Several non-negative integers as one key: ``key = (...(x_0 r_1 + x_1) r_2 + ...) + x_last``
    with each ``x_i`` in ``[0, r_i)`` (radices most significant first), so keys sort as the
    tuples do and unpack exactly.

    The largest key is ``prod(radices) - 1``. When that fits in int64 (:attr:`in_int64`) keys are
    int64 arrays; otherwise they are arrays of Python integers - slower, never wrong. Values
    outside their radix raise :class:`ValueError` (they would collide with other keys).

    >>> p = Packing((76,) * 6 + (65,))      # six card slots and one of 65 outcomes
    >>> p.in_int64, p.pack([np.array([1])] * 6 + [np.array([64])]).dtype
    (True, dtype('int64'))
    >>> wide = Packing((100,) * 13)         # 10**26: past int64
    >>> keys = wide.pack([np.array([99, 0])] * 13)
    >>> wide.in_int64, keys.dtype, [int(k) for k in keys] == [10**26 - 1, 0]
    (False, dtype('O'), True)
    >>> [a.tolist() for a in wide.unpack(keys)][:2]
    [[99, 0], [99, 0]]
    """

    radices: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.radices or any(int(r) < 1 for r in self.radices):
            raise ValueError(f"a packing needs radices of at least 1, not {self.radices}")

    @property
    def size(self) -> int:
        """How many distinct keys there are: the product of the radices."""
        return prod(int(r) for r in self.radices)

    @property
    def in_int64(self) -> bool:
        """Whether every key fits in int64 (then :meth:`pack` returns int64 arrays)."""
        return self.size - 1 <= PACK_LIMIT

    def pack(self, columns: Sequence[np.ndarray]) -> np.ndarray:
        """The key of each row, given one array per radix (most significant first)."""
        if len(columns) != len(self.radices):
            raise ValueError(f"{len(columns)} columns for {len(self.radices)} radices")
        dtype = np.int64 if self.in_int64 else object
        key = np.zeros(np.shape(columns[0]), dtype=dtype)
        for column, radix in zip(columns, self.radices):
            column = np.asarray(column)
            if column.size and (int(column.min()) < 0 or int(column.max()) >= radix):
                raise ValueError(f"a value outside [0, {radix}) cannot be packed")
            key = key * radix + column.astype(dtype)  # below prod(radices): no wrap (in_int64)
        return key

    def unpack(self, keys: np.ndarray) -> list[np.ndarray]:
        """The columns of :meth:`pack`, as int64 arrays."""
        rest = np.asarray(keys, dtype=np.int64 if self.in_int64 else object)
        out = []
        for radix in reversed(self.radices[1:]):
            digit = rest % radix  # (np.divmod has no loop for Python integers)
            rest = (rest - digit) // radix
            out.append(np.asarray(digit).astype(np.int64))
        out.append(np.asarray(rest).astype(np.int64))
        return out[::-1]


def row_keys(*tables: np.ndarray) -> list[np.ndarray]:
    """Int64 keys for the rows of each table (non-negative integer arrays of one width), equal for
    equal rows and ordered as the rows are lexicographically, across all the tables.

    Rows are packed column by column (:class:`Packing`, each column's radix its largest entry + 1)
    as long as the key fits in int64; past that the key so far is replaced by its rank among the
    distinct keys (``np.unique``, sorted: the same order, and at most the number of rows), and
    packing goes on from there; if the next column's radix is still too large, that column is
    ranked too (then the key is below the number of rows squared). Never a wrap, never a sort of
    whole rows, always int64.

    >>> a, b = np.array([[1, 0], [0, 2]]), np.array([[0, 2]])
    >>> [k.tolist() for k in row_keys(a, b)]
    [[3, 2], [2]]
    >>> big = np.array([[2**62, 5], [0, 1]])      # (2**62 + 1) * 6 > 2**63: the first column ranked
    >>> [k.tolist() for k in row_keys(big)]
    [[11, 1]]
    >>> [k.tolist() for k in row_keys(np.array([[2**63 - 1], [7]]))]  # its column ranked: [1, 0]
    [[1, 0]]
    """
    parts = [np.asarray(t, dtype=np.int64) for t in tables]
    width = parts[0].shape[1]
    if any(int(t.min()) < 0 for t in parts if t.size):
        raise ValueError("row keys need non-negative entries")
    rows = np.concatenate(parts)  # (a copy: ranked in place below)
    ends = np.cumsum([len(t) for t in parts])[:-1]
    if not width or not len(rows):
        return [np.zeros(len(t), dtype=np.int64) for t in parts]
    tops = [int(top) + 1 for top in rows.max(axis=0)]  # Python integers: the largest int64 + 1 wraps
    for j, top in enumerate(tops):
        if top > INT64_MAX:  # a column holding the largest int64: its dense ranks (the same order)
            rows[:, j] = _dense_ranks(rows[:, j])
            tops[j] = int(rows[:, j].max()) + 1
    key = rows[:, 0].copy()
    size = tops[0]  # keys lie in [0, size)
    for radix, column in zip(tops[1:], rows[:, 1:].T):
        if not Packing((size, radix)).in_int64:
            key = _dense_ranks(key)
            size = int(key.max()) + 1
        if not Packing((size, radix)).in_int64:  # a column past 2**63 / size: its ranks too (size * radix <= rows**2)
            column = _dense_ranks(column)
            radix = int(column.max()) + 1
        key = Packing((size, radix)).pack([key, column])
        size *= radix
    return list(np.split(key, ends))


def _dense_ranks(values: np.ndarray) -> np.ndarray:
    """Each value's rank among the distinct values (int64 from 0, in their order)."""
    _, ranks = np.unique(values, return_inverse=True)
    return ranks.reshape(-1).astype(np.int64)
