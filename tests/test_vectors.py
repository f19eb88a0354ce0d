"""odds vectors / odds verify: the file holds published figures, another program's file (here the
brute-force oracle, counting distinct orderings) verifies, and every corruption is reported."""

from __future__ import annotations

import copy
import json
from fractions import Fraction as F
from math import factorial
from pathlib import Path

import pytest
from click.testing import CliRunner

from odds.cli import cli
from odds.design import vectors as vec
from odds.engine.brute import brute_force
from odds.games import game_ids, get_game
from odds.paytable import load_paytable
from odds.shoe import Shoe

BACCARAT = get_game("baccarat")
TABLES = Path(__file__).resolve().parent.parent / "tables" / "vectors.json"


@pytest.fixture(scope="module")
def baccarat_vectors():
    return vec.build_vectors([BACCARAT, get_game("tiger-baccarat")])


def by_id(data, vector_id):
    return next(v for v in data["vectors"] if v["id"] == vector_id)


def test_published_eight_deck_counts(baccarat_vectors):
    # Wizard of Odds, baccarat, 8 decks: ordered six-card deals by result.
    banker = by_id(baccarat_vectors, "baccarat/8-decks")["bets"]["banker"]
    assert banker["total"] == "4998398275503360"
    assert banker["combinations"] == {"banker-wins": "2292252566437888", "tie": "475627426473216",
                                      "player-wins": "2230518282592256"}
    assert F(banker["house_edge"]) == F(2230518282592256 - F(19, 20) * 2292252566437888, 4998398275503360)


def test_file_shape(baccarat_vectors):
    data = baccarat_vectors
    assert data["schema"] == vec.SCHEMA
    ids = [v["id"] for v in data["vectors"]]
    assert len(ids) == len(set(ids)) == 2 * (len(vec.FULL_DECKS) + vec.PARTIAL_PER_GAME)
    for v in data["vectors"]:
        shoe = v["shoe"]
        assert sum(shoe["rank_counts"]) == shoe["cards"] == sum(shoe["card_counts"])
        assert len(shoe["removed"]) == 52 * shoe["decks"] - shoe["cards"]
        for bet in v["bets"].values():  # exact numbers as strings
            assert all(isinstance(x, str) for x in bet["combinations"].values())
            assert sum(int(x) for x in bet["combinations"].values()) == int(bet["total"])
            assert isinstance(bet["house_edge"], str)
    partly = [v for v in data["vectors"] if v["shoe"]["removed"]]
    assert len(partly) == 2 * vec.PARTIAL_PER_GAME


def test_deterministic_and_independent_of_other_games(baccarat_vectors):
    alone = vec.build_vectors([get_game("tiger-baccarat")])
    assert alone["vectors"] == [v for v in baccarat_vectors["vectors"] if v["game"] == "tiger-baccarat"]
    assert vec.build_vectors([BACCARAT, get_game("tiger-baccarat")]) == baccarat_vectors


def test_our_file_verifies(baccarat_vectors):
    problems, count, checked = vec.verify(baccarat_vectors)
    assert problems == []
    assert count == 20 and checked > 900


def test_another_programs_file_with_its_own_counting_verifies():
    """A file from the brute-force oracle: it counts distinct orderings of an 8-card shoe with two
    doubled cards (8!/4 of them), not ordered six-card deals; the probabilities must agree."""
    cards = [(1, "s"), (1, "s"), (5, "h"), (9, "c"), (13, "d"), (13, "d"), (3, "s"), (8, "h")]
    orderings = factorial(8) // 4
    shoe = Shoe.from_cards("As,As,5h,9c,Kd,Kd,3s,8h")
    probabilities = brute_force(BACCARAT, cards)
    table = load_paytable(BACCARAT)
    bets = {}
    for bet_id, rule in BACCARAT.bets.items():
        combos = {k: probabilities[bet_id].get(k, F(0)) * orderings for k in rule.outcome_keys}
        pays = table.bet(bet_id).pays
        edge = -sum(combos[k] * pays[k] for k in combos) / orderings
        bets[bet_id] = {"total": str(orderings), "combinations": {k: str(int(c)) for k, c in combos.items()},
                        "pays": {k: str(p) for k, p in pays.items()}, "house_edge": str(edge)}
    data = {"schema": vec.SCHEMA, "vectors": [{"id": "brute", "game": "baccarat", "shoe": vec.shoe_json(shoe),
                                               "bets": bets}]}
    problems, _, checked = vec.verify(data)
    assert problems == []
    assert checked == sum(len(r.outcomes) + 1 for r in BACCARAT.bets.values())


def corrupt(data, change):
    bad = copy.deepcopy(data)
    change(bad)
    return vec.verify(bad)[0]


