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
from odds.design import rounds
from odds.design import vectors as vec
from odds.exact.brute import brute_force
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
    assert banker["combinations"] == {
        "banker-wins": "2292252566437888",
        "tie": "475627426473216",
        "player-wins": "2230518282592256",
    }
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
        bets[bet_id] = {
            "total": str(orderings),
            "combinations": {k: str(int(c)) for k, c in combos.items()},
            "pays": {k: str(p) for k, p in pays.items()},
            "house_edge": str(edge),
        }
    data = {
        "schema": vec.SCHEMA,
        "vectors": [{"id": "brute", "game": "baccarat", "shoe": vec.shoe_json(shoe), "bets": bets}],
    }
    problems, _, checked = vec.verify(data)
    assert problems == []
    assert checked == sum(len(r.outcomes) + 1 for r in BACCARAT.bets.values())


def corrupt(data, change):
    bad = copy.deepcopy(data)
    change(bad)
    return vec.verify(bad)[0]


def test_each_corruption_is_reported(baccarat_vectors):
    data = {
        "schema": vec.SCHEMA,
        "vectors": [
            copy.deepcopy(by_id(baccarat_vectors, "baccarat/8-decks")),
            copy.deepcopy(by_id(baccarat_vectors, "tiger-baccarat/1-deck")),
        ],
    }

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


@pytest.mark.parametrize(
    "text, message",
    [("{not json", "not valid JSON"), ('{"schema": "x/1", "vectors": []}', "schema"), ("[1, 2]", "not a vectors file")],
)
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


@pytest.mark.slow
def test_export_writes_the_vectors_file(export_once):
    files = export_once["vectors_files"]  # odds.export.vectors_files(), computed once per session
    assert list(files) == ["vectors.json", "settlement-vectors.json"]
    assert json.loads(files["vectors.json"])["schema"] == vec.SCHEMA
    assert json.loads(files["settlement-vectors.json"])["schema"] == rounds.SCHEMA


def _set(path, value):
    """A change to the first vector: ``path`` of keys (and list indexes) set to ``value``."""

    def change(v):
        for key in path[:-1]:
            v = v[key]
        v[path[-1]] = value

    return change


def _drop_cards(v):
    del v["shoe"]["card_counts"]


@pytest.mark.parametrize(
    "changes, text",
    [
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
    ],
)
def test_cli_verify_reports_a_malformed_vector_as_a_problem(tmp_path, baccarat_vectors, changes, text):
    """Wrong types in a vector (a list for the game, a string, fraction or bool for a count) are a
    problem line of that vector and exit 1: never a traceback, never silently read (32.9 as 32)."""
    # the vectors up to the broken one (the rest verify as in test_committed_vectors_file_verifies;
    # every one of them took 1 s of CPU per case)
    data = copy.deepcopy({**baccarat_vectors, "vectors": baccarat_vectors["vectors"][:5]})
    for change in changes:
        change(data["vectors"][4])  # baccarat/8-decks
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    result = run("verify", str(path), "--format", "csv")  # every mismatch, a row each
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    lines = [line for line in result.stdout.splitlines() if text in line]
    assert len(lines) == 1 and lines[0].startswith("5,baccarat/8-decks,"), result.output
    assert "mismatch(es)" in result.stderr


# -- floats, tolerance, unknown bets (issue 13 item 4) -----------------------------------------------


def _eight_decks(data):
    return {"schema": vec.SCHEMA, "vectors": [copy.deepcopy(by_id(data, "baccarat/8-decks"))]}


