"""Every baccarat and Tiger Baccarat bet: brute force over every ordering, invariants, published figures."""

import itertools
import random
from fractions import Fraction

import pytest

from odds.cards import SUITS
from odds.exact.intmath import falling
from odds.exact.brute import brute_force
from odds.games import get_game
from odds.paytable import load_paytable
from odds.sheet import build_sheet
from odds.shoe import Shoe

GAMES = ["baccarat", "tiger-baccarat"]


def small_shoe(seed: int, size: int = 8):
    """A small suited shoe drawn from two decks, with repeats so pairs and identical cards occur."""
    rng = random.Random(seed)
    pool = [(rank, suit) for rank in range(1, 14) for suit in SUITS] * 2
    cards = rng.sample(pool, size - 2)
    cards += rng.sample(cards, 2)  # force some identical cards
    return sorted(cards)


def to_shoe(cards):
    from odds.cards import card_kind_index

    counts = [0] * 52
    for rank, suit in cards:
        counts[card_kind_index(rank, suit)] += 1
    return Shoe.from_card_counts(counts)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", range(3))
def test_every_bet_matches_brute_force_over_every_ordering(game_id, seed):
    game = get_game(game_id)
    cards = small_shoe(seed)
    oracle = brute_force(game, cards)
    counts = game.count(to_shoe(cards), list(game.bets))
    for bet, outcome_counts in counts.items():
        got = {k: Fraction(n, outcome_counts.total) for k, n in outcome_counts.counts.items() if n}
        assert got == oracle[bet], bet


@pytest.mark.parametrize("seed", range(5))
def test_dragon_and_tiger_side_bets_mirror(seed):
    rng = random.Random(seed)
    shoe = Shoe.from_rank_counts([rng.randint(0, 12) + 1 for _ in range(13)])
    counts = get_game("baccarat").count(shoe, ["dragon", "tiger"])
    dragon, tiger = counts["dragon"].counts, counts["tiger"].counts
    assert dragon["dragon-wins"] == tiger["tiger-wins"] == dragon["tiger-wins"]
    assert dragon["tie"] == tiger["tie"]


@pytest.mark.parametrize("seed", range(5))
def test_every_bet_sums_to_its_total_for_random_shoes(seed):
    rng = random.Random(seed)
    shoe = Shoe.decks(8).remove(",".join(f"{r}{s}" for r in rng.sample("A23456789TJQK", 6) for s in "sh"))
    for game_id in GAMES:
        game = get_game(game_id)
        for bet, oc in game.count(shoe, list(game.bets)).items():
            assert sum(oc.counts.values()) == oc.total == falling(shoe.total, 6)


def edge(game_id, bet, paytable=None, shoe=None):
    game = get_game(game_id)
    sheet = build_sheet(game, load_paytable(game, paytable), shoe or Shoe.decks(8), [bet])
    return sheet.bets[0].house_edge


def test_published_eight_deck_edges():
    # Wizard of Odds, baccarat basics (8 decks): banker 1.06%, player 1.24%, tie 8:1 14.36%, 9:1 4.84%
    assert round(float(edge("baccarat", "banker")), 6) == 0.010579
    assert round(float(edge("baccarat", "player")), 6) == 0.012351
    assert round(float(edge("baccarat", "tie")), 6) == 0.143596
    assert round(float(edge("baccarat", "tie", "tie-9")), 6) == 0.048440
    # EZ-style banker paying half on a winning 6: 1.46%
    assert round(float(edge("baccarat", "banker-no-commission")), 4) == 0.0146
    # Dragon Bonus, standard table: player side 2.65%, banker side 9.37%
    assert round(float(edge("baccarat", "dragon-bonus-player", "dragon-bonus-standard")), 4) == 0.0265
    assert round(float(edge("baccarat", "dragon-bonus-banker", "dragon-bonus-standard")), 4) == 0.0937


