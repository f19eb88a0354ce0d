"""Player-dealer baccarat (seed 004): the option on 5, the three policies, the economics.

Every check compares two independent computations: the compiled enumerator against a brute-force
walk of every ordering of small shoes (with the option decided per hand from the walk's own
tallies), the house way against punto banco's own bets, first-card formulas against a direct sum,
and published figures.
"""

from __future__ import annotations

import json
import random
from collections import Counter, defaultdict
from fractions import Fraction
from itertools import product
from math import factorial

import numpy as np
import pytest
from click.testing import CliRunner
from more_itertools import distinct_permutations

from odds.cards import baccarat_value
from odds.cli import cli
from odds.exact.intmath import falling
from odds.games import get_game
from odds.games.baccarat import BACCARAT
from odds.games.player_dealer import (
    OPTION_HANDS,
    PLAYER_DEALER_BACCARAT as GAME,
    analyse,
    hand_label,
    play_many,
    play_round,
)
from odds.paytable import load_paytable
from odds.sheet import build_sheet
from odds.shoe import Shoe

LINE_PAYS = {"player-wins": 1, "tie": 0, "dealer-wins": -1}


def ev(pays, counts, total):
    return sum((Fraction(pays[k]) * n for k, n in counts.items()), Fraction(0)) / total


# -- registry and paytables -----------------------------------------------------------------------


def test_registered_with_lowercase_hyphen_bets():
    assert get_game("player-dealer-baccarat") is GAME
    assert GAME.default_decks == 8 and GAME.accepts_fee
    for bet in GAME.bets:
        assert bet == bet.lower() and " " not in bet and "_" not in bet
    for base in ("player-line", "dealer-line", "early-tie"):
        for suffix in ("", "-always-stand", "-best-choice"):
            assert base + suffix in GAME.bets


def test_seed_paytable_pays_as_rules_md_says():
    seed = load_paytable(GAME, "seed")
    assert seed.bet("player-line").pays["player-wins"] == 1
    assert seed.bet("dealer-line").pays["dealer-wins"] == Fraction(19, 20)
    assert seed.bet("early-tie").pays["tie"] == 9
    assert seed.bet("bonus-pair-player").pays["pair"] == 11
    standard = [30, 10, 6, 4, 2, 1]
    for side in ("player", "dealer"):
        pays = seed.bet(f"dragon-bonus-{side}").pays
        assert [pays[f"win-by-{n}"] for n in range(9, 3, -1)] == standard
        assert (pays["natural-win"], pays["natural-tie"], pays["natural-loss"]) == (1, 0, -1)
    literal = load_paytable(GAME, "dragon-bonus-natural-always-wins")
    for side in ("player", "dealer"):
        pays = literal.bet(f"dragon-bonus-{side}").pays
        assert (pays["natural-win"], pays["natural-tie"], pays["natural-loss"]) == (1, 1, 1)


# -- the rules -------------------------------------------------------------------------------------


def test_vectorised_play_matches_scalar_rules():
    """Every first four cards (10**4), each with three random pairs of draw cards."""
    rng = random.Random(4)
    rows = [
        list(first) + [rng.randrange(10), rng.randrange(10)] for first in product(range(10), repeat=4) for _ in range(3)
    ]
    used, codes = play_many(np.array(rows, dtype=np.int64))
    from odds.games.player_dealer import _decode

    for row, n, code in zip(rows, used.tolist(), codes.tolist()):
        state = play_round(row)
        assert _decode(code) == state
        assert n == state.round.cards


def test_option_hand_detected_by_hand_definition():
    """Option hands counted straight from the definition: two player cards totalling 5, dealer up
    card 5 or 6, no natural."""
    for v in product(range(10), repeat=4):
        p, b = (v[0] + v[2]) % 10, (v[1] + v[3]) % 10
        expect = p == 5 and b < 8 and v[1] in (5, 6)
        state = play_round(list(v) + [0, 0])
        assert (state.option is not None) == expect
        if expect:
            assert tuple(sorted((v[0], v[2]))) in OPTION_HANDS
            assert state.option == (v[1], min(v[0], v[2]))
    assert [hand_label(low) for low, _ in OPTION_HANDS] == ["5-0", "A-4", "2-3", "6-9", "7-8"]


# -- house way = punto banco -----------------------------------------------------------------------

