"""Bets on suits with the drawing, counted exactly (issue 21).

The references are independent of the tables: each bet's rule written out by hand on the reference
dealer's hands (tests/reference/dealers.py, importing nothing from ``odds``), walked over every
ordering of small suited shoes and exactly (tree walk) over random partial shoes. On big shoes the
tables that use the suits' symmetry (:mod:`odds.exact.suits`) are checked against tables built
with every suit read as itself. The feature declarations the symmetry and the positional tables
rely on (what each feature reads; how it reads suits) are checked feature by feature on random
rounds.
"""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from odds.bets.features import feature_specs
from odds.exact import positional
from odds.exact.plan import build_positional
from odds.exact.positional import reading_of
from odds.exact.suits import SuitReading, suit_reading
from odds.games import get_game
from odds.paytable import load_paytable
from odds.shoe import Shoe
from reference.dealers import deal_baccarat
from reference.walk import every_ordering, exact_walk, parse

BACCARAT = get_game("baccarat")
RED, BLACK = '("h", "d")', '("s", "c")'


def _hand(side: str, colour: str) -> str:
    third = colour[:-1] + ', "")'
    return f"{side}_suit1 in {colour} and {side}_suit2 in {colour} and {side}_suit3 in {third}"


CONTRAST = (
    f"({_hand('player', RED)} and {_hand('banker', BLACK)} or {_hand('player', BLACK)} and {_hand('banker', RED)})"
)
USER_BETS = f"""
game = "baccarat"
extends = "seed"

[bets.suited-dragon-7]
name = "Banker wins with a suited three-card 7"
outcomes = [
  {{ key = "win", label = "suited", when = "banker_wins and banker_cards == 3 and banker_total == 7 and banker_suit1 == banker_suit2 and banker_suit2 == banker_suit3", pays = 100 }},
  {{ key = "other", pays = -1 }},
]

[bets.winner-suited]
name = "The winner's first two cards are suited"
outcomes = [
  {{ key = "win", when = "player_wins and player_suited or banker_wins and banker_suited", pays = 3 }},
  {{ key = "other", pays = -1 }},
]

[bets.contrast]
outcomes = [
  {{ key = "six", label = "six", when = '{CONTRAST} and cards == 6', pays = 30 }},
  {{ key = "five", label = "five", when = '{CONTRAST} and cards == 5', pays = 17 }},
  {{ key = "four", label = "four", when = '{CONTRAST}', pays = 5 }},
  {{ key = "other", pays = -1 }},
]

[bets.all-red]
outcomes = [
  {{ key = "win", label = "red", when = '{_hand("player", RED)} and {_hand("banker", RED)}', pays = 22 }},
  {{ key = "other", pays = -1 }},
]

[bets.pair-suited-win]
outcomes = [
  {{ key = "win", when = "player_pair and player_suited and player_wins", pays = 100 }},
  {{ key = "pair", when = "player_pair and player_wins", pays = 10 }},
  {{ key = "other", pays = -1 }},
]

[bets.red-match]
outcomes = [
  {{ key = "red", when = 'player_suit1 == banker_suit1 and player_suit1 in ("h", "d") and player_rank1 > banker_rank1', pays = 20 }},
  {{ key = "match", when = "player_suit1 == banker_suit1", pays = 2 }},
  {{ key = "other", pays = -1 }},
]

[bets.thirds-suited]
outcomes = [
  {{ key = "hearts", when = 'player_suit3 == banker_suit3 and player_suit3 == "h"', pays = 50 }},
  {{ key = "win", when = 'player_suit3 == banker_suit3 and player_suit3 != ""', pays = 10 }},
  {{ key = "other", pays = -1 }},
]

# issue 27's row budget refused this one (21 million rows of kinds); over groups it builds in 3 s
[bets.once-refused]
outcomes = [
  {{ key = "w", when = "player_suit1 == banker_suit1 and player_rank2 + banker_rank2 + player_rank3 > 14 and tie", pays = 8 }},
  {{ key = "other", pays = -1 }},
]
"""
USER_IDS = [
    "suited-dragon-7",
    "winner-suited",
    "contrast",
    "all-red",
    "pair-suited-win",
    "red-match",
    "thirds-suited",
    "once-refused",
]


