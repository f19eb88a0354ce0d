"""Commands for designers and implementers: ``solve``, ``simulate``, ``vectors``, ``verify``.

Parsing only: the work is in :mod:`odds.design`, the text in :mod:`odds.render`. sympy is imported only when
``solve`` runs.
"""

from __future__ import annotations


import click

from ..errors import OddsError, shown
from ..files import target, write_text
from ..render import files as files_text
from ..render.simulate import failure_message, render_simulation
from ..render.solve import render_solution
from ..runs.progress import Progress
from .. import limits
from .options import (
    game_option,
    game_argument,
    echo,
    CARDS,
    DECKS,
    DECKS_OR_INF,
    SEED,
    FilePath,
    PositiveFinite,
    Whole,
    bet_option,
    format_option,
    pay_option,
    paytable_option,
    resolve_bets,
    resolve_game,
    resolve_paytable,
    unknowns_option,
    resolve_shoe,
    run_options,
)


# -- solve -----------------------------------------------------------------------------------------


class DecksList(click.ParamType):
    """``--decks`` of solve: one shoe (a whole number of decks or ``inf``, read as every command
    reads ``--decks``) or several separated by commas (``1,6,8``), in the order given, repeats
    dropped."""

    name = "decks"

    def convert(self, value, param, ctx):
        if isinstance(value, list):
            return value
        from ..compare import MAX_COLUMNS

        out: list = []
        for item in str(value).split(","):
            one = DECKS_OR_INF.convert(item.strip(), param, ctx)
            if one not in out:
                out.append(one)
        if len(out) > MAX_COLUMNS:
            self.fail(f"at most {MAX_COLUMNS} deck counts at once, not {len(out)}", param, ctx)
        return out


@click.command()
@game_argument
@click.argument("bet_id", metavar="BET", required=False)
@click.option(
    "--weights",
    "weights",
    is_flag=True,
    help="Solve for the unknown multiplier weights of the paytable's multiplier bets (or of BET) "
    "instead of a pay: the weights that reproduce each bet's published RTP (its published_rtp, or "
    "--rtp for BET) at its printed precision.",
)
@click.option(
    "--outcome",
    default=None,
    metavar="NAME",
    help="The outcome line whose pay to solve for (default: the bet's highest-paying line).",
)
@click.option(
    "--line",
    "lines",
    multiple=True,
    metavar="OUTCOME=PAY",
    help="Move several lines at once instead (repeatable): each line's pay in the unknown x, e.g. "
    "--line six-two-cards=x --line six-three-cards=2x (x, 2x, x/2, x+8, 3/2x-1); solves for x.",
)
@click.option("--edge", default=None, metavar="X", help="Target house edge: 0.0106, 1.06% or 53/5000.")
@click.option("--rtp", default=None, metavar="X", help="Target return to player: 0.97 or 97%.")
@click.option(
    "--symbolic",
    is_flag=True,
    help="Also print the house edge as an exact expression in the pay x (and in the commission c "
    "for an even-money line less a commission of up to 10%, e.g. the banker's 0.95).",
)
@paytable_option
@pay_option
@click.option(
    "--remove",
    "remove",
    default="",
    metavar="CARDS",
    help="Cards already seen, e.g. 5x3,K,Th (rank A 2-9 T J Q K, optional suit s h d c, xN).",
)
@click.option(
    "--decks",
    "decks_text",
    type=DecksList(),
    default=None,
    metavar="N[,N...]",
    help="Decks in the shoe (default: the game's, 8 for baccarat; inf: an infinite shoe); several, "
    "e.g. 1,6,8: the pay at each, and the pays meeting the target at every one.",
)
@format_option(choices=("table", "json"))
def solve(game_id, bet_id, weights, outcome, lines, edge, rtp, symbolic, paytable, pays, remove, decks_text, fmt):
    """The pay of one outcome line of BET that gives a target edge (default: break-even).

    The rest of the paytable stays fixed (change other lines with --pay). Shows the exact pay
    and the nearest practical pays (multiples of 0.05 below 2, halves from 2 to 10, whole
    numbers above) with their exact edges. Outcome keys: the key column of `odds sheet`.
    --line moves several lines together (their pays in one unknown x); --decks 1,6,8 solves at
    each deck count and gives the pays meeting the target at all of them.

    With --weights: the unknown multiplier weights that reproduce the published RTPs (every
    multiplier bet of the paytable, or BET); exits 1 when no weights do.
    """
    from fractions import Fraction

    from ..design import solve as solve_lib

    decks_list = decks_text or [None]
    if weights:
        if len(decks_list) > 1 or lines:
            raise click.UsageError(
                "--weights solves multiplier weights at one shoe: --line and several --decks do not apply"
            )
        _solve_weights(game_id, bet_id, outcome, edge, rtp, symbolic, paytable, pays, decks_list[0], remove, fmt)
        return
    if bet_id is None:
        raise click.UsageError("give the BET to solve a pay for (or --weights to solve multiplier weights)")
    if edge is not None and rtp is not None:
        raise click.UsageError("give --edge or --rtp, not both")
    target = Fraction(0)
    if edge is not None:
        target = solve_lib.parse_target(edge, "edge")
    elif rtp is not None:
        target = 1 - solve_lib.parse_target(rtp, "rtp")
    if lines and outcome is not None:
        raise click.UsageError("give --outcome or --line, not both")
    moved = None
    if lines:
        moved = {}
        for text in lines:
            key, line = solve_lib.parse_line(text)
            if key in moved:
                raise OddsError(f"--line names {shown(key)} twice: give each line once")
            moved[key] = line
    game = resolve_game(game_id)
    table = resolve_paytable(game, paytable, pays)
    resolve_bets(game, [bet_id], table)
    shoes = [resolve_shoe(game, decks, remove) for decks in decks_list]
    if len(shoes) == 1 and moved is None:  # one line at one shoe: the original sheet of a solve
        s = solve_lib.solve_pay(game, bet_id, table, shoes[0], outcome, target)
        echo(render_solution(s, game, shoes[0], solve_lib.GRID_TEXT, symbolic, fmt))
        return
    from ..render.solve import render_shoes_solution

    result = solve_lib.solve_shoes(game, bet_id, table, shoes, outcome, target, moved)
    echo(render_shoes_solution(result, game, shoes, solve_lib.GRID_TEXT, symbolic, fmt))


