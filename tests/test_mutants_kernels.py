"""The kernels of odds/exact/kernels.py at the edges their proofs name (mutation testing,
docs/development.md; the record: docs/mutants/kernels.md): each case against Python integers, or
against a bound computed here without :func:`odds.exact.intmath.falling`."""

from __future__ import annotations

import itertools
import math
import random
from math import prod

import numpy as np
import pytest

from test_factored import INT64_MAX, largest_shoe

from odds.exact import kernels

VALUE_OF_RANK = [(r + 1) % 10 if r < 9 else 0 for r in range(13)]
"""Each rank index's baccarat value (A-9: 1-9; 10, J, Q, K: 0)."""


def two_atom_kernels(depth: int, weights: list[int], column_bound: int):
    """``S = sum_(j + k = depth) W[j] (c_0)_j (c_1)_k``, as a symmetric kernel (weights read by
    the multiset of types, so ``W[j] = W[depth - j]``) and a factored one."""
    terms = np.array([[j, depth - j] for j in range(depth + 1)])
    sizes = [np.arange(depth + 1)] * 2
    types = [[None] + [f"{m} cards" for m in range(1, depth + 1)]] * 2
    w = np.array([[x] for x in weights])
    return (
        kernels.SymmetricSum.build(terms, sizes, types, w, depth, column_bound),
        kernels.FactoredSum.build(terms, sizes, w, depth, column_bound),
    )


def signature_values(counts: list[int], depth: int) -> list[np.ndarray]:
    """Each atom's ``(c)_m`` for ``m = 0..depth``, ``(signatures, rows)`` int64."""
    return [np.array([[math.perm(c, m)] for m in range(depth + 1)], dtype=np.int64) for c in counts]


