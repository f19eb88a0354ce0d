"""Published figures, each with its source: publication, address, deck count, the figure as printed.

Rules for asserting (issue 10 item 4): a published exact combination count or fraction is
asserted exactly; a rounded figure is asserted as "our exact fraction rounds (or truncates) to
what was printed", with the printed digits as text so the rounding unit is the publication's own.
Copies of the pages were read through a search index; where the stored copy sits on a mirror
the original address is given first.

Already asserted elsewhere (kept there, not repeated here): banker 1.0579% / player 1.2351% /
tie 14.36% and 4.84% (test_baccarat, test_solve, test_player_dealer), the 8-deck banker / player
/ tie counts (test_engine, test_vectors), Dragon Tiger 3.73% / 32.77% (test_dragon_tiger), Sic
Bo edges rounded to 0.01% (test_sic_bo), roulette 1/37 (test_roulette).

No publication found for (so nothing is asserted): Tiger Tie, Tiger Pair, Either Pair, the edge
of Tiger 12/18 and Small Tiger 22 (their counts are Lucky 6's, asserted below), the Dragon Tiger
side bets at the seed's pays (Odd 0.75, Even 1.05, Red/Black 0.9), Dragon & Tiger Poker's Suit bet.

Not asserted although printed: Jacobson's pairs post gives a standard deviation of 3.184 for the
11-to-1 pair bet; the exact figure is sqrt(4135/415 - (43/415)**2) = 3.1549 (the library's), so
the printed 3.184 is not reproducible and is left out.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from odds.games import get_game
from odds.paytable import load_paytable
from odds.sheet import build_sheet
from odds.shoe import Shoe

EIGHT_DECK_DEALS = 416 * 415 * 414 * 413 * 412 * 411  # ordered six-card deals, 8 decks


def bets(game_id, paytable=None, decks=8):
    game = get_game(game_id)
    shoe = Shoe.decks(decks) if decks else None
    return {b.id: b for b in build_sheet(game, load_paytable(game, paytable), shoe).bets}


def counts(bet) -> dict:
    return {r.key: r.combinations for r in bet.rows}


def probability(bet, key) -> Fraction:
    return Fraction(counts(bet)[key], bet.total)


def rounds_to(exact: Fraction, printed: str, scale: int = 1) -> bool:
    """``exact * scale`` rounds to ``printed`` in the printed number's last place (half a unit
    either way, exactly)."""
    shown = Decimal(printed.replace(",", "").rstrip("%"))
    half_unit = Fraction(1, 2) * Fraction(10) ** shown.as_tuple().exponent
    return abs(exact * scale - Fraction(shown)) <= half_unit


def truncates_to(exact: Fraction, printed: str, scale: int = 1) -> bool:
    """``exact * scale`` cut (not rounded) to the printed number of places gives ``printed``."""
    shown = Decimal(printed.rstrip("%"))
    unit = Fraction(10) ** shown.as_tuple().exponent
    return Fraction(shown) <= exact * scale < Fraction(shown) + unit


def test_the_rounding_helpers_can_fail():
    assert rounds_to(Fraction(11698, 100000), "11.70%", 100) and not rounds_to(Fraction(11706, 100000), "11.70%", 100)
    assert truncates_to(Fraction(29166, 100000), "29.1%", 100) and not truncates_to(Fraction(29, 100), "29.1%", 100)


# -- Lucky 6 and the Tiger bets ----------------------------------------------------------------------
# Wizard of Odds, "Lucky 6", https://wizardofodds.com/games/baccarat/side-bets/lucky-6/ (last
# updated 2019-09-11), 8 decks. As printed:
#   2-Card Winning Banker 6 | 12 | 186,173,936,904,192 | 0.037247 |
#   3-Card Winning Banker 6 | 23 (Las Vegas) / 20 (Macau) | 83,058,367,551,488 | 0.016617 |
#   All other | -1 | 4,729,165,971,047,680 | 0.946136 | Total 4,998,398,275,503,360
#   "house edge of 11.70%" (12/23, return -0.116985); "house edge of 16.68%" (12/20, -0.166836)
#   "The same side bet goes by the name of the Tiger on some games."
LUCKY_6 = {"six-two-cards": 186_173_936_904_192, "six-three-cards": 83_058_367_551_488, "other": 4_729_165_971_047_680}


def test_lucky_6_counts_and_edges():
    seed = bets("baccarat")["lucky-6"]  # 12 / 20, the seed's ("Macau")
    vegas = bets("baccarat", "lucky-6-12-23")["lucky-6"]
    assert counts(seed) == counts(vegas) == LUCKY_6
    assert seed.total == sum(LUCKY_6.values()) == EIGHT_DECK_DEALS == 4_998_398_275_503_360
    assert rounds_to(probability(seed, "six-two-cards"), "0.037247")
    assert rounds_to(probability(seed, "six-three-cards"), "0.016617")
    assert rounds_to(seed.house_edge, "16.68%", 100) and rounds_to(seed.expected_value, "-0.166836")
    assert rounds_to(vegas.house_edge, "11.70%", 100) and rounds_to(vegas.expected_value, "-0.116985")


def test_tiger_bets_count_the_lucky_6_events():
    """Tiger (12/18), Small Tiger (22) and Big Tiger (50) settle on the same two events as the
    Lucky 6 ("banker wins with 6 on two / three cards"): the published counts hold for each."""
    tiger = bets("tiger-baccarat")
    for bet_id in ("tiger", "small-tiger", "big-tiger"):
        assert counts(tiger[bet_id]) == LUCKY_6, bet_id
        assert tiger[bet_id].total == EIGHT_DECK_DEALS


def test_big_tiger():
    # Eliot Jacobson, "Card Counting the Big Tiger Baccarat Side Bet", Advanced Advantage Play,
    # https://advancedadvantageplay.com/2024/07/card-counting-the-big-tiger-baccarat-side-bet,
    # 8 decks, 50 to 1 on a three-card banker 6 win: "The house edge is 15.2533%", "The standard
    # deviation (square root of variance) is 6.519", "The hit percentage is 1.662%".
    # Same author, "Baccarat Side Bets", https://advancedadvantageplay.com/side-bets/baccarat-side-bets/:
    # Big Tiger "House edge: 15.253%", "Variance: 42.503".
    big = bets("tiger-baccarat")["big-tiger"]
    assert rounds_to(big.house_edge, "15.2533%", 100) and rounds_to(big.house_edge, "15.253%", 100)
    assert rounds_to(big.hit_frequency, "1.662%", 100)
    assert rounds_to(big.variance, "42.503")
    assert abs(big.std_dev_float() - 6.519) <= 0.0005


# -- Banker without commission, to the exact fraction ----------------------------------------------
# Banker / player / tie counts, 8 decks: "Probabilities in 8deck Baccarat", casinoexploit.com,
# http://www.casinoexploit.com/baccarat.html: "Bank 2,292,252,566,437,888", "Player
# 2,230,518,282,592,256", "Tie 475,627,426,473,216"; banker wins with a 6 = the two Lucky 6 counts
# above. So the banker paying 1, but 1/2 on a winning 6, has an exact expectation from published
# counts alone.
BANKER, PLAYER, TIE = 2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216


def test_banker_no_commission_exact_fraction():
    six = LUCKY_6["six-two-cards"] + LUCKY_6["six-three-cards"]
    published = Fraction(BANKER - six) + Fraction(six, 2) - PLAYER
    expected = published / EIGHT_DECK_DEALS
    for bet in (bets("baccarat")["banker-no-commission"], bets("tiger-baccarat")["banker"]):
        assert bet.expected_value == expected
        assert counts(bet) == {
            "banker-wins-other": BANKER - six,
            "banker-wins-6": six,
            "tie": TIE,
            "player-wins": PLAYER,
        }
    assert expected == Fraction(-284_694_798_368, 19_524_993_263_685)


@pytest.mark.parametrize(
    "decks,banker,player,tie",
    [
        # same page, "Probabilities in 6deck Baccarat" and "...4deck..." (4 decks: tie not in the stored copy)
        (6, 403_095_751_234_560, 392_220_492_728_832, 83_552_962_932_288),
        (4, 34_543_624_867_840, 33_608_344_225_792, None),
    ],
)
def test_banker_player_tie_counts_fewer_decks(decks, banker, player, tie):
    c = counts(bets("baccarat", decks=decks)["banker"])
    assert (c["banker-wins"], c["player-wins"]) == (banker, player)
    if tie is not None:
        assert c["tie"] == tie


# -- Dragon Bonus --------------------------------------------------------------------------------
# Wizard of Odds, "Baccarat Side Bets", https://wizardofodds.com/games/baccarat/side-bets/
# (also .../games/baccarat/appendix/5/), 8 decks, pays 30/10/6/4/2/1, as printed:
#   Player: Win by 9 18,409,431,764,992 / by 8 34,097,645,543,424 / by 7 89,590,261,473,280 /
#   by 6 141,238,897,317,888 / by 5 166,169,165,987,840 / by 4 186,780,352,174,080 / Natural win
#   812,685,054,124,032 / Natural tie 89,325,908,267,520 / Loss 3,460,101,558,850,300 /
#   Totals 4,998,398,275,503,350; return -0.026517.
#   Banker: 15,390,342,909,952 / 28,305,092,784,128 / 79,517,099,278,336 / 119,200,072,366,080 /
#   157,275,882,332,160 / 201,147,167,287,296 / 812,685,054,124,032 / 89,325,908,267,520 /
#   Loss 3,495,551,656,153,850; return -0.093731.
#   House edge by decks: 4: 2.70% / 9.42%; 6: 2.67% / 9.39%; 8: 2.65% / 9.37%.
# The win cells are exact. The Loss cells are the exact counts cut to 15 significant digits; the
# Totals cell (4,998,398,275,503,350) is 10 short of 416*415*414*413*412*411 = 4,998,398,275,503,360,
# which the same author prints exactly on the Lucky 6 page: a float artifact, not asserted.
DRAGON_BONUS = {
    "player": {
        "win-by-9": 18_409_431_764_992,
        "win-by-8": 34_097_645_543_424,
        "win-by-7": 89_590_261_473_280,
        "win-by-6": 141_238_897_317_888,
        "win-by-5": 166_169_165_987_840,
        "win-by-4": 186_780_352_174_080,
        "natural-win": 812_685_054_124_032,
        "natural-tie": 89_325_908_267_520,
    },
    "banker": {
        "win-by-9": 15_390_342_909_952,
        "win-by-8": 28_305_092_784_128,
        "win-by-7": 79_517_099_278_336,
        "win-by-6": 119_200_072_366_080,
        "win-by-5": 157_275_882_332_160,
        "win-by-4": 201_147_167_287_296,
        "natural-win": 812_685_054_124_032,
        "natural-tie": 89_325_908_267_520,
    },
}
DRAGON_BONUS_LOSS = {"player": "3,460,101,558,850,300", "banker": "3,495,551,656,153,850"}


def fifteen_digits(n: int) -> str:
    """``n`` cut to 15 significant digits, printed with thousands separators."""
    cut = 10 ** max(len(str(n)) - 15, 0)
    return f"{n // cut * cut:,}"


@pytest.mark.parametrize("side", ["player", "banker"])
def test_dragon_bonus_counts(side):
    bet = bets("baccarat", "dragon-bonus-standard")[f"dragon-bonus-{side}"]
    c = counts(bet)
    assert {k: c[k] for k in DRAGON_BONUS[side]} == DRAGON_BONUS[side]
    assert fifteen_digits(c["other"]) == DRAGON_BONUS_LOSS[side]
    assert bet.total == EIGHT_DECK_DEALS
    assert rounds_to(bet.expected_value, {"player": "-0.026517", "banker": "-0.093731"}[side])


@pytest.mark.parametrize("decks,player,banker", [(4, "2.70%", "9.42%"), (6, "2.67%", "9.39%"), (8, "2.65%", "9.37%")])
def test_dragon_bonus_edge_by_decks(decks, player, banker):
    b = bets("baccarat", "dragon-bonus-standard", decks)
    assert rounds_to(b["dragon-bonus-player"].house_edge, player, 100)
    assert rounds_to(b["dragon-bonus-banker"].house_edge, banker, 100)


@pytest.mark.parametrize("side", ["player", "banker"])
def test_seed_dragon_bonus_table_from_the_published_counts(side):
    """The seed's table (30/10/5/3/2/1, natural win 1, natural tie push) priced on Wizard of
    Odds' exact counts: its expectation, exactly."""
    seed_pays = {
        "win-by-9": 30,
        "win-by-8": 10,
        "win-by-7": 5,
        "win-by-6": 3,
        "win-by-5": 2,
        "win-by-4": 1,
        "natural-win": 1,
        "natural-tie": 0,
    }
    wins = DRAGON_BONUS[side]
    loss = EIGHT_DECK_DEALS - sum(wins.values())
    expected = Fraction(sum(seed_pays[k] * n for k, n in wins.items()) - loss, EIGHT_DECK_DEALS)
    assert bets("baccarat")[f"dragon-bonus-{side}"].expected_value == expected


