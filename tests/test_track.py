"""odds track without a browser: the table (rounds, burns, undo, windows, the true count), its
expectations against the sheet path (``odds.sheet`` with the same cards removed, which counts by
another route), the SQLite store, and ``--stdin``."""

from __future__ import annotations

import json
import random
import sqlite3
from fractions import Fraction

import pytest
from click.testing import CliRunner

import odds
from odds.cards import RANK_LETTERS, card_name
from odds.cli import cli
from odds.depletion.dealer import shuffled
from odds.depletion.evaluator import CARD_OF_KIND
from odds.floor.store import Choices, Floor, StoreError
from odds.floor.table import EntryError, Start, Table, parse_entry
from odds.games import get_game
from odds.shoe import Shoe


def dealt_cards(seed: int, decks: int = 8, suits: bool = True) -> list[str]:
    """A shuffled shoe's cards in order, as the tracker is given them."""
    order = shuffled(Shoe.decks(decks).card_counts(), seed, 0).tolist()
    return [card_name(*CARD_OF_KIND[k]) if suits else RANK_LETTERS[CARD_OF_KIND[k][0] - 1] for k in order]


def sheet_values(game_id: str, paytable: str | None, cards: list[str], decks: int = 8) -> dict:
    """Every bet's expectation by the sheet path, the cards seen removed (suit bets left out
    when a card has no suit, as `odds sheet --remove` leaves them out)."""
    shoe = Shoe.decks(decks).remove(",".join(cards)) if cards else Shoe.decks(decks)
    return {b.id: b.expected_value for b in odds.sheet(game_id, paytable=paytable, shoe=shoe).bets}


def shown_values(table: Table) -> dict:
    return {p.id: p.expected_value for p in table.prices() if p.expected_value is not None}


@pytest.mark.parametrize(
    "game_id, paytable, suits, rounds",
    [
        ("baccarat", "ez-baccarat", True, 4),  # compiled, rank and suit tables (perfect pair)
        ("baccarat", "seed", False, 3),  # suits unknown: the suit bets are left out
        ("dragon-tiger", None, True, 4),
        ("tiger-baccarat", None, True, 3),
        ("player-dealer-baccarat", None, True, 2),  # best-choice bets: the game's own counts
    ],
)
def test_after_every_round_the_expectations_are_the_sheets(game_id, paytable, suits, rounds):
    game = get_game(game_id)
    table = Table(game, game.paytable(paytable), Start(decks=8))
    cards = dealt_cards(7, suits=suits)
    seen: list[str] = []
    for card in cards:
        if len(table.rounds) == rounds:
            break
        before = len(table.rounds)
        table.enter(card)
        seen.append(card)
        if len(table.rounds) > before:
            assert table.pending_cards == ()
            assert shown_values(table) == sheet_values(game_id, paytable, seen)
    assert len(table.rounds) == rounds and table.shoe.total == 416 - len(seen)
    left_out = {p.id for p in table.prices() if p.expected_value is None}
    assert left_out == ({"perfect-pair"} if not suits else set())


def test_mid_round_the_expectation_is_the_unseen_cards(tmp_path):
    """Between the cards of a round the page shows the expectation of the cards not yet seen:
    what the next round is worth on average, given every card seen (exchangeability)."""
    game = get_game("baccarat")
    table = Table(game, game.paytable(), Start(decks=1))
    table.enter("9s 9h 2d")
    assert table.pending_cards == ("9s", "9h", "2d") and table.next_round == 2
    assert shown_values(table) == sheet_values("baccarat", None, ["9s", "9h", "2d"], decks=1)


def test_each_round_is_settled_as_odds_settle_settles_it():
    game = get_game("baccarat")
    table = Table(game, game.paytable(), Start(decks=8))
    cards = dealt_cards(3)
    table.enter(" ".join(cards[:60]))
    at = 0
    for r in table.rounds:
        n = len(r.settlement.cards)
        assert r.settlement.to_dict() == odds.settle("baccarat", ",".join(cards[at : at + n])).to_dict()
        at += n
    assert list(table.pending_cards) == cards[at:60]


def test_windows_close_after_their_round():
    game = get_game("baccarat")
    table = Table(game, game.paytable(), Start(decks=8))  # big and small: the first 40 rounds
    cards = dealt_cards(11)
    at = 0
    while len(table.rounds) < 39:
        table.enter(cards[at])
        at += 1
    assert table.next_round == 40 and table.pending_cards == ()
    assert {p.id: p.open for p in table.prices()}["big"] is True
    table.enter(cards[at])  # round 40 under way: the next wager is on round 41
    assert table.next_round == 41 and {p.id: p.open for p in table.prices()}["big"] is False
    assert {p.id: p.open for p in table.prices()}["banker"] is True  # no window


