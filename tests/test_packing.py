"""Every packing of several numbers into one machine integer is checked (issue 20 item 1).

The kernels key rows (a term's signatures per atom, a multiset's counts per kind) by packing them
into one integer. One of those packings had no guard: a user bet's keys reached about 2**67 and
wrapped in int64, two different rows shared a key, and an expectation of 0.795 was printed where
the exact one is 0.324. Every packing now goes through :mod:`odds.exact.intmath`, which proves
its bound when built and takes Python integers past it. Here: the packing against tuples, the
row lookups past 2**63 against a dictionary, and every kernel built with the int64 limit forced
to 0 (every packing on its Python-integer path) against the same kernel built normally.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from odds.exact.plan import build_positional
from odds.depletion.evaluator import Evaluator
from odds.exact import intmath, kernels
from odds.exact.drawing import compile_deal
from odds.exact.intmath import Packing, row_keys
from odds.exact.positional import reading_of
from odds.bets.features import feature_specs
from odds.games import get_game, punto_banco
from odds.paytable import load_paytable
from odds.shoe import Shoe

radices = st.lists(st.integers(1, 2**40), min_size=1, max_size=6)


@settings(max_examples=200, deadline=None)
@given(
    radices.flatmap(
        lambda rs: st.tuples(
            st.just(rs), st.lists(st.tuples(*[st.integers(0, r - 1) for r in rs]), min_size=1, max_size=8)
        )
    )
)
def test_packing_round_trips_and_orders_as_tuples(case):
    rs, rows = case
    packing = Packing(tuple(rs))
    keys = packing.pack([np.array([row[i] for row in rows], dtype=np.int64) for i in range(len(rs))])
    assert packing.in_int64 == (packing.size - 1 < 2**63)
    assert keys.dtype == (np.int64 if packing.in_int64 else object)
    unpacked = packing.unpack(keys)
    assert [tuple(int(c[j]) for c in unpacked) for j in range(len(rows))] == [tuple(r) for r in rows]
    order = sorted(range(len(rows)), key=lambda j: int(keys[j]))
    assert [tuple(rows[j]) for j in order] == sorted(tuple(r) for r in rows)


def test_a_value_outside_its_radix_is_refused():
    with pytest.raises(ValueError):
        Packing((10, 10)).pack([np.array([1]), np.array([10])])


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 14), st.integers(1, 2**20), st.data())
def test_row_keys_order_rows_and_never_collide(width, top, data):
    rows = np.array(
        data.draw(st.lists(st.lists(st.integers(0, top), min_size=width, max_size=width), min_size=1, max_size=12))
    )
    (keys,) = row_keys(rows)
    assert_keys_order_as_tuples(rows, keys)


def assert_keys_order_as_tuples(rows: np.ndarray, keys: np.ndarray) -> None:
    """Two rows' keys are equal, or one below the other, exactly as the rows are as tuples."""
    as_tuples = [tuple(r) for r in rows.tolist()]
    for i in range(len(rows)):
        for j in range(len(rows)):
            assert (keys[i] == keys[j]) == (as_tuples[i] == as_tuples[j])
            assert (keys[i] < keys[j]) == (as_tuples[i] < as_tuples[j])


def test_row_lookups_past_two_to_the_63():
    """Rows whose packed key is about 2**67 (13 atoms of up to 36 signatures): today's lookups
    found the wrong rows; they must agree with a dictionary."""
    rng = np.random.default_rng(5)
    table = kernels._unique_rows(rng.integers(0, 36, size=(400, 13)))
    assert 36**13 > 2**67
    wanted = table[rng.integers(0, len(table), size=1000)]
    where = {tuple(r): i for i, r in enumerate(table.tolist())}
    expected = [where[tuple(r)] for r in wanted.tolist()]
    assert kernels._row_index(table, wanted).tolist() == expected
    shuffled = table[rng.permutation(len(table))]
    where = {tuple(r): i for i, r in enumerate(shuffled.tolist())}
    assert kernels._lookup(shuffled, wanted).tolist() == [where[tuple(r)] for r in wanted.tolist()]
    assert kernels._unique_rows(np.concatenate([table, table])).tolist() == sorted(table.tolist())


BACCARAT = get_game("baccarat")


BETS = """
game = "baccarat"
extends = "seed"

[bets.king-banker]
outcomes = [
  { key = "win", when = "banker_rank1 == 13 and banker_wins", pays = 9 },
  { key = "push", when = "banker_rank1 == 13 and tie", pays = 0 },
  { key = "other", pays = -1 },
]

[bets.suited-nines]
outcomes = [
  { key = "two", when = "player_rank1 == 9 and player_rank2 == 9 and player_suited", pays = 250 },
  { key = "one", when = "player_rank1 == 9 or player_rank2 == 9", pays = 2 },
  { key = "other", pays = -1 },
]
"""


def _fresh_tables_and_sums(paytable, bets, rows):
    """Tables built afresh (no cache) for these bets and every kernel's sums on ``rows``."""
    deal = BACCARAT.deal
    out = {}
    for bet in bets:
        rule = paytable.rule(bet)
        reading = reading_of(feature_specs("baccarat"), rule.conditions, deal.positions)
        table = build_positional(deal, reading, rule.conditions)
        pays = paytable.bet(bet).pays
        column = np.array([[int(pays[o.key])] for o in rule.outcomes], dtype=object)
        counts = rows if table.needs_suits else rows.reshape(-1, 13, 4).sum(axis=2)
        for symmetric in (True, False):
            kernel = kernels.positional_sum(table, column, symmetric=symmetric)
            if kernel is not None:
                out[bet, symmetric] = (type(kernel.kernel).__name__, kernel.sums(counts).tolist())
        out[bet, "table"] = (table.terms.tolist(), table.ways.tolist(), table.factors)
        out[bet, "python"] = table.counts(Shoe.from_card_counts(rows[0].tolist()))
    return out