def _solve_weights(game_id, bet_id, outcome, edge, rtp, symbolic, paytable, pays, decks, remove, fmt):
    from ..design import weights as weights_lib
    from ..render.solve import render_weights

    if outcome is not None or edge is not None or symbolic:
        raise click.UsageError("--weights solves multiplier weights: --outcome, --edge and --symbolic do not apply")
    if rtp is not None and bet_id is None:
        raise click.UsageError("--rtp with --weights is the published RTP of one BET: name the bet")
    game = resolve_game(game_id)
    table = resolve_paytable(game, paytable, pays)
    if bet_id is not None:
        resolve_bets(game, [bet_id], table)
    shoe = resolve_shoe(game, decks, remove)
    fit = weights_lib.fit_weights(game, table, shoe, [bet_id] if bet_id else None, {bet_id: rtp} if rtp else None)
    echo(render_weights(fit, fmt))
    if fit.point is None:
        raise SystemExit(1)  # the fit above says why; nothing more to print


# -- simulate --------------------------------------------------------------------------------------


@click.command()
@game_argument
@bet_option
@paytable_option
@pay_option
@unknowns_option
@click.option(
    "--rounds",
    type=Whole(2, limits.MAX_ROUNDS, why="hours of dealing"),
    default=100_000,
    show_default=True,
    help="Rounds to deal.",
)
@click.option(
    "--seed",
    type=SEED,
    default=1,
    show_default=True,
    help="Random seed: the same seed deals the same shoes (count's default too).",
)
@click.option("--decks", type=DECKS, default=None, metavar="N", help="Decks per shoe (default: the game's).")
@click.option("--cut-card", type=CARDS, default=None, metavar="CARDS", help="Cards behind the cut card (default 14).")
@click.option(
    "--z-max",
    type=PositiveFinite(),
    default=None,
    metavar="Z",
    help="A bet fails when its |z| exceeds this (default 4); any failure exits 1.",
)
@run_options("rounds", "all cores when the rounds are worth a pool")
@format_option()
def simulate(
    game_id, bets, paytable, pays, unknowns, rounds, seed, decks, cut_card, z_max, workers, scheduler, progress, fmt
):
    """Deal real shuffled shoes and compare each bet's simulated edge with the exact edge.

    Commencement burn, per-round burns and the cut card as the rules say. Every format says
    which bets passed; the command exits 1 when any bet's |z| exceeds --z-max.
    """
    from ..design import simulate as sim_lib
    from ..shoe import Shoe

    game = resolve_game(game_id)
    table = resolve_paytable(game, paytable, pays, unknowns)
    bet_ids = resolve_bets(game, bets, table)
    if not game.uses_shoe and cut_card is not None:
        raise OddsError(f"{game.id} deals no cards: --cut-card does not apply")
    if not game.uses_shoe and decks is not None:
        raise OddsError(f"{game.id} deals no cards: --decks does not apply")
    kwargs = dict(
        rounds=rounds,
        seed=seed,
        decks=decks,
        cut_card=sim_lib.CUT_CARD if cut_card is None else cut_card,
        z_max=sim_lib.Z_MAX if z_max is None else z_max,
    )
    with Progress.for_command(rounds, "rounds", progress) as meter:
        result = sim_lib.simulate(game, table, bet_ids, progress=meter, workers=workers, scheduler=scheduler, **kwargs)
    shoe = Shoe.decks(result.decks) if result.decks else None
    echo(render_simulation(result, shoe, fmt))
    for _, error in result.not_counted:
        echo(f"Error: {error}\n", err=True)
    if result.failures:
        raise OddsError(failure_message(result))
    if result.not_counted:
        raise click.exceptions.Exit(1)


