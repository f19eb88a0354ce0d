"""Multiplier bets against a brute force written here, independently of odds: every ordering of a
small shoe (or every roll, every pocket) times every draw of the targets and every assignment of
multipliers, each weighted by its probability; the exact hit table (every prize and product) and
RTP must agree. Then a Monte Carlo run of ``simulate`` that draws the multipliers, settlement with
``--multipliers``, and the checks a bet file's overlay gets.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from click.testing import CliRunner
from more_itertools import distinct_permutations

from odds.cli import cli
from odds.games import get_game
from odds.paytable import PaytableError, load_paytable
from odds.sheet import build_sheet
from odds.shoe import Shoe
from reference import dealers
from reference.walk import parse

IDENTITIES = [f"{r}{s}" for r in "A23456789TJQK" for s in "shdc"]


def write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def library_prizes(sheet, bet_id) -> dict:
    bet = sheet.bet(bet_id)
    return {r.key: Fraction(r.combinations, bet.total) for r in bet.rows if r.combinations}


def brute(rounds, universe, counts, values, own=None):
    """``{prize key: probability}``: ``rounds`` is ``[(probability, outcome, items read or None
    for an outcome not boosted)]``; every k-subset of ``universe`` (k by ``counts``) and every
    assignment of multipliers to it (by ``values``, or ``own[target]`` for a target with
    multipliers of its own), the items' product in the key."""
    own = own or {}
    out: Counter = Counter()
    alike: Counter = Counter()  # rounds reading the same items are drawn for once, weighted by all
    for p_round, outcome, items in rounds:
        alike[outcome, None if items is None else tuple(sorted(items))] += p_round
    for (outcome, items), p_round in alike.items():
        if items is None:
            out[outcome] += p_round
            continue
        for k, wk in counts.items():
            subsets = list(itertools.combinations(universe, k))
            for subset in subsets:
                laws = [own.get(target, values).items() for target in subset]
                for assignment in itertools.product(*laws):
                    weight = wk * Fraction(1, len(subsets))
                    multiplier = {}
                    for target, (m, wm) in zip(subset, assignment):
                        multiplier[target] = m
                        weight *= wm
                    product = Fraction(1)
                    for item in items:
                        product *= multiplier.get(item, 1)
                    out[f"{outcome}-x{product.numerator if product.denominator == 1 else product}"] += p_round * weight
    return dict(out)


# -- baccarat: card identities, the class sampling against every ordering ------------------------------

BACCARAT = """game = "baccarat"
[bets.player]
name = "Player"
outcomes = [
  { key = "win", when = "player_wins", pays = 1 },
  { key = "tie", when = "tie", pays = 0 },
  { key = "lose", pays = -1 },
]
[bets.player.multipliers]
boosts = "cards"
count = 2
values = { 2 = "1/3", 3 = "2/3" }
fee = "0.2"
boosted = [ { outcome = "win", reads = "player" } ]

[bets.tie]
name = "Tie"
outcomes = [ { key = "tie", when = "tie", pays = 5 }, { key = "no-tie", pays = -1 } ]
[bets.tie.multipliers]
boosts = "cards"
count = 2
values = { 2 = "1/3", 3 = "2/3" }
boosted = [ { outcome = "tie", reads = "all" } ]

[bets.pair]
name = "Player Pair"
outcomes = [ { key = "pair", when = "player_pair", pays = 10 }, { key = "no-pair", pays = -1 } ]
[bets.pair.multipliers]
boosts = "cards"
count = 2
values = { 2 = "1/3", 3 = "2/3" }
boosted = [ { outcome = "pair", reads = "player-pair" } ]
"""

SHOE = "As,As,Ad,2c,2c,Kh"  # identical cards (the pattern (2)), three value classes, 180 orderings
TIE_SHOE = "As,As,2d,2c,Kh,Kh"  # the same pattern, and 72 of its 180 orderings tie (SHOE's never do)


def baccarat_rounds(bet: str, shoe: str = SHOE):
    orders = list(distinct_permutations(parse(shoe)))
    out = []
    for order in orders:
        h = dealers.deal_baccarat(order)
        winner = h.winner()
        cards = [f"{'A23456789TJQK'[r - 1]}{s}" for r, s in order]
        first = [f"{'A23456789TJQK'[r - 1]}{s}" for r, s in h.first]
        dealt = cards[: h.cards_dealt]
        p = Fraction(1, len(orders))
        if bet == "player":
            out.append((p, "win", first) if winner == "first" else (p, "tie" if winner == "tie" else "lose", None))
        elif bet == "tie":
            out.append((p, "tie", dealt) if winner == "tie" else (p, "no-tie", None))
        else:
            pair = order[0][0] == order[2][0]
            out.append((p, "pair", [cards[0], cards[2]]) if pair else (p, "no-pair", None))
    return out


