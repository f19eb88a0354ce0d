"""Shoe-by-shoe dealing and counting: the dealer's rules, exhaustive tiny shoes, main bets that are
never positive, and results that do not depend on the workers."""

from __future__ import annotations

from collections import Counter
import math
from fractions import Fraction

import numpy as np
import pytest
from more_itertools import distinct_permutations

from odds.cards import baccarat_value, card_kind_index
from odds.exact.brute import brute_force
from odds.errors import OddsError
from odds.games import all_games, get_game
from odds.games.punto_banco import play_round
from odds.paytable import load_paytable
from odds.sheet import build_sheet
from odds.shoe import Shoe, commencement_burn
from odds.depletion import count as count_lib
from odds.depletion.count import FIX, BetTally, Tally, best_trigger, make_spec, report, run, tally_shoe
from odds.depletion.dealer import DealRules, deal_shoe, shuffled
from odds.depletion.evaluator import CARD_OF_KIND, Evaluator

CARD_GAME_IDS = [g.id for g in all_games() if g.uses_shoe]
DT_GAMES = [g for g in ("dragon-tiger", "dragon-tiger-poker") if g in CARD_GAME_IDS]


# -- the dealer -----------------------------------------------------------------------------------


def test_shuffle_is_a_permutation_and_depends_only_on_seed_and_index():
    full = Shoe.decks(8).card_counts()
    a, b = shuffled(full, 7, 3), shuffled(full, 7, 3)
    assert (a == b).all() and not (a == shuffled(full, 7, 4)).all()
    assert np.bincount(a, minlength=52).tolist() == list(full)


@pytest.mark.parametrize("game_id", DT_GAMES)
def test_dragon_tiger_depth_follows_commencement_burns_and_cut_card(game_id):
    """One deck: commencement card + its value burned, then 3 cards a round (1 burn + 2), the
    round in which the cut card (14 from the end) comes out is the last - counted by hand."""
    game = get_game(game_id)
    full = Shoe.decks(1).card_counts()
    for index in range(20):
        order = shuffled(full, 1, index)
        unseen, outcomes = deal_shoe(game, order, DealRules(cut_card=14))
        pos = 1 + min(CARD_OF_KIND[order[0]][0], 10)
        rounds = 0
        while pos < 52 - 14:  # the cut card lies before card 38
            pos += 3
            rounds += 1
        assert len(unseen) == len(outcomes) == rounds
        # before round r the exposed cards are the commencement card and 2 per earlier round
        assert (unseen.sum(axis=1) == 51 - 2 * np.arange(rounds)).all()


def test_baccarat_unseen_cards_are_the_shoe_less_exposed_cards():
    """Replay the order with the drawing rules of punto_banco: the unseen composition before each
    round is the shoe less the commencement card and every card of the earlier rounds; face-down
    burns stay unseen; no round starts once the cut card is out, and a round whose first card
    would be the cut card is dealt, as the last (baccarat burns no card between rounds)."""
    game = get_game("baccarat")
    full = Shoe.decks(1).card_counts()
    for index in range(10):
        order = [int(k) for k in shuffled(full, 2, index)]
        unseen, _ = deal_shoe(game, order, DealRules(cut_card=14))
        exposed = Counter([order[0]])
        pos = 1 + min(CARD_OF_KIND[order[0]][0], 10)
        expected = []
        while pos <= 52 - 14:
            expected.append([full[k] - exposed[k] for k in range(52)])
            values = [baccarat_value(CARD_OF_KIND[k][0]) for k in order[pos : pos + 6]]
            used = play_round(values).cards
            exposed.update(order[pos : pos + used])
            pos += used
        assert unseen.tolist() == expected


