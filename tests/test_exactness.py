"""Issue 10 (items 1, 2, 6): every fast path against the plain Python-integer path.

Property tests draw shoes from 1 to 200 decks with random removals and pays with large, co-prime
denominators (so that the int64 bounds are crossed both ways), and compare each fast path with
an independent exact computation in Python integers. Edge tests put a shoe on each side of
every bound the README states. The examples are derandomised: the default run is the same run
every time, and a few seconds per test.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from fractions import Fraction
from math import lcm

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from odds import batch
from odds.exact.intmath import falling
from odds.depletion import count as count_lib
from odds.depletion.count import FIX, BetTally, CountSpec, Tally, best_trigger, fixed_point, tally_shoe
from odds.depletion.dealer import DealRules
from odds.depletion.evaluator import Evaluator
from odds.exact.plan import narrow
from odds.exact import drawing as compiled_lib
from odds.exact import intmath
from odds.games import get_game, punto_banco
from odds.paytable import BetPays, load_paytable
from odds.shoe import Shoe

EXAMPLES = settings(
    max_examples=20,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],  # no shrinking: a failure prints at once
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
INT64_MAX = 2**63 - 1
SHIPPED_BACCARAT = [
    "banker",
    "banker-no-commission",
    "player",
    "tie",
    "lucky-6",
    "big",
    "small",
    "dragon-bonus-player",
    "dragon-bonus-banker",
]


# -- strategies -----------------------------------------------------------------------------------

DENOMINATORS = st.one_of(
    st.sampled_from([1, 2, 20, 9871, 10**6, 999_983, 2**31 - 1, 10**12 + 39, 2**61 - 1]), st.integers(1, 10**15)
)


@st.composite
def pays_for(draw, keys):
    """A pay per outcome: fractions whose denominators are large and mostly co-prime, with
    numerators from tiny to far past int64."""
    out = {}
    for key in keys:
        den = draw(DENOMINATORS)
        bits = draw(st.integers(0, 90))
        out[key] = Fraction(draw(st.integers(-(2**bits), 2**bits)), den)
    if all(p == 0 for p in out.values()):
        out[keys[0]] = Fraction(1, 7)
    return out


@st.composite
def card_shoes(draw, min_decks=1, max_decks=200, kinds=52):
    """52 card counts (or 10 value counts): ``decks`` full decks less random removals, from a
    few cards to most of the shoe; at least six cards."""
    decks = draw(st.integers(min_decks, max_decks))
    full = [decks] * 52 if kinds == 52 else [16 * decks] + [4 * decks] * 9
    rng = random.Random(draw(st.integers(0, 2**32)))
    depth = draw(st.sampled_from(["none", "light", "heavy"]))
    counts = []
    for c in full:
        removed = 0 if depth == "none" else rng.randint(0, min(c, 3)) if depth == "light" else rng.randint(0, c)
        counts.append(c - removed)
    while sum(counts) < 6:
        counts[rng.randrange(len(counts))] += 1
    return counts


def paytable_with(game, pays_by_bet):
    base = load_paytable(game)
    bets = dict(base.bets)
    for bet, pays in pays_by_bet.items():
        bets[bet] = BetPays(bet, pays, base.bets[bet].window, base.bets[bet].rule)
    return replace(base, bets=bets)


def sheet_ev(game, paytable, shoe, bet):
    """The sheet path: the game's own exact count (Python integers) for a Shoe or 52 card
    counts, independent of the fast paths."""
    shoe = shoe if isinstance(shoe, Shoe) else Shoe.from_card_counts(shoe)
    oc = game.count(shoe, [bet], paytable)[bet]
    pays = paytable.bet(bet).pays
    return sum(pays[k] * c for k, c in oc.counts.items()) / oc.total


# -- the compiled table: batch_linear ---------------------------------------------------------------


def exact_column_sums(compiled, counts, columns):
    """Independent: every end state's exact count (Python integers) times the column."""
    rounds = compiled.exact_counts(counts)
    index = {s: i for i, s in enumerate(compiled.states)}
    return [sum(w * columns[index[s]][b] for s, w in rounds.items()) for b in range(len(columns[0]))]


