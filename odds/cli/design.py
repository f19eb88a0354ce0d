"""Commands for designers and implementers: ``solve``, ``simulate``, ``vectors``, ``verify``.

Parsing and rendering only; the work is in :mod:`odds.design`. sympy is imported only when
``solve`` runs.
"""

from __future__ import annotations

import json
import math
import sys

import click

from ..errors import OddsError, shown
from ..files import target, write_text
from ..render import exact, percent, records
from .. import limits
from .options import (CARDS, DECKS, SEED, FilePath, PositiveFinite, Whole, bet_option, format_option,
                      paytable_option, resolve_bets, resolve_game, resolve_paytable, resolve_shoe, shoe_options)


# -- solve -----------------------------------------------------------------------------------------

@click.command()
@click.argument("game_id", metavar="GAME")
@click.argument("bet_id", metavar="BET")
@click.option("--outcome", default=None, metavar="NAME",
              help="The outcome line whose pay to solve for (default: the bet's highest-paying line).")
@click.option("--edge", default=None, metavar="X", help="Target house edge: 0.0106, 1.06% or 53/5000.")
@click.option("--rtp", default=None, metavar="X", help="Target return to player: 0.97 or 97%.")
@click.option("--symbolic", is_flag=True,
              help="Also print the house edge as an exact expression in the pay x (and in the commission c "
                   "for an even-money line less a commission of up to 10%, e.g. the banker's 0.95).")
@paytable_option
@shoe_options
@format_option(choices=("table", "json"))
def solve(game_id, bet_id, outcome, edge, rtp, symbolic, paytable, decks, remove, fmt):
    """The pay of one outcome line of BET that gives a target edge (default: break-even).

    The rest of the paytable stays fixed. Shows the exact pay and the nearest practical pays
    (multiples of 0.05 below 2, halves from 2 to 10, whole numbers above) with their exact edges.
    """
    from fractions import Fraction

    from ..design import solve as solve_lib

    if edge is not None and rtp is not None:
        raise click.UsageError("give --edge or --rtp, not both")
    target = Fraction(0)
    if edge is not None:
        target = solve_lib.parse_target(edge, "edge")
    elif rtp is not None:
        target = 1 - solve_lib.parse_target(rtp, "rtp")
    game = resolve_game(game_id)
    table = resolve_paytable(game, paytable)
    resolve_bets(game, [bet_id], table)
    shoe = resolve_shoe(game, decks, remove)
    s = solve_lib.solve_pay(game, bet_id, table, shoe, outcome, target)
    if fmt == "json":
        data = {
            "game": s.game_id, "bet": s.bet_id, "outcome": s.outcome, "paytable": s.paytable, "shoe": s.shoe,
            "target_house_edge": exact(s.target_edge), "pays": exact(s.pays), "pays_float": float(s.pays),
            "current_pays": exact(s.current_pays), "current_house_edge": exact(s.current_edge),
            "grid": solve_lib.GRID_TEXT,
            "nearby": [{"pays": exact(n.pays), "house_edge": exact(n.house_edge),
                        "house_edge_float": float(n.house_edge)} for n in s.nearby],
        }
        if symbolic:
            data["house_edge_in_pay"] = s.expression
            if s.commission_expression:
                data["house_edge_in_commission"] = s.commission_expression
        if s.commission is not None:
            data["commission"] = exact(s.commission)
        data["notes"] = s.notes
        click.echo(json.dumps(data, indent=2))
        return
    goal = "break-even (house edge 0)" if s.target_edge == 0 else \
        f"house edge {percent(s.target_edge)} (RTP {percent(1 - s.target_edge)})"
    lines = [f"{game.name}, {s.bet_id}: the pay of {s.outcome_label!r} ({s.outcome}) for {goal}",
             f"Shoe: {s.shoe}. Paytable: {s.paytable}; the other lines of the bet stay as they are.",
             "",
             f"Exact pay: {exact(s.pays)} to 1 = {float(s.pays):.10g}"]
    if s.commission is not None:
        lines.append(f"As a commission on an even-money win: {exact(s.commission)} = {float(s.commission):.6%}")
    lines.append(f"Now it pays {exact(s.current_pays)}: house edge {percent(s.current_edge)} ({exact(s.current_edge)})")
    if symbolic:
        lines += ["", f"House edge in the pay x: {s.expression}"]
        if s.commission_expression:
            lines.append(f"House edge in the commission c (pay = 1 - c): {s.commission_expression}")
    lines += ["", f"Practical pays around it ({solve_lib.GRID_TEXT}):", ""]
    rows = [{"pays": exact(n.pays), "pays (decimal)": f"{float(n.pays):g}", "house edge": percent(n.house_edge),
             "exact house edge": exact(n.house_edge),
             "meets target": "yes" if n.house_edge >= s.target_edge else "no"} for n in s.nearby]
    lines.append(records(rows, "table").rstrip("\n"))
    for note in s.notes:
        lines.append(f"note: {note}")
    click.echo("\n".join(lines))


