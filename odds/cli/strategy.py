"""``odds strategy``: the player's decisions of a game with one (player-dealer baccarat's option
on 5), with the exact expectation of each choice, and the line bets' edges under each policy.

Parsing only: the figures come from :mod:`odds.games.player_dealer`, the text from :mod:`odds.render.strategy`.
"""

from __future__ import annotations

import click

from ..render.strategy import render_strategy
from .options import (
    game_argument,
    echo,
    format_option,
    paytable_option,
    resolve_game,
    resolve_paytable,
    resolve_shoe,
    shoe_options,
)


@click.command()
@game_argument
@paytable_option
@shoe_options
@format_option()
def strategy(game_id, paytable, decks, remove, fmt):
    """The player's option decisions of GAME for a shoe, by exact expectation.

    For player-dealer-baccarat: per dealer face-up card (5, 6) and per two-card player hand
    totalling 5 (by values; 0 = 10, J, Q, K), the expectation of standing and of hitting for a
    player-line bettor, and the better choice; then the player-line, dealer-line and early-tie
    house edges under the house way, always stand, and the best choice. CSV carries the decisions
    only (one tidy table).
    """
    game = resolve_game(game_id)
    table = resolve_paytable(game, paytable)
    shoe = resolve_shoe(game, decks, remove)
    from ..games.player_dealer import policy_edges

    analysis = game.analyse(shoe, table)
    policies = policy_edges(analysis, table)
    echo(render_strategy(game, table, shoe, analysis, policies, fmt))


def register(cli):
    cli.add_command(strategy)
