"""The factored kernels (odds/exact/kernels.py) against Python integers, across every bound
their proof relies on.

Each kernel computes ``S[r, d] = sum_t W[t, d] prod_g v_g(r, s_t(g))`` with float64 matrix
products where a bound proves them exact, limbs of at most ``53 - log2(mass)`` bits where it does
not, and int64 ring arithmetic elsewhere; it applies only while ``column_bound * (N)_D < 2**63``.
Every test below compares its sums with an independent computation in Python integers (the
multiset weights of the compiled table; the positional terms' factor values), on compositions
drawn on both sides of each bound: small shoes, eight decks, one kind piled up until the float
products stop being exact (limbs), and the largest shoe the int64 bound admits (one card more and
the kernel refuses: the evaluator's fallback takes it). The examples are derandomised.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from odds.exact.intmath import falling
from odds.depletion.evaluator import Evaluator
from odds.exact.plan import rank_counts
from odds.exact import kernels
from odds.exact.positional import _factor_values
from odds.games import get_game
from odds.paytable import load_paytable
from odds.shoe import Shoe

EXAMPLES = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

GAME = get_game("baccarat")
PAYTABLE = load_paytable(GAME)
INT64_MAX = 2**63 - 1


def groups(evaluator: Evaluator) -> list:
    """``(bets, table, kernel)`` of each positional group of the evaluator's plan."""
    return [(bets, table, kernel) for bets, table, _, kernel in evaluator.plan._card_groups]


def drawing(evaluator: Evaluator):
    """``(bets, state table, folded pay columns, kernel)`` of the plan's drawing bets."""
    return evaluator.plan._drawing


def factored_groups(evaluator: Evaluator) -> list:
    """The evaluator's positional groups with :class:`FactoredSum` kernels (the shipped pair bets
    take :class:`SymmetricSum`: ranks are interchangeable in them; the factored kernel is what any
    other bet on single cards takes, so it is tested on the same tables)."""
    out = []
    for group, table, matrix, _ in evaluator.plan._card_groups:
        out.append((group, table, kernels.positional_sum(table, matrix, symmetric=False)))
    return out


# Built on first use, not when the file is collected: a plan built at import time would make
# every function it runs an import-time function for the mutation runs (tests/mutation.py), whose
# mutants then each need a fresh interpreter. (The mutation runs' coverage pass clears these
# caches before each test, so each test that reads them is credited with building them.)
@functools.cache
def evaluator() -> Evaluator:
    """The shipped baccarat bets' evaluator (fast kernels)."""
    return Evaluator(GAME, PAYTABLE, list(GAME.bets))


@functools.cache
def fallback() -> Evaluator:
    """The same bets' evaluator without the fast kernels."""
    return Evaluator(GAME, PAYTABLE, list(GAME.bets), fast=False)


@functools.cache
def factored() -> list:
    """:func:`factored_groups` of :func:`evaluator`."""
    return factored_groups(evaluator())


def all_groups() -> list:
    return groups(evaluator()) + factored()


# -- independent references in Python integers ----------------------------------------------------


def compiled_reference(values_row) -> list[int]:
    """The folded digit columns' sums for one row of 10 value counts: every multiset's exact
    weight (CompiledDeal.multiset_weights, Python integers) times its row of Q."""
    _, compiled, folded, _ = drawing(evaluator())
    weights = compiled.multiset_weights([int(x) for x in values_row])
    q = folded.digit_q.tolist()
    return [sum(w * row[d] for w, row in zip(weights, q) if w) for d in range(folded.digit_width)]


def positional_reference(group, table, cards_row) -> list[int]:
    """``sum_t (ways[t] @ columns) * prod of the term's factors`` over the positions every term
    reads (the unread positions' factor left out, as the kernel does), in Python integers; the
    last outcome takes the deals the terms do not count (``(N)_depth`` less the others)."""
    shoe = Shoe.from_card_counts([int(x) for x in cards_row])
    values = _factor_values(table.factors, table.positions, shoe)
    columns = [evaluator().plan._integer_column(b) for b in group]
    out = [column[-1] * falling(shoe.total, table.depth) for column in columns]
    columns = [[c - column[-1] for c in column] for column in columns]
    for term, ways in zip(table.terms.tolist(), table.ways.tolist()):
        w = 1
        for f in term:
            if table.factors[f][0] != "rest":
                w *= values[f]
        if w:
            for j, column in enumerate(columns):
                out[j] += w * sum(n * c for n, c in zip(ways, column))
    return out


