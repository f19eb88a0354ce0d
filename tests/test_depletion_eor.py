"""Effects of removal, tags and the batch evaluator, each against an independent computation."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from odds.games import all_games, get_game
from odds.paytable import load_paytable
from odds.sheet import build_sheet
from odds.shoe import Shoe
from odds.depletion.eor import effects_of_removal
from odds.depletion.evaluator import Evaluator
from odds.depletion.tags import betting_correlation, derive_tags, is_balanced, round_half_away

CARD_GAMES = [g for g in all_games() if g.uses_shoe]
CARD_GAME_IDS = [g.id for g in CARD_GAMES]


def sheet_ev(game, paytable, shoe, bet):
    """The bet's expected value through the sheet path (odds.sheet), not through depletion."""
    return build_sheet(game, paytable, shoe, [bet]).bets[0].expected_value


@pytest.mark.parametrize(
    "game_id",
    # Tiger and player-dealer baccarat (2 s of CPU together) in the slow tier; baccarat stays here
    [
        pytest.param(g, marks=pytest.mark.slow) if g in ("tiger-baccarat", "player-dealer-baccarat") else g
        for g in CARD_GAME_IDS
    ],
)
def test_count_weighted_mean_of_removals_is_the_full_value(game_id):
    """Issue 5 item 1: sum_k c_k E(shoe less k) / N == E(shoe), exactly, for every bet - on a
    full shoe and on a depleted one."""
    game = get_game(game_id)
    paytable = load_paytable(game)
    for shoe in (Shoe.decks(game.default_decks), Shoe.decks(2).remove("As,Ah,5c,5d,5s,Kh,Qd,9c,9h,9s")):
        for bet in effects_of_removal(game, paytable, shoe, list(game.bets)):
            n = sum(e.count for e in bet.effects)
            assert n == shoe.total
            mean = sum(e.count * e.expected_value for e in bet.effects) / n
            if chosen_per_shoe(bet.id):
                # the players pick the best play for the composition: knowing one card more can
                # only help them (E max >= max E); the other bets of such a round follow the
                # players' choice and obey no identity
                if bet.id.startswith("player"):
                    assert mean >= bet.expected_value, bet.id
                continue
            assert mean == bet.expected_value, bet.id
            assert sum(e.count * e.effect for e in bet.effects) == 0, bet.id
            assert bet.identity_holds()


def chosen_per_shoe(bet_id):
    """Bets settled by the best play for the shoe's composition (player-dealer baccarat)."""
    return bet_id.endswith("best-choice")


@pytest.mark.parametrize("game_id", CARD_GAME_IDS)
def test_an_effect_is_the_difference_of_two_sheets(game_id):
    """One removal per resolution, against the sheet of the shoe less that card."""
    game = get_game(game_id)
    paytable = load_paytable(game)
    shoe = Shoe.decks(game.default_decks)
    for bet in effects_of_removal(game, paytable, shoe, list(game.bets)):
        pick = {"value": ("6", "6"), "rank": ("Q", "Q"), "card": ("7h", "7h")}[bet.resolution]
        effect = next(e for e in bet.effects if e.card == pick[0])
        assert effect.effect == sheet_ev(game, paytable, shoe.remove(pick[1]), bet.id) - sheet_ev(
            game, paytable, shoe, bet.id
        )


def pair_type(game_id, bet_id):
    return "pair" in bet_id or bet_id == "dragon-tiger-tie" or (game_id.startswith("dragon-tiger") and bet_id == "tie")


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_pair_type_bets_have_zero_effect_for_every_card(decks):
    """Issue 5 item 7: off a full shoe every rank is equally common, and removing any one card
    leaves the chance of a pair (of equal first cards) unchanged: (c-1)/(N-1) = (c-1)... exactly."""
    seen = 0
    for game in CARD_GAMES:
        paytable = load_paytable(game)
        bets = [b for b in game.bets if pair_type(game.id, b)]
        for bet in effects_of_removal(game, paytable, Shoe.decks(decks), bets):
            assert all(e.effect == 0 for e in bet.effects), (game.id, bet.id)
            seen += 1
    assert seen >= 7  # player, banker, either, perfect pair; dragon-tiger-tie; tiger pair; DT ties


def test_pair_effects_are_not_zero_off_a_depleted_shoe():
    """The zero above is a property of the full shoe, not of the code: one card out, a second
    removal does move the pair bet."""
    game = get_game("baccarat")
    (bet,) = effects_of_removal(game, load_paytable(game), Shoe.decks(8).remove("Ks"), ["player-pair"])
    assert any(e.effect != 0 for e in bet.effects)


def test_baccarat_banker_effects_have_the_known_shape():
    """The known shape of baccarat's effects of removal (Thorp, Griffin): removing a small card
    (A-4) helps the banker, a 4 the most; removing a 5-9 hurts it, a 5 or 6 the most; the player is
    the mirror image in sign."""
    game = get_game("baccarat")
    banker, player = effects_of_removal(game, load_paytable(game), Shoe.decks(8), ["banker", "player"])
    by_card = {e.card: e.effect for e in banker.effects}
    assert max(by_card, key=by_card.get) == "4"
    assert min(by_card, key=by_card.get) in ("5", "6")
    assert all(by_card[c] > 0 for c in "A234") and all(by_card[c] < 0 for c in "56789")
    for b, p in zip(banker.effects, player.effects):
        assert (b.effect > 0) == (p.effect < 0)