@pytest.mark.parametrize("bet", ["player", "tie", "pair"])
def test_baccarat_identities_against_every_ordering_and_every_draw(tmp_path, bet):
    shoe = TIE_SHOE if bet == "tie" else SHOE
    table = load_paytable(get_game("baccarat"), write(tmp_path, "b.toml", BACCARAT))
    sheet = build_sheet(get_game("baccarat"), table, Shoe.from_cards(shoe), [bet])
    rounds = baccarat_rounds(bet, shoe)
    winning = {"player": "win", "tie": "tie", "pair": "pair"}[bet]
    assert any(outcome == winning for _, outcome, _ in rounds)  # the shoe deals the boosted outcome
    expected = brute(rounds, IDENTITIES, {2: Fraction(1)}, {2: Fraction(1, 3), 3: Fraction(2, 3)})
    got = library_prizes(sheet, bet)
    assert {k: v for k, v in got.items() if not k.endswith("-x1") and "-x" in k} == {
        k: v for k, v in expected.items() if not k.endswith("-x1") and "-x" in k
    }
    assert got == {k: v for k, v in expected.items() if v}


BACCARAT_BANKER = """game = "baccarat"
[bets.banker]
name = "Banker"
outcomes = [ { key = "win", when = "banker_wins", pays = 1 }, { key = "lose", pays = -1 } ]
[bets.banker.multipliers]
boosts = "cards"
count = 1
values = { 2 = "1/3", 3 = "2/3" }
boosted = [ { outcome = "win", reads = "banker" } ]

[bets.pair]
name = "Banker Pair"
outcomes = [ { key = "pair", when = "banker_pair", pays = 11 }, { key = "no-pair", pays = -1 } ]
[bets.pair.multipliers]
boosts = "cards"
count = 1
values = { 2 = "1/3", 3 = "2/3" }
boosted = [ { outcome = "pair", reads = "banker-pair" } ]

[bets.all]
name = "Every card dealt on a banker win"
outcomes = [ { key = "win", when = "banker_wins", pays = 1 }, { key = "lose", pays = -1 } ]
[bets.all.multipliers]
boosts = "cards"
count = 1
values = { 2 = "1/3", 3 = "2/3" }
boosted = [ { outcome = "win", reads = "all" } ]
"""
# every cross bet: the cards of one hand (or all) read on a pair of the other hand's
CROSS = {"cross-player": ("banker_pair", "player"), "cross-banker": ("player_pair", "banker")}
CROSS |= {"cross-all": ("player_pair", "all"), "cross-player-pair": ("banker_pair", "player-pair")}
CROSS |= {"cross-banker-pair": ("player_pair", "banker-pair")}
BACCARAT_CROSS = 'game = "baccarat"\n' + "".join(
    f'[bets.{bet}]\nname = "{bet}"\n'
    f'outcomes = [ {{ key = "pair", when = "{when}", pays = 11 }}, {{ key = "no-pair", pays = -1 }} ]\n'
    f'[bets.{bet}.multipliers]\nboosts = "cards"\ncount = 1\nvalues = {{ 2 = "1/3", 3 = "2/3" }}\n'
    f'boosted = [ {{ outcome = "pair", reads = "{reads}" }} ]\n'
    for bet, (when, reads) in CROSS.items()
)


def banker_rounds(bet: str):
    """Every ordering of SHOE for a bet of BACCARAT_BANKER: ``(probability, outcome, cards read)``."""
    orders = list(distinct_permutations(parse(SHOE)))
    rounds = []
    for order in orders:
        h = dealers.deal_baccarat(order)
        player, banker = ([f"{'A23456789TJQK'[r - 1]}{s}" for r, s in hand] for hand in (h.first, h.second))
        p = Fraction(1, len(orders))
        player_pair, banker_pair = (hand[0][0] == hand[1][0] for hand in (h.first, h.second))
        if bet == "banker":
            rounds.append((p, "win", banker) if h.winner() == "second" else (p, "lose", None))
        elif bet == "pair":
            rounds.append((p, "pair", banker[:2]) if banker_pair else (p, "no-pair", None))
        elif bet == "all":
            rounds.append((p, "win", player + banker) if h.winner() == "second" else (p, "lose", None))
        else:
            when, reads = CROSS[bet]
            read = {"player": player, "banker": banker, "all": player + banker}
            read |= {"player-pair": player[:2], "banker-pair": banker[:2]}
            hit = banker_pair if when == "banker_pair" else player_pair
            rounds.append((p, "pair", read[reads]) if hit else (p, "no-pair", None))
    return rounds


def banker_prizes(tmp_path, bet: str) -> tuple[dict, dict]:
    text = BACCARAT_CROSS if bet in CROSS else BACCARAT_BANKER
    table = load_paytable(get_game("baccarat"), write(tmp_path, "b.toml", text))
    got = library_prizes(build_sheet(get_game("baccarat"), table, Shoe.from_cards(SHOE), [bet]), bet)
    expected = brute(banker_rounds(bet), IDENTITIES, {1: Fraction(1)}, {2: Fraction(1, 3), 3: Fraction(2, 3)})
    return got, {k: v for k, v in expected.items() if v}


@pytest.mark.parametrize("bet", ["banker", "pair", "all"])
def test_baccarat_banker_identities_against_every_ordering(tmp_path, bet):
    """The banker's cards read by a multiplier: all it was dealt on a banker win (its third card
    too, when it drew one), its first two on a Banker Pair; every card dealt on a banker win (the
    tie bet above reads them on a tie, which SHOE never deals). One of the 52 cards struck."""
    got, expected = banker_prizes(tmp_path, bet)
    assert got == expected


