"""Sic Bo: the game counts over the 216 ordered rolls; the tests count over the 56 multisets of
dice, each weighted by its 3!/prod(m!) orderings, and settle each bet's members independently.
Published figures (Wizard of Odds, Sic Bo): Small / Big 2.78%; one number 1/2/3 7.87%; pair 5
to 1 16.67%; double 8 to 1 33.33%, 10 to 1 18.52%; triple 150 to 1 30.09%, 180 to 1 16.20%; any
triple 24 to 1 30.56%, 30 to 1 13.89%; total 4 at 60 15.28%, total 5 at 30 13.89%, total 6 at
17 16.67%, total 7 at 12 9.72%, total 8 at 8 12.50%, totals 9 and 10 at 6 18.98% and 12.50%.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import factorial, prod

import pytest
from click.testing import CliRunner

from odds.cli import cli
from odds.games.sic_bo import SIC_BO
from odds.paytable import load_paytable
from odds.sheet import build_sheet


def multiset_counts(settle) -> Counter:
    """Outcome weights over the 56 multisets of three dice, each counted 3!/prod(m!) times."""
    tally = Counter()
    for dice in combinations_with_replacement(range(1, 7), 3):
        weight = factorial(3) // prod(factorial(m) for m in Counter(dice).values())
        tally[settle(dice)] += weight
    return tally


def independent_rule(bet_id):
    """Each bet's rule written afresh for the multiset view, from its id alone."""
    kind, _, rest = bet_id.partition("-")
    member = tuple(int(x) for x in rest.split("-")) if rest and kind in ("number", "double", "triple", "pair") else None
    if member and kind != "pair":
        member = member[0]

    def triple(d):
        return len(set(d)) == 1

    if bet_id in ("small", "big"):
        return lambda d: "triple" if triple(d) else ("small" if 4 <= sum(d) <= 10 else "big")
    if bet_id in ("odd", "even"):
        return lambda d: "triple" if triple(d) else ("odd" if sum(d) % 2 else "even")
    if kind == "number":
        return lambda d: {0: "none", 1: "one", 2: "two", 3: "three"}[list(d).count(member)]
    if kind == "double":
        return lambda d: "double" if list(d).count(member) >= 2 else "other"
    if kind == "triple":
        return lambda d: "triple" if tuple(d) == (member,) * 3 else "other"
    if bet_id == "any-triple":
        return lambda d: "triple" if triple(d) else "other"
    if kind == "pair":
        return lambda d: "pair" if set(member) <= set(d) else "other"
    total = int(bet_id.split("-")[1])
    return lambda d: "hit" if sum(d) == total else "miss"


def test_ordered_rolls_equal_multisets():
    counts = SIC_BO.count(None, list(SIC_BO.bets))
    assert len(counts) == 4 + 6 * 3 + 1 + 14 + len(list(combinations(range(1, 7), 2)))
    for bet_id, oc in counts.items():
        assert oc.total == 216
        expected = multiset_counts(independent_rule(bet_id))
        assert {k: v for k, v in oc.counts.items() if v} == dict(expected), bet_id


def test_groups_price_every_member_and_a_member_entry_overrides(tmp_path):
    table = load_paytable(SIC_BO, "seed")
    assert {table.bet(f"triple-{n}").pays["triple"] for n in range(1, 7)} == {150}
    path = tmp_path / "t.toml"
    path.write_text(
        'game = "sic-bo"\nextends = "seed"\n[bets.triple-3]\npays.triple = 200\npays.other = -1\n'
        "[bets.triple]\npays.triple = 180\npays.other = -1\n"
    )
    mine = load_paytable(SIC_BO, str(path))
    assert mine.bet("triple-3").pays["triple"] == 200 and mine.bet("triple-4").pays["triple"] == 180


def test_total_counts_by_hand():
    ways = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1]  # totals 3..18
    counts = SIC_BO.count(None, [f"total-{t}" for t in range(4, 18)])
    for t in range(4, 18):
        assert counts[f"total-{t}"].counts["hit"] == ways[t - 3]


