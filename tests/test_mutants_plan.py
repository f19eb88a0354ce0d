"""odds/exact/plan.py against independent figures, for the mutants of its functions that the kernel
tests do not notice (docs/development.md, "Mutation testing"; docs/mutants/plan.md).

Each route of :meth:`Plan.counts` on a small shoe (or every roll) against the reference dealers of
tests/reference/, which import nothing from odds; the narrowing to int64 at its exact bounds; the
chunking of rows and the shoe-totals cache against recording stand-ins.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from types import SimpleNamespace

import numpy as np
import pytest

from odds.bets.condition import compile_condition
from odds.bets.features import feature_specs, feature_table
from odds.errors import OddsError
from odds.exact import plan as plan_module
from odds.exact.plan import CHUNK, CompiledBet, INT64_SAFE, SMALL_KERNEL, Plan, build_positional, narrow, state_totals
from odds.exact.positional import reading_of
from odds.games import get_game
from odds.paytable import load_paytable
from odds.shoe import Shoe, ShoeError
from reference import dealers
from reference.walk import every_ordering, parse

SMALL_SHOE = "As,Kh,7d,7c,Kd,6s"  # six cards: most of the drawing's end states cannot happen


def _probabilities(counts) -> dict[tuple[str, str], Fraction]:
    return {(bet, key): Fraction(n, oc.total) for bet, oc in counts.items() for key, n in oc.counts.items() if n}


def test_a_compiled_bet_asked_for_another_routes_table_says_which_route_word_for_word():
    bet = CompiledBet("rolls", 2)
    for ask, wanted in ((lambda: bet.states, "drawing"), (lambda: bet.positional, "cards")):
        with pytest.raises(ValueError) as refused:
            ask()
        assert str(refused.value) == f"a bet counted on the rolls route, not {wanted}"


def test_a_bet_defined_in_code_is_not_compiled_word_for_word():
    game = get_game("roulette")
    with pytest.raises(ValueError) as refused:
        plan_module.compile_bet(game.deal, game.id, game.paytable().rule("tiers"))
    assert str(refused.value) == "tiers: defined in code, not as conditions"


# -- narrowing to int64 --------------------------------------------------------------------------------


def test_narrow_keeps_python_integers_from_2_62_in_size_on():
    """Below 2**62 in size (so that a caller may add or subtract two in int64) and not one more:
    the bound is exact on both sides, for each entry."""
    inside = [-(INT64_SAFE - 1), INT64_SAFE - 1, 0]
    narrowed = narrow(np.array(inside, dtype=object))
    assert narrowed.dtype == np.int64 and narrowed.tolist() == inside
    for outside in (-INT64_SAFE, INT64_SAFE):
        values = np.array([0, outside], dtype=object)
        assert narrow(values) is values


def test_narrow_gives_int64_even_with_no_entry():
    assert narrow(np.array([1, -2, 3], dtype=object)).dtype == np.int64
    empty = narrow(np.zeros(0, dtype=object))
    assert empty.dtype == np.int64 and empty.shape == (0,)


def test_no_rows_give_int64_numerators_and_denominators():
    game = get_game("baccarat")
    plan = Plan.of(game, game.paytable(), ["tie", "player-pair"])
    no_rows = np.zeros((0, 52), dtype=np.int64)
    for nums in (plan.numerators(no_rows), plan.sums(no_rows)):  # (sums: for loops that narrow themselves)
        for num, den in nums.values():
            assert num.dtype == den.dtype == np.int64 and num.shape == den.shape == (0,)


def test_many_rows_give_the_exact_expectations_of_a_shoe_of_the_fewest_cards_a_round_needs():
    """The numerators of a six-card shoe (a baccarat round may need all six) against
    :meth:`Plan.expectations`, which counts the shoe alone (the exact paths the kernels are
    checked against: cheaper to set up)."""
    game = get_game("baccarat")
    plan = Plan(game, game.paytable(), ["banker", "tie", "player-pair", "perfect-pair"], fast=False)
    shoe = Shoe.from_cards(SMALL_SHOE)
    other = Shoe.from_cards("2h,3h,4h,5h,6h,7h,8h,9h,Th")  # every round of it ends in a natural or a draw
    exact = plan.exact(np.array([shoe.card_counts(), other.card_counts()]))
    assert {b: fractions[0] for b, fractions in exact.items()} == plan.expectations(shoe)
    assert {b: fractions[1] for b, fractions in exact.items()} == plan.expectations(other)


BIG_TIE = """game = "baccarat"
extends = "seed"