def _reference(cards) -> dict[str, str]:
    """Each bet settled by hand on the reference dealer's hands."""
    h = deal_baccarat(cards)
    player, banker = h.first, h.second
    pt, bt = h.first_total, h.second_total
    suits = lambda hand: {c[1] for c in hand}  # noqa: E731
    red = lambda hand: suits(hand) <= set("hd")  # noqa: E731
    black = lambda hand: suits(hand) <= set("sc")  # noqa: E731
    contrast = red(player) and black(banker) or black(player) and red(banker)
    player_suited, banker_suited = player[0][1] == player[1][1], banker[0][1] == banker[1][1]
    pair_win = player[0][0] == player[1][0] and pt > bt
    match = player[0][1] == banker[0][1]
    thirds = len(player) == 3 and len(banker) == 3 and player[2][1] == banker[2][1]
    return {
        "suited-dragon-7": "win" if bt > pt and len(banker) == 3 and bt == 7 and len(suits(banker)) == 1 else "other",
        "winner-suited": "win" if pt > bt and player_suited or bt > pt and banker_suited else "other",
        "contrast": {6: "six", 5: "five", 4: "four"}[h.cards_dealt] if contrast else "other",
        "all-red": "win" if red(player + banker) else "other",
        "pair-suited-win": ("win" if pair_win and player_suited else "pair" if pair_win else "other"),
        "red-match": (
            "red" if match and player[0][1] in "hd" and player[0][0] > banker[0][0] else "match" if match else "other"
        ),
        "thirds-suited": ("hearts" if thirds and player[2][1] == "h" else "win" if thirds else "other"),
        "once-refused": (
            "w"
            if match and pt == bt and player[1][0] + banker[1][0] + (player[2][0] if len(player) == 3 else -1) > 14
            else "other"
        ),
    }


@pytest.fixture(scope="module")
def user_table(tmp_path_factory):
    path = tmp_path_factory.mktemp("bets") / "suits.toml"
    path.write_text(USER_BETS)
    return load_paytable(BACCARAT, str(path))


def _assert_equal(table, shoe_text: str, walked: dict) -> None:
    counts = BACCARAT.count(Shoe.from_cards(shoe_text), USER_IDS, table)
    for bet in USER_IDS:
        oc = counts[bet]
        for key in table.rule(bet).outcome_keys:
            assert Fraction(oc.counts[key], oc.total) == walked.get((bet, key), 0), (shoe_text, bet, key)


@pytest.mark.parametrize(
    "cards",
    [
        "Ah,3h,4h,2h,Kd,5h,9s",  # hearts everywhere: suited three-card sevens, red rounds, thirds
        "2s,2s,Qc,5c,Kh,3d,7d,4c",  # a black player and a red banker; pairs of one suit
        "6h,Kh,Qh,7s,Jd,Ts,9c,2h",  # one heart thirds, mixed colours
    ],
)
def test_suit_bets_equal_every_ordering_of_the_reference_dealer(user_table, cards):
    """Suited positions compared with each other, with literals, colours of every card, ranks:
    every outcome's probability over every distinct ordering of a small suited shoe."""
    _assert_equal(user_table, cards, every_ordering(_reference, parse(cards)))


@pytest.mark.parametrize("seed, size", [(1, 10), (2, 10), pytest.param(3, 12, marks=pytest.mark.slow)])
def test_suit_bets_equal_an_exact_walk_of_random_partial_shoes(user_table, seed, size):
    """Random partial shoes (cards drawn from two decks, repeats allowed), walked exactly."""
    rng = random.Random(seed)
    deck = [f"{r}{s}" for r in "A23456789TJQK" for s in "shdc"] * 2
    cards = ",".join(rng.sample(deck, size))
    _assert_equal(user_table, cards, exact_walk(_reference, parse(cards)))