def test_floats_verify_within_the_tolerance(baccarat_vectors):
    """Another program writing floats: probabilities, house edges and pays as JSON numbers pass
    when within the tolerance and fail beyond it; an exact string must still match exactly."""
    data = _eight_decks(baccarat_vectors)
    bets = data["vectors"][0]["bets"]
    for entry in bets.values():
        total = int(entry["total"])
        entry["total"] = 1.0
        entry["combinations"] = {k: int(n) / total for k, n in entry["combinations"].items()}
        entry["pays"] = {k: float(F(p)) for k, p in entry["pays"].items()}
        entry["house_edge"] = float(F(entry["house_edge"]))
    problems, _, checked = vec.verify(data)
    assert problems == [] and checked > 50
    bets["banker"]["house_edge"] += 1e-6
    problems = vec.verify(data)[0]
    assert len(problems) == 1 and "banker: house_edge" in problems[0]
    assert vec.verify(data, tolerance=F(1, 10**5))[0] == []
    # a rounded decimal written as a string is exact (with exact pays): it fails whatever the tolerance
    bets["banker"]["pays"] = {"banker-wins": "19/20", "tie": "0", "player-wins": "-1"}
    bets["banker"]["house_edge"] = "0.0105790578"
    assert len(vec.verify(data, tolerance=F(1, 10))[0]) == 1


def test_every_mismatch_is_listed_beside_an_unknown_bet(baccarat_vectors):
    data = _eight_decks(baccarat_vectors)
    bets = data["vectors"][0]["bets"]
    bets["tigre"] = bets.pop("tiger")
    bets["banker"]["combinations"]["tie"] = "1"
    bets["player-pair"]["house_edge"] = "0"
    problems = vec.verify(data)[0]
    assert any("tigre" in p and "did you mean" in p for p in problems)
    assert any("banker: tie: file 1" in p for p in problems)
    assert any("player-pair: house_edge" in p for p in problems)


@pytest.mark.parametrize("value, text", [(float("inf"), "not a finite number"), (-2.0, "below 0")])
def test_a_float_that_is_no_count_is_a_problem(baccarat_vectors, value, text):
    data = _eight_decks(baccarat_vectors)
    data["vectors"][0]["bets"]["tie"]["combinations"]["tie"] = value
    assert any(text in p for p in vec.verify(data)[0])


def test_cli_tolerance(tmp_path, baccarat_vectors):
    data = _eight_decks(baccarat_vectors)
    data["vectors"][0]["bets"]["banker"]["house_edge"] = (
        float(F(data["vectors"][0]["bets"]["banker"]["house_edge"])) + 1e-7
    )
    path = tmp_path / "f.json"
    path.write_text(json.dumps(data))
    assert run("verify", str(path)).exit_code == 1
    result = run("verify", str(path), "--tolerance", "1e-6")
    assert result.exit_code == 0 and "all match" in result.stderr
    assert run("verify", str(path), "--tolerance", "-1").exit_code == 2


# -- settlement vectors (issue 13 item 3) -------------------------------------------------------------

SETTLEMENTS = TABLES.parent / "settlement-vectors.json"


@pytest.fixture(scope="module")
def settlement_file():
    """The committed file (a test below checks it is what `odds vectors --rounds` makes)."""
    return json.loads(SETTLEMENTS.read_text())


@pytest.mark.slow
def test_committed_settlement_vectors_are_current(export_once):
    # the export's producer writes rounds.dumps(rounds.build_rounds()); computed once a session
    assert SETTLEMENTS.read_text() == export_once["vectors_files"]["settlement-vectors.json"]


# baccarat's 975 rounds take 5 s of CPU to find, the other three 0.3-0.5 s: the slow tier's
DEARER_ROUNDS = {"baccarat", "tiger-baccarat", "player-dealer-baccarat", "andar-bahar"}


@pytest.mark.parametrize(
    "game_id", [pytest.param(g, marks=pytest.mark.slow) if g in DEARER_ROUNDS else g for g in game_ids()]
)
def test_each_games_settlement_rounds_are_the_committed_ones(settlement_file, game_id):
    """A game's rounds (every shipped paytable's) are found again exactly as the committed file
    holds them: each game and paytable draws from a stream of its own, so one game's rounds can be
    made alone. The whole file is checked against the export in the slow tier."""
    made = rounds.build_rounds(games=[get_game(game_id)])
    assert made["rounds"] == [r for r in settlement_file["rounds"] if r["game"] == game_id]
    assert made.get("uncovered", []) == [u for u in settlement_file.get("uncovered", []) if u["game"] == game_id]


