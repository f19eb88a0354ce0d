"""Dragon Tiger (seed 000) and Dragon & Tiger Poker (seed 003).

Independent ways to the same counts: the game counts by rank sums and kind counts times (N-1);
the tests enumerate every ordered pair of card kinds (c_i (c_j - [i = j]) ways each) and settle
it with ``settle_rounds``, and walk every ordering of small shoes with ``brute_force``. Published
figures: Wizard of Odds, Dragon Tiger, 8 decks: Dragon / Tiger (half lost on a tie) 3.73%, Tie at
8 to 1 32.77%.
"""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner

from odds.cards import SUITS, parse_cards
from odds.cli import cli
from odds.exact.brute import brute_force
from odds.games import get_game
from odds.games.dragon_tiger import DRAGON_TIGER, DRAGON_TIGER_POKER
from odds.paytable import load_paytable
from odds.sheet import build_sheet
from odds.shoe import Shoe, SuitsUnknown

GAMES = [DRAGON_TIGER, DRAGON_TIGER_POKER]


def pair_enumeration(game, card_counts):
    """{bet: {outcome: ways}} over every ordered (Dragon, Tiger) pair of card kinds."""
    kinds = [((i // 4 + 1, SUITS[i % 4]), c) for i, c in enumerate(card_counts)]
    tally = {b: {} for b in game.bets}
    pairs = [
        ((dragon, tiger), ci * (cj - (i == j)))
        for i, (dragon, ci) in enumerate(kinds)
        for j, (tiger, cj) in enumerate(kinds)
    ]
    pairs = [(cards, ways) for cards, ways in pairs if ways > 0]
    for (_, ways), settled in zip(pairs, game.settle_rounds([list(cards) for cards, _ in pairs])):
        for bet, key in settled.items():
            tally[bet][key] = tally[bet].get(key, 0) + ways
    return tally


def random_shoe(rng, low=0, high=9) -> Shoe:
    counts = [rng.randint(low, high) for _ in range(52)]
    counts[0] += 2  # never smaller than a round
    return Shoe.from_card_counts(counts)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_counts_equal_pair_enumeration(game):
    rng = random.Random(3)
    shoes = [Shoe.decks(8), Shoe.decks(1).remove("Ks,Kh,7d,7c,As,2h,2d"), Shoe.from_cards("As,Ah,7c")]
    shoes += [random_shoe(rng) for _ in range(4)]
    for shoe in shoes:
        expected = pair_enumeration(game, shoe.card_counts())
        counts = game.count(shoe, list(game.bets))
        for bet, oc in counts.items():
            assert oc.total == shoe.total * (shoe.total - 1)
            assert {k: v for k, v in oc.counts.items() if v} == expected[bet], (game.id, bet)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("cards", ["As,Ah,7s,Kd,Kc", "2s,3h,7d,7c,Qs,Qs", "Ks,Kh,Kd,8c,6s,7h"])
def test_counts_equal_brute_force_orderings(game, cards):
    shoe = Shoe.from_cards(cards)
    cards_list = [(spec.rank, spec.suit) for spec in parse_cards(cards) for _ in range(spec.count)]
    brute = brute_force(game, cards_list)
    counts = game.count(shoe, list(game.bets))
    for bet, oc in counts.items():
        exact = {k: Fraction(v, oc.total) for k, v in oc.counts.items() if v}
        assert exact == brute[bet], (game.id, bet)


def test_published_figures_eight_decks():
    sheet = build_sheet(DRAGON_TIGER, load_paytable(DRAGON_TIGER), Shoe.decks(8), ["dragon", "tiger", "tie"])
    edges = {b.id: b.house_edge for b in sheet.bets}
    assert round(float(edges["dragon"]) * 100, 2) == 3.73
    assert round(float(edges["tiger"]) * 100, 2) == 3.73
    assert round(float(edges["tie"]) * 100, 2) == 32.77
    # by hand: P(tie) = 13 (32)_2 / (416)_2, the Dragon loses half of it
    p_tie = Fraction(13 * 32 * 31, 416 * 415)
    assert edges["dragon"] == p_tie / 2
    assert edges["tie"] == 1 - 9 * p_tie


def test_rtp_claim_answered_in_notes():
    """Seed 000: "The maximum RTP of Dragon Tiger is 96.27%"."""
    rtp_by_hand = 1 - Fraction(13 * 32 * 31, 416 * 415) / 2
    assert rtp_by_hand == Fraction(799, 830)
    sheet = build_sheet(DRAGON_TIGER, load_paytable(DRAGON_TIGER), Shoe.decks(8))
    best = max(b.rtp for b in sheet.bets)
    assert best == rtp_by_hand
    assert sorted(b.id for b in sheet.bets if b.rtp == best) == ["dragon", "tiger"]
    # the side bets by hand: Even 6/13 * 2.05, Red 1/2 * 1.9, Odd 7/13 * 1.75, Big 6/13 * 2
    side = {b.id: b.rtp for b in sheet.bets}
    assert side["dragon-even"] == Fraction(6, 13) * Fraction("2.05")
    assert side["tiger-red"] == Fraction(1, 2) * Fraction("1.9")
    assert side["dragon-odd"] == Fraction(7, 13) * Fraction("1.75")
    assert side["tiger-big"] == Fraction(12, 13)
    note = " ".join(sheet.notes)
    assert "96.27%" in note and "dragon and tiger" in note and "799/830" in note and "claim holds" in note
    out = CliRunner().invoke(cli, ["sheet", "dragon-tiger", "--format", "md"])
    assert out.exit_code == 0 and "claim holds" in out.output


def test_poker_side_bets_full_shoe_by_hand():
    """Every Dragon & Tiger Poker side bet loses the 7s: 1 - 2 * 6/13 = 1/13 for the even-money
    bets, and 1/13 for one, two or three suits (12/52 per suit, 3 to 1 per chip)."""
    sheet = build_sheet(DRAGON_TIGER_POKER, load_paytable(DRAGON_TIGER_POKER), Shoe.decks(8))
    for bet in sheet.bets:
        if bet.id not in ("dragon", "tiger", "tie"):
            assert bet.house_edge == Fraction(1, 13), bet.id
    by_id = {b.id: b for b in sheet.bets}
    for n, bet in ((1, "dragon-suit"), (2, "tiger-two-suits"), (3, "dragon-three-suits")):
        win = Fraction(12 * n, 52)
        assert by_id[bet].hit_frequency == win
        assert by_id[bet].expected_value == win * Fraction(4 - n, n) - (1 - win)


def test_poker_suit_bets_follow_the_removed_suits():
    shoe = Shoe.decks(1).remove("As,2s,3s,4s,5s")
    sheet = build_sheet(DRAGON_TIGER_POKER, load_paytable(DRAGON_TIGER_POKER), shoe, ["dragon-suit", "tiger-suit"])
    for bet in sheet.bets:
        spades = next(r for r in bet.rows if r.key == "spades")
        assert Fraction(spades.combinations, bet.total) == Fraction(7, 47)  # 12 non-7 spades less 5


def test_dragon_and_tiger_mirror():
    rng = random.Random(7)
    for game in GAMES:
        for _ in range(3):
            shoe = random_shoe(rng)
            c = game.count(shoe, list(game.bets))
            assert c["dragon"].counts["dragon-wins"] == c["tiger"].counts["tiger-wins"]
            for bet in game.bets:
                if bet.startswith("dragon-"):
                    assert c[bet].counts == c["tiger-" + bet[len("dragon-") :]].counts


def test_suit_bets_need_suits():
    shoe = Shoe.decks(8).remove("K")
    assert DRAGON_TIGER.count(shoe, ["dragon", "dragon-big"])["dragon"].total == 415 * 414
    with pytest.raises(SuitsUnknown):
        DRAGON_TIGER.count(shoe, ["dragon-red"])
    runner = CliRunner()
    out = runner.invoke(cli, ["sheet", "dragon-tiger", "--remove", "K", "--format", "csv"])
    assert out.exit_code == 0 and "dragon-red" not in out.stdout and "dragon-big" in out.stdout
    bad = runner.invoke(cli, ["sheet", "dragon-tiger-poker", "--remove", "K", "--bet", "tiger-suit"])
    assert bad.exit_code == 1 and "Traceback" not in bad.output


def test_batch_matches_sheets():
    lines = ["", "Ks,Kh,7d", "Ax4,7x10"]
    runner = CliRunner()
    for game_id in ("dragon-tiger", "dragon-tiger-poker"):
        out = runner.invoke(
            cli,
            ["batch", game_id, "--file", "-", "--bet", "dragon", "--bet", "tie", "--bet", "tiger-small"],
            input="\n".join(lines) + "\n",
        )
        assert out.exit_code == 0, out.output
        rows = [r.split(",") for r in out.stdout.strip().split("\n")[1:]]
        game = get_game(game_id)
        for line_no, bet, edge, _ in rows:
            spec = lines[int(line_no) - 1]
            shoe = Shoe.decks(8).remove(spec) if spec else Shoe.decks(8)
            sheet = build_sheet(game, load_paytable(game), shoe, [bet])
            assert Fraction(edge) == sheet.bets[0].house_edge


def test_play_dealt_deals_dragon_then_tiger():
    cards = iter([(13, "h"), (7, "s")])
    outcomes, dealt = DRAGON_TIGER_POKER.play_dealt(lambda: next(cards))
    assert dealt == [(13, "h"), (7, "s")]
    assert outcomes["dragon"] == "dragon-wins" and outcomes["tie"] == "no-tie"
    assert outcomes["dragon-red"] == "red" and outcomes["tiger-black"] == "seven"
    assert outcomes["dragon-suit"] == "hearts" and outcomes["tiger-odd"] == "seven"
    assert DRAGON_TIGER.burn_per_round == 1 and DRAGON_TIGER_POKER.burn_per_round == 1
    cards = iter([(7, "d"), (7, "c")])
    outcomes, _ = DRAGON_TIGER.play_dealt(lambda: next(cards))
    assert outcomes["dragon"] == "tie" and outcomes["dragon-odd"] == "odd" and outcomes["tiger-big"] == "seven"


def test_games_listing_and_every_bet_priced():
    out = CliRunner().invoke(cli, ["games", "--format", "json"])
    listing = {g["game"]: g for g in json.loads(out.stdout)}
    assert listing["dragon-tiger"]["bets"][:3] == ["dragon", "tiger", "tie"]
    assert "tiger-three-suits" in listing["dragon-tiger-poker"]["bets"]
    for game in GAMES:
        table = load_paytable(game)
        assert set(table.bets) == set(game.bets)
        for bet in game.bets:
            if bet not in ("dragon", "tiger", "tie"):
                assert table.bet(bet).window == (25 if game is DRAGON_TIGER else 50)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_what_each_dragon_tiger_game_is_and_which_shoes_it_counts(game):
    """Each instance's name (docs/rules.md), what it counts, and its shoes: an infinite one (cards
    with replacement: the rank sums of the exact count need no depletion), never one card."""
    from odds.shoe import ShoeError

    names = {"dragon-tiger": "Dragon Tiger", "dragon-tiger-poker": "Dragon & Tiger Poker"}
    assert game.name == names[game.id]
    assert "Dragon's card, then Tiger's" in game.counting
    if game is DRAGON_TIGER_POKER:  # the note that explains its suit bets' pays
        assert game.notes[0].startswith("Suit bets: one chip on each suit backed, 3 to 1")
    game.check_shoe(Shoe.infinite_shoe())
    game.check_shoe(Shoe.from_cards("Kh,5s"))
    with pytest.raises(ShoeError, match=f"^the shoe holds 1 cards; a {game.id} round may need 2$"):
        game.check_shoe(Shoe.from_cards("Kh"))


def test_a_settled_round_shows_each_sides_rank_and_colour():
    """``odds settle``: Dragon's card then Tiger's, each with its rank (A = 1 ... K = 13,
    docs/rules.md) and, when its suit is given, its colour (hearts and diamonds red); the order
    named in the text; a round of any other length refused with the rule."""

    def hands(cards):
        out = CliRunner().invoke(cli, ["settle", "dragon-tiger", cards, "--format", "json"])
        assert out.exit_code == 0, out.output
        return [(h["hand"], h["cards"], h["rank"], h.get("colour")) for h in json.loads(out.stdout)["hands"]]

    assert hands("Kh,5s") == [("dragon", ["Kh"], 13, "red"), ("tiger", ["5s"], 5, "black")]
    assert hands("Ad,Qc") == [("dragon", ["Ad"], 1, "red"), ("tiger", ["Qc"], 12, "black")]
    assert hands("7,7") == [("dragon", ["7"], 7, None), ("tiger", ["7"], 7, None)]
    text = CliRunner().invoke(cli, ["settle", "dragon-tiger", "Ad,Qd"]).stdout
    assert "Cards in dealing order: Ad Qd (Dragon, Tiger)" in text
    for cards, n in (("K,5,3", 3), ("K", 1)):
        out = CliRunner().invoke(cli, ["settle", "dragon-tiger", cards])
        assert out.exit_code == 1
        assert f"dragon-tiger: a round is 2 cards, Dragon's then Tiger's (e.g. Kh,5s); got {n}" in out.output


def test_each_feature_alone_is_its_rule_on_every_pair_of_cards():
    """``round_features`` asked for one feature (a user's bet on ``tiger_wins`` alone), or all of
    them, gives on every ordered pair of the 52 cards what docs/rules.md says, card by card;
    and each number feature's declared range is the range it takes."""
    from odds.bets.condition import INT, text_code
    from odds.games.dragon_tiger import FEATURES, round_features

    pairs = [(a, b) for a in range(52) for b in range(52)]
    ranks = np.array([(a // 4 + 1, b // 4 + 1) for a, b in pairs], dtype=np.int64)
    suits = np.array([(a % 4, b % 4) for a, b in pairs], dtype=np.int64)
    rule = {
        "dragon_rank": lambda d, t: d // 4 + 1,
        "tiger_rank": lambda d, t: t // 4 + 1,
        "dragon_suit": lambda d, t: text_code("shdc"[d % 4]),
        "tiger_suit": lambda d, t: text_code("shdc"[t % 4]),
        "dragon_wins": lambda d, t: d // 4 > t // 4,
        "tiger_wins": lambda d, t: t // 4 > d // 4,
        "tie": lambda d, t: d // 4 == t // 4,
    }
    assert set(rule) == set(FEATURES)
    together = round_features(None, None, ranks, suits, list(rule))
    for name, by_hand in rule.items():
        expected = [by_hand(d, t) for d, t in pairs]
        assert list(round_features(None, None, ranks, suits, [name])[name]) == expected, name
        assert list(together[name]) == expected, name
        kind = FEATURES[name].type
        if kind.type == INT:
            assert (kind.low, kind.high) == (min(expected), max(expected)), name


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_odds_features_lists_each_feature_word_for_word(game):
    """``odds features`` (the user's reference for writing a bet): each feature's type, range,
    meaning, and the card it reads (Dragon's is dealt first), as docs/rules.md has them."""
    out = CliRunner().invoke(cli, ["features", game.id, "--format", "json"])
    assert out.exit_code == 0, out.output
    listed = {
        f["name"]: (
            f["type"],
            f["range"],
            f["meaning"],
            [(r["position"], r["resolution"]) for r in f["reads"]],
            f["suits"],
        )
        for f in json.loads(out.stdout)["features"]
    }
    ranks, suits, both = "1 to 13", '"s" "h" "d" "c"', [(0, "rank"), (1, "rank")]
    assert listed == {
        "dragon_rank": (
            "number",
            ranks,
            "the rank of Dragon's card: A = 1 ... J = 11, Q = 12, K = 13",
            [(0, "rank")],
            None,
        ),
        "tiger_rank": ("number", ranks, "the rank of Tiger's card", [(1, "rank")], None),
        "dragon_suit": (
            "text",
            suits,
            "the suit of Dragon's card: s h d c (hearts and diamonds are red)",
            [(0, "suit")],
            "value",
        ),
        "tiger_suit": ("text", suits, "the suit of Tiger's card", [(1, "suit")], "value"),
        "dragon_wins": (
            "yes/no",
            "true / false",
            "Dragon's card outranks Tiger's (A low, K high, no suit tiebreak)",
            both,
            None,
        ),
        "tiger_wins": ("yes/no", "true / false", "Tiger's card outranks Dragon's", both, None),
        "tie": ("yes/no", "true / false", "the two cards have equal rank", both, None),
    }


def test_best_rtp_reads_the_paytable_it_is_given(tmp_path):
    """``best_rtp`` of a paytable file whose bets are not the seed's: a bet on Dragon's card being 7
    or higher at even money returns 2 * 7/13, more than the Tie at 8 to 1 (9 * P(tie) < 1)."""
    from odds.games.dragon_tiger import best_rtp

    path = tmp_path / "high.toml"
    path.write_text(
        'game = "dragon-tiger"\n'
        '[bets.high]\nname = "High"\noutcomes = [ { key = "win", when = "dragon_rank >= 7", pays = 1 },'
        ' { key = "lose", pays = -1 } ]\n'
        '[bets.tie]\nname = "Tie"\noutcomes = [ { key = "tie", when = "tie", pays = 8 }, { key = "no", pays = -1 } ]\n'
    )
    assert best_rtp(DRAGON_TIGER, str(path), decks=1) == (["high"], Fraction(14, 13))


def test_the_rtp_claim_verdict_word_for_word(monkeypatch):
    """The note's verdict on seed 000's claim, both ways: it holds for 96.27%; a claim of 96.28%
    would be wrong, and the note then gives the true best to two places."""
    import odds.games.dragon_tiger as dt

    (note,) = dt.rtp_claim_note()
    assert "(1 - P(tie)/2, half the stake lost on a tie); the claim holds (rounded to two places). Every" in note
    monkeypatch.setattr(dt, "SEED_RTP_CLAIM", Fraction("0.9628"))
    (note,) = dt.rtp_claim_note()
    assert "half the stake lost on a tie); the claim is wrong: the best is 96.27%. Every other bet" in note


def test_lightning_multiplies_the_winning_cards_of_the_struck_suit():
    """``odds settle --paytable lightning --multipliers h=8``: Dragon's card multiplies a Dragon
    win, Tiger's a Tiger win, each card of the struck suit in a tie once more (docs/rules.md,
    Lightning Dragon Tiger), on every pair of these cards."""
    import odds

    cards = ["Kh", "Ks", "5h", "5d"]
    for dragon, tiger in itertools.product(cards, repeat=2):
        settled = odds.settle("dragon-tiger", f"{dragon},{tiger}", paytable="lightning", multipliers="h=8")
        got = {b.id: b.outcome for b in settled.bets}
        d, t = (13 if c[0] == "K" else 5 for c in (dragon, tiger))
        x = {c: 8 if c.endswith("h") else 1 for c in (dragon, tiger)}
        assert got["dragon"] == (f"win-x{x[dragon]}" if d > t else "tie" if d == t else "lose"), (dragon, tiger)
        assert got["tiger"] == (f"win-x{x[tiger]}" if t > d else "tie" if d == t else "lose"), (dragon, tiger)
        assert got["tie"] == (f"tie-x{x[dragon] * x[tiger]}" if d == t else "no-tie"), (dragon, tiger)
