"""Commands for writing your own bets: ``features`` (what a condition can read)."""

from __future__ import annotations

import click

from ..bets.features import feature_specs
from ..render.features import render_features
from .options import game_argument, echo, format_option, resolve_game


@click.command()
@game_argument
@format_option()
def features(game_id, fmt):
    """The features a bet's condition can read in GAME: name, type, range and meaning.

    Write a bet in a paytable file as outcomes with conditions over these names, e.g.
    when = "banker_wins and banker_cards == 3 and banker_total == 7" (docs/bets.md: "Write your
    own bet").
    """
    game = resolve_game(game_id)
    echo(render_features(game, list(feature_specs(game.id).values()), fmt))


def register(cli):
    cli.add_command(features)
