"""Commands for writing your own bets: ``features`` (what a condition can read)."""

from __future__ import annotations

import json

import click

from ..bets.features import feature_specs
from ..render import records
from .options import format_option, resolve_game


@click.command()
@click.argument("game_id", metavar="GAME")
@format_option()
def features(game_id, fmt):
    """The features a bet's condition can read in GAME: name, type, range and meaning.

    Write a bet in a paytable file as outcomes with conditions over these names, e.g.
    when = "banker_wins and banker_cards == 3 and banker_total == 7" (README: "Write your own bet").
    """
    game = resolve_game(game_id)
    rows = [{"name": f.name, "type": f.type.type, "range": f.range_text, "meaning": f.meaning}
            for f in feature_specs(game.id).values()]
    if fmt == "json":
        click.echo(json.dumps({"game": game.id, "features": [
            {**row, "low": f.type.low if f.type.type == "number" else None,
             "high": f.type.high if f.type.type == "number" else None,
             "values": list(f.type.values) if f.type.type == "text" else None,
             "reads": [{"position": p, "resolution": r} for p, r in f.reads], "drawing": f.drawing}
            for row, f in zip(rows, feature_specs(game.id).values())]}, indent=2))
        return
    title = None if fmt == "csv" else f"{game.name}: features a condition can read"
    click.echo(records(rows, fmt, title=title), nl=False)


def register(cli):
    cli.add_command(features)
