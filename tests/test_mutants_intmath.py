"""odds/exact/intmath.py against independent figures, for the mutants of its functions that the
kernel tests do not notice (docs/development.md, "Mutation testing").
"""

from __future__ import annotations

from math import prod

import numpy as np
import pytest
from test_packing import assert_keys_order_as_tuples

from odds.exact.intmath import (
    PRIMES,
    balanced_digits,
    crt,
    digits_needed,
    falling,
    int64_residue,
    moduli_needed,
    Packing,
    row_keys,
)


def _reach(count: int) -> tuple[int, int]:
    """The least and largest sums of ``count`` digits in [-128, 127] of base 256."""
    span = (256**count - 1) // 255  # 1 + 256 + ... + 256**(count-1)
    return -128 * span, 127 * span


EDGES = sorted({e + d for c in range(1, 5) for e in _reach(c) for d in (-1, 0, 1)} | {0, 1, -1, 200, -200, 12347})


@pytest.mark.parametrize("value", EDGES)
def test_balanced_digits_are_the_least_that_reach_the_value(value):
    count = next(c for c in range(1, 8) if _reach(c)[0] <= value <= _reach(c)[1])
    assert digits_needed(value) == count
    digits = balanced_digits(value, count)
    assert all(-128 <= d <= 127 for d in digits)
    assert sum(d * 256**t for t, d in enumerate(digits)) == value
    assert balanced_digits(value, count + 2) == digits + [0, 0]
    if value:  # (no digit at all is enough for 0)
        with pytest.raises(ValueError) as refused:
            balanced_digits(value, count - 1)
        assert str(refused.value) == "too few digits"


def _residues(x: int, k: int):
    """``x`` as crt reads it: its residue modulo 2**64 (uint64) and modulo each of the first ``k``
    primes (int64 in [0, p))."""
    word = np.array([x % 2**64], dtype=np.uint64)
    return word, [np.array([x % p], dtype=np.int64) for p in PRIMES[:k]]


@pytest.mark.parametrize("k", range(len(PRIMES) + 1))
def test_crt_rebuilds_every_value_up_to_half_its_modulus_and_no_further(k):
    modulus = 2**64 * prod(PRIMES[:k])
    top = modulus // 2 - 1  # the largest |x| that k primes tell apart from x -+ modulus
    assert moduli_needed(top) == k
    # +-modulus/2 have the same residues: k primes are not enough for a bound of modulus/2
    assert [r.tolist() for r in _residues(modulus // 2, k)[1]] == [r.tolist() for r in _residues(-modulus // 2, k)[1]]
    if k < len(PRIMES):
        assert moduli_needed(modulus // 2) == k + 1
    for x in (top, -top, 1, -1, 0, top // 3 + 1, -(top // 3 + 1)):
        word, rest = _residues(x, k)
        assert crt(word, rest, top).tolist() == [x]
    with pytest.raises(ValueError) as refused:
        crt(*_residues(1, k), modulus // 2)
    assert str(refused.value) == "too few residues for the bound"


def test_refusals_of_the_integer_helpers_word_for_word():
    with pytest.raises(ValueError) as refused:
        falling(5, -1)
    assert str(refused.value) == "k must be non-negative"
    bound = 2**64 * prod(PRIMES)  # twice it is past every modulus kept
    with pytest.raises(ValueError) as refused:
        moduli_needed(bound)
    assert str(refused.value) == f"a bound of {len(bin(bound)) - 2} bits needs more primes than kept"


@pytest.mark.parametrize(
    "x", [0, 1, -1, 2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 2**64, 2**64 + 5, 3 * 2**64 - 7, -(2**70)]
)
def test_int64_residue_is_the_int64_congruent_modulo_2_64(x):
    r = int64_residue(x)
    assert -(2**63) <= r < 2**63 and (r - x) % 2**64 == 0
    if -(2**63) <= x < 2**63:
        assert r == x


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.int64])
def test_row_keys_of_any_integer_type_order_as_tuples(dtype):
    """Rows of a narrow type (255 is a uint8's largest: one more wraps to 0 in its own type) get
    keys ordered as the rows are, as for int64 rows."""
    top = int(np.iinfo(dtype).max)
    rows = np.array([[top, 0, 3], [0, top, 3], [top, top, top], [1, 2, 3], [top, 0, 2]], dtype=dtype)
    (keys,) = row_keys(rows)
    assert_keys_order_as_tuples(rows, keys)


def test_row_keys_refuse_negative_entries_word_for_word():
    with pytest.raises(ValueError) as refused:
        row_keys(np.array([[0, -1]]))
    assert str(refused.value) == "row keys need non-negative entries"


def test_row_keys_of_no_rows_or_no_columns_are_zeros_one_per_row():
    empty, wide = np.zeros((0, 2), dtype=np.int64), np.zeros((3, 0), dtype=np.int64)
    for tables, keys in (((empty, empty), [[], []]), ((wide, wide[:1]), [[0, 0, 0], [0]])):
        got = row_keys(*tables)
        assert [k.tolist() for k in got] == keys and all(k.dtype == np.int64 for k in got)


def test_row_keys_past_int64_rank_the_key_so_far_and_stay_int64():
    """Rows whose packed keys would pass ``2**63`` (a column up to ``2**62`` and one of six
    values) are keyed by ranking the first column before packing the second: int64 keys, in the
    rows' order, at most the number of rows times the radix."""
    rows = np.array([[2**62, 5], [0, 1], [2**62, 0], [7, 5]])
    (keys,) = row_keys(rows)
    assert keys.dtype == np.int64 and int(keys.max()) < len(rows) * 6
    assert_keys_order_as_tuples(rows, keys)


def test_row_keys_stay_int64_when_a_column_alone_nearly_fills_it():
    """Two distinct keys so far and a column of radix ``2**62 + 1``: ranking the key leaves a
    size of 2, still past ``2**63`` with the column; the column is ranked too, so the keys stay
    int64 (they were Python integers: never wrong, but not the int64 the callers index with)."""
    rows = np.array([[1, 2**62], [0, 0], [1, 0], [0, 2**62]])
    (keys,) = row_keys(rows)
    assert keys.dtype == np.int64 and int(keys.max()) < len(rows) ** 2
    assert_keys_order_as_tuples(rows, keys)


def test_packing_refusals_word_for_word():
    for radices in ((), (3, 0), (0,)):
        with pytest.raises(ValueError) as refused:
            Packing(radices)
        assert str(refused.value) == f"a packing needs radices of at least 1, not {radices}"
    with pytest.raises(ValueError) as refused:
        Packing((4, 5)).pack([np.array([1])])
    assert str(refused.value) == "1 columns for 2 radices"
    with pytest.raises(ValueError) as refused:
        Packing((4, 5)).pack([np.array([1]), np.array([5])])
    assert str(refused.value) == "a value outside [0, 5) cannot be packed"