def test_settlements_agree_with_the_reference_dealers(settlement_file):
    """Every round of a default paytable, settled by the naive reference dealers (written from the
    rule text, importing nothing from odds), gives the file's outcome of every bet."""
    from reference import dealers

    members = {
        "straight": frozenset({17}),
        "split": frozenset({17, 20}),
        "street": frozenset({16, 17, 18}),
        "corner": frozenset({17, 18, 20, 21}),
        "line": frozenset(range(16, 22)),
        "column": frozenset(range(2, 37, 3)),
        "dozen": frozenset(range(13, 25)),
    }
    compared = 0
    for r in settlement_file["rounds"]:
        if r["paytable"] != get_game(r["game"]).default_paytable:
            continue
        if r["game"] == "sic-bo":
            ref = dealers.sic_bo(tuple(r["cards"]))
        elif r["game"] == "roulette":
            ref = dealers.roulette(r["cards"][0], members)
        elif r["game"] == "american-roulette":
            continue  # no reference dealer: test_american_roulette settles every pocket from the layout
        elif r["game"] == "triple-zero-roulette":
            ref = dealers.triple_zero_roulette(r["cards"][0])
        elif r["game"] == "bac-bo":
            ref = dealers.bac_bo(tuple(r["cards"]))
        elif r["game"] == "andar-bahar":
            ref = dealers.andar_bahar([("A23456789TJQK".index(c[0]) + 1, c[1]) for c in r["cards"]])
        else:
            cards = [("A23456789TJQK".index(c[0]) + 1, c[1]) for c in r["cards"]]
            dealer = dealers.CARD_GAMES[r["game"]]
            ref = dealer(cards, burn=0) if r["game"].startswith("dragon-tiger") else dealer(cards)
        for bet, entry in r["bets"].items():
            if bet.endswith("-best-choice"):
                continue
            assert entry["outcome"] == ref[bet], (r["id"], bet)
            compared += 1
    assert compared > 8000


def test_settlement_vectors_cover_every_cell_and_every_outcome(settlement_file):
    rounds_ = settlement_file["rounds"]
    assert "uncovered" not in settlement_file
    for game_id in ("baccarat", "tiger-baccarat", "player-dealer-baccarat"):
        covered = {c for r in rounds_ if r["game"] == game_id for c in r.get("covers", [])}
        assert covered == set(get_game(game_id).every_cell()), game_id
    # every outcome with a deal in a full shoe of every bet of every shipped paytable appears
    from odds.paytable import shipped_names

    for game_id in game_ids():
        game = get_game(game_id)
        shoe = Shoe.decks(game.default_decks) if game.uses_shoe else None
        for name in shipped_names(get_game(game_id)):
            table = load_paytable(game, name)
            counts = game.count(shoe, list(table.bets), table)
            possible = {(b, k) for b in table.bets for k, n in counts[b].counts.items() if n}
            seen = {
                (b, plain_outcome(table, b, e["outcome"]))
                for r in rounds_
                if r["game"] == game_id and r["paytable"] == name
                for b, e in r["bets"].items()
            }
            assert possible <= seen, (game_id, name, sorted(possible - seen)[:5])
    assert len({r["id"] for r in rounds_}) == len(rounds_)
    assert sum(r["id"].split("/")[-1].startswith("random-") for r in rounds_) == 6 * rounds.RANDOM_ROUNDS


def plain_outcome(table, bet: str, outcome: str) -> str:
    """A multiplier bet's outcome key without the product of its multipliers (``win-x6``: ``win``)."""
    if table.bet(bet).overlay is None:
        return outcome
    return outcome.rsplit("-x", 1)[0] if outcome not in table.bet(bet).pays else outcome


def test_nets_are_the_paytables_pays(settlement_file):
    """Plain bets; multiplier bets' nets are their products' (tests/test_overlay.py settles them)."""
    for r in settlement_file["rounds"][::7]:
        table = load_paytable(get_game(r["game"]), r["paytable"])
        for bet, entry in r["bets"].items():
            if table.bet(bet).overlay is not None:
                continue
            assert F(entry["net"]) == table.bet(bet).pays[entry["outcome"]]