@pytest.mark.parametrize("side,hand", [("player", "player"), ("dealer", "banker")])
def test_player_dealer_dragon_bonus_counts(side, hand):
    """Seed 004's Dragon Bonus under the house way is baccarat's: the published counts, with the
    loss split into a natural beaten by a higher natural and everything else."""
    c = counts(bets("player-dealer-baccarat")[f"dragon-bonus-{side}"])
    assert {k: c[k] for k in DRAGON_BONUS[hand]} == DRAGON_BONUS[hand]
    assert fifteen_digits(c["natural-loss"] + c["other"]) == DRAGON_BONUS_LOSS[hand]


# -- Pairs -------------------------------------------------------------------------------------------


def test_player_and_banker_pair():
    # Eliot Jacobson, "Computer-Perfect Play Against the Baccarat Pairs Bet", 888casino blog,
    # https://www.888casino.com/blog/side-bets/computer-perfect-play-against-the-baccarat-pairs-bet/,
    # 8 decks, 11 to 1: "The house edge is 10.361%", "The hit frequency is 7.470%".
    # Wizard of Odds, "Dragon Tiger" (below): the same 6,448 / 86,320 chance of equal ranks.
    b = bets("baccarat")
    for bet_id in ("player-pair", "banker-pair"):
        assert rounds_to(b[bet_id].house_edge, "10.361%", 100)
        assert rounds_to(b[bet_id].hit_frequency, "7.470%", 100)
        assert probability(b[bet_id], "pair") == Fraction(6_448, 86_320)
    for bet_id in ("bonus-pair-player", "bonus-pair-dealer"):
        assert probability(bets("player-dealer-baccarat")[bet_id], "pair") == Fraction(6_448, 86_320)


