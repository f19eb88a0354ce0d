"""Triple-zero roulette: 39 pockets, every bet against the reference dealer (tests/reference) pocket
by pocket, the house edge 3/39 = 1/13 = 7.69% on every bet (American Casino Guide: "the house edge
jumps to 7.69 percent with three zeroes"), and the wheel's own pocket reader: 00 and 000 are
pockets, 37 and 0000 are not."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from click.testing import CliRunner

import odds
from odds.cli import cli
from odds.games import get_game
from odds.paytable import load_paytable
from odds.sheet import build_sheet
from reference import dealers

GAME = get_game("triple-zero-roulette")


def test_counts_are_the_reference_dealers_pockets():
    expected: dict = {}
    for pocket in dealers.TRIPLE_ZERO_POCKETS:
        for bet, key in dealers.triple_zero_roulette(pocket).items():
            expected.setdefault(bet, Counter())[key] += 1
    sheet = build_sheet(GAME, GAME.paytable(), None)
    assert {b.id for b in sheet.bets} == set(expected)
    for bet in sheet.bets:
        assert bet.total == 39
        assert {r.key: r.combinations for r in bet.rows if r.combinations} == dict(expected[bet.id]), bet.id
        assert bet.house_edge == Fraction(1, 13), bet.id
    assert round(100 / 13, 2) == 7.69


def test_every_pocket_settles_as_the_reference_dealer_does():
    for pocket in dealers.TRIPLE_ZERO_POCKETS:
        keys = {b.id: b.outcome for b in __import__("odds").settle("triple-zero-roulette", pocket).bets}
        assert keys == dealers.triple_zero_roulette(pocket), pocket


def test_the_wheel_reads_its_own_pockets():
    runner = CliRunner()
    for text, trio in (("000", "win"), ("00", "win"), ("0", "win"), ("17", "lose")):
        r = runner.invoke(cli, ["settle", "triple-zero-roulette", text, "--bet", "trio-0-00-000", "--format", "csv"])
        assert r.exit_code == 0 and f"trio-0-00-000,{trio}," in r.output, (text, r.output)
    for bad in ("37", "38", "0000", " -1", "00,17", "1.5"):
        r = runner.invoke(cli, ["settle", "triple-zero-roulette", bad])
        assert r.exit_code == 1 and "Traceback" not in r.output, (bad, r.output)
        assert "0-36, 00 and 000" in r.output or "one pocket" in r.output, (bad, r.output)


FEATURES = {  # every feature of one spin, as a bet a user writes; the wheels that have it
    "black": ("black", ["roulette", "american-roulette", "triple-zero-roulette"]),
    "red": ("red", ["roulette", "american-roulette", "triple-zero-roulette"]),
    "zero": ("zero", ["roulette", "american-roulette", "triple-zero-roulette"]),
    "double-zero": ("double_zero", ["american-roulette", "triple-zero-roulette"]),
    "triple-zero": ("triple_zero", ["triple-zero-roulette"]),
    "green": ("green", ["american-roulette", "triple-zero-roulette"]),
    **{
        f"column-{k}": (f"column == {k}", ["roulette", "american-roulette", "triple-zero-roulette"])
        for k in (0, 1, 2, 3)
    },
    **{
        f"dozen-{k}": (f"dozen == {k}", ["roulette", "american-roulette", "triple-zero-roulette"]) for k in (0, 1, 2, 3)
    },
}


def _holds(name: str, pocket: str) -> bool:
    """The feature by the layout, from dealers.RED and the pockets' names (00 and 000 are no number)."""
    n = int(pocket) if pocket not in ("00", "000") else None
    plain = n is not None and 1 <= n <= 36
    if name.startswith(("column-", "dozen-")):
        k = int(name[-1])
        if not plain or k == 0:
            return not plain and k == 0
        return n in (range(k, 37, 3) if name.startswith("column") else range(12 * k - 11, 12 * k + 1))
    return {
        "black": plain and n not in dealers.RED,
        "red": plain and n in dealers.RED,
        "zero": pocket == "0",
        "double-zero": pocket == "00",
        "triple-zero": pocket == "000",
        "green": not plain,
    }[name]


