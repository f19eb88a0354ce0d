"""``odds check`` (issue 21): the slips a paytable's exact figures reveal, and per-bet errors.

A round falls into the first outcome whose condition holds, so a general line written before a
specific one takes all its rounds; the check tells such a *shadowed* outcome from one that no
round can reach, names a bet that gives the player the edge, a line paying more than a rarer line
above it, and a window longer than a shoe. It is silent on the shipped paytables but one, whose
player edge is the point of the file (a literal reading of seed 004's Dragon Bonus).

A bet whose exact table would pass the limits is an error naming the file, the bet and the
reason; every other bet of the paytable is still priced, and the command exits 1 at the end.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from odds.check import check_paytable
from odds.cli import cli
from odds.exact import positional
from odds.games import all_games
from odds.paytable import load_paytable, shipped_names

SLIPS = """
game = "baccarat"
extends = "seed"

[bets.tie-bonus]
outcomes = [
  { key = "tie", when = "tie", pays = 8 },
  { key = "tie-on-6", when = "tie and banker_total == 6", pays = 50 },
  { key = "natural-three", when = "player_natural and player_cards == 3", pays = 100 },
  { key = "other", pays = -1 },
]

[bets.generous-tie]
window = 500
outcomes = [
  { key = "tie", when = "tie", pays = 20 },
  { key = "other", pays = -1 },
]

[bets.sevens]
outcomes = [
  { key = "three-card-7", when = "banker_wins and banker_cards == 3 and banker_total == 7", pays = 1 },
  { key = "any-win", when = "banker_wins and banker_cards == 3", pays = 2 },
  { key = "other", pays = -1 },
]
"""


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_check_names_each_slip(tmp_path):
    path = tmp_path / "slips.toml"
    path.write_text(SLIPS)
    result = run("check", str(path), "--format", "json")
    assert result.exit_code == 0, result.output  # notes are advice
    notes = {(n["kind"], n["bet"], n["outcome"]) for n in json.loads(result.stdout)["notes"]}
    assert notes == {
        ("shadowed", "tie-bonus", "tie-on-6"),
        ("impossible", "tie-bonus", "natural-three"),
        ("player-edge", "generous-tie", None),
        ("window", "generous-tie", None),
        ("pay-slip", "sevens", "any-win"),
    }
    text = " ".join(run("check", str(path)).stdout.split())
    assert "tie-on-6" in text and "the outcomes before it take all its rounds" in text
    assert "natural-three" in text and "can never happen" in text


def test_sheet_says_the_same_notes_on_stderr(tmp_path):
    path = tmp_path / "slips.toml"
    path.write_text(SLIPS)
    result = run("sheet", "baccarat", "--paytable", str(path), "--bet", "tie-bonus", "--decks", "6")
    assert result.exit_code == 0
    stderr = " ".join(result.stderr.split())
    assert "note: tie-bonus: outcome tie-on-6" in stderr and "can never happen" in stderr
    assert "note:" not in result.stdout


def test_check_is_silent_on_the_shipped_paytables():
    noted = {}
    for game in all_games():
        for name in shipped_names(game):
            for note in check_paytable(game, load_paytable(game, name)):
                noted[game.id, name, note.kind, note.bet] = note.text
    # the one shipped file whose player edge is its point: seed 004's Dragon Bonus read literally
    assert list(noted) == [
        ("player-dealer-baccarat", "dragon-bonus-natural-always-wins", "player-edge", "dragon-bonus-player")
    ]


def test_check_of_a_clean_file_says_so(tmp_path):
    result = run("check", "odds/paytables/baccarat/contrast-bonus.toml")
    assert result.exit_code == 0 and "no notes" in result.stdout


TOO_BIG = """
game = "baccarat"
extends = "seed"

[bets.big-colours]
outcomes = [
  { key = "win", when = 'player_suit1 in ("h", "d") and banker_suit2 in ("h", "d") and banker_wins and cards == 6', pays = 40 },
  { key = "other", pays = -1 },
]

[bets.small-tie]
outcomes = [
  { key = "tie", when = "tie and cards == 4", pays = 30 },
  { key = "other", pays = -1 },
]
"""


@pytest.mark.parametrize(
    "command, limit, what",
    [
        (["sheet", "baccarat"], "SETTLE_LIMIT", "settle"),
        (["check"], "SETTLE_LIMIT", "settle"),
        (["sheet", "baccarat"], "MULTISET_LIMIT", "hold"),  # checked before the terms are written
    ],
)
def test_a_bet_past_the_limits_is_one_error_and_the_others_are_priced(tmp_path, monkeypatch, command, limit, what):
    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path / "cache"))
    # the seed's own tables first, at the real limits: shipped ones are read from the package
    # where its stored tables are current, built here where they are not (a mutation run's
    # rewritten sources), and past a limit of 1,000 either way
    seed = tmp_path / "seed.toml"
    seed.write_text('game = "baccarat"\nextends = "seed"\n')
    assert run("sheet", "baccarat", "--paytable", str(seed)).exit_code == 0
    monkeypatch.setattr(positional, limit, 1000)
    path = tmp_path / "too-big.toml"
    path.write_text(TOO_BIG)
    args = command + (["--paytable", str(path)] if command[0] == "sheet" else [str(path)])
    result = run(*args)
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and f"too-big.toml: bets.big-colours: an exact table would {what}" in errors[0]
    assert "more than the 1,000 allowed" in errors[0]
    if command[0] == "sheet":
        assert "small-tie" in result.stdout and "banker" in result.stdout  # every other bet priced
        assert "big-colours" not in result.stdout
    assert "Traceback" not in result.output
