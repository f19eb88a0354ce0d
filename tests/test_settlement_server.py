"""The game-server developer's round (issue 25): bets on chosen numbers, a file of rounds settled
in one run, verify's report grouped by cause (text and JSON) comparing every field of a round,
and settlement rounds with spare cards. Chosen bets are checked against the independent
reference dealers (tests/reference), which know every member of every roulette family."""

from __future__ import annotations

import copy
import json
import random

import pytest
from click.testing import CliRunner

import odds
from odds.cli import cli
from odds.design import rounds
from odds.errors import OddsError
from odds.games import get_game
from reference import dealers


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


# -- bets on chosen numbers ----------------------------------------------------------------------------


def spec(numbers) -> str:
    return "-".join(str(n) for n in sorted(numbers))


@pytest.mark.parametrize("family", ["straight", "split", "street", "corner", "line", "trio-0-1-2", "four"])
def test_every_member_of_a_roulette_family_settles_as_the_reference_does(family):
    """Every placement of the family (the reference dealer lists them), on every pocket. One
    settle per pocket takes every placement at once (a call costs 7 ms of CPU, mostly reading the
    paytable: one call per placement and pocket took 30 s)."""
    pays = odds.games.get_game("roulette").paytable().bet(family).pays
    members = {f"{family}:{spec(member)}": member for member in dealers.layout_bets()[family]}
    for pocket in range(37):
        settled = odds.settle("roulette", pocket, bets=list(members))
        for bet, member in members.items():
            want = dealers.roulette(pocket, {family: member})[family]
            assert settled.bet(bet).outcome == want, (bet, pocket)
            assert settled.bet(bet).net == pays[want]


@pytest.mark.parametrize("family", ["column", "dozen"])
def test_columns_and_dozens_by_their_number(family):
    for index, member in enumerate(dealers.layout_bets()[family], start=1):
        for pocket in range(37):
            settled = odds.settle("roulette", pocket, bets=[f"{family}:{index}"])
            assert settled.bet(f"{family}:{index}").outcome == dealers.roulette(pocket, {family: member})[family]


def test_streets_and_lines_by_their_ends_and_the_double_zero_layout():
    assert odds.settle("roulette", 18, bets=["street:16-18"]).bet("street:16-18").outcome == "win"
    assert odds.settle("roulette", 22, bets=["line:16-21"]).bet("line:16-21").outcome == "lose"
    assert odds.settle("american-roulette", "00", bets=["split:0-00"]).bet("split:0-00").net == 17
    assert odds.settle("american-roulette", "00", bets=["straight:00"]).bet("straight:00").outcome == "win"
    assert odds.settle("triple-zero-roulette", "000", bets=["split:00-000"]).bet("split:00-000").net == 17


@pytest.mark.parametrize(
    "game, bet, words",
    [
        ("roulette", "split:8-12", "covers 2 numbers placed together"),
        ("roulette", "split:0-00", "single-zero wheel"),  # 00 is no pocket of the single-zero wheel
        ("roulette", "straight:37", "covers 1 number"),
        ("roulette", "corner:1-2-3-4", "covers 4 numbers"),
        ("roulette", "red:5", "takes no chosen number"),
        ("roulette", "splt:8-11", "unknown roulette bet 'splt'"),
        ("sic-bo", "total:3", "total takes 4, 5"),
        ("sic-bo", "triple:7", "triple takes 1, 2"),
        ("baccarat", "tie:3", "baccarat bets take no chosen number"),
    ],
)
def test_a_bad_chosen_bet_is_one_line(game, bet, words):
    cards = {"roulette": "17", "sic-bo": "3,3,5", "baccarat": "4s,Kh,Ad,4c,2h,9d"}[game]
    result = run("settle", game, cards, "--bet", bet)
    assert result.exit_code == 1 and words in result.output and len(result.output.splitlines()) == 1, result.output


COLUMN_1 = "-".join(str(n) for n in range(1, 37, 3))
FIRST_PLACEMENT = {  # the first of each kind on the layout, away from the zeros
    "straight": "1",
    "split": "1-2",
    "street": "1-2-3",
    "corner": "1-2-4-5",
    "line": "1-2-3-4-5-6",
    "column": COLUMN_1,
    "dozen": "-".join(str(n) for n in range(1, 13)),
}