def test_cut_card_as_the_next_card_burn_or_first_card_of_the_round():
    """Seeds 000/003: when the cut card would come out as the next round's burn card (Dragon Tiger
    burns one a round) that round does not commence; when it would be the first card of the next
    round (baccarat: no burn) that round is dealt and is the last. Here the cut card lies in front
    of the first card and there is no commencement, so the first round starts at the cut card."""
    full = Shoe.decks(1).card_counts()
    order = shuffled(full, 4, 0)
    rules = DealRules(cut_card=52, commencement=False)
    unseen, outcomes = deal_shoe(get_game("baccarat"), order, rules)
    assert len(unseen) == len(outcomes) == 1 and unseen[0].tolist() == list(full)
    more, _ = deal_shoe(get_game("baccarat"), order, DealRules(cut_card=52, after_cut="one-more", commencement=False))
    assert len(more) == 2
    for game_id in DT_GAMES:
        unseen, outcomes = deal_shoe(get_game(game_id), order, rules)
        assert len(unseen) == len(outcomes) == 0 and unseen.shape == (0, 52)
        more, _ = deal_shoe(get_game(game_id), order, DealRules(cut_card=52, after_cut="one-more", commencement=False))
        assert len(more) == 1


@pytest.mark.parametrize("game_id", ["baccarat"] + DT_GAMES)
def test_shoe_depth_matches_a_replay_written_from_the_rules(game_id):
    """The rounds a shoe deals (count's dealer, which simulate deals with too) against a replay
    written here from docs/rules.md with the reference dealers (tests/reference): the first card
    exposed and its value burned (A = 1, T J Q K = 10), a burn card before each round (Dragon
    Tiger), no round once the cut card is out or would come out as a burn card, the round in which
    it comes out the last - including shoes whose last round starts exactly at the cut card."""
    from odds.depletion.dealer import shoe_rounds
    from reference.dealers import deal_baccarat

    game = get_game(game_id)
    full = Shoe.decks(1).card_counts()
    cut = 14
    at_cut = 0
    burn = 1 if game_id in DT_GAMES else 0
    for index in range(300):
        order = shuffled(full, 6, index)
        cards = [CARD_OF_KIND[int(k)] for k in order]
        unseen, outcomes = deal_shoe(game, order, DealRules(cut_card=cut))
        cut_at = 52 - cut  # the cut card lies just before cards[cut_at]
        pos = 1 + min(cards[0][0], 10)
        replay = []
        while pos < cut_at or (pos == cut_at and burn == 0):
            pos += burn
            if burn and pos > cut_at:  # the cut card came out as this round's burn card
                break
            if game_id in DT_GAMES:
                used = 2
            else:
                hands = deal_baccarat(cards[pos : pos + 6])
                used = len(hands.first) + len(hands.second)
            replay.append(cards[pos : pos + used])
            pos += used
        assert shoe_rounds(game, order, DealRules(cut_card=cut)) == replay, index
        assert len(unseen) == len(outcomes) == len(replay), index
        if len(unseen):
            # where the last round began: the commencement card and its burn, the burns, the exposed cards
            burned = commencement_burn(CARD_OF_KIND[order[0]][0]) + game.burn_per_round * (len(unseen) - 1)
            start = burned + 52 - int(unseen[-1].sum())
            at_cut += start == 52 - cut
    if game.burn_per_round == 0:
        assert at_cut > 0  # the check bites: some shoes deal a round whose first card is the cut card


def test_one_more_round_after_the_cut_card():
    game = get_game("baccarat")
    full = Shoe.decks(2).card_counts()
    for index in range(5):
        order = shuffled(full, 3, index)
        last, _ = deal_shoe(game, order, DealRules(after_cut="last"))
        more, _ = deal_shoe(game, order, DealRules(after_cut="one-more"))
        assert len(more) == len(last) + 1 and (more[: len(last)] == last).all()


# -- exhaustive tiny shoes --------------------------------------------------------------------------


