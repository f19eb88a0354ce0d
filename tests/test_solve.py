"""odds solve: the sympy solution against independent derivations (closed forms for dice,
published baccarat figures, and a round trip through a paytable file and the sheet)."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction as F

import pytest
from click.testing import CliRunner
from hypothesis import given, strategies as st

from odds.cli import cli
from odds.design import solve as solve_lib
from odds.design.solve import grid_ceil, grid_floor, practical_pays_around, solve_pay
from odds.games import get_game
from odds.paytable import load_paytable
from odds.sheet import build_sheet
from odds.shoe import Shoe

BACCARAT = get_game("baccarat")


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_sic_bo_break_even_pays_are_the_closed_forms():
    # Three fair dice: total 4 is 3 of 216 rolls, a specific triple 1 of 216; a line that hits k of
    # n equally likely rolls breaks even at (n - k) / k to 1.
    game = get_game("sic-bo")
    table = load_paytable(game)
    assert solve_pay(game, "total-4", table, None).pays == F(216 - 3, 3) == 71
    assert solve_pay(game, "triple-3", table, None).pays == 215
    # total 10: 27 of 216 rolls
    assert solve_pay(game, "total-10", table, None).pays == F(216 - 27, 27) == 7


def test_banker_break_even_matches_the_published_probabilities():
    # Wizard of Odds, 8 decks: banker wins 0.458597, player 0.446247 (ties push), so break-even
    # pays P(player) / P(banker) = 0.97307; the commission 2.69%.
    s = solve_pay(BACCARAT, "banker", load_paytable(BACCARAT), Shoe.decks(8))
    assert s.outcome == "banker-wins"
    assert abs(float(s.pays) - 0.446247 / 0.458597) < 2e-6
    assert s.commission == 1 - s.pays
    assert abs(float(s.current_edge) - 0.010579) < 1e-6  # the published 1.0579% at 0.95


def test_tie_break_even_is_one_over_p_minus_one():
    table = load_paytable(BACCARAT)
    shoe = Shoe.decks(8)
    counts = BACCARAT.count(shoe, ["tie"])["tie"]
    p = F(counts.counts["tie"], counts.total)
    assert solve_pay(BACCARAT, "tie", table, shoe).pays == (1 - p) / p
    assert abs(float(p) - 0.095156) < 1e-6  # published 8-deck tie probability


@pytest.mark.parametrize(
    "game_id, bet, outcome, target, decks, remove",
    [
        ("baccarat", "banker", None, F(1, 100), 8, ""),
        ("baccarat", "tie", None, F(3, 100), 6, "5x3,K,9x2"),
        ("baccarat", "lucky-6", "six-two-cards", F(5, 100), 8, ""),
        ("baccarat", "dragon-bonus-player", "win-by-7", F(2, 100), 1, "Ts,Th,4c"),
        ("baccarat", "player", "tie", F(1, 100), 8, ""),  # a push line priced as a loss share
        # the best-choice line decides the player's option by the pays: the counts move with the pay
        ("player-dealer-baccarat", "player-line-best-choice", None, F(-30, 100), 8, ""),
        ("player-dealer-baccarat", "player-line-best-choice", "dealer-wins", F(-40, 100), 8, ""),
    ],
)
def test_round_trip_through_a_paytable_file(tmp_path, game_id, bet, outcome, target, decks, remove):
    """Write the solved pay into a user's TOML paytable; the sheet must show the target edge."""
    game = get_game(game_id)
    table = load_paytable(game)
    shoe = Shoe.decks(decks).remove(remove) if remove else Shoe.decks(decks)
    s = solve_pay(game, bet, table, shoe, outcome, target)
    path = tmp_path / "solved.toml"
    path.write_text(
        f'game = "{game_id}"\nextends = "{game.default_paytable}"\n[bets.{bet}]\n'
        + "".join(f'pays.{k} = "{s.pays if k == s.outcome else v}"\n' for k, v in table.bet(bet).pays.items()),
        encoding="utf-8",
    )
    sheet = build_sheet(game, load_paytable(game, str(path)), shoe, [bet])
    assert sheet.bets[0].house_edge == target
    # the practical pays bracket the exact one, and the edge falls as the pay rises
    below = [n for n in s.nearby if n.pays <= s.pays]
    above = [n for n in s.nearby if n.pays >= s.pays]
    assert below and above
    assert all(n.house_edge >= target for n in below) and all(n.house_edge <= target for n in above)