SHOES = [
    Shoe.decks(8),
    Shoe.decks(6),
    Shoe.decks(4),
    Shoe.decks(8).remove("5x9,6x7,Kx20,A,4x3"),
    Shoe.decks(4).remove("9x12,8x10"),
]


@pytest.mark.parametrize("shoe", SHOES, ids=str)
def test_house_way_is_punto_banco(shoe):
    ours = GAME.count(shoe, ["player-line", "dealer-line", "early-tie"])
    theirs = BACCARAT.count(shoe, ["player", "banker", "tie"])
    rename = {"banker-wins": "dealer-wins", "player-wins": "player-wins", "tie": "tie"}
    for mine, bacc in (("player-line", "player"), ("dealer-line", "banker")):
        assert ours[mine].total == theirs[bacc].total
        assert dict(ours[mine].counts) == {rename[k]: n for k, n in theirs[bacc].counts.items()}
    assert dict(ours["early-tie"].counts) == dict(theirs["tie"].counts)


@pytest.mark.parametrize("shoe", SHOES[:2], ids=str)
def test_house_way_edges_equal_baccarat_player_banker_tie9(shoe):
    ours = {b.id: b for b in build_sheet(GAME, load_paytable(GAME, "seed"), shoe).bets}
    seed = {b.id: b for b in build_sheet(BACCARAT, load_paytable(BACCARAT, "seed"), shoe, ["player", "banker"]).bets}
    tie9 = build_sheet(BACCARAT, load_paytable(BACCARAT, "tie-9"), shoe, ["tie"]).bets[0]
    assert ours["player-line"].house_edge == seed["player"].house_edge
    assert ours["dealer-line"].house_edge == seed["banker"].house_edge
    assert ours["early-tie"].house_edge == tie9.house_edge


def test_published_eight_deck_figures():
    """Wizard of Odds, 8 decks: Banker 1.0579%, Player 1.2351%, Tie at 9 to 1 4.8440%; Dragon
    Bonus (30/10/6/4/2/1): Player 2.6517%, Banker 9.3731% (rounded to 4 places)."""
    sheet = {b.id: b for b in build_sheet(GAME, load_paytable(GAME, "seed"), Shoe.decks(8)).bets}
    for bet, published in (
        ("dealer-line", 1.0579),
        ("player-line", 1.2351),
        ("early-tie", 4.8440),
        ("dragon-bonus-player", 2.6517),
        ("dragon-bonus-dealer", 9.3731),
    ):
        assert abs(float(sheet[bet].house_edge) * 100 - published) < 0.00006, bet


def test_dragon_bonus_equals_baccarat_standard_table():
    """Default Dragon Bonus = baccarat's standard-table Dragon Bonus, side by side."""
    shoe = Shoe.decks(6).remove("Tx10,3x5")
    ours = {
        b.id: b
        for b in build_sheet(
            GAME, load_paytable(GAME, "seed"), shoe, ["dragon-bonus-player", "dragon-bonus-dealer"]
        ).bets
    }
    theirs = {
        b.id: b
        for b in build_sheet(
            BACCARAT,
            load_paytable(BACCARAT, "dragon-bonus-standard"),
            shoe,
            ["dragon-bonus-player", "dragon-bonus-banker"],
        ).bets
    }
    assert ours["dragon-bonus-player"].house_edge == theirs["dragon-bonus-player"].house_edge
    assert ours["dragon-bonus-dealer"].house_edge == theirs["dragon-bonus-banker"].house_edge


def test_natural_outcomes_by_direct_sum_over_first_four_cards():
    """Naturals depend on the first four cards only: sum the ordered four-value deals directly."""
    shoe = Shoe.decks(4).remove("9x7,Kx3")
    c, n = shoe.values(), shoe.total
    expect = {side: Counter() for side in ("player", "dealer")}
    for v in product(range(10), repeat=4):
        k = Counter(v)
        w = 1
        for value, times in k.items():
            w *= falling(c[value], times)
        if not w:
            continue
        p, b = (v[0] + v[2]) % 10, (v[1] + v[3]) % 10
        for side, mine, theirs in (("player", p, b), ("dealer", b, p)):
            if mine >= 8:
                key = "natural-win" if mine > theirs else "natural-tie" if mine == theirs else "natural-loss"
                expect[side][key] += w * falling(n - 4, 2)
    counts = GAME.count(shoe, ["dragon-bonus-player", "dragon-bonus-dealer"])
    for side in ("player", "dealer"):
        got = counts[f"dragon-bonus-{side}"].counts
        for key in ("natural-win", "natural-tie", "natural-loss"):
            assert got[key] == expect[side][key]


