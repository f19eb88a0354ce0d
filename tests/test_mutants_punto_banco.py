"""odds/games/punto_banco.py's features of a round against the reference dealer, feature by
feature, for the mutants the priced bets do not notice (docs/development.md, "Mutation testing";
docs/mutants/punto_banco.md): a feature no shipped bet reads (a hand's card values, the banker's
third card, the cards each hand holds) is still one a user's bet can read."""

from __future__ import annotations

import numpy as np
import pytest
from reference.dealers import SUITS, deal_baccarat, points, value

from odds.bets.condition import text_code
from odds.games.punto_banco import SUIT_TEXTS, deal_state, round_features


def _reference(cards) -> dict:
    """Every feature of one round, from the reference dealer's hands (cards ``(rank, suit)``)."""
    hands = deal_baccarat(cards)
    out = {}
    for side, hand in (("player", hands.first), ("banker", hands.second)):
        out[f"{side}_total"] = points(hand)
        out[f"{side}_two_card_total"] = points(hand[:2])
        out[f"{side}_cards"] = len(hand)
        out[f"{side}_third"] = value(hand[2]) if len(hand) == 3 else -1
        out[f"{side}_natural"] = points(hand[:2]) >= 8
        out[f"{side}_pair"] = hand[0][0] == hand[1][0]
        out[f"{side}_suited"] = hand[0][1] == hand[1][1]
        for i in range(3):
            dealt = i < len(hand)
            out[f"{side}_rank{i + 1}"] = hand[i][0] if dealt else -1
            out[f"{side}_suit{i + 1}"] = text_code(hand[i][1] if dealt else "")
        for i in range(2):
            out[f"{side}_value{i + 1}"] = value(hand[i])
    player, banker = out["player_total"], out["banker_total"]
    out.update(player_wins=player > banker, banker_wins=banker > player, tie=player == banker)
    out["cards"] = hands.cards_dealt
    return out


FEATURES = sorted(_reference([(1, "s")] * 6))


@pytest.mark.parametrize("seed", [1, 2])
def test_every_feature_of_a_round_is_the_reference_dealers(seed):
    """2,000 random rounds (ranks and suits at six positions, a card the round does not deal
    left without a suit, as settling gives it): every feature, asked for alone and all
    together, equals what the reference dealer's hands give. Both hands draw in some rows, stand
    in others, and the banker's third card is the 5th or the 6th card dealt."""
    rng = np.random.default_rng(seed)
    ranks = rng.integers(1, 14, size=(2000, 6))
    suits = rng.integers(0, 4, size=(2000, 6))
    values = np.where(ranks <= 9, ranks, 0)
    state = deal_state(values)
    for p in range(6):
        suits[state["used"] <= p, p] = -1
    assert set(state["banker_third_at"].tolist()) == {-1, 4, 5}
    expected = [_reference([(int(r), SUITS[s]) for r, s in zip(rr, ss)]) for rr, ss in zip(ranks, suits)]
    assert SUIT_TEXTS == tuple(SUITS)
    together = round_features(state, values, ranks, suits, FEATURES)
    for name in FEATURES:
        alone = round_features(state, values, ranks, suits, [name])
        assert list(alone) == [name]
        for got in (alone[name], together[name]):
            assert np.asarray(got).tolist() == [row[name] for row in expected], name


MEANINGS = {
    # what `odds features baccarat` tells a user writing a bet, word for word
    "player_total": "the player's final total",
    "banker_total": "the banker's final total",
    "player_two_card_total": "the player's total on its first two cards",
    "banker_two_card_total": "the banker's total on its first two cards",
    "player_cards": "cards in the player's hand",
    "banker_cards": "cards in the banker's hand",
    "player_third": "the value of the player's third card; -1 when the player stood",
    "banker_third": "the value of the banker's third card; -1 when the banker stood",
    "player_natural": "the player has 8 or 9 on two cards",
    "banker_natural": "the banker has 8 or 9 on two cards",
    "player_wins": "the player's total is higher",
    "banker_wins": "the banker's total is higher",
    "tie": "the totals are equal",
    "cards": "cards dealt in the round",
    "player_value1": "the value of the player's first card (10, J, Q, K count 0)",
    "player_value2": "the value of the player's second card",
    "banker_value1": "the value of the banker's first card (the dealer's up card in a card room)",
    "banker_value2": "the value of the banker's second card",
    **{
        f"{side}_rank{i}": f"the rank of the {side}'s {nth} card: A = 1 ... J = 11, Q = 12, K = 13"
        + ("; -1 when not dealt" if i == 3 else "")
        for side in ("player", "banker")
        for i, nth in ((1, "first"), (2, "second"), (3, "third"))
    },
    **{
        f"{side}_suit{i}": f"the suit of the {side}'s {nth} card: s h d c" + ('; "" when not dealt' if i == 3 else "")
        for side in ("player", "banker")
        for i, nth in ((1, "first"), (2, "second"), (3, "third"))
    },
    "player_pair": "the player's first two cards have the same rank",
    "banker_pair": "the banker's first two cards have the same rank",
    "player_suited": "the player's first two cards have the same suit",
    "banker_suited": "the banker's first two cards have the same suit",
}