def test_verify_lists_every_mismatch_by_round_and_bet(settlement_file):
    data = {"schema": rounds.SCHEMA, "rounds": copy.deepcopy(settlement_file["rounds"][:3])}
    assert rounds.verify(data) == ([], 3, rounds.verify(data)[2])
    first, second, third = data["rounds"]
    right = first["bets"]["banker"]["outcome"]
    wrong = "banker-wins" if right != "banker-wins" else "player-wins"
    first["bets"]["banker"]["outcome"] = wrong  # the file's program got Table 2 wrong
    first["bets"]["tie"] = {"net": float(F(first["bets"]["tie"]["net"])) + 1e-12}  # a float: close enough
    first["bets"]["bnaker"] = {"net": "1"}
    second["bets"]["big"]["net"] = "0.54"
    second["hands"][1]["total"] = (second["hands"][1]["total"] + 1) % 10
    third["bets"] = [{"id": b, **e} for b, e in third["bets"].items()]  # as odds settle --format json lists them
    third["bets"][0]["net"] = 0.5
    problems, count, _ = rounds.verify(data)
    assert count == 3
    assert [p.split(":")[0] for p in problems] == [
        f"round 1 ({first['id']}) banker",
        f"round 1 ({first['id']}) bnaker",
        f"round 2 ({second['id']}) big",
        f"round 2 ({second['id']}) hand banker",
        f"round 3 ({third['id']}) {third['bets'][0]['id']}",
    ]
    assert f"outcome: file '{wrong}', odds '{right}'" in problems[0]


def test_verify_a_round_that_is_not_one(settlement_file):
    data = {"schema": rounds.SCHEMA, "rounds": [copy.deepcopy(settlement_file["rounds"][0]) for _ in range(3)]}
    data["rounds"][0]["cards"] = data["rounds"][0]["cards"][:4]
    data["rounds"][1]["game"] = "bacarat"
    data["rounds"][2]["paytable"] = "../../etc/passwd"
    problems = rounds.verify(data)[0]
    assert len(problems) == 3
    assert "the round needs a 5th card" in problems[0] and "did you mean baccarat" in problems[1]
    assert "must name a shipped baccarat paytable" in problems[2]


def test_cli_vectors_rounds_then_verify(tmp_path):
    path = tmp_path / "s.json"
    result = run("vectors", "--rounds", "--game", "dragon-tiger", "--out", str(path))
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    assert data["schema"] == rounds.SCHEMA and {r["game"] for r in data["rounds"]} == {"dragon-tiger"}
    result = run("verify", str(path))
    assert result.exit_code == 0 and f"{len(data['rounds'])} rounds" in result.stderr
    data["rounds"][0]["bets"]["dragon"]["net"] = "7"
    path.write_text(json.dumps(data))
    result = run("verify", str(path))
    assert result.exit_code == 1 and "mismatch(es) in" in result.stderr and "round(s)" in result.stderr
    assert "dragon: net: file '7'" in result.stdout


def test_cli_vectors_rounds_of_a_user_paytable(tmp_path):
    table = tmp_path / "mine.toml"
    table.write_text(
        'game = "baccarat"\nextends = "seed"\n[bets.banker-3-cards]\n'
        'outcomes = [{ key = "win", when = "banker_wins and banker_cards == 3", pays = 3 },'
        ' { key = "other", pays = -1 }]\n'
    )
    path = tmp_path / "s.json"
    result = run("vectors", "--rounds", "--game", "baccarat", "--paytable", str(table), "--out", str(path))
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    assert {r["bets"]["banker-3-cards"]["outcome"] for r in data["rounds"]} == {"win", "other"}
    assert run("verify", str(path), "--paytable", str(table)).exit_code == 0
    assert "shipped baccarat paytable" in run("verify", str(path)).stdout
