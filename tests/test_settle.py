"""odds settle / odds.settle: one round from its cards. The hands and every bet's outcome are
checked against the naive reference dealers (tests/reference, written from the rule text), on
every cell of the drawing tables and on seeded random rounds of every game; the errors say
what was expected."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from click.testing import CliRunner

import odds
from odds.cli import cli
from odds.errors import OddsError
from odds.games import get_game
from odds.dealt import RoundError
from odds.settle import settle_round
from reference import dealers

RANKS = "A23456789TJQK"
SHIPPED_MEMBERS = {  # the member of each roulette family the shipped sheet prices (odds/games/roulette.py)
    "straight": frozenset({17}),
    "split": frozenset({17, 20}),
    "street": frozenset({16, 17, 18}),
    "corner": frozenset({17, 18, 20, 21}),
    "line": frozenset(range(16, 22)),
    "column": frozenset(range(2, 37, 3)),
    "dozen": frozenset(range(13, 25)),
}


def text(cards) -> str:
    return ",".join(RANKS[r - 1] + (s or "") for r, s in cards)


def reference(game_id: str, cards) -> dict[str, str]:
    if game_id in ("dragon-tiger", "dragon-tiger-poker"):
        return dealers.CARD_GAMES[game_id](cards, burn=0)
    return dealers.CARD_GAMES[game_id](cards)


def random_round(rng, game_id):
    """The cards one round uses, dealt from a shuffled 8-deck shoe by the reference rules."""
    shoe = [(r, s) for _ in range(8) for r in range(1, 14) for s in "shdc"]
    rng.shuffle(shoe)
    if game_id in ("dragon-tiger", "dragon-tiger-poker"):
        return shoe[:2]
    hands = dealers.deal_baccarat(shoe)
    return shoe[: hands.cards_dealt]


# -- the drawing -------------------------------------------------------------------------------------


def hands_of(cards):
    h = dealers.deal_baccarat(cards)
    return [dealers.points(h.first), dealers.points(h.second)], len(h.first), len(h.second)


@pytest.mark.parametrize("game_id", ["baccarat", "player-dealer-baccarat"])
def test_every_cell_of_the_drawing_tables_deals_as_the_reference_does(game_id):
    """One round per cell (Table 1, the 80 of Table 2, the banker after the player stood, the
    naturals, the option hands): the hands' cards and totals are the reference dealer's."""
    rounds = get_game(game_id).drawing_rounds(random.Random(5))
    assert len({cell for cell, _ in rounds}) == len(rounds) >= 93
    for cell, cards in rounds:
        s = settle_round(game_id, text(cards))
        totals, n_player, n_banker = hands_of(cards)
        assert [h.total for h in s.hands] == totals, cell
        assert [len(h.cards) for h in s.hands] == [n_player, n_banker], cell
        assert [h.draws for h in s.hands] == [n_player == 3, n_banker == 3], cell
    assert set(get_game(game_id).every_cell()) >= {cell for cell, _ in rounds}


@pytest.mark.parametrize("game_id", list(dealers.CARD_GAMES))
def test_random_rounds_settle_as_the_reference_dealer_does(game_id):
    rng = random.Random(f"settle/{game_id}")
    for _ in range(120):
        cards = random_round(rng, game_id)
        s = settle_round(game_id, text(cards))
        ref = reference(game_id, cards)
        mine = {b.id: b.outcome for b in s.bets if not b.id.endswith("-best-choice")}
        assert mine == ref, (text(cards), {k: (mine[k], ref.get(k)) for k in mine if mine[k] != ref.get(k)})
        pays = s.paytable.bets
        assert all(b.net == pays[b.id].pays[b.outcome] for b in s.bets)


def test_every_roll_and_every_pocket():
    for roll in [(a, b, c) for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)]:
        s = odds.settle("sic-bo", list(roll))
        assert {b.id: b.outcome for b in s.bets} == dealers.sic_bo(roll), roll
        assert s.hands[0].total == sum(roll)
    for pocket in range(37):
        s = odds.settle("roulette", pocket)
        assert {b.id: b.outcome for b in s.bets} == dealers.roulette(pocket, SHIPPED_MEMBERS), pocket
        calls = {b.id: b.net for b in s.bets if b.id in dealers.CALL_BETS}
        assert calls == {name: dealers.call_bet(name, pocket)[1] for name in dealers.CALL_BETS}


def test_published_pays_on_known_rounds():
    """Nets against the pays docs/rules.md gives (seed 003): banker 19/20, tie 8, Lucky 6 on three
    cards 20, Small 1.5, Dragon Bonus by 4 points 1; Dragon Tiger's tie loses half."""
    s = odds.settle("baccarat", "4s,Kh,Ad,4c,2h,9d")  # player 4+A = 5, draws 2 -> 7; banker 4 draws 9 -> 3
    assert (s.bet("banker").net, s.bet("player").net, s.bet("tie").net) == (-1, 1, -1)
    assert s.bet("dragon-bonus-player").outcome == "win-by-4" and s.bet("dragon-bonus-player").net == 1
    s = odds.settle("baccarat", "3s,2h,3d,Ac,3h")  # player 6 stands; banker 3 draws a 3 -> 6: a tie
    assert s.bet("tie").net == 8 and s.bet("banker").net == 0
    s = odds.settle("baccarat", "2s,3h,2d,Ac,6d,2h")  # player 4 draws a 6 -> 0; banker 4 draws 2 -> 6 wins
    assert s.bet("banker").net == Fraction(19, 20)
    assert (s.bet("lucky-6").outcome, s.bet("lucky-6").net) == ("six-three-cards", 20)
    s = odds.settle("baccarat", "9h,8s,Kd,Kc")  # naturals: four cards
    assert s.bet("small").net == Fraction(3, 2) and s.bet("big").net == -1
    s = odds.settle("dragon-tiger", "Kh,Ks")
    assert (s.bet("dragon").outcome, s.bet("dragon").net) == ("tie", Fraction(-1, 2))