@pytest.mark.parametrize(
    "decks,wins,total,edge_25,edge_26",
    [
        # Wizard of Odds, "Perfect Pairs (Version 1)", wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver1/
        # (stored copy: mycraftingplace.com/games/baccarat/side-bets/perfect-pairs-ver1/, updated 2019-06-18):
        # "Win 25 246,848,784 ... Total 7,379,583,120", "house edge of 13.03%" (25 to 1), "9.68%" (26 to 1),
        # eight decks; "Win 25 74,114,820 ... Total 2,323,673,820", "17.07%" (25), "13.88%" (26), six decks.
        (8, 246_848_784, 7_379_583_120, "13.03%", "9.68%"),
        (6, 74_114_820, 2_323_673_820, "17.07%", "13.88%"),
    ],
)
def test_perfect_pair(decks, wins, total, edge_25, edge_26):
    seed = bets("baccarat", decks=decks)["perfect-pair"]  # seed 003: 26 to 1
    market = bets("baccarat", "perfect-pair-25", decks)["perfect-pair"]
    assert probability(seed, "perfect-pair") == Fraction(wins, total)  # unordered pairs there
    assert rounds_to(market.house_edge, edge_25, 100)
    assert rounds_to(seed.house_edge, edge_26, 100)


# -- Big / Small -----------------------------------------------------------------------------------
# Wizard of Odds, "Baccarat Side Bets", 4-5-6 (wizardofodds.com/games/baccarat/appendix/5/;
# stored copy mycraftingplace.com/games/baccarat/appendix/5/, updated 2019-06-18): "Total Cards /
# Probability / Pays / Return": 8 decks "4 0.378868 1.5 -0.05283", "5 0.303444", "6 0.317687";
# 6 decks "4 0.378925 1.5 -0.052688", "5 0.303540", "6 0.317535". Small = 4 cards at 3 to 2.


