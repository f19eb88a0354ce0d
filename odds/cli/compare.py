"""``odds compare``: bets side by side by deck count and paytable."""

from __future__ import annotations

import os

import click

from ..compare import DEFAULT_DECKS, compare as compare_lib, parse_decks
from ..render.compare import render_comparison
from .options import game_argument, echo, bet_option, format_option, pay_option, resolve_game, resolve_paytable


@click.command()
@game_argument
@bet_option
@click.option(
    "--decks",
    "decks_text",
    default=None,
    metavar="N,N,...",
    help=f"Deck counts to compare, e.g. 6,8 (default {','.join(map(str, DEFAULT_DECKS))}; card games only).",
)
@click.option(
    "--paytable",
    "paytables",
    multiple=True,
    metavar="A,B,...",
    help="Paytables to compare: names listed by `odds games` or your own files, separated by "
    "commas or given again (default: the game's default).",
)
@pay_option
@format_option()
def compare(game_id, bets, decks_text, paytables, pays, fmt):
    """House edge, RTP and standard deviation of GAME's bets side by side, by deck count and
    paytable, exact (off the top of full shoes).

    With --pay, each paytable is shown as it is and, beside it, with the pays changed.
    """
    game = resolve_game(game_id)
    decks = parse_decks(decks_text) if decks_text is not None else None
    names = []
    for given in paytables or (None,):
        # a file whose name holds a comma is still one paytable
        parts = [given] if given is None or os.path.isfile(given) else [p.strip() for p in given.split(",")]
        names.extend(p for p in parts if p != "")
    from ..paytable import check_distinct

    loaded = [resolve_paytable(game, name) for name in names]
    check_distinct(loaded)  # two files of one name would be one column
    tables = {}
    for name, plain in zip(names, loaded):
        for table in [plain] + ([resolve_paytable(game, name, pays)] if pays else []):
            tables.setdefault(table.name, table)
    result = compare_lib(game, list(tables.values()), decks, list(bets))
    echo(render_comparison(result, fmt))


def register(cli):
    cli.add_command(compare)