def kernel_sums(kernel, counts, stat: str = "limb_blocks") -> tuple[list[list[int]], int]:
    """The kernel's sums (rows, columns) as Python ints, and how many blocks took limbs (or
    how often ``stat`` was counted: ``cast_passes``, passes that cast T rather than read its bits)."""
    before = kernel.kernel.stats.get(stat, 0)  # (a SymmetricSum has none: int64 only)
    sums = kernel.sums(np.asarray(counts, dtype=np.int64))
    return sums.T.tolist(), kernel.kernel.stats.get(stat, 0) - before


def largest_shoe(depth: int, column_bound: int) -> int:
    """The most cards ``N`` with ``max(1, column_bound) * N (N - 1) ... (N - depth + 1) < 2**63``,
    by bisection on Python integers (independent of the kernels' ``applies`` and of
    :func:`odds.exact.intmath.falling`)."""
    lo, hi = depth, 2**64
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if max(1, column_bound) * math.perm(mid, depth) <= INT64_MAX else (lo, mid)
    return lo


def largest_applicable(kernel) -> int:
    """The largest shoe size ``N`` with ``column_bound * (N)_D < 2**63`` for ``kernel``."""
    return largest_shoe(kernel.depth, kernel.column_bound)


# -- strategies -----------------------------------------------------------------------------------

EIGHT_DECK_VALUES = [128] + [32] * 9