def enumerate_tiny(game_id, cards, rules):
    """Over every distinct order of the cards: per bet, the sum of the exact positive
    expectations (what the count reports) and the sum of what a bettor who bets 1 unit exactly
    when the expectation is positive actually wins (settled by settle_rounds)."""
    game = get_game(game_id)
    paytable = load_paytable(game)
    evaluator = Evaluator(game, paytable, list(game.bets))
    kinds = [card_kind_index(r, s) for r, s in cards]
    full = [kinds.count(k) for k in range(52)]
    spec = count_lib.CountSpec(
        game.id,
        paytable,
        tuple(game.bets),
        tuple(full),
        0,
        rules,
        tuple([2] * len(game.bets)),
        tuple([None] * len(game.bets)),
    )
    tally = Tally(0, {b: BetTally() for b in game.bets})
    perfect = dict.fromkeys(game.bets, Fraction(0))
    realised = dict.fromkeys(game.bets, Fraction(0))
    orders = 0
    rounds = []
    # the orders of a tiny shoe deal few distinct sequences of compositions: each is evaluated once
    evaluated = {}
    for order in distinct_permutations(kinds):
        unseen, outcomes = deal_shoe(game, order, rules)
        orders += 1
        if not len(unseen):
            tally.shoes += 1
            continue
        key = (unseen.shape, unseen.tobytes())
        if key not in evaluated:
            evaluated[key] = evaluator.evaluate(unseen), evaluator.exact(unseen)
        results, exact = evaluated[key]
        tally_shoe(tally, spec, evaluator, unseen, results=results)
        for bet in game.bets:
            pays = paytable.bet(bet).pays
            for r, ev in enumerate(exact[bet]):
                if ev > 0:
                    perfect[bet] += ev
                    realised[bet] += pays[outcomes[r][bet]]
        rounds.append(unseen)
    return game, paytable, evaluator, tally, perfect, realised, orders, rounds


TINY = (
    [  # about 1,000 to 4,000 distinct orders each
        ("baccarat", "Asx3,5sx3,Ksx3", DealRules(cut_card=3)),  # commencement: an ace burns 1, a 5 burns 5
        # 1 or 2 rounds; 7 s of CPU: the slow tier (the tiger shoe below has no commencement either)
        pytest.param("baccarat", "Asx4,5dx4,Khx2", DealRules(cut_card=0, commencement=False), marks=pytest.mark.slow),
        ("tiger-baccarat", "Asx2,Ah,6sx3,Khx2", DealRules(cut_card=0, commencement=False)),
    ]
    # Dragon Tiger Poker's (3 s of CPU): the slow tier
    + [
        pytest.param(
            g,
            "Asx2,Ah,7s,7hx2,Kh",
            DealRules(cut_card=0, commencement=False),
            marks=[pytest.mark.slow] * (g != DT_GAMES[0]),
        )
        for g in DT_GAMES
    ]
    + [(g, "Asx2,Ahx2,7hx3,Kh", DealRules(cut_card=1)) for g in DT_GAMES[:1]]
)


@pytest.mark.parametrize("game_id,cards,rules", TINY)
def test_perfect_information_value_equals_exhaustive_enumeration(game_id, cards, rules):
    """Issue 5 item 7. Over every order of a tiny shoe, the perfect-information bettor's sum of
    exact expectations equals what it actually wins when every round is settled by the rules
    (tower rule: the expectation is the mean of the outcome given what has been seen). And the
    count's integer tally holds that sum to within 2**-32 a round."""
    shoe = Shoe.from_cards(cards)
    cards_list = [CARD_OF_KIND[k] for k in range(52) for _ in range(shoe.card_counts()[k])]
    game, paytable, evaluator, tally, perfect, realised, orders, rounds = enumerate_tiny(game_id, cards_list, rules)
    assert orders == tally.shoes
    some_positive = 0
    for bet in game.bets:
        assert perfect[bet] == realised[bet], bet
        t = tally.bets[bet]
        assert abs(Fraction(t.perfect, FIX) - perfect[bet]) <= Fraction(t.rounds, 2 * FIX), bet
        some_positive += perfect[bet] > 0
    assert some_positive >= 2  # the check bites: some bets do get positive rounds