def python_state_counts(compiled, counts, replacement=False):
    """Independent of exact_counts' int64 path: every row's weight times its orderings, summed in
    Python integers."""
    weights = compiled.multiset_weights(counts, replacement)
    totals = [0] * len(compiled.states)
    for m, s, ways in zip(
        compiled.table_multiset.tolist(), compiled.table_state.tolist(), compiled.table_ways.tolist()
    ):
        totals[s] += weights[m] * ways
    return {state: total for state, total in zip(compiled.states, totals) if total}


@pytest.mark.parametrize("size", [6, 52, 416, 1449, 1450, 1451, 52 * 100])
def test_exact_counts_equal_python_integers_on_both_sides_of_the_int64_bound(size):
    """One shoe's counts by end state: int64 while (N)_6 < 2**63 (N up to 1,450 cards), Python
    integers past it; the same counts either way, random compositions of each size."""
    compiled = punto_banco.state_table()
    rng = random.Random(size)
    for _ in range(3):
        cuts = sorted(rng.randint(0, size) for _ in range(9))
        counts = [b - a for a, b in zip([0] + cuts, cuts + [size])]
        assert compiled.exact_counts(counts) == python_state_counts(compiled, counts)
        assert (compiled._int64_weights(counts) is not None) == (falling(size, 6) < 2**63)
    units = [4] + [1] * 9  # an infinite shoe: one unit a rank
    assert compiled.exact_counts(units, replacement=True) == python_state_counts(compiled, units, True)


def test_exact_counts_leave_int64_for_a_table_whose_orderings_break_the_bound():
    """The bound is on the table's own sum, not assumed: orderings inflated so the sum passes
    2**63 (for 8 decks) take Python integers, and still count exactly."""
    compiled = punto_banco.state_table()
    eight = Shoe.decks(8).values()
    big = replace(compiled, table_ways=compiled.table_ways * 2000)
    assert big._int64_weights(eight) is None
    assert big.exact_counts(eight) == {s: 2000 * c for s, c in compiled.exact_counts(eight).items()}


@st.composite
def columns_for(draw, states):
    """1 to 4 integer columns over the end states, each with its own magnitude (0 to 100 bits),
    sometimes a constant column at the digit edge (-128, 127, 128)."""
    width = draw(st.integers(1, 4))
    rng = random.Random(draw(st.integers(0, 2**32)))
    cols = []
    for _ in range(width):
        kind = draw(st.sampled_from(["random", "random", "constant"]))
        if kind == "constant":
            value = draw(st.sampled_from([-129, -128, 127, 128, 12347, -9871]))
            cols.append([value] * states)
        else:
            bits = draw(st.integers(0, 100))
            cols.append([rng.randint(-(2**bits), 2**bits) for _ in range(states)])
    return [list(row) for row in zip(*cols)]


@EXAMPLES
@given(st.data())
def test_batch_linear_equals_python_integers(data):
    compiled = punto_banco.state_table()
    columns = data.draw(columns_for(len(compiled.states)))
    shoes = [data.draw(card_shoes(kinds=10)) for _ in range(data.draw(st.integers(1, 3)))]
    folded = compiled.fold(np.array(columns, dtype=object))
    got = compiled.batch_linear(np.array(shoes), folded)
    assert got == [exact_column_sums(compiled, shoe, columns) for shoe in shoes]
    assert all(type(x) is int for row in got for x in row)


def edge_size(magnitude: int, max_cards: int = 6) -> int:
    """The smallest shoe size N with ``magnitude * (N)_6 >= 2**63``."""
    n = max_cards
    while magnitude * falling(n, max_cards) < 2**63:
        n += 1
    return n