[bets.big-tie]
outcomes = [
  { key = "tie", when = "tie", pays = 100 },
  { key = "other", pays = -1 },
]
"""


def test_numerators_summed_in_python_integers_stay_integers_from_2_63_on(tmp_path):
    """The drawing's exact path (the kernels' fallback: Plan(fast=False) takes it always) sums in
    Python integers; a tie paying 100 on 20 decks has a numerator between 2**63 and 2**64, which
    numpy would read as a float beside a smaller one."""
    game = get_game("baccarat")
    path = tmp_path / "big-tie.toml"
    path.write_text(BIG_TIE)
    plan = Plan(game, load_paytable(game, str(path)), ["big-tie"], fast=False)
    shoes = [Shoe.decks(20), Shoe.decks(1)]
    num, _ = plan.sums(np.array([shoe.card_counts() for shoe in shoes]))["big-tie"]
    assert 2**63 <= num[0] < 2**64
    assert plan.exact(np.array([shoe.card_counts() for shoe in shoes]))["big-tie"] == [
        plan.expectations(shoe)["big-tie"] for shoe in shoes
    ]


@pytest.mark.parametrize(
    "rows, message",
    [
        (np.ones(52, dtype=np.int64), "rows must hold 52 card counts or 13 rank counts"),  # one row, not in a list
        (np.ones((1, 12), dtype=np.int64), "rows must hold 52 card counts or 13 rank counts"),
        (np.ones((1, 13), dtype=np.int64), "these bets read suits: give 52 card counts, not 13 rank counts"),
        (
            np.full((1, 52), 2**56, dtype=np.int64),
            f"a composition holds {2**56} cards of one kind; at most {2**56 - 1}",
        ),
        (np.array([[-1] + [4] * 51]), "a composition holds a negative count"),
        (np.array([[1] * 5 + [0] * 47]), "a shoe holds 5 cards; a round may need 6"),
    ],
)
def test_rows_that_cannot_be_counted_are_refused_word_for_word(rows, message):
    game = get_game("baccarat")
    plan = Plan(game, game.paytable(), ["tie", "perfect-pair"], fast=False)  # perfect-pair reads suits
    with pytest.raises(ValueError) as refused:
        plan.numerators(rows)
    assert str(refused.value) == message


# -- chunks of rows ----------------------------------------------------------------------------------------


def test_chunked_hands_each_row_to_one_pass_of_at_most_a_chunk():
    seen = []

    def sums(part):
        seen.append(part[:, 0].tolist())
        return np.stack([part[:, 0] * 2, part[:, 1] + 1])  # (width, rows), as the kernels return

    rows = np.arange(2 * 10).reshape(10, 2)
    out = plan_module._chunked(sums, rows, 2, chunk=4)
    assert seen == [[0, 2, 4, 6], [8, 10, 12, 14], [16, 18]]  # each row once, in order
    assert out.tolist() == [[2 * a, b + 1] for a, b in rows.tolist()]


@pytest.mark.parametrize(
    "rows_per_pass, elements, chunk",
    [(100, 1, 100), (None, SMALL_KERNEL - 1, 4 * CHUNK), (None, SMALL_KERNEL, CHUNK), (None, 10**6, CHUNK)],
)
def test_a_kernel_passes_its_own_rows_or_four_chunks_when_its_parts_are_few(rows_per_pass, elements, chunk):
    """The measured choice of :func:`odds.exact.plan._chunk` (its docstring): four times
    :data:`CHUNK` rows for a kernel of fewer than :data:`SMALL_KERNEL` parts per row."""
    assert plan_module._chunk(SimpleNamespace(rows_per_pass=rows_per_pass, elements=elements)) == chunk


# -- the shoe totals kept for the last few shoes ----------------------------------------------------------


class _Table:
    """A stand-in drawing table: three end states, counted by a formula of the composition, and
    how many times it was asked."""

    states = ("a", "b", "c")

    def __init__(self, shift: int):
        self.shift, self.asked = shift, 0

    def exact_counts(self, values):
        self.asked += 1
        return {"a": sum(values) + self.shift, "c": values[0]}  # "b": no deal ends there


def test_state_totals_count_each_shoe_once_per_table_and_keep_at_most_eight(monkeypatch):
    monkeypatch.setattr(plan_module, "_STATE_TOTALS", {})
    first, second = _Table(0), _Table(100)
    assert state_totals(first, (3, 4)) == [7, 0, 3]  # an end state no deal reaches counts 0
    assert state_totals(second, (3, 4)) == [107, 0, 3]  # the same shoe, another table
    assert state_totals(first, (3, 4)) == [7, 0, 3] and state_totals(second, (3, 4)) == [107, 0, 3]
    assert (first.asked, second.asked) == (1, 1)
    for n in range(10):
        state_totals(first, (n, 50))
    assert len(plan_module._STATE_TOTALS) == 8
    state_totals(first, (9, 50))  # the last shoe is kept
    assert first.asked == 11


# -- Plan.counts, route by route, against the reference dealers --------------------------------------------


def test_drawing_and_card_bets_on_a_small_shoe_are_every_ordering_dealt():
    game = get_game("baccarat")
    bets = ["banker", "player", "tie", "lucky-6", "player-pair"]
    counts = Plan.of(game, game.paytable(), bets).counts(Shoe.from_cards(SMALL_SHOE))
    want = {k: p for k, p in every_ordering(dealers.baccarat, parse(SMALL_SHOE)).items() if k[0] in bets}
    assert _probabilities(counts) == want


def test_bets_defined_in_code_on_a_small_shoe_are_every_ordering_dealt():
    """...and their numerators, row by row from rows of 52 card counts or of 13 rank counts, are
    the expectations of each shoe."""
    game = get_game("player-dealer-baccarat")
    bets = ["player-line", "dealer-line-always-stand", "early-tie", "bonus-pair-player"]
    plan = Plan(game, game.paytable(), bets, fast=False)  # (no kernels to build: their exact paths)
    counts = plan.counts(Shoe.from_cards(SMALL_SHOE))
    want = every_ordering(dealers.player_dealer_baccarat, parse(SMALL_SHOE))
    assert _probabilities(counts) == {k: p for k, p in want.items() if k[0] in bets}
    shoes = [Shoe.from_cards(SMALL_SHOE), Shoe.from_cards("2h,3h,4h,5h,6h,7h,8h,9h,Th")]
    each = [plan.expectations(shoe) for shoe in shoes]
    expected = {b: [e[b] for e in each] for b in bets}
    assert plan.exact(np.array([shoe.card_counts() for shoe in shoes])) == expected
    assert plan.exact(np.array([shoe.rank_counts for shoe in shoes])) == expected


def test_dice_bets_are_every_roll_settled():
    game = get_game("sic-bo")
    bets = list(game.bets)
    counts = Plan.of(game, game.paytable(), bets).counts(None)
    tally = Counter(
        (bet, key)
        for dice in itertools.product(range(1, 7), repeat=3)
        for bet, key in dealers.sic_bo(list(dice)).items()
    )
    assert {(b, k): n for b, oc in counts.items() for k, n in oc.counts.items() if n} == dict(tally)
    assert {oc.total for oc in counts.values()} == {216}


def test_a_roll_bet_lists_an_outcome_no_roll_reaches(tmp_path):
    game = get_game("sic-bo")
    path = tmp_path / "sure.toml"
    path.write_text(
        'game = "sic-bo"\nextends = "seed"\n\n[bets.sure]\noutcomes = [\n'
        '  { key = "any", when = "total >= 3", pays = 1 },\n  { key = "never", pays = -1 },\n]\n'
    )
    (counts,) = Plan.of(game, load_paytable(game, str(path)), ["sure"]).counts(None).values()
    assert counts.counts == {"any": 216, "never": 0}


def test_numerators_of_rolls_and_call_bets_are_their_expectations():
    """Whatever the rows (dice and wheels read no card), each row's fraction is the bet's
    expected value, counted over every roll or pocket."""
    for game_id, bets in (("sic-bo", ["small", "number-3", "total-10"]), ("roulette", ["red", "tiers"])):
        game = get_game(game_id)
        plan = Plan.of(game, game.paytable(), bets)
        exact = plan.exact(np.array([[4] * 13, [1] * 13]))
        assert exact == {b: [e, e] for b, e in plan.expectations(None).items()}


def test_a_roll_bets_numerators_and_denominators_past_2_63_are_python_integers(tmp_path):
    """Numbers between 2**63 and 2**64, where numpy would pick uint64: a pay of
    500,000,000.00000001 (scale 10**8) on every roll of three dice has numerator
    216 * (5 * 10**16 + 1); a pay of 2 * 10**-17 (scale 5 * 10**16) denominator 216 * 5 * 10**16."""
    game = get_game("sic-bo")
    path = tmp_path / "huge.toml"
    path.write_text(
        'game = "sic-bo"\nextends = "seed"\n\n'
        '[bets.huge]\noutcomes = [\n  { key = "any", when = "total >= 3", pays = 500000000.00000001 },\n'
        '  { key = "never", pays = -1 },\n]\n\n'
        '[bets.tiny]\noutcomes = [\n  { key = "any", when = "total >= 3", pays = 0.00000000000000002 },\n'
        '  { key = "never", pays = -1 },\n]\n'
    )
    plan = Plan.of(game, load_paytable(game, str(path)), ["huge", "tiny"])
    numerators = plan.numerators(np.array([[4] * 13]))
    num, den = numerators["huge"]
    assert num.dtype == object and num.tolist() == [216 * (5 * 10**16 + 1)] and den.tolist() == [216 * 10**8]
    num, den = numerators["tiny"]
    assert den.dtype == object and num.tolist() == [216] and den.tolist() == [216 * 5 * 10**16]


@pytest.mark.slow
def test_a_code_bets_numerators_and_denominators_past_2_63_stay_exact(tmp_path):
    """Player-dealer baccarat's player line paying 3 to 1 on 30 decks: numerator and denominator
    ((1,560)_6 deals) between 2**63 and 2**64, where numpy reads them as floats beside a small
    shoe's."""
    game = get_game("player-dealer-baccarat")
    path = tmp_path / "rich.toml"
    path.write_text('game = "player-dealer-baccarat"\nextends = "seed"\n\n[bets.player-line]\npays.player-wins = 3\n')
    plan = Plan.of(game, load_paytable(game, str(path)), ["player-line"])
    shoes = [Shoe.from_cards(SMALL_SHOE), Shoe.decks(30)]
    num, den = plan.numerators(np.array([shoe.card_counts() for shoe in shoes]))["player-line"]
    assert 2**63 <= num[1] < 2**64 and 2**63 <= den[1] < 2**64
    got = [Fraction(int(n), int(d)) for n, d in zip(num.tolist(), den.tolist())]
    assert got == [plan.expectations(shoe)["player-line"] for shoe in shoes]