@pytest.mark.parametrize("game_id,cards,rules", TINY[1:2] + TINY[-2:-1])
def test_round_expectations_match_brute_force_orderings(game_id, cards, rules):
    """The expectation used at a round equals the brute-force walk over every ordering of the
    unseen cards (odds.exact.brute), for a sample of rounds."""
    game = get_game(game_id)
    paytable = load_paytable(game)
    evaluator = Evaluator(game, paytable, list(game.bets))
    shoe = Shoe.from_cards(cards)
    kinds = [k for k in range(52) for _ in range(shoe.card_counts()[k])]
    rng = np.random.default_rng(0)
    checked = 0
    for _ in range(4):
        unseen, _ = deal_shoe(game, rng.permutation(kinds), rules)
        for row in unseen[-1:]:
            probabilities = brute_force(game, [CARD_OF_KIND[k] for k in range(52) for _ in range(row[k])])
            exact = evaluator.exact(row[None, :])
            for bet in game.bets:
                pays = paytable.bet(bet).pays
                assert exact[bet][0] == sum(p * pays[k] for k, p in probabilities[bet].items()), bet
            checked += 1
    assert checked


# -- main bets of Dragon Tiger ----------------------------------------------------------------------


def first_card_games():
    out = [(g, ("dragon", "tiger")) for g in DT_GAMES]
    return out + [("baccarat", ("dragon", "tiger"))]  # baccarat's first-card Dragon/Tiger side bets


@pytest.mark.parametrize("game_id,bets", first_card_games())
def test_dragon_and_tiger_are_minus_half_the_tie_probability(game_id, bets):
    """Issue 5 item 7: Dragon and Tiger win equally often (swap the two cards), so each bet's
    expectation is -1/2 P(tie) for any composition: never positive."""
    game = get_game(game_id)
    paytable = load_paytable(game)
    evaluator = Evaluator(game, paytable, list(bets))
    rng = np.random.default_rng(9)
    comps = rng.integers(0, 6, size=(200, 52))
    comps[:, 0] += 2  # at least two cards
    exact = evaluator.exact(comps)
    for i, row in enumerate(comps):
        ranks = row.reshape(13, 4).sum(axis=1)
        n = int(row.sum())
        tie = Fraction(int((ranks * (ranks - 1)).sum()), n * (n - 1))
        for bet in bets:
            assert exact[bet][i] == -tie / 2
    spec = make_spec(game, paytable, list(bets), 1, 5, DealRules())
    for row in report(spec, run(spec, 10, workers=1)):
        assert row["positive_fraction"] == 0 and row["perfect_units_per_shoe"] == 0


@pytest.mark.parametrize("game_id", DT_GAMES)
def test_two_card_path_is_exact_on_huge_shoes(game_id):
    """Products of 10**8 cards per kind pass int64: the positional path must switch to Python
    integers and still equal the exact sheet."""
    game = get_game(game_id)
    paytable = load_paytable(game)
    evaluator = Evaluator(game, paytable, list(game.bets))
    assert set(evaluator.plan.routes.values()) == {"cards"}
    rows = np.array(
        [[10**8 + 7 * k for k in range(52)], [10**8 if k % 5 else 3 for k in range(52)], [5 + k % 7 for k in range(52)]]
    )  # a small shoe in the same batch
    exact = evaluator.exact(rows)
    positive, _ = zip(*evaluator.evaluate(rows).values())
    for i, row in enumerate(rows):
        sheet = build_sheet(game, paytable, Shoe.from_card_counts(row.tolist()), list(game.bets))
        for bet, flags in zip(sheet.bets, positive):
            assert exact[bet.id][i] == bet.expected_value, (i, bet.id)
            assert flags[i] == (bet.expected_value > 0)


# -- runs ------------------------------------------------------------------------------------------


