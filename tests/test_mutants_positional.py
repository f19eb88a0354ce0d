"""odds/exact/positional.py against independent figures, for the mutants of its functions that the
other tests do not notice (mutation testing, docs/development.md; the record:
docs/mutants/positional.md): tables built afresh against every ordering of a small shoe (the rules
read by hand, or tests/reference/, which imports nothing from odds), the base rows' limit and the
cards seen against their exact refusal, the suit orbits' sizes counted here, and the counts from
an infinite shoe of tables made from rows written out here against Python integers."""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from test_mutants_plan import _fresh_table

from odds.bets.condition import compile_condition
from odds.bets.features import feature_specs, feature_table
from odds.errors import OddsError
from odds.exact import plan as plan_module
from odds.exact import positional
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


def test_a_fresh_table_reading_suits_alone_counts_every_ordering():
    """Baccarat, the suits of the first two cards (P1, B1) and nothing else: each is read at any
    card (no value or rank), one kind of base - every ordering of six distinct cards settled by
    hand."""
    outcomes = {
        "player_suit1 == 'h' and banker_suit1 == 's'": lambda p, b: p[1] == "h" and b[1] == "s",
        "player_suit1 == banker_suit1": lambda p, b: p[1] == b[1],
    }
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


def _every_ordering(settles) -> list[int]:
    """``[orderings of SMALL_SHOE where settles(order), the others]``."""
    hits = sum(1 for order in itertools.permutations(parse(SMALL_SHOE)) if settles(order))
    return [hits, math.factorial(len(parse(SMALL_SHOE))) - hits]


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


# -- an infinite shoe: tables made from rows written out -----------------------------------------------------

SUITS = {"s": 1, "h": 2, "d": 4, "c": 8}  # a group's suit mask: bit s of "s h d c"
TEN_VALUE = ("T", "J", "Q", "K")


def _group(base: str | None, kind: int, suits: str = "shdc", with_suits: bool = True) -> tuple[int, int]:
    """``(group id, its size)``: ``base`` None (any rank), ``"value"`` (``kind``: 0-9) or
    ``"rank"`` (``kind``: 0-12) with some suits. The size - counted here - is the card kinds in the
    group (52 in all), or its ranks (13 in all) for a table that reads no suit."""
    ranks = 13 if base is None else (4 if kind == 0 else 1) if base == "value" else 1
    mask = sum(SUITS[s] for s in suits)
    return group_id(base, kind, mask), ranks * (len(suits) if with_suits else 1)


def _table_with_replacement(assignments, positions: int, outcomes: int, with_suits: bool):
    """The table of rows ``(groups per position read, outcome)`` (None: not read), and each
    outcome's sequences with replacement counted here: the product of the groups' sizes, times
    every card (or rank) at each position not read; the last outcome the rest."""
    unit = 52 if with_suits else 13
    ids, outcome, ways = [], [], []
    expected = [0] * outcomes
    for groups, o in assignments:
        row = [g for g, _ in groups] + [NO_GROUP] * (positions - len(groups))
        ids.append(sorted(row))
        outcome.append(o)
        ways.append(1)
        expected[o] += math.prod(size for _, size in groups) * unit ** (positions - len(groups))
    expected[-1] = unit**positions - sum(expected[:-1])
    read = max(len(g) for g, _ in assignments)
    table = PositionalTable.from_groups(positions, read, ids, outcome, ways, outcomes)
    return table, expected


def _suit_rows():
    """Rows reading cards, suits and groups of several kinds (every kind of factor of a table that
    reads suits): a King of hearts then of spades, two Kings of hearts, a Queen of one suit twice
    (every suit: merged into a suit shape), a rank twice, values at any suit (a ten-value card
    twice; a 5; a King inside the ten-values), hearts of any rank twice, a ten-value heart."""
    g = _group
    rows = [
        ([g("rank", 12, "h"), g("rank", 12, "s")], 0),
        ([g("rank", 12, "h"), g("rank", 12, "h")], 1),
        ([g("rank", 2), g("rank", 2), g("value", 5)], 1),
        ([g("value", 0), g("value", 0), g("value", 5)], 0),
        ([g("rank", 12), g("value", 0)], 1),
        ([g(None, 0, "h"), g("value", 3), g(None, 0, "h")], 1),
        ([g("value", 0, "h")], 0),
    ]
    rows += [([g("rank", 11, s), g("rank", 8), g("rank", 11, s)], 1) for s in "shdc"]
    return rows


def _rank_rows():
    """Rows reading ranks and values only (a table counted over the 13 ranks): a rank twice, a
    ten-value card once, a 5, a King inside the ten-values, a 9 three times."""
    g = _group
    return [
        ([g("rank", 2, with_suits=False), g("rank", 2, with_suits=False)], 0),
        ([g("value", 0, with_suits=False)], 1),
        ([g("value", 5, with_suits=False), g("rank", 0, with_suits=False)], 0),
        ([g("rank", 12, with_suits=False), g("value", 0, with_suits=False), g("value", 0, with_suits=False)], 1),
        ([g("value", 9, with_suits=False)] * 3, 1),
    ]


@pytest.mark.parametrize("with_suits, rows", [(True, _suit_rows), (False, _rank_rows)])
def test_counts_with_replacement_are_every_sequence_of_cards_of_each_row(with_suits, rows):
    """Each row stands for the sequences of cards (ranks, for a table that reads no suit) drawn
    with replacement whose every read position falls in its group: the product of the groups'
    sizes, times 52 (13) for each of the positions not read; three outcomes, the last the rest of
    the 52**6 (13**6). The table holds each kind of factor it may (checked), so each is priced."""
    table, expected = _table_with_replacement(rows(), 6, 3, with_suits)
    kinds = {f[0] for f in table.factors}
    assert kinds == (
        {"one", "card", "shape", "rank", "value", "group", "rest"} if with_suits else {"one", "rank", "value", "rest"}
    )
    assert table.needs_suits is with_suits
    unit = 52 if with_suits else 13
    totals, total = table.counts_with_replacement()
    assert totals == expected and total == unit**6
    assert all(type(x) is int for x in totals + [total])


@pytest.mark.parametrize("positions", [12, 16])
def test_counts_with_replacement_are_python_integers_past_2_63(positions):
    """One position read at a heart of any rank, the others not: ``13 * 52**(P - 1)`` of the
    ``52**P`` sequences. At 12 positions every factor (``52**11``, 13) is below 2**63 and their
    product is not; at 16 its odd part ``13**16`` is no float64."""
    table, expected = _table_with_replacement([([_group(None, 0, "h")], 0)], positions, 2, True)
    hearts = 13 * 52 ** (positions - 1)
    assert expected == [hearts, 52**positions - hearts] and hearts > 2**63
    assert table.counts_with_replacement() == (expected, 52**positions)


def test_a_fresh_table_with_replacement_is_each_cards_chance():
    """Baccarat, the player's first card a heart and his second of value 7 or more: with
    replacement the positions are independent, 13 of 52 cards and 12 of 52."""
    table = _fresh_table("baccarat", ["player_suit1 == 'h' and player_value2 >= 7"])
    assert table.counts_with_replacement() == ([13 * 12 * 52**4, 52**6 - 13 * 12 * 52**4], 52**6)