def test_wheel_bets_and_call_bets_are_every_pocket_settled():
    game = get_game("roulette")
    bets = ["red", *dealers.CALL_BETS]
    plan = Plan.of(game, game.paytable(), bets)
    assert plan.routes["red"] == "rolls" and plan.routes["tiers"] == "code"
    counts = plan.counts(None)
    tally = Counter((bet, dealers.roulette(pocket)[bet]) for pocket in range(37) for bet in bets)
    assert {(b, k): n for b, oc in counts.items() for k, n in oc.counts.items() if n} == dict(tally)


def test_a_shoe_too_small_for_a_round_is_refused_word_for_word():
    game = get_game("baccarat")
    with pytest.raises(ShoeError) as refused:
        Plan.of(game, game.paytable(), ["tie"]).counts(Shoe.from_cards("As,Kh,7d,7c,Kd"))
    assert str(refused.value) == "the shoe holds 5 cards; a baccarat round may need 6"


def test_bets_dealt_from_a_shoe_without_one_are_refused_word_for_word():
    game = get_game("baccarat")
    with pytest.raises(ValueError) as refused:
        Plan.of(game, game.paytable(), ["tie"]).counts(None)
    assert str(refused.value) == "these bets are dealt from a shoe: give one"


def test_an_infinite_shoe_draws_every_card_with_replacement():
    """Dragon Tiger's tie on an infinite shoe: 13 of the 13**2 equally likely pairs of ranks
    (one deck dealt without replacement would give 3/51)."""
    game = get_game("dragon-tiger")
    (counts,) = Plan.of(game, game.paytable(), ["tie"]).counts(Shoe.infinite_shoe()).values()
    assert counts.total == 13**2 and counts.counts["tie"] == 13