def test_each_corruption_is_reported(baccarat_vectors):
    data = {"schema": vec.SCHEMA, "vectors": [copy.deepcopy(by_id(baccarat_vectors, "baccarat/8-decks")),
                                              copy.deepcopy(by_id(baccarat_vectors, "tiger-baccarat/1-deck"))]}

    def bump(d):
        c = d["vectors"][0]["bets"]["banker"]["combinations"]
        c["tie"] = str(int(c["tie"]) + 1)
    problems = corrupt(data, bump)
    assert any("banker: tie: file 475627426473217" in p for p in problems)
    assert any("add up to" in p for p in problems)

    def edge(d):
        d["vectors"][1]["bets"]["tiger-pair"]["house_edge"] = "1/7"
    assert [p for p in corrupt(data, edge) if "tiger-pair: house_edge: file 1/7" in p]

    def drop(d):
        del d["vectors"][0]["bets"]["lucky-6"]["combinations"]["other"]
    assert any("outcome(s) missing: other" in p for p in corrupt(data, drop))

    def shoe(d):
        d["vectors"][0]["shoe"]["card_counts"][0] -= 1  # one ace of spades less: every count moves
    assert any("rank_counts do not match" in p for p in corrupt(data, shoe))

    def shoe_both(d):
        s = d["vectors"][0]["shoe"]
        s["card_counts"][0] -= 1
        s["rank_counts"][0] -= 1
        s["cards"] -= 1
    assert len(corrupt(data, shoe_both)) > 10

    def unknown(d):
        d["vectors"][0]["game"] = "bacarat"
        d["vectors"][1]["bets"]["tigre"] = d["vectors"][1]["bets"].pop("tiger")
    problems = corrupt(data, unknown)
    assert any("bacarat" in p and "baccarat" in p for p in problems)
    assert any("tigre" in p and "tiger" in p for p in problems)

    def not_a_number(d):
        d["vectors"][0]["bets"]["player"]["combinations"]["tie"] = "lots"
    assert any("'lots' is not an exact integer" in p for p in corrupt(data, not_a_number))


# -- command line -----------------------------------------------------------------------------------

def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_cli_vectors_then_verify(tmp_path):
    path = tmp_path / "v.json"
    result = run("vectors", "--out", str(path))
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    assert {v["game"] for v in data["vectors"]} == set(game_ids())
    assert all(v["shoe"] is None for v in data["vectors"] if not get_game(v["game"]).uses_shoe)
    result = run("verify", str(path))
    assert result.exit_code == 0, result.output
    assert "all match" in result.stderr


def test_cli_verify_reports_each_mismatch_and_exits_1(tmp_path, baccarat_vectors):
    data = copy.deepcopy(baccarat_vectors)
    data["vectors"][0]["bets"]["banker"]["combinations"]["tie"] = "1"
    data["vectors"][3]["bets"]["tie"]["house_edge"] = "0"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = run("verify", str(path))
    assert result.exit_code == 1
    assert "baccarat/1-deck) banker: tie: file 1" in result.stdout
    assert "tie: house_edge: file 0" in result.stdout
    assert "mismatch(es)" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("text, message", [("{not json", "not valid JSON"),
                                           ('{"schema": "x/1", "vectors": []}', "schema"),
                                           ("[1, 2]", "not a vectors file")])
def test_cli_verify_unreadable_file(tmp_path, text, message):
    path = tmp_path / "f.json"
    path.write_text(text)
    result = run("verify", str(path))
    assert result.exit_code == 1
    assert message in result.output and "Traceback" not in result.output


@pytest.mark.skipif(not TABLES.is_file(), reason="tables/vectors.json not exported yet")
def test_committed_vectors_file_verifies():
    problems, count, _ = vec.verify(vec.load(TABLES))
    assert problems == [] and count > 0


def test_export_writes_the_vectors_file():
    from odds import export

    assert export.vectors_files in export.PRODUCERS
    files = export.vectors_files()
    assert list(files) == ["vectors.json"]
    assert json.loads(files["vectors.json"])["schema"] == vec.SCHEMA


def _set(path, value):
    """A change to the first vector: ``path`` of keys (and list indexes) set to ``value``."""
    def change(v):
        for key in path[:-1]:
            v = v[key]
        v[path[-1]] = value
    return change


def _drop_cards(v):
    del v["shoe"]["card_counts"]


@pytest.mark.parametrize("changes, text", [
    ([_set(["game"], ["x"])], "game must be a name"),
    ([_set(["game"], 5)], "game must be a name"),
    ([_set(["paytable"], ["seed"])], "paytable must be a name"),
    ([_set(["shoe", "card_counts", 0], "x")], "card_counts[0]: 'x' is not a whole number"),
    ([_set(["shoe", "card_counts", 0], 8.9)], "card_counts[0]: 8.9 is not a whole number"),
    ([_set(["shoe", "card_counts", 0], True)], "card_counts[0]: True is not a whole number"),
    ([_set(["shoe", "card_counts"], 5)], "card_counts: must be a list of 52"),
    ([_drop_cards, _set(["shoe", "rank_counts", 0], "x")], "rank_counts[0]: 'x' is not a whole number"),
    ([_drop_cards, _set(["shoe", "rank_counts", 0], 32.9)], "rank_counts[0]: 32.9 is not a whole number"),
    ([_drop_cards, _set(["shoe", "rank_counts", 0], 32.0)], "rank_counts[0]: 32.0 is not a whole number"),
    ([_drop_cards, _set(["shoe", "rank_counts", 12], False)], "rank_counts[12]: False is not a whole number"),
    ([_drop_cards, _set(["shoe", "rank_counts", 12], -1)], "rank_counts[12]: -1 is not a whole number"),
    ([_drop_cards, _set(["shoe", "rank_counts", 12], [32])], "rank_counts[12]: [32] is not a whole number"),
    ([_set(["shoe", "cards"], True)], "cards is True"),
])
def test_cli_verify_reports_a_malformed_vector_as_a_problem(tmp_path, baccarat_vectors, changes, text):
    """Wrong types in a vector (a list for the game, a string, fraction or bool for a count) are a
    problem line of that vector and exit 1: never a traceback, never silently read (32.9 as 32)."""
    data = copy.deepcopy(baccarat_vectors)
    for change in changes:
        change(data["vectors"][4])  # baccarat/8-decks
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = run("verify", str(path))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    lines = [line for line in result.stdout.splitlines() if text in line]
    assert len(lines) == 1 and lines[0].startswith("vector 5 (baccarat/8-decks)"), result.output
    assert "mismatch(es)" in result.stderr