@pytest.mark.parametrize(
    "decks,four,five,six,small_return",
    [
        (8, "0.378868", "0.303444", "0.317687", "-0.05283"),
        (6, "0.378925", "0.303540", "0.317535", "-0.052688"),
    ],
)
def test_big_and_small(decks, four, five, six, small_return):
    small = bets("baccarat", decks=decks)["small"]
    p_small = probability(small, "small")
    assert rounds_to(p_small, four)
    # the return is printed from the rounded probability (6 decks: 2.5 * 0.378925 - 1 = -0.0526875,
    # printed -0.052688; exact -0.0526874), so it is asserted to one unit of its last place
    unit = Fraction(10) ** Decimal(small_return).as_tuple().exponent
    assert abs(small.expected_value - Fraction(Decimal(small_return))) <= unit
    assert rounds_to(Fraction(5, 2) * Fraction(Decimal(four)) - 1, small_return)
    # Big is "5 or 6 cards": the two printed rows, each within half a unit of the sixth place
    assert abs((1 - p_small) - Fraction(Decimal(five) + Decimal(six))) <= Fraction(1, 10**6)


def test_big_054_and_small_market_figures():
    # VegasFreedom, "What Is Big and Small in Baccarat?", https://vegasfreedom.com/baccarat/what-is-big-and-small-in-baccarat/:
    # "The house edge for the small bet is 5.27%, while the house edge for the big bet is 4.35%"
    # (small 3 to 2; neither the Big pay nor the deck count is printed). 4.35% is Big at 0.54 on
    # 6 or 8 decks; 5.27% is the 6-deck Small (8 decks give 5.28%).
    assert rounds_to(bets("baccarat", "big-054", 6)["big"].house_edge, "4.35%", 100)
    assert rounds_to(bets("baccarat", "big-054", 8)["big"].house_edge, "4.35%", 100)
    assert rounds_to(bets("baccarat", decks=6)["small"].house_edge, "5.27%", 100)
    assert rounds_to(bets("baccarat", decks=8)["small"].house_edge, "5.28%", 100)


