"""The notebook user's round of the library (issue 25): every command as a call, ``pays=``
everywhere, a short ``repr`` and ``_repr_html_`` on results, ``help(odds.sheet)`` about the call.

Where a figure can come two ways it is compared both ways: ``pays=`` against the shipped file
with those pays, ``odds.batch`` against ``odds.sheet`` on the same shoe, each call against its
command's JSON."""

from __future__ import annotations

import copy
import json
from pathlib import Path
import pydoc

import pytest
from click.testing import CliRunner

import odds
from odds.cli import cli
from odds.render import exact


def cli_json(*args) -> dict:
    result = CliRunner().invoke(cli, [*args, "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def test_results_show_short_and_as_html(tmp_path):
    sheet = odds.sheet("baccarat")
    assert len(sheet.bets) == 16 and len(repr(sheet)) <= 200 and "16 in all" in repr(sheet)
    assert repr(sheet.bet("tie")).startswith("<BetSheet tie, house edge 14.3596%")
    html = sheet._repr_html_()
    assert html.startswith("<table>") and html.count("<tr>") == 17 and "14.3596%" in html
    for result in (
        odds.settle("baccarat", "4s,Kh,Ad,4c,2h,9d"),
        odds.eor("baccarat", bets="banker"),
        odds.count("baccarat", bets="tie", shoes=2),
    ):
        assert len(repr(result)) <= 200 and result._repr_html_().startswith("<table>")
    mine = tmp_path / "mine.toml"
    mine.write_text(
        'game = "baccarat"\nextends = "seed"\n[bets.x]\nname = "<script>x</script>"\n'
        'outcomes = [{ key = "win", when = "tie", pays = 8 }, { key = "other", pays = -1 }]\n'
    )
    assert "<script>" not in odds.sheet("baccarat", bets="x", paytable=str(mine))._repr_html_()


def test_help_on_a_callable_module_shows_the_call():
    text = pydoc.render_doc(odds.sheet, renderer=pydoc.plaintext)
    assert "odds.sheet(game, bets=None, paytable=None" in text
    assert "The exact paytable sheet of a game's bets" in text.split("The outcome table of a bet")[0]


def test_pays_is_the_shipped_file_with_those_pays():
    by_file = odds.sheet("baccarat", bets="tie", paytable="tie-9").bet("tie")
    for pays in ({"tie.tie": 9}, ["tie.tie=9"], "tie.tie=9"):
        assert odds.sheet("baccarat", bets="tie", pays=pays).bet("tie").rows == by_file.rows
    assert odds.solve("baccarat", "tie", pays={"tie.tie": 9}).current_pays == 9
    assert odds.settle("baccarat", "9s,9h,Kd,Kc", bets="tie", pays={"tie.tie": 9}).bet("tie").net == 9
    compared = odds.compare("baccarat", bets="tie", decks=[8], pays={"tie.tie": 9})
    assert compared.sheet("tie", "seed with tie.tie=9", 8).house_edge == by_file.house_edge
    with pytest.raises(odds.OddsError, match="takes an int, a Fraction or a text"):
        odds.sheet("baccarat", bets="tie", pays={"tie.tie": 9.5})


def test_every_command_is_a_call_that_agrees_with_it():
    solved = odds.solve("baccarat", "tie", rtp="97%")
    assert exact(solved.pays) == cli_json("solve", "baccarat", "tie", "--rtp", "97%")["pays"]
    compared = odds.compare("baccarat", bets="tie", decks=[1, 8], paytables=["seed", "tie-9"])
    assert (
        compared.sheet("tie", "tie-9", 1).house_edge
        == odds.sheet("baccarat", bets="tie", paytable="tie-9", decks=1).bet("tie").house_edge
    )
    tags = odds.tags("tiger-baccarat", "big-tiger", level=2)
    assert tags["tags"] == [t["tag"] for t in cli_json("tags", "tiger-baccarat", "big-tiger", "--level", "2")["tags"]]
    run = odds.simulate("sic-bo", bets=["big", "total-9"], rounds=3000, seed=4)
    data = cli_json(
        "simulate", "sic-bo", "--bet", "big", "--bet", "total-9", "--rounds", "3000", "--seed", "4", "--workers", "1"
    )
    assert [exact(b.simulated_edge) for b in run.bets] == [b["simulated_house_edge"] for b in data["bets"]]
    # batch's plan and the sheet agree on a partly dealt shoe
    rows = odds.batch("baccarat", ["", "5x8,K"], bets=["banker", "lucky-6"])
    for row in rows:
        removed = ["", "5x8,K"][row["line"] - 1]
        want = odds.sheet("baccarat", bets=row["id"], remove=removed or None).bet(row["id"]).house_edge
        assert row["house_edge"] == exact(want), row


def test_verify_is_the_command_verify(tmp_path):
    from odds.design import rounds

    data = rounds.build_rounds([odds.games.get_game("dragon-tiger")], "seed")
    bad = copy.deepcopy(data)
    for r in bad["rounds"]:
        r["bets"]["tye"] = r["bets"].pop("tie")
    good_path, bad_path = tmp_path / "good.json", tmp_path / "bad.json"
    good_path.write_text(json.dumps(data))
    bad_path.write_text(json.dumps(bad))
    assert odds.verify(good_path).passed
    report = odds.verify(bad_path)
    (cause,) = report.causes()
    assert not report.passed and cause.count == len(bad["rounds"]) and "unknown dragon-tiger bet 'tye'" in cause.cause


def test_to_frame_has_the_columns_of_the_csv():
    pytest.importorskip("pandas")
    import csv
    import io

    sheet = odds.sheet("baccarat", bets=["tie", "banker"])
    run = CliRunner().invoke
    outcomes = run(cli, ["sheet", "baccarat", "--bet", "tie", "--bet", "banker", "--format", "csv"]).stdout
    summary = run(cli, ["sheet", "baccarat", "--bet", "tie", "--bet", "banker", "--summary", "--format", "csv"]).stdout
    assert list(sheet.to_frame().columns) == next(csv.reader(io.StringIO(outcomes)))
    bets = sheet.to_frame("bets")
    assert list(bets.columns) == next(csv.reader(io.StringIO(summary)))
    row = bets.set_index("bet").loc["tie"]
    assert row["house_edge"] == sheet.bet("tie").house_edge and row["house_edge_float"] == float(row["house_edge"])


def test_check_is_the_command_check(tmp_path):
    """odds.check gives the notes `odds check` prints: a shadowed line found, nothing on the seed."""
    path = tmp_path / "slip.toml"
    path.write_text(
        'game = "baccarat"\n[bets.t]\noutcomes = [\n'
        '  { key = "any-tie", when = "tie", pays = 8 },\n'
        '  { key = "tie-on-6", when = "tie and player_total == 6", pays = 30 },\n'
        '  { key = "other", pays = -1 },\n]\n'
    )
    notes = odds.check(path)
    assert [(n.kind, n.bet, n.outcome) for n in notes] == [("shadowed", "t", "tie-on-6")]
    seed = Path(__file__).resolve().parents[1] / "odds" / "paytables" / "baccarat" / "seed.toml"
    assert odds.check(seed) == []