def test_an_infinite_shoe_deals_the_drawing_from_thirteen_equally_likely_ranks():
    """Baccarat's ``small`` (a round of four cards) on an infinite shoe: every sequence of four
    values the reference dealer ends a round on, weighted by its ranks (four of value 0), times
    the 13**2 ranks of the two cards it never deals, out of 13**6."""
    game = get_game("baccarat")
    (counts,) = Plan.of(game, game.paytable(), ["small"]).counts(Shoe.infinite_shoe()).values()
    four = 0
    for values in itertools.product(range(10), repeat=4):
        try:
            ended = dealers.deal_baccarat([(v or 10, "s") for v in values]).cards_dealt == 4
        except IndexError:  # the round draws a fifth card
            ended = False
        four += ended * math.prod(4 if v == 0 else 1 for v in values)
    assert counts.total == 13**6 and counts.counts == {"small": four * 13**2, "big": 13**6 - four * 13**2}


def test_cards_seen_on_an_infinite_shoe_are_refused_word_for_word():
    game = get_game("baccarat")
    plan = Plan.of(game, game.paytable(), ["tie"]).given(game.seen_cards("K", ""))
    with pytest.raises(OddsError) as refused:
        plan.counts(Shoe.infinite_shoe())
    assert str(refused.value) == "--player and --banker need a shoe of whole decks: an infinite shoe is not depleted"