@pytest.mark.parametrize("depth", [1, 2])
def test_the_kernels_apply_up_to_the_last_shoe_whose_sums_fit_in_int64(depth):
    """``applies`` admits exactly the shoes with ``max(1, column_bound) * (N)_depth < 2**63``
    (a column bound of 0 counts as 1): at the last such shoe both kernels sum exactly - every
    ordered deal once, ``(N)_depth``, the largest sum the proof allows -, one card more they
    refuse; a column bound of 2 halves the shoe."""
    for column_bound in (0, 1, 2):
        top = largest_shoe(depth, column_bound)
        assert max(1, column_bound) * math.perm(top, depth) <= INT64_MAX
        assert max(1, column_bound) * math.perm(top + 1, depth) > INT64_MAX
        # weight C(depth, j) on (c_0)_j (c_1)_(depth - j): the orderings of the multiset (Vandermonde)
        weights = [math.comb(depth, j) for j in range(depth + 1)]
        counts = [top // 3, top - top // 3]
        sigs = signature_values(counts, depth)
        float_sigs = [s.astype(np.float64) for s in sigs]
        for kernel in two_atom_kernels(depth, weights, column_bound):
            assert kernel.applies(top) and not kernel.applies(top + 1), type(kernel).__name__
            assert int(kernel.sums(float_sigs, sigs)[0, 0]) == math.perm(top, depth), type(kernel).__name__
    assert largest_shoe(1, 1) == INT64_MAX and largest_shoe(1, 2) == 2**62 - 1


def test_a_symmetric_kernel_of_one_atom_reads_its_rows_from_it():
    """One atom (the build accepts it: every placement of a type is the atom itself):
    ``S = W[1] c + W[2] (c)_2`` row by row, the rows' number read from the only atom there is."""
    kernel = kernels.SymmetricSum.build(
        np.array([[1], [2]]), [np.array([0, 1, 1])], [[None, "a card", "another"]], np.array([[3, -1], [5, 2]]), 1, 5
    )
    counts = [0, 1, 7, 2**20]
    values = np.array([[1] * 4, counts, [3 * c for c in counts]], dtype=np.int64)
    assert kernel.sums(None, [values]).tolist() == [[3 * c + 15 * c for c in counts], [-c + 6 * c for c in counts]]


def test_factors_that_read_suits_refuse_rank_counts_word_for_word():
    """A card's, a suit shape's or a group's factor cannot be computed from 13 rank counts (each
    alone in its table): refused, its message whole; the same factors from 52 card counts are
    the card's falling factorial, the shape's sum over the suits, the group's count."""
    cards = list(range(52))
    red_zero = ("group", (1 + 0) * 16 + 0b0110, 0, 1)  # value 0, hearts and diamonds
    cases = [
        (("card", 5, 2), 5 * 4),
        (("shape", 3, (2,)), sum(math.perm(cards[4 * 3 + s], 2) for s in range(4))),  # a pair of one suit
        (red_zero, sum(cards[k] for k in factor_cards(red_zero))),
    ]
    for factor, expected in cases:
        values = kernels.FactorValues([("one",), factor])
        with pytest.raises(ValueError) as refused:
            values(np.full((1, 13), 4))
        assert str(refused.value) == "these factors read suits: give 52 card counts, not 13 rank counts"
        assert values(np.array([cards])).tolist() == [[1], [expected]], factor


def test_value_factors_from_card_counts_sum_their_ranks_in_int64():
    """A value's count is the sum of its ranks' cards, from 52 card counts as from 13 rank counts,
    in int64: counts below the plan's ``COUNT_LIMIT`` (``2**56``) add up past float64's exact
    integers (``2**53``), and a depth-1 table (the player's first card) applies to such shoes."""
    from odds.exact.plan import COUNT_LIMIT

    big = COUNT_LIMIT - 1
    cards = [3] * 52
    cards[4 * 9 + 2] = big  # a ten (value 0)
    cards[4 * 12 + 3] = big - 3  # a king (value 0)
    cards[4 * 6] = big  # a seven
    ranks = [sum(cards[4 * r : 4 * r + 4]) for r in range(13)]
    by_value = [sum(n for r, n in enumerate(ranks) if VALUE_OF_RANK[r] == v) for v in range(10)]
    assert by_value[0] > 2**54 and by_value[0] % 2  # (not a float64)
    factors = [("one",), ("value", 0, 0, 1), ("value", 7, 1, 1), ("card", 4 * 6, 1)]
    expected = [[1], [by_value[0]], [by_value[7] - 1], [big]]
    values = kernels.FactorValues(factors)
    assert values(np.array([cards])).tolist() == expected
    value_only = kernels.FactorValues(factors[:3])
    assert value_only(np.array([ranks])).tolist() == expected[:3]


def test_limbs_are_as_wide_as_a_block_s_mass_allows_and_no_wider():
    """A block of mass ``2**40 - 1`` (two weights of the largest size ``MAX_WEIGHT`` admits, on the
    float side) summed on limbs: 13 bits, whose products with the block stay below ``2**53``; a
    limb of 14 bits whose bits are all ones would give an odd sum past ``2**53``, which float64
    rounds. Counts of 21 bits: two limbs each, the top one partial; against Python integers."""
    w0, w1 = 2**39, 2**39 - 1
    terms = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1]])
    kernel = kernels.FactoredSum.build(
        terms, [np.arange(2)] * 3, np.array([[w0], [w1], [1]]), 1, w0 + w1, force=([2], False)
    )
    assert kernel.first.atoms == (0, 1) and [block.mass for block in kernel.blocks] == [2**40 - 1, 1]
    counts = [2**21 - 1, 2**21 - 3, 5]
    assert kernel.applies(sum(counts))
    sigs = [np.array([[1], [c]], dtype=np.int64) for c in counts]
    got = kernel.sums([s.astype(np.float64) for s in sigs], sigs)
    assert kernel.stats["limb_blocks"] == 1
    assert got.tolist() == [[w0 * counts[0] + w1 * counts[1] + counts[2]]]