@pytest.mark.parametrize("game", ["roulette", "american-roulette", "triple-zero-roulette"])
def test_a_refused_placement_names_one_of_its_own_kind_that_is_taken(game):
    """The example in the refusal is the layout's first placement of the bet's own kind (a column
    for a column: a dozen covers 12 numbers too) and is itself a bet the wheel takes; the
    double-zero top line's only placement is at the zeros."""
    families = dict(FIRST_PLACEMENT, **({"top-line": "0-1-2-3-00"} if game == "american-roulette" else {}))
    for family, example in families.items():
        with pytest.raises(OddsError) as refused:
            odds.settle(game, "17", bets=[f"{family}:5-9"])
        assert str(refused.value).endswith(f"name such a placement, e.g. {family}:{example}"), str(refused.value)
        taken = odds.settle(game, example.split("-")[0], bets=[f"{family}:{example}"]).bet(f"{family}:{example}")
        assert taken.outcome == "win", (game, family)
    with pytest.raises(OddsError, match=f"e.g. column:{COLUMN_1}$"):
        odds.settle(game, "5", bets=["column:1-2-3-4-5-6-7-8-9-10-11-12"])  # a dozen's numbers


# the splits, trios and lines at the zeros of each layout (RULES.md's layouts): taken, and their
# neighbours that are no placement refused
AT_THE_ZEROS = {
    "roulette": (["split:0-1", "split:0-2", "split:0-3", "street:0-1-2", "street:0-2-3"], ["split:0-4"]),
    "american-roulette": (
        [
            *("split:0-1", "split:0-2", "split:00-2", "split:00-3", "split:0-00"),
            *("street:0-1-2", "street:0-00-2", "street:00-2-3", "top-line:0-00-1-2-3"),
        ],
        ["split:0-3", "split:00-1", "street:0-1-3", "split:34-00", "corner:0-1-2-3"],
    ),
    "triple-zero-roulette": (
        ["split:0-1", "split:00-2", "split:000-3", "split:0-00", "split:00-000", "street:0-00-000"],
        ["split:0-2", "split:0-000", "split:00-3", "corner:0-1-2-3"],
    ),
}


# and away from them, the same on every layout: a split across two rows, a corner or line that
# wraps from one row's end to the next row
INSIDE = (
    ["split:2-3", "split:33-36", "corner:32-33-35-36", "line:31-32-33-34-35-36"],
    ["split:3-4", "street:2-3-4", "corner:3-4-6-7", "line:3-8"],
)


@pytest.mark.parametrize("game", list(AT_THE_ZEROS))
def test_the_placements_at_the_zeros_of_each_layout(game):
    taken, refused = (a + b for a, b in zip(AT_THE_ZEROS[game], INSIDE))
    for bet in taken:
        family, choice = bet.split(":")
        rule = get_game(game).chosen_bet(get_game(game).paytable(), family, choice).rule
        # the name lists the numbers as the layout does: 0, 00, 000, then 1-36
        order = ["0", "00", "000", *map(str, range(1, 37))]
        assert rule.name.endswith(": " + "-".join(sorted(choice.split("-"), key=order.index))), rule.name
        for pocket in choice.split("-"):
            assert odds.settle(game, pocket, bets=[bet]).bet(bet).outcome == "win", (bet, pocket)
    for bet in refused:
        with pytest.raises(OddsError, match="placed together"):
            odds.settle(game, "17", bets=[bet])
    # written in any order, the name puts the zeros first
    reversed_bet = "-".join(reversed(taken[-1].split(":")[1].split("-")))
    rule = get_game(game).chosen_bet(get_game(game).paytable(), taken[-1].split(":")[0], reversed_bet).rule
    assert rule.name.endswith(": " + taken[-1].split(":")[1])


LAYOUT = "placed together on the single-zero wheel's layout; name such a placement, e.g."


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bet", "straight:99"], f"'straight:99': straight covers 1 number {LAYOUT} straight:1"),
        (["--bet", "split:8-12"], f"'split:8-12': split covers 2 numbers {LAYOUT} split:1-2"),
        (["--bet", "split:1-1-2"], f"'split:1-1-2': split covers 2 numbers {LAYOUT} split:1-2"),  # no repeats
        (  # a choice's text is cut past 40 characters: 41 are
            ["--bet", "split:" + "1-" * 17 + "2"],
            f"'split:1-1-1-1-1-...-1-1-1-1-1-1-1-2' (41 characters): split covers 2 numbers {LAYOUT} split:1-2",
        ),
        (
            ["--bet", "split:" + "1-" * 30 + "2"],
            f"'split:1-1-1-1-1-...-1-1-1-1-1-1-1-2' (67 characters): split covers 2 numbers {LAYOUT} split:1-2",
        ),
        (["--bet", "column:4"], f"'column:4': column covers 12 numbers {LAYOUT} column:{COLUMN_1}"),
        (["--bet", "street:5"], f"'street:5': street covers 3 numbers {LAYOUT} street:1-2-3"),
        (
            ["--bet", "voisins-du-zero:5"],
            "voisins-du-zero covers no numbers a player chooses: it takes no chosen number (voisins-du-zero:5)",
        ),
        (["--paytable", "en-prison", "--bet", "red:5"], "red reads the next spin: it takes no chosen number (red:5)"),
    ],
)
def test_a_refused_chosen_number_word_for_word(args, message):
    result = run("settle", "roulette", "0,17" if "en-prison" in args else "17", *args)
    assert (result.exit_code, result.output) == (1, f"Error: {message}\n")


