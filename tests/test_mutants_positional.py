"""odds/exact/positional.py against independent figures, for the mutants of its functions that the
other tests do not notice (mutation testing, docs/development.md; the record:
docs/mutants/positional.md): tables built afresh against every ordering of a small shoe (the rules
read by hand, or tests/reference/, which imports nothing from odds); tables made from rows written
out here against every deal of small shoes and every sequence drawn with replacement, counted in
Python integers; each limit of a table at its edge, its refusal word for word, with the sizes
counted here (the enumeration's rows with the reference dealer, the suit patterns by Burnside's
lemma); the suit orbits' sizes, the enumeration's chunks and the build's progress."""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from test_mutants_plan import _fresh_table

from odds.bets.condition import compile_condition
from odds.bets.features import feature_specs, feature_table
from odds.errors import OddsError
from odds.exact import plan as plan_module
from odds.exact import positional, store
from odds.exact.positional import NO_GROUP, PositionalTable, group_id, reading_of
from odds.games import get_game
from odds.paytable import load_paytable
from odds.shoe import Shoe
from reference import dealers
from reference.walk import parse

SMALL_SHOE = "As,Kh,7d,7c,Kd,6s"  # six distinct cards: every ordering is one ordered deal


def test_the_suit_orbits_are_the_suit_multisets_of_each_shape():
    """``orbit_sizes()[code]``: how many multisets of the four suits (up to six cards) have the
    shape of ``code`` - the suit counts sorted, largest first, as base-7 digits. Counted here over
    every multiset; a merged orbit's weight sums over that many members, and a size too small
    would merge an orbit some of whose members are missing."""
    members = Counter(tuple(sorted(m, reverse=True)) for m in itertools.product(range(7), repeat=4) if sum(m) <= 6)
    sizes = positional.orbit_sizes()
    for (a, b, c, d), n in members.items():
        assert sizes[((a * 7 + b) * 7 + c) * 7 + d] == n, (a, b, c, d)
    assert members[(0, 0, 0, 0)] == 1 and members[(1, 1, 0, 0)] == 6 and members[(2, 1, 1, 0)] == 12


SUITS_ALONE = ["player_suit1 == 'h' and banker_suit1 == 's'", "player_suit1 == banker_suit1"]


def test_a_fresh_table_reading_suits_alone_counts_every_ordering():
    """Baccarat, the suits of the first two cards (P1, B1) and nothing else: each is read at any
    card (no value or rank), one kind of base - every ordering of six distinct cards settled by
    hand."""
    outcomes = dict(zip(SUITS_ALONE, [lambda p, b: p[1] == "h" and b[1] == "s", lambda p, b: p[1] == b[1]]))
    table = _fresh_table("baccarat", list(outcomes))
    assert table.depth == 2
    tally = [0] * (len(outcomes) + 1)
    for order in itertools.permutations(parse(SMALL_SHOE)):
        tally[next((i for i, hit in enumerate(outcomes.values()) if hit(order[0], order[1])), -1)] += 1
    assert table.counts(Shoe.from_cards(SMALL_SHOE)) == tally


def _with_base_rows_limit(monkeypatch, limit: int, texts: list[str], restrict=None):
    """The table of ``texts`` (baccarat) built afresh with at most ``limit`` base rows."""
    monkeypatch.setattr(positional, "BASE_ROWS_LIMIT", limit)
    monkeypatch.setattr(positional, "_BASE_ROWS", {})
    conditions = [compile_condition(t, feature_table("baccarat")) for t in texts] + [None]
    reading = reading_of(feature_specs("baccarat"), conditions, 6)
    return plan_module.build_positional(get_game("baccarat").deal, reading, conditions, restrict)


def _every_ordering(settles, shoe: str = SMALL_SHOE) -> list[int]:
    """``[ordered deals of six cards of the shoe where settles(deal), the others]``."""
    hits = sum(1 for order in itertools.permutations(parse(shoe), 6) if settles(order))
    return [hits, math.perm(len(parse(shoe)), 6) - hits]


@pytest.mark.parametrize(
    "text, rows, settles",
    [
        ("player_rank1 == banker_rank1", 13 * 13, lambda order: order[0][0] == order[1][0]),  # every pair of ranks
        ("1 == 1", 1, lambda order: True),  # nothing read: the empty sequence, once
    ],
)
def test_a_table_of_exactly_the_base_rows_allowed_is_built_and_one_more_is_refused_before_enumerating(
    monkeypatch, text, rows, settles
):
    """A table enumerating ``rows`` base rows is built at a limit of ``rows`` and counts every
    ordered deal; at ``rows - 1`` it is refused with the limit's text, before a single row is
    enumerated (the limit is there to keep the enumeration from running)."""
    table = _with_base_rows_limit(monkeypatch, rows, [text])
    assert table.counts(Shoe.from_cards(SMALL_SHOE)) == _every_ordering(settles)
    if rows == 1:
        return

    def enumerated(*args):
        raise AssertionError("rows enumerated past the limit")

    monkeypatch.setattr(positional, "_enumerate", enumerated)
    with pytest.raises(OddsError) as refused:
        _with_base_rows_limit(monkeypatch, rows - 1, [text])
    assert str(refused.value) == f"an exact table would enumerate {rows:,} rows, more than the {rows - 1:,} allowed"