def test_best_trigger_is_the_best_tail_sum():
    bins = {0: -5, 10: 3, 20: 4}  # true counts 0, 1, 2 (bins of 0.1)
    gain, trigger = best_trigger(bins)
    assert gain == 7 and trigger == 1  # the highest trigger that wins the most: bet from 1 up
    assert best_trigger({b: -abs(v) for b, v in bins.items()}) == (0, None)
    assert best_trigger({-9000: 2, 7000: -1, 123456: 5}) == (6, Fraction(-900))  # far out: no end bins


def test_true_count_bins():
    """Balanced tags: running count x 52 / unseen. Unbalanced: less the drift of the exposed cards."""
    # a balanced count on a 104-card shoe (tag sum 0): unseen tag sums 0, -10, +10, -7 and -10**6
    tags_unseen = np.array([0, -10, 10, -7, -(10**6)])
    left = np.array([104, 104, 104, 52, 52])
    bins = count_lib.true_count_bins(0, 104, tags_unseen, left)
    # running counts 0, 10, -10, 7 (the exposed cards' tags): true counts 0, 5, -5, 7; and 10**6,
    # its own bin (true counts used to be clipped to +-60)
    assert [count_lib.bin_trigger(int(b)) for b in bins] == [0, 5, -5, 7, 10**6]
    # an unbalanced count (every card tagged +1): any composition counts as neutral
    assert [count_lib.bin_trigger(int(b)) for b in count_lib.true_count_bins(104, 104, left, left)] == [0] * 5


def test_true_count_bins_are_exact_floors_anywhere():
    """Each bin is floor(10 x 52 (U T - N t) / (N U)), computed independently with Fractions."""
    rng = np.random.default_rng(7)
    cards_full, tags_full = 416, 37
    left = rng.integers(1, 417, size=400)
    tags_unseen = rng.integers(-5000, 5000, size=400)
    bins = count_lib.true_count_bins(tags_full, cards_full, tags_unseen, left)
    for b, u, t in zip(bins.tolist(), left.tolist(), tags_unseen.tolist()):
        tc = Fraction(52 * (u * tags_full - cards_full * t), cards_full * u)
        assert b == math.floor(tc * 10), (u, t)


def test_zero_workers_is_an_error_not_all_cores():
    game = get_game("dragon-tiger")
    spec = make_spec(game, load_paytable(game), ["tie"], 1, 5, DealRules())
    with pytest.raises(OddsError, match="--workers must be at least 1"):
        run(spec, 1, workers=0)
    with pytest.raises(OddsError, match="--cut-card 52"):
        make_spec(game, load_paytable(game), ["tie"], 1, 5, DealRules(cut_card=52))


def test_results_do_not_depend_on_the_workers():
    """Issue 5 item 4: the same seed gives the same figures in one process or several."""
    game = get_game("baccarat")
    paytable = load_paytable(game)
    spec = make_spec(game, paytable, ["tie", "big", "player-pair", "perfect-pair"], 8, 42, DealRules())
    one = report(spec, run(spec, 12, workers=1))
    two = report(spec, run(spec, 12, workers=2))
    assert one == two
    assert one != report(spec, run(spec, 11, workers=1))


def test_tag_sums_by_rank_and_by_card_equal_python_integers():
    """tag_sums reads rank counts when every tag is the same on a rank's four suits, the 52 card
    counts otherwise, in float64, int64 or Python integers as its bound says: every way the
    Python integers' sums, including rows past the float64 and int64 bounds."""
    rng = np.random.default_rng(20)
    rank_tags = [int(x) for x in np.repeat(rng.integers(-3, 4, size=13), 4)]
    card_tags = [int(x) for x in rng.integers(-3, 4, size=52)]
    for top in (9, 2**45, 2**58):  # float64, int64, Python integers
        rows = rng.integers(0, 9, size=(40, 52))
        rows[0, 7] = top
        for tags in ([rank_tags], [card_tags], [rank_tags, card_tags]):
            got = count_lib.tag_sums(rows, tags)
            want = [[sum(int(c) * t for c, t in zip(row, tag)) for tag in tags] for row in rows.tolist()]
            assert [[int(x) for x in row] for row in got.tolist()] == want