@pytest.mark.parametrize("cards", ["Ah,3h,4h,2h,Kd,5h,9s", "2s,2s,Qc,5c,Kh,3d,7d,4c"])
def test_the_catalogue_colour_bets_equal_the_reference_dealer(cards):
    """The shipped Contrast Bonus and All Red / All Black files, settled by hand."""

    def colours(order):
        h = deal_baccarat(order)
        suits = lambda hand: {c[1] for c in hand}  # noqa: E731
        red, black = (lambda hand: suits(hand) <= set("hd")), (lambda hand: suits(hand) <= set("sc"))  # noqa: E731
        contrast = red(h.first) and black(h.second) or black(h.first) and red(h.second)
        key = {6: "six-cards", 5: "five-cards", 4: "four-cards"}[h.cards_dealt] if contrast else "other"
        every = h.first + h.second
        return {
            "contrast-bonus": key,
            "contrast-bonus-35": key,
            "all-red": "all-red" if red(every) else "other",
            "all-black": "all-black" if black(every) else "other",
        }

    walked = every_ordering(colours, parse(cards))
    shoe = Shoe.from_cards(cards)
    for name, bets in (
        ("contrast-bonus", ["contrast-bonus", "contrast-bonus-35"]),
        ("all-red-black", ["all-red", "all-black"]),
    ):
        table = load_paytable(BACCARAT, name)
        for bet, oc in BACCARAT.count(shoe, bets, table).items():
            for key in table.rule(bet).outcome_keys:
                assert Fraction(oc.counts[key], oc.total) == walked.get((bet, key), 0), (bet, key)


def _table(rule, concrete: bool = False):
    reading = reading_of(feature_specs("baccarat"), rule.conditions, 6)
    if concrete:
        reading = positional.Reading(reading.base, reading.suits.concrete(), reading.state, reading.drawing)
    return build_positional(BACCARAT.deal, reading, rule.conditions)


@pytest.mark.parametrize(
    "bet",
    [
        "suited-dragon-7",
        "red-match",
        pytest.param("pair-suited-win", marks=pytest.mark.slow),
        pytest.param("thirds-suited", marks=pytest.mark.slow),
    ],
)
def test_suit_patterns_count_as_every_suit_on_random_big_shoes(user_table, bet):
    """The table settled once per suit pattern and the table settled per suit (every suit its own
    atom: no symmetry used) count the same on random partial 8-deck shoes whose suits are
    uneven (the shoe need not be suit-symmetric)."""
    rule = user_table.rule(bet)
    patterns, suits = _table(rule), _table(rule, concrete=True)
    rng = np.random.default_rng(7)
    full = np.array(Shoe.decks(8).card_counts())
    for row in np.maximum(full - rng.integers(0, 8, size=(4, 52)), 0):
        shoe = Shoe.from_card_counts(row.tolist())
        assert patterns.counts(shoe) == suits.counts(shoe)
    assert len(patterns.terms) <= len(suits.terms)


@pytest.mark.parametrize("chunk", [None, 64], ids=["at-once", "in-blocks"])
def test_a_feature_that_breaks_its_declared_symmetry_falls_back_to_every_suit(monkeypatch, chunk):
    """A feature that reads suits otherwise than it declares (player_suited made "the player's
    first card is a heart", still declared symmetric) is caught by the random member each pattern
    is settled on too: the table falls back to every suit and still counts right - also when the
    rows are settled in blocks (``SETTLE_CHUNK`` of 64 pairs: a block that catches it is enough)."""
    from odds.bets.condition import compile_condition
    from odds.exact import positional

    if chunk:
        monkeypatch.setattr(positional, "SETTLE_CHUNK", chunk)
    monkeypatch.setattr(positional, "_BASE_ROWS", {})
    from odds.bets.features import feature_table
    from odds.games import punto_banco

    real = punto_banco.card_features

    def features(state, values, ranks, suits, wanted):
        out = real(state, values, ranks, suits, [w for w in wanted if w != "player_suited"])
        if "player_suited" in wanted:
            out["player_suited"] = suits[:, 0] == 1
        return {n: out[n] for n in wanted if n in out}

    monkeypatch.setattr(punto_banco, "card_features", features)
    conditions = (compile_condition("player_suited and player_wins", feature_table("baccarat")), None)
    reading = reading_of(feature_specs("baccarat"), conditions, 6)
    table = build_positional(BACCARAT.deal, reading, conditions)
    cards = "Ah,3h,4h,2s,Kd,5h,9s,Qc"

    def heart_first(order):
        h = deal_baccarat(order)
        return {"x": "win" if h.first_total > h.second_total and order[0][1] == "h" else "other"}

    counts = table.counts(Shoe.from_cards(cards))
    assert Fraction(counts[0], sum(counts)) == every_ordering(heart_first, parse(cards))[("x", "win")]