# -- tags -------------------------------------------------------------------------------------------


def test_derived_tags_scale_and_round():
    effects = [Fraction(3), Fraction(-1), Fraction(1, 2), Fraction(-6), Fraction(0)]
    assert derive_tags(effects, 2) == [1, 0, 0, -2, 0]  # 3/6*2 = 1, -1/6*2 -> 0, -6 -> -2
    assert derive_tags(effects, 4) == [2, -1, 0, -4, 0]  # 2, -2/3 -> -1, 1/3 -> 0
    assert round_half_away(Fraction(-1, 2)) == -1 and round_half_away(Fraction(1, 2)) == 1
    assert derive_tags([Fraction(0)] * 3, 3) == [0, 0, 0]


def test_betting_correlation_against_numpy():
    rng = np.random.default_rng(5)
    effects = [Fraction(int(x), 1000) for x in rng.integers(-50, 50, 10)]
    tags = [int(x) for x in rng.integers(-2, 3, 10)]
    counts = [32] * 9 + [128]
    e = np.repeat(np.array([float(x) for x in effects]), counts)
    t = np.repeat(np.array(tags, dtype=float), counts)
    assert betting_correlation(effects, tags, counts) == pytest.approx(np.corrcoef(e, t)[0, 1], abs=1e-12)
    assert betting_correlation(effects, [v * 3 for v in tags], counts) == pytest.approx(
        betting_correlation(effects, tags, counts)
    )
    assert betting_correlation(effects, [0] * 10, counts) is None
    assert is_balanced([1, -1], [4, 4]) and not is_balanced([1, 0], [4, 4])


# -- the batch evaluator ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game_id", [g.id for g in CARD_GAMES if not g.reshuffled]
)  # count's evaluator: shoes dealt down
def test_evaluator_matches_the_sheet_path(game_id):
    """Every fast path (compiled table, vectorised first-card formulas, two-card round) gives the
    same exact fraction as the sheets on random compositions."""
    game = get_game(game_id)
    paytable = load_paytable(game)
    evaluator = Evaluator(game, paytable, list(game.bets))
    rng = np.random.default_rng(11)
    comps = rng.integers(0, 9, size=(3, 52))
    comps[0] = 8  # a full 8-deck shoe
    exact = evaluator.exact(comps)
    for i, row in enumerate(comps):
        shoe = Shoe.from_card_counts(row.tolist())
        for bet in game.bets:
            assert exact[bet][i] == sheet_ev(game, paytable, shoe, bet), (game_id, bet, evaluator.plan.routes[bet])
        positive, ev = evaluator.evaluate(row[None, :])[bet]
        assert bool(positive[0]) == (exact[bet][i] > 0)
        assert ev[0] == pytest.approx(float(exact[bet][i]), rel=1e-12, abs=1e-15)


def test_fast_paths_are_used_for_baccarat_and_dragon_tiger():
    routes = Evaluator(
        get_game("baccarat"), load_paytable(get_game("baccarat")), list(get_game("baccarat").bets)
    ).plan.routes
    assert routes["banker"] == "drawing" and routes["perfect-pair"] == "cards"
    if "dragon-tiger" in CARD_GAME_IDS:
        dt = get_game("dragon-tiger")
        assert set(Evaluator(dt, load_paytable(dt), list(dt.bets)).plan.routes.values()) == {"cards"}


@pytest.mark.parametrize("resolution,labels", [("value", 10), ("rank", 13), ("card", 52)])
def test_count_tags_name_each_card_kind_as_the_effects_do(resolution, labels):
    """The count spreads a bet's tags over the 52 card kinds by kind_label; every label it gives
    is one that removal_kinds gives the effects (else a tag would silently count as zero)."""
    from odds.cards import RANKS, SUITS
    from odds.depletion.eor import kind_label, removal_kinds

    given = [k[0] for k in removal_kinds(Shoe.decks(1), resolution)]
    assert len(given) == labels
    assert {kind_label(rank, suit, resolution) for rank in RANKS for suit in SUITS} == set(given)


def test_count_tags_per_card_kind():
    """Baccarat's tie (a value bet): each of the 52 kinds carries its value's tag (ten-values: T)."""
    from odds.depletion.count import count_tags

    game = get_game("baccarat")
    paytable = load_paytable(game)
    shoe = Shoe.decks(8)
    tags = count_tags(game, paytable, shoe, ["tie", "player-pair"], 2)
    (effects,) = effects_of_removal(game, paytable, shoe, ["tie"])
    by_value = dict(zip([e.card for e in effects.effects], derive_tags([e.effect for e in effects.effects], 2)))
    assert tags["tie"] == tuple(by_value["A23456789TTTT"[r]] for r in range(13) for _ in range(4))
    assert tags["player-pair"] is None  # every effect zero: no count