# -- given the cards of the round already seen -------------------------------------------------------------


@pytest.mark.parametrize("player", ["K"])
def test_counts_given_the_cards_seen_are_the_orderings_that_show_them(player):
    """...and the numerators of many shoes at once agree (``player-pair`` and ``dragon-tiger-tie``
    share a table: one pass, their pay columns side by side before the column of agreeing deals)."""
    game = get_game("baccarat")
    bets = ["tie", "player-pair", "dragon-tiger-tie"]
    plan = Plan(game, game.paytable(), bets, fast=False).given(game.seen_cards(player, ""))
    assert ["player-pair", "dragon-tiger-tie"] in [group for group, *_ in plan._card_groups]
    counts = plan.counts(Shoe.from_cards(SMALL_SHOE))
    other = Shoe.from_cards("Kh,Ks,2h,3h,4h,5h,6h,7h")
    exact = plan.exact(np.array([Shoe.from_cards(SMALL_SHOE).card_counts(), other.card_counts()]))
    each = [plan.expectations(Shoe.from_cards(SMALL_SHOE)), plan.expectations(other)]
    assert exact == {b: [e[b] for e in each] for b in bets}
    rank, suit = 13, (player[1:] or None)
    shown = Counter()
    for order in set(itertools.permutations(parse(SMALL_SHOE))):
        first = dealers.deal_baccarat(order).first[0]
        if first[0] == rank and suit in (None, first[1]):
            shown.update((bet, key) for bet, key in dealers.baccarat(order).items() if bet in bets)
    kept = sum(n for (bet, _), n in shown.items() if bet == "tie")
    assert _probabilities(counts) == {k: Fraction(n, kept) for k, n in shown.items()}


HALF_PAIR = """game = "baccarat"
extends = "seed"

[bets.half-pair]
outcomes = [
  { key = "pair", when = "player_pair", pays = 0.5 },
  { key = "other", pays = -0.5 },
]
"""


