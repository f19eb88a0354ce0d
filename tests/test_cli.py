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


@pytest.mark.parametrize(
    "args, message",
    [
        (["sheet", "bacarat"], "did you mean baccarat"),
        (["sheet", "baccarat", "--bet", "banker-pairs"], "did you mean banker-pair"),
        (["sheet", "baccarat", "--remove", "Q5"], "bad card"),
        (["sheet", "baccarat", "--decks", "1", "--remove", "Kx5"], "cannot remove Kx5"),
        (["sheet", "baccarat", "--decks", "0"], "at least 1"),
        (
            ["sheet", "baccarat", "--decks", "1", "--remove", "Ax4,2x4,3x4,4x4,5x4,6x4,7x4,8x4,9x4,Tx4,Jx4,Qx4,Kx3"],
            "may need 6",
        ),
        (["sheet", "baccarat", "--paytable", "nope"], "unknown paytable"),
        (["sheet", "baccarat", "--paytable", "missing.toml"], "no such paytable file"),
        (["sheet", "baccarat", "--bet", "perfect-pair", "--remove", "K"], "needs suits"),
        (["sheet", "baccarat", "--fee", "0.05"], "--fee applies"),
    ],
)
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


@pytest.mark.slow
def test_export_writes_and_checks(tmp_path, export_once):
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
    result = run("batch", "baccarat", "--file", str(shoes), "--bet", "banker", "--bet", "player-pair")
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert lines[0] == "line,bet,house_edge,house_edge_float"
    rows = [line.split(",") for line in lines[1:]]
    assert [(r[0], r[1]) for r in rows] == [
        ("1", "banker"),
        ("1", "player-pair"),
        ("2", "banker"),
        ("2", "player-pair"),
        ("3", "banker"),
        ("3", "player-pair"),
    ]
    for (line, bet, exact, approx), remove in zip(rows[::2], ["", "5x3,K,Th", "Ax20"]):
        args = ["sheet", "baccarat", "--bet", bet, "--format", "json"] + (["--remove", remove] if remove else [])
        sheet = json.loads(run(*args).output)
        assert sheet["bets"][0]["house_edge"] == exact
        assert float(approx) == float(Fraction(exact))


def test_batch_json_and_line_errors(tmp_path):
    shoes = tmp_path / "shoes.txt"
    shoes.write_text("5x3\n")
    data = json.loads(run("batch", "baccarat", "--file", str(shoes), "--bet", "tie", "--format", "json").output)
    assert data == [{**data[0], "line": 1, "id": "tie"}] and "/" in data[0]["house_edge"]
    shoes.write_text("5x3\n\nKx40\n")
    result = CliRunner().invoke(cli, ["batch", "baccarat", "--file", str(shoes)])
    assert result.exit_code == 1 and "line 3: cannot remove Kx40" in result.stderr
    shoes.write_text("5x3\nZZ\n")
    result = CliRunner().invoke(cli, ["batch", "baccarat", "--file", str(shoes)])
    assert result.exit_code == 1 and "line 2: bad card" in result.stderr


@pytest.mark.slow
def test_export_never_touches_files_it_does_not_own(tmp_path, export_once):
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
    missing = CliRunner().invoke(cli, ["batch", "baccarat", "--file", str(tmp_path / "none.txt")])
    assert missing.exit_code == 2 and "does not exist" in missing.stderr
    huge = CliRunner().invoke(cli, ["batch", "baccarat", "--file", "-"], input="5x3\nKx200000000000000000\n")
    assert huge.exit_code == 1 and "line 2: cannot remove" in huge.stderr and "Traceback" not in huge.output


def test_a_usage_error_is_one_line_with_a_pointer_to_help():
    for args in (
        ["sheet"],
        ["sheet", "baccarat", "--decks", "ten"],
        ["nosuchcommand"],
        ["count", "baccarat", "--shoes", "9" * 500],
    ):
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


# -- issue 14: one vocabulary, visible names, a terminal's width, PAR figures ------------------------

import csv
import io
import math

from odds.depletion import count as count_lib
from odds.games import all_games

