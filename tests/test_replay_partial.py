"""``count --replay`` of partly recorded shoes (issue 25): ``?`` for a card not recorded, ``...``
for the rest of the shoe, ``|`` where a round ends (docs/depletion.md "Recorded shoes").

Checked against other ways to the same figures: cards that are never exposed (face-down burns,
the tail never dealt) change nothing, so a record without them gives the full record's figures
byte for byte; a missed round is placed by the reference dealer (tests/reference, which imports
nothing from odds) and every later round's expectation priced by the sheet of the shoe less the
exposed cards that were recorded."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from odds.cards import card_name
from odds.cli import cli
from odds.depletion.dealer import shuffled
from odds.depletion.evaluator import CARD_OF_KIND
from odds.shoe import Shoe
from reference.dealers import deal_baccarat

BET = "dragon-bonus-player"
FULL = Shoe.decks(8).card_counts()


def count_json(game: str, bet: str, path, *args) -> dict:
    result = CliRunner().invoke(
        cli, ["count", game, "--bet", bet, "--workers", "1", "--replay", str(path), *args, "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def seeded(seed: int, index: int) -> list[str]:
    return [card_name(*CARD_OF_KIND[k]) for k in shuffled(FULL, seed, index).tolist()]


def burn_of(card: str) -> int:
    """Cards the commencement card burns: its value, A = 1, T J Q K = 10 (docs/rules.md)."""
    return min("A23456789TJQK".index(card[0]) + 1, 10)


def test_cards_never_exposed_may_be_missing(tmp_path):
    """The face-down burns and the tail behind the cut card never reach the watcher: a record
    without them (baccarat: the commencement burn as ?, the last 8 cards as ...; Dragon Tiger: the
    burn before every round too) gives the full record's figures exactly."""
    for game, bet, burn_per_round in (("baccarat", BET, 0), ("dragon-tiger", "tie", 1)):
        full, part = [], []
        for i in range(5):
            cards = seeded(11, i)
            burn = burn_of(cards[0])
            start = 1 + burn
            hidden = set(range(1, start))
            if burn_per_round:  # Dragon Tiger: a burn, then Dragon's and Tiger's cards, each round
                hidden |= set(range(start, len(cards), 3))
            kept = ["?" if p in hidden else c for p, c in enumerate(cards[:-8])]
            full.append(",".join(cards))
            part.append(",".join(kept) + ",...")
        (tmp_path / "full.txt").write_text("\n".join(full) + "\n")
        (tmp_path / "part.txt").write_text("\n".join(part) + "\n")
        assert part[0].count("?") > (60 if burn_per_round else 0)
        for args in ((), ("--trigger", "2", "--true-count", "in-shoe")):
            whole = count_json(game, bet, tmp_path / "full.txt", *args)
            assert count_json(game, bet, tmp_path / "part.txt", *args) == whole, (game, args)


def reference_rounds(cards: list[tuple[int, str]], cut_card: int = 14) -> list[tuple[int, int]]:
    """(first position, cards used) of each round of a baccarat shoe: the commencement burn, then
    rounds by the reference dealer until the cut card (the round it comes out in is the last)."""
    total, cut = len(cards), len(cards) - cut_card
    pos = 1 + min(cards[0][0], 10)
    rounds = []
    while pos <= cut and total - pos >= 6:
        used = deal_baccarat(cards[pos:]).cards_dealt
        rounds.append((pos, used))
        pos += used
    return rounds


def test_a_missed_round_leaves_its_cards_unseen(tmp_path):
    """Round 9's cards not recorded (``?`` each, ``|`` after them, since its length would
    otherwise be open): the rounds are where the reference dealer puts them, and each round's
    exact expectation is the sheet's for the shoe less the recorded exposed cards - round 9's
    stay among the unseen, as a face-down burn does. A record that stops after round 14 (``...``)
    replays 15 rounds: the 15th starts where the 14th ends, and nothing tells how long it is."""
    import odds

    names = seeded(3, 0)
    rounds = reference_rounds([CARD_OF_KIND[k] for k in shuffled(FULL, 3, 0).tolist()])
    missed, used = rounds[8]
    head = ",".join(names[:missed] + ["?"] * used)
    (tmp_path / "shoe.txt").write_text(head + "|" + ",".join(names[missed + used :]) + "\n")
    assert count_json("baccarat", BET, tmp_path / "shoe.txt")["bets"][0]["rounds_per_shoe"] == len(rounds)

    end = rounds[13][0] + rounds[13][1]
    (tmp_path / "short.txt").write_text(head + "|" + ",".join(names[missed + used : end]) + ",...\n")
    row = count_json("baccarat", BET, tmp_path / "short.txt")["bets"][0]
    evs = []
    for number in range(15):
        exposed = [names[0]] + [names[p] for p0, n in rounds[:number] if p0 != missed for p in range(p0, p0 + n)]
        evs.append(-odds.sheet("baccarat", bets=[BET], remove=",".join(exposed)).bet(BET).house_edge)
    assert isinstance(evs[0], Fraction) and evs[9] == evs[8]  # round 9's cards not seen: nothing changed
    assert row["rounds_per_shoe"] == 15
    assert row["mean_expected_value"] == pytest.approx(float(sum(evs) / 15), abs=1e-9)
    assert row["positive_fraction"] == sum(ev > 0 for ev in evs) / 15
    assert row["perfect_units_per_shoe"] == pytest.approx(float(sum(ev for ev in evs if ev > 0)), abs=1e-8)