def test_pair_bets_have_closed_forms():
    """8 decks: P(pair) = 31/415 (the second card matches the first's rank); P(identical) = 7/415."""
    p_pair = Fraction(31, 415)
    assert edge("baccarat", "player-pair") == 1 - 12 * p_pair
    assert edge("baccarat", "banker-pair") == 1 - 12 * p_pair
    # either pair: 1 - (1-p)(1-p') with the banker's chance given the player's hand
    game = get_game("baccarat")
    counts = game.count(Shoe.decks(8), ["either-pair", "perfect-pair"])
    both = Fraction(13 * 32 * 31 * (12 * 32 * 31 + 30 * 29), 416 * 415 * 414 * 413)  # 13 ranks for the player pair
    assert Fraction(counts["either-pair"].counts["pair"], counts["either-pair"].total) == 2 * p_pair - both
    both_identical = Fraction(52 * 8 * 7 * (51 * 8 * 7 + 6 * 5), 416 * 415 * 414 * 413)
    perfect = Fraction(counts["perfect-pair"].counts["perfect-pair"], counts["perfect-pair"].total)
    assert perfect == 2 * Fraction(7, 415) - both_identical


def test_big_and_small_are_complements():
    game = get_game("baccarat")
    counts = game.count(Shoe.decks(6), ["big", "small"])
    assert counts["big"].counts["big"] == counts["small"].counts["big"]
    assert counts["big"].counts["small"] + counts["big"].counts["big"] == counts["big"].total


def test_unsuited_removal_refuses_suit_bets_but_not_rank_bets():
    from odds.shoe import SuitsUnknown

    game = get_game("baccarat")
    shoe = Shoe.decks(8).remove("K")
    game.count(shoe, ["player-pair"])
    with pytest.raises(SuitsUnknown):
        game.count(shoe, ["perfect-pair"])


def test_play_round_plays_the_first_cards_of_any_sequence_as_the_reference_dealer():
    """``play_round`` on card values of any length (a shoe's rest included): the round the
    reference dealer deals from the same cards, or None when it needs more cards than given; and
    ``play_many`` on rows of six values, its codes decoded (``_decode``), the same rounds."""
    import numpy as np

    from odds.games.punto_banco import _decode, play_many, play_round
    from reference import dealers

    rng = random.Random(26)
    rows = [[rng.randint(0, 9) for _ in range(6)] for _ in range(200)]
    used, codes = play_many(np.array(rows, dtype=np.int64))
    for row, n, code in zip(rows, used.tolist(), codes.tolist()):
        h = dealers.deal_baccarat([(v if v else 10, "s") for v in row])
        expected = (h.first_total, h.second_total, len(h.first), len(h.second))
        assert (n, tuple(_decode(code)), tuple(play_round(row))) == (h.cards_dealt, expected, expected), row
    # every code play_many's docstring describes (totals, who drew), the rarest included
    for p, b, p_drew, b_drew in itertools.product(range(10), range(10), (0, 1), (0, 1)):
        assert tuple(_decode(p + 10 * b + 100 * p_drew + 200 * b_drew)) == (p, b, 2 + p_drew, 2 + b_drew)
    for _ in range(100):
        values = [rng.randint(0, 9) for _ in range(rng.randint(4, 9))]
        r = play_round(values)
        cards = [(v if v else 10, "s") for v in values]
        try:
            h = dealers.deal_baccarat(cards)
        except IndexError:  # the reference ran out of cards
            assert r is None, values
            continue
        expected = (h.first_total, h.second_total, len(h.first), len(h.second))
        assert r is not None and tuple(r) == expected, values


def test_a_bet_on_the_players_two_card_total_counts_the_pairs_that_make_it(tmp_path):
    """``player_two_card_total == 9`` on eight decks: the player's first two cards are an ordered
    pair of values summing to 9 modulo 10 - a ten-value (128 cards) and a 9 (32), or two of 1-8
    summing to 9 (32 each) - and the other four cards any of the 414 left."""
    path = tmp_path / "two.toml"
    path.write_text(
        'game = "baccarat"\nextends = "seed"\n\n[bets.two-nine]\noutcomes = [\n'
        '  { key = "nine", when = "player_two_card_total == 9 and banker_two_card_total < 10", pays = 1 },\n'
        '  { key = "other", pays = -1 },\n]\n'
    )
    game = get_game("baccarat")
    bet = build_sheet(game, load_paytable(game, str(path)), Shoe.decks(8), ["two-nine"]).bet("two-nine")
    pairs = 2 * 128 * 32 + 8 * 32 * 32
    assert {r.key: r.combinations for r in bet.rows} == {
        "nine": pairs * falling(414, 4),
        "other": falling(416, 6) - pairs * falling(414, 4),
    }