@pytest.mark.parametrize(
    "bet",
    # 2 to 5 s each when the hand read may draw: its drawing is played for a condition that needs none
    [pytest.param(b, marks=pytest.mark.slow) if not b.endswith("-pair") else b for b in CROSS],
)
def test_a_hands_cards_read_on_the_other_hands_pair_against_every_ordering(tmp_path, bet):
    """A hand's cards read on a pair of the other hand's, a condition that reads none of them: the
    hand's own positions, and whether it drew, come from the hand alone."""
    got, expected = banker_prizes(tmp_path, bet)
    assert got == expected


def test_the_fee_is_on_top_of_the_stake(tmp_path):
    """RTP = (1 + E[pay]) / (1 + fee): the brute force's expected pay, then per unit wagered."""
    table = load_paytable(get_game("baccarat"), write(tmp_path, "b.toml", BACCARAT))
    bet = build_sheet(get_game("baccarat"), table, Shoe.from_cards(SHOE), ["player"]).bet("player")
    prizes = brute(baccarat_rounds("player"), IDENTITIES, {2: 1}, {2: Fraction(1, 3), 3: Fraction(2, 3)})
    pay = sum(
        p * (Fraction(k.split("-x")[1]) if k.startswith("win") else 0 if k == "tie" else -1) for k, p in prizes.items()
    )
    assert bet.rtp == (1 + pay) / Fraction(6, 5)


# -- Dragon Tiger: a lightning suit ------------------------------------------------------------------

DRAGON_TIGER = """game = "dragon-tiger"
[bets.dragon]
name = "Dragon"
outcomes = [
  { key = "win", when = "dragon_wins", pays = 1 },
  { key = "tie", when = "tie", pays = "-0.5" },
  { key = "lose", pays = -1 },
]
[bets.dragon.multipliers]
boosts = "suits"
count = 1
values = { 2 = "1/2", 5 = "1/2" }
boosted = [ { outcome = "win", reads = "dragon" } ]
[bets.tie]
name = "Tie"
outcomes = [ { key = "tie", when = "tie", pays = "6.5" }, { key = "no-tie", pays = -1 } ]
[bets.tie.multipliers]
boosts = "suits"
count = 1
values = { 2 = "1/2", 5 = "1/2" }
boosted = [ { outcome = "tie", reads = "both" } ]
"""


@pytest.mark.parametrize("bet", ["dragon", "tie"])
def test_dragon_tiger_suit_against_every_ordering(tmp_path, bet):
    shoe = "As,Ah,Ad,2s,2d,Kc,Kc"
    orders = list(distinct_permutations(parse(shoe)))
    rounds = []
    for order in orders:
        outcome = dealers.dragon_tiger(order)[bet]
        dragon, tiger = order[1], order[2]  # one burn card, then Dragon's and Tiger's
        p = Fraction(1, len(orders))
        if bet == "dragon":
            rounds.append(
                (p, "win", [dragon[1]])
                if outcome == "dragon-wins"
                else (p, "tie" if outcome == "tie" else "lose", None)
            )
        else:
            rounds.append((p, "tie", [dragon[1], tiger[1]]) if outcome == "tie" else (p, "no-tie", None))
    expected = brute(rounds, "shdc", {1: 1}, {2: Fraction(1, 2), 5: Fraction(1, 2)})
    table = load_paytable(get_game("dragon-tiger"), write(tmp_path, "d.toml", DRAGON_TIGER))
    got = library_prizes(build_sheet(get_game("dragon-tiger"), table, Shoe.from_cards(shoe), [bet]), bet)
    assert got == {k: v for k, v in expected.items() if v}


DRAGON_TIGER_CARDS = """game = "dragon-tiger"
[bets.tiger]
name = "Tiger"
outcomes = [ { key = "win", when = "tiger_wins", pays = 1 }, { key = "lose", pays = -1 } ]
[bets.tiger.multipliers]
boosts = "cards"
count = 1
values = { 2 = "1/3", 3 = "2/3" }
boosted = [ { outcome = "win", reads = "tiger" } ]
[bets.tie]
name = "Tie"
outcomes = [ { key = "tie", when = "tie", pays = 8 }, { key = "no-tie", pays = -1 } ]
[bets.tie.multipliers]
boosts = "cards"
count = 1
values = { 2 = "1/3", 3 = "2/3" }
boosted = [ { outcome = "tie", reads = "both" } ]
"""


@pytest.mark.parametrize("bet", ["tiger", "tie"])
def test_dragon_tiger_card_identities_against_every_ordering(tmp_path, bet):
    """One of the 52 cards boosted: Tiger's card (a Tiger win), or both cards (a tie)."""
    shoe = "As,Ah,Ad,2s,2d,Kc,Kc"
    orders = list(distinct_permutations(parse(shoe)))
    rounds = []
    for order in orders:
        outcome = dealers.dragon_tiger(order)[bet]
        dragon, tiger = (f"{'A23456789TJQK'[r - 1]}{s}" for r, s in order[1:3])  # after the burn card
        p = Fraction(1, len(orders))
        if bet == "tiger":
            rounds.append((p, "win", [tiger]) if outcome == "tiger-wins" else (p, "lose", None))
        else:
            rounds.append((p, "tie", [dragon, tiger]) if outcome == "tie" else (p, "no-tie", None))
    expected = brute(rounds, IDENTITIES, {1: Fraction(1)}, {2: Fraction(1, 3), 3: Fraction(2, 3)})
    table = load_paytable(get_game("dragon-tiger"), write(tmp_path, "d.toml", DRAGON_TIGER_CARDS))
    got = library_prizes(build_sheet(get_game("dragon-tiger"), table, Shoe.from_cards(shoe), [bet]), bet)
    assert got == {k: v for k, v in expected.items() if v}