# -- the brute-force oracle: every ordering, option decided per hand ---------------------------------

# Table 2, typed from the seeds' chart: dealer two-card total -> the player's third-card values on
# which the dealer hand hits (0-2 always hit, 7 stands).
TABLE_2 = {3: set(range(10)) - {8}, 4: set(range(2, 8)), 5: set(range(4, 8)), 6: {6, 7}, 7: set()}


def reference_round(values, stands):
    """Seed 004 as docs/rules.md reads it, written out on its own: (player total, dealer total, cards
    used). ``stands``: the player-line bettor stands on an option hand."""
    p, b = (values[0] + values[2]) % 10, (values[1] + values[3]) % 10
    if p >= 8 or b >= 8:
        return p, b, 4
    option = p == 5 and values[1] in (5, 6)
    if p >= 6:  # the player hand stands on 6-7
        if b <= 5:
            return p, (b + values[4]) % 10, 5
        return p, b, 4
    hit = values[4]  # hits on 0-5; on an option hand dealt anyway
    final = p if (option and stands) else (p + hit) % 10
    if b <= 2 or hit in TABLE_2[b]:
        return final, (b + values[5]) % 10, 6
    return final, b, 5


def _line(player, dealer):
    return "player-wins" if player > dealer else "dealer-wins" if dealer > player else "tie"


def _option_of(values):
    """Option key read off the first four values, written out independently of the game."""
    p, b = (values[0] + values[2]) % 10, (values[1] + values[3]) % 10
    if p == 5 and b < 8 and values[1] in (5, 6):
        return values[1], min(values[0], values[2])
    return None


SMALL_SHOES = [
    [(5, "s"), (5, "h"), (6, "s"), (6, "s"), (13, "s"), (13, "s"), (1, "s"), (4, "s"), (3, "s")],
    [(6, "s"), (6, "s"), (9, "s"), (7, "s"), (8, "s"), (5, "s"), (2, "s"), (3, "s")],
    # 5-0 against an up 5: standing and hitting are worth the same (1/9) with different results
    # (docs/rules.md: equal: hit); the other option hands stand
    [(5, "s"), (6, "h"), (11, "h"), (9, "s"), (6, "s"), (4, "s"), (5, "h")],
]


def every_first_six(cards):
    """Each distinct first six cards of an ordering of ``cards`` (a round reads no more), with
    the number of orderings that start with them: those of the cards left, ``k! / prod m_i!``.

    >>> sorted(every_first_six([(1, "s"), (1, "s"), (2, "s")] * 3))[0]
    (((1, 's'), (1, 's'), (1, 's'), (1, 's'), (1, 's'), (1, 's')), 1)
    """
    for first in distinct_permutations(cards, min(6, len(cards))):
        left = Counter(cards)
        left.subtract(first)
        weight = factorial(sum(left.values()))
        for m in left.values():
            weight //= factorial(m)
        yield first, weight


