"""odds/games/player_dealer.py: what its own tests do not pin down, for the mutants that survived
(docs/development.md, "Mutation testing"; docs/mutants/player_dealer.md).

Each test compares the program with a second way to the same figure - the reference dealer
(tests/reference/, which imports nothing from odds), a direct sum over deals, the committed
settlement vectors, or another route of the program that shares none of the code under test - or
checks a contract word for word (the JSON keys of the sheet's extra figures).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import odds
from odds.cli import cli
from odds.core import expected_value
from odds.design.solve import with_pay
from odds.exact.intmath import falling
from odds.exact.plan import Plan
from odds.games import get_game
from odds.games.player_dealer import analyse
from odds.games.punto_banco import Round
from odds.paytable import load_paytable
from odds.shoe import Shoe
from reference import dealers

GAME = get_game("player-dealer-baccarat")
RANKS = "A23456789TJQK"
LINE = {"first": "player-wins", "tie": "tie", "second": "dealer-wins"}
HAND = {(0, 5): "5-0", (1, 4): "A-4", (2, 3): "2-3", (6, 9): "6-9", (7, 8): "7-8"}
"""The option hands' names, as docs/rules.md writes them (0 = a ten-value card, last)."""


def text(cards) -> str:
    return ",".join(RANKS[r - 1] + s for r, s in cards)


@pytest.mark.parametrize("choose", ["fold", "Stand", ""])
def test_a_choice_other_than_stand_or_hit_is_refused_word_for_word(choose):
    with pytest.raises(ValueError) as refused:
        GAME.code_columns([], [], choose=choose)
    assert str(refused.value) == f"choose must be stand or hit, not {choose!r}"


# -- the drawing cells and the rounds made for them (the settlement vectors) -------------------------


def reference_cells(cards) -> list[str]:
    """The cells a round exercises (odds/games/baccarat_rounds.py's docstring, and the option hand:
    ``option/up-U/hand-H``), read off the reference dealer's hands."""
    hands = dealers.deal_baccarat(cards)
    p2, b2 = dealers.points(hands.first[:2]), dealers.points(hands.second[:2])
    if hands.natural:
        out = [f"natural/{name}-{t}" for name, t in (("player", p2), ("banker", b2)) if t >= 8]
        return out + (["natural/both"] if len(out) == 2 else [])
    out = [f"table-1/player-{p2}"]
    if len(hands.first) == 3:
        out.append(f"table-2/banker-{b2}/third-{dealers.value(hands.first[2])}")
    else:
        out.append(f"player-stood/banker-{b2}")
    up = dealers.value(hands.second[0])
    if p2 == 5 and up in (5, 6):  # seed 004's option hand (not on a natural: returned above)
        out.append(f"option/up-{up}/hand-{HAND[tuple(sorted(dealers.value(c) for c in hands.first[:2]))]}")
    return out


def test_each_round_exercises_the_drawing_cells_and_the_option_hand_the_reference_dealer_deals():
    """The rounds made for the settlement vectors' cells (several streams: each option hand is
    made with a random dealer card, which must leave it an option hand) and random rounds from a
    shuffled shoe: the cells the game names are those read off the reference dealer's hands."""
    options = Counter()
    for seed in range(4):
        for cell, cards in GAME.drawing_rounds(random.Random(seed)):
            assert GAME.drawing_cells(cards) == reference_cells(cards), (seed, cell, text(cards))
            assert cell in reference_cells(cards), (seed, cell, text(cards))
            options[cell.startswith("option/")] += 1
    assert options[True] == 4 * 10
    rng = random.Random("cells")
    deck = [(r, s) for r in range(1, 14) for s in "shdc"] * 2
    for _ in range(60):
        rng.shuffle(deck)
        cards = GAME.deal_round(iter(deck).__next__)
        assert GAME.drawing_cells(cards) == reference_cells(cards), text(cards)