# -- Dragon Tiger ----------------------------------------------------------------------------------
# Wizard of Odds, "Dragon Tiger", wizardofodds.com/games/dragon-tiger/ (last updated 2014-05-27;
# stored copy http://user-casino.com/games/dragon-tiger/), 8 decks, unordered pairs of cards:
#   Dragon/Tiger "Win 1 39,936 / Tie -0.5 6,448 / Loss -1 39,936 / Total 86,320", "house edge of 3.73%"
#   Tie "Win 8 6,448 / Loss -1 79,872 / Total 86,320"; hypothetical tie pays 12: 2.89%, 11: 10.36%,
#   10: 17.83%, 9: 25.30%, 8: 32.77%
#   Big/Small (a 7 loses) "Win 1 192 / Loss -1 224 / Total 416", "house edge of 7.69%"
# The library counts ordered deals (Dragon's card, then Tiger's): probabilities are compared.


@pytest.mark.parametrize(
    "game_id,dragon,tiger,tie",
    [
        ("dragon-tiger", "dragon", "tiger", "tie"),
        ("dragon-tiger-poker", "dragon", "tiger", "tie"),
        ("baccarat", "dragon", "tiger", "dragon-tiger-tie"),  # the first cards of Player and Banker
    ],
)
def test_dragon_tiger_main_bets(game_id, dragon, tiger, tie):
    b = bets(game_id)
    for bet_id, win in ((dragon, "dragon-wins"), (tiger, "tiger-wins")):
        assert probability(b[bet_id], win) == Fraction(39_936, 86_320)
        assert probability(b[bet_id], "tie") == Fraction(6_448, 86_320)
        assert rounds_to(b[bet_id].house_edge, "3.73%", 100)
    assert probability(b[tie], "tie") == Fraction(6_448, 86_320)
    p_tie = probability(b[tie], "tie")
    for pays, printed in ((12, "2.89%"), (11, "10.36%"), (10, "17.83%"), (9, "25.30%"), (8, "32.77%")):
        assert rounds_to(1 - (pays + 1) * p_tie, printed, 100), pays