def test_numerators_given_the_cards_seen_stay_exact_where_the_deals_times_the_scale_pass_int64(tmp_path):
    """A bet paying 1/2 (scale 2) whose pays times its scale never reach the scale: the fast
    kernel proves the count of agreeing deals, (N)_2 for a shoe of kings only, in int64, but not
    twice that (from 2**62 on: about 2.15 billion kings). Every deal of such a shoe is a pair: the
    bet's expected value is its pay, 1/2; with one card of each other rank, Plan.expectations
    counts it in Python integers."""
    game = get_game("baccarat")
    path = tmp_path / "half.toml"
    path.write_text(HALF_PAIR)
    plan = Plan.of(game, load_paytable(game, str(path)), ["half-pair"]).given(game.seen_cards("K", ""))
    kings = 2_500_000_000  # (N)_2 below 2**63, twice that above
    mixed = [1] * 12 + [kings]
    got = plan.exact(np.array([[0] * 12 + [kings], mixed]))["half-pair"]
    assert got == [Fraction(1, 2), plan.expectations(Shoe.from_rank_counts(mixed))["half-pair"]]


def test_a_denominator_of_exactly_2_62_is_a_python_integer(tmp_path):
    """``scale * (N)_depth`` on the bound: a bet on the player's first card alone (depth 1) paying
    1/2 (scale 2), on a shoe of 2**61 cards; one card fewer gives 2**62 - 2, in int64."""
    game = get_game("baccarat")
    path = tmp_path / "first-king.toml"
    path.write_text(
        'game = "baccarat"\nextends = "seed"\n\n[bets.first-king]\noutcomes = [\n'
        '  { key = "king", when = "player_rank1 == 13", pays = 0.5 },\n  { key = "other", pays = -0.5 },\n]\n'
    )
    plan = Plan(game, load_paytable(game, str(path)), ["first-king"], fast=False)
    assert [table.depth for _, table, *_ in plan._card_groups] == [1]
    for cards, dtype in ((2**61, object), (2**61 - 1, np.int64)):
        counts = [cards // 52] * 52  # (below 2**56 of a kind: 52 kinds, rank-major, the kings last)
        counts[-1] += cards - sum(counts)
        num, den = plan.numerators(np.array([counts]))["first-king"]
        assert den.tolist() == [2 * cards] and den.dtype == dtype
        kings = sum(counts[-4:])
        assert Fraction(int(num[0]), int(den[0])) == Fraction(kings - (cards - kings), 2 * cards)  # (k/2 - rest/2) / N


def test_no_deal_agreeing_with_the_cards_seen_is_refused_word_for_word():
    """A player 8 and K is a natural: no third card."""
    game = get_game("baccarat")
    plan = Plan.of(game, game.paytable(), ["tie"]).given(game.seen_cards("8,K,3", ""))
    with pytest.raises(OddsError) as refused:
        plan.counts(Shoe.decks(1))
    assert str(refused.value) == (
        "no deal of this shoe agrees with the cards seen (are they in the shoe, and could the round have dealt them?)"
    )


# -- Plan.of: a bet that cannot be counted -----------------------------------------------------------------


class _Unbuildable:
    """A game whose deal cannot be had for any bet, and a paytable of one bet written as conditions."""

    id = "stand-in"
    source = "stand-in.toml"
    name = "stand-in"

    def deal_of(self, rule):
        raise OddsError("an exact table would enumerate 9 rows, more than the 1 allowed")

    def rule(self, bet_id):
        return SimpleNamespace(id=bet_id, conditions=["not read"])


def test_plan_of_raises_for_a_bet_that_cannot_be_counted_unless_told_to_keep_going():
    stand_in = _Unbuildable()
    message = "stand-in.toml: bets.big: an exact table would enumerate 9 rows, more than the 1 allowed"
    with pytest.raises(OddsError) as refused:
        Plan.of(stand_in, stand_in, ["big"])
    assert str(refused.value) == message
    kept = Plan.of(stand_in, stand_in, ["big"], keep_going=True)
    assert kept.failed == {"big": message} and kept.bet_ids == []


def test_the_plan_given_cards_seen_keeps_its_mode_and_its_failures():
    """``given``: the same bets, the same use of the fast kernels, and a bet that cannot be
    counted (``keep_going``) still listed with its error."""
    game = get_game("baccarat")
    for fast in (False, True):
        assert Plan(game, game.paytable(), ["tie"], fast=fast).given(game.seen_cards("K", "")).fast is fast
    stand_in = _Unbuildable()
    message = "stand-in.toml: bets.big: an exact table would enumerate 9 rows, more than the 1 allowed"
    given = Plan.of(stand_in, stand_in, ["big"], keep_going=True).given(("player_rank1 == 13", {}))
    assert given.failed == {"big": message} and given.bet_ids == []


FIRST_HEART = """
game = "baccarat"
extends = "seed"

[bets.first-heart]
outcomes = [
  { key = "win", when = "player_suit1 == 'h'", pays = 3 },
  { key = "other", pays = -1 },
]
"""


def first_heart_past_its_limit_given_a_card(tmp_path, monkeypatch):
    """``(game, paytable, refusal)``: baccarat with the bet ``first-heart`` (``player_suit1 ==
    'h'``) and a table's grouped rows limited to 1 - its table off the top is within the limit,
    its table given the player's first card (a King) is not, refused with that text."""
    from odds.exact import positional

    monkeypatch.setattr(positional, "TERM_ROWS_LIMIT", 1)
    monkeypatch.setattr(plan_module, "_SEEN", {})
    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "first-heart.toml"
    path.write_text(FIRST_HEART)
    game = get_game("baccarat")
    message = f"{path}: bets.first-heart: an exact table would group 2 rows, more than the 1 allowed"
    return game, load_paytable(game, str(path)), message


def test_a_bet_past_a_limit_only_given_the_cards_seen_is_checked_given_them(tmp_path, monkeypatch):
    """With a table's grouped rows limited to 1, ``player_suit1 == 'h'``'s table off the top is
    within the limit and its table given the player's first card (a King) is not: the check of
    the bets' tables (``failing_bets``, a plan's own) is made given the cards seen, a plan that
    keeps going keeps going when given them, and one that does not raises."""
    from odds.exact.plan import failing_bets

    game, paytable, message = first_heart_past_its_limit_given_a_card(tmp_path, monkeypatch)
    seen = game.seen_cards("K", "")
    assert failing_bets(game, paytable, ["first-heart"]) == {}
    assert failing_bets(game, paytable, ["first-heart"], seen) == {"first-heart": message}
    kept = Plan.of(game, paytable, ["first-heart"], keep_going=True)
    assert kept.failed == {} and kept.bet_ids == ["first-heart"]
    given = kept.given(seen)
    assert given.failed == {"first-heart": message} and given.bet_ids == []
    with pytest.raises(OddsError) as refused:
        Plan.of(game, paytable, ["first-heart"]).given(seen)
    assert str(refused.value) == message


# -- building a positional table afresh --------------------------------------------------------------------

DRAGON_TIGER_OUTCOMES = {
    # a suit and a rank of one card; two suits compared and a rank; then the rest
    "dragon_suit == 'h' and dragon_rank >= 12": lambda d, t: d[1] == "h" and d[0] >= 12,
    "tiger_suit == dragon_suit and tiger_rank == 1": lambda d, t: t[1] == d[1] and t[0] == 1,
}


def _fresh_table(game_id: str, texts, progress=None):
    game = get_game(game_id)
    conditions = [compile_condition(t, feature_table(game_id)) for t in texts] + [None]
    reading = reading_of(feature_specs(game_id), conditions, game.deal.positions)
    return build_positional(game.deal, reading, conditions, progress=progress)


def test_a_fresh_table_reading_suits_and_ranks_counts_every_pair_of_cards():
    """Dragon Tiger deals Dragon's card then Tiger's (the burn changes nothing off the top): every
    ordered pair of two cards of the shoe, settled by hand. The build reports its progress."""
    cards = parse("Ah,Qh,Kh,Ks,Qd,As,Ac,2h")
    progress: list[float] = []
    table = _fresh_table("dragon-tiger", list(DRAGON_TIGER_OUTCOMES), progress=progress.append)
    tally = [0] * (len(DRAGON_TIGER_OUTCOMES) + 1)
    for d, t in itertools.permutations(cards, 2):
        tally[next((i for i, hit in enumerate(DRAGON_TIGER_OUTCOMES.values()) if hit(d, t)), -1)] += 1
    assert table.counts(Shoe.from_cards("Ah,Qh,Kh,Ks,Qd,As,Ac,2h")) == tally
    assert progress and progress == sorted(progress) and 0 < progress[-1] <= 1


def test_a_fresh_table_reading_a_suit_and_a_value_counts_every_ordering():
    """Baccarat, the player's first card's suit with the value of the second (no drawing read):
    every ordering of a small shoe."""
    table = _fresh_table("baccarat", ["player_suit1 == 'h' and player_value2 >= 7"])
    hits = Counter()
    for order in set(itertools.permutations(parse(SMALL_SHOE))):
        hits[order[0][1] == "h" and dealers.value(order[2]) >= 7] += 1
    got = table.counts(Shoe.from_cards(SMALL_SHOE))
    assert [Fraction(n, sum(got)) for n in got] == [Fraction(hits[h], hits.total()) for h in (True, False)]


def test_a_table_compiled_for_a_bet_reports_its_build_under_the_bets_name(monkeypatch, tmp_path):
    """The CLI names the bet whose table takes over a second to build, and shows how far the build
    is (odds.exact.report)."""
    import contextlib

    reported, done = [], []

    @contextlib.contextmanager
    def building(bet_id):
        reported.append(bet_id)
        yield done.append  # the build's progress, the fraction done

    monkeypatch.setattr(plan_module, "building", building)
    monkeypatch.setattr(plan_module, "_COMPILED", {})
    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path))  # built here, not read back from a cache
    game = get_game("dragon-tiger")
    text = "dragon_suit == 'c' and tiger_rank == 11 and dragon_rank == 3"  # a table no other test builds
    rule = SimpleNamespace(id="mine", conditions=[compile_condition(text, feature_table("dragon-tiger")), None])
    compiled = plan_module.compile_bet(game.deal, game.id, rule)
    assert reported == ["mine"] and compiled.route == "cards"
    assert done and all(0 <= x <= 1 for x in done)  # the build reports its progress to the CLI


