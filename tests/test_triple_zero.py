"""Triple-zero roulette: 39 pockets, every bet against the reference dealer (tests/reference) pocket
by pocket, the house edge 3/39 = 1/13 = 7.69% on every bet (American Casino Guide: "the house edge
jumps to 7.69 percent with three zeroes"), and the wheel's own pocket reader: 00 and 000 are
pockets, 37 and 0000 are not."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from click.testing import CliRunner

from odds.cli import cli
from odds.games import get_game
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