# -- dice and wheels -----------------------------------------------------------------------------------

ROULETTE = """game = "roulette"
[bets.straight]
name = "Straight up"
outcomes = [ { key = "win", when = "number == 17", pays = 29 }, { key = "lose", pays = -1 } ]
[bets.straight.multipliers]
boosts = "pockets"
count = { 1 = "1/4", 2 = "3/4" }
values = { 50 = "2/3", 300 = "1/3" }
pay = "replace"
boosted = [ { outcome = "win", reads = "pocket" } ]
"""


def test_lucky_numbers_against_every_pocket_and_draw(tmp_path):
    rounds = [(Fraction(1, 37), "win", [n]) if n == 17 else (Fraction(1, 37), "lose", None) for n in range(37)]
    expected = brute(
        rounds, range(37), {1: Fraction(1, 4), 2: Fraction(3, 4)}, {50: Fraction(2, 3), 300: Fraction(1, 3)}
    )
    table = load_paytable(get_game("roulette"), write(tmp_path, "r.toml", ROULETTE))
    sheet = build_sheet(get_game("roulette"), table, None)
    assert library_prizes(sheet, "straight") == {k: v for k, v in expected.items() if v}
    # replace: a lucky 17 pays its multiplier to 1; a plain one 29
    pays = {r.key: r.pays for r in sheet.bet("straight").rows}
    assert pays == {"win-x300": 300, "win-x50": 50, "win-x1": 29, "lose": -1}
    q = Fraction(1, 4) * Fraction(1, 37) + Fraction(3, 4) * Fraction(2, 37)  # P(17 is lucky)
    assert sheet.bet("straight").rtp == Fraction(1, 37) * (
        (1 - q) * 30 + q * (Fraction(2, 3) * 51 + Fraction(1, 3) * 301)
    )


SIC_BO = """game = "sic-bo"
[bets.total-10]
name = "Total 10"
outcomes = [ { key = "hit", when = "total == 10", pays = 6 }, { key = "miss", pays = -1 } ]
[bets.total-10.multipliers]
boosts = "totals"
count = 2
values = { 10 = "1/2", 40 = "1/2" }
cap = 150
boosted = [ { outcome = "hit", reads = "total" } ]
"""


def test_dice_totals_with_a_cap_against_every_roll(tmp_path):
    rolls = list(itertools.product(range(1, 7), repeat=3))
    rounds = [(Fraction(1, 216), "hit", [sum(r)]) if sum(r) == 10 else (Fraction(1, 216), "miss", None) for r in rolls]
    expected = brute(rounds, range(3, 19), {2: 1}, {10: Fraction(1, 2), 40: Fraction(1, 2)})
    table = load_paytable(get_game("sic-bo"), write(tmp_path, "s.toml", SIC_BO))
    bet = build_sheet(get_game("sic-bo"), table, None).bet("total-10")
    assert {r.key: Fraction(r.combinations, bet.total) for r in bet.rows} == expected
    assert {r.key: r.pays for r in bet.rows} == {
        "hit-x40": 150,
        "hit-x10": 60,
        "hit-x1": 6,
        "miss": -1,
    }  # 6 x 40 capped


LIGHTNING_DICE = """game = "sic-bo"
[bets.total-4]
name = "Total 4"
outcomes = [ { key = "win", when = "total == 4", pays = 49 }, { key = "lose", pays = -1 } ]
[bets.total-4.multipliers]
boosts = "totals"
count = { 1 = "1/3", 2 = "2/3" }
pay = "replace"
boosted = [ { outcome = "win", reads = "total", base = 50, returned = 0 } ]
values = { 20 = "1/2", 40 = "1/2" }
target_values = [
  { targets = [4, 17], values = { 100 = "3/4", 500 = "1/4" } },
  { targets = ["10", 11], values = { 25 = "1/5", 50 = "4/5" } },
]
[bets.total-10]
name = "Total 10"
outcomes = [ { key = "win", when = "total == 10", pays = 4 }, { key = "lose", pays = -1 } ]
[bets.total-10.multipliers]
boosts = "totals"
count = { 1 = "1/3", 2 = "2/3" }
pay = "replace"
boosted = [ { outcome = "win", reads = "total", base = 5, returned = 0 } ]
values = { 20 = "1/2", 40 = "1/2" }
target_values = [
  { targets = [4, 17], values = { 100 = "3/4", 500 = "1/4" } },
  { targets = ["10", 11], values = { 25 = "1/5", 50 = "4/5" } },
]
[bets.any-triple]
name = "Any triple"
outcomes = [ { key = "triple", when = "triple", pays = 24 }, { key = "other", pays = -1 } ]
[bets.any-triple.multipliers]
boosts = "dice"
count = { 1 = "1/2", 2 = "1/2" }
values = { 2 = "1" }
target_values = [ { targets = [6], values = { 3 = "1/3", 5 = "2/3" } } ]
boosted = [ { outcome = "triple", reads = "dice" } ]
"""
"""Lightning Dice's shape, small: totals 4 and 17, 10 and 11 with multipliers of their own that
replace the pay, every other total the overlay's; and a multiply bet on the dice faces where 6 has
its own (a triple of sixes reads 6 three times: its multiplier cubed)."""

