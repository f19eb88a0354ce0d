"""The overview (tables/overview.md, .csv): one row per bet of every game and shipped paytable,
figures equal to each bet's own sheet, player-edge bets flagged."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

from odds.export import PRODUCERS
from odds.games import all_games, get_game
from odds.games.roulette import ROULETTE
from odds.overview import FLAG, overview_csv, overview_files, overview_md, overview_rows
from odds.paytable import load_paytable, shipped_names
from odds.sheet import build_sheet
from odds.shoe import Shoe


def test_every_bet_of_every_game_and_paytable():
    files = overview_files()
    rows = list(csv.DictReader(io.StringIO(files["overview.csv"])))
    expected = [
        (g.id, name, bet)
        for g in all_games()
        for name in shipped_names(g)
        for bet, pays in load_paytable(g, name).bets.items()
        if pays.overlay is None or pays.overlay.known  # a multiplier bet whose weights are unknown has no figures
    ]  # a paytable file may add bets (the catalogue)
    assert [(r["game"], r["paytable"], r["bet"]) for r in rows] == expected
    for game_id in ("dragon-tiger", "dragon-tiger-poker", "sic-bo", "roulette", "baccarat"):
        assert any(r["game"] == game_id for r in rows)
    assert "## Every bet" in files["overview.md"]
    assert any(p.__name__ == "overview_files" for p in PRODUCERS)


def test_figures_match_independent_values():
    rows = {
        (r["game"], r["paytable"], r["bet"]): r for r in csv.DictReader(io.StringIO(overview_files()["overview.csv"]))
    }
    # single-zero roulette: 1/37 on every bet; Dragon Tiger Tie 8 to 1: 1 - 9 * 13 (32)_2 / (416)_2
    assert all(Fraction(r["house_edge"]) == Fraction(1, 37) for k, r in rows.items() if k[:2] == ("roulette", "seed"))
    tie = rows[("dragon-tiger", "seed", "tie")]
    assert Fraction(tie["house_edge"]) == 1 - 9 * Fraction(13 * 32 * 31, 416 * 415)
    assert Fraction(tie["rtp"]) == 9 * Fraction(13 * 32 * 31, 416 * 415)
    small = rows[("sic-bo", "seed", "small")]
    assert Fraction(small["hit_frequency"]) == Fraction(105, 216)  # 4-10 less the 3 small triples
    assert abs(float(small["std_dev"]) - (1 - (1 / 36) ** 2) ** 0.5) < 1e-12
    assert all(r["player_edge"] == ("yes" if Fraction(r["house_edge"]) < 0 else "no") for r in rows.values())


def test_player_edge_bets_are_flagged(tmp_path):
    generous = tmp_path / "generous.toml"
    generous.write_text(
        'game = "roulette"\nextends = "seed"\n[bets.red]\npays.win = "1.1"\npays.lose = -1\npays.zero = -1\n'
    )
    sheets = [build_sheet(ROULETTE, load_paytable(ROULETTE, str(generous)), None, ["red", "black"])]
    rows = overview_rows(sheets)
    assert [r["player_edge"] for r in rows] == [True, False]
    assert rows[0]["house_edge"] == -Fraction(18 * 11 - 19 * 10, 370)  # 18/37 * 1.1 - 19/37
    md = overview_md(rows)
    assert f"| {FLAG} |" in md and "roulette file:generous `red`" in md
    assert overview_csv(rows).splitlines()[1].endswith(",yes")


def test_player_edge_flag_in_the_sheet_and_deterministic_output(tmp_path):
    from click.testing import CliRunner

    from odds.cli import cli

    generous = tmp_path / "generous.toml"
    generous.write_text('game = "sic-bo"\nextends = "seed"\n[bets.pair]\npays.pair = 7\npays.other = -1\n')
    out = CliRunner().invoke(
        cli, ["sheet", "sic-bo", "--paytable", str(generous), "--bet", "pair-1-2", "--format", "md"]
    )
    assert out.exit_code == 0 and "PLAYER HAS THE EDGE" in out.stdout  # 30/216 * 8 > 1
    assert overview_files() == overview_files()


def _ranked_rows(md: str) -> list[list[str]]:
    """The rows of the fairest and stingiest tables (cells stripped)."""
    part = md.split("## The 10 fairest")[1].split("## Every bet")[0]
    return [
        [c.strip() for c in line.strip("|").split("|")]
        for line in part.splitlines()
        if line.startswith("| ") and not line.startswith("| game")
    ]


def test_mostly_void_bets_are_not_ranked_and_long_paytable_lists_name_the_missing():
    """Insurance (void in most rounds) has a tiny edge per round dealt: it must not read as one of
    the fairest bets; a bet priced alike by all but a few paytables names exactly those few."""
    sheets = [
        build_sheet(g, load_paytable(g, name), Shoe.decks(g.default_decks))
        for g in all_games()
        if g.id == "baccarat"
        for name in shipped_names(g)
    ]
    rows = overview_rows(sheets)
    md = overview_md(rows)
    ranked = _ranked_rows(md)
    void = {r["bet"] for r in rows if r["push_probability"] > Fraction(1, 2)}
    assert void and not any(r[2].strip("`") in void for r in ranked)
    assert all(f"`{b}`" in md.split("## Every bet")[0] for b in void)  # named in the note
    every = {r["paytable"] for r in rows}  # the paytables with a priced bet (multiplier bets may have unknown weights)
    assert every <= set(shipped_names(get_game("baccarat")))
    for cells in ranked:
        if cells[1].startswith("every paytable but "):
            missing = set(cells[1].removeprefix("every paytable but ").split(", "))
            edge = Fraction(cells[3].rstrip("%")) / 100
            priced = {
                r["paytable"]
                for r in rows
                if r["bet"] == cells[2].strip("`") and abs(r["house_edge"] - edge) < Fraction(1, 10**6)
            }
            assert priced == every - missing, cells