@pytest.mark.slow
def test_a_fresh_table_with_the_drawing_counts_every_ordering():
    """Baccarat: a suit and a rank with who wins, two suits compared with a tie (1.7 s of CPU)."""
    outcomes = {
        "player_suit1 == 'h' and player_rank1 == 13 and player_wins": lambda h: (
            h.first[0][1] == "h" and h.first[0][0] == 13 and h.winner() == "first"
        ),
        "banker_suit2 == player_suit1 and tie": lambda h: h.second[1][1] == h.first[0][1] and h.winner() == "tie",
    }
    cards = "As,Kh,7d,7c,Kd,6s,2h"
    table = _fresh_table("baccarat", list(outcomes))
    tally = [0] * (len(outcomes) + 1)
    orderings = 0
    for order in set(itertools.permutations(parse(cards))):
        hands = dealers.deal_baccarat(order)
        tally[next((i for i, hit in enumerate(outcomes.values()) if hit(hands)), -1)] += 1
        orderings += 1
    got = table.counts(Shoe.from_cards(cards))
    assert [Fraction(n, sum(got)) for n in got] == [Fraction(n, orderings) for n in tally]


# -- the plan's defaults and refusals (the import-time pass, run warm at 02241ab) --------------------------


def test_a_plan_raises_by_default_and_keeps_going_past_every_bet_that_cannot_be_counted():
    """Without ``keep_going`` a plan raises; with it, each bet that cannot be counted is kept
    with its error and the bets after it are still checked. A plan made with ``Plan.of`` uses the
    fast kernels (``fast`` is the default: only the exact paths they are checked against opt out)."""
    stand_in = _Unbuildable()
    reason = "an exact table would enumerate 9 rows, more than the 1 allowed"
    with pytest.raises(OddsError) as refused:
        Plan(stand_in, stand_in, ["big"])
    assert str(refused.value) == f"stand-in.toml: bets.big: {reason}"
    kept = Plan.of(stand_in, stand_in, ["big", "bigger"], keep_going=True)
    assert kept.failed == {bet: f"stand-in.toml: bets.{bet}: {reason}" for bet in ("big", "bigger")}
    game = get_game("baccarat")
    assert Plan.of(game, game.paytable(), ["tie"]).fast is True


def test_bets_defined_in_code_given_the_cards_seen_are_refused_word_for_word():
    game = get_game("player-dealer-baccarat")
    with pytest.raises(OddsError) as refused:
        Plan(game, game.paytable(), ["player-line", "dealer-line"], game.seen_cards("5", ""))
    assert str(refused.value) == (
        "player-line, dealer-line: defined in code, not as conditions: cannot be counted given the cards seen"
    )
