"""Paytable files: shipped ones load, malformed ones fail with the file and the key named."""

from fractions import Fraction

import pytest

from odds.games import all_games, get_game
from odds.paytable import PaytableError, load_paytable, parse_pay, shipped_names

GOOD = """
game = "baccarat"
extends = "seed"
[bets.tie]
pays.tie = "9"
pays.no-tie = -1
"""


def test_every_shipped_paytable_loads_and_prices_every_outcome():
    for game in all_games():
        for name in shipped_names(game):
            table = load_paytable(game, name)
            # every shipped bet is kept, in order, by a file that extends the seed; a catalogue
            # file adds its own after them (a table of its own, with no extends, defines all)
            if _extends_anything(game, name):
                assert list(table.bets)[: len(game.bets)] == list(game.bets)
            for bet_id, pays in table.bets.items():
                assert set(pays.pays) == set(table.rule(bet_id).outcome_keys)


def _extends_anything(game, name: str) -> bool:
    import tomllib
    from importlib import resources

    if name == game.default_paytable:
        return True
    text = resources.files("odds.paytables").joinpath(game.id, f"{name}.toml").read_text(encoding="utf-8")
    return "extends" in tomllib.loads(text)


def test_pays_are_exact():
    assert parse_pay("19/20", "x") == Fraction(19, 20)
    assert parse_pay(0.95, "x") == Fraction(19, 20)
    assert parse_pay("-0.5", "x") == Fraction(-1, 2)


def test_user_file_extends_a_shipped_paytable(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(GOOD)
    table = load_paytable(get_game("baccarat"), str(path))
    assert table.bet("tie").pays["tie"] == 9
    assert table.bet("banker").pays["banker-wins"] == Fraction(19, 20)


@pytest.mark.parametrize(
    "text, key",
    [
        ('game = "baccarat"\nextends = "seed"\ncolour = 1\n', "colour"),
        (
            'game = "baccarat"\nextends = "seed"\n[bets.mine]\noutcomes = [{ key = "win", when = "tie" }, '
            '{ key = "lose", pays = -1 }]\n',
            "bets.mine.pays",
        ),
        ('game = "baccarat"\nextends = "seed"\n[bets.tie]\npays.tie = -2\npays.no-tie = -1\n', "bets.tie.pays.tie"),
        ('game = "baccarat"\nextends = "seed"\n[bets.tie]\npays.tie = "lots"\npays.no-tie = -1\n', "bets.tie.pays.tie"),
        (
            'game = "baccarat"\nextends = "seed"\n[bets.tie]\npays.tie = 8\npays.no-tie = -1\npays.draw = 1\n',
            "bets.tie.pays.draw",
        ),
        ('game = "baccarat"\nextends = "seed"\n[bets.tye]\npays.tie = 8\n', "bets.tye"),
        (
            'game = "baccarat"\nextends = "seed"\n[bets.tie]\nodds = 3\npays.tie = 8\npays.no-tie = -1\n',
            "bets.tie.odds",
        ),
        (
            'game = "baccarat"\nextends = "seed"\n[bets.tie]\nwindow = 0\npays.tie = 8\npays.no-tie = -1\n',
            "bets.tie.window",
        ),
        ('game = "baccarat"\nextends = "nothing"\n', "extends"),
        ('game = "tiger-baccarat"\n', "game"),
        ('game = "baccarat"\n[bets.tie]\npays.tie = 8\npays.no-tie = -1\n', "extends"),
        ('game = "baccarat"\n[bets\n', "not valid TOML"),
    ],
)
def test_malformed_paytables_name_the_file_and_key(tmp_path, text, key):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(PaytableError) as info:
        load_paytable(get_game("baccarat"), str(path))
    message = str(info.value)
    assert str(path) in message and key in message
    assert "\n" not in message


def test_unknown_bet_in_a_file_suggests_the_closest(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('game = "baccarat"\nextends = "seed"\n[bets.bankr]\npays.banker-wins = 1\n')
    with pytest.raises(PaytableError, match="did you mean banker"):
        load_paytable(get_game("baccarat"), str(path))


def test_decimals_are_read_as_written_not_as_binary_floats(tmp_path):
    path = tmp_path / "close.toml"
    path.write_text(
        'game = "baccarat"\nextends = "seed"\n[bets.banker]\n'
        "pays.banker-wins = 0.94999999999999999999\npays.tie = 0\npays.player-wins = -1\n"
    )
    pay = load_paytable(get_game("baccarat"), str(path)).bet("banker").pays["banker-wins"]
    assert pay == Fraction(94999999999999999999, 10**20) != Fraction(19, 20)


def test_a_file_that_is_not_utf8_is_a_clear_error(tmp_path):
    path = tmp_path / "binary.toml"
    path.write_bytes(b"\xff\xfe\x00game")
    with pytest.raises(PaytableError, match="UTF-8"):
        load_paytable(get_game("baccarat"), str(path))