def test_undo_restores_every_figure():
    game = get_game("baccarat")
    table = Table(game, game.paytable("ez-baccarat"), Start(decks=8))
    cards = dealt_cards(5)
    table.enter(" ".join(cards[:20]))
    before = (table.shoe, len(table.rounds), table.pending_cards, shown_values(table))
    table.enter(" ".join(cards[20:31]))
    table.enter(" ".join(["undo"] * 11))
    assert (table.shoe, len(table.rounds), table.pending_cards, shown_values(table)) == before
    assert len(table.events) == 20


def test_a_new_shoe_and_undoing_it():
    game = get_game("dragon-tiger")
    table = Table(game, game.paytable(), Start(decks=8))
    table.enter("burn Kh 4s 9d 2c 2h")
    assert table.burns == ["Kh"] and len(table.rounds) == 2 and table.shoe.total == 411
    table.enter("shoe")
    assert table.shoe.total == 416 and table.rounds == [] and table.burns == []
    table.enter("undo")
    assert table.shoe.total == 411 and len(table.rounds) == 2 and table.burns == ["Kh"]


def test_a_bad_line_changes_nothing():
    game = get_game("baccarat")
    table = Table(game, game.paytable(), Start(decks=1))
    table.enter("4s Kh Ad 4c 2h 9d 5s")
    assert table.take_changes() == (0, table.events)
    state = (table.shoe, len(table.rounds), table.pending_cards, list(table.events), table.version)
    for line in ["5h 5h", "K K K K K Q Q Q Q Q", "Zz", "burn", "Kx3", "undo undo shoe 2s 2s", "burn 5", "x" * 3000]:
        with pytest.raises(EntryError):
            table.enter(line)
        assert (table.shoe, len(table.rounds), table.pending_cards, list(table.events)) == state[:4], line
    assert table.take_changes() == (7, [])  # nothing for the store to write


def test_a_burn_comes_between_rounds():
    game = get_game("baccarat")
    table = Table(game, game.paytable(), Start(decks=8))
    with pytest.raises(EntryError, match="burned between rounds"):
        table.enter("4s Kh burn 7")
    assert table.events == []


def test_the_entry_language():
    assert parse_entry(" k,  Qh burn 10 UNDO shoe") == [
        ("card", (13, None)),
        ("card", (12, "h")),
        ("burn", (10, None)),
        ("undo", None),
        ("shoe", None),
    ]
    for bad in ["burn burn 7", "nope", "5x2", 7]:
        with pytest.raises(EntryError):
            parse_entry(bad)


def test_the_true_count_is_the_running_count_per_deck_unseen():
    """Against the running count of the cards seen, computed directly (the table derives it from
    the cards left): 52 (R - seen x mean tag) / unseen."""
    tags = [0, 0, -1, -1, -1, -2, 1, 2, 2, 0]  # Big Tiger's count (values A..T)
    game = get_game("tiger-baccarat")
    table = Table(game, game.paytable(), Start(decks=8), tags)
    cards = dealt_cards(9)[:150]
    table.enter(" ".join(cards))
    value = {r: tags[min(r, 10) - 1] for r in range(1, 14)}
    running = sum(value[RANK_LETTERS.index(c[0]) + 1] for c in cards)
    full = sum(value[r] for r in range(1, 14)) * 32
    mean = Fraction(full, 416)
    assert table.true_count() == 52 * (running - 150 * mean) / (416 - 150)
    assert Table(game, game.paytable(), Start(decks=8)).true_count() is None


def test_a_table_started_from_the_cards_left():
    game = get_game("baccarat")
    ranks = (20, 25, 30, 31, 32, 28, 32, 10, 12, 40, 44, 38, 30)
    table = Table(game, game.paytable(), Start(ranks=ranks))
    assert table.shoe.rank_counts == ranks
    expected = {b.id: b.expected_value for b in odds.sheet("baccarat", shoe=Shoe.from_rank_counts(ranks)).bets}
    assert shown_values(table) == expected
    with pytest.raises(EntryError):
        Start(ranks=(1, 2, 3))
    with pytest.raises(EntryError):
        Start(decks=0)


def test_a_shoe_too_small_for_a_round_is_said():
    game = get_game("baccarat")
    table = Table(game, game.paytable(), Start(ranks=(0,) * 9 + (7, 0, 0, 0)))
    table.enter("T T")
    prices = table.prices()
    assert all(p.expected_value is None for p in prices)
    assert all("no round can be dealt" in p.note for p in prices if p.id != "perfect-pair")


# -- the store -------------------------------------------------------------------------------------