DICE_OWN = {
    "totals": {4: {100: Fraction(3, 4), 500: Fraction(1, 4)}, 17: {100: Fraction(3, 4), 500: Fraction(1, 4)}}
    | {t: {25: Fraction(1, 5), 50: Fraction(4, 5)} for t in (10, 11)},
    "dice": {6: {3: Fraction(1, 3), 5: Fraction(2, 3)}},
}


@pytest.mark.parametrize("bet,total,base", [("total-4", 4, 50), ("total-10", 10, 5)])
def test_totals_with_payouts_of_their_own_against_every_roll_and_strike(tmp_path, bet, total, base):
    """Every one of the 216 rolls times every set of 1 or 2 struck totals of the 16 and every
    assignment of payouts to them (each total by its own law): the hit table, each prize's pay
    (the payout replaces the base: 500x pays 499 to 1) and the RTP."""
    rolls = list(itertools.product(range(1, 7), repeat=3))
    p = Fraction(1, 216)
    rounds = [(p, "win", [sum(r)]) if sum(r) == total else (p, "lose", None) for r in rolls]
    counts = {1: Fraction(1, 3), 2: Fraction(2, 3)}
    expected = brute(rounds, range(3, 19), counts, {20: Fraction(1, 2), 40: Fraction(1, 2)}, DICE_OWN["totals"])
    table = load_paytable(get_game("sic-bo"), write(tmp_path, "ld.toml", LIGHTNING_DICE))
    sheet = build_sheet(get_game("sic-bo"), table, None, [bet]).bet(bet)
    got = {r.key: Fraction(r.combinations, sheet.total) for r in sheet.rows if r.combinations}
    assert got == {k: v for k, v in expected.items() if v}
    pays = {r.key: r.pays for r in sheet.rows}
    own = DICE_OWN["totals"][total]
    assert pays == {"lose": -1, "win-x1": base - 1, **{f"win-x{m}": m - 1 for m in own}}
    assert sheet.rtp == 1 + sum(got[k] * pays[k] for k in got)
    # the moments the solver uses agree with the hit table
    from odds.overlay.prices import expected_rtp
    from odds.overlay.sheet import pattern_counts

    overlay = table.bet(bet).overlay
    assert (
        expected_rtp(overlay, table.bet(bet).pays, *pattern_counts(get_game("sic-bo"), table, None, bet)) == sheet.rtp
    )


def test_faces_with_multipliers_of_their_own_multiply_each_time_they_are_read(tmp_path):
    rolls = list(itertools.product(range(1, 7), repeat=3))
    p = Fraction(1, 216)
    rounds = [(p, "triple", list(r)) if len(set(r)) == 1 else (p, "other", None) for r in rolls]
    expected = brute(rounds, range(1, 7), {1: Fraction(1, 2), 2: Fraction(1, 2)}, {2: 1}, DICE_OWN["dice"])
    table = load_paytable(get_game("sic-bo"), write(tmp_path, "ld.toml", LIGHTNING_DICE))
    got = library_prizes(build_sheet(get_game("sic-bo"), table, None, ["any-triple"]), "any-triple")
    assert got == {k: v for k, v in expected.items() if v}
    assert {"triple-x8", "triple-x27", "triple-x125"} <= set(got)  # 2^3 for 1-5, 3^3 and 5^3 for 6


def test_simulate_draws_each_targets_own_multipliers(tmp_path):
    """120,000 simulated rolls, each drawing its struck totals and each one's payout from its own
    law: every prize's frequency within 4.5 standard errors of the exact hit table."""
    from odds.design import simulate as sim

    game = get_game("sic-bo")
    table = load_paytable(game, write(tmp_path, "ld.toml", LIGHTNING_DICE))
    result = sim.simulate(game, table, ["total-10", "any-triple"], rounds=60_000, seed=11)
    assert not result.failures
    exact = library_prizes(build_sheet(game, table, None, ["total-10"]), "total-10")
    rng = __import__("random").Random(11)
    roll = sim._row_settler(game, table, ["total-10"])
    tallies: Counter = Counter()
    n = 120_000
    for _ in range(n):
        outcomes, _, row = roll(rng)
        tallies[sim.drawn_prize(game.overlays, table.bet("total-10").overlay, outcomes["total-10"], row, rng)] += 1
    assert set(tallies) <= set(exact)
    for key, p in exact.items():
        sd = (float(p) * (1 - float(p)) * n) ** 0.5
        assert abs(tallies[key] - float(p) * n) <= 4.5 * sd + 1, (key, tallies[key], float(p) * n)


