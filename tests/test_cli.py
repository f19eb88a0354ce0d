"""The command line contract: commands, JSON shapes, formats, errors and exit codes."""

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from odds.cli import cli


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def test_every_command_has_help():
    assert run("--help").exit_code == 0
    for name in cli.commands:
        result = run(name, "--help")
        assert result.exit_code == 0, name
        assert "Usage:" in result.output and len(result.output) > 100, name


def test_games_json_lists_games_paytables_and_bets():
    listing = json.loads(run("games", "--format", "json").output)
    by_id = {g["game"]: g for g in listing}
    assert {"baccarat", "tiger-baccarat"} <= set(by_id)
    for entry in listing:
        assert set(entry) == {"game", "default_paytable", "paytables", "bets"}
        assert entry["paytables"][0] == entry["default_paytable"]
    assert "tie-9" in by_id["baccarat"]["paytables"]
    assert "lucky-6" in by_id["baccarat"]["bets"] and "tiger-pair" in by_id["tiger-baccarat"]["bets"]


def test_sheet_json_follows_the_design_contract():
    data = json.loads(run("sheet", "baccarat", "--bet", "banker", "--format", "json").output)
    assert data["game"] == "baccarat" and data["paytable"] == "seed"
    assert data["shoe"] == {"decks": 8, "cards": 416, "removed": []}
    assert data["counting"] == "ordered six-card deals"
    (bet,) = data["bets"]
    assert bet["id"] == "banker" and bet["combinations"] == "4998398275503360"
    first = bet["outcomes"][0]
    assert first == {**first, "outcome": "Banker wins", "pays": "19/20", "combinations": "2292252566437888"}
    edge = Fraction(bet["house_edge"])
    assert abs(float(edge) - bet["house_edge_float"]) < 1e-15
    assert Fraction(bet["rtp"]) == 1 - edge
    assert 0.92 < bet["std_dev"] < 0.93
    for key in ("hit_frequency", "variance", "house_edge_excluding_pushes", "push_probability"):
        assert key in bet


@pytest.mark.parametrize("fmt", ["table", "md", "csv", "json"])
def test_every_format_renders(fmt):
    result = run("sheet", "tiger-baccarat", "--remove", "6x3,Kh", "--format", fmt)
    assert result.exit_code == 0, result.output
    assert "tiger-pair" in result.output or "Tiger Pair" in result.output


def test_csv_is_tidy_and_adds_up():
    lines = run("sheet", "baccarat", "--bet", "tie", "--format", "csv").output.strip().splitlines()
    header = lines[0].split(",")
    rows = [dict(zip(header, line.split(","))) for line in lines[1:]]
    assert sum(int(r["combinations"]) for r in rows) == int(rows[0]["total"])
    assert all(r["bet"] == "tie" for r in rows)


def test_paytable_by_name_and_file(tmp_path):
    by_name = json.loads(run("sheet", "baccarat", "--bet", "tie", "--paytable", "tie-9", "--format", "json").output)
    path = tmp_path / "t.toml"
    path.write_text('game = "baccarat"\nextends = "seed"\n[bets.tie]\npays.tie = 9\npays.no-tie = -1\n')
    by_file = json.loads(run("sheet", "baccarat", "--bet", "tie", "--paytable", str(path), "--format", "json").output)
    assert by_name["bets"][0]["house_edge"] == by_file["bets"][0]["house_edge"]


def test_decks_any_size_exact():
    data = json.loads(run("sheet", "baccarat", "--bet", "banker", "--decks", "100", "--format", "json").output)
    bet = data["bets"][0]
    total = 1
    for k in range(6):
        total *= 5200 - k
    assert bet["combinations"] == str(total)
    assert sum(int(o["combinations"]) for o in bet["outcomes"]) == total


def test_unsuited_removal_leaves_out_suit_bets_with_a_note():
    result = CliRunner().invoke(cli, ["sheet", "baccarat", "--remove", "K", "--format", "json"])
    data = json.loads(result.stdout)
    ids = [b["id"] for b in data["bets"]]
    assert "perfect-pair" not in ids and "player-pair" in ids
    assert "perfect-pair" in result.stderr


@pytest.mark.parametrize("args, message", [
    (["sheet", "bacarat"], "did you mean baccarat"),
    (["sheet", "baccarat", "--bet", "banker-pairs"], "did you mean banker-pair"),
    (["sheet", "baccarat", "--remove", "Q5"], "bad card"),
    (["sheet", "baccarat", "--decks", "1", "--remove", "Kx5"], "cannot remove Kx5"),
    (["sheet", "baccarat", "--decks", "0"], "at least 1"),
    (["sheet", "baccarat", "--decks", "1", "--remove", "Ax4,2x4,3x4,4x4,5x4,6x4,7x4,8x4,9x4,Tx4,Jx4,Qx4,Kx3"],
     "may need 6"),
    (["sheet", "baccarat", "--paytable", "nope"], "unknown paytable"),
    (["sheet", "baccarat", "--paytable", "missing.toml"], "no such paytable file"),
    (["sheet", "baccarat", "--bet", "perfect-pair", "--remove", "K"], "needs suits"),
    (["sheet", "baccarat", "--fee", "0.05"], "--fee applies"),
])
def test_bad_input_is_one_line_exit_1(args, message):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1, result.output
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    # Two asserts, not `A and B or C`: that form passed whenever the exception was a SystemExit,
    # whatever the output held.
    assert "Traceback" not in result.output and "Traceback" not in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)