TABLE_COMMANDS = (
    [["games"]]
    + [["sheet", g.id] for g in all_games()]
    + [["sheet", g.id, "--summary"] for g in all_games()]
    + [["features", g.id] for g in all_games()]
    + [["compare", g.id] for g in all_games()]
    + [
        ["eor", "baccarat"],
        ["eor", "dragon-tiger-poker", "--bet", "dragon-suit"],
        ["tags", "baccarat", "big"],
        ["strategy", "player-dealer-baccarat"],
        ["solve", "baccarat", "tie", "--symbolic"],
        ["solve", "roulette", "tiers"],
        ["simulate", "baccarat", "--rounds", "500"],
        [
            "compare",
            "player-dealer-baccarat",
            "--paytable",
            "seed,dragon-bonus-natural-always-wins",
            "--decks",
            "4,6,8",
        ],
    ]
)


@pytest.mark.parametrize("args", TABLE_COMMANDS, ids=[" ".join(a) for a in TABLE_COMMANDS])
def test_every_table_output_fits_100_columns(args):
    result = run(*args)
    assert result.exit_code == 0, result.output
    wide = [line for line in result.stdout.splitlines() if len(line) > 100]
    assert not wide, wide[:3]


def _walk(node, path=""):
    """Every (path, key, value) of a JSON document."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield path, key, value
            yield from _walk(value, f"{path}.{key}")
    elif isinstance(node, list):
        for item in node:
            yield from _walk(item, path + "[]")


JSON_COMMANDS = [
    ["sheet", "baccarat", "--bet", "tie", "--remove", "5x3"],
    ["sheet", "sic-bo", "--bet", "big"],
    ["sheet", "baccarat", "--summary", "--bet", "tie"],
    ["eor", "baccarat", "--bet", "tie"],
    ["tags", "baccarat", "tie"],
    ["strategy", "player-dealer-baccarat", "--decks", "4"],
    ["solve", "baccarat", "tie"],
    ["solve", "sic-bo", "big"],
    ["simulate", "baccarat", "--rounds", "300"],
    ["simulate", "roulette", "--bet", "red", "--rounds", "300"],
    ["compare", "baccarat", "--bet", "tie"],
    ["compare", "sic-bo", "--bet", "big"],
    ["games"],
    ["features", "baccarat"],
]


@pytest.mark.parametrize("args", JSON_COMMANDS, ids=[" ".join(a) for a in JSON_COMMANDS])
def test_json_names_a_bet_id_and_a_shoe_one_way(args):
    """A bet is `id` in every JSON; a shoe is {"decks", "cards", "removed"} (null without one)."""
    result = run(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    shoes = 0
    for path, key, value in _walk(data):
        assert key != "bet", (path, key)
        assert key != "decks" or path.endswith("shoe") or path.endswith("shoes[]"), path
        if key == "shoe" or path.endswith("shoes"):
            for shoe in value if isinstance(value, list) else [value]:
                shoes += 1
                assert shoe is None or (
                    set(shoe) == {"decks", "cards", "removed"}
                    and shoe["cards"]
                    == 52 * shoe["decks"] - sum(int(r.split("x")[1]) if "x" in r else 1 for r in shoe["removed"])
                ), shoe
    assert shoes or args[0] in ("games", "features")


def test_batch_json_names_the_bet_id(tmp_path):
    rows = json.loads(
        run("batch", "baccarat", "--file", "-", "--bet", "tie", "--format", "json", input="\n5x3\n").stdout
    )
    assert [(r["line"], r["id"]) for r in rows] == [(1, "tie"), (2, "tie")] and all("bet" not in r for r in rows)


def test_batch_shoes_is_an_alias_of_file_with_a_note(tmp_path):
    path = tmp_path / "shoes.txt"
    path.write_text("\n5x3,K\n")
    new = CliRunner().invoke(cli, ["batch", "baccarat", "--file", str(path), "--bet", "banker"])
    old = CliRunner().invoke(cli, ["batch", "baccarat", "--shoes", str(path), "--bet", "banker"])
    assert new.exit_code == old.exit_code == 0 and new.stdout == old.stdout
    assert new.stderr == "" and "old name of --file" in old.stderr
    both = CliRunner().invoke(cli, ["batch", "baccarat", "--file", str(path), "--shoes", str(path)])
    assert both.exit_code == 2


def test_seed_and_level_defaults_agree_across_commands():
    """simulate and count default to --seed 1; tags and count to the same --level."""

    def default(command, option):
        (param,) = [p for p in cli.commands[command].params if p.name == option]
        return param.default

    assert default("simulate", "seed") == default("count", "seed") == 1
    assert default("tags", "level") == default("count", "level") == count_lib.DEFAULT_LEVEL
    tags = json.loads(run("tags", "baccarat", "big", "--format", "json").stdout)
    assert tags["level"] == count_lib.DEFAULT_LEVEL
    assert tags == json.loads(
        run("tags", "baccarat", "big", "--level", str(count_lib.DEFAULT_LEVEL), "--format", "json").stdout
    )


def test_every_format_help_lists_exactly_the_formats_written():
    for name, command in cli.commands.items():
        params = [p for p in command.params if p.name == "fmt"]
        if not params:
            continue
        choices = list(params[0].type.choices)
        help_text = params[0].help
        for fmt in ("table", "md", "csv", "json"):
            assert (f"{fmt} " in help_text + " " or f"{fmt}," in help_text or f"{fmt}." in help_text) == (
                fmt in choices
            ), (name, fmt, help_text)


@pytest.mark.parametrize("z_max, passed", [("100", True), ("0.0001", False)])
def test_simulate_json_and_table_agree_on_pass_and_fail(z_max, passed):
    args = ["simulate", "dragon-tiger", "--bet", "dragon", "--bet", "tie", "--rounds", "3000", "--z-max", z_max]
    as_json = CliRunner().invoke(cli, args + ["--format", "json"])
    as_table = CliRunner().invoke(cli, args)
    as_csv = CliRunner().invoke(cli, args + ["--format", "csv"])
    assert as_json.exit_code == as_table.exit_code == as_csv.exit_code == (0 if passed else 1)
    data = json.loads(as_json.stdout)
    lines = as_table.stdout.splitlines()
    rule = next(i for i, line in enumerate(lines) if line.startswith("---"))
    table_rows = [line.split() for line in lines[rule + 1 :] if line.strip()]
    assert len(table_rows) == len(data["bets"])
    csv_rows = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    assert data["passed"] is passed and data["failures"] == [b["id"] for b in data["bets"] if not b["passed"]]
    for bet, row, csv_row in zip(data["bets"], table_rows, csv_rows):
        z = bet["z"]
        assert bet["passed"] == (abs(z) <= float(z_max))
        assert row[0] == csv_row["id"] == bet["id"]
        assert row[-1] == csv_row["passed"] == ("yes" if bet["passed"] else "no")


def test_sheet_table_shows_every_outcome_key():
    for game in all_games():
        data = json.loads(run("sheet", game.id, "--format", "json").stdout)
        table = run("sheet", game.id).stdout
        md = run("sheet", game.id, "--format", "md").stdout
        for bet in data["bets"]:
            for outcome in bet["outcomes"]:
                assert f"  {outcome['key']}  " in table, (game.id, bet["id"], outcome["key"])
                assert f"| {outcome['key']} " in md


def test_games_lists_each_bet_with_its_name_and_rule():
    listing = json.loads(run("games", "--format", "json").stdout)
    table = run("games").stdout
    rows = list(csv.DictReader(io.StringIO(run("games", "--format", "csv").stdout)))
    default = [r for r in rows if not r["offered_in"]]  # (the rest: the bets other paytables add)
    assert [(r["game"], r["bet"]) for r in default] == [(g["game"], b) for g in listing for b in g["bets"]]
    words = " ".join(table.split())
    for row in default:
        game = next(g for g in all_games() if g.id == row["game"])
        assert row["name"] == game.bets[row["bet"]].name and row["rule"] == game.bets[row["bet"]].description
        assert row["rule"] and " ".join(row["rule"].split()) in words  # wrapped, but all there
        assert f"\n{row['bet']}  " in table


def test_pay_option_prices_like_a_paytable_file():
    """--pay tie.tie=9 is the shipped tie-9 paytable's tie, in sheet, compare and solve."""
    by_file = json.loads(run("sheet", "baccarat", "--bet", "tie", "--paytable", "tie-9", "--format", "json").stdout)
    by_pay = json.loads(run("sheet", "baccarat", "--bet", "tie", "--pay", "tie.tie=9", "--format", "json").stdout)
    assert by_pay["bets"] == by_file["bets"] and by_pay["paytable"] == "seed with tie.tie=9"
    assert any("--pay tie.tie=9" in note for note in by_pay["notes"])
    compared = json.loads(
        run("compare", "baccarat", "--bet", "tie", "--decks", "8", "--pay", "tie.tie=9", "--format", "json").stdout
    )
    cells = {c["paytable"]: c["house_edge"] for c in compared["bets"][0]["cells"]}
    assert cells == {
        "seed": json.loads(run("sheet", "baccarat", "--bet", "tie", "--format", "json").stdout)["bets"][0][
            "house_edge"
        ],
        "seed with tie.tie=9": by_file["bets"][0]["house_edge"],
    }
    # the last --pay of a line wins; other lines keep their pays
    twice = json.loads(
        run("sheet", "baccarat", "--bet", "tie", "--pay", "tie.tie=5", "--pay", "tie.tie=9", "--format", "json").stdout
    )
    assert twice["bets"] == by_file["bets"]
    # solve: changing the losing line moves the break-even pay of the winning one
    solved = json.loads(run("solve", "baccarat", "tie", "--pay", "tie.no-tie=-1/2", "--format", "json").stdout)
    bet = json.loads(run("sheet", "baccarat", "--bet", "tie", "--format", "json").stdout)["bets"][0]
    p = {o["key"]: Fraction(o["probability"]) for o in bet["outcomes"]}
    assert Fraction(solved["pays"]) == Fraction(1, 2) * p["no-tie"] / p["tie"]