def test_a_fresh_table_computes_with_card_values_as_integers():
    """A condition's arithmetic on the card values is exact in int64 up to its checked range: a
    value times 10**17, plus 1, exceeds the value times 10**17 for every card (in float64, from
    2**53 on, it would not) - every ordering, counted here in Python integers."""
    big = "player_value1 * 1000000000000000 * 100"
    table = _fresh_table("baccarat", [f"{big} + 1 > {big}"])
    assert table.counts(Shoe.from_cards(SMALL_SHOE)) == _every_ordering(
        lambda order: dealers.value(order[0]) * 10**17 + 1 > dealers.value(order[0]) * 10**17
    )


TENS = {0: [0], 1: [0]}
"""The first two cards (P1, B1) ten-valued: the rows a table enumerates there, as for cards seen."""


def _tens_then_five_cards(order) -> bool:
    return dealers.value(order[0]) == dealers.value(order[1]) == 0 and dealers.deal_baccarat(order).cards_dealt == 5


def test_a_table_with_the_drawing_is_held_to_the_rows_it_enumerates(monkeypatch):
    """``cards == 5`` reads the values of the first five cards with the drawing, here with both
    first cards ten-valued: the fifth is enumerated only where the round deals it, so the rows are
    each value of P2 and B2 once, times the ten values of a fifth card when the round deals one
    (the reference dealer) - fewer than the 1,000 sequences of three values. At a limit of exactly
    those rows the table is built and counts every ordering; at one fewer it is refused, naming
    the rows enumerated."""
    rows = 0
    for p2, b2 in itertools.product(range(10), repeat=2):
        cards = [(10, "s"), (10, "s"), (p2 or 10, "s"), (b2 or 10, "s"), (1, "s"), (1, "s")]
        rows += 10 if dealers.deal_baccarat(cards).cards_dealt >= 5 else 1
    assert rows < 10**3
    table = _with_base_rows_limit(monkeypatch, rows, ["cards == 5"], TENS)
    assert table.counts(Shoe.from_cards(SMALL_SHOE)) == _every_ordering(_tens_then_five_cards)
    with pytest.raises(OddsError) as refused:
        _with_base_rows_limit(monkeypatch, rows - 1, ["cards == 5"], TENS)
    assert str(refused.value) == f"an exact table would enumerate {rows:,} rows, more than the {rows - 1:,} allowed"


def test_a_deal_without_an_early_stop_enumerates_every_sequence_and_counts_each_round_once(monkeypatch):
    """A deal that does not say how many cards every round deals (``always_dealt`` None: no shipped
    game) has every sequence of values enumerated, a round that ends early repeated once per value
    of each position it does not deal; each is kept once (at the first value there). Its table of
    four cards dealt, five, and the player winning (which reads all six), with both first cards ten-valued, is
    the same as with baccarat's early stop, and counts the orderings that deal them, settled by
    the reference dealer."""
    game = get_game("baccarat")
    texts = ["cards == 4", "cards == 5", "player_wins"]
    conditions = [compile_condition(t, feature_table("baccarat")) for t in texts] + [None]
    reading = reading_of(feature_specs("baccarat"), conditions, game.deal.positions)
    monkeypatch.setattr(positional, "_BASE_ROWS", {})
    without = dataclasses.replace(game.deal, name="baccarat without its early stop", always_dealt=None)
    table = plan_module.build_positional(without, reading, conditions, TENS)
    early = plan_module.build_positional(game.deal, reading, conditions, TENS)
    assert (table.factors, table.terms.tolist(), table.ways.tolist()) == (
        early.factors,
        early.terms.tolist(),
        early.ways.tolist(),
    )
    tally = [0] * 4
    for order in itertools.permutations(parse(SMALL_SHOE)):
        hands = dealers.deal_baccarat(order)
        tens = dealers.value(order[0]) == dealers.value(order[1]) == 0
        dealt = len(hands.first) + len(hands.second)
        tally[dealt - 4 if tens and dealt < 6 else 2 if tens and hands.winner() == "first" else 3] += 1
    assert table.counts(Shoe.from_cards(SMALL_SHOE)) == tally and 0 not in tally


