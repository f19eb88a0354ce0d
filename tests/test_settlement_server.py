"""The game-server developer's round (issue 25): bets on chosen numbers, a file of rounds settled
in one run, verify's report grouped by cause (text and JSON) comparing every field of a round,
and settlement rounds with spare cards. Chosen bets are checked against the independent
reference dealers (tests/reference), which know every member of every roulette family."""

from __future__ import annotations

import copy
import json

import pytest
from click.testing import CliRunner

import odds
from odds.cli import cli
from odds.design import rounds


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


# -- verify: grouped by cause, every field -------------------------------------------------------------------


@pytest.fixture(scope="module")
def baccarat_rounds():
    from odds.games import get_game

    return rounds.build_rounds([get_game("baccarat")], "seed")


def test_verify_groups_mismatches_by_cause(tmp_path, baccarat_rounds):
    """A misspelt bet in every round is one cause with its count, not a line per round; text and
    JSON both say it, and the JSON lists every mismatch."""
    data = copy.deepcopy(baccarat_rounds)
    for r in data["rounds"]:
        r["bets"]["lucky6"] = r["bets"].pop("lucky-6")
    data["rounds"][5]["bets"]["banker"]["net"] = "1"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    result = run("verify", str(path))
    assert result.exit_code == 1
    n = len(data["rounds"])
    assert result.stdout.count("unknown baccarat bet 'lucky6'") == 2  # the cause, and its example
    assert f"unknown baccarat bet 'lucky6' ({n} mismatches in {n} rounds)" in result.stdout
    assert "banker: net (1 mismatch in 1 round)" in result.stdout
    assert len(result.stdout.splitlines()) < 12
    report = json.loads(run("verify", str(path), "--format", "json").stdout)
    assert report["passed"] is False and report["mismatches"] == n + 1 and report["checked"] == n
    assert [(c["cause"], c["count"], c["rounds"]) for c in report["causes"]] == [
        ("unknown baccarat bet 'lucky6'", n, n),
        ("banker: net", 1, 1),
    ]
    assert len(report["every_mismatch"]) == n + 1 and report["every_mismatch"][0]["item"] == 1
    rows = run("verify", str(path), "--format", "csv").stdout.splitlines()
    assert rows[0] == "item,id,cause,text" and len(rows) == n + 2


def test_verify_compares_every_field_of_a_hand(baccarat_rounds):
    data = {"schema": rounds.SCHEMA, "rounds": copy.deepcopy(baccarat_rounds["rounds"][:4])}
    assert rounds.verify(data)[0] == []
    first, second, third, fourth = data["rounds"]
    first["hands"][0]["cards"] = first["hands"][0]["cards"][:2]  # a card short
    second["hands"][1]["rule"] = "player-stood"
    third["hands"][0]["draws"] = 1  # 1 is not true
    fourth["hands"][0]["bonus"] = 3  # a field odds does not write
    causes = [p.cause for p in rounds.verify(data)[0]]
    assert causes == ["hand player: cards", "hand banker: rule", "hand player: draws", "hand player: bonus"]


def test_a_server_that_deals_one_card_too_many_shows_a_mismatch(baccarat_rounds):
    """Every card round carries spare cards: a settler dealing from cards + spare that draws a
    card it should not gets a wrong hand, which verify reports (it never runs out of cards)."""
    data = {"schema": rounds.SCHEMA, "rounds": []}
    for r in baccarat_rounds["rounds"]:
        assert len(r["spare"]) == 2 and all(c[0] in "A23456789" for c in r["spare"])
        shoe = r["cards"] + r["spare"]
        bad = copy.deepcopy(r)
        if len(r["cards"]) == 4:  # the server draws for the player on a natural
            bad["hands"][0]["cards"] = [shoe[0], shoe[2], shoe[4]]
            data["rounds"].append(bad)
    problems = rounds.verify(data)[0]
    assert len(problems) == len(data["rounds"]) > 5
    assert {p.cause for p in problems} == {"hand player: cards"}


def test_the_committed_settlement_vectors_carry_spare_cards():
    from pathlib import Path

    data = json.loads((Path(__file__).parent.parent / "tables" / "settlement-vectors.json").read_text())
    for r in data["rounds"]:
        card_game = odds.games.get_game(r["game"]).uses_shoe
        assert ("spare" in r) == card_game, r["id"]