def test_settle_lightning_dice_with_the_rounds_payouts():
    runner = CliRunner()
    args = ["settle", "sic-bo", "--paytable", "lightning-dice", "--multipliers", "3=1000,10=50", "--format", "csv"]
    r = runner.invoke(cli, args[:2] + ["1,1,1"] + args[2:])
    assert r.exit_code == 0 and "total-3,win-x1000,999" in r.output.replace("\r", ""), r.output
    r = runner.invoke(cli, args[:2] + ["4,3,3"] + args[2:])
    assert "total-10,win-x50,49" in r.output.replace("\r", "") and "total-11,lose,-1" in r.output, r.output
    r = runner.invoke(cli, args[:2] + ["4,4,3"] + args[2:])  # 11: not struck, its base pay
    assert "total-11,win-x1,4" in r.output.replace("\r", ""), r.output


@pytest.mark.parametrize(
    "change,says",
    [
        ("{ targets = [4, 17], values", None),
        ("{ targets = [4, 4], values", "4 is listed twice"),
        ("{ targets = [4, 19], values", "targets"),
        ("{ targets = [], values", "targets"),
        ("{ targets = [true], values", "targets"),
        ("{ targets = [4, 17], odds = 1, values", "unknown key"),
        ('{ targets = [4, 17], values = { 100 = "3/4", 500 = "1/2" } }, { x = 1', "add up to exactly 1"),
        ('{ targets = [4, 17], values = { 100 = "p", 500 = "1/4" } }, { x = 1', "unknown name 'p'"),
    ],
)
def test_target_values_checks(tmp_path, change, says):
    """A bad target_values entry: one line naming it, exit 1."""
    text = LIGHTNING_DICE.split("[bets.total-10]")[0]
    if "{ x = 1" in change:  # a whole group replaced
        text = text.replace('{ targets = [4, 17], values = { 100 = "3/4", 500 = "1/4" } }', change.split(", { x")[0])
    else:
        text = text.replace("{ targets = [4, 17], values", change, 1)
    path = write(tmp_path, "ld.toml", text)
    r = CliRunner().invoke(cli, ["sheet", "sic-bo", "--paytable", path])
    if says is None:
        assert r.exit_code == 0, r.output
        return
    assert r.exit_code == 1 and says in r.output and "target_values" in r.output, r.output
    assert len(r.output.strip().splitlines()) == 1 and "Traceback" not in r.output


def test_target_values_need_values_for_the_rest_and_only_there(tmp_path):
    runner = CliRunner()
    no_default = LIGHTNING_DICE.split("[bets.total-10]")[0].replace('values = { 20 = "1/2", 40 = "1/2" }\n', "")
    r = runner.invoke(cli, ["sheet", "sic-bo", "--paytable", write(tmp_path, "a.toml", no_default)])
    assert r.exit_code == 1 and "missing 'values'" in r.output, r.output
    every = "\n".join(f'  {{ targets = [{t}], values = {{ 60 = "1" }} }},' for t in range(3, 19))
    covered = no_default.split("target_values = [")[0] + "target_values = [\n" + every + "\n]\n"
    r = runner.invoke(cli, ["sheet", "sic-bo", "--paytable", write(tmp_path, "b.toml", covered)])
    assert r.exit_code == 0 and "win-x60" in r.output, r.output
    both = covered.replace('pay = "replace"', 'pay = "replace"\nvalues = { 2 = "1" }')
    r = runner.invoke(cli, ["sheet", "sic-bo", "--paytable", write(tmp_path, "c.toml", both)])
    assert r.exit_code == 1 and "leave values out" in r.output, r.output
    replace_below = covered.replace(
        '{ targets = [4], values = { 60 = "1" } }', '{ targets = [4], values = { 1 = "1" } }'
    )
    r = runner.invoke(cli, ["sheet", "sic-bo", "--paytable", write(tmp_path, "d.toml", replace_below)])
    assert r.exit_code == 1 and "must be above 1" in r.output, r.output
    cards = BACCARAT.split("[bets.tie]")[0] + 'target_values = [ { targets = ["7h"], values = { 5 = "1" } } ]\n'
    r = runner.invoke(cli, ["sheet", "baccarat", "--paytable", write(tmp_path, "e.toml", cards)])
    assert r.exit_code == 1 and "only dice totals, dice faces and pockets" in r.output, r.output


def test_bac_bo_faces_repeat_when_both_dice_show_the_lightning_face(tmp_path):
    text = """game = "bac-bo"
[bets.player]
name = "Player"
outcomes = [ { key = "win", when = "player_wins", pays = 1 }, { key = "tie", when = "tie", pays = "-0.1" }, { key = "lose", pays = -1 } ]
[bets.player.multipliers]
boosts = "dice"
count = 1
values = { 2 = "1/2", 8 = "1/2" }
boosted = [ { outcome = "win", reads = "player" } ]
"""
    rolls = list(itertools.product(range(1, 7), repeat=4))
    rounds = []
    for roll in rolls:
        key = dealers.bac_bo(roll)["player"]
        rounds.append((Fraction(1, 1296), "win", list(roll[:2])) if key == "win" else (Fraction(1, 1296), key, None))
    expected = brute(rounds, range(1, 7), {1: 1}, {2: Fraction(1, 2), 8: Fraction(1, 2)})
    table = load_paytable(get_game("bac-bo"), write(tmp_path, "bb.toml", text))
    got = library_prizes(build_sheet(get_game("bac-bo"), table, None), "player")
    assert got == {k: v for k, v in expected.items() if v}
    assert "win-x64" in got  # a pair of the lightning face at 8x: 8 x 8