PUBLISHED = {
    "seed": {
        "small": 2.78,
        "big": 2.78,
        "number-4": 7.87,
        "pair-2-6": 16.67,
        "double-5": 33.33,
        "triple-1": 30.09,
        "any-triple": 30.56,
    },
    "common": {
        "small": 2.78,
        "double-2": 18.52,
        "triple-6": 16.20,
        "any-triple": 13.89,
        "total-4": 15.28,
        "total-5": 13.89,
        "total-6": 16.67,
        "total-7": 9.72,
        "total-8": 12.50,
        "total-9": 18.98,
        "total-10": 12.50,
        "total-17": 15.28,
        "pair-3-4": 2.78,
    },
}


@pytest.mark.parametrize("paytable", ["seed", "common"])
def test_published_house_edges(paytable):
    sheet = build_sheet(SIC_BO, load_paytable(SIC_BO, paytable), None)
    edges = {b.id: b.house_edge for b in sheet.bets}
    for bet, percent in PUBLISHED[paytable].items():
        assert round(float(edges[bet]) * 100, 2) == percent, bet


def test_seed_totals_5_and_16_are_the_stingiest():
    sheet = build_sheet(SIC_BO, load_paytable(SIC_BO, "seed"), None)
    worst = max(b.house_edge for b in sheet.bets)
    assert sorted(b.id for b in sheet.bets if b.house_edge == worst) == ["total-16", "total-5"]
    assert worst == 1 - Fraction(6 * 19, 216)  # 6 ways, 18 to 1
    assert any("totals 5 and 16 are the stingiest" in n for n in sheet.notes)


def test_play_random_settles_like_the_roll():
    rng = random.Random(11)
    twin = random.Random(11)
    for _ in range(200):
        outcomes = SIC_BO.play_random(rng)
        roll = tuple(twin.randint(1, 6) for _ in range(3))
        for bet, key in outcomes.items():
            rule = independent_rule(bet)
            assert rule(roll) == key, (bet, roll)


def test_cli_sheet_and_errors():
    runner = CliRunner()
    out = runner.invoke(cli, ["sheet", "sic-bo", "--bet", "total-10", "--format", "json"])
    assert out.exit_code == 0 and '"combinations": "216"' in out.stdout
    bad = runner.invoke(cli, ["sheet", "sic-bo", "--decks", "8"])
    assert bad.exit_code == 1 and "Traceback" not in bad.output
    bad = runner.invoke(cli, ["sheet", "sic-bo", "--bet", "total-3"])
    assert bad.exit_code == 1 and "did you mean total-" in bad.output
    bad = runner.invoke(cli, ["batch", "sic-bo", "--file", "-"], input="\n")
    assert bad.exit_code == 1


def test_each_feature_alone_is_its_rule_on_every_roll():
    """``roll_features`` asked for one feature, or all of them, gives on each of the 216 rolls what
    docs/rules.md says, roll by roll; each number feature's declared range is the range it takes;
    and ``odds features`` shows each one's meaning word for word."""
    import json

    from odds.games.sic_bo import FEATURES, roll_features

    rolls = list(itertools.product(range(1, 7), repeat=3))
    rule = {"die1": lambda d: d[0], "die2": lambda d: d[1], "die3": lambda d: d[2], "total": sum}
    rule |= {f"count_{face}": (lambda d, face=face: d.count(face)) for face in range(1, 7)}
    rule |= {"triple": lambda d: len(set(d)) == 1, "distinct": lambda d: len(set(d))}
    assert set(rule) == set(FEATURES)
    together = roll_features(list(rule), rolls)
    for name, by_hand in rule.items():
        expected = [by_hand(d) for d in rolls]
        assert list(roll_features([name], rolls)[name]) == expected, name
        assert list(together[name]) == expected, name
        if name != "triple":
            assert (FEATURES[name].type.low, FEATURES[name].type.high) == (min(expected), max(expected)), name
    out = CliRunner().invoke(cli, ["features", "sic-bo", "--format", "json"])
    meanings = {f["name"]: (f["type"], f["meaning"], f["reads"]) for f in json.loads(out.stdout)["features"]}
    assert meanings == {
        "die1": ("number", "the first die", []),
        "die2": ("number", "the second die", []),
        "die3": ("number", "the third die", []),
        "total": ("number", "the sum of the three dice", []),
        **{f"count_{face}": ("number", f"how many dice show {face}", []) for face in range(1, 7)},
        "triple": ("yes/no", "all three dice show the same face", []),
        "distinct": ("number", "how many different faces show", []),
    }


