"""odds batch: the fast path against the sheet path, and the fast spec reader against Shoe.remove."""

import random

import pytest

from odds import batch
from odds.errors import OddsError
from odds.games import get_game
from odds.paytable import load_paytable
from odds.shoe import Shoe


def random_lines(seed, count, decks=8):
    rng = random.Random(seed)
    deck = [rank + suit for rank in "A23456789TJQK" for suit in "shdc"] * decks
    lines = []
    for _ in range(count):
        rng.shuffle(deck)
        items = []
        for card in deck[: rng.randint(0, 60 * decks // 8)]:
            items.append(card if rng.random() < 0.7 else card[0])  # some cards without suit
        lines.append(",".join(items))
    return lines


@pytest.mark.parametrize("game_id", ["baccarat", "tiger-baccarat"])
def test_fast_path_equals_sheet_path(game_id):
    game = get_game(game_id)
    table = load_paytable(game)
    lines = random_lines(3, 40) + [""]
    value_bets = [b for b in game.bets if game.bets[b].resolution == "value"]
    rows = batch.batch_house_edges(game, table, lines, value_bets)
    for row in rows:
        shoe = Shoe.decks(8).remove(lines[row["line"] - 1])
        counts = game.count(shoe, [row["bet"]])[row["bet"]]
        pays = table.bet(row["bet"]).pays
        expected = -sum(pays[k] * n for k, n in counts.counts.items()) / counts.total
        assert row["house_edge"] == expected


def test_fast_reader_agrees_with_shoe_remove():
    game = get_game("baccarat")
    base = Shoe.decks(1)
    lines = random_lines(8, 200, decks=1) + ["Kh,K,K,K", "K,K,K,Kh", "Kx3,Khx1", "Kh,Kh"]
    for number, line in enumerate(lines, start=1):
        try:
            shoe = base.remove(line)
        except OddsError:
            with pytest.raises(OddsError, match="line 1: "):
                batch.compositions(game, base, [line])
            continue
        ranks, cards = batch.compositions(game, base, [line])
        assert tuple(ranks[0].tolist()) == shoe.rank_counts, line
        assert (tuple(cards[0].tolist()) if cards[0, 0] >= 0 else None) == shoe.suited_counts, line


def test_too_small_a_shoe_is_refused_with_its_line():
    game = get_game("baccarat")
    with pytest.raises(OddsError, match="line 2: .*may need 6"):
        batch.batch_house_edges(
            game, load_paytable(game), ["", "Ax4,2x4,3x4,4x4,5x4,6x4,7x4,8x4,9x4,Tx4,Jx4,Qx4,Kx4"], ["banker"], decks=1
        )


def test_big_shoes_are_exact():
    game = get_game("baccarat")
    table = load_paytable(game)
    (row,) = batch.batch_house_edges(game, table, ["5x3"], ["banker"], decks=100)
    sheet_counts = game.count(Shoe.decks(100).remove("5x3"), ["banker"])["banker"]
    pays = table.bet("banker").pays
    assert row["house_edge"] == -sum(pays[k] * n for k, n in sheet_counts.counts.items()) / sheet_counts.total


def test_workers_give_the_same_output_and_global_line_numbers(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from odds.cli import cli

    monkeypatch.setattr(batch, "PARALLEL_MIN_LINES", 100)  # split even this small file
    lines = random_lines(21, 300)
    path = tmp_path / "shoes.txt"
    path.write_text("\n".join(lines) + "\n")
    args = ["batch", "baccarat", "--file", str(path), "--bet", "banker", "--bet", "either-pair"]
    one = CliRunner().invoke(cli, args + ["--workers", "1"])
    two = CliRunner().invoke(cli, args + ["--workers", "2"])
    assert one.exit_code == two.exit_code == 0
    assert one.output == two.output and len(one.output.splitlines()) == 601
    path.write_text("\n".join(lines[:280] + ["Kx40"] + lines[280:]) + "\n")
    bad = CliRunner().invoke(cli, args + ["--workers", "2"])
    assert bad.exit_code == 1 and "line 281: cannot remove Kx40" in bad.stderr


def test_a_suit_bet_on_a_line_without_suits_names_the_line():
    game = get_game("baccarat")
    with pytest.raises(OddsError, match="line 2: perfect-pair: .*needs suits"):
        batch.batch_house_edges(game, load_paytable(game), ["5s,Kh", "K"], ["perfect-pair"])
