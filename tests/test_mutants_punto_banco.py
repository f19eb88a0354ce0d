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
