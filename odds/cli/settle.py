"""``odds settle GAME CARDS``: one round from its cards - parse, call :mod:`odds.settle`, render."""

from __future__ import annotations

import click

from ..render.settle import render_settle
from ..settle import settle_round
from .options import echo, bet_option, format_option, paytable_option, resolve_game, resolve_paytable


@click.command()
@click.argument("game_id", metavar="GAME")
@click.argument("cards", metavar="CARDS")
@bet_option
@paytable_option
@click.option(
    "--multipliers",
    default=None,
    metavar="TARGET=X,...",
    help="The round's multipliers, for the paytable's multiplier bets: 7h=8,Kd=2 (cards), s=3 (a suit), "
    "17=500 (pockets), 11=50 (dice totals or faces), spot=2.",
)
@format_option()
def settle(game_id, cards, bets, paytable, multipliers, fmt):
    """Settle one round from its CARDS in dealing order: the hands, who drew and why, and every
    bet's outcome and net result per unit staked.

    CARDS is one argument, comma-separated, in the --remove card syntax (suits optional; bets
    that read suits are left out without them): baccarat P1,B1,P2,B2 then the third cards as
    drawn (4s,Kh,Ad,4c,2h,9d); Dragon Tiger Dragon,Tiger (Kh,5s); Sic Bo the dice (3,3,5);
    roulette the number (17; with the next spin's for en prison bets: 17,0); American roulette
    0-36 or 00.
    """
    game = resolve_game(game_id)
    table = resolve_paytable(game, paytable)
    result = settle_round(game, cards, table, list(bets) or None, multipliers)
    if result.left_out:
        hint = " (write Kh, not K)" if result.game.uses_shoe else " (give the next spin too: 17,0)"
        click.echo(f"note: {', '.join(result.left_out)} left out: {result.why_left_out}{hint}", err=True)
    echo(render_settle(result, fmt))


def register(cli):
    cli.add_command(settle)