def test_the_float_bound_is_an_upper_bound_at_2_53_and_belongs_to_its_own_rows():
    """``T = c_0 + c_1`` on the float side: at ``2**53 + 1`` (odd, not a float64) the bound sends
    the block to limbs - a bound taken below the true sum would round it to ``2**53`` -; and a
    bound kept for one chunk's peaks is not read for another's (small rows first, then the large
    ones, in one kernel). The kernel's stats count each pass that took limbs or cast its floats."""
    terms = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1]])
    kernel = kernels.FactoredSum.build(
        terms, [np.arange(2)] * 3, np.ones((3, 1), dtype=np.int64), 1, 1, force=([2], False)
    )
    assert kernel.first.atoms == (0, 1)

    def sums(rows):
        sigs = [np.array([[1] * len(rows), [row[g] for row in rows]], dtype=np.int64) for g in range(3)]
        return kernel.sums([s.astype(np.float64) for s in sigs], sigs)[0].tolist()

    small, large = [[3, 4, 5], [0, 9, 1]], [[2**52 + 1, 2**52, 5], [2**52 - 1, 2**52, 4], [7, 1, 2]]
    assert sums(small) == [12, 10]
    assert kernel.stats == {}  # (floats read from their bits)
    for passes in (1, 2):  # (the stats count the passes that took limbs, and casts)
        assert sums(large) == [2**53 + 6, 2**53 + 3, 10]
        assert kernel.stats == {"limb_blocks": passes, "cast_passes": passes}


def test_integer_relations_are_checked_in_python_integers():
    """A column that is ``A c_0 + B c_1 + 1`` with ``A, B`` near ``2**30`` and counts near ``2**23``
    (entries past ``2**53``) is derived; the same column with one entry one more is not - in
    float64 the two are one number, and the check must see the difference."""
    a, b = 2**30 + 3, 2**30 - 5
    c0 = np.array([1, 0, 3, 5, 7, 2**23 + 1], dtype=np.int64)
    c1 = np.array([0, 1, 2, 9, 4, 2**23 - 7], dtype=np.int64)
    every = np.ones(6, dtype=np.int64)
    column = a * c0 + b * c1 + 1
    assert int(column[5]) > 2**53 and float(column[5]) == float(column[5] + 1)
    assert kernels._integer_relations(np.column_stack([c0, c1, column]), every) == ([0, 1], ((2, (a, b), 1),))
    column[5] += 1
    assert kernels._integer_relations(np.column_stack([c0, c1, column]), every) == ([0, 1, 2], ())