@pytest.mark.parametrize("value", [127, -128])
def test_prime_joins_exactly_at_the_int64_edge(value):
    """A constant column sums to exactly ``value * (N)_6`` (the weights times their orderings add
    up to the ordered deals): at the smallest N where that leaves int64, the sum modulo 2**64
    alone is wrong and one prime joins; one card fewer, no prime and the word is right."""
    compiled = punto_banco.state_table()
    folded = compiled.fold(np.array([[value]] * len(compiled.states), dtype=object))
    edge = edge_size(abs(value))
    for n, needs_prime in ((edge - 1, False), (edge, True)):
        shoe = np.array([[n - 9 * (n // 13)] + [n // 13] * 9])
        truth = value * falling(n, 6)
        word = intmath.signed_word(compiled._residue_sums(shoe, folded))[0, 0]
        assert (int(word) == truth) is not needs_prime
        assert intmath.moduli_needed(abs(value) * falling(n, 6)) == int(needs_prime)
        assert compiled.batch_linear(shoe, folded) == [[truth]]


def test_readme_compiled_bounds():
    """README: no prime up to 647 cards whatever the pays (digits are at most 128 in magnitude),
    824 for pays up to 30; one prime covers 250 decks, two 5,000; past that, more primes (checked
    at 1,000 decks)."""
    assert edge_size(128) == 648 and edge_size(30) == 825
    one_prime = intmath.WORD * intmath.PRIMES[0]
    two_primes = one_prime * intmath.PRIMES[1]
    assert 2 * 128 * falling(250 * 52, 6) < one_prime <= 2 * 128 * falling(251 * 52, 6)
    assert 2 * 128 * falling(5000 * 52, 6) < two_primes <= 2 * 128 * falling(5042 * 52, 6)
    assert intmath.moduli_needed(128 * falling(1000 * 52, 6)) == 2
    compiled = punto_banco.state_table()
    shoe = [16 * 1000] + [4 * 1000] * 9
    columns = [[-128 + (i % 256)] for i in range(len(compiled.states))]
    assert compiled.batch_linear(np.array([shoe]), compiled.fold(np.array(columns, dtype=object))) == [
        exact_column_sums(compiled, shoe, columns)
    ]


def odd_paytable(game):
    """The shipped bets with the tie priced 12347/9871 (the issue's example)."""
    return paytable_with(game, {"tie": {"tie": Fraction(12347, 9871), "no-tie": Fraction(-1)}})


@pytest.mark.parametrize("decks", [8, 40, 200])
def test_one_odd_bet_keeps_the_batch_on_the_fast_path(monkeypatch, decks):
    """Item 1: a pay of 12347/9871 among the shipped bets takes no bet off the fast path (the
    plain path is never called) and every edge is still exact."""
    game = get_game("baccarat")
    table = odd_paytable(game)
    rng = random.Random(decks)
    lines = ["", ",".join(f"{rng.choice('A23456789TJQK')}x{rng.randint(1, decks)}" for _ in range(6))]
    shoes = [Shoe.decks(decks).remove(line) for line in lines]
    want = {bet: [-sheet_ev(game, table, s, bet) for s in shoes] for bet in SHIPPED_BACCARAT}

    def refuse(*args):
        raise AssertionError("the plain Python path was taken")

    monkeypatch.setattr(compiled_lib.CompiledDeal, "_python_sums", refuse)
    rows = batch.batch_house_edges(game, table, lines, SHIPPED_BACCARAT, decks=decks)
    for row in rows:
        assert row["house_edge"] == want[row["bet"]][row["line"] - 1], row


def test_huge_counts_take_the_plain_path_exactly():
    """Past COUNT_LIMIT cards of a kind a shoe is summed with Python integers (that row only)."""
    compiled = punto_banco.state_table()
    columns = [[(i % 7) - 3, 1] for i in range(len(compiled.states))]
    folded = compiled.fold(np.array(columns, dtype=object))
    huge = [compiled.COUNT_LIMIT] + [5] * 9
    small = [16] + [4] * 9
    got = compiled.batch_linear(np.array([huge, small]), folded)
    assert got == [exact_column_sums(compiled, huge, columns), exact_column_sums(compiled, small, columns)]
    assert got[0][1] == falling(sum(huge), 6)


# -- the depletion evaluator ----------------------------------------------------------------------


def check_evaluator(game, table, bet, shoes):
    evaluator = Evaluator(game, table, [bet])
    comps = np.array(shoes)
    exact = evaluator.exact(comps)[bet]
    positive, ev = evaluator.evaluate(comps)[bet]
    for i, shoe in enumerate(shoes):
        want = sheet_ev(game, table, shoe, bet)
        assert exact[i] == want, (bet, sum(shoe))
        assert bool(positive[i]) == (want > 0)
        assert ev[i] == pytest.approx(float(want), rel=1e-12, abs=0)
    return evaluator


CARD_BETS = [
    ("baccarat", b)
    for b in ("player-pair", "banker-pair", "either-pair", "perfect-pair", "dragon", "tiger", "dragon-tiger-tie")
] + [("tiger-baccarat", "tiger-pair")]
CARD_BETS += [(g, b) for g in ("dragon-tiger", "dragon-tiger-poker") for b in sorted(get_game(g).bets)]


@EXAMPLES
@given(st.data())
def test_positional_path_equals_the_sheet(data):
    """Bets that read single cards (pairs, first cards, every Dragon Tiger bet): their positional
    table evaluated for many shoes at once, against the game's exact count."""
    game_id, bet = data.draw(st.sampled_from(CARD_BETS))
    game = get_game(game_id)
    table = paytable_with(game, {bet: data.draw(pays_for(game.bets[bet].outcome_keys))})
    shoes = [data.draw(card_shoes()) for _ in range(data.draw(st.integers(1, 3)))]
    evaluator = check_evaluator(game, table, bet, shoes)
    assert evaluator.plan.routes[bet] == "cards"


@EXAMPLES
@given(st.data())
def test_compiled_path_of_the_evaluator_equals_the_sheet(data):
    game = get_game(data.draw(st.sampled_from(["baccarat", "tiger-baccarat"])))
    value_bets = sorted(b for b in game.bets if game.bets[b].resolution == "value")
    bet = data.draw(st.sampled_from(value_bets))
    table = paytable_with(game, {bet: data.draw(pays_for(game.bets[bet].outcome_keys))})
    shoes = [data.draw(card_shoes()) for _ in range(data.draw(st.integers(1, 2)))]
    evaluator = check_evaluator(game, table, bet, shoes)
    assert evaluator.plan.routes[bet] == "drawing"


def test_each_bet_keeps_int64_unless_its_own_range_fails():
    """Item 1: the fallback is per bet: a bet paying about 2**45 to 1 goes to Python integers at
    40 decks, the shipped pair bets beside it stay in int64, and all are exact."""
    game = get_game("baccarat")
    table = paytable_with(game, {"player-pair": {"pair": Fraction(2**45 + 1, 3), "no-pair": Fraction(-1)}})
    shoe = Shoe.decks(40).card_counts()
    bets = ["player-pair", "banker-pair", "perfect-pair", "dragon"]
    evaluator = Evaluator(game, table, bets)
    assert [raw_dtype(game, table, b, shoe) == object for b in bets] == [True, False, False, False]
    exact = evaluator.exact(np.array([shoe]))
    for bet in bets:
        assert exact[bet] == [sheet_ev(game, table, shoe, bet)]


def raw_dtype(game, table, bet, shoe):
    """The dtype the positional path computes a bet's numerator in, for one shoe (before the
    evaluator narrows what fits back to int64)."""
    from odds.exact.plan import compile_bet

    rule = table.rule(bet)
    positional = compile_bet(game.deal, game.id, rule).table
    scale = lcm(*(p.denominator for p in table.bet(bet).pays.values()))
    column = [int(table.bet(bet).pays[o.key] * scale) for o in rule.outcomes]
    counts = np.array([shoe]) if positional.needs_suits else np.array([shoe]).reshape(1, 13, 4).sum(axis=2)
    return positional.batch_dot(counts, np.array(column, dtype=object)[:, None], max(map(abs, column))).dtype


def micro11(game):
    return paytable_with(game, {"player-pair": {"pair": Fraction(11, 10**6), "no-pair": Fraction(-1, 10**6)}})


def test_micro11_int64_edge():
    """The issue's example: player pair at 11/1000000 (the old evaluator wrapped at 34 decks).
    Player Pair reads two cards, so its table counts over (N)_2; its scaled pays are 11 and -1,
    and int64 holds every intermediate while 11 * (N)_2 < 2**63: at N cards it leaves int64, one
    card fewer it stays; the denominator 10**6 (N)_2 is kept in Python integers where it does not
    fit; exact on both sides, and at 34 and 40 decks."""
    game = get_game("baccarat")
    table = micro11(game)
    evaluator = Evaluator(game, table, ["player-pair"])
    n = math.isqrt(INT64_MAX // 11)
    while 11 * falling(n, 2) <= INT64_MAX:
        n += 1
    assert 11 * falling(n - 1, 2) <= INT64_MAX
    for size, wraps in ((n - 1, False), (n, True), (34 * 52, False), (40 * 52, False)):
        shoe = [size // 52 + (k < size % 52) for k in range(52)]
        num, den = evaluator.numerators(np.array([shoe]))["player-pair"]
        assert (raw_dtype(game, table, "player-pair", shoe) == object) is wraps, size
        assert Fraction(int(num[0]), int(den[0])) == sheet_ev(game, table, shoe, "player-pair")


def test_micro11_count_is_negative(tmp_path):
    """The issue's reproduction: 40 decks, 2 shoes, seed 3. Every round's expectation is close to
    the full shoe's (12 P(pair) - 1) / 10**6 < 0, so the mean must be too (it was positive)."""
    from click.testing import CliRunner
    import json

    from odds.cli import cli

    path = tmp_path / "micro11.toml"
    path.write_text(
        'game = "baccarat"\nextends = "seed"\n\n[bets.player-pair]\n'
        'pays.pair = "11/1000000"\npays.no-pair = "-1/1000000"\n'
    )
    result = CliRunner().invoke(
        cli,
        [
            "count",
            "baccarat",
            "--bet",
            "player-pair",
            "--paytable",
            str(path),
            "--decks",
            "40",
            "--shoes",
            "2",
            "--seed",
            "3",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    mean = json.loads(result.stdout)["bets"][0]["mean_expected_value"]
    n = 40 * 52
    full_shoe = (12 * Fraction(40 * 4 - 1, n - 1) - 1) / 10**6
    assert mean < 0 and abs(mean - float(full_shoe)) < 0.1 * abs(float(full_shoe))


@pytest.mark.parametrize(
    "game_id,decks",
    [("baccarat", 300), ("tiger-baccarat", 300), ("dragon-tiger", 10_000), ("dragon-tiger-poker", 10_000)],
)
def test_shipped_pays_stay_in_int64_as_the_readme_says(game_id, decks):
    """README: the shipped bets that read single cards stay in int64 up to 300 decks (the
    four-card pair bets: Tiger Pair's 100 * (N)_4 < 2**63; two-card bets far beyond), Dragon
    Tiger's to the 10,000-deck limit of a shoe; checked on the full shoe, and exact there against the sheet."""
    game = get_game(game_id)
    table = load_paytable(game)
    evaluator = Evaluator(game, table, list(game.bets))
    bets = [b for b, route in evaluator.plan.routes.items() if route == "cards"]
    shoe = Shoe.decks(decks).card_counts()
    numerators = evaluator.numerators(np.array([shoe]))
    exact = evaluator.exact(np.array([shoe]))
    for bet in bets:
        num, den = numerators[bet]
        assert num.dtype == den.dtype == np.int64, bet
        assert exact[bet] == [sheet_ev(game, table, shoe, bet)], bet


def test_absurd_counts_are_refused_not_summed_wrong():
    game = get_game("baccarat")
    evaluator = Evaluator(game, load_paytable(game), ["banker", "player-pair"])
    with pytest.raises(ValueError, match="cards of one kind"):
        evaluator.numerators(np.array([[2**56] + [0] * 51]))
    shoe = [2**56 - 1] + [1] * 51  # just below: exact (int64 paths proved or Python integers)
    exact = evaluator.exact(np.array([shoe]))
    for bet in ("banker", "player-pair"):
        assert exact[bet] == [sheet_ev(game, load_paytable(game), shoe, bet)]


def test_narrow_edge():
    values = np.array([-(2**62) + 1, 2**62 - 1], dtype=object)
    assert narrow(values).dtype == np.int64
    assert narrow(np.array([2**62], dtype=object)).dtype == object


# -- count's tallies ------------------------------------------------------------------------------


class FixedEvaluator:
    """Stands in for the Evaluator: hands out chosen expectations."""

    def __init__(self, ev):
        self.ev = ev

    def evaluate(self, unseen):
        return {"bet": (self.ev > 0, self.ev)}


@EXAMPLES
@given(st.data())
def test_tallies_are_exact_python_integers(data):
    """ev_sum, perfect, perfect_sq and the true-count bins against Python integers, with values
    from tiny to past 2**62 units and enough shoes to wrap int64."""
    bits = data.draw(st.one_of(st.integers(0, 40), st.integers(28, 31)))  # 2**60 to 2**63 units: the edge
    rounds = data.draw(st.integers(1, 12))
    shoes = data.draw(st.integers(1, 6))
    full = tuple(Shoe.decks(1).card_counts())
    tags = tuple(1 if k < 20 else -1 if k >= 32 else 0 for k in range(52))
    spec = CountSpec("baccarat", None, ("bet",), full, 0, DealRules(), (rounds // 2,), (tags,))
    tally = Tally(0, {"bet": BetTally()})
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    want = dict(ev_sum=0, perfect=0, perfect_sq=0, in_window=0)
    bins_want: dict[int, int] = {}
    for _ in range(shoes):
        ev = np.array([rng.uniform(-1, 1) * 2.0**bits for _ in range(rounds)])
        patterns = [[rng.randint(0, 1) for _ in range(52)] for _ in range(2)]  # few bins: sums pile up
        unseen = np.array([rng.choice(patterns) for _ in range(rounds)])
        tally_shoe(tally, spec, FixedEvaluator(ev), unseen)
        units = [round(x * FIX) for x in ev.tolist()]  # float * 2**32 is exact; round half even as rint
        shoe_perfect = sum(u for u in units if u > 0)
        want["ev_sum"] += sum(units)
        want["perfect"] += shoe_perfect
        want["perfect_sq"] += shoe_perfect**2
        want["in_window"] += sum(u for i, u in enumerate(units) if u > 0 and i < rounds // 2)
        bins = count_lib.true_count_bins(
            sum(full[k] * tags[k] for k in range(52)), sum(full), unseen @ np.array(tags), unseen.sum(axis=1)
        )
        for b, u in zip(bins.tolist(), units):
            bins_want[b] = bins_want.get(b, 0) + u
    t = tally.bets["bet"]
    assert (t.ev_sum, t.perfect, t.perfect_sq, t.perfect_in_window) == (
        want["ev_sum"],
        want["perfect"],
        want["perfect_sq"],
        want["in_window"],
    )
    assert t.tc_ev == bins_want and all(type(v) is int for v in t.tc_ev.values())


def tallied(ev_per_shoe, shoes):
    """A tally of ``shoes`` identical shoes whose rounds all fall in one true-count bin."""
    full = tuple(Shoe.decks(1).card_counts())
    tags = tuple([1] * 52)  # unbalanced: every composition counts as neutral, bin 600
    spec = CountSpec("baccarat", None, ("bet",), full, 0, DealRules(), (None,), (tags,))
    tally = Tally(0, {"bet": BetTally()})
    ev = np.array(ev_per_shoe)
    for _ in range(shoes):
        tally_shoe(tally, spec, FixedEvaluator(ev), np.ones((len(ev), 52), dtype=np.int64))
    return tally.bets["bet"]


def test_tally_bins_past_int64():
    """The true-count bins hold Python integers: sums past 2**63 stay exact, for one tally and
    for two merged (workers)."""
    units = 2**60 + 2**20  # per round; four rounds a shoe: 2**62 + 2**22, two shoes past 2**63
    past = tallied([units / FIX] * 4, 2)
    assert past.tc_ev == {0: 8 * units} and 8 * units > 2**63
    assert best_trigger(past.tc_ev) == (8 * units, 0)
    merged = tallied([units / FIX] * 4, 1)
    merged.add(tallied([units / FIX] * 4, 1))
    assert merged.tc_ev == {0: 8 * units}


@pytest.mark.parametrize("units", [2**61 - 2**20, 2**61])
def test_shoe_sums_on_both_sides_of_int64(units):
    """Four rounds of ``units`` each: below the edge the shoe's sums fit in int64, at 2**61 they
    reach 2**63 (an int64 sum would wrap to -2**63); both exact."""
    t = tallied([units / FIX] * 4, 1)
    assert t.ev_sum == t.perfect == t.perfect_in_window == 4 * units
    assert t.perfect_sq == (4 * units) ** 2


def test_fixed_point_edge():
    """fixed_point is int64 below 2**62 units and Python ints from there; the same values on
    either side."""
    below, at = (2**62 - 2**10) / FIX, 2**62 / FIX
    assert fixed_point(np.array([below]))[0].dtype == np.int64
    assert fixed_point(np.array([at]))[0].dtype == object
    values, peak = fixed_point(np.array([below, -at]))
    assert values.tolist() == [2**62 - 2**10, -(2**62)] and peak == 2**62


@EXAMPLES
@given(st.lists(st.integers(-(2**70), 2**70), min_size=1, max_size=40))
def test_best_trigger_against_python(values):
    bins = dict(enumerate(values))
    tails = [sum(values[i:]) for i in range(len(values))]
    best = max(tails)
    gain, trigger = best_trigger(bins)
    if best <= 0:
        assert (gain, trigger) == (0, None)
    else:
        i = max(j for j, t in enumerate(tails) if t == best)
        assert gain == best and trigger == count_lib.bin_trigger(i)


# -- batch -----------------------------------------------------------------------------------------


@pytest.mark.slow  # 8 s of CPU; tests/test_batch.py compares batch and sheet in the default run
@EXAMPLES
@given(st.data())
def test_batch_edges_equal_the_sheet(data):
    """odds batch: random pays on two bets beside the shipped ones, shoes of 1 to 200 decks."""
    game = get_game("baccarat")
    chosen = data.draw(st.lists(st.sampled_from(SHIPPED_BACCARAT), min_size=1, max_size=2, unique=True))
    table = paytable_with(game, {b: data.draw(pays_for(game.bets[b].outcome_keys)) for b in chosen})
    decks = data.draw(st.integers(1, 200))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    lines = ["", ",".join(f"{r}x{rng.randint(1, 2 * decks)}" for r in rng.sample("A23456789TJQK", 5))]
    rows = batch.batch_house_edges(game, table, lines, SHIPPED_BACCARAT, decks=decks)
    for row in rows:
        shoe = Shoe.decks(decks).remove(lines[row["line"] - 1])
        assert row["house_edge"] == -sheet_ev(game, table, shoe, row["bet"]), row
