"""The depletion commands through the CLI: output shapes, errors, plots, Dask, the windows table."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from odds.cli import cli
from odds.games import get_game
from odds.paytable import load_paytable
from odds.sheet import build_sheet
from odds.shoe import Shoe


def invoke(*args):
    return CliRunner().invoke(cli, list(args))


def test_eor_json_shape_and_identity():
    result = invoke("eor", "baccarat", "--bet", "tie", "--bet", "perfect-pair", "--decks", "6", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    tie, perfect = data["bets"]
    assert tie["id"] == "tie" and [e["card"] for e in tie["effects"]] == list("A23456789T")
    assert len(perfect["effects"]) == 52 and {e["effect"] for e in perfect["effects"]} == {"0"}
    full = Fraction(tie["expected_value"])
    assert (
        full
        == build_sheet(get_game("baccarat"), load_paytable(get_game("baccarat")), Shoe.decks(6), ["tie"])
        .bets[0]
        .expected_value
    )
    assert sum(e["count"] * Fraction(e["effect"]) for e in tie["effects"]) == 0
    for e in tie["effects"]:
        assert e["effect_float"] == pytest.approx(float(Fraction(e["effect"])))
        assert set(e) >= {"card", "count", "effect", "effect_float"}


def test_eor_formats_and_remove():
    for fmt in ("table", "md", "csv"):
        result = invoke("eor", "dragon-tiger" if fmt == "csv" else "baccarat", "--remove", "5x3,Kh", "--format", fmt)
        assert result.exit_code == 0, result.output
    csv_out = invoke("eor", "baccarat", "--bet", "banker", "--format", "csv").stdout.splitlines()
    assert csv_out[0] == "bet,card,count,effect,effect_float" and len(csv_out) == 11


def test_tags_derived_and_user():
    derived = json.loads(invoke("tags", "baccarat", "tie", "--level", "2", "--format", "json").stdout)
    assert [t["tag"] for t in derived["tags"]] == [0, 0, 0, -1, 0, -2, -2, 1, 1, 1]
    assert 0.9 < derived["betting_correlation"] <= 1
    own = json.loads(invoke("tags", "baccarat", "tie", "--tags", "0,0,0,0,0,-1,-1,1,1,1", "--format", "json").stdout)
    assert own["source"] == "user" and own["betting_correlation"] > 0.8
    flipped = json.loads(
        invoke("tags", "baccarat", "tie", "--tags", "0,0,0,0,0,1,1,-1,-1,-1", "--format", "json").stdout
    )
    assert flipped["betting_correlation"] == pytest.approx(-own["betting_correlation"])
    pair = json.loads(invoke("tags", "baccarat", "player-pair", "--format", "json").stdout)
    assert pair["betting_correlation"] is None
    assert "Betting correlation" in invoke("tags", "baccarat", "big").stdout


COUNT_KEYS = {
    "rounds_per_shoe",
    "positive_fraction",
    "mean_edge_when_positive",
    "perfect_units_per_shoe",
    "perfect_units_per_shoe_in_window",
    "window",
    "count_units_per_shoe",
    "count_units_per_shoe_in_window",
}


def test_count_json_keys_and_window_override():
    args = [
        "count",
        "baccarat",
        "--bet",
        "big",
        "--bet",
        "perfect-pair",
        "--shoes",
        "6",
        "--workers",
        "1",
        "--format",
        "json",
    ]
    data = json.loads(invoke(*args).stdout)
    big, perfect = data["bets"]
    assert COUNT_KEYS <= set(big) and big["window"] == 40 and perfect["window"] == 65
    assert big["perfect_units_per_shoe_in_window"] <= big["perfect_units_per_shoe"]
    wide = json.loads(invoke(*args, "--window", "1000").stdout)["bets"]
    assert [r["window"] for r in wide] == [1000, 1000]
    assert (
        wide[0]["perfect_units_per_shoe_in_window"]
        == wide[0]["perfect_units_per_shoe"]
        == big["perfect_units_per_shoe"]
    )
    for fmt in ("table", "md", "csv"):
        assert invoke(*args[:-1], fmt).exit_code == 0


def test_count_dragon_tiger_and_cut_card_options():
    data = json.loads(
        invoke(
            "count",
            "dragon-tiger",
            "--shoes",
            "3",
            "--decks",
            "1",
            "--cut-card",
            "20",
            "--after-cut",
            "one-more",
            "--workers",
            "1",
            "--format",
            "json",
        ).stdout
    )
    assert data["burn_per_round"] == 1 and data["cut_card"] == 20
    main = {r["id"]: r for r in data["bets"]}
    assert main["dragon"]["positive_fraction"] == 0 and main["tiger"]["positive_fraction"] == 0


@pytest.mark.parametrize(
    "args,code,text",
    [
        (("eor", "sic-bo"), 1, "deals no cards"),
        (("eor", "baccarat", "--bet", "tei"), 1, "did you mean tie"),
        (("tags", "baccarat", "tie", "--tags", "1,2"), 1, "needs 10 integers"),
        (("tags", "baccarat", "tie", "--level", "0"), 1, "--level"),
        (("count", "baccarat", "--shoes", "0"), 1, "--shoes"),
        (("count", "baccarat", "--after-cut", "never"), 2, "never"),
        (("count", "baccarat", "--shoes", "1", "--plot", "out.gif"), 1, ".png or .svg"),
        (("eor", "baccarat", "--remove", "Kx40"), 1, "cannot remove"),
        (("count", "baccarat", "--cut-card", "100000"), 1, "--cut-card 100000: the shoe holds 416 cards"),
        (("count", "dragon-tiger", "--decks", "1", "--cut-card", "52"), 1, "at most 51 cards behind it"),
        (("count", "baccarat", "--shoes", "1", "--plot", "/nonexistent/dir/x.png"), 1, "no folder /nonexistent/dir"),
        (("eor", "baccarat", "--bet", "tie", "--plot", "/nonexistent/dir/x.png"), 1, "no folder /nonexistent/dir"),
        (("count", "baccarat", "--workers", "0"), 2, "Invalid value for --workers: must be at least 1"),
        (("count", "baccarat", "--workers", "-3"), 2, "Invalid value for --workers"),
    ],
)
def test_bad_input_is_one_clear_line(args, code, text):
    result = invoke(*args)
    assert result.exit_code == code
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    errors = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert len(errors) == 1 and text in errors[0], result.output
    if code == 1:
        assert result.output.strip() == errors[0]  # one line, nothing else


def test_count_when_the_cut_card_leaves_no_round():
    """A cut card just behind the commencement card: no round is dealt in any shoe, and the
    report says so (no IndexError on the empty shoes)."""
    for game_id, cut in (("baccarat", 415), ("dragon-tiger", 415)):
        result = invoke("count", game_id, "--cut-card", str(cut), "--shoes", "3", "--workers", "1", "--format", "json")
        assert result.exit_code == 0, result.output
        for row in json.loads(result.stdout)["bets"]:
            assert row["rounds_per_shoe"] == 0 and row["perfect_units_per_shoe"] == 0
            assert row["mean_expected_value"] is None
        assert invoke("count", game_id, "--cut-card", str(cut), "--shoes", "2", "--workers", "1").exit_code == 0


def test_plots(tmp_path):
    pytest.importorskip("matplotlib")
    png, svg = tmp_path / "eor.png", tmp_path / "count.svg"
    assert invoke("eor", "baccarat", "--bet", "tie", "--bet", "big", "--plot", str(png)).exit_code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    result = invoke("count", "baccarat", "--bet", "lucky-6", "--shoes", "4", "--workers", "1", "--plot", str(svg))
    assert result.exit_code == 0, result.output
    assert b"<svg" in svg.read_bytes()[:400]


def test_count_on_a_local_dask_cluster():
    """Issue 5 item 4: the same figures on a Dask cluster as in one process."""
    distributed = pytest.importorskip("distributed")
    args = ["count", "tiger-baccarat", "--bet", "tiger", "--bet", "tiger-pair", "--shoes", "5", "--format", "json"]
    local = json.loads(invoke(*args, "--workers", "1").stdout)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0"
    ) as cluster:
        result = invoke(*args, "--scheduler", cluster.scheduler_address)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == local
