"""The designer's round (issue 25): ``extends`` names the user's own file, ``--pay`` prices a
price group (Sic Bo's ``triple``) and is on every command that takes a paytable.

Each is checked against another way to the same paytable: a file against its ``--pay`` twin,
a group's ``--pay`` against a file's group entry."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import odds
from odds.cli import cli

BASE = """\
game = "baccarat"
extends = "seed"

[bets.dragon-7]
name = "Dragon 7"
outcomes = [
  { key = "win", when = "banker_wins and banker_cards == 3 and banker_total == 7", pays = 40 },
  { key = "other", pays = -1 },
]
"""


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_extends_names_the_users_own_file(tmp_path):
    (tmp_path / "base.toml").write_text(BASE)
    mine = tmp_path / "mine.toml"
    mine.write_text('game = "baccarat"\nextends = "./base.toml"\n\n[bets.dragon-7]\npays.win = 45\n')
    table = odds.sheet("baccarat", bets=["dragon-7", "tie"], paytable=str(mine))
    by_pay = odds.sheet(
        "baccarat", bets=["dragon-7", "tie"], paytable=str(tmp_path / "base.toml"), pays={"dragon-7.win": 45}
    )
    assert [b.rows for b in table.bets] == [b.rows for b in by_pay.bets]
    assert table.bet("tie").house_edge == odds.sheet("baccarat", bets="tie").bet("tie").house_edge  # seed, through base
    # found in the naming file's folder (or below it), wherever the command runs
    (tmp_path / "parts").mkdir()
    (tmp_path / "parts" / "base.toml").write_text(BASE)
    (tmp_path / "top.toml").write_text('game = "baccarat"\nextends = "parts/base.toml"\n')
    top = odds.sheet("baccarat", bets="dragon-7", paytable=str(tmp_path / "top.toml")).bet("dragon-7")
    assert (
        top.rows == odds.sheet("baccarat", bets="dragon-7", paytable=str(tmp_path / "base.toml")).bet("dragon-7").rows
    )


@pytest.mark.parametrize(
    "extends, words",
    [
        ('"./loop.toml"', "more than 8 paytables deep"),
        ('"./missing.toml"', "no such paytable file"),
        ('"sede"', "or a ./file.toml in this file's folder"),
        ('"../outside.toml"', "must name a shipped baccarat paytable"),
        ('"/etc/hostname"', "must name a shipped baccarat paytable"),
    ],
)
def test_a_bad_extends_is_one_line(tmp_path, extends, words):
    loop = tmp_path / "loop.toml"
    loop.write_text(f'game = "baccarat"\nextends = {extends}\n')
    result = run("sheet", "baccarat", "--bet", "tie", "--paytable", str(loop))
    assert result.exit_code == 1 and words in result.stderr and len(result.stderr.splitlines()) == 1, result.output


def test_pay_prices_a_price_group_as_a_file_does(tmp_path):
    group = tmp_path / "t180.toml"
    group.write_text('game = "sic-bo"\nextends = "seed"\n\n[bets.triple]\npays.triple = 180\n')
    members = [f"triple-{n}" for n in range(1, 7)]
    by_file = odds.sheet("sic-bo", bets=members, paytable=str(group))
    by_pay = odds.sheet("sic-bo", bets=members, pays={"triple.triple": 180})
    assert [b.rows for b in by_pay.bets] == [b.rows for b in by_file.bets]
    assert all(b.bet("triple-3").rows[0].pays == 180 for b in (by_file, by_pay))
    data = json.loads(
        run("sheet", "sic-bo", "--bet", "triple-2", "--pay", "triple.triple=180", "--format", "json").stdout
    )
    assert any("triple (triple-1" in note for note in data["notes"])


@pytest.mark.parametrize(
    "args",
    [
        ["eor", "baccarat", "--bet", "tie"],
        ["tags", "baccarat", "tie"],
        ["count", "baccarat", "--bet", "tie", "--shoes", "2", "--workers", "1"],
        ["simulate", "baccarat", "--bet", "tie", "--rounds", "200", "--workers", "1", "--z-max", "100"],
        ["settle", "baccarat", "9s,9h,Kd,Kc", "--bet", "tie"],
    ],
)
def test_pay_is_on_every_command_that_takes_a_paytable(args):
    plain = run(*args, "--format", "json")
    paid = run(*args, "--pay", "tie.tie=9", "--format", "json")
    assert plain.exit_code == paid.exit_code == 0, paid.output
    assert plain.stdout != paid.stdout
    by_file = run(*args, "--paytable", "tie-9", "--format", "json")
    assert by_file.exit_code == 0
    if args[0] == "settle":
        assert (
            json.loads(paid.stdout)["bets"]
            == json.loads(by_file.stdout)["bets"]
            == [{"id": "tie", "outcome": "tie", "net": "9"}]
        )


def test_batch_takes_pay(tmp_path):
    shoes = tmp_path / "shoes.txt"
    shoes.write_text("\n5x4\n")
    paid = run(
        "batch",
        "baccarat",
        "--file",
        str(shoes),
        "--bet",
        "tie",
        "--pay",
        "tie.tie=9",
        "--format",
        "json",
        "--workers",
        "1",
    )
    by_file = run(
        "batch",
        "baccarat",
        "--file",
        str(shoes),
        "--bet",
        "tie",
        "--paytable",
        "tie-9",
        "--format",
        "json",
        "--workers",
        "1",
    )
    assert paid.exit_code == 0 and paid.stdout == by_file.stdout
