"""Dealing whole shoes: walking a shoe by round lengths (what ``odds count`` does) deals exactly
as dealing each round card by card (what ``simulate`` and settled shoes do)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from odds.depletion.dealer import AFTER_CUT, DealRules, deal_chunk, deal_shoe, shoe_rounds, shuffled
from odds.games import get_game
from odds.shoe import Shoe


@pytest.mark.parametrize("game_id", ["baccarat", "tiger-baccarat", "dragon-tiger", "dragon-tiger-poker"])
@settings(max_examples=25, deadline=None)
@given(
    decks=st.integers(1, 8),
    cut=st.integers(0, 80),
    after_cut=st.sampled_from(AFTER_CUT),
    index=st.integers(0, 10**6),
    commencement=st.booleans(),
)
def test_dealing_by_lengths_equals_dealing_card_by_card(game_id, decks, cut, after_cut, index, commencement):
    game = get_game(game_id)
    order = shuffled(Shoe.decks(decks).card_counts(), 7, index)
    rules = DealRules(cut_card=cut, after_cut=after_cut, commencement=commencement)
    by_lengths, _ = deal_shoe(game, order, rules, settle=False)
    card_by_card, outcomes = deal_shoe(game, order, rules, settle=True)
    assert np.array_equal(by_lengths, card_by_card)
    assert len(outcomes) == len(by_lengths)
    # every round removes exactly the cards it exposed: 4 to 6 in baccarat, 2 in Dragon Tiger
    used = -np.diff(by_lengths.sum(axis=1))
    assert set(used.tolist()) <= ({2} if game_id.startswith("dragon") else {4, 5, 6})


class CardByCard:
    """A game dealt only round by round, card by card (its round lengths unknown)."""

    def __init__(self, game):
        self.game = game

    def __getattr__(self, name):
        return getattr(self.game, name)

    def round_lengths(self, values):
        return None


@pytest.mark.parametrize(
    "game_id", ["baccarat", "tiger-baccarat", "dragon-tiger", "dragon-tiger-poker", "player-dealer-baccarat"]
)
@settings(max_examples=25, deadline=None)
@given(
    decks=st.integers(1, 8),
    cut=st.integers(0, 80),
    after_cut=st.sampled_from(AFTER_CUT),
    index=st.integers(0, 10**6),
    commencement=st.booleans(),
)
def test_the_rounds_of_a_shoe_by_lengths_are_its_rounds_card_by_card(
    game_id, decks, cut, after_cut, index, commencement
):
    """shoe_rounds (simulate's dealing) walks a shoe by the game's round lengths: the same rounds,
    card for card, as dealing each round through deal_round."""
    game = get_game(game_id)
    order = shuffled(Shoe.decks(decks).card_counts(), 5, index)
    rules = DealRules(cut_card=cut, after_cut=after_cut, commencement=commencement)
    assert game.round_lengths(np.zeros(8, dtype=np.int64)) is not None  # the path under test
    assert shoe_rounds(game, order, rules) == shoe_rounds(CardByCard(game), order, rules)


def deal_shoes(game, orders, rules):
    """deal_chunk's rows, one array per shoe."""
    unseen, rounds = deal_chunk(game, orders, rules)
    return np.split(unseen, np.cumsum(rounds)[:-1].tolist())


@pytest.mark.parametrize("game_id", ["baccarat", "tiger-baccarat", "dragon-tiger"])
@settings(max_examples=20, deadline=None)
@given(
    cards=st.lists(st.integers(0, 4), min_size=52, max_size=52),
    cut=st.integers(0, 30),
    after_cut=st.sampled_from(AFTER_CUT),
    commencement=st.booleans(),
    shoes=st.integers(1, 6),
)
def test_a_chunk_of_shoes_deals_as_its_shoes_one_by_one(game_id, cards, cut, after_cut, commencement, shoes):
    """deal_chunk (every shoe of a chunk walked in step with numpy) gives each shoe's unseen
    cards before each round exactly as deal_shoe, for small shoes (some with no round at all),
    every after-cut rule and cut cards from 0 to 30."""
    game = get_game(game_id)
    rules = DealRules(cut_card=cut, after_cut=after_cut, commencement=commencement)
    orders = [shuffled(cards, 11, i) for i in range(shoes)]
    chunk = deal_shoes(game, orders, rules)
    assert len(chunk) == shoes
    for order, unseen in zip(orders, chunk):
        alone, _ = deal_shoe(game, order, rules, settle=False)
        assert unseen.shape == alone.shape and np.array_equal(unseen, alone)


def test_a_chunk_of_eight_deck_shoes_deals_as_its_shoes_one_by_one():
    game = get_game("baccarat")
    orders = [shuffled(Shoe.decks(8).card_counts(), 1, i) for i in range(40)]
    for rules in (DealRules(), DealRules(after_cut="standard"), DealRules(cut_card=0, after_cut="one-more")):
        for order, unseen in zip(orders, deal_shoes(game, orders, rules)):
            assert np.array_equal(unseen, deal_shoe(game, order, rules, settle=False)[0])


@pytest.mark.parametrize("true_count", ["unseen", "in-shoe"])
def test_a_chunk_tallies_as_its_shoes_one_by_one(true_count):
    """tally_chunk (numpy over every round of a chunk) gives the same sums as tally_shoe shoe by
    shoe, for derived and given counts, a trigger and windows."""
    from odds.depletion.count import Tally, BetTally, _evaluator, burned_before, make_spec, tally_chunk, tally_shoe
    from odds.paytable import load_paytable

    game = get_game("tiger-baccarat")
    spec = make_spec(
        game,
        load_paytable(game),
        ["big-tiger", "tiger-pair", "banker"],
        2,
        5,
        DealRules(cut_card=20),
        tags={"big-tiger": [0, 0, -1, -1, -1, -2, 1, 2, 2, 0]},
        triggers={"big-tiger": 1},
        true_count=true_count,
    )
    evaluator = _evaluator(spec)
    orders = [shuffled(spec.full, spec.seed, i) for i in range(12)]
    shoes = [deal_shoe(game, o, spec.rules, settle=False)[0] for o in orders]
    burned = [burned_before(game, o, spec.rules, len(u)) for o, u in zip(orders, shoes)]
    results = evaluator.evaluate_shoes(shoes)
    chunk = Tally(0, {b: BetTally() for b in spec.bet_ids})
    rounds = np.array([len(u) for u in shoes])
    tally_chunk(
        chunk, spec, np.concatenate(shoes), rounds, burned, evaluator.evaluate_chunk(np.concatenate(shoes), rounds)
    )
    one_by_one = Tally(0, {b: BetTally() for b in spec.bet_ids})
    for unseen, burn, result in zip(shoes, burned, results):
        tally_shoe(one_by_one, spec, evaluator, unseen, burn, result)
    assert chunk.shoes == one_by_one.shoes == 12
    for bet in spec.bet_ids:
        assert chunk.bets[bet] == one_by_one.bets[bet], bet
    assert chunk.bets["big-tiger"].study.b > 0  # the trigger was reached: the moments were exercised


@pytest.mark.parametrize("way", ["bincount", "sort", "python"])
def test_true_count_bins_of_a_chunk_add_up_as_shoe_by_shoe_every_way(way, monkeypatch):
    """flush_bins adds a chunk's rounds to each bin exactly as add_binned does one shoe at a
    time: by float64 bincounts (bounds below 2**53), by a sort and int64 reduceat (below 2**63),
    or in Python integers (beyond); values up to 2**44 and bins from -40 to 40."""
    from odds.depletion import count

    rng = np.random.default_rng(4)
    entries = []
    for _ in range(6):
        n = int(rng.integers(1, 80))
        fixed = rng.integers(-(2**44), 2**44, n)
        entries.append((rng.integers(-40, 40, n), fixed, rng.random(n) < 0.5, n * int(np.abs(fixed).max())))
    if way == "sort":
        monkeypatch.setattr(count, "FLOAT_EXACT", 0)
    if way == "python":
        entries = [(b, f, w, count.INT64_MAX) for b, f, w, _ in entries]
    expected = count.BetTally()
    for bins, fixed, window, _ in entries:
        count.add_binned(expected, bins, fixed, window)
    tally = count.Tally(0, {"bet": count.BetTally()})
    count.flush_bins(tally, {"bet": entries})
    assert tally.bets["bet"] == expected
    assert len(expected.tc_rounds) > 40 and len(expected.tc_ev_in_window) > 40


@pytest.mark.parametrize("game_id", ["baccarat", "dragon-tiger", "player-dealer-baccarat"])
def test_rounds_given_as_card_kinds_settle_as_their_cards(game_id):
    """simulate settles rounds from their card kinds (shoe_kinds); every bet's outcomes are those
    of the same rounds given as cards."""
    from odds.bets.settling import card_arrays
    from odds.depletion.dealer import shoe_kinds

    game = get_game(game_id)
    rules = DealRules()
    orders = [shuffled(Shoe.decks(2).card_counts(), 3, i) for i in range(6)]
    kinds = np.concatenate([shoe_kinds(game, order, rules) for order in orders])
    cards = [r for order in orders for r in shoe_rounds(game, order, rules)]
    assert len(kinds) == len(cards) > 50
    for positions in (2, 6):
        by_kinds, by_cards = card_arrays(kinds, positions), card_arrays(cards, positions)
        assert all(np.array_equal(a, b) for a, b in zip(by_kinds, by_cards))
    assert game.settle_columns(kinds) == game.settle_columns(cards)