def test_product_chunks_are_every_combination_in_order_chunked_over_the_leading_positions():
    """Every combination of the allowed kinds, in the order of ``itertools.product``, in chunks of
    the trailing positions' combinations: the fewest leading positions are split off that bring a
    chunk to at most ``chunk_rows`` rows (all of them when even the last alone is larger)."""
    allowed = [np.array([3, 1, 4]), np.array([5, 9]), np.array([2, 6, 0, 7])]
    every = list(itertools.product(*(a.tolist() for a in allowed)))
    for chunk_rows, size in [(10**6, 24), (24, 24), (23, 8), (8, 8), (7, 4), (4, 4), (3, 1), (1, 1)]:
        chunks = list(positional._product_chunks(allowed, chunk_rows))
        assert [len(c) for c in chunks] == [size] * (24 // size), chunk_rows
        assert [tuple(row) for c in chunks for row in c.tolist()] == every


@pytest.mark.parametrize(
    "limit, verb, texts, settles",
    [
        ("MULTISET_LIMIT", "hold", ["player_rank1 == banker_rank1"], lambda p, b: p[0] == b[0]),
        ("TERM_ROWS_LIMIT", "group", ["player_rank1 == banker_rank1"], lambda p, b: p[0] == b[0]),
        ("MULTISET_LIMIT", "hold", SUITS_ALONE, lambda p, b: p[1] == b[1] or (p[1], b[1]) == ("h", "s")),
        ("TERM_ROWS_LIMIT", "group", SUITS_ALONE, lambda p, b: p[1] == b[1] or (p[1], b[1]) == ("h", "s")),
    ],
)
def test_the_limits_on_multisets_and_grouped_rows_are_exact_at_their_edge(monkeypatch, limit, verb, texts, settles):
    """The bets on P1 and B1 settle in an outcome but the last for a pair of equal ranks (13 rows
    of kinds, 13 multisets of them), or a pair of equal suits or a heart then a spade (5 and 5):
    counted here over every pair of kinds. At a limit of exactly that many the table is built; at
    one fewer it is refused word for word."""
    kinds = [(r, "s") for r in range(1, 14)] if "rank" in texts[0] else [(1, s) for s in "shdc"]
    rows = [(p, b) for p, b in itertools.product(kinds, repeat=2) if settles(p, b)]
    size = len(rows) if verb == "group" else len({tuple(sorted(row)) for row in rows})
    monkeypatch.setattr(positional, limit, size)
    monkeypatch.setattr(positional, "_BASE_ROWS", {})
    _fresh_table("baccarat", texts)
    monkeypatch.setattr(positional, limit, size - 1)
    with pytest.raises(OddsError) as refused:
        _fresh_table("baccarat", texts)
    assert str(refused.value) == f"an exact table would {verb} {size:,} rows, more than the {size - 1:,} allowed"


def test_the_grouped_rows_are_counted_over_every_batch(monkeypatch):
    """Rows grouped in batches (as the suit patterns of each group of signatures come) count
    towards the limit together: three batches of two rows pass a limit of 6, and at 5 the third
    is refused, naming the 6 rows."""
    batch = np.array([[group_id("rank", 12, 2), NO_GROUP], [group_id("value", 5, 15), NO_GROUP]])
    outcome = np.array([0, 0])
    monkeypatch.setattr(positional, "TERM_ROWS_LIMIT", 6)
    rows = positional._Rows(2)
    for _ in range(3):
        rows.group(batch, outcome)
    monkeypatch.setattr(positional, "TERM_ROWS_LIMIT", 5)
    rows = positional._Rows(2)
    rows.group(batch, outcome)
    rows.group(batch, outcome)
    with pytest.raises(OddsError) as refused:
        rows.group(batch, outcome)
    assert str(refused.value) == "an exact table would group 6 rows, more than the 5 allowed"


def test_the_settling_limit_is_exact_at_its_edge(monkeypatch):
    """The suits of P1 and B1 compared with hearts, spades and each other: one base row (no value
    or rank read), settled once for each pattern of the two suits - the pairs of suits up to
    exchanging diamonds and clubs, which no condition tells apart: (16 + 4) / 2 = 10 (Burnside:
    the exchange fixes the 4 pairs of hearts and spades). Built at a limit of 10, refused at 9."""
    swap = str.maketrans("dc", "cd")
    pairs = {min(p, p.translate(swap)) for p in ("".join(x) for x in itertools.product("shdc", repeat=2))}
    assert len(pairs) == (16 + 4) // 2
    monkeypatch.setattr(positional, "SETTLE_LIMIT", len(pairs))
    monkeypatch.setattr(positional, "_BASE_ROWS", {})
    _fresh_table("baccarat", SUITS_ALONE)
    monkeypatch.setattr(positional, "SETTLE_LIMIT", len(pairs) - 1)
    with pytest.raises(OddsError) as refused:
        _fresh_table("baccarat", SUITS_ALONE)
    assert str(refused.value) == "an exact table would settle 10 rows, more than the 9 allowed"


def test_a_bet_reading_the_drawing_and_a_suit_plays_the_drawing():
    """``cards == 4 and player_suit1 == 'h'``: the drawing is read by one feature (``cards``) and
    not by the other, whichever comes last - a round of four cards with a heart first, the first
    two cards ten-valued, over every ordering (the reference dealer)."""
    game = get_game("baccarat")
    conditions = [compile_condition("cards == 4 and player_suit1 == 'h'", feature_table("baccarat")), None]
    reading = reading_of(feature_specs("baccarat"), conditions, game.deal.positions)
    assert reading.state and reading.drawing
    table = plan_module.build_positional(game.deal, reading, conditions, TENS)
    shoe = "Kh,Ks,Kd,7c,Th,6s,9h"  # a heart first, ten-valued cards, rounds of four and more
    expected = _every_ordering(
        lambda order: (
            dealers.value(order[0]) == dealers.value(order[1]) == 0
            and order[0][1] == "h"
            and dealers.deal_baccarat(order).cards_dealt == 4
        ),
        shoe,
    )
    assert table.counts(Shoe.from_cards(shoe)) == expected and 0 not in expected


def test_a_build_reports_its_progress_in_order_up_to_the_table():
    """The builder reports the fraction done: 0.1 once the base rows are enumerated, then after
    each group of signatures settled - by the suited positions they deal: here the player's third
    card dealt or not - up to 0.7 once all are, and 0.9 before the terms are written; in order."""
    game = get_game("baccarat")
    conditions = [compile_condition("player_suit3 == 'h'", feature_table("baccarat")), None]
    reading = reading_of(feature_specs("baccarat"), conditions, game.deal.positions)
    progress: list[float] = []
    plan_module.build_positional(game.deal, reading, conditions, TENS, progress=progress.append)
    assert progress == sorted(progress) and progress[0] == 0.1 and progress[-1] == 0.9
    assert len(progress) == 4 and progress[2] == pytest.approx(0.7)


SAME_RANK = """game = "baccarat"
extends = "seed"

[bets.same-rank]
outcomes = [
  { key = "same", when = "player_rank1 == banker_rank1", pays = 11 },
  { key = "other", pays = -1 },
]
"""


def test_a_card_seen_is_enumerated_at_its_own_rank_alone(monkeypatch, tmp_path):
    """Given the player's first card (a King), the table of ``player_rank1 == banker_rank1``
    enumerates one rank at P1 and 13 at B1: 13 base rows, within a limit of 13 (every rank at P1
    would be 169) - and it counts the orderings that show a King first, settled by hand."""
    monkeypatch.setattr(positional, "BASE_ROWS_LIMIT", 13)
    monkeypatch.setattr(positional, "_BASE_ROWS", {})
    monkeypatch.setattr(plan_module, "_SEEN", {})
    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "same-rank.toml"
    path.write_text(SAME_RANK)
    game = get_game("baccarat")
    plan = plan_module.Plan(game, load_paytable(game, str(path)), ["same-rank"], game.seen_cards("K", ""))
    counts = plan.counts(Shoe.from_cards(SMALL_SHOE))["same-rank"]
    shown = Counter(order[1][0] == 13 for order in itertools.permutations(parse(SMALL_SHOE)) if order[0][0] == 13)
    assert {k: Fraction(n, counts.total) for k, n in counts.counts.items()} == {
        "same": Fraction(shown[True], shown.total()),
        "other": Fraction(shown[False], shown.total()),
    }


# -- tables made from rows written out -----------------------------------------------------------------------

SUITS = {"s": 1, "h": 2, "d": 4, "c": 8}  # a group's suit mask: bit s of "s h d c"


def _group(base: str | None, kind: int, suits: str = "shdc") -> tuple[str | None, int, str]:
    """A group of cards: ``base`` None (any rank), ``"value"`` (``kind``: 0-9) or ``"rank"``
    (``kind``: 0-12), with some suits."""
    return base, kind, suits


def _holds(group, card) -> bool:
    base, kind, suits = group
    rank, suit = card
    at = True if base is None else dealers.value(card) == kind if base == "value" else rank == kind + 1
    return at and suit in suits


def _size(group, with_suits: bool) -> int:
    """The card kinds in a group (52 in all), or its ranks (13 in all) for a table that reads no
    suit: counted over every card."""
    cards = [(rank, suit) for rank in range(1, 14) for suit in ("shdc" if with_suits else "s")]
    return sum(_holds(group if with_suits else group[:2] + ("s",), card) for card in cards)


def _table(assignments, positions: int, outcomes: int) -> PositionalTable:
    """The table of rows ``(groups of the first positions, outcome)``, each ordering of the
    positions once (the others not read)."""
    ids = [
        sorted(
            [group_id(b, k, sum(SUITS[x] for x in s)) for b, k, s in groups] + [NO_GROUP] * (positions - len(groups))
        )
        for groups, _ in assignments
    ]
    return PositionalTable.from_groups(positions, positions, ids, [o for _, o in assignments], [1] * len(ids), outcomes)


def _with_replacement(assignments, positions: int, outcomes: int, with_suits: bool) -> list[int]:
    """Each outcome's sequences of cards (ranks) drawn with replacement: the product of the
    groups' sizes, times every card (rank) at each position not read; the last outcome the rest."""
    unit = 52 if with_suits else 13
    expected = [0] * outcomes
    for groups, o in assignments:
        expected[o] += math.prod(_size(g, with_suits) for g in groups) * unit ** (positions - len(groups))
    expected[-1] = unit**positions - sum(expected[:-1])
    return expected


def _every_deal(assignments, positions: int, outcomes: int, cards) -> list[int]:
    """Each outcome's ordered deals of ``positions`` of ``cards`` (every arrangement of the
    physical cards), a deal counted once for each row whose groups hold its first cards: every
    ordered choice of a row's first cards matched, times the orderings of the others; the last
    outcome the rest."""
    expected = [0] * outcomes
    for groups, o in assignments:
        k = len(groups)
        hits = sum(all(_holds(g, c) for g, c in zip(groups, first)) for first in itertools.permutations(cards, k))
        expected[o] += hits * math.perm(len(cards) - k, positions - k)
    expected[-1] = math.perm(len(cards), positions) - sum(expected[:-1])
    return expected


def _suit_rows():
    """Rows reading cards, suits and groups of several kinds (every kind of factor of a table that
    reads suits), each row's groups nested or apart: a King of hearts then of spades, two Kings
    of hearts, a Queen of one suit twice (every suit: merged into a suit shape), a rank twice,
    values at any suit (a ten-value card twice; a 5; a King inside the ten-values), hearts of any
    rank twice around a 3 of hearts, a ten-value heart; the ace of spades then of hearts, two aces
    of one suit (every suit: the ace of spades is card 0), two Jacks of one suit (every suit, but
    clubs settles otherwise: not merged), two 5s of two suits and three 7s of three (every choice
    of suits)."""
    g = _group
    rows = [
        ([g("rank", 12, "h"), g("rank", 12, "s")], 0),
        ([g("rank", 12, "h"), g("rank", 12, "h")], 1),
        ([g("rank", 2), g("rank", 2), g("value", 5)], 1),
        ([g("value", 0), g("value", 0), g("value", 5)], 0),
        ([g("rank", 12), g("value", 0)], 1),
        ([g(None, 0, "h"), g("value", 3, "h"), g(None, 0, "h")], 1),
        ([g("value", 0, "h")], 0),
    ]
    rows += [([g("rank", 11, s), g("rank", 8), g("rank", 11, s)], 1) for s in "shdc"]
    rows += [([g("rank", 0, "s"), g("rank", 0, "h")], 0)] + [([g("rank", 0, s)] * 2, 1) for s in "shdc"]
    rows += [([g("rank", 10, s)] * 2, 0 if s == "c" else 1) for s in "shdc"]
    rows += [([g("rank", 4, a), g("rank", 4, b)], 1) for a, b in itertools.combinations("shdc", 2)]
    rows += [([g("rank", 6, a), g("rank", 6, b), g("rank", 6, c)], 0) for a, b, c in itertools.combinations("shdc", 3)]
    return rows


def _rank_rows():
    """Rows reading ranks and values only (a table counted over the 13 ranks): a 3 twice, a
    ten-value card, a 5 and an ace, a King inside the ten-values, a 9 three times."""
    g = _group
    return [
        ([g("rank", 2), g("rank", 2)], 0),
        ([g("value", 0)], 1),
        ([g("value", 5), g("rank", 0)], 0),
        ([g("rank", 12), g("value", 0), g("value", 0)], 1),
        ([g("value", 9)] * 3, 1),
    ]


@pytest.mark.parametrize(
    "with_suits, rows, shoes",
    [
        (
            True,
            _suit_rows,
            ["Kh,Ks,Kh,Qd,Qd,9c,5h", "3h,3s,Th,Jc,Jc,Qs,9s", "As,As,Ah,Jd,Jd,3h,Kc", "5s,5h,5d,7s,7h,7c,2d"],
        ),
        (False, _rank_rows, ["3h,3s,Kh,Td,5c,As,9h,9s"]),
    ],
)
def test_a_table_made_from_rows_counts_them_over_every_deal_and_with_replacement(with_suits, rows, shoes):
    """A row stands for the deals whose read positions fall in its groups. On small shoes, every
    ordered deal of four cards counted here (``counts``, and ``batch_dot`` in int64 and in Python
    integers); from an infinite shoe, the product of the groups' sizes times 52 (13 for a table
    that reads no suit) for each position not read, of ``52**4`` (``13**4``). Three outcomes, the
    last the rest; the table holds each kind of factor it may (checked), so each is priced, and
    merges exactly the orbits of suits whose members are all there and settle alike; the store
    would take it back (its terms no wider than a table of four cards may be)."""
    table = _table(rows(), 4, 3)
    kinds = {f[0] for f in table.factors}
    assert kinds == (
        {"one", "card", "shape", "rank", "value", "group", "rest"} if with_suits else {"one", "rank", "value", "rest"}
    )
    assert table.needs_suits is with_suits
    # the whole orbits of equal members are merged into suit shapes, by rank: aces, 5s, 7s, Queens
    shapes = {("shape", 0, (2,)), ("shape", 4, (1, 1)), ("shape", 6, (1, 1, 1)), ("shape", 11, (2,))}
    assert {f for f in table.factors if f[0] == "shape"} == (shapes if with_suits else set())
    assert store.positional_problem(table.to_arrays(), 4, 3) is None  # a table the store takes back
    unit = 52 if with_suits else 13
    totals, total = table.counts_with_replacement()
    assert totals == _with_replacement(rows(), 4, 3, with_suits) and total == unit**4
    assert all(type(x) is int for x in totals + [total])
    every = [_every_deal(rows(), 4, 3, parse(text)) for text in shoes]
    assert [table.counts(Shoe.from_cards(text)) for text in shoes] == every
    counts = np.array([Shoe.from_cards(t).card_counts() if with_suits else Shoe.from_cards(t).ranks() for t in shoes])
    identity = np.eye(3, dtype=np.int64).astype(object)
    for bound in (1, 2**62):  # int64, then past its bound: Python integers
        assert table.batch_dot(counts, identity, bound).tolist() == every


@pytest.mark.parametrize("positions", [12, 16])
def test_counts_with_replacement_are_python_integers_past_2_63(positions):
    """One position read at a heart of any rank, the others not: ``13 * 52**(P - 1)`` of the
    ``52**P`` sequences. At 12 positions every factor (``52**11``, 13) is below 2**63 and their
    product is not; at 16 its odd part ``13**16`` is no float64."""
    rows = [([_group(None, 0, "h")], 0)]
    hearts = 13 * 52 ** (positions - 1)
    assert _with_replacement(rows, positions, 2, True) == [hearts, 52**positions - hearts] and hearts > 2**63
    assert _table(rows, positions, 2).counts_with_replacement() == ([hearts, 52**positions - hearts], 52**positions)


def test_a_fresh_table_with_replacement_is_each_cards_chance():
    """Baccarat, the player's first card a heart and his second of value 7 or more: with
    replacement the positions are independent, 13 of 52 cards and 12 of 52."""
    table = _fresh_table("baccarat", ["player_suit1 == 'h' and player_value2 >= 7"])
    assert table.counts_with_replacement() == ([13 * 12 * 52**4, 52**6 - 13 * 12 * 52**4], 52**6)


def test_batch_dot_takes_pay_columns_as_python_integers_past_int64():
    """``batch_dot``'s columns may be any array of integers - here a list, then int64: pays of
    ``2**62 + 1`` and ``-2**62 - 1`` (and a column of small pays beside them), whose difference no
    int64 holds and no float64 either; ``2**55 + 1``, whose products with the orderings int64
    holds and float64 does not; small pays. Each shoe's sum is every ordered deal of four cards
    counted here, times its pays, in Python integers - on one table (a cached product of other
    pays would not do); int64 while ``bound * (N)_4`` is (N: the larger shoe's 10 cards)."""
    table = _table(_rank_rows(), 4, 3)
    shoes = ["3h,3s,Kh,Td,5c,As,9h,9s", "3h,Kh,Td,Tc,Qs,5c,As,9h,9s,2d"]
    deals = [_every_deal(_rank_rows(), 4, 3, parse(t)) for t in shoes]
    counts = np.array([Shoe.from_cards(t).ranks() for t in shoes])
    for pays in ([[2**62 + 1, 3], [0, -1], [-(2**62) - 1, 1]], [[2**55 + 1], [3], [0]], [[2, 0], [-1, 5], [0, -1]]):
        bound = max(abs(x) for row in pays for x in row)
        expected = [[sum(n * column[o] for o, n in enumerate(each)) for column in zip(*pays)] for each in deals]
        out = table.batch_dot(counts, pays, bound)
        assert out.tolist() == expected and out.dtype == (object if bound * math.perm(10, 4) >= 2**63 else np.int64)
        assert table.batch_dot(counts.astype(np.int8), np.array(pays, dtype=np.int64), bound).tolist() == expected


@pytest.mark.parametrize(
    "ranks, pays, expected",
    [
        ({13: 1}, [2**62, -(2**62)], 2**62),  # a King, ten-valued: the one deal pays 2**62
        ({1: 1}, [2**62, -(2**62)], -(2**62)),  # an ace
        ({}, [2**70, -(2**70)], 0),  # no card: no deal
    ],
)
def test_batch_dot_of_a_shoe_of_as_many_cards_as_it_reads_or_fewer(ranks, pays, expected):
    """A table reading one position (a ten-valued card or not), on a shoe of one card or none:
    ``bound * (N)_1`` fits int64, and the difference of the two pays (``2**63``, ``2**71``) does
    not - the result is exact all the same (computed modulo ``2**64``)."""
    table = _table([([_group("value", 0)], 0)], 1, 2)
    counts = np.array([[ranks.get(r, 0) for r in range(1, 14)]])
    out = table.batch_dot(counts, [[pays[0]], [pays[1]]], abs(pays[0]))
    assert out.tolist() == [[expected]] and out.dtype == np.int64


def test_batch_dot_stays_in_int64_up_to_its_bound_exactly():
    """``int64`` exactly while ``max(1, bound) * (N)_D <= 2**63 - 1``: a table reading one
    position (an ace, or a ten-valued card), a shoe of ``2**63 - 1`` cards, all aces but one card
    of each other rank; pays 1 and 0 (bound 1, and 0) - at bound 2, past it, Python integers; the
    ``2**63 - 13`` deals of an ace (no float64 holds it), the 4 of a ten-valued card, either way."""
    counts = np.array([[2**63 - 1 - 12] + [1] * 12])
    for value, deals in [(1, 2**63 - 13), (0, 4)]:
        table = _table([([_group("value", value)], 0)], 1, 2)
        for bound, dtype in [(0, np.int64), (1, np.int64), (2, object)]:
            out = table.batch_dot(counts, [[1], [0]], bound)
            assert out.tolist() == [[deals]] and out.dtype == dtype, (value, bound)


def test_batch_dot_of_no_shoes_is_an_empty_row_per_column():
    """No shoes: ``(0, columns)`` integers, nothing summed."""
    table = _table(_rank_rows(), 4, 3)
    out = table.batch_dot(np.zeros((0, 13), dtype=np.int64), [[1, 2], [3, 4], [5, 6]], 6)
    assert out.shape == (0, 2) and out.dtype == np.int64


def test_batch_dot_of_a_table_without_terms_or_of_no_pays():
    """A table of no rows: every deal in the last outcome, ``(N)_4`` of them (13 distinct ranks),
    each paying the last pays. No pay columns: ``(shoes, 0)``."""
    empty = PositionalTable.from_groups(4, 4, np.zeros((0, 4), dtype=np.int64), [], [], 3)
    ranks = np.ones((1, 13), dtype=np.int64)
    assert empty.batch_dot(ranks, [[1, 0], [2, 0], [5, -7]], 7).tolist() == [
        [5 * math.perm(13, 4), -7 * math.perm(13, 4)]
    ]
    assert _table(_rank_rows(), 4, 3).batch_dot(ranks, np.zeros((3, 0), dtype=object), 0).shape == (1, 0)


def test_a_table_of_more_than_2000_terms_counts_through_batch_dot_in_python_integers():
    """Every multiset of four ranks (1,820) in one outcome, of three (455) and a heart in another,
    each one ordering: 2,276 terms, so ``counts`` goes through ``batch_dot``. They count the deals
    whose first four (three) ranks are in order, or whose first card is a heart - a deal counted
    once per row that holds it: over every ordered deal of four cards of a small shoe, and for
    1,100 decks (``(N)_4`` past 2**63) multiset by multiset, in Python integers."""
    fours = list(itertools.combinations_with_replacement(range(13), 4))
    threes = list(itertools.combinations_with_replacement(range(13), 3))
    rows = [([_group("rank", r) for r in m], 0) for m in fours] + [([_group("rank", r) for r in m], 1) for m in threes]
    table = _table(rows + [([_group(None, 0, "h")], 1)], 4, 3)
    assert len(table.terms) == 2276 and table.needs_suits
    shoe = "3h,3s,Kh,Td,5c,As,9h,9s"
    deals = list(itertools.permutations(parse(shoe), 4))
    four = sum(1 for d in deals if [c[0] for c in d] == sorted(c[0] for c in d))
    three = sum(1 for d in deals if [c[0] for c in d[:3]] == sorted(c[0] for c in d[:3]))
    three += sum(1 for d in deals if d[0][1] == "h")
    counts = table.counts(Shoe.from_cards(shoe))
    assert counts == [four, three, len(deals) - four - three]
    rank, n = 4 * 1100, 52 * 1100  # cards of each rank, in all

    def ordered(multisets) -> int:
        return sum(math.prod(math.perm(rank, m) for m in Counter(ms).values()) for ms in multisets)

    four, three = ordered(fours), ordered(threes) * (n - 3) + 13 * 1100 * math.perm(n - 1, 3)
    assert math.perm(n, 4) > 2**63
    counts = table.counts(Shoe.decks(1100))
    assert counts == [four, three, math.perm(n, 4) - four - three] and all(type(x) is int for x in counts)


def test_batch_dot_of_more_shoes_than_one_block_equals_them_in_smaller_batches():
    """Perfect Pair's shipped table (1,300 terms of 4 factors: blocks of 384 shoes): 800 shoes at
    once give what the same shoes give 100 at a time (each batch within one block)."""
    game = get_game("baccarat")
    plan = plan_module.Plan.of(game, game.paytable(), ["perfect-pair"])
    ((_, table, matrix, _),) = plan._card_groups
    width = 52 if table.needs_suits else 13
    counts = np.full((800, width), 416 // width) - np.random.default_rng(3).integers(0, 4, size=(800, width))
    bound = max(abs(int(x)) for x in matrix.ravel().tolist())
    whole = table.batch_dot(counts, matrix, bound)
    parts = [table.batch_dot(counts[i : i + 100], matrix, bound) for i in range(0, 800, 100)]
    assert len(whole) == 800 and whole.tolist() == np.concatenate(parts).tolist()


@pytest.mark.parametrize(
    "factor",
    [("card", 4, 1), ("group", group_id("rank", 12, 1), 0, 1), ("shape", 12, (2,))],
    ids=["card", "group", "shape"],
)
def test_factors_that_read_suits_refuse_rank_counts_word_for_word(factor):
    """A table's factors computed for many shoes at once: a card's, a group's (hearts of any
    rank) or a suit shape's needs the 52 card counts; given 13 rank counts, one refusal. A
    table of rank and value factors alone takes the rank counts."""
    values, _ = positional._flat_factor_plan([("one",), factor], 2)
    with pytest.raises(ValueError) as refused:
        values(np.full((1, 13), 4, dtype=np.int64))
    assert str(refused.value) == "these factors read suits: give 52 card counts, not 13 rank counts"
    assert values(np.full((1, 52), 1, dtype=np.int64))[0, 0] == 1
    ranks_only, _ = positional._flat_factor_plan([("one",), ("rank", 12, 0, 1), ("value", 0, 1, 1)], 2)
    assert ranks_only(np.full((1, 13), 4, dtype=np.int64)).tolist() == [[1, 4, 15]]


ORDERED_FOUR = """
game = "baccarat"
extends = "seed"

[bets.ordered]
outcomes = [
  { key = "win", when = "player_rank1 <= banker_rank1 and banker_rank1 <= player_rank2 and player_rank2 <= banker_rank2 and player_suit1 == 'h'", pays = 1 },
  { key = "other", pays = -1 },
]
"""


def test_a_table_reading_four_of_six_positions_counts_alike_by_both_routes(tmp_path, monkeypatch):
    """A bet on the first four cards alone (1,820 terms, four of the deal's six positions read):
    the cards not read multiply each term's deals by ``(N - 4)_2``, on the route term by term and on
    the route through ``batch_dot`` (every table past ``BATCH_TERMS = 0``), for small shoes and
    for eight decks; and on a shoe of eight cards, the count of its 6-card orderings that win."""
    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "ordered.toml"
    path.write_text(ORDERED_FOUR)
    game = get_game("baccarat")
    plan = plan_module.Plan.of(game, load_paytable(game, str(path)), ["ordered"])
    ((_, table, _, _),) = plan._card_groups
    assert (table.depth, table.positions) == (4, 6) and len(table.terms) < positional.BATCH_TERMS
    cards = "3h,3s,Kh,Td,5c,As,9h,9s"
    deals = list(itertools.permutations(parse(cards), 6))
    wins = sum(1 for d in deals if [c[0] for c in d[:4]] == sorted(c[0] for c in d[:4]) and d[0][1] == "h")
    shoes = [Shoe.from_cards(cards), Shoe.decks(1).remove("Ah,Kd,7c"), Shoe.decks(8)]
    term_by_term = [table.counts(shoe) for shoe in shoes]
    assert term_by_term[0][0] == wins and sum(term_by_term[0]) == len(deals)
    monkeypatch.setattr(positional, "BATCH_TERMS", 0)
    assert [table.counts(shoe) for shoe in shoes] == term_by_term


def test_a_table_grouped_in_chunks_of_a_few_rows_is_the_table_grouped_at_once(monkeypatch):
    """The concrete rows of a table reading suits with the drawing are grouped in chunks of about
    ``CHUNK`` rows (2**21): chunks of 1,000 rows give the same table, array for array."""

    def built():
        monkeypatch.setattr(positional, "_BASE_ROWS", {})
        return _fresh_table("baccarat", ["player_suit1 == banker_suit1 and player_wins"]).to_arrays()

    whole = built()
    monkeypatch.setattr(positional, "CHUNK", 1000)
    chunked = built()
    assert sorted(whole) == sorted(chunked) and len(whole["terms"]) > 100
    for name in whole:
        assert np.array_equal(whole[name], chunked[name]), name


def test_a_table_past_the_rows_it_may_group_is_refused_before_grouping_them(monkeypatch):
    """``TERM_ROWS_LIMIT`` one below a table's concrete rows (a table reading suits with the
    drawing, several signature groups): refused at the last group, naming all its rows,
    counted before they are expanded - no rows are ever grouped past the limit (the refusal
    comes from the check of each group's rows, not from grouping them)."""
    texts = ['player_suit1 == banker_suit2 and banker_suit3 == "s"']
    original = positional._Rows.group
    grouped: list[int] = []

    def group(self, ids, outcome):
        grouped.append(self.total + len(ids))
        assert grouped[-1] <= positional.TERM_ROWS_LIMIT, "rows grouped past the limit"
        return original(self, ids, outcome)

    monkeypatch.setattr(positional._Rows, "group", group)
    monkeypatch.setattr(positional, "_BASE_ROWS", {})
    rows = int(_fresh_table("baccarat", texts).to_arrays()["ways"].sum())
    assert len(grouped) > 1 and grouped[-1] == rows
    before = grouped[-2]  # the rows of every group but the last
    limit = rows - 1
    monkeypatch.setattr(positional, "TERM_ROWS_LIMIT", limit)
    monkeypatch.setattr(positional, "_BASE_ROWS", {})
    grouped.clear()
    with pytest.raises(OddsError) as refused:
        _fresh_table("baccarat", texts)
    count = int(re.search(r"group ([\d,]+) rows", str(refused.value)).group(1).replace(",", ""))
    assert grouped[-1] == before and count == rows  # every row counted, the last group's not grouped
    assert str(refused.value) == f"an exact table would group {count:,} rows, more than the {limit:,} allowed"


@pytest.mark.parametrize("text", ["player_pair and player_rank1 != player_rank2", "cards == 4 and player_third >= 0"])
def test_a_bet_no_deal_wins_is_a_table_of_no_terms_that_counts_every_deal_lost(text):
    """A condition no round satisfies (a pair of two ranks; four cards and a player's third)
    groups no row: the table has no term, its depth is what it reads (the drawing's six
    positions when it plays the drawing), and every ordered deal of the shoe falls to the last
    outcome - ``(N)_6``, counted here over every ordering."""
    table = _fresh_table("baccarat", [text])
    assert len(table.terms) == 0 and table.ways.shape == (0, 2)
    assert table.depth == (6 if "third" in text else 2)
    assert table.counts(Shoe.from_cards(SMALL_SHOE)) == _every_ordering(lambda order: False)
    assert table.counts(Shoe.decks(1)) == [0, math.perm(52, 6)]
    assert table.counts_with_replacement() == ([0, 13**6], 13**6)