@st.composite
def value_rows(draw, kernel):
    """A row of 10 value counts: a small shoe, an eight-deck shoe part dealt, or one float-side
    kind piled up (up to the largest shoe the int64 bound admits)."""
    kind = draw(st.sampled_from(["small", "eight", "piled", "edge"]))
    if kind == "small":
        row = [draw(st.integers(0, 6)) for _ in range(10)]
        row[draw(st.integers(0, 9))] += 6  # at least the six cards a round may need
        return row
    if kind == "eight":
        return [c - draw(st.integers(0, c)) // draw(st.sampled_from([1, 4, 16])) for c in EIGHT_DECK_VALUES]
    top = largest_applicable(kernel)
    row = [draw(st.integers(0, 40)) for _ in range(10)]
    row[0] += 6
    heavy = draw(st.sampled_from(kernel.first.atoms))
    room = top - sum(row)
    row[heavy] += room if kind == "edge" else draw(st.integers(room // 4, room))
    return row


@st.composite
def card_rows(draw, kernel, by_value: bool):
    """A row of 52 card counts: small, eight decks part dealt, or the cards of one float-side atom
    piled up past where the float products stop being exact (within the int64 bound)."""
    kind = draw(st.sampled_from(["small", "eight", "piled", "edge"]))
    if kind == "small":
        return [draw(st.integers(0, 3)) for _ in range(52)]
    if kind == "eight":
        return [8 - draw(st.integers(0, 8)) // draw(st.sampled_from([1, 2, 8])) for _ in range(52)]
    row = [draw(st.integers(0, 30)) for _ in range(52)]
    atoms = kernel.first.atoms if isinstance(kernel, kernels.FactoredSum) else range(13)  # (symmetric: any rank)
    atom = draw(st.sampled_from(atoms))
    rank = (9 if atom == 0 else atom - 1) if by_value else atom  # a rank of that atom
    top = min(largest_applicable(kernel), 2**40)
    room = top - sum(row)
    extra = room if kind == "edge" else draw(st.integers(room // 2**20, room // 4))
    row[4 * rank + draw(st.integers(0, 3))] += extra
    return row


# -- the tests ------------------------------------------------------------------------------------


def test_the_shipped_bets_take_the_kernels():
    """Every baccarat bet of the default paytable has a kernel (else there is nothing to test):
    the bets on single cards the symmetric one (their ranks are interchangeable), and each of
    their tables a factored one too."""
    assert drawing(evaluator())[3] is not None
    assert all(isinstance(kernel.kernel, kernels.SymmetricSum) for _, _, kernel in groups(evaluator()))
    assert all(isinstance(kernel.kernel, kernels.FactoredSum) for _, _, kernel in factored())
    assert sorted(b for group, _, _ in groups(evaluator()) for b in group) == sorted(
        b for b, route in evaluator().plan.routes.items() if route == "cards"
    )


def test_bets_whose_ranks_differ_take_the_factored_kernel():
    """Dragon Tiger's big/small and odd/even read which rank a card is: not symmetric."""
    game = get_game("dragon-tiger")
    evaluator = Evaluator(game, load_paytable(game), ["dragon-big", "tiger-odd", "dragon", "tie"])
    kinds = {b: type(kernel.kernel).__name__ for group, _, kernel in groups(evaluator) for b in group}
    assert kinds == {
        "dragon-big": "FactoredSum",
        "tiger-odd": "FactoredSum",
        "dragon": "SymmetricSum",
        "tie": "SymmetricSum",
    }


@EXAMPLES
@given(st.data())
def test_compiled_kernel_equals_python_integers(data):
    kernel = drawing(evaluator())[3]
    rows = [data.draw(value_rows(kernel.kernel)) for _ in range(data.draw(st.integers(1, 4)))]
    assert kernel.kernel.applies(max(sum(r) for r in rows))
    got, _ = kernel_sums(kernel, rows)
    assert got == [compiled_reference(r) for r in rows]


@EXAMPLES
@given(st.data())
def test_positional_kernels_equal_python_integers(data):
    group, table, kernel = data.draw(st.sampled_from(all_groups()))
    by_value = any(f[0] == "value" for f in table.factors)
    rows = [data.draw(card_rows(kernel.kernel, by_value)) for _ in range(data.draw(st.integers(1, 3)))]
    assert kernel.kernel.applies(max(sum(r) for r in rows))
    counts = rows if table.needs_suits else rank_counts(np.array(rows)).tolist()
    got, _ = kernel_sums(kernel, counts)
    assert got == [positional_reference(group, table, r) for r in rows]


def piled_until_limbs(kernel, base_row, kind, reference, to_counts=lambda rows: rows, stat="limb_blocks"):
    """Pile cards on one kind until a block takes limbs (or ``stat`` is counted; bisection on
    the count); check the sums exactly on both sides of that point and return it."""

    def limbs(extra):
        row = list(base_row)
        row[kind] += extra
        got, used = kernel_sums(kernel, to_counts([row]), stat)
        assert got == [reference(row)], extra
        return used

    lo, hi = 0, 1
    while not limbs(hi):
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if limbs(mid) else (mid, hi)
    assert limbs(hi) and not limbs(lo)
    return hi


def test_compiled_kernel_exact_on_both_sides_of_the_float_bound():
    """One value piled up: the last count summed in float64 products and the first on limbs give
    the Python integers' sums; eight decks stay on the float path."""
    kernel = drawing(evaluator())[3]
    assert kernel_sums(kernel, [EIGHT_DECK_VALUES])[1] == 0
    heavy = kernel.kernel.first.atoms[0]
    extra = piled_until_limbs(kernel, EIGHT_DECK_VALUES, heavy, compiled_reference)
    assert kernel.kernel.applies(sum(EIGHT_DECK_VALUES) + extra)  # inside the int64 bound: limbs, not the fallback


def test_compiled_kernel_exact_on_both_sides_of_the_bits_bound():
    """T read from its float bits (every float block's bound below 2**51) or cast: one value
    piled up until the cast is taken, the Python integers' sums on both sides; eight decks read
    the bits, and the cast comes before any limbs."""
    kernel = drawing(evaluator())[3]
    assert kernel_sums(kernel, [EIGHT_DECK_VALUES], "cast_passes")[1] == 0
    heavy = kernel.kernel.first.atoms[0]
    cast = piled_until_limbs(kernel, EIGHT_DECK_VALUES, heavy, compiled_reference, stat="cast_passes")
    limbs = piled_until_limbs(kernel, EIGHT_DECK_VALUES, heavy, compiled_reference)
    assert 0 < cast < limbs


@pytest.mark.parametrize("index", range(4))
def test_positional_kernels_exact_on_both_sides_of_the_float_bound(index):
    group, table, kernel = factored()[index]
    by_value = any(f[0] == "value" for f in table.factors)
    atom = kernel.kernel.first.atoms[0]
    rank = (9 if atom == 0 else atom - 1) if by_value else atom
    base = [8] * 52

    def to_counts(rows):
        return rows if table.needs_suits else rank_counts(np.array(rows)).tolist()

    extra = piled_until_limbs(kernel, base, 4 * rank, lambda r: positional_reference(group, table, r), to_counts)
    assert kernel.kernel.applies(sum(base) + extra)


def test_int64_bound_is_where_the_kernels_stop():
    """At the largest shoe the int64 bound admits the kernels are exact (limbs); one card more and
    they refuse, so the evaluator takes the fallback (batch_linear / batch_dot, any size)."""
    kernel = drawing(evaluator())[3]
    top = largest_applicable(kernel.kernel)
    assert kernel.kernel.applies(top) and not kernel.kernel.applies(top + 1)
    row = [6] + [0] * 9
    row[kernel.kernel.first.atoms[-1]] = top - 6
    assert kernel_sums(kernel, [row])[0] == [compiled_reference(row)]
    for group, table, kernel in all_groups():
        top = largest_applicable(kernel.kernel)
        assert kernel.kernel.applies(top) and not kernel.kernel.applies(top + 1), group
        if isinstance(kernel.kernel, kernels.SymmetricSum):  # exact at the edge: one rank piled up
            row = [2] * 52
            row[4 * 7 + 1] += top - sum(row)
            counts = [row] if table.needs_suits else rank_counts(np.array([row])).tolist()
            assert kernel_sums(kernel, counts)[0] == [positional_reference(group, table, row)], group


"""The same evaluator on the old paths only (CompiledDeal.batch_linear, PositionalTable.batch_dot)."""


@EXAMPLES
@given(st.data())
def test_evaluator_numerators_equal_the_old_paths(data):
    """Every bet's exact (num, den) through the kernels equals the old paths', on small shoes,
    eight decks and 80 decks (past the compiled kernel's int64 bound: its fallback)."""
    decks = data.draw(st.sampled_from([1, 8, 80]))
    full = np.array(Shoe.decks(decks).card_counts())
    rows = []
    for _ in range(data.draw(st.integers(1, 3))):
        taken = np.array([data.draw(st.integers(0, int(c))) // data.draw(st.sampled_from([1, 3, 50])) for c in full])
        row = full - taken
        if row.sum() < 6:
            row[0] += 6
        rows.append(row)
    rows = np.array(rows)
    if decks == 80:
        assert not drawing(evaluator())[3].kernel.applies(int(rows.sum(axis=1).max()))
    new, old = evaluator().numerators(rows), fallback().numerators(rows)
    for bet in GAME.bets:
        assert [int(x) for x in new[bet][0].tolist()] == [int(x) for x in old[bet][0].tolist()], bet
        assert [int(x) for x in new[bet][1].tolist()] == [int(x) for x in old[bet][1].tolist()], bet


def test_kernel_build_refuses_what_its_proof_does_not_cover():
    """Weights at MAX_WEIGHT, or a block whose row mass leaves no limb width: no kernel (fallback)."""
    sigs = np.array([[1, 1], [2, 0], [0, 2]])
    sizes = [np.array([0, 1, 2])] * 2
    ok = kernels.FactoredSum.build(sigs, sizes, np.array([[1], [2], [3]]), 2, 3)
    assert ok is not None
    assert kernels.FactoredSum.build(sigs, sizes, np.array([[kernels.MAX_WEIGHT], [1], [1]]), 2, 3) is None
    assert kernels.FactoredSum.build(sigs, sizes, np.array([[1], [1], [1]]), 3, 3) is None  # not all of depth 3


def test_symmetric_build_refuses_what_is_not_symmetric():
    """Unequal weights in one multiset of types, a placement missing, or a type missing on an
    atom: no symmetric kernel (the factored one takes the table)."""
    sigs = np.array([[1, 1], [2, 0], [0, 2]])
    sizes = [np.array([0, 1, 2])] * 2
    types = [[None, "one", "two"]] * 2
    assert kernels.SymmetricSum.build(sigs, sizes, types, np.array([[1], [2], [2]]), 2, 2) is not None
    assert kernels.SymmetricSum.build(sigs, sizes, types, np.array([[1], [2], [3]]), 2, 3) is None
    assert kernels.SymmetricSum.build(sigs[:2], sizes, types, np.array([[1], [2]]), 2, 2) is None
    assert (
        kernels.SymmetricSum.build(
            sigs, sizes, [[None, "one", "two"], [None, "one", "deux"]], np.array([[1], [2], [2]]), 2, 2
        )
        is None
    )


@EXAMPLES
@given(st.data())
def test_symmetric_kernel_equals_the_factored_one_on_random_symmetric_sums(data):
    """Random weights per multiset of types, spread over every placement on 2 to 5 atoms: the
    symmetric kernel's sums equal the factored kernel's and Python integers', values up to the
    int64 edge (wrapping intermediates)."""
    import itertools

    n_atoms = data.draw(st.integers(2, 5))
    depth = data.draw(st.integers(1, 3))
    # types: 0 = none, 1 = one card, 2 = two cards, 3 = a second kind of one card
    type_sizes = [0, 1, 2, 1]
    taus = [
        tau
        for k in range(1, depth + 1)
        for tau in itertools.combinations_with_replacement([1, 2, 3], k)
        if sum(type_sizes[t] for t in tau) == depth
    ]
    weight_of = {tau: data.draw(st.integers(-50, 50)) for tau in taus}
    terms, weights = [], []
    for tau in taus:
        for atoms in itertools.permutations(range(n_atoms), len(tau)):
            row = [0] * n_atoms
            for atom, t in zip(atoms, tau):
                row[atom] = t
            if row not in terms:
                terms.append(row)
                weights.append([weight_of[tau]])
    sizes = [np.array(type_sizes)] * n_atoms
    types = [[None, "a", "b", "c"]] * n_atoms
    bound = max(abs(w[0]) for w in weights)
    symmetric = kernels.SymmetricSum.build(np.array(terms), sizes, types, np.array(weights), depth, bound)
    plain = kernels.FactoredSum.build(np.array(terms), sizes, np.array(weights), depth, bound)
    if not any(w[0] for w in weights):
        assert symmetric is None
        return
    counts = [data.draw(st.integers(0, 2**20)) for _ in range(n_atoms)]
    top = (max(1, bound) * falling(sum(counts), depth)) <= INT64_MAX
    values = [[1, c, c * (c - 1), 3 * c] for c in counts]  # value of each type on each atom
    expected = sum(
        w[0] * np.prod([values[g][t] for g, t in enumerate(row)], dtype=object) for row, w in zip(terms, weights)
    )
    int_sigs = [np.array([[v] for v in vs], dtype=np.int64) for vs in values]
    got = int(symmetric.sums(None, int_sigs)[0, 0])
    if top and abs(expected) <= INT64_MAX:
        assert got == expected
        float_sigs = [s.astype(np.float64) for s in int_sigs]
        assert int(plain.sums(float_sigs, int_sigs)[0, 0]) == expected
    assert (got - expected) % 2**64 == 0  # int64 is the ring modulo 2**64, whatever the size


USER_CARD_BETS = """game = "baccarat"
extends = "seed"

[bets.value-match]
outcomes = [
  { key = "win", when = "player_value1 == banker_value1", pays = 8 },
  { key = "other", pays = -1 },
]

[bets.value-sevens]
outcomes = [
  { key = "win", when = "player_value1 == 7 and player_value2 == 7", pays = 30 },
  { key = "other", pays = -1 },
]

[bets.king-first]
outcomes = [
  { key = "win", when = "banker_rank1 == 13", pays = 11 },
  { key = "other", pays = -1 },
]

[bets.red-firsts]
outcomes = [
  { key = "both", when = 'player_suit1 in ("h", "d") and banker_suit1 in ("h", "d")', pays = 3 },
  { key = "other", pays = -1 },
]

[bets.red-pair]
outcomes = [
  { key = "suited", when = 'player_pair and player_suited and player_suit1 in ("h", "d")', pays = 30 },
  { key = "red", when = 'player_pair and player_suit1 in ("h", "d") and player_suit2 in ("h", "d")', pays = 10 },
  { key = "other", pays = -1 },
]
"""


def test_user_bets_on_single_cards_take_every_kernel_and_equal_the_sheet(tmp_path):
    """User bets reading a card's value (value atoms: the factored kernel, with "value" factors),
    its rank (factored), a pair's suits (symmetric) and suits alone (groups of any rank: no
    kernel, the plain sum): the evaluator's exact expectations equal the old paths' and the
    sheet's (game.count) on random compositions."""
    from fractions import Fraction

    path = tmp_path / "cards.toml"
    path.write_text(USER_CARD_BETS)
    table = load_paytable(GAME, str(path))
    bets = ["value-match", "value-sevens", "king-first", "red-firsts", "red-pair"]
    evaluator = Evaluator(GAME, table, bets)
    kinds = {
        b: type(kernel.kernel).__name__ if kernel else None for group, _, kernel in groups(evaluator) for b in group
    }
    assert kinds == {
        "value-match": "FactoredSum",
        "value-sevens": "FactoredSum",
        "king-first": "FactoredSum",
        "red-firsts": None,
        "red-pair": "SymmetricSum",
    }
    rng = np.random.default_rng(12)
    rows = rng.integers(0, 9, size=(6, 52))
    rows[:, 0] += 6
    new, old = evaluator.exact(rows), Evaluator(GAME, table, bets, fast=False).exact(rows)
    for i, row in enumerate(rows):
        counts = GAME.count(Shoe.from_card_counts(row.tolist()), bets, table)
        for bet in bets:
            pays = table.bet(bet).pays
            sheet = sum(pays[k] * c for k, c in counts[bet].counts.items()) / Fraction(counts[bet].total)
            assert new[bet][i] == old[bet][i] == sheet, bet


@EXAMPLES
@given(st.data())
def test_derived_columns_equal_python_integers(data):
    """A pay column that is an integer combination of others and of the constant one (tie: the
    banker's and the player's) is not summed but derived from their sums modulo 2**64; random
    relations with large coefficients, on rows up to the largest shoe the int64 bound admits (where
    the combination's terms wrap), give the Python integers' sums."""
    _, compiled, _, _ = drawing(evaluator())
    states = len(compiled.states)
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    base = rng.integers(-1, 2, size=(states, 2))
    a, b = data.draw(st.integers(-40, 40)), data.draw(st.integers(-40, 40))
    beta = data.draw(st.integers(-40, 40))
    columns = np.column_stack([base, a * base[:, 0] + b * base[:, 1] + beta, rng.integers(-3, 4, size=states)])
    folded = compiled.fold(columns.astype(object))
    kernel = kernels.compiled_sum(compiled, folded, [16] + [4] * 9)
    assert kernel.kernel.width == 3 and [j for j, _, _ in kernel.derived] == [2]
    rows = [data.draw(value_rows(kernel.kernel)) for _ in range(data.draw(st.integers(1, 3)))]
    assert kernel.kernel.applies(max(sum(r) for r in rows))
    q = folded.digit_q.tolist()
    for row, got in zip(rows, kernel.sums(np.array(rows)).T.tolist()):
        weights = compiled.multiset_weights(row)
        assert got == [sum(w * r[d] for w, r in zip(weights, q) if w) for d in range(4)]
