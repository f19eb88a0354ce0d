"""The compiled drawing table's sums past the bounds the shipped shoes reach (mutation testing of
odds/exact/drawing.py, docs/development.md): each case against every end state's exact count
times the column, in Python integers (tests/test_exactness.py's ``exact_column_sums``)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_exactness import exact_column_sums

from odds.exact import intmath
from odds.games import punto_banco


def folded_columns(compiled, columns):
    return compiled.fold(np.array(columns, dtype=object))


def test_a_kind_count_past_int64_is_summed_in_python_integers():
    """A count of 2**63 cards of a kind cannot be an int64: the row is read as Python integers
    (and summed on the plain path), never dropped."""
    compiled = punto_banco.state_table()
    columns = [[(i % 5) - 2] for i in range(len(compiled.states))]
    shoe = [2**63 + 3] + [4] * 9
    assert compiled.batch_linear([shoe], folded_columns(compiled, columns)) == [
        exact_column_sums(compiled, shoe, columns)
    ]


def test_counts_past_the_primes_are_reduced_before_they_are_multiplied():
    """Counts of 2**27 to 2**31 cards of a kind (below COUNT_LIMIT, so on the fast path) are larger
    than the 26-bit primes: modulo a prime each falling factor is reduced first, else the products
    leave the float64-exact range (large random pays: several digit columns, several primes)."""
    compiled = punto_banco.state_table()
    rng = random.Random(2026)
    columns = [[rng.randint(-(2**40), 2**40), rng.randint(-128, 127)] for _ in compiled.states]
    folded = folded_columns(compiled, columns)
    shoes = [[2**31 - 1] + [2**27 + 11 * k for k in range(9)]]
    got = compiled.batch_linear(np.array(shoes), folded)
    assert intmath.moduli_needed(max(folded.digit_max) * intmath.falling(sum(shoes[0]), 6)) >= 2
    assert got == [exact_column_sums(compiled, shoe, columns) for shoe in shoes]


@pytest.mark.parametrize("form", ["list", "int64", "object"])
def test_any_form_of_the_rows_gives_the_same_exact_sums(form):
    """Rows given as lists, an int64 array or an object array of Python ints (what a caller
    holding huge counts passes) are summed alike: small shoes, a kind at one below and at
    ``COUNT_LIMIT``, a shoe of exactly ``max_cards`` cards, and one of more than ``2**63`` cards,
    whose int64 sum would wrap."""
    compiled = punto_banco.state_table()
    columns = [[(i % 7) - 3, 1] for i in range(len(compiled.states))]
    limit = compiled.COUNT_LIMIT
    shoes = [[16] + [4] * 9, [limit - 1] + [3] * 9, [limit] + [2] * 9, [1] * 6 + [0] * 4, [2**62, 2**62 - 1] + [3] * 8]
    rows = {"list": shoes, "int64": np.array(shoes, dtype=np.int64), "object": np.array(shoes, dtype=object)}[form]
    got = compiled.batch_linear(rows, folded_columns(compiled, columns))
    assert got == [exact_column_sums(compiled, shoe, columns) for shoe in shoes]
    assert all(type(x) is int for row in got for x in row)


@pytest.mark.parametrize("form", ["int64", "object"])
def test_rows_the_table_cannot_sum_are_refused_word_for_word(form):
    compiled = punto_banco.state_table()
    folded = folded_columns(compiled, [[1] for _ in compiled.states])
    dtype = np.int64 if form == "int64" else object
    for rows in ([[4] * 9], [4] * 10, [[[4] * 10]]):
        with pytest.raises(ValueError) as refused:
            compiled.batch_linear(np.array(rows, dtype=dtype), folded)
        assert str(refused.value) == "compositions must have 10 columns"
    with pytest.raises(ValueError) as refused:
        compiled.batch_linear(np.array([[16] + [4] * 9, [1] * 5 + [0] * 5], dtype=dtype), folded)
    assert str(refused.value) == "a shoe holds 5 cards; a round may need 6"


def test_too_small_a_shoe_is_refused_word_for_word_unless_drawn_with_replacement():
    compiled = punto_banco.state_table()
    with pytest.raises(ValueError) as refused:
        compiled.multiset_weights([1] * 5 + [0] * 5)
    assert str(refused.value) == "the shoe holds 5 cards; a round may need 6"
    with pytest.raises(ValueError) as refused:
        compiled.exact_counts([1] * 5 + [0] * 5)
    assert str(refused.value) == "the shoe holds 5 cards; a round may need 6"
    # an infinite shoe of five kinds, each as likely: every ordered sequence of six draws counted
    assert sum(compiled.exact_counts([1] * 5 + [0] * 5, replacement=True).values()) == 5**6


def test_an_infinite_shoe_depends_on_its_proportions_alone():
    """Drawn with replacement, ``k`` times every count is ``k**6`` times every count of deals: the
    small shoe takes the int64 path, the large one (``N**6`` past ``2**63``) Python integers."""
    compiled = punto_banco.state_table()
    shoe = [16] + [4] * 9
    small = compiled.exact_counts(shoe, replacement=True)
    k = 2000
    assert (k * sum(shoe)) ** 6 >= 2**63
    large = compiled.exact_counts([k * c for c in shoe], replacement=True)
    assert large == {state: k**6 * n for state, n in small.items()}


def test_columns_the_table_cannot_fold_are_refused_word_for_word():
    compiled = punto_banco.state_table()
    states = len(compiled.states)
    for columns in ([[1]] * (states - 1), [1] * states, [[1]] * (states + 1)):
        with pytest.raises(ValueError) as refused:
            compiled.fold(np.array(columns, dtype=object))
        assert str(refused.value) == f"columns must have one row per end state ({states})"


def test_pays_between_2_63_and_2_64_beside_small_ones_stay_exact():
    """A list mixing pays in ``[2**63, 2**64)`` with small ones would be read by numpy as float64
    (neither int64 nor uint64 holds both): the columns are read as Python integers."""
    compiled = punto_banco.state_table()
    columns = [[2**63 + 2 * i + 1 if i % 3 else -(i % 5)] for i in range(len(compiled.states))]
    shoe = [16] + [4] * 9
    assert compiled.batch_linear([shoe], compiled.fold(columns)) == [exact_column_sums(compiled, shoe, columns)]


def test_no_column_at_all_sums_to_empty_rows():
    compiled = punto_banco.state_table()
    folded = compiled.fold(np.zeros((len(compiled.states), 0), dtype=object))
    assert compiled.batch_linear([[16] + [4] * 9, [20] + [5] * 9], folded) == [[], []]


@pytest.mark.parametrize("pays", ["none", "zero", "small", "huge"])
def test_a_limb_is_the_widest_whose_products_float64_holds(pays):
    """``limb_bits`` is the largest ``bits`` with ``2**bits * max_d sum_m |Q[m, d]| < 2**53``
    (FoldedColumns' contract, what keeps each float64 product exact; the sums in Python
    integers)."""
    compiled = punto_banco.state_table()
    rng = random.Random(pays)
    make = {
        "none": lambda: [],
        "zero": lambda: [0, 0],
        "small": lambda: [rng.randint(-128, 127), 127, -128],
        "huge": lambda: [rng.randint(-(2**70), 2**70)],
    }[pays]
    columns = [make() for _ in compiled.states]
    folded = compiled.fold(np.array(columns, dtype=object).reshape(len(columns), -1))
    mass = max((sum(abs(x) for x in folded.digit_q[:, d].tolist()) for d in range(folded.digit_width)), default=0)
    bits, mass = folded.limb_bits, max(mass, 1)
    assert 2**bits * mass < 2**53 <= 2 ** (bits + 1) * mass