def test_the_option_hand_settles_by_each_policy():
    """Seed 004: player A-4 (a 5) against a dealer 6 - the hit card 9 is dealt whatever the
    bettor chose; standing settles on 5 (beaten by the dealer's 6), hitting on 4."""
    s = odds.settle("player-dealer-baccarat", "Ah,6s,4d,Kc,9h")
    player, dealer = s.hands
    assert player.option == {
        "dealer_up_card": 6,
        "player_hand": "A-4",
        "stand_total": 5,
        "hit_total": 4,
        "best_choice": player.option["best_choice"],
    }
    assert (player.total, dealer.total, dealer.hand) == (4, 6, "dealer")
    assert s.bet("player-line").outcome == s.bet("player-line-always-stand").outcome == "dealer-wins"
    best = s.bet("player-line-best-choice").outcome
    assert (
        best
        == (
            s.bet("player-line-always-stand") if player.option["best_choice"] == "stand" else s.bet("player-line")
        ).outcome
    )
    s = odds.settle("player-dealer-baccarat", "2h,5s,3d,Kc,Ah")  # 2-3 vs up 5: hit A -> 6; dealer 5 stands on A
    assert s.bet("player-line").outcome == "player-wins"  # 6 beats 5
    assert s.bet("player-line-always-stand").outcome == "tie"  # standing: 5 against 5


# -- the command -------------------------------------------------------------------------------------


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_cli_text_says_who_drew_and_why():
    result = run("settle", "baccarat", "4s,Kh,Ad,4c,2h,9d")
    assert result.exit_code == 0, result.output
    assert "player 5 draws (Table 1: 0-5 draw)" in result.stdout
    assert "banker 4 draws on a player third card of 2 (Table 2: 4 draws on 2-7, stands on 0, 1, 8, 9)" in result.stdout
    assert "player wins, 7 to 3" in result.stdout
    result = run("settle", "baccarat", "6s,Kh,Qd,5c,3h", "--format", "md")
    assert "banker 5 draws: the player stood (banker draws on 0-5, stands on 6-7)" in result.stdout
    result = run("settle", "baccarat", "9h,8s,Kd,Kc")
    assert "player 9: a natural, no more cards" in result.stdout and "banker 8: a natural" in result.stdout


@pytest.mark.parametrize("total", range(8))
def test_the_table_1_row_named_is_the_players(total):
    """Each two-card total the player does not stand on by a natural names its row of Table 1
    (docs/rules.md: draws on 0-5, stands on 6-7) and nothing else."""
    first = "K" if total == 0 else "A23456789"[total - 1]
    cards = f"{first}s,Kh,Kd,Kc,2h" + (",3d" if total <= 5 else "")  # the banker's 0 draws either way
    text = run("settle", "baccarat", cards).stdout
    row = "draws (Table 1: 0-5 draw)" if total <= 5 else "stands (Table 1: 6-7 stand)"
    assert f"player {total} {row}\n" in text, text


def test_lightning_baccarat_multiplies_the_cards_of_the_winning_hand():
    """``--paytable lightning --multipliers``: a Player win is multiplied by the struck cards the
    reference dealer gave the player, a Banker win by the banker's (its third card included)."""
    rng = random.Random(8)
    deck = [(r, s) for r in range(1, 14) for s in "shdc"]
    name = {(r, s): f"{'A23456789TJQK'[r - 1]}{s}" for r, s in deck}
    for _ in range(12):
        cards = rng.sample(deck, 6)
        struck = {c: rng.choice((2, 3, 5)) for c in rng.sample(cards, 3)}
        h = dealers.deal_baccarat(cards)
        text = ",".join(name[c] for c in cards[: h.cards_dealt])
        multipliers = ",".join(f"{name[c]}={m}" for c, m in struck.items())
        got = {b.id: b.outcome for b in odds.settle("baccarat", text, "lightning", multipliers=multipliers).bets}
        for bet, hand, side in (("player", h.first, "first"), ("banker", h.second, "second")):
            product = 1
            for card in hand:
                product *= struck.get(card, 1)
            want = f"win-x{product}" if h.winner() == side else "tie" if h.winner() == "tie" else "lose"
            assert got[bet] == want, (text, multipliers, bet)


