"""The analyst's round of ``odds count`` (issue 25): figures in significant digits, runs that
stack as CSV, the table by true count, a bet ramp, recorded shoes replayed, ``--plot`` on any run.

Each new figure is checked against another way of computing it: the table by true count against
the study's own figures at a trigger, a ramp against the triggers it is made of, a replayed file
against the seeded shoes it records."""

from __future__ import annotations

import csv
import io
import json
import math

import pytest
from click.testing import CliRunner

from odds.cards import card_name
from odds.cli import cli
from odds.depletion.dealer import shuffled
from odds.depletion.evaluator import CARD_OF_KIND
from odds.render import significant
from odds.shoe import Shoe

BET = "dragon-bonus-player"
BASE = ["count", "baccarat", "--bet", BET, "--workers", "1"]


def invoke(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def run_json(*args) -> dict:
    result = invoke(*BASE, *args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def study() -> dict:
    return run_json("--shoes", "300", "--trigger", "3")


def test_small_figures_print_in_significant_digits(study):
    """Units per 100 hands and per shoe, in and out of the window: at least 4 significant digits,
    never 0.0000 for a figure that is not zero (the text showed 0.0035 for 0.003510...)."""
    text = invoke(*BASE, "--shoes", "300", "--trigger", "3").stdout
    row = study["bets"][0]
    shown = 0
    for key in ("units_per_100_hands", "count_units_per_shoe", "perfect_units_per_shoe"):
        for suffix in ("", "_in_window"):
            value = row.get(key + suffix)
            if value and abs(value) < 1:
                assert significant(value, 4) in text, (key + suffix, value)
                shown += 1
    assert shown >= 3 and "0.0000 " not in text


def test_two_runs_stack_as_csv_under_one_header():
    """The CSV carries what decides the figures (game, paytable, decks, seed, the true-count
    convention ...): two runs with different seeds concatenate under one header."""
    one = invoke(*BASE, "--shoes", "20", "--seed", "1", "--format", "csv").stdout.splitlines()
    two = invoke(*BASE, "--shoes", "20", "--seed", "2", "--true-count", "in-shoe", "--format", "csv").stdout
    two = two.splitlines()
    assert one[0] == two[0]
    rows = list(csv.DictReader(io.StringIO("\n".join(one + two[1:]) + "\n")))
    assert [(r["game"], r["paytable"], r["decks"], r["seed"], r["true_count"], r["id"]) for r in rows] == [
        ("baccarat", "seed", "8", "1", "unseen", BET),
        ("baccarat", "seed", "8", "2", "in-shoe", BET),
    ]


def test_the_table_by_true_count_agrees_with_the_study(study):
    """At the given trigger the table's row gives the study's figures; its rounds add up to every
    round dealt and its mean expectations to the mean expectation of a round."""
    data = run_json("--shoes", "300", "--trigger", "3", "--by-true-count")
    table = data["bets"][0]["by_true_count"]
    row = study["bets"][0]
    at = next(r for r in table if r["true_count_floor"] == 3)
    for key in ("bet_frequency", "average_edge", "units_per_100_hands", "desirability_index"):
        assert at[key] == pytest.approx(row[key], rel=1e-12), key
    rounds = sum(r["rounds"] for r in table)
    assert rounds == round(row["rounds_per_shoe"] * 300)
    mean = sum(r["rounds"] * r["mean_expected_value"] for r in table if r["rounds"]) / rounds
    assert mean == pytest.approx(row["mean_expected_value"], rel=1e-9)
    floors = [r["true_count_floor"] for r in table]
    assert floors == list(range(floors[0], floors[-1] + 1))  # every whole true count, none skipped
    # the same table as tidy CSV: a row per true count, the run's head first
    lines = invoke(*BASE, "--shoes", "300", "--trigger", "3", "--by-true-count", "--format", "csv").stdout
    parsed = list(csv.DictReader(io.StringIO(lines)))
    assert len(parsed) == len(table) and parsed[0]["seed"] == "1" and parsed[0]["id"] == BET
    assert float(parsed[5]["bet_frequency"]) == table[5]["bet_frequency"]
    text = invoke(*BASE, "--shoes", "300", "--by-true-count").stdout
    assert max(len(line) for line in text.splitlines()) <= 100


def test_a_ramp_is_the_sum_of_the_triggers_it_is_made_of(study):
    """One step of 1 unit is the trigger's figures (SCORE = desirability index squared); 1 unit
    from +1 and 3 from +4 wins what trigger +1 plus twice trigger +4 win, with variance
    (f1 + 8 f4) x the bet's variance per 100 hands."""
    row = study["bets"][0]
    one = run_json("--shoes", "300", "--trigger", "3", "--ramp", "3=1")["bets"][0]
    assert one["ramp_units_per_100_hands"] == pytest.approx(row["units_per_100_hands"], rel=1e-12)
    assert one["ramp_units_per_shoe"] == pytest.approx(row["count_units_per_shoe"], rel=1e-12)
    assert one["ramp_average_bet"] == pytest.approx(row["bet_frequency"], rel=1e-12)
    assert one["ramp_score"] == pytest.approx(math.copysign(row["desirability_index"] ** 2, row["units_per_100_hands"]))
    at1, at4 = (run_json("--shoes", "300", "--trigger", t)["bets"][0] for t in ("1", "4"))
    two = run_json("--shoes", "300", "--ramp", "1=1,4=3")
    assert two["ramp"] == "1=1,4=3"
    two = two["bets"][0]
    assert two["ramp_units_per_100_hands"] == pytest.approx(
        at1["units_per_100_hands"] + 2 * at4["units_per_100_hands"], rel=1e-9
    )
    variance = float(row["variance_float"])
    sd = math.sqrt(100 * (at1["bet_frequency"] + 8 * at4["bet_frequency"]) * variance)
    assert two["ramp_std_dev_per_100_hands"] == pytest.approx(sd, rel=1e-9)
    text = invoke(*BASE, "--shoes", "300", "--ramp", "1=1,4=3").stdout
    assert "Ramp 1=1,4=3" in text and "SCORE" in text


RAMP_FIGURES = ("units_per_100_hands", "units_per_shoe", "average_bet", "std_dev_per_100_hands", "score")


def test_a_one_step_ramp_has_the_trigger_s_standard_errors(study):
    """A ramp of one step of 1 unit bets as the trigger does, so its standard errors are the
    study's, computed from the study's own per-shoe sums: the win per 100 hands and per shoe,
    the average bet (the bet frequency); the standard deviation, sqrt(100 f v), has the relative
    error of f halved, and SCORE (the index squared) twice the index's relative error."""
    row = study["bets"][0]
    one = run_json("--shoes", "300", "--trigger", "3", "--ramp", "3=1")["bets"][0]
    pairs = {
        "units_per_100_hands": row["units_per_100_hands_std_error"],
        "units_per_shoe": row["count_units_per_shoe_std_error"],
        "average_bet": row["bet_frequency_std_error"],
        "std_dev_per_100_hands": one["ramp_std_dev_per_100_hands"]
        * row["bet_frequency_std_error"]
        / (2 * row["bet_frequency"]),
        "score": 2 * abs(row["desirability_index"]) * row["desirability_index_std_error"],
    }
    for key, expected in pairs.items():
        assert expected > 0 and one[f"ramp_{key}_std_error"] == pytest.approx(expected, rel=1e-9), key


def test_ramp_standard_errors_against_the_per_shoe_figures():
    """The ramp's standard errors against another derivation: each shoe tallied alone, its sums
    at the ramp read from its own true-count bins, then the delta method as a covariance matrix
    of the per-shoe sums and a numerical gradient of each figure (not the expanded moments the
    command keeps)."""
    import numpy as np
    from fractions import Fraction

    from odds.depletion import count as count_lib
    from odds.depletion.dealer import DealRules
    from odds.depletion.tally import FIX
    from odds.games import get_game
    from odds.paytable import load_paytable

    game = get_game("baccarat")
    table = load_paytable(game)
    ramp = count_lib.parse_ramp("0.5=0.5,2=1,4=2.5")
    spec = count_lib.make_spec(game, table, [BET], 8, 5, DealRules(), ramp=ramp)
    shoes = 60
    rows = count_lib.report(spec, count_lib.run(spec, shoes, workers=1), ramp=ramp)[0]
    variance = Fraction(rows["variance"])

    def units(b: int) -> Fraction:
        return max((u for tc, u in ramp if b >= tc * 10), default=Fraction(0))

    per_shoe = []
    for i in range(shoes):
        t = count_lib.count_shoes(spec, i, i + 1).bets[BET]
        won = sum(units(b) * v for b, v in t.tc_ev.items()) / FIX
        staked = sum(units(b) * n for b, n in t.tc_rounds.items())
        squares = sum(units(b) ** 2 * n for b, n in t.tc_rounds.items())
        per_shoe.append([float(x) for x in (t.rounds, won, staked, squares)])
    x = np.array(per_shoe)
    mean, cov = x.mean(axis=0), np.cov(x, rowvar=False) / shoes
    figures = {
        "units_per_100_hands": lambda r, w, s, q: 100 * w / r,
        "units_per_shoe": lambda r, w, s, q: w,
        "average_bet": lambda r, w, s, q: s / r,
        "std_dev_per_100_hands": lambda r, w, s, q: math.sqrt(100 * q / r * float(variance)),
        "score": lambda r, w, s, q: 1e6 * (w / r) * abs(w / r) / (q / r * float(variance)),
    }
    for key, f in figures.items():
        assert rows[f"ramp_{key}"] == pytest.approx(f(*mean), rel=1e-9), key
        gradient = np.array(
            [(f(*(mean + h * e)) - f(*(mean - h * e))) / (2 * h) for e, h in zip(np.eye(4), mean * 1e-6)]
        )
        assert rows[f"ramp_{key}_std_error"] == pytest.approx(math.sqrt(gradient @ cov @ gradient), rel=1e-5), key


def test_ramp_standard_errors_in_every_format():
    """JSON and CSV carry each ramp figure's standard error beside it; the text and Markdown say
    it after the figure (in significant digits)."""
    data = run_json("--shoes", "40", "--ramp", "1=1,4=3")["bets"][0]
    keys = [k for k in data if k.startswith("ramp_")]
    assert keys == [f"ramp_{k}{e}" for k in RAMP_FIGURES for e in ("", "_std_error")]
    assert all(data[k] is not None for k in keys)
    row = next(
        csv.DictReader(io.StringIO(invoke(*BASE, "--shoes", "40", "--ramp", "1=1,4=3", "--format", "csv").stdout))
    )
    assert all(float(row[k]) == pytest.approx(data[k], rel=1e-12) for k in keys)
    for fmt in ("table", "md"):
        text = " ".join(invoke(*BASE, "--shoes", "40", "--ramp", "1=1,4=3", "--format", fmt).stdout.split())
        for k in RAMP_FIGURES:
            assert (
                f"{significant(data['ramp_' + k], 4)} ± {significant(data['ramp_' + k + '_std_error'], 4)}" in text
            ), k


def test_a_resumed_ramp_run_keeps_its_standard_errors(tmp_path):
    """The per-shoe sums at the ramp go into the checkpoint: the same command run again reads its
    tallies back from the file (no shoe left to deal) and prints the same figures, errors too."""
    path = str(tmp_path / "ramp.json")
    first = run_json("--shoes", "30", "--ramp", "2=1,5=2", "--checkpoint", path)
    assert first["bets"][0]["ramp_score_std_error"] is not None
    assert run_json("--shoes", "30", "--ramp", "2=1,5=2", "--checkpoint", path) == first
    # a checkpoint of the same run without the ramp is another run's
    result = invoke(*BASE, "--shoes", "30", "--checkpoint", path)
    assert result.exit_code == 1 and len(result.output.splitlines()) == 1


@pytest.mark.parametrize("ramp", ["4=1,2=2", "x", "2=-1", "2=1,2=3"])
def test_a_bad_ramp_is_one_line(ramp):
    result = invoke(*BASE, "--shoes", "2", "--ramp", ramp)
    assert result.exit_code == 1 and "--ramp" in result.output and len(result.output.splitlines()) == 1


def test_replayed_shoes_give_the_seeded_run_s_figures(tmp_path):
    """A file recording the shoes of seed 7 (every card, in dealing order) gives the figures of
    the run that shuffled them."""
    full = Shoe.decks(8).card_counts()
    path = tmp_path / "shoes.txt"
    path.write_text(
        "\n".join(",".join(card_name(*CARD_OF_KIND[k]) for k in shuffled(full, 7, i).tolist()) for i in range(12))
        + "\n"
    )
    seeded = run_json("--shoes", "12", "--seed", "7", "--trigger", "2")
    replayed = run_json("--replay", str(path), "--trigger", "2")
    assert replayed["replayed"] is True and replayed["seed"] is None and replayed["shoes"] == 12
    assert replayed["bets"] == seeded["bets"]


def test_a_bad_replay_file_is_one_line(tmp_path):
    path = tmp_path / "shoes.txt"
    full = Shoe.decks(8).card_counts()
    good = ",".join(card_name(*CARD_OF_KIND[k]) for k in shuffled(full, 1, 0).tolist())
    path.write_text(good + "\n" + good.rsplit(",", 1)[0] + "\n")
    result = invoke(*BASE, "--replay", str(path))
    assert result.exit_code == 1 and "line 2: 415 cards, not the 416" in result.output
    assert len(result.output.splitlines()) == 1
    assert invoke(*BASE, "--replay", str(path), "--seed", "3").exit_code == 2
    path.write_text(good.replace("h", "", 1) + "\n")
    result = invoke(*BASE, "--replay", str(path))
    assert result.exit_code == 1 and "has no suit" in result.output


def test_plot_takes_any_number_of_shoes(tmp_path, monkeypatch):
    """The chart is drawn from flat tallies (docs/depletion.md): a run of more than 20,000 shoes
    is not refused (the dealing is cut short here, once it is reached)."""
    pytest.importorskip("matplotlib")  # --plot checks for it first (the plot extra)
    from odds.depletion import count as count_lib
    from odds.errors import OddsError

    def reached(*args, **kwargs):
        raise OddsError("the run was reached")

    monkeypatch.setattr(count_lib, "run", reached)
    result = invoke(*BASE, "--shoes", "50000", "--plot", str(tmp_path / "c.png"))
    assert "the run was reached" in result.output, result.output
