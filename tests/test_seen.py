"""Odds in the middle of a round (issue 13 item 5): every figure conditional on the cards of the
current round already seen (``--player``, ``--banker``), exact for any shoe.

Checked three ways: Wizard of Odds' Baccarat Appendix 3 (8 decks, after two player cards and after
the banker's first card), an independent dealer over every ordering of small shoes kept only where
the round shows the cards seen, and the counts summed back over every possible seen hand.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from click.testing import CliRunner

from odds.cli import cli
from odds.exact.intmath import falling
from odds.errors import OddsError
from odds.games import get_game
from odds.shoe import Shoe
from reference.dealers import baccarat as reference_baccarat, deal_baccarat
from reference.walk import parse

BACCARAT = get_game("baccarat")

# Wizard of Odds, "Baccarat Appendix 3" (wizardofodds.com/games/baccarat/appendix/3/), table
# "Probabilities after Two Player Cards", 8 decks, 6 decimals: player total -> (player win, banker win, tie).
AFTER_TWO_PLAYER_CARDS = {
    0: ("0.278792", "0.654627", "0.066581"),
    1: ("0.282833", "0.647252", "0.069915"),
    2: ("0.290303", "0.634207", "0.07549"),
    3: ("0.303386", "0.615539", "0.081075"),
    4: ("0.322084", "0.579983", "0.097933"),
    5: ("0.358488", "0.537849", "0.103663"),
    6: ("0.430362", "0.427801", "0.141838"),
    7: ("0.572657", "0.285046", "0.142297"),
    8: ("0.810911", "0.094938", "0.094151"),
    9: ("0.905475", "0", "0.094525"),
}
# The same appendix, "Probabilities of Player Win after Three Cards - 8 Decks": banker's first
# card value -> player win by player two-card total 0..9 (rows 0-2 of the table).
PLAYER_WIN_AFTER_THREE = {
    0: "0.306893 0.322192 0.33142 0.345345 0.36393 0.397013 0.478841 0.609314 0.846542 0.923724",
    1: "0.303056 0.307637 0.327876 0.341492 0.359810 0.392935 0.479214 0.609687 0.846552 0.922813",
    2: "0.29888 0.303544 0.313111 0.337875 0.356007 0.388382 0.4794 0.60969 0.845637 0.922813",
}


def value_of(letter: str) -> int:
    return "A23456789TJQK".index(letter) + 1 if letter in "A23456789" else 0


def hands_by_value(cards: int, last_values=range(10)):
    """Every sequence of ``cards`` cards up to the four ranks of value 0: ``(letters, how many
    rank sequences it stands for)``. Cards of value 0 are T J Q K; two of them are either the same
    rank or not (that changes the counts), so the zero cards are labelled by set partition: the
    first rank used is T, the next J... and the sequence stands for (4)_blocks rank sequences."""
    for values in product(*[range(10)] * (cards - 1), last_values):
        zeros = [i for i, v in enumerate(values) if v == 0]
        for labels in _partitions(len(zeros)):
            letters = ["A23456789"[v - 1] if v else None for v in values]
            for i, label in zip(zeros, labels):
                letters[i] = "TJQK"[label]
            blocks = max(labels) + 1 if labels else 0
            yield letters, falling(4, blocks)


def _partitions(n: int):
    """Set partitions of n items as restricted growth strings (labels by first appearance)."""
    if n == 0:
        yield []
        return
    for rest in _partitions(n - 1):
        for label in range(max(rest, default=-1) + 2):
            yield rest + [label]


def conditional(player_cards, banker_cards=0, shoe=Shoe.decks(8), last_values=range(10)):
    """``{(player two-card total, banker cards' values...): {outcome: count}}`` of the Player bet,
    summed over every seen hand: the deals of the shoe that show it, by --player / --banker."""
    out = {}
    for letters, w in hands_by_value(player_cards + banker_cards, last_values):
        player, banker = letters[:player_cards], letters[player_cards:]
        counts = BACCARAT.count(shoe, ["player"], seen=BACCARAT.seen_cards(",".join(player), ",".join(banker)))
        key = (sum(value_of(x) for x in player) % 10,) + tuple(value_of(x) for x in banker)
        tally = out.setdefault(key, {})
        for outcome, n in counts["player"].counts.items():
            tally[outcome] = tally.get(outcome, 0) + w * n
    return out


def rounds6(x: Fraction) -> str:
    """Six decimals, trailing zeros dropped, as the appendix prints them."""
    text = f"{float(x):.6f}".rstrip("0").rstrip(".")
    return text if text else "0"


def test_wizard_of_odds_after_two_player_cards():
    """Appendix 3 conditions on the player's two-card total: the sum over every two-card hand of
    that total of the deals that show it (here by --player with one rank per value)."""
    for (total,), tally in conditional(2).items():
        n = sum(tally.values())
        got = tuple(rounds6(Fraction(tally[k], n)) for k in ("player-wins", "banker-wins", "tie"))
        want = tuple(w.rstrip("0").rstrip(".") if "." in w else w for w in AFTER_TWO_PLAYER_CARDS[total])
        assert got == want, total


def test_wizard_of_odds_player_win_after_three_cards():
    """Two player cards and the banker's first card seen (--banker with one card)."""
    for (total, banker), tally in conditional(2, 1, last_values=sorted(PLAYER_WIN_AFTER_THREE)).items():
        if banker not in PLAYER_WIN_AFTER_THREE:
            continue
        want = PLAYER_WIN_AFTER_THREE[banker].split()[total]
        got = rounds6(Fraction(tally["player-wins"], sum(tally.values())))
        assert got == want.rstrip("0"), (total, banker)


@pytest.mark.parametrize(
    "cards,player,banker",
    [
        ("As,Kh,7d,7c,Kd,6s,2h", "7", ""),
        ("As,Kh,7d,7c,Kd,6s,2h", "K", "7d"),
        ("Kh,Kh,Qd,7s,7c,9h,3d,6c", "K,K", ""),
        ("2c,3d,4h,5s,6c,7h,Kd", "2c,5", "3"),
        ("2c,3d,4h,5s,6c,7h,Kd", "2,3,4", "5,K"),  # the player's third card seen
    ],
)
def test_conditional_counts_equal_the_reference_dealer_filtered(cards, player, banker):
    """Over every ordering of a small shoe, the independent dealer's rounds whose hands start with
    the cards seen: the library's conditional probabilities for every bet."""
    from more_itertools import distinct_permutations

    seen_p, seen_b = parse_spec(player), parse_spec(banker)
    tally, kept = {}, 0
    for order in distinct_permutations(parse(cards)):
        hands = deal_baccarat(order)
        if not (matches(hands.first, seen_p) and matches(hands.second, seen_b)):
            continue
        kept += 1
        for bet, key in reference_baccarat(order).items():
            tally[bet, key] = tally.get((bet, key), 0) + 1
    assert kept
    bets = [b for b in BACCARAT.bets]
    counts = BACCARAT.count(Shoe.from_cards(cards), bets, seen=BACCARAT.seen_cards(player, banker))
    for bet in bets:
        oc = counts[bet]
        for key in BACCARAT.bets[bet].outcome_keys:
            assert Fraction(oc.counts[key], oc.total) == Fraction(tally.get((bet, key), 0), kept), (bet, key)


def parse_spec(text):
    out = []
    for item in filter(None, text.split(",")):
        out.append(("A23456789TJQK".index(item[0]) + 1, item[1] if len(item) > 1 else None))
    return out


def matches(hand, seen) -> bool:
    return len(hand) >= len(seen) and all(
        card[0] == r and (s is None or card[1] == s) for card, (r, s) in zip(hand, seen)
    )


def test_seen_cards_sum_back_to_the_unconditional_sheet():
    """Summing the conditional counts over every possible first player card (each weighted by its
    deals) gives the off-the-top counts: nothing is lost or counted twice."""
    shoe = Shoe.decks(1).remove("5,5,K")
    full = BACCARAT.count(shoe, ["lucky-6", "dragon-bonus-banker", "player-pair", "dragon"])
    summed = {bet: {} for bet in full}
    for letter in "A23456789TJQK":
        try:
            part = BACCARAT.count(shoe, list(full), seen=BACCARAT.seen_cards(letter, ""))
        except OddsError:  # the shoe holds no such card
            continue
        for bet, oc in part.items():
            for key, n in oc.counts.items():
                summed[bet][key] = summed[bet].get(key, 0) + n
    for bet, oc in full.items():
        assert summed[bet] == dict(oc.counts), bet


def test_cli_sheet_and_eor_take_the_cards_seen():
    result = CliRunner().invoke(cli, ["sheet", "baccarat", "--bet", "tie", "--player", "5,K", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert "conditional" in " ".join(__import__("json").loads(result.stdout)["notes"])
    eor = CliRunner().invoke(cli, ["eor", "baccarat", "--bet", "tie", "--player", "9,9", "--format", "csv"])
    assert eor.exit_code == 0, eor.output


@pytest.mark.parametrize(
    "args,message",
    [
        (["sheet", "baccarat", "--player", "8,K,3"], "no deal of this shoe agrees"),
        (["sheet", "baccarat", "--player", "A,2,3,4"], "at most three cards"),
        (["sheet", "dragon-tiger", "--player", "A"], "apply to baccarat games"),
        (["sheet", "player-dealer-baccarat", "--player", "5,K"], "defined in code"),
        (["sheet", "baccarat", "--player", "Z"], "bad card"),
        (
            ["sheet", "baccarat", "--decks", "1", "--remove", "As,Ah,Ad,Ac", "--player", "A"],
            "no deal of this shoe agrees",
        ),
    ],
)
def test_bad_seen_cards_are_one_line_errors(args, message):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1 and message in result.stderr, result.output
    assert len(result.stderr.strip().splitlines()) == 1


def test_each_hand_holds_at_most_three_cards_and_the_banker_s_third_pins_no_position():
    """Three cards a hand are taken, four refused word for word, either hand; the player's
    three cards and the banker's first two sit at fixed deal positions, the banker's third
    (the 5th or the 6th card) only in the condition."""
    from odds.errors import OddsError
    from odds.games.punto_banco import seen_cards

    condition, at = seen_cards("A 2 3", "4 5 6")
    assert at == {0: (1, None), 2: (2, None), 4: (3, None), 1: (4, None), 3: (5, None)}
    assert condition.endswith("banker_rank3 == 6")
    for player, banker in (("A 2 3 4", ""), ("", "A 2 3 4")):
        with pytest.raises(OddsError) as refused:
            seen_cards(player, banker)
        assert str(refused.value) == "a baccarat hand holds at most three cards"