def test_patterns_stand_for_every_assignment_once():
    """Each concrete assignment of suits to labelled positions is the expansion of exactly one
    pattern; class positions expand to their atom; counts are Bell-like."""
    reading = SuitReading((15,), ("label",) * 4)
    patterns = reading.patterns((0, 1, 2, 3))
    assert len(patterns.codes) == 15  # the Bell number B4
    seen = [tuple(row) for e in patterns.expansions for row in e.tolist()]
    assert len(seen) == len(set(seen)) == 4**4
    colours = SuitReading((6, 9), ("class",) * 3)
    assert len(colours.patterns((0, 1, 2)).codes) == 8
    mixed = SuitReading((2, 13), ("label", "label", "class"))
    expansions = mixed.patterns((0, 1, 2)).expansions
    assert sum(len(e) for e in expansions) == (1 + 3) ** 2 * 2  # (h or one of s d c)**2, two atoms


def test_suit_readings_of_conditions():
    specs = feature_specs("baccarat")
    from odds.bets.condition import compile_condition
    from odds.bets.features import feature_table

    def reading(text):
        return suit_reading([compile_condition(text, feature_table("baccarat")), None], specs, 6)

    assert reading("player_suited") == SuitReading((15,), ("label", None, "label", None, None, None))
    assert reading('player_suit1 in ("h", "d")') == SuitReading((6, 9), ("class", None, None, None, None, None))
    both = reading('player_suit1 == banker_suit1 and banker_suit1 == "h"')
    assert both == SuitReading((2, 13), ("label", "label", None, None, None, None))
    assert reading('banker_suit3 == "s"').levels == (None, None, None, None, "class", "class")
    four = reading('player_suit1 in ("s", "h") and banker_suit1 in ("h", "d")')
    assert four == SuitReading((1, 2, 4, 8), ("class", "class", None, None, None, None))  # every suit its own


# -- the features' declarations -------------------------------------------------------------------------


def _random_rows(rng, rows: int, positions: int):
    ranks = rng.integers(1, 14, size=(rows, positions))
    suits = rng.integers(0, 4, size=(rows, positions))
    return ranks, suits


def _features(game_id, deal, ranks, suits, names):
    values = np.where(ranks <= 9, ranks, 0)
    state = deal.state(values) if deal.state is not None else None
    suits = suits.copy()
    if state is not None:  # a card not dealt has no suit (as settling a round gives it)
        for p in range(ranks.shape[1]):
            suits[state["used"] <= p, p] = -1
    return deal.features(state, values, ranks, suits, names)


@pytest.mark.parametrize("game_id", ["baccarat", "dragon-tiger"])
def test_every_feature_reads_only_what_it_declares(game_id):
    """Changing what a feature does not read leaves it unchanged, on random rounds: a position it
    does not read at all (any other card), the rank within the value it reads, the rank of a card
    whose suit alone it reads, the suit of a card whose value or rank it reads."""
    game = get_game(game_id)
    deal = game.deal
    specs = feature_specs(game_id)
    rng = np.random.default_rng(5)
    ranks, suits = _random_rows(rng, 4000, deal.positions)
    for name, spec in specs.items():
        read = dict.fromkeys(range(deal.positions), set())
        for p, resolution in spec.reads:
            read[p] = read[p] | {resolution}
        other_ranks, other_suits = _random_rows(rng, len(ranks), deal.positions)
        new_ranks, new_suits = ranks.copy(), suits.copy()
        for p, how in read.items():
            value = np.where(ranks[:, p] <= 9, ranks[:, p], 0)
            other_value = np.where(other_ranks[:, p] <= 9, other_ranks[:, p], 0)
            if not how:
                new_ranks[:, p], new_suits[:, p] = other_ranks[:, p], other_suits[:, p]
                continue
            if not how & {"suit", "card"}:
                new_suits[:, p] = other_suits[:, p]
            if not how & {"rank", "card"}:
                keep = how & {"value"}
                same = (other_value == value) if keep else np.ones(len(ranks), bool)
                new_ranks[:, p] = np.where(same, other_ranks[:, p], ranks[:, p])
        before = _features(game_id, deal, ranks, suits, [name])[name]
        after = _features(game_id, deal, new_ranks, new_suits, [name])[name]
        assert np.array_equal(before, after), name