# shoe-a (9 cards, 6 s of CPU) in the slow tier; the 8- and 7-card shoes in the default run
@pytest.mark.parametrize(
    "cards",
    [pytest.param(SMALL_SHOES[0], marks=pytest.mark.slow), *SMALL_SHOES[1:]],
    ids=["shoe-a", "shoe-b", "shoe-equal"],
)
def test_brute_force_walk_with_option_decided_per_hand(cards):
    shoe = Shoe.from_cards(",".join(f"{'A23456789TJQK'[r - 1]}{s}" for r, s in cards))
    analysis = GAME.analyse(shoe)
    # pass 1: every ordering (by the cards a round can read: each first six, weighted by the orderings
    # of the rest); tally each option hand's stand and hit results for a player-line bettor
    orderings, weights = zip(*every_first_six(cards))
    total = sum(weights)
    stand_sum, hit_sum, seen = defaultdict(int), defaultdict(int), Counter()
    fixed = {b: Counter() for b in GAME.bets}
    dealt_rounds = [GAME.deal_round(lambda it=iter(order): next(it)) for order in orderings]
    rounds = zip(orderings, weights, dealt_rounds, GAME.settle_rounds(dealt_rounds, choose="hit"))
    for order, weight, dealt, outcomes in rounds:
        for bet, key in outcomes.items():
            fixed[bet][key] += weight
        values = [baccarat_value(r) for r, _ in order]
        hit_round, stand_round = reference_round(values, False), reference_round(values, True)
        assert len(dealt) == hit_round[2]
        assert outcomes["player-line"] == _line(*hit_round[:2])
        assert outcomes["player-line-always-stand"] == _line(*stand_round[:2])
        assert outcomes["early-tie-always-stand"] == ("tie" if stand_round[0] == stand_round[1] else "no-tie")
        key = _option_of(values)
        if key is not None:
            seen[key] += weight
            stand_sum[key] += weight * LINE_PAYS[_line(*stand_round[:2])]
            hit_sum[key] += weight * LINE_PAYS[_line(*hit_round[:2])]
        else:
            assert stand_round == hit_round
    assert seen, "the test shoe must deal option hands"
    decisions = {}
    for o in analysis.options:
        if seen[o.key]:
            assert o.stand_ev == Fraction(stand_sum[o.key], seen[o.key])
            assert o.hit_ev == Fraction(hit_sum[o.key], seen[o.key])
            assert Fraction(o.deals, analysis.total) == Fraction(seen[o.key], total)
        else:
            assert o.deals == 0 and o.stand_ev is None
        decisions[o.key] = "stand" if stand_sum[o.key] > hit_sum[o.key] else "hit"
    assert decisions == analysis.decisions
    # pass 2: replay every ordering with the brute-force decisions for the best-choice bets
    best = {b: Counter() for b in GAME.bets}
    for order, weight, outcomes in zip(orderings, weights, GAME.settle_rounds(dealt_rounds, choose=decisions)):
        for bet, key in outcomes.items():
            best[bet][key] += weight
        values = [baccarat_value(r) for r, _ in order]
        key = _option_of(values)
        player, dealer, _ = reference_round(values, key is not None and decisions[key] == "stand")
        assert outcomes["dealer-line-best-choice"] == _line(player, dealer)
    counts = GAME.count(shoe, list(GAME.bets))
    for bet in GAME.bets:
        tally = best[bet] if bet.endswith("-best-choice") else fixed[bet]
        got = {k: Fraction(n, counts[bet].total) for k, n in counts[bet].counts.items() if n}
        assert got == {k: Fraction(n, total) for k, n in tally.items()}, bet


def test_an_option_hand_worth_the_same_either_way_hits():
    """docs/rules.md and RULES.md: the best choice is whichever of stand and hit has the higher
    expectation, "equal: hit". The walk above replays it; here the tie itself is checked to be there
    (equal expectations, different results), so the tie-break decides something."""
    cards = ",".join(f"{'A23456789TJQK'[r - 1]}{s}" for r, s in SMALL_SHOES[2])
    options = {o.key: o for o in GAME.analyse(Shoe.from_cards(cards)).options}
    tied = options[5, 0]
    assert tied.deals and tied.stand_ev == tied.hit_ev and dict(tied.stand) != dict(tied.hit)
    assert tied.choice == "hit"
    assert any(o.choice == "stand" for o in options.values())  # not a shoe where everything hits


@pytest.mark.slow
def test_brute_force_walk_larger_shoe():
    """Ten cards, every option hand shape present: 453,600 orderings, 37,800 distinct first six."""
    cards = [(5, "s"), (5, "h"), (6, "s"), (6, "s"), (10, "s"), (10, "s"), (1, "s"), (4, "s"), (7, "s"), (8, "s")]
    test_brute_force_walk_with_option_decided_per_hand(cards)


# -- the option on a full shoe ----------------------------------------------------------------------


def test_best_choice_gains_add_up_and_beat_both_fixed_policies():
    shoe = Shoe.decks(8)
    analysis = analyse(shoe)
    counts = GAME.count(shoe, ["player-line", "player-line-always-stand", "player-line-best-choice"])
    evs = {b: ev(LINE_PAYS, c.counts, c.total) for b, c in counts.items()}
    gain = sum((Fraction(o.deals, analysis.total) * o.gain for o in analysis.options), Fraction(0))
    assert evs["player-line-best-choice"] == evs["player-line"] + gain
    assert evs["player-line-best-choice"] >= max(evs["player-line"], evs["player-line-always-stand"])
    # standing everywhere changes the expectation by the per-hand differences, weighted
    stand_delta = sum(
        (Fraction(o.deals, analysis.total) * (o.stand_ev - o.hit_ev) for o in analysis.options), Fraction(0)
    )
    assert evs["player-line-always-stand"] == evs["player-line"] + stand_delta
    # 8 decks (expectations checked by a direct sum below): stand against a 5, hit against a 6
    assert {k: v for k, v in analysis.decisions.items()} == {
        (up, low): ("stand" if up == 5 else "hit") for up in (5, 6) for low, _ in OPTION_HANDS
    }


