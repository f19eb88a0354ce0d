"""Leftover splits between formats and commands (issue 25): one name for one figure in every
format, float twins in every format that has the exact figure, text within 100 columns, and an
option given twice refused rather than silently the last."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from odds.cli import cli


def invoke(*args):
    return CliRunner().invoke(cli, list(args))


def test_simulate_csv_header_is_the_json_keys():
    args = ["simulate", "baccarat", "--rounds", "2000", "--bet", "tie", "--bet", "banker", "--workers", "1"]
    header = invoke(*args, "--format", "csv").stdout.splitlines()[0].split(",")
    keys = list(json.loads(invoke(*args, "--format", "json").stdout)["bets"][0])
    assert header == keys and " " not in ",".join(header)


def test_every_format_of_a_sheet_has_the_same_float_twins():
    """A figure with a ``_float`` twin in one format has it in the others: the sheet's JSON bets
    and the summary's CSV and JSON; the sheet's JSON outcomes and its CSV rows."""
    sheet = json.loads(invoke("sheet", "baccarat", "--bet", "tie", "--format", "json").stdout)["bets"][0]
    summary_json = json.loads(invoke("sheet", "baccarat", "--bet", "tie", "--summary", "--format", "json").stdout)
    summary_csv = next(
        csv.DictReader(io.StringIO(invoke("sheet", "baccarat", "--bet", "tie", "--summary", "--format", "csv").stdout))
    )
    figures = {k for k in summary_csv if not k.startswith("hold_")} - {"game", "paytable", "bet", "name"}
    assert figures <= set(sheet) and figures <= set(summary_json["bets"][0])
    for keys in (set(sheet), figures):
        exact_with_twin = {k[: -len("_float")] for k in keys if k.endswith("_float")}
        assert exact_with_twin <= keys
        for name in ("house_edge", "variance", "push_probability", "top_pay", "expected_value"):
            assert name in exact_with_twin, name
    assert summary_json["bets"][0]["combinations"] == sheet["combinations"] == "4998398275503360"
    rows = csv.DictReader(io.StringIO(invoke("sheet", "baccarat", "--bet", "tie", "--format", "csv").stdout))
    csv_twins = {k for k in next(rows) if k.endswith("_float")}
    assert (
        csv_twins
        == {k for k in sheet["outcomes"][0] if k.endswith("_float")}
        == {
            "pays_float",
            "probability_float",
            "return_float",
        }
    )


def test_count_names_each_standard_error_after_its_figure():
    data = json.loads(
        invoke(
            "count", "baccarat", "--bet", "tie", "--shoes", "3", "--workers", "1", "--trigger", "1", "--format", "json"
        ).stdout
    )
    row = data["bets"][0]
    errors = [k for k in row if k.endswith("_std_error")]
    assert "perfect_units_per_shoe_std_error" in errors
    assert all(k.removesuffix("_std_error") in row for k in errors), [
        k for k in errors if k.removesuffix("_std_error") not in row
    ]


@pytest.mark.parametrize(
    "args",
    [
        ["sheet", "baccarat", "--paytable", "insurance-marina-bay-sands"],
        ["solve", "baccarat", "banker", "--symbolic"],
    ],
)
def test_text_fits_100_columns(args):
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    long = [line for line in result.stdout.splitlines() if len(line) > 100]
    assert not long, long[:2]


@pytest.mark.parametrize(
    "args",
    [
        ["sheet", "baccarat", "--decks", "6", "--decks", "8"],
        ["sheet", "baccarat", "--decks=6", "--bet", "tie", "--decks", "8"],
        ["count", "baccarat", "--shoes", "2", "--seed", "1", "--seed", "2"],
        ["sheet", "baccarat", "--format", "csv", "--format", "json"],
    ],
)
def test_an_option_given_twice_is_a_usage_error(args):
    result = invoke(*args)
    assert result.exit_code == 2 and "is given twice" in result.stderr, result.output
    assert len(result.stderr.splitlines()) == 1


def test_repeatable_options_still_repeat():
    result = invoke("sheet", "baccarat", "--bet", "tie", "--bet", "banker", "--decks", "6", "--format", "csv")
    assert result.exit_code == 0 and {"tie", "banker"} <= {
        line.split(",")[2] for line in result.stdout.splitlines()[1:]
    }


# -- what a newcomer finds with --help, odds games and the shell --------------------------------------


def test_odds_games_lists_every_catalogue_bet():
    text = invoke("games").stdout
    dragon_7 = [line for line in text.splitlines() if "Dragon 7" in line]
    assert dragon_7 and "ez-baccarat" in dragon_7[0], dragon_7
    rows = list(csv.DictReader(io.StringIO(invoke("games", "--format", "csv").stdout)))
    assert any(r["bet"] == "dragon-7" and "ez-baccarat" in r["offered_in"].split() for r in rows)
    # every bet of every shipped paytable is listed under its game, once
    from odds.games import all_games
    from odds.paytable import load_paytable, shipped_names

    listed = {(r["game"], r["bet"]) for r in rows}
    assert len(listed) == len(rows)
    for game in all_games():
        for name in shipped_names(game):
            assert {(game.id, b) for b in load_paytable(game, name).bets} <= listed, (game.id, name)


def test_every_help_has_examples_that_parse_and_lists_the_games(tmp_path, monkeypatch):
    """Every command's --help ends with examples; each example names options and arguments its
    command takes (parsed by click, not run, beside the files it names); a command taking GAME
    lists the game ids."""
    import shlex

    monkeypatch.chdir(tmp_path)

    from odds.cli.examples import EXAMPLES
    from odds.games import game_ids

    assert set(EXAMPLES) == set(cli.commands)
    assert "Examples:" in invoke("--help").stdout
    for name in cli.commands:
        command = cli.commands[name]
        text = invoke(name, "--help").stdout
        assert "Examples:" in text and all(e in text for e in EXAMPLES[name]), name
        if any(p.name == "game_id" for p in command.params):
            assert all(g in text for g in game_ids()) and "triple-zero-roulette" in text, name
        for example in EXAMPLES[name]:
            words = shlex.split(example.split(" | ")[0].split(" > ")[0])
            assert words[:2] == ["odds", name], example
            for word in words:
                if word.rsplit(".", 1)[-1] in ("txt", "json", "jsonl", "csv", "toml"):
                    (tmp_path / word).write_text("")
            command.make_context(name, words[2:])  # a usage error here fails the test


def test_the_shell_completes_games_and_bets():
    def complete(words: str, cword: int) -> list[str]:
        result = CliRunner().invoke(
            cli,
            [],
            prog_name="odds",
            env={"_ODDS_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(cword)},
        )
        return [line.split(",", 1)[1] for line in result.stdout.splitlines()]

    assert complete("odds sheet bac", 2) == ["baccarat", "bac-bo"]
    assert "dragon-7" not in complete("odds sheet baccarat --bet dra", 4)
    assert "dragon-7" in complete("odds sheet baccarat --paytable ez-baccarat --bet dra", 6)
    assert complete("odds settle sic", 2) == ["sic-bo"]
