"""European roulette: every bet's counts from the numbers it covers, the single-zero edge 1/37
(2.70%, published everywhere) on every bet, and the call bets against seed 003's own chip tables
(L405-L422: Voisins nets 9 / 15 / 9 chips, Tiers 12, Orphelins 31 / 13 / 31, Neighbours 31).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from click.testing import CliRunner

import odds
from odds.cli import cli
from odds.errors import OddsError
from odds.games.roulette import CALL_BETS, ROULETTE, WHEEL, neighbours
from odds.paytable import PaytableError, load_paytable
from odds.sheet import build_sheet

RED_BY_HAND = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}
COVERS = {  # the numbers each simple bet covers, written from seed 003's layout (L384-L395), not the library
    "straight": {17},
    "split": {17, 20},
    "street": {16, 17, 18},
    "trio-0-1-2": {0, 1, 2},
    "trio-0-2-3": {0, 2, 3},
    "corner": {17, 18, 20, 21},
    "four": {0, 1, 2, 3},
    "line": set(range(16, 22)),
    "column": set(range(2, 37, 3)),
    "dozen": set(range(13, 25)),
    "red": RED_BY_HAND,
    "black": set(range(1, 37)) - RED_BY_HAND,
    "even": set(range(2, 37, 2)),
    "odd": set(range(1, 37, 2)),
    "low": set(range(1, 19)),
    "high": set(range(19, 37)),
}


def sheet(bets=None, paytable=None):
    return build_sheet(ROULETTE, load_paytable(ROULETTE, paytable), None, bets)


def test_every_bet_has_the_single_zero_edge():
    for bet in sheet().bets:
        assert bet.total == 37
        assert bet.house_edge == Fraction(1, 37), bet.id
    assert round(100 / 37, 2) == 2.70


def test_simple_bets_cover_what_they_say():
    sizes = {
        "straight": 1,
        "split": 2,
        "street": 3,
        "trio-0-1-2": 3,
        "trio-0-2-3": 3,
        "corner": 4,
        "four": 4,
        "line": 6,
        "column": 12,
        "dozen": 12,
        "red": 18,
        "black": 18,
        "even": 18,
        "odd": 18,
        "low": 18,
        "high": 18,
    }
    pays = {1: 35, 2: 17, 3: 11, 4: 8, 6: 5, 12: 2, 18: 1}  # seed L428-L435
    counts = ROULETTE.count(None, list(sizes))
    table = load_paytable(ROULETTE)
    for bet, k in sizes.items():
        assert counts[bet].counts["win"] == k and len(COVERS[bet]) == k
        assert table.bet(bet).pays["win"] == pays[k]
    for number in range(37):  # each pocket settles every simple bet as its covers say
        outcomes = ROULETTE.settle_spin(number)
        for bet, covered in COVERS.items():
            assert (outcomes[bet] == "win") == (number in covered), (bet, number)
    for bet in ("column", "dozen", "red", "black", "even", "odd", "low", "high"):
        assert counts[bet].counts["zero"] == 1  # 0 loses every outside bet


def test_wheel_and_call_bet_arcs():
    assert sorted(WHEEL) == list(range(37))
    covered = {b: {n for _, nums in CALL_BETS[b][1] for n in nums} for b in CALL_BETS}
    # seed L401, L411, L414: the three sections are arcs of the wheel and split it exactly
    voisins = [22, 18, 29, 7, 28, 12, 35, 3, 26, 0, 32, 15, 19, 4, 21, 2, 25]
    tiers = [27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33]
    orphelins = [17, 34, 6, 1, 20, 14, 31, 9]
    assert covered["voisins-du-zero"] == set(voisins)
    assert covered["tiers"] == set(tiers)
    assert covered["orphelins"] == set(orphelins)
    assert sorted(voisins + tiers + orphelins) == list(range(37))
    for arc in (voisins, tiers):
        start = WHEEL.index(arc[0])
        assert [WHEEL[(start + i) % 37] for i in range(len(arc))] == arc
    assert covered["jeu-zero"] == {12, 35, 3, 26, 0, 32, 15}  # seed L425
    assert neighbours(8) == (11, 30, 8, 23, 10)  # seed L422's example
    for n in range(37):
        assert len(set(neighbours(n))) == 5 and n in neighbours(n)


# seed 003's tables: winning number -> chips the whole call returns (paid + stakes back)
SEED_TABLES = {
    "voisins-du-zero": (
        9,
        {
            **{n: 17 + 1 for n in (4, 7, 12, 15, 18, 19, 21, 22, 32, 35)},
            **{n: 22 + 2 for n in (0, 2, 3)},
            **{n: 16 + 2 for n in (25, 26, 28, 29)},
        },
    ),
    "tiers": (6, {n: 17 + 1 for n in (27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33)}),
    "orphelins": (5, {1: 35 + 1, **{n: 17 + 1 for n in (6, 9, 14, 20, 31, 34)}, 17: 34 + 2}),
    "neighbours": (5, {n: 35 + 1 for n in (11, 30, 8, 23, 10)}),
    "jeu-zero": (4, {**{n: 17 + 1 for n in (0, 3, 12, 15, 32, 35)}, 26: 35 + 1}),
}


@pytest.mark.parametrize("bet_id", list(CALL_BETS))
def test_call_bets_against_the_seed_tables(bet_id):
    chips, returned = SEED_TABLES[bet_id]
    bet = sheet([bet_id]).bets[0]
    assert bet.extra["chips_wagered"] == chips
    per_number = {row["number"]: row for row in bet.extra["per_number"]}
    for n in range(37):
        assert per_number[n]["chips_returned"] == returned.get(n, 0), n
        assert per_number[n]["net_chips"] == returned.get(n, 0) - chips
        assert per_number[n]["chips_wagered"] == chips
    # per outcome, its winning chips return what the table says; a placement's numbers are shown
    # only when it covers every number of the outcome (0, 2 and 3 share the trio; 4, 7, 12 ... win
    # on splits of their own)
    for outcome in bet.extra["by_outcome"]:
        won = outcome["winning_chips"]
        for n in outcome["numbers"]:
            assert sum(w["chips"] * (w["pays"] + 1) for w in won) == returned.get(n, 0) == outcome["chips_returned"]
        for w in won:
            assert (
                set(outcome["numbers"]) <= set(w["numbers"])
                if w["numbers"] is not None
                else len(outcome["numbers"]) > 1
            )
    # the outcome rows: pays per chip wagered = net / chips, pockets per net result
    ev = sum(Fraction(returned.get(n, 0) - chips, chips) for n in range(37)) / 37
    assert bet.expected_value == ev == Fraction(-1, 37)
    assert bet.extra["edge_per_call_chips"] == Fraction(chips, 37)
    by_pays = {}
    for row in bet.rows:
        by_pays[row.pays] = by_pays.get(row.pays, 0) + row.combinations
    expected = {}
    for n in range(37):
        pay = Fraction(returned.get(n, 0) - chips, chips)
        expected[pay] = expected.get(pay, 0) + 1
    assert by_pays == expected


def test_call_bet_text_shows_chips_per_number():
    out = CliRunner().invoke(cli, ["sheet", "roulette", "--bet", "voisins-du-zero", "--format", "md"])
    assert out.exit_code == 0
    assert "On 0, 2, 3: 2 x (11 + 1) on trio 0-2-3 = 24 chips returned, net +15 chips" in out.stdout
    assert "Edge per chip wagered: 1/37" in out.stdout


def test_call_bet_pays_must_match_the_layout(tmp_path):
    bad = tmp_path / "split-16.toml"
    bad.write_text('game = "roulette"\nextends = "seed"\n[bets.split]\npays.win = 16\npays.lose = -1\n')
    table = load_paytable(ROULETTE, str(bad))
    with pytest.raises(PaytableError, match=r"bets.voisins-du-zero.pays.split is 1, .* gives 8/9"):
        build_sheet(ROULETTE, table, None, ["voisins-du-zero"])
    assert build_sheet(ROULETTE, table, None, ["split"]).bets[0].house_edge == Fraction(3, 37)
    out = CliRunner().invoke(cli, ["sheet", "roulette", "--paytable", str(bad), "--bet", "tiers"])
    assert out.exit_code == 1 and "bets.tiers.pays.split" in out.output and "Traceback" not in out.output


def test_play_random_matches_the_pocket():
    rng, twin = random.Random(5), random.Random(5)
    for _ in range(300):
        outcomes = ROULETTE.play_random(rng)
        number = twin.randrange(37)
        for bet in COVERS:
            assert (outcomes[bet] == "win") == (number in COVERS[bet])
        won = SEED_TABLES["orphelins"][1].get(number, 0)
        assert (outcomes["orphelins"] == "miss") == (won == 0)


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["--paytable", "en-prison", "0", "--bet", "red"],
            "red reads the next spin: give two numbers, this spin's and the next (e.g. 0,17)",
        ),
        (
            ["--paytable", "en-prison", "0,17,5"],
            "roulette: a spin is one number, e.g. 17 (and the next spin's, for en prison); got 3",
        ),
        (["0,17"], "roulette: a spin is one number (0-36), e.g. 17; got 2"),
        (["37"], "bad number '37': a pocket of the single-zero wheel is 0-36"),
        (["00"], "bad number '00': a pocket of the single-zero wheel is 0-36"),
    ],
)
def test_a_round_the_wheel_cannot_read_is_one_line_word_for_word(args, message):
    out = CliRunner().invoke(cli, ["settle", "roulette", *args])
    assert (out.exit_code, out.output) == (1, f"Error: {message}\n")


@pytest.mark.parametrize(
    "value, shown",
    # a number or a text is shown as text; anything else (a yes/no, a float, a list) as Python writes it
    [(37, "'37'"), (-1, "'-1'"), (True, "True"), (36.0, "36.0"), ([17], "[17]")],
)
def test_the_library_reads_only_a_pocket_number_or_name(value, shown):
    with pytest.raises(OddsError) as refused:
        odds.settle("roulette", [value])
    assert str(refused.value) == f"bad number {shown}: a pocket of the single-zero wheel is 0-36"


def test_a_round_is_refused_word_for_word_by_the_library():
    from odds.dealt import MAX_ROUND_TEXT

    too_long = "1," * (MAX_ROUND_TEXT // 2 + 1)
    for text, paytable, message in [
        (
            "",
            "en-prison",
            "roulette: a round is the spin and, for the bets that read it, the next spin (e.g. 17 or 0,17); got 0 numbers",
        ),
        (too_long, None, f"{len(too_long):,} characters: a spin is one number"),
    ]:
        with pytest.raises(OddsError) as refused:
            odds.settle("roulette", text, paytable=paytable)
        assert str(refused.value) == message


def test_a_spin_without_the_next_leaves_the_en_prison_bets_unsettled():
    out = CliRunner().invoke(cli, ["settle", "roulette", "--paytable", "en-prison", "17"])
    assert out.exit_code == 0
    assert out.output.splitlines()[-1] == (
        "Not settled (they read the next spin; the round gives one number): red, black, even, odd, low, high"
    )


def test_en_prison_reads_the_spin_and_the_next_one():
    """0 then 17 (black): red is imprisoned and lost; the round shows both spins and their colours."""
    out = CliRunner().invoke(
        cli, ["settle", "roulette", "--paytable", "en-prison", "0,17", "--bet", "red", "--format", "json"]
    )
    settled = json.loads(out.output)
    assert [(h["hand"], h["number"], h["colour"]) for h in settled["hands"]] == [
        ("wheel", 0, "green"),
        ("next spin", 17, "black"),
    ]
    assert [(b["id"], b["outcome"]) for b in settled["bets"]] == [("red", "imprisoned-lost")]
    one = odds.settle("roulette", "17", paytable="en-prison")  # one spin: the en-prison bets wait
    assert "red" not in [b.id for b in one.bets] and one.bets