def test_the_store_keeps_every_card_across_a_restart(tmp_path):
    path = tmp_path / "floor.sqlite"
    floor = Floor(str(path), Choices())
    first = floor.create("baccarat", "ez-baccarat", {"decks": 8}, "0,0,-1,-1,-1,-2,1,2,2,0")
    second = floor.create("dragon-tiger", None, {"ranks": [32] * 13})
    cards = dealt_cards(2)
    for card in cards[:25]:
        floor.enter(first, card)
    floor.enter(first, "undo undo")
    floor.enter(second, "burn 5 Kh 2s")
    want = {
        i: (t.shoe, len(t.rounds), t.pending_cards, shown_values(t), t.true_count()) for i, t in floor.tables.items()
    }
    del floor  # no close: as a killed server leaves it
    again = Floor(str(path), Choices())
    got = {
        i: (t.shoe, len(t.rounds), t.pending_cards, shown_values(t), t.true_count()) for i, t in again.tables.items()
    }
    assert got == want and again.keys == {first: "ez-baccarat", second: "seed"}
    again.remove(second)
    again.close()
    assert list(Floor(str(path), Choices()).tables) == [first]


def test_what_the_database_holds_is_checked(tmp_path):
    path = tmp_path / "floor.sqlite"
    floor = Floor(str(path), Choices())
    good = floor.create("baccarat", None, {"decks": 8})
    floor.enter(good, "4s Kh")
    floor.close()
    db = sqlite3.connect(path)
    db.execute("INSERT INTO floor_tables (game, paytable, start) VALUES ('no-such-game', 'seed', '{\"decks\": 8}')")
    db.execute("INSERT INTO floor_tables (game, paytable, start) VALUES ('baccarat', '../../etc/passwd', '{}')")
    db.execute(
        "INSERT INTO floor_tables (game, paytable, paytable_file, start) "
        "VALUES ('baccarat', 'file:mine', '/tmp/mine.toml', '{\"decks\": 8}')"
    )
    db.execute("INSERT INTO floor_tables (game, paytable, start) VALUES ('baccarat', 'seed', '{\"decks\": 8}')")
    bad = db.execute("SELECT max(id) FROM floor_tables").fetchone()[0]
    db.execute("INSERT INTO floor_events VALUES (?, 0, 'card', 'Zz')", (bad,))
    db.commit()
    db.close()
    again = Floor(str(path), Choices())
    assert list(again.tables) == [good] and again.tables[good].pending_cards == ("4s", "Kh")
    assert len(again.skipped) == 4
    assert any("start the tracker with --paytable /tmp/mine.toml" in s for s in again.skipped)
    (tmp_path / "junk.sqlite").write_bytes(b"not a database" * 100)
    with pytest.raises(odds.OddsError, match="cannot open|not a tracker"):
        Floor(str(tmp_path / "junk.sqlite"), Choices())