@pytest.mark.parametrize("bet", ["street:1-3", "street:34-36", "line:1-6", "line:31-36"])
def test_streets_and_lines_by_their_ends_at_the_layouts_ends(bet):
    first, last = bet.split(":")[1].split("-")
    for pocket in range(int(first), int(last) + 1):
        assert odds.settle("roulette", pocket, bets=[bet]).bet(bet).outcome == "win", pocket


def test_sic_bo_chosen_numbers_are_its_bets():
    for roll in [(a, b, c) for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)][::5]:
        ref = dealers.sic_bo(roll)
        bets = [f"total:{t}" for t in range(4, 18)] + [f"triple:{f}" for f in range(1, 7)] + ["pair:2-5", "double:3"]
        settled = odds.settle("sic-bo", list(roll), bets=bets)
        for b in bets:
            assert settled.bet(b).outcome == ref[b.replace(":", "-")], (roll, b)


def test_european_roulette_refuses_00():
    result = run("settle", "roulette", "00")
    assert result.exit_code == 1 and "single-zero wheel" in result.output


# -- a file of rounds ------------------------------------------------------------------------------------


def test_a_file_of_rounds_is_settled_in_one_run(tmp_path):
    """Each line settles as odds settle does; a bad line is an error line, the run goes on and
    exits 1; ids come back; a line's bets and multipliers are its own."""
    rng = random.Random(3)
    shoe = [(r, s) for _ in range(8) for r in range(1, 14) for s in "shdc"]
    lines, wanted = [], []
    for i in range(40):
        rng.shuffle(shoe)
        cards = shoe[: dealers.deal_baccarat(shoe).cards_dealt]
        text = ",".join("A23456789TJQK"[r - 1] + s for r, s in cards)
        lines.append(json.dumps({"id": f"r{i}", "cards": text}) if i % 2 else json.dumps(text))
        wanted.append(dealers.baccarat(cards))
    lines.insert(7, '{"cards": "4s,Kh"}')
    lines.insert(9, "")
    path = tmp_path / "rounds.jsonl"
    path.write_text("\n".join(lines) + "\n")
    result = run("settle", "baccarat", "--file", str(path))
    assert result.exit_code == 1 and "1 of 41 round(s) not settled" in result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 41 and out[7] == {"line": 8, "error": out[7]["error"]} and "at least 4 cards" in out[7]["error"]
    settled = [o for o in out if "error" not in o]
    for o, ref in zip(settled, wanted):
        assert {b["id"]: b["outcome"] for b in o["bets"]} == ref
    assert settled[1]["id"] == "r1" and "id" not in settled[0]
    # the line's own bets; --format other than json refused
    one = run("settle", "sic-bo", "--file", "-", input='{"cards": [3, 3, 5], "bets": ["total:11", "big"]}\n')
    assert one.exit_code == 0 and [b["id"] for b in json.loads(one.stdout)["bets"]] == ["total:11", "big"]
    assert run("settle", "sic-bo", "--file", "-", "--format", "csv", input="[3,3,5]\n").exit_code == 2
    assert run("settle", "sic-bo", "3,3,5", "--file", "-", input="[3,3,5]\n").exit_code == 2


# -- verify: grouped by cause, every field -------------------------------------------------------------------


@pytest.fixture(scope="module")
def baccarat_rounds():
    from odds.games import get_game

    return rounds.build_rounds([get_game("baccarat")], "seed")