def test_pay_keeps_the_window_and_the_rest_of_the_bet():
    plain = json.loads(run("sheet", "baccarat", "--bet", "lucky-6", "--format", "json").stdout)["bets"][0]
    repriced = json.loads(
        run("sheet", "baccarat", "--bet", "lucky-6", "--pay", "lucky-6.six-three-cards=23", "--format", "json").stdout
    )["bets"][0]
    assert repriced["window"] == plain["window"] == 60
    pays = {o["key"]: o["pays"] for o in repriced["outcomes"]}
    assert pays == {**{o["key"]: o["pays"] for o in plain["outcomes"]}, "six-three-cards": "23"}


def test_count_keeps_the_window_of_a_repriced_bet(tmp_path):
    """Issue 14 item 2: a file re-pricing one line of lucky-6 keeps the seed's 60-round window."""
    path = tmp_path / "lucky.toml"
    path.write_text('game = "baccarat"\nextends = "seed"\n\n[bets.lucky-6]\npays.six-three-cards = 23\n')
    data = json.loads(
        run(
            "count",
            "baccarat",
            "--bet",
            "lucky-6",
            "--paytable",
            str(path),
            "--shoes",
            "2",
            "--workers",
            "1",
            "--format",
            "json",
        ).stdout
    )
    (row,) = data["bets"]
    assert row["window"] == 60