def test_the_rounds_made_for_the_drawing_cells_are_the_committed_ones():
    """tables/settlement-vectors.json (the vectors other programs check themselves against, each
    checked against the reference dealers by tests/test_vectors.py): the default paytable's
    rounds made for each drawing cell come first, from the stream ``SEED/game/paytable``. Made
    again, they are the committed ones card for card (the slow tier checks the whole file)."""
    from odds.design.rounds import SEED

    # the file's rounds as odds.design.rounds.dumps writes them, one key a line (a regular
    # expression reads this game's 151 of them in a tenth of the time json.load takes for 2.7 MB)
    committed = (Path(__file__).parents[1] / "tables" / "settlement-vectors.json").read_text()
    prefix = f"{GAME.id}/{GAME.default_paytable}/"
    theirs = {
        cell: (json.loads(cards), json.loads(covers))
        for cell, cards, covers in re.findall(
            rf'"id": "{re.escape(prefix)}([^"]+)",\n(?:.*\n){{2}}\s*"cards": (\[.*\]),\n(?:\s*"spare": .*\n)?\s*"covers": (\[.*\])',
            committed,
        )
    }
    assert len(theirs) > 100
    made = GAME.drawing_rounds(random.Random(f"{SEED}/{GAME.id}/{GAME.default_paytable}"))
    assert sum(cell.startswith("option/") for cell, _ in made) == 10
    for cell, cards in made:
        assert ([RANKS[r - 1] + s for r, s in cards], GAME.drawing_cells(cards)) == theirs[cell], cell


# -- settling an option hand: the best choice for the paytable played --------------------------------


def test_a_settled_option_hand_is_decided_with_the_paytables_own_pays():
    """A-4 against a dealer 5: on 8 decks at 1 to 1 standing is better; when a tie loses the
    player-line-best-choice bet, hitting is (test_player_dealer.py checks the 1 to 1 expectations
    against a direct sum, and that every hand hits when a tie loses). The round settled with each
    paytable says so, and settles the bet on it."""
    seed = load_paytable(GAME)
    tie_loses = with_pay(seed, "player-line-best-choice", "tie", Fraction(-1))
    cards = "Ah,5s,4d,Kc,9h"  # player A-4 (5) hits a 9: 4; dealer 5+K = 5 stands on a 9
    for paytable, choice, outcome in ((seed, "stand", "tie"), (tie_loses, "hit", "dealer-wins")):
        s = odds.settle(GAME.id, cards, paytable=paytable)
        assert GAME.dealing_options(Shoe.decks(8), paytable)["choose"][5, 1] == choice
        assert s.hands[0].option["best_choice"] == choice
        assert s.bet("player-line-best-choice").outcome == outcome


# -- the option analysis under pays that do not add up to 0 -------------------------------------------


def test_an_option_hands_tallies_are_the_reference_dealers_under_any_pays():
    """A-4 against a dealer 5 on 8 decks, summed over every ordered six-value deal that starts with
    it (weight prod_v (c_v)_(k_v)) and played by the reference dealer standing and hitting; the
    analysis for pays where a tie loses (they add up to -1: a tally off by one deal per outcome
    shows in the expectation)."""
    shoe = Shoe.decks(8)
    pays = {"player-wins": Fraction(1), "tie": Fraction(-1), "dealer-wins": Fraction(-1)}
    c = shoe.values()
    stand, hit = Counter(), Counter()
    for p1, p2 in ((1, 4), (4, 1)):
        for b2 in range(10):
            if (5 + b2) % 10 >= 8:
                continue  # the dealer's natural: no option
            for v4 in range(10):
                for v5 in range(10):
                    v = (p1, 5, p2, b2, v4, v5)
                    w = 1
                    for value, k in Counter(v).items():
                        w *= falling(c[value], k)
                    cards = [(x or 10, "s") for x in v]
                    stand[LINE[dealers.deal_baccarat(cards, option_stand=True).winner()]] += w
                    hit[LINE[dealers.deal_baccarat(cards).winner()]] += w
    deals = sum(hit.values())
    option = {o.key: o for o in analyse(shoe, pays).options}[5, 1]
    assert (option.deals, dict(option.stand), dict(option.hit)) == (deals, dict(stand), dict(hit))
    assert option.stand_ev == sum(pays[k] * n for k, n in stand.items()) / Fraction(deals)
    assert option.hit_ev == sum(pays[k] * n for k, n in hit.items()) / Fraction(deals)