def test_symbolic_expression_agrees_with_the_sheet_at_any_pay():
    import sympy

    table = load_paytable(BACCARAT)
    shoe = Shoe.decks(8)
    s = solve_pay(BACCARAT, "banker", table, shoe)
    x, c = sympy.symbols("x c")
    edge_in_pay = sympy.sympify(s.expression)
    edge_in_commission = sympy.sympify(s.commission_expression)
    counts = BACCARAT.count(shoe, ["banker"])["banker"]
    for pay in (F(19, 20), F(1), F(9, 10), F(1, 2)):
        c_ = counts.counts
        expected = F(c_["player-wins"] - pay * c_["banker-wins"], counts.total)
        assert F(str(edge_in_pay.subs(x, sympy.Rational(str(pay))))) == expected
        assert F(str(edge_in_commission.subs(c, sympy.Rational(str(1 - pay))))) == expected
    # 8 decks, 5% commission: 1.0579% (published)
    assert abs(float(edge_in_commission.subs(c, sympy.Rational(1, 20))) - 0.010579) < 1e-6


@given(st.fractions(min_value=-1, max_value=400, max_denominator=1000))
def test_grid_brackets_any_pay(x):
    lo, hi = grid_floor(x), grid_ceil(x)
    assert lo <= x <= hi
    for g in (lo, hi):  # on the grid
        step = 1 if g >= 10 else F(1, 2) if g >= 2 else F(1, 20)
        assert (g / step).denominator == 1
    pays = practical_pays_around(x)
    assert pays == sorted(set(pays)) and all(p >= -1 for p in pays)
    assert any(p <= x for p in pays) and any(p >= x for p in pays)


@pytest.mark.parametrize(
    "text, value", [("1.06%", F(106, 10000)), ("0.0106", F(106, 10000)), ("53/5000", F(53, 5000)), ("-2%", F(-2, 100))]
)
def test_parse_target(text, value):
    assert solve_lib.parse_target(text, "edge") == value


def test_cli_rtp_and_json():
    result = run("solve", "baccarat", "tie", "--rtp", "97%", "--format", "json", "--symbolic")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["target_house_edge"] == "3/100"
    assert data["outcome"] == "tie" and "x" in data["house_edge_in_pay"]
    assert abs(data["pays_float"] - 9.1938) < 1e-4


def test_cli_symbolic_banker_shows_the_commission():
    result = run("solve", "baccarat", "banker", "--symbolic")
    assert result.exit_code == 0, result.output
    assert "House edge in the pay x:" in result.output
    assert "House edge in the commission c" in result.output
    assert "2.693" in result.output  # break-even commission, %


def test_cli_with_shoe_options_matches_the_sheet():
    result = run("solve", "baccarat", "player", "--decks", "2", "--remove", "9x4,8x3", "--format", "json")
    assert result.exit_code == 0, result.output
    shoe = Shoe.decks(2).remove("9x4,8x3")
    counts = BACCARAT.count(shoe, ["player"])["player"]
    assert F(json.loads(result.output)["pays"]) == F(counts.counts["banker-wins"], counts.counts["player-wins"])


@pytest.mark.parametrize(
    "args, code, text",
    [
        (["solve", "baccarat", "banker", "--edge", "1%", "--rtp", "99%"], 2, "not both"),
        (["solve", "baccarat", "banker", "--outcome", "bnaker-wins"], 1, "banker-wins"),
        (["solve", "baccarat", "bankr"], 1, "banker"),
        (["solve", "baccarat", "banker", "--edge", "99%"], 1, "below -1"),
        (["solve", "baccarat", "banker", "--edge", "5"], 1, "5%"),
        (["solve", "baccarat", "banker", "--edge", "abc"], 1, "percentage"),
        (["solve", "sic-bo", "big", "--decks", "8"], 1, "deals no cards"),
    ],
)
def test_cli_bad_input_is_one_line(args, code, text):
    result = run(*args)
    assert result.exit_code == code
    assert text in result.output
    assert "Traceback" not in result.output


def test_outcome_that_cannot_happen_is_refused():
    # a shoe of nothing but tens: every hand is 0, so the player never wins
    shoe = Shoe.from_rank_counts([0] * 9 + [8, 0, 0, 0])
    with pytest.raises(solve_lib.SolveError, match="cannot happen"):
        solve_pay(BACCARAT, "player", load_paytable(BACCARAT), shoe)


def test_sympy_is_not_imported_by_the_cli():
    code = "import sys, odds.cli; sys.exit('sympy' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