# -- vectors and verify ----------------------------------------------------------------------------


@click.command()
@click.option(
    "--out",
    "out_file",
    type=FilePath(dir_okay=False),
    default=None,
    metavar="FILE",
    help="Write here instead of stdout.",
)
@game_option("Only this game (needed with --paytable FILE).")
@paytable_option
@click.option(
    "--rounds",
    "rounds",
    is_flag=True,
    help="Settlement vectors instead: rounds from their cards that exercise every cell of the drawing "
    "tables and every outcome of every bet (plus seeded random rounds), each with its expected "
    "settlement.",
)
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
            echo(f"note: no round found for {gap['game']} {gap['paytable']} {gap['bet']}: {gap['outcome']}\n", err=True)
    else:
        text = vec_lib.dumps(vec_lib.build_vectors(games, paytable))
    if out_file is None:
        echo(text)
        return
    write_text(out_file, text, "--out")  # whole or not at all; /dev/null, a folder or no folder: one line
    echo(files_text.vectors_written(out_file, text) + "\n", err=True)


@click.command()
@click.argument("path", metavar="FILE", type=FilePath(dir_okay=False))
@click.option(
    "--paytable",
    "paytables",
    multiple=True,
    metavar="FILE",
    help="Your own paytable file, for vectors of your own bets (they name it by its file name).",
)
@click.option(
    "--tolerance",
    default=None,
    metavar="X",
    help="How far a value written as a float may be from the exact one: |file - exact| <= X * max(1, "
    "|exact|) (default 1e-9). Exact values (strings, integers) must match exactly.",
)
@format_option()
def verify(path, paytables, tolerance, fmt):
    """Check a vectors file - counts (odds vectors) or settlements (odds vectors --rounds), ours
    or another program's - against exact values: the mismatches grouped by cause, each with a
    count and its first example (csv: every mismatch, one a row); exit 1 on any."""
    from ..design.verify import verify_file
    from ..games import get_game
    from ..paytable import check_distinct, load_paytable, read_game_of

    tol = parse_tolerance(tolerance)
    loaded = [load_paytable(get_game(read_game_of(file)), file) for file in paytables]
    check_distinct(loaded)  # vectors name a file by its name: two of one name would replace each other
    report = verify_file(path, {table.name: table for table in loaded}, tol)
    if fmt != "table" or not report.passed:
        echo(files_text.render_verify(report, fmt))
    if not report.passed:
        raise OddsError(files_text.verify_failed(path, len(report.mismatches), report.count, f"{report.what[:-1]}(s)"))
    echo(files_text.verify_passed(path, report.count, report.figures, f"{report.what[:-1]}(s)") + "\n", err=True)


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