# -- Monte Carlo: simulate draws the multipliers -----------------------------------------------------------


def test_simulate_draws_the_multipliers_and_lands_on_the_exact_hit_table(tmp_path):
    """Every prize's frequency over 120,000 simulated spins is within 4.5 standard errors of its
    exact probability, and the run passes."""
    from odds.design.simulate import simulate

    game = get_game("roulette")
    table = load_paytable(game, write(tmp_path, "r.toml", ROULETTE))
    result = simulate(game, table, ["straight"], rounds=120_000, seed=3)
    assert not result.failures
    exact = library_prizes(build_sheet(game, table, None), "straight")
    from odds.design import simulate as sim

    tallies: Counter = Counter()
    rng = __import__("random").Random(3)
    roll = sim._row_settler(game, table, ["straight"])
    for _ in range(120_000):
        outcomes, _, row = roll(rng)
        tallies[sim.drawn_prize(game.overlays, table.bet("straight").overlay, outcomes["straight"], row, rng)] += 1
    for key, p in exact.items():
        sd = (float(p) * (1 - float(p)) * 120_000) ** 0.5
        assert abs(tallies[key] - float(p) * 120_000) <= 4.5 * sd + 1, (key, tallies[key], float(p) * 120_000)


def test_simulate_a_card_game_with_multipliers(tmp_path):
    from odds.design.simulate import simulate

    game = get_game("dragon-tiger")
    table = load_paytable(game, write(tmp_path, "d.toml", DRAGON_TIGER))
    result = simulate(game, table, rounds=40_000, seed=5)
    assert not result.failures and {b.bet_id for b in result.bets} == {"dragon", "tie"}


# -- settlement --------------------------------------------------------------------------------------


def test_settle_with_the_rounds_multipliers(tmp_path):
    path = write(tmp_path, "b.toml", BACCARAT)
    runner = CliRunner()
    # player 7h Kh = 7 stands, banker 2c 3d = 5 draws 7h: player wins with 7h (x3) and Kh (x2)
    r = runner.invoke(
        cli,
        ["settle", "baccarat", "7h,2c,Kh,3d,7h", "--paytable", path, "--multipliers", "7h=3,Kh=2", "--format", "json"],
    )
    assert r.exit_code == 0, r.output
    import json

    data = json.loads(r.output)
    bets = {b["id"]: (b["outcome"], b["net"]) for b in data["bets"]}
    assert bets["player"] == ("win-x6", "29/5")  # 1 x 3 x 2, less the 0.2 fee
    assert bets["tie"] == ("no-tie", "-1")
    assert data["multipliers"] == {"7h": "3", "Kh": "2"}
    # the tie reads every card: 7h twice (x3 x3), 2c, Kh, 3d
    r = runner.invoke(
        cli, ["settle", "baccarat", "7h,7c,Kh,Kd", "--paytable", path, "--multipliers", "7h=3,7c=2", "--format", "csv"]
    )
    assert "tie,tie-x6,30" in r.output.replace("\r", ""), r.output
    for bad in ("7h", "7x=3", "7h=0", "7h=3,7h=2"):
        r = runner.invoke(cli, ["settle", "baccarat", "7h,2c,Kh,3d,7h", "--paytable", path, "--multipliers", bad])
        assert r.exit_code == 1 and "Traceback" not in r.output, (bad, r.output)


# -- the bet file's overlay is checked ------------------------------------------------------------------


@pytest.mark.parametrize(
    "change,says",
    [
        ('values = { 2 = "1/3", 3 = "2/3" }', None),
        ('values = { 2 = "1/3", 3 = "1/3" }', "add up to exactly 1"),
        ('values = { 2 = "p", 3 = "1 - p" }', "unknown name 'p'"),
        ('values = { 2 = "p", 3 = "1 - p" }\nunknowns = ["p"]', None),
        ('values = { 2 = "p", 3 = "1 - q" }\nunknowns = ["p", "q"]', "add up to exactly 1"),
        ('values = { 2 = "__import__(1)", 3 = "1" }', "unknown name '__import__'"),
        ('values = { 0 = "1" }', "must be positive"),
        ('values = { 2 = "1" }\nboosts = "pockets"', "boosts"),
    ],
)
def test_overlay_checks(tmp_path, change, says):
    text = BACCARAT.split("[bets.tie]")[0].replace('values = { 2 = "1/3", 3 = "2/3" }', change, 1)
    if 'boosts = "pockets"' in change:
        text = text.replace('boosts = "cards"\n', "", 1)
    path = write(tmp_path, "b.toml", text)
    if says is None:
        load_paytable(get_game("baccarat"), path)
        return
    with pytest.raises(PaytableError) as info:
        load_paytable(get_game("baccarat"), path)
    assert says in str(info.value) and "multipliers" in str(info.value)