def test_sheet_csv_reads_as_numbers_beside_exact_strings():
    text = run("sheet", "baccarat", "--format", "csv").stdout
    rows = list(csv.DictReader(io.StringIO(text)))
    for row in rows:
        for exact_key in ("pays", "probability", "return"):
            assert float(row[f"{exact_key}_float"]) == float(Fraction(row[exact_key]))
        assert Fraction(row["return"]) == Fraction(row["pays"]) * Fraction(row["probability"])
        assert Fraction(row["probability"]) == Fraction(int(row["combinations"]), int(row["total"]))


def test_summary_csv_has_one_row_per_bet_and_the_par_figures():
    sheet = json.loads(run("sheet", "baccarat", "--format", "json").stdout)
    rows = list(csv.DictReader(io.StringIO(run("sheet", "baccarat", "--summary", "--format", "csv").stdout)))
    assert [r["bet"] for r in rows] == [b["id"] for b in sheet["bets"]]
    z = {90: 1.6448536269514722, 95: 1.959963984540054}  # NormalDist().inv_cdf(0.95), (0.975)
    for row, bet in zip(rows, sheet["bets"]):
        assert row["house_edge"] == bet["house_edge"] and float(row["house_edge_float"]) == bet["house_edge_float"]
        sd = math.sqrt(Fraction(bet["variance"]))
        edge = float(Fraction(bet["house_edge"]))
        for c in (90, 95):
            assert float(row[f"volatility_index_{c}"]) == pytest.approx(z[c] * sd, rel=1e-12)
            assert bet[f"volatility_index_{c}"] == pytest.approx(z[c] * sd, rel=1e-12)
            for n in (1_000, 10_000, 100_000, 1_000_000):
                assert float(row[f"hold_{c}_low_{n}"]) == pytest.approx(edge - z[c] * sd / math.sqrt(n), abs=1e-12)
                assert float(row[f"hold_{c}_high_{n}"]) == pytest.approx(edge + z[c] * sd / math.sqrt(n), abs=1e-12)
        assert (row["window"] or None) == (str(bet["window"]) if bet["window"] else None)
    summary = json.loads(run("sheet", "baccarat", "--summary", "--format", "json").stdout)
    assert [b["id"] for b in summary["bets"]] == [b["id"] for b in sheet["bets"]]