@pytest.mark.parametrize("game_id", ["dragon-tiger", "dragon-tiger-poker"])
def test_dragon_tiger_big_small(game_id):
    b = bets(game_id)
    for side in ("dragon", "tiger"):
        for bet_id, key in ((f"{side}-big", "big"), (f"{side}-small", "small")):
            assert probability(b[bet_id], key) == Fraction(192, 416)
            assert rounds_to(b[bet_id].house_edge, "7.69%", 100)


# -- Sic Bo ----------------------------------------------------------------------------------------


def test_sic_bo_exact_fractions():
    # Wizard of Odds, "Sic Bo Appendix", http://wizardofodds.com/games/sic-bo/appendix/1/ (last
    # update 2007-02-05), player's edge per bet over 216 rolls: Low "-6/216"; Specific Number
    # "125/216", "75/216", "15/216", "1/216", "-17/216"; "There are 3 ways to roll a 4" ... "+60"
    # ... "-33/216"; "There are 6 ways to roll a 5" ... "+30" ... "-30/216"; "There are 10 ways to
    # roll a 6". The common paytable pays 60 and 30 on totals 4 and 5 (the seed pays 50 and 18).
    common, seed = bets("sic-bo", "common", None), bets("sic-bo", "seed", None)
    for sheet in (common, seed):
        assert sheet["small"].expected_value == sheet["big"].expected_value == Fraction(-6, 216)
        for n in range(1, 7):
            number = sheet[f"number-{n}"]
            assert [probability(number, k) for k in ("none", "one", "two", "three")] == [
                Fraction(125, 216),
                Fraction(75, 216),
                Fraction(15, 216),
                Fraction(1, 216),
            ]
            assert number.expected_value == Fraction(-17, 216)
        for total, ways in ((4, 3), (5, 6), (6, 10)):
            assert probability(sheet[f"total-{total}"], "hit") == Fraction(ways, 216)
    assert common["total-4"].expected_value == Fraction(-33, 216)
    assert common["total-5"].expected_value == Fraction(-30, 216)


def test_sic_bo_seed_totals():
    # GambleGnome, "Sicbo", https://gamblegnome.com/sicbo/, Totals "Payout / House":
    # "4 or 17 60:1 29.1%", "5 or 16 18:1 47.2%", "6 or 15 14:1 30.5%", "7 or 14 12:1 9.7%",
    # "8 or 13 8:1 12.5%", "9 or 12 6:1 18.9%", "10 or 11 6:1 12.5%" - the seed's totals row.
    # The figures are cut, not rounded, to one place (29.17 -> 29.1), and "60:1" beside 29.1% is a
    # misprint: 29.1% is the edge at 50 to 1 (the seed's pay); 60 to 1 gives 15.3%.
    seed = bets("sic-bo", "seed", None)
    for totals, printed in (
        ((4, 17), "29.1%"),
        ((5, 16), "47.2%"),
        ((6, 15), "30.5%"),
        ((7, 14), "9.7%"),
        ((8, 13), "12.5%"),
        ((9, 12), "18.9%"),
        ((10, 11), "12.5%"),
    ):
        for t in totals:
            assert truncates_to(seed[f"total-{t}"].house_edge, printed, 100), t