# -- simulate --------------------------------------------------------------------------------------

@click.command()
@click.argument("game_id", metavar="GAME")
@bet_option
@paytable_option
@click.option("--rounds", type=Whole(2, limits.MAX_ROUNDS, why="hours of dealing"), default=100_000, show_default=True, help="Rounds to deal.")
@click.option("--seed", type=SEED, default=None, metavar="S",
              help="Random seed (default: a fresh one, printed so the run can be repeated).")
@click.option("--decks", type=DECKS, default=None, metavar="N", help="Decks per shoe (default: the game's).")
@click.option("--cut-card", type=CARDS, default=None, metavar="CARDS",
              help="Cards behind the cut card (default 14).")
@click.option("--z-max", type=PositiveFinite(), default=None, metavar="Z",
              help="Fail (exit 1) when any |z| exceeds this (default 4).")
@format_option()
def simulate(game_id, bets, paytable, rounds, seed, decks, cut_card, z_max, fmt):
    """Deal real shuffled shoes and compare each bet's simulated edge with the exact edge.

    Commencement burn, per-round burns and the cut card as the rules say. Exits 1 when any bet's
    |z| exceeds --z-max.
    """
    import secrets

    from ..design import simulate as sim_lib

    game = resolve_game(game_id)
    table = resolve_paytable(game, paytable)
    bet_ids = resolve_bets(game, bets, table)
    if not game.uses_shoe and cut_card is not None:
        raise OddsError(f"{game.id} deals no cards: --cut-card does not apply")
    if not game.uses_shoe and decks is not None:
        raise OddsError(f"{game.id} deals no cards: --decks does not apply")
    if seed is None:  # said only once the input is good: a refused run has one line to say
        seed = secrets.randbelow(2**31)
        click.echo(f"seed {seed} (repeat with --seed {seed})", err=True)
    kwargs = dict(rounds=rounds, seed=seed, decks=decks,
                  cut_card=sim_lib.CUT_CARD if cut_card is None else cut_card,
                  z_max=sim_lib.Z_MAX if z_max is None else z_max)
    if sys.stderr.isatty():
        with click.progressbar(length=rounds, label=f"dealing {game.id}", file=sys.stderr) as bar:
            result = sim_lib.simulate(game, table, bet_ids, progress=bar.update, **kwargs)
    else:
        result = sim_lib.simulate(game, table, bet_ids, **kwargs)
    click.echo(render_simulation(result, fmt), nl=False)
    failures = result.failures
    if failures:
        names = ", ".join(f"{b.bet_id} (z = {b.z:+.2f})" for b in failures)
        raise OddsError(f"{len(failures)} bet(s) beyond |z| > {result.z_max:g}: {names}")


def render_simulation(result, fmt: str) -> str:
    if fmt == "json":
        data = {
            "game": result.game_id, "paytable": result.paytable, "decks": result.decks,
            "cut_card": result.cut_card, "seed": result.seed, "rounds": result.rounds, "shoes": result.shoes,
            "z_max": result.z_max,
            "bets": [{"bet": b.bet_id, "rounds": b.rounds, "simulated_house_edge": exact(b.simulated_edge),
                      "simulated_house_edge_float": float(b.simulated_edge),
                      "exact_house_edge": exact(b.exact_edge), "exact_house_edge_float": float(b.exact_edge),
                      "std_error": _finite(b.std_error), "z": _finite(b.z),
                      "sample_std_dev": _finite(b.sample_std_dev), "failed": b.failed(result.z_max)}
                     for b in result.bets],
        }
        return json.dumps(data, indent=2) + "\n"
    rows = []
    for b in result.bets:
        row = {"bet": b.bet_id, "rounds": b.rounds,
               "simulated edge": percent(b.simulated_edge, 3), "std error": percent(b.std_error, 3),
               "exact edge": percent(b.exact_edge, 3), "z": f"{b.z:+.2f}",
               "ok": "no" if b.failed(result.z_max) else "yes"}
        if fmt == "csv":
            row.update({"simulated edge": exact(b.simulated_edge), "std error": b.std_error,
                        "exact edge": exact(b.exact_edge), "z": b.z})
        rows.append(row)
    if fmt == "csv":
        return records(rows, "csv")
    shoes = (f"{result.decks} deck{'s' if result.decks > 1 else ''}, cut card {result.cut_card} from the end, {result.shoes:,} shoes, "
             if result.decks else "")
    title = (f"{result.game_id} ({result.paytable}): {result.rounds:,} rounds, {shoes}seed {result.seed}; "
             f"fails when |z| > {result.z_max:g}")
    return records(rows, fmt, title=title)