def test_a_summed_column_outside_the_fit_has_no_part_in_a_relation():
    """``c_1 = c_0 / 2`` is in the span of the columns before it but no integer combination: it is
    summed, and left out of the later fits; ``c_2 = c_0 + 3`` is then derived from ``c_0`` alone,
    its coefficient on ``c_1`` the integer 0 (``CompiledSum.sums`` adds ``a * S_i`` for each)."""
    c0 = np.array([2, 0, 2, 0, 4], dtype=np.int64)
    q = np.column_stack([c0, c0 // 2, c0 + 3])
    assert kernels._integer_relations(q, np.ones(5, dtype=np.int64)) == ([0, 1], ((2, (1, 0), 3),))


def test_a_relation_with_a_coefficient_of_any_size_is_derived():
    """An exact relation is kept whatever its coefficients' size: ``c_1 = 2**40 c_0 + 3`` (the
    fit's columns are orthogonal, so the float fit is exact) is derived, not summed; its
    coefficients are applied modulo ``2**64`` (next test)."""
    c0 = np.array([0, 1, 0, 2], dtype=np.int64)
    every = np.array([1, 0, 1, 0], dtype=np.int64)
    q = np.column_stack([c0, 2**40 * c0 + 3 * every])
    assert kernels._integer_relations(q, every) == ([0], ((1, (2**40,), 3),))


def test_a_derived_columns_coefficients_count_modulo_2_64():
    """The tie-like column ``3 c_0 - 2 c_1 + 5`` of a compiled table is derived; the same relation
    with each coefficient moved by a multiple of ``2**64`` (past int64 either way) gives the same
    sums, on rows up to the largest shoe the int64 bound admits: int64 arithmetic is modulo
    ``2**64``, and so are the coefficients it is given. A row of three cards deals no round:
    every sum is 0, the derived column's ``5 (N)_6`` too."""
    import dataclasses

    from test_factored import drawing, evaluator, largest_applicable

    _, compiled, _, _ = drawing(evaluator())
    rng = np.random.default_rng(7)
    base = rng.integers(-1, 2, size=(len(compiled.states), 2))
    columns = np.column_stack([base, 3 * base[:, 0] - 2 * base[:, 1] + 5])
    kernel = kernels.compiled_sum(compiled, compiled.fold(columns.astype(object)), [16] + [4] * 9)
    assert kernel.derived == ((2, (3, -2), 5),)
    top = largest_applicable(kernel.kernel)
    rows = np.array([[128] + [32] * 9, [top - 9 * 40] + [40] * 9, [40] * 9 + [top - 9 * 40], [1, 1, 1] + [0] * 7])
    moved = dataclasses.replace(kernel, derived=((2, (3 + 2**64, -2 - 5 * 2**64), 5 + 2**70),))
    assert kernel.kernel.applies(int(rows.sum(axis=1).max()))
    expected = kernel.sums(rows)
    q = compiled.fold(columns.astype(object)).digit_q.tolist()
    for row, got in zip(rows.tolist()[:-1], expected.T.tolist()):
        weights = compiled.multiset_weights(row)
        assert got == [sum(w * r[d] for w, r in zip(weights, q) if w) for d in range(3)]
    assert math.perm(3, 6) == 0 and expected[:, -1].tolist() == [0, 0, 0]  # (multiset_weights refuses it)
    assert moved.sums(rows).tolist() == expected.tolist()


# -- the run at 922edfa ------------------------------------------------------------------------------


def symmetric_pair_sum(sig_types, weights=((1,), (2,), (2,))):
    """``W[one, one] c_0 c_1 + W[two] ((c_0)_2 + (c_1)_2)`` on two atoms, signature 1 a card of
    the atom and signature 2 two of them, with the types given (signature 0: the empty one)."""
    return kernels.SymmetricSum.build(
        np.array([[1, 1], [2, 0], [0, 2]]), [np.array([0, 1, 2])] * 2, sig_types, np.array(weights), 2, 2
    )


def test_both_builds_refuse_weights_that_are_not_one_row_per_term():
    """Three terms and two or four rows of weights: no kernel of either kind (a row short would
    be read past the end, a row more summed with no term)."""
    sigs = np.array([[1, 1], [2, 0], [0, 2]])
    sizes = [np.array([0, 1, 2])] * 2
    types = [[None, "one", "two"]] * 2
    for rows in (2, 4):
        weights = np.ones((rows, 1), dtype=np.int64)
        assert kernels.SymmetricSum.build(sigs, sizes, types, weights, 2, 1) is None, rows
        assert kernels.FactoredSum.build(sigs, sizes, weights, 2, 1) is None, rows
    assert kernels.SymmetricSum.build(sigs, sizes, types, np.ones((3, 1), dtype=np.int64), 2, 1) is not None


def test_a_symmetric_build_takes_types_as_any_hashables():
    """Types are any hashable values, not necessarily comparable with each other (a string and a
    tuple here): the build numbers them all the same, and sums
    ``c_0 c_1 + 2 (c_0)_2 + 2 (c_1)_2`` as Python integers do."""
    kernel = symmetric_pair_sum([[None, "one", ("two",)]] * 2)
    counts = [3, 5]
    values = [np.array([[1], [c], [c * (c - 1)]], dtype=np.int64) for c in counts]
    expected = counts[0] * counts[1] + 2 * math.perm(counts[0], 2) + 2 * math.perm(counts[1], 2)
    assert kernel.sums(None, values).tolist() == [[expected]]


def test_a_symmetric_build_refuses_a_type_of_two_sizes():
    """A type of one card on the first atom and of two on the second is not one type: the atoms
    are not interchangeable (and a term's cards, which the int64 bound counts, would depend on the
    atom), so no symmetric kernel."""
    sizes = [np.array([0, 1, 2]), np.array([0, 2, 1])]
    types = [[None, "a", "b"], [None, "a", "b"]]  # "a": 1 card on atom 0, 2 on atom 1
    terms = np.array([[1, 0], [0, 1], [2, 2]])  # "a" on either atom; "b" on both
    assert kernels.SymmetricSum.build(terms, sizes, types, np.array([[1], [1], [1]]), 2, 1) is None
    fixed = [np.array([0, 1, 2])] * 2
    assert kernels.SymmetricSum.build(np.array([[1, 1], [2, 0], [0, 2]]), fixed, types, np.ones((3, 1)), 2, 1)


def test_sub_multisets_are_every_tuple_up_to_the_multiplicities():
    """``_sub_multisets(m)`` is the product of ``range(m_i + 1)`` (itertools), each tuple once:
    the states of :func:`kernels._expansion` are exactly the targets' sub-multisets."""
    import itertools

    for multiplicities in ([], [0], [2], [1, 0, 3], [2, 2]):
        expected = list(itertools.product(*(range(m + 1) for m in multiplicities)))
        assert sorted(kernels._sub_multisets(multiplicities)) == expected, multiplicities
    number, _ = kernels._expansion([(0, 0, 1)], 3, [0, 1])
    assert sorted(number) == [(), (0,), (0, 0), (0, 0, 1), (0, 1), (1,)]


def test_each_positional_factor_covers_the_cards_of_its_falling_factorial():
    """The positions a factor covers (PositionalTable's definitions): ``(c_k)_m`` for a card,
    ``(c_r - finer)_m`` for a rank, a value or a group, ``prod_s (c_(r,s))_(m_s)`` summed over
    suit multisets of a shape (its sum of ``m_s``); the constant factor and the rest none."""
    cases = [
        (("card", 17, 2), 2),
        (("shape", 3, (2, 1, 1)), 4),
        (("rank", 12, 1, 3), 3),
        (("value", 0, 2, 1), 1),
        (("group", 9 * 16 + 3, 0, 2), 2),
        (("one",), 0),
        (("rest", 4), 0),
    ]
    for factor, cards in cases:
        assert kernels._factor_cards(factor) == cards, factor


VALUE_AND_SUIT_BETS = """game = "baccarat"
extends = "seed"

[bets.red-zero]
outcomes = [
  { key = "win", when = 'player_value1 == 0 and player_suit1 in ("h", "d")', pays = 5 },
  { key = "other", pays = -1 },
]

[bets.red-ace]
outcomes = [
  { key = "win", when = 'banker_rank1 == 1 and banker_suit1 in ("h", "d")', pays = 11 },
  { key = "other", pays = -1 },
]

[bets.seven-red-ace]
outcomes = [
  { key = "win", when = 'player_value1 == 7 and banker_rank1 == 1 and banker_suit1 in ("h", "d")', pays = 40 },
  { key = "other", pays = -1 },
]
"""


def factor_cards(factor) -> set[int]:
    """The card kinds (``4 * rank index + suit``) a positional factor counts, from the definitions
    of PositionalTable and positional.py's group ids (``base * 16 + suit mask``; base 1 + v: value
    v, 11 + r: rank index r)."""
    kind = factor[0]
    if kind == "card":
        return {factor[1]}
    if kind in ("rank", "shape"):
        return {4 * factor[1] + s for s in range(4)}
    if kind == "value":
        return {4 * r + s for r in range(13) if VALUE_OF_RANK[r] == factor[1] for s in range(4)}
    assert kind == "group", factor
    base, mask = divmod(factor[1], 16)
    ranks = [r for r in range(13) if VALUE_OF_RANK[r] == base - 1] if base < 11 else [base - 11]
    return {4 * r + s for r in ranks for s in range(4) if mask >> s & 1}


def test_each_atom_of_a_positional_kernel_holds_the_factors_of_its_own_cards(tmp_path):
    """A positional table's atoms are the 10 baccarat values when some factor reads a value (a
    value, or a value with some suits), else the 13 ranks; each atom's signatures multiply only
    factors of its own cards - so a part over distinct atoms counts distinct cards, which the
    kernels' int64 bound counts on. Bets on a value with some suits, an ace with some suits, and
    a value and an ace with some suits: each takes a factored kernel, every factor on its atom,
    and their sums equal the plain path's (no kernels)."""
    from test_factored import GAME, groups

    from odds.depletion.evaluator import Evaluator
    from odds.paytable import load_paytable

    path = tmp_path / "value-suits.toml"
    path.write_text(VALUE_AND_SUIT_BETS)
    paytable = load_paytable(GAME, str(path))
    bets = ["red-zero", "red-ace", "seven-red-ace"]
    evaluator = Evaluator(GAME, paytable, bets)
    reads_values = {"red-zero": True, "red-ace": False, "seven-red-ace": True}
    seen = []
    for group, table, kernel in groups(evaluator):
        (bet,) = group
        seen.append(bet)
        assert isinstance(kernel.kernel, kernels.FactoredSum), bet
        by_value = reads_values[bet]
        assert len(kernel.signatures) == (10 if by_value else 13), bet
        for atom, signatures in enumerate(kernel.signatures):
            ranks = [r for r in range(13) if VALUE_OF_RANK[r] == atom] if by_value else [atom]
            own = {4 * r + s for r in ranks for s in range(4)}
            for f in set(signatures.ravel().tolist()) - {kernel.one}:
                assert factor_cards(table.factors[f]) <= own, (bet, atom, table.factors[f])
    assert sorted(seen) == sorted(bets)
    rows = np.random.default_rng(5).integers(0, 9, size=(4, 52))
    rows[:, 0] += 6
    fast, plain = evaluator.numerators(rows), Evaluator(GAME, paytable, bets, fast=False).numerators(rows)
    for bet in bets:
        assert [x.tolist() for x in fast[bet]] == [x.tolist() for x in plain[bet]], bet


def test_group_factors_sum_their_cards_in_int64():
    """A group's count (a value or a rank with some suits) is the sum of its cards' counts, in
    int64: red tens, jacks, queens and kings with two of them near the plan's ``COUNT_LIMIT``
    (``2**56``) add up past float64's exact integers, and a depth-1 table (the player's first
    card) applies to such shoes. Against Python integers, the group's cards decoded from its id."""
    from odds.exact.plan import COUNT_LIMIT

    red_zero = ("group", (1 + 0) * 16 + 0b0110, 0, 1)  # value 0, hearts and diamonds
    red_ace_less_one = ("group", (11 + 0) * 16 + 0b0110, 1, 1)  # the red aces, one taken
    cards = [3] * 52
    cards[4 * 9 + 1] = COUNT_LIMIT - 1  # the ten of hearts
    cards[4 * 12 + 2] = COUNT_LIMIT - 3  # the king of diamonds
    cards[1] = COUNT_LIMIT - 5  # the ace of hearts
    expected = [
        sum(cards[k] for k in factor_cards(red_zero)),
        sum(cards[k] for k in factor_cards(red_ace_less_one)) - 1,
    ]
    assert all(x > 2**54 and float(x) != x for x in expected)
    values = kernels.FactorValues([("one",), red_zero, red_ace_less_one])
    assert values(np.array([cards])).tolist() == [[1], [expected[0]], [expected[1]]]


def test_expansion_moves_are_those_that_can_still_reach_a_target():
    """:func:`kernels._expansion` keeps a move into a multiset at a slot exactly when the
    multiset lies inside some target that the slots left can still complete (the targets' sizes
    less its own at most the slots after this one) - checked against that rule written out with
    Counters, on targets of 1 to 3 kinds over 2 to 4 slots; the states are the targets'
    sub-multisets (itertools), each once."""
    import itertools
    from collections import Counter

    def inside(part, target):
        return not Counter(part) - Counter(target)

    for targets, slots in (([(1, 1)], 2), ([(0, 0, 1), (2,)], 3), ([(0, 1), (1, 1, 2)], 4), ([(0,)], 3)):
        number, steps = kernels._expansion(targets, slots, [0, 1, 2])
        subs = {tuple(sorted(c)) for t in targets for r in range(len(t) + 1) for c in itertools.combinations(t, r)}
        assert set(number) == subs, targets
        state_of = {i: st for st, i in number.items()}
        for slot, moves in enumerate(steps):
            got = {(kind, state_of[a], state_of[b]) for kind, a, b in moves}
            expected = {
                (kind, part, tuple(sorted(part + (kind,))))
                for part in number
                if len(part) <= slot
                for kind in (0, 1, 2)
                if any(inside(part + (kind,), t) and len(t) - len(part) - 1 <= slots - 1 - slot for t in targets)
            }
            assert got == expected, (targets, slot)


def test_both_kernels_sum_no_rows_to_an_empty_int64_array():
    """No rows (an empty batch): ``S`` is ``(width, 0)`` int64, as for any other batch - a float64
    empty array would turn whatever it is joined to into floats."""
    for kernel in two_atom_kernels(2, [1, 2, 1], 2):
        sigs = [np.zeros((3, 0), dtype=np.int64)] * 2
        got = kernel.sums([s.astype(np.float64) for s in sigs], sigs)
        assert got.shape == (1, 0) and got.dtype == np.int64, type(kernel).__name__


# -- the run at 922edfa, listed after 14:10 ----------------------------------------------------------


def test_a_side_counts_the_parts_it_builds_per_row():
    """``elements`` is the parts a side builds per row (the evaluator sizes its passes by it):
    a tree side one per distinct prefix of its parts, an outer side its two tree sides' and every
    pair of a left and a right part whose sizes add up to one of the sizes asked - counted here
    with sets and itertools."""
    import itertools

    rng = np.random.default_rng(3)
    sig_sizes = [np.array([0, 1, 2, 1]), np.array([0, 1, 2]), np.array([0, 1, 1, 2]), np.array([0, 2, 1])]
    term_sigs = np.unique(rng.integers(0, 3, size=(40, 4)), axis=0)

    def prefixes(atoms):
        rows = {tuple(int(term_sigs[t, g]) for g in atoms) for t in range(len(term_sigs))}
        return rows, sum(len({row[:k] for row in rows}) for k in range(1, len(atoms) + 1))

    def size(atoms, part):
        return sum(int(sig_sizes[g][s]) for g, s in zip(atoms, part))

    left_parts, left_elements = prefixes([0, 1])
    right_parts, right_elements = prefixes([2, 3])
    left = kernels._TreeSide([0, 1], term_sigs[:, [0, 1]], sig_sizes)
    right = kernels._TreeSide([2, 3], term_sigs[:, [2, 3]], sig_sizes)
    assert (left.elements, right.elements) == (left_elements, right_elements) and left_elements > len(left_parts)
    for sizes in ([2, 3, 4], [0, 5], [6]):
        pairs = sum(size([0, 1], a) + size([2, 3], b) in sizes for a, b in itertools.product(left_parts, right_parts))
        outer = kernels._OuterSide(left, right, sizes)
        assert outer.elements == left_elements + right_elements + pairs, sizes


def test_a_block_of_mass_2_46_is_refused_and_one_less_summed_on_7_bit_limbs():
    """A block's mass (the largest sum of ``|M|`` over the first side's parts) must be below
    ``MAX_MASS = 2**46``: 64 weights of ``2**40 - 1`` and one of 64 on one second-side part make
    it exactly ``2**46`` - no kernel -, one of 63 instead ``2**46 - 1``, summed on limbs of
    ``53 - 46 = 7`` bits (values up to ``2**10``: the float bound fails) as Python integers do."""
    n = 65
    terms = np.array([[j, 0] for j in range(1, n + 1)] + [[0, 1]])
    sizes = [np.array([0] + [1] * n), np.array([0, 1])]
    for last, refused in ((64, True), (63, False)):
        w = [2**40 - 1] * 64 + [last, 5]
        kernel = kernels.FactoredSum.build(terms, sizes, np.array([[x] for x in w]), 1, 1, force=([1], False))
        assert (kernel is None) == refused, last
    assert sum(w[:n]) == kernels.MAX_MASS - 1 and kernel.blocks[0].mass == kernels.MAX_MASS - 1
    rows = [[2**10 - j for j in range(n)], [3 * j + 1 for j in range(n)]]
    counts = [7, 2**20]
    sigs = [
        np.array([[1, 1]] + [[a, b] for a, b in zip(*rows)], dtype=np.int64),
        np.array([[1, 1], counts], dtype=np.int64),
    ]
    got = kernel.sums([s.astype(np.float64) for s in sigs], sigs)
    assert kernel.stats["limb_blocks"] == 1
    expected = [sum(x * v for x, v in zip(w, row)) + 5 * c for row, c in zip(rows, counts)]
    assert got.tolist() == [expected]


def test_every_split_and_both_forms_of_the_float_side_sum_alike():
    """FactoredSum's planner only chooses among exact plans: every choice of the int64 side's
    atoms, with the float side as a tree of gathers or as outer products of two halves, gives
    ``sum_t W[t] * prod_g v_g(s_t(g))`` as Python integers compute it term by term (four atoms
    of signatures holding 0, 1 or 2 cards, every term of 3 cards; random values and weights)."""
    rng = random.Random(26)
    atoms, depth = 4, 3
    sizes = [np.array([0, 1, 1, 2])] * atoms  # signature 0: no card, value 1
    terms = [t for t in itertools.product(range(4), repeat=atoms) if sum(int(sizes[0][s]) for s in t) == depth]
    weights = [[rng.randint(-50, 50), rng.randint(0, 9)] for _ in terms]
    rows = 5
    values = [[[1] * rows] + [[rng.randint(0, 40) for _ in range(rows)] for _ in range(3)] for _ in range(atoms)]
    expected = [
        [
            sum(w[c] * prod(values[g][s][r] for g, s in enumerate(t)) for t, w in zip(terms, weights))
            for r in range(rows)
        ]
        for c in range(2)
    ]
    sigs = [np.array(v, dtype=np.int64) for v in values]
    forms = set()
    for k in range(1, atoms):
        for second in itertools.combinations(range(atoms), k):
            for outer in (False, True):
                kernel = kernels.FactoredSum.build(
                    np.array(terms), sizes, np.array(weights), depth, 50, force=(list(second), outer)
                )
                assert kernel.second.atoms == second
                forms.add((k, type(kernel.first).__name__))
                got = kernel.sums([s.astype(np.float64) for s in sigs], sigs)
                assert got.tolist() == expected, (second, outer)
    assert forms == {(1, "_TreeSide"), (1, "_OuterSide"), (2, "_TreeSide"), (2, "_OuterSide"), (3, "_TreeSide")}


def test_unique_rows_of_no_rows_or_no_columns():
    """Distinct rows by their definition: none of no rows (the width kept), one empty row of
    rows without columns."""
    for rows, shape in (((0, 3), (0, 3)), ((3, 0), (1, 0))):
        got = kernels._unique_rows(np.zeros(rows, dtype=np.int64))
        assert got.shape == shape and got.dtype == np.int64


def test_lookup_of_a_row_missing_from_its_table_is_an_assertion_word_for_word():
    """A term's part missing from its side (a bug, never a user's input) is caught, wherever it
    would sort: between the table's rows or past the last."""
    table = np.array([[0, 0], [1, 1], [0, 2]])
    assert kernels._lookup(table, np.array([[0, 2], [0, 0], [1, 1]])).tolist() == [2, 0, 1]
    for missing in ([0, 1], [2, 0]):
        with pytest.raises(AssertionError) as caught:
            kernels._lookup(table, np.array([[1, 1], missing]))
        assert str(caught.value) == "a term's part is missing from its side"
