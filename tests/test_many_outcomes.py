"""A bet may have as many outcomes as its designer needs (issue 20 item 1).

The odds in the middle of a round (``--player`` / ``--banker``) count a bet joined to the cards
seen, with one outcome more for the deals that disagree with them. That outcome once shared the
bits of the multiset code next to it (outcomes were packed in 6 bits): a 64-outcome bet's sheet
printed a house edge of 34.64% where the truth is 100%. Here bets of 64 and 200 outcomes, each
outcome paying a different amount so that any misplaced count changes the figure, are priced
given the cards seen and compared with an independent dealer walking every ordering of a small
shoe (``tests/reference``, which imports nothing from odds).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from odds.games import get_game
from odds.paytable import load_paytable
from odds.sheet import build_sheet
from odds.shoe import Shoe
from reference.dealers import deal_baccarat, points
from reference.walk import exact_walk, parse

BACCARAT = get_game("baccarat")


def outcomes_of(size: int) -> list[tuple[int, int, bool]]:
    """The first ``size - 1`` outcomes: (player's first rank, banker's first rank, player total >= 5)."""
    every = [(p, b, high) for high in (True, False) for p in range(1, 14) for b in range(1, 14)]
    return every[: size - 1]


def bet_file(tmp_path, size: int):
    lines = ['game = "baccarat"', 'extends = "seed"', "", "[bets.many]", 'name = "Many"', "outcomes = ["]
    for i, (p, b, high) in enumerate(outcomes_of(size)):
        total = "player_total >= 5" if high else "player_total < 5"
        when = f"player_rank1 == {p} and banker_rank1 == {b} and {total}"
        lines.append(f'  {{ key = "o{i}", when = "{when}", pays = {i + 1} }},')
    lines += ['  { key = "other", pays = -1 },', "]"]
    path = tmp_path / f"many-{size}.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def reference_outcome(size: int):
    """The bet settled by the reference dealer (first matching outcome, as the file says)."""
    table = {key: f"o{i}" for i, key in enumerate(outcomes_of(size))}

    def settle(hands) -> str:
        key = (hands.first[0][0], hands.second[0][0], points(hands.first) >= 5)
        return table.get(key, "other")

    return settle


def seen_dealer(settle, player, banker):
    """A dealer for the walk: the bet's outcome when the round shows the cards seen (rank, and
    suit where given), else ``disagree``. It reads the seen positions first, so the walk stops at
    the first card that disagrees."""

    # dealing order P1 B1 P2 B2: the player's first two cards are cards[0] and cards[2]
    def agrees(cards, hand_positions, seen) -> bool:
        for (rank, suit), at in zip(seen, hand_positions):
            card = cards[at]
            if card[0] != rank or (suit and card[1] != suit):
                return False
        return True

    def dealer(cards):
        if not agrees(cards, [0, 2], player[:2]) or not agrees(cards, [1, 3], banker[:2]):
            return {"many": "disagree"}
        hands = deal_baccarat(cards)
        if len(player) > 2 and (len(hands.first) < 3 or not agrees(hands.first, [2], player[2:])):
            return {"many": "disagree"}
        if len(banker) > 2 and (len(hands.second) < 3 or not agrees(hands.second, [2], banker[2:])):
            return {"many": "disagree"}
        return {"many": settle(hands)}

    return dealer


def parse_seen(text: str):
    return [("A23456789TJQK".index(t[0]) + 1, t[1] if len(t) > 1 else None) for t in filter(None, text.split(","))]


SEEN = [
    ("As,Kh,7d,7c,Kd,6s,2h,3c,Qd", "7", ""),
    ("As,Kh,7d,7c,Kd,6s,2h,3c,Qd", "K", "7d"),
    ("2c,3d,4h,5s,6c,7h,Kd,Ah,2d", "2c,5", "3"),
    # third cards seen: a deal may disagree beyond the positions the seen cards pin down
    ("2c,3d,4h,5s,6c,7h,Kd,Ah,2d,4s", "2,3", "5,K,4"),
    ("2c,3d,4h,5s,6c,7h,Kd,Ah,2d,4s", "2,3,6", "5,K"),
]


# one player card seen with 200 outcomes walks the most orders (12 s of CPU): the slow tier; the
# same cards with 64 outcomes stay in the default run
@pytest.mark.parametrize(
    "cards,player,banker,size",
    [
        pytest.param(*case, size, marks=pytest.mark.slow) if (case[1], size) == ("7", 200) else (*case, size)
        for size in (64, 200)
        for case in SEEN
    ],
)
def test_many_outcomes_given_the_cards_seen_equal_the_reference_walk(tmp_path, size, cards, player, banker):
    paytable = load_paytable(BACCARAT, str(bet_file(tmp_path, size)))
    assert len(paytable.rule("many").outcomes) == size
    walk = exact_walk(seen_dealer(reference_outcome(size), parse_seen(player), parse_seen(banker)), parse(cards))
    agree = 1 - walk.get(("many", "disagree"), 0)
    assert agree > 0
    counts = BACCARAT.count(Shoe.from_cards(cards), ["many"], paytable, seen=BACCARAT.seen_cards(player, banker))
    got = counts["many"]
    for key in paytable.rule("many").outcome_keys:
        want = walk.get(("many", key), Fraction(0)) / agree
        assert Fraction(got.counts[key], got.total) == want, key
    # and the edge the sheet prints is the one of those probabilities
    pays = paytable.bet("many").pays
    want_ev = sum(walk.get(("many", k), 0) / agree * pays[k] for k in paytable.rule("many").outcome_keys)
    sheet = build_sheet(BACCARAT, paytable, Shoe.from_cards(cards), ["many"], player=player, banker=banker)
    assert sheet.bet("many").house_edge == -want_ev