# -- the sheet's extra figures: the JSON keys and what they hold --------------------------------------


def sheet_json(*args):
    result = CliRunner().invoke(cli, ["sheet", GAME.id, *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return {b["id"]: b for b in json.loads(result.output)["bets"]}


def four_card_starts(shoe, key):
    """Ordered first four values (P1 B1 P2 B2) that make the option hand ``key`` = (up, low),
    each weighted by its ways to be dealt from ``shoe``."""
    c = shoe.values()
    up, low = key
    n = 0
    for p1 in range(10):
        p2 = (15 - p1) % 10  # the player's two cards total 5
        for b2 in range(10):
            if min(p1, p2) != low or (up + b2) % 10 >= 8:  # another hand, or the dealer's natural
                continue
            w = 1
            for value, k in Counter((p1, up, p2, b2)).items():
                w *= falling(c[value], k)
            n += w
    return n


def test_the_extra_figures_keys_and_values_word_for_word():
    """``economics`` on every bet (its keys as the docstring of ``extra_figures`` names them: the
    player's expectation is minus the house edge); the player line's edge under each policy only
    on the player-line bets, equal to each policy's own bet's house edge; the option decisions on
    ``player-line-best-choice`` only, each record's keys word for word and its combinations the
    ordered six-card deals of that hand (the first four cards summed directly)."""
    bets = ["player-line", "player-line-always-stand", "player-line-best-choice", "dealer-line", "early-tie"]
    sheet = sheet_json(*(a for b in bets for a in ("--bet", b)), "--fee", "1/40")
    edge = {b: Fraction(sheet[b]["house_edge"]) for b in bets}
    for b in bets:
        economics = sheet[b]["extra"]["economics"]
        assert list(economics) == [
            "fee",
            "player_expectation",
            "player_expectation_net_of_fee",
            "player_dealer_result_per_unit_covered",
        ]
        assert Fraction(economics["player_expectation"]) == -edge[b]
        assert Fraction(economics["fee"]) == Fraction(1, 40)
    for b in ("dealer-line", "early-tie"):
        assert list(sheet[b]["extra"]) == ["economics"], b
    by_policy = {"house-way": "player-line", "always-stand": "player-line-always-stand"}
    by_policy["best-choice"] = "player-line-best-choice"
    for b in bets[:3]:
        figures = sheet[b]["extra"]["player_line_edge_by_policy"]
        assert {p: Fraction(e) for p, e in figures.items()} == {p: edge[bet] for p, bet in by_policy.items()}, b
    assert "option_decisions" not in sheet["player-line"]["extra"]
    records = sheet["player-line-best-choice"]["extra"]["option_decisions"]
    shoe = Shoe.decks(8)
    assert len(records) == 10
    for record in records:
        assert list(record) == ["dealer_up_card", "player_hand", "combinations", "stand_ev", "hit_ev", "choice", "gain"]
        key = (
            int(record["dealer_up_card"]),
            next(low for (low, _), name in HAND.items() if name == record["player_hand"]),
        )
        assert int(record["combinations"]) == four_card_starts(shoe, key) * falling(shoe.total - 4, 2), key


@pytest.mark.parametrize(
    "bets",
    [
        ["dealer-line"],
        ["player-line"],
        ["player-line-best-choice", "early-tie-always-stand"],
        ["player-line", "player-line-always-stand", "player-line-best-choice"],
    ],
    ids=lambda bets: "+".join(bets),
)
def test_a_paytable_of_some_line_bets_prices_them_as_the_seed_does(tmp_path, bets):
    """A paytable may price some of the bets alone (a file that extends nothing): its sheet is the
    seed's for those bets (the same pays), the player line's edges by policy being those of the
    player-line bets it has. (It was refused - "unknown bet 'player-line-best-choice'" - whatever
    bets it held: the option analysis read that bet's pays, the edges every player-line bet's.)"""
    seed = load_paytable(GAME, "seed")
    path = tmp_path / "some.toml"

    def pays(b):
        return ", ".join(f'{k} = "{v}"' for k, v in seed.bet(b).pays.items())

    lines = "".join(f"[bets.{b}]\npays = {{{pays(b)}}}\n" for b in bets)
    path.write_text(f'game = "{GAME.id}"\n{lines}')
    some, full = sheet_json("--paytable", str(path)), sheet_json(*(a for b in bets for a in ("--bet", b)))
    assert list(some) == bets
    policy = {"player-line": "house-way", "player-line-always-stand": "always-stand"}
    policy["player-line-best-choice"] = "best-choice"
    for b in bets:
        assert some[b]["house_edge"] == full[b]["house_edge"], b
        edges = some[b]["extra"].get("player_line_edge_by_policy")
        if b.startswith("player-line"):
            assert edges == {policy[p]: some[p]["house_edge"] for p in bets if p in policy}, b
        else:
            assert edges is None, b


# -- many shoes at once: the line bets under a fixed policy are priced on the drawing table -----------


def test_many_shoes_price_the_fixed_policy_line_bets_on_the_drawing_table(monkeypatch):
    """``Plan.numerators`` (odds batch, count, eor): a line bet under the house way or always
    stand is decided by the drawing alone, so the drawing table's pass over every end state prices
    it (the game's ``state_outcomes``) - the option analysis, shoe by shoe, is left to the best
    choice. Each shoe's figures are those the game's own counts give (the option analysis' tally)."""
    shoes = [Shoe.decks(8)]  # where the three policies differ
    bets = ["player-line", "player-line-always-stand", "dealer-line-always-stand", "early-tie-always-stand"]
    bets += ["player-line-best-choice", "dealer-line-best-choice", "dealer-line"]
    paytable = load_paytable(GAME)
    expected = [
        {b: expected_value(paytable.bet(b).pays, c.counts, c.total) for b, c in GAME.count(s, bets).items()}
        for s in shoes
    ]
    asked = []
    count_code = GAME.count_code
    monkeypatch.setattr(GAME, "count_code", lambda shoe, ids, table: asked.append(ids) or count_code(shoe, ids, table))
    got = Plan(GAME, paytable, bets, fast=False).exact(  # the exact path: no kernel to build
        np.array([list(s.rank_counts) for s in shoes])
    )
    assert asked == [["player-line-best-choice", "dealer-line-best-choice"]] * len(shoes)
    assert [{b: got[b][i] for b in bets} for i in range(len(shoes))] == expected
    # the shoe tells the policies apart (else a policy's figures could be another's)
    assert all(
        len({e["player-line"], e["player-line-always-stand"], e["player-line-best-choice"]}) == 3 for e in expected
    )


# -- what the game and its bets are called, word for word ---------------------------------------------


def test_what_player_dealer_baccarat_is_and_what_its_notes_say():
    """Its name, what it counts, what a round needs and takes, and its notes word for word (the sheets
    print them; the first quotes seed 004's option hand, the second the house way's pays, which
    are the seed paytable's)."""
    seed = load_paytable(GAME, "seed")
    assert (GAME.id, GAME.name, GAME.counting) == (
        "player-dealer-baccarat",
        "Player-dealer baccarat (card room)",
        "ordered six-card deals",
    )
    assert (GAME.min_cards, GAME.accepts_fee, GAME.deal.positions) == (6, True, 6)
    assert [seed.bet(b).pays[k] for b, k in (("player-line", "player-wins"), ("dealer-line", "dealer-wins"))] == [
        1,
        Fraction(19, 20),
    ]
    assert seed.bet("early-tie").pays["tie"] == 9
    assert GAME.notes == (
        "Deal P1 B1 P2 B2 (player hand, player/dealer hand); B1 is the dealer's face-up card. Option hand: the "
        "player's two cards total 5 and B1 is a 5 or 6 (seed 004 L37); the hit card is dealt either way and the "
        "dealer hand draws by Table 2 on it.",
        "Policies on the option hand: house way = hit (then the game is punto banco: player line = Player, "
        "dealer line = Banker at 19 to 20, early tie = Tie at 9); always stand; best choice = stand or hit per "
        "dealer up card and player hand, whichever has the higher exact expectation for a player-line bettor on "
        "this shoe (equal: hit). The dealer line and early tie under a policy face the player hand as that policy "
        "plays it.",
        "Dragon Bonus and Bonus Pair settle on the hands as the house way plays them. The player/dealer's result "
        "on each bet is the players' loss; the house keeps only the collection fee (--fee, per wager, in units "
        "of the stake).",
    )


def test_each_line_bets_name_and_description_word_for_word():
    """The nine bets defined in code: the line bets (RULES.md: Player line, Dealer line, Early tie)
    under each policy, named and described as the sheets and ``odds bets`` print them; each reads
    card values only (resolution ``value``: ``odds eor`` prints it and groups removals by it)."""
    what = {
        "player-line": ("Player line", "player hand higher"),
        "dealer-line": ("Dealer line", "player/dealer hand higher"),
        "early-tie": ("Early tie", "the two hands tie"),
    }
    policies = {
        "house-way": ("", "", "house way (hit on 5)"),
        "always-stand": ("-always-stand", ", always stand on 5", "always stand on an option hand"),
        "best-choice": ("-best-choice", ", best choice on 5", "best choice per hand"),
    }
    outcomes = {
        "player-line": [
            ("player-wins", "Player hand wins"),
            ("tie", "Tie"),
            ("dealer-wins", "Player/dealer hand wins"),
        ],
        "early-tie": [("tie", "Tie"), ("no-tie", "Player or player/dealer hand wins")],
    }
    outcomes["dealer-line"] = outcomes["player-line"][::-1]
    bets = {
        base + suffix: (name + named, f"{does}; option hand played: {played}", outcomes[base], policy)
        for base, (name, does) in what.items()
        for policy, (suffix, named, played) in policies.items()
    }
    assert list(GAME.code_bets) == list(bets)
    for bet_id, (name, description, keys, policy) in bets.items():
        rule = GAME.code_bets[bet_id]
        assert (rule.id, rule.name, rule.description, rule.resolution) == (bet_id, name, description, "value")
        assert [(o.key, o.label) for o in rule.outcomes] == keys, bet_id
        assert rule.conditions is None
        assert GAME.lines[bet_id].policy == policy, bet_id
        # settled on the higher hand (line bets) or a tie (the early tie): player 5 against 3, 4 against 4
        settled = GAME.lines[bet_id].settle(Round(5, 3, 3, 2)), GAME.lines[bet_id].settle(Round(4, 4, 2, 2))
        assert settled == (("no-tie", "tie") if bet_id.startswith("early-tie") else ("player-wins", "tie")), bet_id


def test_the_cards_seen_default_to_none_in_either_hand():
    """``seen_cards`` (Game's signature: each hand's cards default to none seen): no cards, None;
    one hand's cards alone pin that hand's positions only (P1 P2, then B1 B2)."""
    assert GAME.seen_cards() is None
    assert GAME.seen_cards(player="5h,K") == (
        'player_rank1 == 5 and player_suit1 == "h" and player_rank2 == 13',
        {0: (5, "h"), 2: (13, None)},
    )
    assert GAME.seen_cards(banker="6") == ("banker_rank1 == 6", {1: (6, None)})