def test_a_round_end_marked_where_the_rules_agree_changes_nothing(tmp_path):
    names = seeded(5, 1)
    cards = [CARD_OF_KIND[k] for k in shuffled(FULL, 5, 1).tolist()]
    rounds = reference_rounds(cards)
    ends = {p + n for p, n in rounds[:30]}
    marked = ",".join(name + ("|" if p + 1 in ends else "") for p, name in enumerate(names)).replace("|,", "|")
    (tmp_path / "full.txt").write_text(",".join(names) + "\n")
    (tmp_path / "marked.txt").write_text(marked + "\n")
    assert marked.count("|") == 30
    assert count_json("baccarat", BET, tmp_path / "marked.txt") == count_json("baccarat", BET, tmp_path / "full.txt")


@pytest.mark.parametrize(
    "change, says",
    [
        (lambda n, r: n[:-1] + ["As"], "more cards of a kind than the 8-deck shoe holds"),
        (lambda n, r: n + ["?"], "417 cards, more than the 416"),
        (lambda n, r: n[:-3] + ["?x2"], "415 cards, not the 416"),
        (lambda n, r: n[:5] + ["..."] + n[5:], "must be the line's last item"),
        (lambda n, r: n[:5] + ["?x0"] + n[5:], "?xN"),
        (lambda n, r: n[:5] + ["?y3"] + n[5:], "?xN"),
        (lambda n, r: n[: r[3][0] + 2] + ["|" + n[r[3][0] + 2]] + n[r[3][0] + 3 :], "falls inside round 4"),
        # round 5's first four cards missing and no | to say where it ends, with cards recorded after it
        (lambda n, r: n[: r[4][0]] + ["?x4"] + n[r[4][0] + 4 :], "put a | where it ends"),
        (lambda n, r: ["?"] + n[1:], "commencement card) is not recorded"),
        (lambda n, r: n[:-2] + [n[-2] + "|" + n[-1]], "does not fall between two rounds"),
    ],
)
def test_an_inconsistent_record_is_one_line_naming_it(tmp_path, change, says):
    names = seeded(2, 0)
    rounds = reference_rounds([CARD_OF_KIND[k] for k in shuffled(FULL, 2, 0).tolist()])
    good = ",".join(names)
    (tmp_path / "shoes.txt").write_text(good + "\n" + ",".join(change(names, rounds)) + "\n")
    result = CliRunner().invoke(cli, ["count", "baccarat", "--bet", BET, "--replay", str(tmp_path / "shoes.txt")])
    assert result.exit_code == 1, result.output
    assert "line 2: " in result.output and says in result.output, result.output
    assert len(result.output.splitlines()) == 1


def test_a_first_card_not_recorded_with_its_burn_marked(tmp_path):
    """The commencement card missing: a | where its burn ends places the rounds (as the reference
    dealer deals them), and the first round is priced from the whole shoe (nothing recorded was
    exposed before it)."""
    names = seeded(4, 2)
    burn = burn_of(names[0])
    line = "?x" + str(1 + burn) + "|" + ",".join(names[1 + burn :])
    (tmp_path / "shoe.txt").write_text(line + "\n")
    row = count_json("baccarat", BET, tmp_path / "shoe.txt")["bets"][0]
    rounds = reference_rounds([CARD_OF_KIND[k] for k in shuffled(FULL, 4, 2).tolist()])
    assert row["rounds_per_shoe"] == len(rounds)
    (tmp_path / "first.txt").write_text(
        line.split("|")[0] + "|" + ",".join(names[1 + burn :][: rounds[0][1]]) + ",...\n"
    )
    first = count_json("baccarat", BET, tmp_path / "first.txt")["bets"][0]
    assert first["rounds_per_shoe"] == 2  # round 1, and round 2 whose length nothing tells
    import odds

    one = odds.sheet("baccarat", bets=[BET]).bet(BET).house_edge  # nothing recorded exposed yet
    p0, n = rounds[0]
    two = odds.sheet("baccarat", bets=[BET], remove=",".join(names[p0 : p0 + n])).bet(BET).house_edge
    assert first["mean_expected_value"] == pytest.approx(-float(one + two) / 2, abs=1e-9)