def test_every_kernel_is_the_same_past_the_packing_limit(monkeypatch, tmp_path):
    """Bets reading ranks with the drawing, suits, and pairs: each table built afresh and summed
    by every kernel that takes it, normally and with every packing forced onto Python integers."""
    path = tmp_path / "bets.toml"
    path.write_text(BETS)
    paytable = load_paytable(BACCARAT, str(path))
    rng = np.random.default_rng(3)
    full = np.array(Shoe.decks(8).card_counts())
    rows = np.maximum(full - rng.integers(0, 6, size=(6, 52)), 0)
    bets = ["king-banker", "suited-nines", "player-pair"]
    normal = _fresh_tables_and_sums(paytable, bets, rows)
    monkeypatch.setattr(intmath, "PACK_LIMIT", 0)
    assert not Packing((2, 2)).in_int64
    forced = _fresh_tables_and_sums(paytable, bets, rows)
    assert forced == normal
    assert {name for (bet, kind), (name, *_) in normal.items() if kind in (True, False)} == {
        "SymmetricSum",
        "FactoredSum",
    }


def test_the_drawing_table_is_the_same_past_the_packing_limit(monkeypatch):
    """The drawing rules compiled over multisets of values, and the factored kernel over them,
    with every packing on Python integers."""

    def play(grid):
        state = punto_banco.deal_state(grid)
        return state["used"], punto_banco._state_code(state)

    normal = compile_deal(10, 6, play, lambda c: c)
    monkeypatch.setattr(intmath, "PACK_LIMIT", 0)
    forced = compile_deal(10, 6, play, lambda c: c)
    for name in ("multisets", "table_multiset", "table_state", "table_ways"):
        assert np.array_equal(getattr(forced, name), getattr(normal, name)), name
    assert forced.states == normal.states
    columns = np.array([[((s * 7919) % 11) - 5] for s in range(len(normal.states))], dtype=object)
    folded = forced.fold(columns)
    kernel = kernels.compiled_sum(forced, folded)
    rows = np.array([[128] + [32] * 9, [100, 30, 31, 2, 30, 32, 17, 30, 32, 9]], dtype=np.int64)
    monkeypatch.setattr(intmath, "PACK_LIMIT", intmath.INT64_MAX)
    want = [
        normal.fold(columns).q and sum(w * q[0] for w, q in zip(normal.multiset_weights(r), normal.fold(columns).q))
        for r in rows.tolist()
    ]
    assert kernel.sums(rows)[0].tolist() == want


def test_an_evaluator_of_the_shipped_bets_is_unchanged_past_the_packing_limit(monkeypatch):
    """The count path as a whole (every shipped baccarat bet), its plan built with every packing
    on Python integers, against the sheet's exact counts."""
    game = BACCARAT
    paytable = load_paytable(game)
    bets = list(paytable.bets)
    rows = np.array([Shoe.decks(6).card_counts(), Shoe.decks(6).remove("Kh,5s,5d,Ac").card_counts()])
    monkeypatch.setattr(intmath, "PACK_LIMIT", 0)
    got = Evaluator(game, paytable, bets).exact(rows)
    for i, row in enumerate(rows.tolist()):
        counts = game.count(Shoe.from_card_counts(row), bets, paytable)
        for bet in bets:
            pays = paytable.bet(bet).pays
            ev = sum(pays[k] * n for k, n in counts[bet].counts.items()) / counts[bet].total
            assert got[bet][i] == ev, bet


def test_the_groups_cards_are_the_bases_ranks_with_the_masks_suits():
    """GROUP_CARDS (built with numpy at import) against the groups' definition, card by card;
    contained() against the subset test in Python integers."""
    from odds.exact.positional import GROUP_CARDS, GROUP_RADIX, RANK_VALUE, contained, group_id

    for base, kinds in ((None, [0]), ("value", range(10)), ("rank", range(13))):
        for kind in kinds:
            ranks = (
                range(13)
                if base is None
                else [r for r in range(13) if (RANK_VALUE[r] if base == "value" else r) == kind]
            )
            for mask in range(16):
                want = {4 * r + s for r in ranks for s in range(4) if mask >> s & 1}
                assert set(np.flatnonzero(GROUP_CARDS[group_id(base, kind, mask)]).tolist()) == want
    assert not GROUP_CARDS[GROUP_RADIX - 1].any()
    cards = [set(np.flatnonzero(row).tolist()) for row in GROUP_CARDS]
    fine = [0 if i // 16 == 0 else 1 if i // 16 < 11 else 2 for i in range(GROUP_RADIX)]
    for a in range(0, GROUP_RADIX, 7):
        for b in range(GROUP_RADIX):
            want = (
                a != b
                and bool(cards[a])
                and cards[a] <= cards[b]
                and (len(cards[a]) < len(cards[b]) or fine[a] > fine[b])
            )
            assert bool(contained()[a, b]) == want


def test_the_primes_are_the_largest_below_the_bound():
    """The primes written out in odds/exact/intmath.py are the twelve largest below ``2**26``:
    trial division of every number from below the last of them up to the bound."""
    from odds.exact.intmath import PRIME_BITS, PRIMES

    def trial(n):
        return n >= 2 and all(n % d for d in range(2, math.isqrt(n) + 1))

    below = [n for n in range(2**PRIME_BITS - 1, 2**PRIME_BITS - 2000, -1) if trial(n)]
    assert len(below) > len(PRIMES) and list(PRIMES) == below[: len(PRIMES)]
