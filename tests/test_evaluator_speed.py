"""`odds count` gives the same figures, bit for bit, since the factored kernels (issue 12, item 4).

The reference is the evaluator as it was before them, restated here: the exact numerators from
the old paths (CompiledDeal.batch_linear, PositionalTable.batch_dot: what the evaluator still
falls back to) and its float rule - ``float(num) / float(den)`` when every numerator and
denominator of the call fits in int64 (below 2**62), else the correctly rounded Python division
for every row. A shoe was one call, so the rule was taken per shoe.
"""

from __future__ import annotations

import numpy as np
import pytest

from odds.depletion import count as count_lib
from odds.depletion.count import make_spec, run
from odds.depletion.dealer import DealRules, deal_shoe, shuffled
from odds.depletion.evaluator import Evaluator
from odds.games import get_game
from odds.paytable import load_paytable
from odds.shoe import Shoe

GAME = get_game("baccarat")
PAYTABLE = load_paytable(GAME)
BETS = list(GAME.bets)
NEW = Evaluator(GAME, PAYTABLE, BETS)


class OldEvaluator:
    """The evaluator before the kernels: old paths, old float rule, one call per shoe."""

    def __init__(self):
        self.inner = Evaluator(GAME, PAYTABLE, BETS, fast=False)
        self.game = GAME

    def evaluate(self, unseen):
        out = {}
        for bet, (num, den) in self.inner.numerators(unseen).items():
            if num.dtype == object or den.dtype == object:
                ev = np.array([int(x) / int(y) for x, y in zip(num.tolist(), den.tolist())], dtype=np.float64)
                positive = np.array([int(x) > 0 for x in num.tolist()], dtype=bool)
            else:
                ev = num.astype(np.float64) / den.astype(np.float64)
                positive = num > 0
            out[bet] = (positive, ev)
        return out

    def evaluate_shoes(self, shoes):
        return [self.evaluate(shoe) for shoe in shoes]

    def evaluate_chunk(self, rows, rounds):
        """Shoe by shoe, joined as the new evaluator's chunk results."""
        ends = np.cumsum(rounds).tolist()
        parts = [self.evaluate(rows[a:b]) for a, b in zip([0] + ends[:-1], ends)]
        return {
            bet: (np.concatenate([p[bet][0] for p in parts]), np.concatenate([p[bet][1] for p in parts]))
            for bet in BETS
        }


OLD = OldEvaluator()


def dealt(decks: int, shoes: int, seed: int = 7) -> list[np.ndarray]:
    full = Shoe.decks(decks).card_counts()
    return [deal_shoe(GAME, shuffled(full, seed, i), DealRules(), settle=False)[0] for i in range(shoes)]


def assert_same(new, old):
    for bet in BETS:
        assert np.array_equal(new[bet][0], old[bet][0]), bet
        assert new[bet][1].tobytes() == old[bet][1].tobytes(), bet  # the float64 bits


@pytest.mark.parametrize("decks", [1, 8])
def test_each_shoe_bit_for_bit(decks):
    shoes = dealt(decks, 3)
    for shoe in shoes:
        assert_same(NEW.evaluate(shoe), OLD.evaluate(shoe))
    for got, shoe in zip(NEW.evaluate_shoes(shoes), shoes):  # several shoes in one pass: the same
        assert_same(got, OLD.evaluate(shoe))


def test_a_shoe_past_int64_keeps_its_own_float_rule():
    """A batch mixing a one-deck shoe and an eight-deck shoe whose numerators pass 2**62 (the tie
    paying 2**24 times as much: the one-deck numerators between 2**53 and 2**62): each shoe gets the float it got alone (the old rule was per call, a call per shoe)."""
    from dataclasses import replace

    tie = PAYTABLE.bets["tie"]
    top = max(tie.pays, key=lambda k: tie.pays[k])
    table = replace(
        PAYTABLE, bets={**PAYTABLE.bets, "tie": replace(tie, pays={**tie.pays, top: tie.pays[top] * 2**24})}
    )
    new = Evaluator(GAME, table, ["tie"])
    old = Evaluator(GAME, table, ["tie"], fast=False)
    small = np.concatenate(dealt(1, 6))
    big = np.array([Shoe.decks(8).card_counts()] * 2)
    num, den = new.numerators(small)["tie"]
    assert num.dtype == np.int64 and new.numerators(big)["tie"][0].dtype == object
    float_rule = num.astype(np.float64) / den.astype(np.float64)
    python_rule = np.array([int(x) / int(y) for x, y in zip(num.tolist(), den.tolist())])
    assert (float_rule != python_rule).any()  # (else the test could not tell the rules apart)
    both = new.evaluate_shoes([small, big])
    for got, shoe in zip(both, [small, big]):
        num, den = old.numerators(shoe)["tie"]
        if num.dtype == object or den.dtype == object:
            want = np.array([int(x) / int(y) for x, y in zip(num.tolist(), den.tolist())])
        else:
            want = num.astype(np.float64) / den.astype(np.float64)
        assert got["tie"][1].tobytes() == want.tobytes()


def test_count_run_identical_to_the_old_evaluator(monkeypatch):
    """A whole `count` run (tallies of every bet) with the new evaluator equals the run with the
    old one, field by field."""
    spec = make_spec(GAME, PAYTABLE, BETS, 8, 3, DealRules())
    new = run(spec, 4, workers=1)
    monkeypatch.setattr(count_lib, "_evaluator", lambda spec: OLD)
    old = run(spec, 4, workers=1)
    assert new.shoes == old.shoes == 4
    for bet in BETS:
        assert vars(new.bets[bet]) == vars(old.bets[bet]), bet


def test_threads_sharing_one_evaluator():
    """A Dask worker runs tasks in threads of one process with one cached evaluator: shoes
    evaluated at the same time in several threads give each shoe's own figures (the kernels'
    working arrays are per thread)."""
    from concurrent.futures import ThreadPoolExecutor

    shoes = dealt(8, 8, seed=11)
    want = [NEW.evaluate(shoe) for shoe in shoes]
    with ThreadPoolExecutor(4) as pool:
        for _ in range(3):
            got = list(pool.map(NEW.evaluate, shoes))
            for g, w in zip(got, want):
                assert_same(g, w)


def test_shoes_without_rounds_in_a_batch():
    """A shoe in which no round was dealt (a tiny shoe, a deep cut card) has empty results, and
    the shoes around it keep theirs."""
    shoes = dealt(1, 2)
    empty = np.zeros((0, 52), dtype=np.int64)
    got = NEW.evaluate_shoes([empty, shoes[0], empty, shoes[1], empty])
    assert [len(g["banker"][1]) for g in got] == [0, len(shoes[0]), 0, len(shoes[1]), 0]
    assert_same(got[1], OLD.evaluate(shoes[0]))
    assert_same(got[3], OLD.evaluate(shoes[1]))
    assert NEW.evaluate_shoes([]) == [] and len(NEW.evaluate_shoes([empty])[0]["tie"][0]) == 0