def _finite(x: float):
    return x if math.isfinite(x) else None


# -- vectors and verify ----------------------------------------------------------------------------

@click.command()
@click.option("--out", "out_file", type=FilePath(dir_okay=False), default=None, metavar="FILE",
              help="Write here instead of stdout.")
@click.option("--game", "game_id", default=None, metavar="GAME", help="Only this game (needed with --paytable FILE).")
@paytable_option
@click.option("--rounds", "rounds", is_flag=True,
              help="Settlement vectors instead: rounds from their cards that exercise every cell of the drawing "
                   "tables and every outcome of every bet (plus seeded random rounds), each with its expected "
                   "settlement.")
def vectors(out_file, game_id, paytable, rounds):
    """Reference vectors (JSON): every game's bets, exact outcome counts and house edge for fixed
    shoes; with --rounds, rounds and their expected settlements."""
    from ..design import rounds as rounds_lib
    from ..design import vectors as vec_lib

    if paytable and game_id is None:
        raise click.UsageError("--paytable needs --game: a paytable belongs to one game")
    games = [resolve_game(game_id)] if game_id else None
    if paytable:
        resolve_paytable(games[0], paytable)  # a bad paytable fails before the work
    if out_file is not None:
        target(out_file, "--out")  # a device, a folder or no folder: fail before the work
    if rounds:
        data = rounds_lib.build_rounds(games, paytable)
        text = rounds_lib.dumps(data)
        for gap in data.get("uncovered", []):
            click.echo(f"note: no round found for {gap['game']} {gap['paytable']} {gap['bet']}: {gap['outcome']}",
                       err=True)
    else:
        text = vec_lib.dumps(vec_lib.build_vectors(games, paytable))
    if out_file is None:
        sys.stdout.write(text)
        return
    write_text(out_file, text, "--out")  # whole or not at all; /dev/null, a folder or no folder: one line
    click.echo(f"{out_file}: {text.count(chr(10)):,} lines written", err=True)


@click.command()
@click.argument("path", metavar="FILE", type=FilePath(dir_okay=False))
@click.option("--paytable", "paytables", multiple=True, metavar="FILE",
              help="Your own paytable file, for vectors of your own bets (they name it by its file name).")
@click.option("--tolerance", default=None, metavar="X",
              help="How far a value written as a float may be from the exact one: |file - exact| <= X * max(1, "
                   "|exact|) (default 1e-9). Exact values (strings, integers) must match exactly.")
def verify(path, paytables, tolerance):
    """Check a vectors file - counts (odds vectors) or settlements (odds vectors --rounds), ours
    or another program's - against exact values; list every mismatch; exit 1 on any."""
    from ..design import vectors as vec_lib
    from ..paytable import load_paytable, read_game_of

    tol = parse_tolerance(tolerance)
    own = {}
    for file in paytables:
        table = load_paytable(read_game_of(file), file)
        own[table.name] = table
    data = vec_lib.load(path)
    problems, count, checked = vec_lib.verify(data, own, tol)
    what = "round(s)" if "rounds" in data and data.get("schema") != vec_lib.SCHEMA else "vector(s)"
    for line in problems:
        click.echo(line)
    if problems:
        raise OddsError(f"{path}: {len(problems)} mismatch(es) in {count} {what}")
    click.echo(f"{path}: {count} {what.replace('(s)', 's')}, {checked:,} figures, all match", err=True)


def parse_tolerance(text: str | None):
    """``--tolerance``: a number of at least 0 (``1e-12``, ``0.0001``, ``1/1000``), read exactly."""
    from fractions import Fraction

    if text is None:
        return None
    try:
        value = Fraction(limits.check_number_text(text.strip(), "--tolerance"))
    except OddsError as exc:  # a 5,000-digit number, an exponent of a billion
        raise click.BadParameter(str(exc).removeprefix("--tolerance: "), param_hint="--tolerance") from None
    except (ValueError, ZeroDivisionError):
        raise click.BadParameter(f"{shown(text)} is not a number (e.g. 1e-9)", param_hint="--tolerance") from None
    if value < 0:
        raise click.BadParameter(f"{shown(text)} is below 0", param_hint="--tolerance")
    return value


def register(cli):
    for command in (solve, simulate, vectors, verify):
        cli.add_command(command)