def test_pandas_reads_the_csvs_without_cleaning():
    pd = pytest.importorskip("pandas")
    outcomes = pd.read_csv(io.StringIO(run("sheet", "baccarat", "--format", "csv").stdout))
    for column in ("pays_float", "combinations", "total", "probability_float", "return_float"):
        assert pd.api.types.is_numeric_dtype(outcomes[column]), column
    summary = pd.read_csv(io.StringIO(run("sheet", "baccarat", "--summary", "--format", "csv").stdout))
    numeric = [c for c in summary.columns if c.endswith("_float") or c.startswith(("volatility", "hold_", "std"))]
    assert numeric and all(pd.api.types.is_numeric_dtype(summary[c]) for c in numeric)
    assert summary["player_edge"].dtype == bool


def test_notes_wrap_in_text_and_stay_whole_in_markdown():
    table = run("sheet", "dragon-tiger", "--bet", "dragon").stdout
    md = run("sheet", "dragon-tiger", "--bet", "dragon", "--format", "md").stdout
    note = next(line for line in md.splitlines() if line.startswith("Seed 000 claims"))
    assert len(note) > 100 and note not in table
    assert " ".join(note.split()) in " ".join(table.split())


def test_small_effects_never_print_as_zero():
    """At 2,000 decks an effect of removal is a few millionths of a percent: it keeps its digits."""
    data = json.loads(run("eor", "baccarat", "--bet", "banker", "--decks", "2000", "--format", "json").stdout)
    table = run("eor", "baccarat", "--bet", "banker", "--decks", "2000").stdout
    for effect in data["bets"][0]["effects"]:
        assert effect["effect_float"] != 0
        row = next(line.split() for line in table.splitlines() if line.split()[:1] == [effect["card"]])
        decimal_text, percent_text = row[-2], row[-1]
        assert float(decimal_text) == pytest.approx(effect["effect_float"], rel=1e-5)
        assert float(percent_text.rstrip("%")) == pytest.approx(100 * effect["effect_float"], rel=1e-5)


def test_text_tables_fit_the_width_whenever_words_allow():
    """Random tables of wrapped text and numbers: every line fits when the longest word of each
    text column, its header and every number fit side by side; no word is cut or lost."""
    import random

    from odds.render import text_table

    rng = random.Random(7)
    words = ["a", "tie", "banker", "six-three-cards", "7/20", "x" * 14, "pushes", "on", "natural"]
    for _ in range(300):
        columns = rng.randint(1, 5)
        right = [rng.random() < 0.4 for _ in range(columns)]
        headers = [f"h{i}" for i in range(columns)]
        rows = [
            [
                f"{rng.randint(0, 10 ** rng.randint(0, 12)):,}"
                if r
                else " ".join(rng.choice(words) for _ in range(rng.randint(1, 12)))
                for r in right
            ]
            for _ in range(rng.randint(1, 4))
        ]
        width = rng.randint(30, 120)
        text = text_table(headers, rows, False, right, width=width)
        floor = [
            max([len(h)] + [max(len(w) for w in r[i].split()) for r in rows])
            if not right[i]
            else max([len(h)] + [len(r[i]) for r in rows])
            for i, h in enumerate(headers)
        ]
        if sum(max(f, 12 if not r else 0) for f, r in zip(floor, right)) + 2 * (columns - 1) <= width:
            assert max(len(line) for line in text.splitlines()) <= width, (width, text)
        body = " ".join(text.splitlines()[2:]).split()
        assert sorted(body) == sorted(" ".join(" ".join(r) for r in rows).split())