def test_cli_json_is_the_api_dict():
    result = run("settle", "baccarat", "4s,Kh,Ad,4c,2h,9d", "--format", "json")
    data = json.loads(result.stdout)
    assert set(data) >= {"game", "cards", "hands", "bets"}
    assert data["cards"] == ["4s", "Kh", "Ad", "4c", "2h", "9d"]
    assert data["bets"][0] == {"id": "banker", "outcome": "player-wins", "net": "-1"}
    assert data == odds.settle("baccarat", "4s,Kh,Ad,4c,2h,9d").to_dict()
    big = next(b for b in data["bets"] if b["id"] == "big")
    assert Fraction(big["net"]) == Fraction(13, 25)


def test_cli_csv_one_row_per_bet():
    result = run("settle", "sic-bo", "3,3,5", "--format", "csv")
    rows = [line.split(",") for line in result.stdout.splitlines()]
    assert rows[0] == ["bet", "outcome", "net"] and len(rows) == 1 + len(odds.sheet("sic-bo").bets)
    assert ["double-3", "double", "8"] in rows and ["total-11", "hit", "6"] in rows


def test_suits_unknown_leave_out_the_suit_bets_with_a_note():
    result = run("settle", "dragon-tiger", "K,5", "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["left_out"] == ["dragon-red", "dragon-black", "tiger-red", "tiger-black"]
    assert "dragon-red" not in {b["id"] for b in data["bets"]} and "dragon" in {b["id"] for b in data["bets"]}
    assert result.stderr.startswith("note: dragon-red")
    result = run("settle", "dragon-tiger", "K,5", "--bet", "dragon-red")
    assert result.exit_code == 1 and "reads suits" in result.stderr


def test_user_bets_are_settled(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(
        'game = "baccarat"\nextends = "seed"\n[bets.banker-3-cards]\nname = "Banker wins on 3 cards"\n'
        'outcomes = [{ key = "win", when = "banker_wins and banker_cards == 3", pays = 3 },'
        ' { key = "other", pays = -1 }]\n'
    )
    result = run(
        "settle",
        "baccarat",
        "2s,3h,2d,Ac,6d,2h",
        "--paytable",
        str(path),
        "--bet",
        "banker-3-cards",
        "--format",
        "json",
    )
    assert json.loads(result.stdout)["bets"] == [{"id": "banker-3-cards", "outcome": "win", "net": "3"}]
    result = run("settle", "baccarat", "9h,8s,Kd,Kc", "--paytable", str(path), "--format", "json")
    assert {"id": "banker-3-cards", "outcome": "other", "net": "-1"} in json.loads(result.stdout)["bets"]


@pytest.mark.parametrize(
    "game_id, cards, message",
    [
        ("baccarat", "4s,Kh,Ad,4c", "needs a 5th card (player 5 draws, Table 1), got 4 cards"),
        ("baccarat", "6s,Kh,Qd,5c", "needs a 5th card (banker 5 draws, the player stood)"),
        ("baccarat", "4s,Kh,Ad,3c,2h", "needs a 6th card (banker 3 draws, Table 2)"),
        ("baccarat", "4s,K", "at least 4 cards (P1 B1 P2 B2), got 2"),
        ("baccarat", "9h,8s,Kd,Kc,5d", "ends after 4 cards (a natural), got 5: '5d' is not dealt"),
        ("baccarat", "6s,Kh,Qd,7c,5d", "ends after 4 cards (player 6 and banker 7 stand)"),
        ("player-dealer-baccarat", "Ah,6s,4d,Kc,9h,Qd", "ends after 5 cards (dealer 6 stands)"),
        ("baccarat", "4s,Kh,Zd,4c", "bad card 'Zd'"),
        ("dragon-tiger", "Kh", "a round is 2 cards, Dragon's then Tiger's"),
        ("sic-bo", "3,3,7", "bad die '7': give whole numbers from 1 to 6"),
        ("sic-bo", "3,3,5,1", "a roll is 3 dice"),
        ("roulette", "37", "bad number '37'"),
        ("roulette", "1,2", "a spin is one number"),
        ("baccarat", "Ax9", "a round uses at most 6 cards"),
    ],
)
def test_bad_rounds_are_one_clear_line(game_id, cards, message):
    with pytest.raises(OddsError) as exc:
        settle_round(game_id, cards)
    assert message in str(exc.value)
    result = run("settle", game_id, cards)
    assert result.exit_code == 1 and message in result.stderr and len(result.stderr.splitlines()) == 1


def test_api_arguments():
    assert odds.settle("baccarat", ["4s", "Kh", "Ad", "4c", "2h", "9d"]) == odds.settle("baccarat", "4s,Kh,Ad,4c,2h,9d")
    assert odds.settle("roulette", "17").bet("straight").net == 35
    with pytest.raises(RoundError):
        odds.settle("baccarat", 17)
    with pytest.raises(OddsError, match="unknown baccarat bet 'tigre'"):
        odds.settle("baccarat", "9h,8s,Kd,Kc", bets=["tigre"])