@pytest.mark.parametrize("game_id", ["roulette", "american-roulette", "triple-zero-roulette"])
def test_every_feature_of_a_spin_on_every_pocket(game_id, tmp_path):
    """A bet written on each feature of the spin wins exactly on the pockets the layout gives it."""
    mine = {name: when for name, (when, games) in FEATURES.items() if game_id in games}
    path = tmp_path / "features.toml"
    path.write_text(
        f'game = "{game_id}"\nextends = "seed"\n'
        + "".join(
            f'[bets.f-{name}]\noutcomes = [{{ key = "yes", when = "{when}", pays = 1 }}, {{ key = "no", pays = -1 }}]\n'
            for name, when in mine.items()
        )
    )
    pockets = {"roulette": 37, "american-roulette": 38, "triple-zero-roulette": 39}[game_id]
    table = load_paytable(get_game(game_id), str(path))
    for pocket in dealers.TRIPLE_ZERO_POCKETS[:pockets]:
        settled = odds.settle(game_id, pocket, paytable=table, bets=[f"f-{name}" for name in mine])
        for name in mine:
            assert (settled.bet(f"f-{name}").outcome == "yes") == _holds(name, pocket), (game_id, pocket, name)


def test_the_wheel_refuses_word_for_word():
    from odds.dealt import MAX_ROUND_TEXT
    from odds.errors import OddsError

    wheel = get_game("triple-zero-roulette").wheel
    pockets = "the triple-zero wheel's pockets are 0-36, 00 and 000"
    too_long = "1," * (MAX_ROUND_TEXT // 2 + 1)
    for text, message in [
        ("37", f"bad pocket '37': {pockets}"),
        ("x" * 50, f"bad pocket 'xxxxxx...xxxxxx' (50 characters): {pockets}"),
        ("x" * 21, f"bad pocket 'xxxxxx...xxxxxx' (21 characters): {pockets}"),  # cut past 20
        (too_long, f"{len(too_long):,} characters: a spin is one pocket or two"),
    ]:
        with pytest.raises(OddsError) as refused:
            wheel.read(text)
        assert str(refused.value) == message


@pytest.mark.parametrize(
    "game_id, names, number, zeros",
    [
        (
            "american-roulette",
            ["number", "red", "black", "zero", "double_zero", "green", "column", "dozen"],
            (37, "the winning number; 00 is 37"),
            "the zeros",
        ),
        (
            "triple-zero-roulette",
            ["number", "red", "black", "zero", "double_zero", "triple_zero", "green", "column", "dozen"],
            (38, "the winning number; 00 is 37, 000 is 38"),
            "the zeros",
        ),
    ],
)
def test_the_features_each_wheel_lists(game_id, names, number, zeros):
    """`odds features`: one spin's features (no next spin's: no en prison on these wheels), the
    number's range and meaning naming the zeros by number, the column and dozen 0 for the zeros."""
    import json

    listed = {
        f["name"]: f
        for f in json.loads(CliRunner().invoke(cli, ["features", game_id, "--format", "json"]).output)["features"]
    }
    assert list(listed) == names
    assert (listed["number"]["low"], listed["number"]["high"], listed["number"]["meaning"]) == (0, *number)
    assert listed["column"]["meaning"].endswith(f"; 0 for {zeros}") and listed["dozen"]["meaning"].endswith(
        f"; 0 for {zeros}"
    )
    if "triple_zero" in listed:
        assert listed["triple_zero"]["meaning"] == "the triple zero 000 (number 38)"


def test_the_single_zero_wheel_names_its_one_zero():
    import json

    out = CliRunner().invoke(cli, ["features", "roulette", "--format", "json"]).output
    listed = {f["name"]: f for f in json.loads(out)["features"]}
    assert (listed["number"]["high"], listed["number"]["meaning"]) == (36, "the winning number")
    assert listed["zero"]["meaning"] == "the zero"
    for name in ("column", "dozen", "next_column", "next_dozen"):
        assert listed[name]["meaning"].endswith("; 0 for zero"), name
