"""The compiled-table enumerator against independent ways of counting the same deals."""

import random
from fractions import Fraction

import numpy as np
import pytest

from odds.exact.intmath import falling
from odds.games import punto_banco
from odds.games.punto_banco import play_round

EIGHT_DECKS = (128,) + (32,) * 9


def as_round(state) -> "punto_banco.Round":
    """An end state of the state table (two-card totals, third-card values or -1) as the totals
    and card counts of :class:`punto_banco.Round`."""
    p2, b2, pt, bt = state
    return punto_banco.Round((p2 + max(pt, 0)) % 10, (b2 + max(bt, 0)) % 10, 2 + (pt >= 0), 2 + (bt >= 0))


def by_round(counts: dict) -> dict:
    out = {}
    for state, ways in counts.items():
        key = as_round(state)
        out[key] = out.get(key, 0) + ways
    return out


def tree_walk(counts):
    """The naive game-tree walk of the C yardstick, in Python integers: every ordered deal of card
    values, weighted by the falling product of remaining counts, scaled to six cards."""
    counts = list(counts)
    n = sum(counts)
    out = {}

    def walk(dealt, weight):
        state = play_round(dealt)
        if state is not None:
            key = state
            out[key] = out.get(key, 0) + weight * falling(n - len(dealt), 6 - len(dealt))
            return
        for v in range(10):
            if counts[v]:
                c = counts[v]
                counts[v] -= 1
                walk(dealt + [v], weight * c)
                counts[v] += 1

    walk([], 1)
    return {k: v for k, v in out.items() if v}


def test_vectorised_rules_match_play_round():
    """play_many (used to compile) agrees with play_round on random rows of six card values."""
    rng = np.random.default_rng(11)
    grid = rng.integers(0, 10, size=(20000, 6))
    used, codes = punto_banco.play_many(grid)
    for row, n, code in zip(grid.tolist(), used.tolist(), codes.tolist()):
        state = play_round(row)
        assert punto_banco._decode(code) == state
        assert n == state.cards


def test_eight_deck_counts_are_the_published_ones():
    rounds = by_round(punto_banco.state_table().exact_counts(EIGHT_DECKS))
    banker = sum(w for s, w in rounds.items() if s.banker > s.player)
    player = sum(w for s, w in rounds.items() if s.player > s.banker)
    tie = sum(w for s, w in rounds.items() if s.player == s.banker)
    assert banker == 2_292_252_566_437_888
    assert player == 2_230_518_282_592_256
    assert tie == 475_627_426_473_216
    assert banker + player + tie == 4_998_398_275_503_360 == falling(416, 6)


# seeds 0, 1 and 3 walk 60-card shoes (5 to 10 s of CPU each): the slow tier; seed 2 stays
@pytest.mark.parametrize("seed", [pytest.param(s, marks=pytest.mark.slow) if s != 2 else s for s in range(4)])
def test_compiled_table_equals_tree_walk(seed):
    rng = random.Random(seed)
    counts = [rng.randint(0, 6) for _ in range(10)]
    counts[0] += 6  # at least six cards
    assert by_round(punto_banco.state_table().exact_counts(counts)) == tree_walk(counts)


def test_hundred_decks_exact_on_the_fast_path():
    counts = (1600,) + (400,) * 9
    compiled = punto_banco.state_table()
    rounds = compiled.exact_counts(counts)
    assert sum(rounds.values()) == falling(5200, 6)
    # beyond int64: the fast path rebuilds the sum from residues (mod 2**64 and a prime)
    states = compiled.states
    column = np.array([[1 if as_round(s).banker > as_round(s).player else 0] for s in states], dtype=object)
    folded = compiled.fold(column)
    ((fast,),) = compiled.batch_linear(np.array([counts]), folded)
    assert fast == sum(w for s, w in rounds.items() if as_round(s).banker > as_round(s).player)
    assert fast > 2**63


@pytest.mark.parametrize("seed", range(3))
def test_probabilities_sum_to_one_for_random_shoes(seed):
    rng = random.Random(100 + seed)
    counts = [rng.randint(0, 40) for _ in range(10)]
    counts[1] += 6
    rounds = punto_banco.state_table().exact_counts(counts)
    assert sum(Fraction(w, falling(sum(counts), 6)) for w in rounds.values()) == 1


# 300 random shoes take 9 s of CPU (a Python-integer walk each): 60 in the default run, 300 slow
@pytest.mark.parametrize("shoes", [60, pytest.param(300, marks=pytest.mark.slow)])
def test_batch_path_equals_exact_path_on_many_shoes(shoes):
    """The residue/float-limb batch path against Python integers, including shoes near empty."""
    compiled = punto_banco.state_table()
    rng = np.random.default_rng(5)
    comps = np.array([[rng.integers(0, 129)] + list(rng.integers(0, 33, 9)) for _ in range(shoes)])
    comps = np.vstack(
        [
            comps[comps.sum(axis=1) >= 6],
            [[6, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
            [[1, 1, 1, 1, 1, 1, 0, 0, 0, 0]],
            list(EIGHT_DECKS),
        ]
    )
    rng_cols = np.random.default_rng(9)
    columns = rng_cols.integers(-30, 31, size=(len(compiled.states), 5))
    folded = compiled.fold(columns.astype(object))
    fast = compiled.batch_linear(comps, folded)
    for row, got in zip(comps.tolist(), fast):
        rounds = compiled.exact_counts(row)
        index = {s: i for i, s in enumerate(compiled.states)}
        want = [sum(w * int(columns[index[s], b]) for s, w in rounds.items()) for b in range(5)]
        assert got == want


def test_shoe_too_small_is_refused():
    with pytest.raises(ValueError, match="may need 6"):
        punto_banco.state_table().exact_counts((5, 0, 0, 0, 0, 0, 0, 0, 0, 0))