def test_each_feature_is_declared_as_its_rounds_take_it():
    """The feature table (odds.games.punto_banco.FEATURES) against the reference dealer's rounds:
    the same 34 names; a number's range is the least and largest value its rounds take, a
    text's values the texts they take, a flag is yes/no; a feature may read a card the drawing
    does not deal exactly when it reads the 5th or 6th card; it is decided by the drawing's end
    state (two-card totals and third cards) exactly when it is one of the end state's features;
    and its meaning is word for word what ``odds features`` shows."""
    from odds.bets.condition import BOOL, INT, STR
    from odds.games.punto_banco import FEATURES as SPECS
    from odds.games.punto_banco import end_state_features

    rng = np.random.default_rng(3)
    ranks = rng.integers(1, 14, size=(4000, 6))
    suits = rng.integers(0, 4, size=(4000, 6))
    rounds = [_reference([(int(r), SUITS[s]) for r, s in zip(rr, ss)]) for rr, ss in zip(ranks, suits)]
    assert sorted(SPECS) == FEATURES and {n: s.meaning for n, s in SPECS.items()} == MEANINGS
    state_names = set(end_state_features([(0, 0, -1, -1)]))
    for name, spec in SPECS.items():
        taken = {row[name] for row in rounds}
        if spec.type.type == INT:
            assert (spec.type.low, spec.type.high) == (min(taken), max(taken)), name
        elif spec.type.type == STR:
            text_of = {text_code(t): t for t in (*SUIT_TEXTS, "")}
            assert set(spec.type.values) == {text_of[t] for t in taken}, name
        else:
            assert spec.type.type == BOOL and taken == {True, False}, name
        assert spec.drawing == any(p >= 4 for p, _ in spec.reads), name
        assert spec.state == (name in state_names), name


def test_the_fewest_cards_a_round_deals_is_the_reference_dealers():
    """``fewest_cards`` (the deal's ``always_dealt``: the positions every round deals, which
    bounds how many rounds a shoe holds in ``odds check``'s window note) is the shortest round of
    the reference dealer over 4,000 random rounds: 4, for each game dealt with baccarat's deal."""
    from odds.games import get_game

    rng = np.random.default_rng(4)
    ranks = rng.integers(1, 14, size=(4000, 6))
    shortest = min(deal_baccarat([(int(r), "s") for r in row]).cards_dealt for row in ranks)
    for game_id in ("baccarat", "tiger-baccarat", "player-dealer-baccarat"):
        assert get_game(game_id).fewest_cards() == shortest, game_id


def test_every_game_is_among_its_deals_games():
    """A deal names the games dealt with it (``game_ids``; the first one's features are the
    ones its tables read): each game, and the deal of each bet of its shipped paytables (en
    prison's two spins, player-dealer baccarat's positional deal), lists the game. And a deal's
    name, which keys the compiled bets and tables, is no other deal's."""
    from odds.games import all_games
    from odds.paytable import load_paytable, shipped_names

    by_name: dict = {}
    for game in all_games():
        deals = {id(game.deal): game.deal}
        for name in shipped_names(game):
            for rule in load_paytable(game, name).rules.values():
                if rule.conditions is not None:
                    deal = game.deal_of(rule)
                    deals[id(deal)] = deal
        assert game.id != "roulette" or len(deals) == 2  # one spin, and two for en prison
        for deal in deals.values():
            assert game.id in deal.game_ids, (game.id, deal.name)
            assert by_name.setdefault(deal.name, deal) == deal, deal.name


@pytest.mark.parametrize("cards", ["8 decks", "Ah,3h,4h,2h,Kd,5h,9s,7c,7d,Qs,6h,8s", "TS,9h,9d,8c,3s,2c,Kh,5d,6c,4s"])
def test_drawing_bets_count_the_same_on_the_end_state_table_and_on_positional_tables(cards):
    """Baccarat's deal counts the bets that read the drawing's end state alone on its table of
    end states (``state_table``, ``end_state_features``: the ``drawing`` route); the positional
    deal counts the same conditions on positional tables, which never read that table: two
    independent counts, outcome by outcome, of every such seed bet."""
    from odds.exact.plan import Plan, compile_bet
    from odds.games import get_game
    from odds.games.punto_banco import POSITIONAL_DEAL
    from odds.shoe import Shoe

    game = get_game("baccarat")
    table = game.paytable()
    plan = Plan.of(game, table, list(table.rules))
    drawing = [bet for bet, route in plan.routes.items() if route == "drawing"]
    assert {"banker", "player", "tie", "lucky-6", "dragon-bonus-player"} <= set(drawing)
    shoe = Shoe.decks(8) if cards == "8 decks" else Shoe.from_cards(cards)
    counts = plan.counts(shoe)
    for bet in drawing:
        compiled = compile_bet(POSITIONAL_DEAL, game.id, table.rule(bet))
        assert compiled.route == "cards", bet
        tally = compiled.positional.counts(shoe)
        expected = [counts[bet].counts[o.key] for o in table.rule(bet).outcomes]
        assert (tally, sum(tally)) == (expected, counts[bet].total), bet