@pytest.mark.parametrize("game_id", ["baccarat", "dragon-tiger"])
def test_features_read_suits_as_they_declare(game_id):
    """A permutation of the suits moves a card's suit feature with it and leaves a symmetric one
    unchanged; a feature reading no suit ignores them."""
    from odds.bets.condition import text_code

    game = get_game(game_id)
    deal = game.deal
    specs = feature_specs(game_id)
    rng = np.random.default_rng(9)
    ranks, suits = _random_rows(rng, 2000, deal.positions)
    for sigma in ([1, 0, 2, 3], [3, 2, 1, 0], [2, 3, 0, 1]):
        renamed = np.array(sigma)[suits]
        code = {text_code(s): text_code("shdc"[sigma[i]]) for i, s in enumerate("shdc")}
        code[text_code("")] = text_code("")
        for name, spec in specs.items():
            before = _features(game_id, deal, ranks, suits, [name])[name]
            after = _features(game_id, deal, ranks, renamed, [name])[name]
            if spec.suits == "value":
                assert np.array_equal(np.vectorize(code.get)(before), after), name
            elif spec.suits in (None, "symmetric"):
                assert np.array_equal(before, after), name


def test_a_bet_reading_the_first_four_cards_is_counted_over_them_alone(tmp_path):
    """player_natural and the two-card totals read the first cards only: with a suit, the table
    reads four positions (no drawing, every term the same depth: the fast kernels apply)."""
    path = tmp_path / "naturals.toml"
    path.write_text(
        'game = "baccarat"\nextends = "seed"\n[bets.suited-natural]\noutcomes = [\n'
        '  { key = "win", when = "player_natural and player_suited", pays = 20 },\n'
        '  { key = "other", pays = -1 },\n]\n'
    )
    rule = load_paytable(BACCARAT, str(path)).rule("suited-natural")
    reading = reading_of(feature_specs("baccarat"), rule.conditions, 6)
    assert reading.read == (0, 2) and not reading.drawing
    table = build_positional(BACCARAT.deal, reading, rule.conditions)
    assert table.depth == 2
    cards = "Ah,8h,7s,2h,Kd,9h,9s"
    walked = every_ordering(
        lambda c: {"x": "win" if (c[0][0] + c[2][0]) % 10 >= 8 and c[0][1] == c[2][1] else "other"}, parse(cards)
    )
    counts = table.counts(Shoe.from_cards(cards))
    assert Fraction(counts[0], sum(counts)) == walked[("x", "win")]


def test_a_feature_declaring_an_unknown_suit_reading_is_refused():
    """A misspelt ``suits`` word would be read as none of the three (the suits enumerated as
    classes, not labels): refused when the feature is declared, as is an unknown resolution."""
    from odds.bets.features import flag

    assert flag("same_suit", "two cards of one suit", reads=[(0, "suit"), (1, "suit")], suits="symmetric").suits
    with pytest.raises(ValueError, match=r"feature same_suit: suits='SYMMETRIC' is not one of"):
        flag("same_suit", "two cards of one suit", reads=[(0, "suit"), (1, "suit")], suits="SYMMETRIC")
    with pytest.raises(ValueError, match=r"feature same_suit: position 1 read as 'colour'"):
        flag("same_suit", "two cards of one suit", reads=[(0, "suit"), (1, "colour")], suits="symmetric")