def test_usage_errors_exit_2():
    assert run("sheet").exit_code == 2
    assert run("sheet", "baccarat", "--format", "xml").exit_code == 2
    assert run("nosuchcommand").exit_code == 2


def test_export_writes_and_checks(tmp_path):
    out = tmp_path / "tables"
    assert run("export", "--out", str(out), "--check").exit_code == 1  # nothing there yet
    assert run("export", "--out", str(out)).exit_code == 0
    assert (out / "baccarat" / "seed.md").is_file() and (out / "baccarat" / "seed.json").is_file()
    assert run("export", "--out", str(out), "--check").exit_code == 0
    (out / "baccarat" / "seed.csv").write_text("stale\n")
    result = CliRunner().invoke(cli, ["export", "--out", str(out), "--check"])
    assert result.exit_code == 1 and "seed.csv" in result.stderr


def test_batch_rows_match_the_sheet(tmp_path):
    shoes = tmp_path / "shoes.txt"
    shoes.write_text("\n5x3,K,Th\nAx20\n")
    result = run("batch", "baccarat", "--shoes", str(shoes), "--bet", "banker", "--bet", "player-pair")
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0] == "line,bet,house_edge,house_edge_float"
    rows = [line.split(",") for line in lines[1:]]
    assert [(r[0], r[1]) for r in rows] == [("1", "banker"), ("1", "player-pair"), ("2", "banker"),
                                           ("2", "player-pair"), ("3", "banker"), ("3", "player-pair")]
    for (line, bet, exact, approx), remove in zip(rows[::2], ["", "5x3,K,Th", "Ax20"]):
        args = ["sheet", "baccarat", "--bet", bet, "--format", "json"] + (["--remove", remove] if remove else [])
        sheet = json.loads(run(*args).output)
        assert sheet["bets"][0]["house_edge"] == exact
        assert float(approx) == float(Fraction(exact))


def test_batch_json_and_line_errors(tmp_path):
    shoes = tmp_path / "shoes.txt"
    shoes.write_text("5x3\n")
    data = json.loads(run("batch", "baccarat", "--shoes", str(shoes), "--bet", "tie", "--format", "json").output)
    assert data == [{**data[0], "line": 1, "bet": "tie"}] and "/" in data[0]["house_edge"]
    shoes.write_text("5x3\n\nKx40\n")
    result = CliRunner().invoke(cli, ["batch", "baccarat", "--shoes", str(shoes)])
    assert result.exit_code == 1 and "line 3: cannot remove Kx40" in result.stderr
    shoes.write_text("5x3\nZZ\n")
    result = CliRunner().invoke(cli, ["batch", "baccarat", "--shoes", str(shoes)])
    assert result.exit_code == 1 and "line 2: bad card" in result.stderr


def test_export_never_touches_files_it_does_not_own(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "keep.md").write_text("mine too\n")
    assert run("export", "--out", str(tmp_path)).exit_code == 0
    # a file an earlier export wrote (its manifest lists it) and this one no longer produces
    stale = tmp_path / "baccarat" / "old.md"
    stale.write_text("left over\n")
    manifest = tmp_path / "odds-export.manifest"
    manifest.write_text(manifest.read_text() + "baccarat/old.md\n")
    users = tmp_path / "baccarat" / "my-notes.md"  # the user's own, in a folder the export writes
    users.write_text("mine\n")
    result = CliRunner().invoke(cli, ["export", "--out", str(tmp_path), "--check"])
    assert result.exit_code == 1 and "old.md" in result.stderr and "notes.txt" not in result.stderr
    assert "my-notes.md" not in result.stderr
    assert run("export", "--out", str(tmp_path)).exit_code == 0
    assert not stale.exists() and users.read_text() == "mine\n"
    assert notes.read_text() == "mine\n" and (tmp_path / "docs" / "keep.md").is_file()
    assert run("export", "--out", str(tmp_path), "--check").exit_code == 0


def test_batch_file_errors(tmp_path):
    missing = CliRunner().invoke(cli, ["batch", "baccarat", "--shoes", str(tmp_path / "none.txt")])
    assert missing.exit_code == 2 and "does not exist" in missing.stderr
    huge = CliRunner().invoke(cli, ["batch", "baccarat", "--shoes", "-"], input="5x3\nKx200000000000000000\n")
    assert huge.exit_code == 1 and "line 2: cannot remove" in huge.stderr and "Traceback" not in huge.output


def test_a_usage_error_is_one_line_with_a_pointer_to_help():
    for args in (["sheet"], ["sheet", "baccarat", "--decks", "ten"], ["nosuchcommand"],
                 ["count", "baccarat", "--shoes", "9" * 500]):
        result = CliRunner().invoke(cli, args)
        lines = result.stderr.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1, result.stderr
        assert lines[0].startswith("Error: ") and "--help')" in lines[0] and len(lines[0]) < 300
    assert "Usage:" in run().output  # no arguments at all still shows the help


def test_odds_main_reports_unwritable_output_in_one_line(monkeypatch, capsys):
    """main() (the installed `odds`) turns a failing stdout into one line and exit 1."""
    import io
    import sys

    from odds.cli import main

    class Full(io.StringIO):
        def write(self, text):
            raise OSError(28, "No space left on device")

        def fileno(self):
            raise io.UnsupportedOperation

    monkeypatch.setattr(sys, "argv", ["odds", "games"])
    monkeypatch.setattr(sys, "stdout", Full())
    with pytest.raises(SystemExit) as done:
        main()
    assert done.value.code == 1
    assert capsys.readouterr().err.strip() == "Error: cannot write the output: No space left on device"
