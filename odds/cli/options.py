"""Options shared by every command: one ``--format``, one way to give a shoe and a paytable."""

from __future__ import annotations

import click

from ..errors import OddsError
from ..games import get_game
from ..paytable import load_paytable
from ..render import FORMATS
from ..shoe import Shoe


def format_option(choices=FORMATS, default="table"):
    return click.option("--format", "fmt", type=click.Choice(choices), default=default, show_default=True,
                        help="Output format: a text table, Markdown, CSV or JSON.")


def shoe_options(func):
    """``--decks N`` and ``--remove CARDS``: the composition the next round is dealt from."""
    func = click.option("--remove", "remove", default="", metavar="CARDS",
                        help="Cards already seen, e.g. 5x3,K,Th (rank A 2-9 T J Q K, optional suit s h d c, xN).")(func)
    func = click.option("--decks", type=int, default=None, metavar="N",
                        help="Decks in the shoe (default: the game's, 8 for baccarat).")(func)
    return func


def paytable_option(func):
    return click.option("--paytable", default=None, metavar="NAME|FILE",
                        help="A paytable listed by `odds games`, or your own TOML file.")(func)


def bet_option(func):
    return click.option("--bet", "bets", multiple=True, metavar="ID",
                        help="Only this bet (repeatable); default every bet.")(func)


def resolve_game(game_id: str):
    return get_game(game_id)


def resolve_shoe(game, decks: int | None, remove: str) -> Shoe | None:
    """The shoe a command was asked for; None for games without one (dice, wheels)."""
    if not game.uses_shoe:
        if decks is not None or remove:
            raise OddsError(f"{game.id} deals no cards: --decks and --remove do not apply")
        return None
    shoe = Shoe.decks(game.default_decks if decks is None else decks)
    if remove:
        shoe = shoe.remove(remove)
    game.check_shoe(shoe)
    return shoe


def resolve_bets(game, bets, paytable=None) -> list[str]:
    """The bets asked for (default: every bet of the paytable - the shipped ones and the file's own)."""
    from ..errors import UnknownName

    known = (paytable or game.paytable()).bets
    for bet in bets:
        if bet not in known:
            raise UnknownName(f"{game.id} bet", bet, known)
    return list(bets) or list(known)


def resolve_paytable(game, paytable: str | None):
    return load_paytable(game, paytable)
