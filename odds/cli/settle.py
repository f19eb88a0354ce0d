"""``odds settle GAME CARDS``: one round from its cards - parse, call :mod:`odds.settle`, render;
``--file``: a file of rounds, JSON lines in and out."""

from __future__ import annotations

import sys

import click

from ..errors import OddsError
from ..render.settle import render_settle, settle_line
from ..settle import RoundLine, read_round_line, settle_round
from .options import (
    pay_option,
    game_argument,
    echo,
    bet_option,
    format_option,
    paytable_option,
    resolve_game,
    resolve_paytable,
)


@click.command()
@game_argument
@click.argument("cards", metavar="CARDS", required=False)
@bet_option
@paytable_option
@pay_option
@click.option(
    "--multipliers",
    default=None,
    metavar="TARGET=X,...",
    help="The round's multipliers, for the paytable's multiplier bets: 7h=8,Kd=2 (cards), s=3 (a suit), "
    "17=500 (pockets), 11=50 (dice totals or faces), spot=2.",
)
@click.option(
    "--file",
    "rounds_file",
    default=None,
    metavar="FILE",
    help="Settle every round of FILE (- for stdin) instead of CARDS: one JSON value a line, the cards "
    '(e.g. "Kh,5s") or {"cards", "id", "bets", "multipliers"}; writes one JSON line per round.',
)
@format_option()
def settle(game_id, cards, bets, paytable, pays, multipliers, rounds_file, fmt):
    """Settle one round from its CARDS in dealing order: the hands, who drew and why, and every
    bet's outcome and net result per unit staked.

    CARDS is one argument, comma-separated, in the --remove card syntax (suits optional; bets
    that read suits are left out without them): baccarat P1,B1,P2,B2 then the third cards as
    drawn (4s,Kh,Ad,4c,2h,9d); Dragon Tiger Dragon,Tiger (Kh,5s); Sic Bo the dice (3,3,5);
    roulette the number (17; with the next spin's for en prison bets: 17,0); American roulette
    0-36 or 00. A bet on chosen numbers names them: straight:17, split:8-11, total:9, triple:4.
    """
    game = resolve_game(game_id)
    table = resolve_paytable(game, paytable, pays)
    if rounds_file is not None:
        ctx = click.get_current_context()
        if cards is not None:
            raise click.UsageError("give CARDS or --file, not both")
        if fmt != "json" and ctx.get_parameter_source("fmt") != click.core.ParameterSource.DEFAULT:
            raise click.UsageError("--file writes JSON lines: leave out --format, or give --format json")
        _settle_file(game, table, rounds_file, list(bets) or None, multipliers)
        return
    if cards is None:
        raise click.UsageError("Missing argument 'CARDS' (or give --file FILE).")
    result = settle_round(game, cards, table, list(bets) or None, multipliers)
    if result.left_out:
        hint = " (write Kh, not K)" if result.game.uses_shoe else " (give the next spin too: 17,0)"
        click.echo(f"note: {', '.join(result.left_out)} left out: {result.why_left_out}{hint}", err=True)
    echo(render_settle(result, fmt))


def _settle_file(game, table, path: str, bets, multipliers) -> None:
    """Every round of the file, one JSON line out per line in (empty lines skipped): a round that
    cannot be settled is a line with its ``error``, and the command exits 1 after the last."""
    from .bulk import shoe_lines

    failed, first, rounds = 0, "", 0
    with shoe_lines(path, "--file", "rounds file") as lines:
        for number, text in enumerate(lines, start=1):
            if not text.strip():
                continue
            rounds += 1
            line = None
            try:
                line = read_round_line(text, number)
                settled = settle_round(
                    game,
                    line.cards,
                    table,
                    list(line.bets) if line.bets is not None else bets,
                    line.multipliers if line.multipliers is not None else multipliers,
                )
                out = settle_line(line, settled)
            except OddsError as exc:
                failed += 1
                first = first or f"line {number}: {exc}"
                out = settle_line(line or RoundLine(number), error=str(exc))
            sys.stdout.write(out)
    if failed:
        raise OddsError(f"{path}: {failed:,} of {rounds:,} round(s) not settled (the first: {first})")


def register(cli):
    cli.add_command(settle)