@pytest.mark.parametrize("shoe", [Shoe.decks(8), Shoe.decks(4).remove("5x6")], ids=str)
def test_option_expectations_by_direct_sum_over_six_card_deals(shoe):
    """Each option hand's stand and hit expectations summed directly over every ordered six-value
    deal (weight prod_v (c_v)_(k_v)), played by :func:`reference_round` - no compiled table."""
    c = shoe.values()
    deals, stand, hit = Counter(), Counter(), Counter()
    for v in product(range(10), repeat=6):
        key = _option_of(v)
        if key is None:
            continue
        w = 1
        for value, times in Counter(v).items():
            w *= falling(c[value], times)
        if w:
            deals[key] += w
            stand[key] += w * LINE_PAYS[_line(*reference_round(v, True)[:2])]
            hit[key] += w * LINE_PAYS[_line(*reference_round(v, False)[:2])]
    for o in analyse(shoe).options:
        assert o.deals == deals[o.key]
        assert (o.stand_ev, o.hit_ev) == (Fraction(stand[o.key], deals[o.key]), Fraction(hit[o.key], deals[o.key]))


def test_option_decision_changes_with_composition():
    """A shoe rich in small cards: hitting a 5 becomes better against a 5 for some hands."""
    shoe = Shoe.decks(4).remove("5x6")
    decisions = analyse(shoe).decisions
    assert decisions[(5, 0)] == "hit" and decisions[(5, 1)] == "stand"


def test_play_dealt_default_and_fixed_choices():
    rng = random.Random(7)
    deck = [(r, s) for r in range(1, 14) for s in "shdc"] * 8
    assert GAME.default_decisions == analyse(Shoe.decks(8)).decisions
    for _ in range(300):
        rng.shuffle(deck)
        it = iter(deck)
        out, dealt = GAME.play_dealt(it.__next__)
        it = iter(deck)
        stand, _ = GAME.play_dealt(it.__next__, choose="stand")
        assert stand["player-line-best-choice"] == stand["player-line-always-stand"]
        key = _option_of([baccarat_value(r) for r, _ in dealt[:4]])
        follows = "player-line-always-stand" if key and key[0] == 5 else "player-line"
        assert out["player-line-best-choice"] == out[follows]