def test_settlement_vector_rounds_are_rolls_the_reference_dealer_settles_alike():
    """The rounds ``odds vectors --rounds`` lists for Sic Bo: a roll for every outcome of every
    bet (none missing, also for the combination bets the seed lacks), each settled as the
    reference dealer settles it, and the default paytable's 20 seeded random rolls after them,
    60 fair dice that show every face (no random rolls for another paytable)."""
    from odds.dealt import RANDOM_ROUNDS
    from odds.design.rounds import game_rounds
    from reference import dealers

    for name, default in (("seed", True), ("common", False), ("combinations", False)):
        made, missing = game_rounds(SIC_BO, load_paytable(SIC_BO, name), default)
        assert missing == [], name
        for r in made:
            assert len(r["cards"]) == 3 and set(r["cards"]) <= set(range(1, 7)), r
            if name != "combinations":  # bets the reference dealer knows
                assert {b: v["outcome"] for b, v in r["bets"].items()} == dealers.sic_bo(tuple(r["cards"])), r["id"]
        randoms = [r for r in made if "/random-" in r["id"]]
        assert [r["id"] for r in randoms] == (
            [f"sic-bo/seed/random-{i}" for i in range(1, RANDOM_ROUNDS + 1)] if default else []
        )
        assert {d for r in randoms for d in r["cards"]} == (set(range(1, 7)) if default else set())


def test_a_random_roll_is_settled_by_the_paytable_played(tmp_path):
    """``play_random`` (``odds simulate``'s round) settles by the paytable it is given, not the
    default: a paytable whose Big wins on any total of 11 or more, triples included."""
    path = tmp_path / "mine.toml"
    path.write_text(
        'game = "sic-bo"\n[bets.big]\nname = "Big"\n'
        'outcomes = [ { key = "high", when = "total >= 11", pays = 1 }, { key = "low", pays = -1 } ]\n'
    )
    mine = load_paytable(SIC_BO, str(path))
    rng, twin = random.Random(5), random.Random(5)
    for _ in range(50):
        roll = [twin.randint(1, 6) for _ in range(3)]
        assert SIC_BO.play_random(rng, mine) == {"big": "high" if sum(roll) >= 11 else "low"}, roll


@pytest.mark.parametrize(
    "bet, message",
    [
        (
            "abcdefghijklmnopqrstu:3",  # a kind of 21 characters is cut to 20
            "sic-bo: no bet is placed on chosen numbers as 'abcdef...pqrstu' (21 characters):... (e.g. total:9)",
        ),
        (
            "abcdefghijklmnopqrst:3",
            "sic-bo: no bet is placed on chosen numbers as 'abcdefghijklmnopqrst':... (e.g. total:9)",
        ),
        (
            "total:" + "9" * 35,  # 41 characters are cut to 40
            "sic-bo: 'total:9999999999...9999999999999999' (41 characters) is no bet; total takes "
            "4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17",
        ),
        (
            "pair:" + "1" * 35,
            "sic-bo: 'pair:11111111111111111111111111111111111' is no bet; pair takes "
            "1-2, 1-3, 1-4, 1-5, 1-6, 2-3, 2-4, 2-5, 2-6, 3-4, 3-5, 3-6, 4-5, 4-6, 5-6",
        ),
    ],
)
def test_a_bet_on_numbers_it_does_not_take_is_refused_word_for_word(bet, message):
    out = CliRunner().invoke(cli, ["settle", "sic-bo", "3,3,5", "--bet", bet])
    assert out.exit_code == 1 and out.output == f"Error: {message}\n", out.output


LIGHTNING = """game = "sic-bo"
[bets.bet]
name = "A bet"
outcomes = [ { key = "win", when = "total == 10 or triple", pays = 6 }, { key = "lose", pays = -1 } ]
[bets.bet.multipliers]
boosts = "BOOSTS"
count = 1
values = { 2 = "1" }
target_values = [ { targets = [TARGET], values = { 3 = "1" } } ]
boosted = [ { outcome = "win", reads = "READS" } ]
"""


