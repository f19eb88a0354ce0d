"""``odds compare``: bets side by side by deck count and paytable.

The cells are checked against figures computed without ``odds``: published house edges by deck
count (Wizard of Odds), published banker / player / tie counts, and the 216 rolls of three dice
tallied here. Every format must carry the same exact figures.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import re
from decimal import Decimal
from fractions import Fraction

import pytest
from click.testing import CliRunner

from odds.cli import cli
from odds.compare import DEFAULT_DECKS, parse_decks
from odds.errors import OddsError


def run(*args):
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def cells(*args) -> dict:
    """(bet, paytable, decks) -> cell of the JSON."""
    data = json.loads(run("compare", *args, "--format", "json"))
    return {
        (bet["id"], c["paytable"], c["shoe"]["decks"] if c["shoe"] else None): c
        for bet in data["bets"]
        for c in bet["cells"]
    }


def rounds_to(exact: Fraction, printed: str) -> bool:
    """``exact`` (as a percentage) rounds to ``printed`` in its last place."""
    shown = Decimal(printed.rstrip("%"))
    return abs(exact * 100 - Fraction(shown)) <= Fraction(1, 2) * Fraction(10) ** shown.as_tuple().exponent


def falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


# Wizard of Odds, as in tests/test_published.py: Perfect Pair 25 and 26 to 1 at 6 and 8 decks,
# and the standard Dragon Bonus (30/10/6/4/2/1) at 4, 6 and 8 decks.
PUBLISHED = [
    ("perfect-pair", "perfect-pair-25", 8, "13.03%"),
    ("perfect-pair", "seed", 8, "9.68%"),
    ("perfect-pair", "perfect-pair-25", 6, "17.07%"),
    ("perfect-pair", "seed", 6, "13.88%"),
    ("dragon-bonus-player", "dragon-bonus-standard", 4, "2.70%"),
    ("dragon-bonus-player", "dragon-bonus-standard", 6, "2.67%"),
    ("dragon-bonus-player", "dragon-bonus-standard", 8, "2.65%"),
    ("dragon-bonus-banker", "dragon-bonus-standard", 4, "9.42%"),
    ("dragon-bonus-banker", "dragon-bonus-standard", 6, "9.39%"),
    ("dragon-bonus-banker", "dragon-bonus-standard", 8, "9.37%"),
]


def test_published_edges_by_deck_count_and_paytable():
    got = cells(
        "baccarat",
        "--bet",
        "perfect-pair",
        "--bet",
        "dragon-bonus-player",
        "--bet",
        "dragon-bonus-banker",
        "--decks",
        "4,6,8",
        "--paytable",
        "seed,perfect-pair-25",
        "--paytable",
        "dragon-bonus-standard",
    )
    for bet, paytable, decks, printed in PUBLISHED:
        cell = got[bet, paytable, decks]
        assert rounds_to(Fraction(cell["house_edge"]), printed), (bet, paytable, decks, cell["house_edge_float"])
        assert Fraction(cell["rtp"]) == 1 - Fraction(cell["house_edge"])


def test_banker_at_six_decks_from_published_counts():
    # casinoexploit.com "Probabilities in 6deck Baccarat": banker, player, tie wins (tests/test_published.py)
    banker, player = 403_095_751_234_560, 392_220_492_728_832
    total = falling(312, 6)
    got = cells("baccarat", "--bet", "banker", "--bet", "player", "--decks", "6")
    tie = total - banker - player
    assert Fraction(got["banker", "seed", 6]["house_edge"]) == Fraction(player - Fraction(19, 20) * banker, total)
    assert Fraction(got["player", "seed", 6]["house_edge"]) == Fraction(banker - player, total)
    ev = Fraction(player - banker, total)
    variance = Fraction(banker + player, total) - ev**2
    assert Fraction(got["player", "seed", 6]["variance"]) == variance
    assert got["player", "seed", 6]["std_dev"] == pytest.approx(float(variance) ** 0.5, rel=1e-15)
    assert tie > 0


def test_sic_bo_against_the_216_rolls():
    rolls = list(itertools.product(range(1, 7), repeat=3))
    big = sum(1 for r in rolls if 11 <= sum(r) <= 17 and len(set(r)) > 1)
    four = sum(1 for r in rolls if sum(r) == 4)
    got = cells("sic-bo", "--bet", "big", "--bet", "total-4", "--paytable", "seed,common")
    assert Fraction(got["big", "seed", None]["house_edge"]) == -Fraction(big - (216 - big), 216)
    from odds.games import get_game
    from odds.paytable import load_paytable

    for name in ("seed", "common"):
        pay = load_paytable(get_game("sic-bo"), name).bet("total-4").pays["hit"]
        assert Fraction(got["total-4", name, None]["house_edge"]) == -Fraction(four * pay - (216 - four), 216)


def test_every_format_carries_the_same_figures():
    args = ["baccarat", "--bet", "tie", "--bet", "lucky-6", "--decks", "1,8", "--paytable", "seed,tie-9"]
    got = cells(*args)
    rows = list(csv.DictReader(io.StringIO(run("compare", *args, "--format", "csv"))))
    assert {(r["bet"], r["paytable"], int(r["decks"])): r["house_edge"] for r in rows} == {
        k: c["house_edge"] for k, c in got.items()
    }
    assert all(float(r["std_dev"]) == got[r["bet"], r["paytable"], int(r["decks"])]["std_dev"] for r in rows)
    md = run("compare", *args, "--format", "md")
    exact_block = md.split("## Exact house edge")[1]
    for cell in got.values():
        assert f" {cell['house_edge']} |" in exact_block
    table = run("compare", *args)
    line = next(x for x in table.splitlines() if x.startswith("tie ") and " tie-9 " in x)
    shown = line.split()[2:4]
    assert shown == [f"{got['tie', 'tie-9', d]['house_edge_float'] * 100:.4f}%" for d in (1, 8)]


def test_defaults_every_bet_the_default_paytable_and_the_usual_shoes():
    data = json.loads(run("compare", "dragon-tiger", "--format", "json"))
    assert data["paytables"] == ["seed"] and [s["decks"] for s in data["shoes"]] == list(DEFAULT_DECKS)
    from odds.games import get_game

    assert [b["id"] for b in data["bets"]] == list(get_game("dragon-tiger").bets)
    assert all(len(b["cells"]) == len(DEFAULT_DECKS) for b in data["bets"])


def test_a_bet_only_one_paytable_has_is_a_dash_elsewhere(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(
        'game = "baccarat"\nextends = "seed"\n[bets.dragon-7]\nname = "Dragon 7"\noutcomes = [\n'
        '  { key = "win", when = "banker_wins and banker_cards == 3 and banker_total == 7", pays = 40 },\n'
        '  { key = "other", pays = -1 },\n]\n'
    )
    got = cells("baccarat", "--bet", "dragon-7", "--decks", "8", "--paytable", f"seed,{path}")
    assert list(got) == [("dragon-7", "file:mine", 8)]
    table = run("compare", "baccarat", "--bet", "dragon-7", "--decks", "8", "--paytable", f"seed,{path}")
    assert re.search(r"\ndragon-7 +seed +-\n", table)


@pytest.mark.parametrize(
    "text, message",
    [
        ("0", "outside"),
        ("x", "write deck counts"),
        ("", "write deck counts"),
        (",".join(map(str, range(1, 30))), "at most 20"),
    ],
)
def test_parse_decks_refuses(text, message):
    with pytest.raises(OddsError, match=message):
        parse_decks(text)