def test_verify_groups_mismatches_by_cause(tmp_path, baccarat_rounds):
    """A misspelt bet in every round is one cause with its count, not a line per round; text and
    JSON both say it, and the JSON lists every mismatch."""
    data = copy.deepcopy(baccarat_rounds)
    for r in data["rounds"]:
        r["bets"]["lucky6"] = r["bets"].pop("lucky-6")
    data["rounds"][5]["bets"]["banker"]["net"] = "1"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    result = run("verify", str(path))
    assert result.exit_code == 1
    n = len(data["rounds"])
    assert result.stdout.count("unknown baccarat bet 'lucky6'") == 2  # the cause, and its example
    assert f"unknown baccarat bet 'lucky6' ({n} mismatches in {n} rounds)" in result.stdout
    assert "banker: net (1 mismatch in 1 round)" in result.stdout
    assert len(result.stdout.splitlines()) < 12
    report = json.loads(run("verify", str(path), "--format", "json").stdout)
    assert report["passed"] is False and report["mismatches"] == n + 1 and report["checked"] == n
    assert [(c["cause"], c["count"], c["rounds"]) for c in report["causes"]] == [
        ("unknown baccarat bet 'lucky6'", n, n),
        ("banker: net", 1, 1),
    ]
    assert len(report["every_mismatch"]) == n + 1 and report["every_mismatch"][0]["item"] == 1
    rows = run("verify", str(path), "--format", "csv").stdout.splitlines()
    assert rows[0] == "item,id,cause,text" and len(rows) == n + 2


def test_verify_compares_every_field_of_a_hand(baccarat_rounds):
    data = {"schema": rounds.SCHEMA, "rounds": copy.deepcopy(baccarat_rounds["rounds"][:4])}
    assert rounds.verify(data)[0] == []
    first, second, third, fourth = data["rounds"]
    first["hands"][0]["cards"] = first["hands"][0]["cards"][:2]  # a card short
    second["hands"][1]["rule"] = "player-stood"
    third["hands"][0]["draws"] = 1  # 1 is not true
    fourth["hands"][0]["bonus"] = 3  # a field odds does not write
    causes = [p.cause for p in rounds.verify(data)[0]]
    assert causes == ["hand player: cards", "hand banker: rule", "hand player: draws", "hand player: bonus"]


def test_a_server_that_deals_one_card_too_many_shows_a_mismatch(baccarat_rounds):
    """Every card round carries spare cards: a settler dealing from cards + spare that draws a
    card it should not gets a wrong hand, which verify reports (it never runs out of cards)."""
    data = {"schema": rounds.SCHEMA, "rounds": []}
    for r in baccarat_rounds["rounds"]:
        assert len(r["spare"]) == 2 and all(c[0] in "A23456789" for c in r["spare"])
        shoe = r["cards"] + r["spare"]
        bad = copy.deepcopy(r)
        if len(r["cards"]) == 4:  # the server draws for the player on a natural
            bad["hands"][0]["cards"] = [shoe[0], shoe[2], shoe[4]]
            data["rounds"].append(bad)
    problems = rounds.verify(data)[0]
    assert len(problems) == len(data["rounds"]) > 5
    assert {p.cause for p in problems} == {"hand player: cards"}


def test_the_committed_settlement_vectors_carry_spare_cards():
    from pathlib import Path

    data = json.loads((Path(__file__).parent.parent / "tables" / "settlement-vectors.json").read_text())
    for r in data["rounds"]:
        card_game = odds.games.get_game(r["game"]).uses_shoe
        assert ("spare" in r) == card_game, r["id"]


def test_the_library_error_types_are_kept():
    with pytest.raises(OddsError, match="takes no chosen number"):
        odds.settle("roulette", 17, bets=["red:5"])


def test_verify_without_the_paytable_file_says_so_once(tmp_path):
    """Rounds of a user's paytable verified without --paytable: one cause, said once, with the
    round it was first found in (it printed 123 lines of about 600 characters)."""
    mine = tmp_path / "mine.toml"
    mine.write_text('game = "dragon-tiger"\nextends = "seed"\n\n[bets.tie]\npays.tie = 10\n')
    out = tmp_path / "r.json"
    assert (
        run("vectors", "--rounds", "--game", "dragon-tiger", "--paytable", str(mine), "--out", str(out)).exit_code == 0
    )
    result = run("verify", str(out))
    assert result.exit_code == 1
    assert " ".join(result.stdout.split()).count("must name a shipped dragon-tiger paytable") == 1
    assert len(result.stdout) < 1000 and max(len(line) for line in result.stdout.splitlines()) <= 100
    assert "e.g. round 1 (dragon-tiger/file:mine/" in result.stdout
    assert run("verify", str(out), "--paytable", str(mine)).exit_code == 0