def test_a_boosted_outcome_must_pay_its_plain_pay_without_multipliers(tmp_path):
    text = BACCARAT.split("[bets.tie]")[0].replace('reads = "player" }', 'reads = "player", base = 2 }')
    with pytest.raises(PaytableError, match="base \\+ returned - 1"):
        load_paytable(get_game("baccarat"), write(tmp_path, "b.toml", text))


def test_top_awards_rarer_than_one_in_a_hundred_million_are_flagged():
    game = get_game("baccarat")
    from odds.overlay.sheet import with_unknowns

    table = with_unknowns(load_paytable(game, "prosperity-tree"), {"p": Fraction(469, 500)})
    sheet = build_sheet(game, table, Shoe.decks(8), ["player", "tie"])
    (tie,) = sheet.bet("tie").extra["multipliers"]["top_awards"]
    (player,) = sheet.bet("player").extra["multipliers"]["top_awards"]
    assert tie["pays"] == 3645 and tie["display_odds"] and tie["probability"] < Fraction(1, 10**8)
    assert player["pays"] == 27 and not player["display_odds"]


@pytest.mark.parametrize(
    "args",
    [
        ["eor", "baccarat", "--bet", "player"],
        ["tags", "baccarat", "player"],
        ["solve", "baccarat", "player"],
        ["count", "baccarat", "--bet", "player", "--shoes", "2"],
    ],
)
def test_studies_of_plain_outcomes_refuse_multiplier_bets(tmp_path, args):
    """eor, tags, count and solving a pay count plain outcomes: a multiplier bet is refused, never
    priced without its multipliers."""
    r = CliRunner().invoke(cli, [*args, "--paytable", write(tmp_path, "b.toml", BACCARAT)])
    assert r.exit_code == 1 and "multiplier" in r.output and "Traceback" not in r.output, r.output


def test_a_multiplier_bet_reads_one_spin(tmp_path):
    text = ROULETTE.replace('when = "number == 17"', 'when = "number == 17 and next_red"')
    r = CliRunner().invoke(cli, ["sheet", "roulette", "--paytable", write(tmp_path, "r.toml", text)])
    assert r.exit_code == 1 and "one roll or spin" in r.output, r.output


def test_pockets_with_multipliers_of_their_own_on_the_double_zero_wheel(tmp_path):
    """00 named as the wheel names it, with a law of its own; a straight up on 00 and a split 0/00
    against every pocket and every draw."""
    text = """game = "american-roulette"
[bets.split]
name = "Split 0-00"
outcomes = [ { key = "win", when = "green", pays = 17 }, { key = "lose", pays = -1 } ]
[bets.split.multipliers]
boosts = "pockets"
count = { 1 = "1/2", 3 = "1/2" }
values = { 2 = "1" }
target_values = [ { targets = ["00"], values = { 10 = "1/4", 30 = "3/4" } } ]
boosted = [ { outcome = "win", reads = "pocket" } ]
"""
    game = get_game("american-roulette")
    table = load_paytable(game, write(tmp_path, "a.toml", text))
    rounds = [(Fraction(1, 38), "win", [n]) if n in (0, 37) else (Fraction(1, 38), "lose", None) for n in range(38)]
    own = {37: {10: Fraction(1, 4), 30: Fraction(3, 4)}}
    expected = brute(rounds, range(38), {1: Fraction(1, 2), 3: Fraction(1, 2)}, {2: Fraction(1)}, own)
    got = library_prizes(build_sheet(game, table, None), "split")
    assert got == {k: v for k, v in expected.items() if v}
    assert {"win-x2", "win-x10", "win-x30"} <= set(got)


def test_pockets_with_multipliers_of_their_own_on_the_triple_zero_wheel(tmp_path):
    """000 named as its wheel names it, with a law of its own: a bet on the three zeros against
    every pocket of the 39 and every draw (the triple-zero game reads its own wheel's pockets)."""
    text = """game = "triple-zero-roulette"
[bets.zeros]
name = "The three zeros"
outcomes = [ { key = "win", when = "green", pays = 11 }, { key = "lose", pays = -1 } ]
[bets.zeros.multipliers]
boosts = "pockets"
count = { 1 = "1/3", 2 = "2/3" }
values = { 2 = "1" }
target_values = [ { targets = ["000"], values = { 5 = "1/2", 50 = "1/2" } } ]
boosted = [ { outcome = "win", reads = "pocket" } ]
"""
    game = get_game("triple-zero-roulette")
    table = load_paytable(game, write(tmp_path, "z.toml", text))
    rounds = [(Fraction(1, 39), "win", [n]) if n in (0, 37, 38) else (Fraction(1, 39), "lose", None) for n in range(39)]
    own = {38: {5: Fraction(1, 2), 50: Fraction(1, 2)}}
    expected = brute(rounds, range(39), {1: Fraction(1, 3), 2: Fraction(2, 3)}, {2: Fraction(1)}, own)
    got = library_prizes(build_sheet(game, table, None), "zeros")
    assert got == {k: v for k, v in expected.items() if v}
    assert {"win-x2", "win-x5", "win-x50"} <= set(got)