def test_a_page_names_a_paytable_it_never_sends_a_path(tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text('game = "baccarat"\nextends = "seed"\n[bets.tie]\npays.tie = 9\npays.no-tie = -1\n')
    choices = Choices(str(mine))
    floor = Floor(str(tmp_path / "f.sqlite"), choices)
    table_id = floor.create("baccarat", "file:mine", {"decks": 8})
    assert floor.tables[table_id].paytable.bet("tie").pays["tie"] == 9
    for key in [str(mine), "./mine.toml", "mine", "/etc/passwd", "file:other"]:
        with pytest.raises(odds.OddsError, match="unknown paytable"):
            floor.create("baccarat", key, {"decks": 8})
    with pytest.raises(odds.OddsError, match="unknown paytable"):
        floor.create("dragon-tiger", "file:mine", {"decks": 8})  # the file is baccarat's
    floor.close()
    assert list(Floor(str(tmp_path / "f.sqlite"), choices).tables) == [table_id]
    assert Floor(str(tmp_path / "f.sqlite"), Choices()).tables == {}  # started without the file


# -- odds track --stdin ----------------------------------------------------------------------------------


def test_stdin_prints_each_round_and_the_positive_bets():
    cards = dealt_cards(4)[:40]
    lines = "\n".join([" ".join(cards[:13]), "Zz", " ".join(cards[13:])]) + "\n"
    result = CliRunner().invoke(cli, ["track", "baccarat", "--stdin", "--format", "json"], input=lines)
    assert result.exit_code == 1, result.output
    assert result.stderr.splitlines() == [
        "line 2: bad card 'Zz': write a rank A 2-9 T J Q K, an optional suit s h d c and an optional "
        "multiplier, e.g. 5x3,K,Th (line not applied)",
        "Error: 1 line of input not applied (named above)",
    ]
    events = [json.loads(line) for line in result.stdout.splitlines()]
    game = get_game("baccarat")
    table = Table(game, game.paytable(), Start(decks=8))
    table.enter(" ".join(cards))
    assert [e["round"] for e in events] == list(range(1, len(table.rounds) + 1))
    at = 0
    for event, r in zip(events, table.rounds):
        n = len(r.settlement.cards)
        assert event["settlement"]["bets"] == odds.settle("baccarat", ",".join(cards[at : at + n])).to_dict()["bets"]
        at += n
        values = sheet_values("baccarat", None, cards[:at])
        assert {b["id"]: Fraction(b["expected_value"]) for b in event["bets"]} == values
        assert event["positive"] == [b for b, v in values.items() if v > 0]
        assert event["line"] == (1 if at <= 13 else 3)
    text = CliRunner().invoke(cli, ["track", "baccarat", "--stdin"], input=" ".join(cards) + "\nundo\n")
    assert text.exit_code == 0, text.output
    assert text.stdout.count("\nround ") + text.stdout.startswith("round ") == len(table.rounds)
    assert "next round 2 (" in text.stdout and text.stdout.rstrip().endswith("cards left)")


@pytest.mark.parametrize(
    "args, message",
    [
        (["track", "roulette", "--stdin"], "deals no cards"),
        (["track", "baccarat", "--stdin", "--ranks", "1,2"], "--ranks needs 13"),
        (["track", "baccarat", "--stdin", "--tags", "1,2"], "--tags needs 10 integers"),
        (["track", "baccarat", "--stdin", "--db", "x.sqlite"], "--db is for the page"),
        (["track", "baccarat", "--format", "json"], "--format json is for --stdin"),
        (["track", "baccarat", "--stdin", "--decks", "8", "--ranks", ",".join(["4"] * 13)], "not both"),
    ],
)
def test_track_refuses_in_one_line(args, message):
    result = CliRunner().invoke(cli, args, input="")
    assert result.exit_code in (1, 2) and message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_random_lines_never_break_the_table():
    """Lines of random tokens: each is applied whole or refused with an EntryError."""
    rng = random.Random(5)
    game = get_game("dragon-tiger")
    table = Table(game, game.paytable(), Start(decks=1))
    words = ["K", "Kh", "2", "burn", "undo", "shoe", "x", "10", "Ah", "Zz", "5x2", ",", "As", "9c"]
    for step in range(200):
        line = " ".join(rng.choice(words) for _ in range(rng.randint(0, 6)))
        try:
            table.enter(line)
        except EntryError:
            pass
        assert table.shoe.total == 52 - len(table.burns) - 2 * len(table.rounds) - len(table.pending)
        if step % 20:
            continue
        replay = Table(game, game.paytable(), Start(decks=1), events=table.events)
        assert (replay.shoe, len(replay.rounds), replay.pending_cards) == (
            table.shoe,
            len(table.rounds),
            table.pending_cards,
        )


def test_a_card_the_database_cannot_take_is_not_shown(tmp_path, monkeypatch):
    """A write that fails (a full disk) leaves the table as the database holds it."""
    floor = Floor(str(tmp_path / "floor.sqlite"), Choices())
    table_id = floor.create("baccarat", None, {"decks": 8})
    floor.enter(table_id, "4s Kh")

    def full(*args, **kwargs):
        raise StoreError("cannot write the tracker's database: database or disk is full")

    monkeypatch.setattr(floor, "_write", full)
    with pytest.raises(odds.OddsError, match="disk is full"):
        floor.enter(table_id, "Ad")
    assert floor.tables[table_id].pending_cards == ("4s", "Kh")
    monkeypatch.undo()
    floor.enter(table_id, "Ad")
    floor.close()
    assert Floor(str(tmp_path / "floor.sqlite"), Choices()).tables[table_id].pending_cards == ("4s", "Kh", "Ad")


def test_mid_round_the_figure_is_the_next_rounds_mean_over_every_way_the_round_can_end():
    """What the page shows between the cards of a round is exactly the probability-weighted mean,
    over every way the round under way can end, of what the next round is worth then (a small
    shoe: every completion enumerated)."""
    from odds.floor.audit import round_length
    from odds.floor.prices import card_row, expectations

    game = get_game("baccarat")
    table = Table(game, game.paytable(), Start(ranks=(2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 1, 1, 1)))
    table.enter("9 9 2")
    bets = ["banker", "tie", "big", "player-pair"]
    rows, weights = [], []

    def walk(cards, shoe, p):
        if round_length(game, cards) is not None:
            rows.append(card_row(shoe))
            weights.append(p)
            return
        for rank, count in enumerate(shoe.rank_counts, 1):
            if count:
                walk(cards + [(rank, None)], shoe.remove(RANK_LETTERS[rank - 1]), p * Fraction(count, shoe.total))

    walk([(9, None), (9, None), (2, None)], table.shoe, Fraction(1))
    assert sum(weights) == 1 and len(rows) > 500
    after = expectations(game, game.paytable(), bets, rows)
    shown = shown_values(table)
    for bet in bets:
        assert sum(w * v for w, v in zip(weights, after[bet])) == shown[bet], bet