def test_lightning_strikes_the_totals_and_faces_a_roll_shows(tmp_path):
    """The targets a simulated strike draws from (and settlement vectors pick) are the totals a
    roll can show, 3 to 18, and the faces, 1 to 6; one of them has its own multipliers, any
    other number is refused in the paytable's words."""
    rolls = list(itertools.product(range(1, 7), repeat=3))
    support = SIC_BO.overlays
    assert support.targets("totals", 16) == tuple(sorted({sum(r) for r in rolls}))
    assert support.targets("dice", 6) == tuple(sorted({d for r in rolls for d in r}))
    for boosts, reads, good, bad, words in (
        ("totals", "total", (3, 18), (2, 19), "bad total '{}': give whole numbers from 3 to 18"),
        ("dice", "dice", (1, 6), (0, 7), "bad die '{}': give whole numbers from 1 to 6"),
    ):
        for target in good + bad:
            path = tmp_path / f"{boosts}-{target}.toml"
            path.write_text(LIGHTNING.replace("BOOSTS", boosts).replace("READS", reads).replace("TARGET", str(target)))
            out = CliRunner().invoke(cli, ["sheet", "sic-bo", "--paytable", str(path), "--format", "csv"])
            if target in good:
                assert out.exit_code == 0, out.output
            else:
                assert out.exit_code == 1
                assert out.output.endswith(f"target_values[0].targets: {words.format(target)}\n"), out.output


def test_a_settled_roll_is_one_hand_of_three_dice():
    """``odds settle sic-bo 3,3,5``: one hand, the dice as rolled, their total."""
    out = CliRunner().invoke(cli, ["settle", "sic-bo", "3,5,3", "--format", "json"])
    assert out.exit_code == 0, out.output
    assert [(h["hand"], h["cards"], h["total"]) for h in json.loads(out.stdout)["hands"]] == [("dice", [3, 5, 3], 11)]


def test_every_number_feature_is_exact_past_two_to_the_53(tmp_path):
    """A condition scales a feature past 2**53, adds 1, takes the scaled value away again: 1 only if
    every feature is an integer array (a float64 rounds x * 10**17 + 1 to x * 10**17). By hand: 120
    rolls show three different faces, 15 a total of 14, 75 one 6 exactly, 36 a second die of 4."""
    wants = {"distinct": (3, 120), "total": (14, 15), "count_6": (1, 75), "die2": (4, 36)}
    text = 'game = "sic-bo"\n'
    for name, (value, _) in wants.items():
        big = f"{name} * 1000000000000000 * 100"
        when = f"{big} + 1 - {big} == 1 and {name} == {value}"
        text += f'[bets.{name.replace("_", "-")}]\nname = "{name}"\noutcomes = [ {{ key = "hit", when = "{when}", pays = 1 }}, '
        text += '{ key = "miss", pays = -1 } ]\n'
    path = tmp_path / "big.toml"
    path.write_text(text)
    ids = {name: name.replace("_", "-") for name in wants}
    counts = SIC_BO.count(None, list(ids.values()), load_paytable(SIC_BO, str(path)))
    assert {name: counts[ids[name]].counts["hit"] for name in wants} == {
        name: ways for name, (_, ways) in wants.items()
    }


def test_what_sic_bo_is_and_what_its_notes_say():
    """Its name (docs/rules.md), what it counts (every ordered roll), and its notes word for word,
    the pays the second one quotes being the seed's and the common table's."""
    seed, common = load_paytable(SIC_BO, "seed"), load_paytable(SIC_BO, "common")
    assert SIC_BO.name == "Sic Bo"
    assert SIC_BO.counting == f"{len(list(itertools.product(range(1, 7), repeat=3)))} ordered rolls of three dice"
    assert [seed.bet(f"total-{t}").pays["hit"] for t in (5, 16, 6, 15)] == [18, 18, 14, 14]
    assert [common.bet(f"total-{t}").pays["hit"] for t in (5, 16, 6, 15)] == [30, 30, 17, 17]
    assert SIC_BO.notes == (
        "Numbers, Specific Doubles, Specific Triples and Pair Matches are priced by group (paytable entries "
        "number, double, triple, pair); every member has its own sheet, and by the symmetry of the dice the "
        "members of a group have the same odds.",
        "Seed 003 pays 18 on totals 5 and 16 and 14 on totals 6 and 15, where the common table pays 30 and 17: "
        "totals 5 and 16 are the stingiest bets of the seed's layout (compare the house edges below with "
        "paytable `common`).",
    )