# -- economics and the command line ---------------------------------------------------------------


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_fee_figures_in_sheet_json():
    result = run(
        "sheet",
        "player-dealer-baccarat",
        "--bet",
        "player-line",
        "--bet",
        "dealer-line",
        "--fee",
        "1/20",
        "--format",
        "json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    for bet in data["bets"]:
        econ = bet["extra"]["economics"]
        edge = Fraction(bet["house_edge"])
        assert Fraction(econ["fee"]) == Fraction(1, 20)
        assert Fraction(econ["player_expectation_net_of_fee"]) == -edge - Fraction(1, 20)
        assert Fraction(econ["player_dealer_result_per_unit_covered"]) == edge


def test_sheet_shows_policies_and_decisions():
    result = run("sheet", "player-dealer-baccarat", "--bet", "player-line-best-choice", "--format", "md")
    assert result.exit_code == 0, result.output
    assert "Option, dealer shows 5, player A-4: stand" in result.output
    assert "Player-line edge, always stand on an option hand" in result.output
    assert "Player's expectation net of the fee" in result.output


@pytest.mark.parametrize("fmt", ["table", "md", "csv", "json"])
def test_strategy_command_formats(fmt):
    result = run("strategy", "player-dealer-baccarat", "--decks", "6", "--remove", "5x3", "--format", fmt)
    assert result.exit_code == 0, result.output
    analysis = analyse(Shoe.decks(6).remove("5x3"))
    if fmt == "json":
        data = json.loads(result.output)
        assert [(d["dealer_up_card"], d["player_hand"], d["choice"]) for d in data["decisions"]] == [
            (o.up, o.hand, o.choice) for o in analysis.options
        ]
        assert [Fraction(d["stand_ev"]) for d in data["decisions"]] == [o.stand_ev for o in analysis.options]
        assert [p["policy"] for p in data["policies"]] == ["house-way", "always-stand", "best-choice"]
    elif fmt == "csv":
        lines = result.output.strip().split("\n")
        assert len(lines) == 11 and lines[0].startswith("dealer_up_card,player_hand")
    else:
        assert "House edge by policy" in result.output and "best choice per hand" in result.output


def test_strategy_and_sheet_errors():
    for args in (
        ["strategy", "baccarat"],
        ["strategy", "player-dealer-baccarat", "--decks", "0"],
        ["strategy", "player-dealr-baccarat"],
        ["strategy", "player-dealer-baccarat", "--remove", "Zx3"],
        ["sheet", "player-dealer-baccarat", "--fee", "-1"],
        ["sheet", "baccarat", "--fee", "0.05"],
    ):
        result = run(*args)
        assert result.exit_code == 1, (args, result.output)
        assert "Traceback" not in result.output
    assert run("strategy", "player-dealer-baccarat", "--format", "xml").exit_code == 2


def test_batch_fast_path_matches_sheets():
    shoes = ["", "5x9,6x4", "Kx30"]
    bets = ["player-line-always-stand", "dealer-line-always-stand", "early-tie", "player-line-best-choice"]
    args = ["batch", "player-dealer-baccarat", "--file", "-", "--format", "json"]
    for b in bets:
        args += ["--bet", b]
    result = CliRunner().invoke(cli, args, input="\n".join(shoes) + "\n")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    seed = load_paytable(GAME, "seed")
    for row in rows:
        spec = shoes[row["line"] - 1]
        shoe = Shoe.decks(8).remove(spec) if spec else Shoe.decks(8)
        sheet = build_sheet(GAME, seed, shoe, [row["id"]])
        assert Fraction(row["house_edge"]) == sheet.bets[0].house_edge


def test_dealing_options_are_the_best_choice_of_the_shoe_and_paytable():
    from odds.design.solve import with_pay

    seed = load_paytable(GAME)
    one_deck = GAME.dealing_options(Shoe.decks(1), seed)
    assert one_deck == {"choose": analyse(Shoe.decks(1)).decisions}
    assert one_deck["choose"] != GAME.default_decisions  # 1 deck: hit 5-0 against a 5
    tie_loses = with_pay(seed, "player-line-best-choice", "tie", Fraction(-1))
    options = GAME.dealing_options(Shoe.decks(8), tie_loses)
    assert set(options["choose"].values()) == {"hit"}
    assert set(GAME.dealing_options(Shoe.decks(8), seed)["choose"].values()) == {"hit", "stand"}
    # the exact counts use the same decisions: best choice = house way when every hand hits
    counts = GAME.count(Shoe.decks(8), ["player-line-best-choice", "player-line"], tie_loses)
    assert counts["player-line-best-choice"].counts == counts["player-line"].counts


def test_house_way_bets_are_baccarats_renamed():
    """Under the house way the line bets and the tie are punto banco's Player, Banker and Tie (the
    banker hand is the dealer's), and Dragon Bonus is baccarat's, except that a natural beaten by
    a higher natural is its own outcome (baccarat's "other" splits into natural-loss and other)."""
    baccarat = get_game("baccarat")
    for shoe in (Shoe.decks(8), Shoe.decks(1).remove("5,5,9,Ks,2")):
        pd = GAME.count(
            shoe,
            [
                "player-line",
                "dealer-line",
                "early-tie",
                "dragon-bonus-player",
                "dragon-bonus-dealer",
                "bonus-pair-player",
                "bonus-pair-dealer",
            ],
        )
        bac = baccarat.count(
            shoe, ["player", "tie", "dragon-bonus-player", "dragon-bonus-banker", "player-pair", "banker-pair"]
        )
        rename = {"banker-wins": "dealer-wins"}
        assert pd["player-line"].counts == {rename.get(k, k): v for k, v in bac["player"].counts.items()}
        assert pd["early-tie"].counts == bac["tie"].counts
        for ours, theirs in (
            ("dragon-bonus-player", "dragon-bonus-player"),
            ("dragon-bonus-dealer", "dragon-bonus-banker"),
        ):
            mine, base = dict(pd[ours].counts), dict(bac[theirs].counts)
            assert mine.pop("natural-loss") + mine.pop("other") == base.pop("other")
            assert mine == base
        assert pd["bonus-pair-player"].counts == bac["player-pair"].counts
        assert pd["bonus-pair-dealer"].counts == bac["banker-pair"].counts
