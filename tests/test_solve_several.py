"""odds solve moving several lines at once (``--line``) and at several deck counts (``--decks
1,6,8``), issue 25: every solved pay is priced again by the sheet with ``--pay`` (another path:
the paytable changed as a user would, the sheet's own edge), and the pays said to meet the target
at every shoe against the sheets of those pays."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
from click.testing import CliRunner

from odds.cli import cli


def run(*args):
    return CliRunner().invoke(cli, list(args))


def run_json(*args) -> dict:
    result = run(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def sheet_edge(game: str, bet: str, decks, pays: dict[str, F], paytable: str | None = None) -> F:
    """The bet's house edge from ``odds sheet`` with each line's pay set by ``--pay``."""
    args = ["sheet", game, "--bet", bet, "--decks", str(decks)]
    for outcome, pay in pays.items():
        args += ["--pay", f"{bet}.{outcome}={pay}"]
    if paytable:
        args += ["--paytable", paytable]
    (row,) = run_json(*args)["bets"]
    return F(row["house_edge"])


def test_one_pay_at_several_deck_counts_is_each_deck_count_s_own_solve():
    """Each shoe's exact pay is the one-shoe solve's, prices back to the target in the sheet; the
    pay meeting the target everywhere is the lowest of them (the tie's edge falls as it pays
    more), and each practical pay's edges are odds compare's."""
    data = run_json("solve", "baccarat", "tie", "--rtp", "97%", "--decks", "1,6,8")
    assert [s["shoe"]["decks"] for s in data["solutions"]] == [1, 6, 8]
    for s in data["solutions"]:
        alone = run_json("solve", "baccarat", "tie", "--rtp", "97%", "--decks", str(s["shoe"]["decks"]))
        assert s["x"] == alone["pays"] and s["current_house_edge"] == alone["current_house_edge"]
        assert sheet_edge("baccarat", "tie", s["shoe"]["decks"], {"tie": F(s["x"])}) == F(3, 100)
    assert F(data["x_at_most"]) == min(F(s["x"]) for s in data["solutions"]) and data["x_at_least"] is None
    assert data["x_at_most_float"] == float(F(data["x_at_most"])) and data["x_at_least_float"] is None
    assert data["meets_target_at_every_shoe"] is True
    for n in data["nearby"]:
        assert n["meets_target"] == all(F(e) >= F(3, 100) for e in n["house_edge"])
        assert n["meets_target"] == (F(n["x"]) <= F(data["x_at_most"]))
        for decks, edge in zip((1, 6, 8), n["house_edge"]):
            assert sheet_edge("baccarat", "tie", decks, {"tie": F(n["x"])}) == F(edge)
    text = run("solve", "baccarat", "tie", "--rtp", "97%", "--decks", "1,6,8").stdout
    assert "Meets the target at every shoe: any pay at most 113875492207423/12386130897740" in text
    assert max(len(line) for line in text.splitlines()) <= 100


@pytest.mark.parametrize(
    "game, bet, lines, target, decks",
    [
        ("baccarat", "lucky-6", {"six-two-cards": "x", "six-three-cards": "2x"}, "5%", 8),
        ("baccarat", "lucky-6", {"six-two-cards": "x", "six-three-cards": "x+8"}, "3%", 6),
        ("baccarat", "dragon-bonus-player", {"win-by-9": "x", "win-by-8": "x/3", "natural-win": "1"}, "2%", 8),
        # the best-choice line decides the player's option by the pays: counts move with x
        ("player-dealer-baccarat", "player-line-best-choice", {"player-wins": "x", "tie": "x-1"}, "-30%", 8),
    ],
)
def test_several_lines_solve_for_x_and_price_back_to_the_target(game, bet, lines, target, decks):
    args = ["solve", game, bet, "--edge", target, "--decks", str(decks)]
    for outcome, pay in lines.items():
        args += ["--line", f"{outcome}={pay}"]
    data = run_json(*args)
    (s,) = data["solutions"]
    pays = {p["outcome"]: F(p["pays"]) for p in s["pays"]}
    assert list(pays) == list(lines)
    want = F(target.rstrip("%")) / 100
    assert sheet_edge(game, bet, decks, pays) == want
    x = F(s["x"])
    assert pays[next(iter(lines))] == x  # the first line pays x itself
    # a practical x brackets the exact one: lower x meets the target when the edge falls with x
    assert [n["meets_target"] for n in data["nearby"]] == [F(n["x"]) <= x for n in data["nearby"]]


def test_lines_at_several_deck_counts_in_one_run():
    data = run_json(
        "solve", "baccarat", "lucky-6", "--line", "six-two-cards=x", "--line", "six-three-cards=2x", "--decks", "1,8"
    )
    assert data["lines"] == [
        {"outcome": "six-two-cards", "pays_in_x": "x", "current_pays": "12"},
        {"outcome": "six-three-cards", "pays_in_x": "2*x", "current_pays": "20"},
    ]
    for s in data["solutions"]:
        pays = {p["outcome"]: F(p["pays"]) for p in s["pays"]}
        assert sheet_edge("baccarat", "lucky-6", s["shoe"]["decks"], pays) == 0  # break-even by default


def test_the_library_solves_as_the_command():
    import odds

    both = odds.solve(
        "baccarat", "lucky-6", edge="5%", decks=[1, 8], lines={"six-two-cards": "x", "six-three-cards": "2x"}
    )
    cli = run_json(
        "solve",
        "baccarat",
        "lucky-6",
        "--edge",
        "5%",
        "--decks",
        "1,8",
        "--line",
        "six-two-cards=x",
        "--line",
        "six-three-cards=2x",
    )
    assert [str(s.pays) for s in both.solutions] == [s["x"] for s in cli["solutions"]]
    assert str(both.at_most) == cli["x_at_most"]


@pytest.mark.parametrize(
    "args, code, text",
    [
        (["--line", "six-two-cards"], 1, "write OUTCOME=PAY"),
        (["--line", "six-two-cards=x**2"], 1, "write OUTCOME=PAY"),
        (["--line", "six-two-cards=__import__('os')"], 1, "write OUTCOME=PAY"),
        (["--line", "six-two-cards=7"], 1, "no line's pay has x"),
        (["--line", "six-tow-cards=x"], 1, "six-two-cards"),
        (["--line", "six-two-cards=x", "--line", "six-two-cards=2x"], 1, "twice"),
        (["--line", "six-two-cards=x", "--outcome", "six-two-cards"], 2, "not both"),
        (["--weights", "--decks", "1,8"], 2, "--weights"),
        (["--decks", "1,0"], 1, "--decks"),
    ],
)
def test_bad_lines_and_decks_are_one_line(args, code, text):
    result = run("solve", "baccarat", "lucky-6", *args)
    assert result.exit_code == code, result.output
    assert text in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) <= 3  # a usage error adds click's two lines of usage
