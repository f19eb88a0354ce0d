"""Options shared by every command: one ``--format``, one way to give a shoe and a paytable."""

from __future__ import annotations

import math
import re

import click

from .. import limits
from ..errors import OddsError, shown
from ..games import get_game
from ..paytable import load_paytable
from ..render import FORMATS
from ..shoe import Shoe
from ..validate import whole_problem


class Whole(click.ParamType):
    """A whole number within documented limits (docs/limits.md): refused in one line before
    any work when it is not a plain integer (``10**12``, ``nan``, 5,000 digits) or out of range.
    Lower limits that the library checks itself (decks, shoes, level) are left to it."""

    name = "integer"

    def __init__(self, low: int | None = None, high: int | None = None, why: str = ""):
        self.low, self.high, self.why = low, high, why

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            if not re.fullmatch(r"[+-]?\d{1,30}", text):
                digits = text.lstrip("+-")
                self.fail(
                    f"{shown(text)} is {'too long a number' if digits.isdigit() else 'not a whole number'}"
                    f"{f' (the limit is {self.high:,})' if self.high is not None else ''}",
                    param,
                    ctx,
                )
            number = int(text)
        problem = whole_problem(number, self.low, self.high, self.why)  # the library's words too
        if problem:
            self.fail(problem, param, ctx)
        return number


class PositiveFinite(click.ParamType):
    """A finite number above zero (``nan`` and ``inf`` are refused)."""

    name = "number"

    def convert(self, value, param, ctx):
        try:
            number = float(limits.check_number_text(str(value), "value"))
        except (ValueError, OddsError):
            self.fail(f"{shown(str(value))} is not a number", param, ctx)
        if not math.isfinite(number) or number <= 0:
            self.fail(f"{shown(str(value))}: give a finite number above 0", param, ctx)
        return number


class FilePath(click.Path):
    """click's path check, with a path no OS accepts (a NUL, a name too long) as one usage line
    instead of the ValueError or OSError of its stat."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except (ValueError, OSError) as exc:
            if isinstance(exc, click.BadParameter):
                raise
            self.fail(f"{shown(str(value))}: not a usable path ({exc.__class__.__name__})", param, ctx)


def echo(text: str, err: bool = False) -> None:
    """Write a command's output (or a note) as is, but with every control character a file could
    have put in it escaped (:func:`odds.text.escape_lines`): a bet's name never drives the
    terminal. JSON passes unchanged (``json.dumps`` already escapes them)."""
    from ..text import escape_lines

    click.echo(escape_lines(text), nl=False, err=err)


DECKS = Whole(high=limits.MAX_DECKS, why="decks in a shoe")


class DecksOrInfinite(Whole):
    """``--decks N`` of a command that prices one shoe: a whole number of decks, or ``inf`` for
    an infinite shoe (cards dealt with replacement, as random-number-generator games deal)."""

    name = "decks"

    def convert(self, value, param, ctx):
        if isinstance(value, str) and value.strip().lower() == "inf":
            return "inf"
        return super().convert(value, param, ctx)


DECKS_OR_INF = DecksOrInfinite(high=limits.MAX_DECKS, why="decks in a shoe")
SEED = Whole(0, limits.MAX_SEED)
WORKERS = Whole(high=limits.MAX_WORKERS, why="worker processes")
CARDS = Whole(0, limits.MAX_CARDS, why="cards in the largest shoe")
LEVEL = Whole(high=limits.MAX_LEVEL, why="the largest count tag")


FORMAT_NAMES = {"table": "table (aligned text)", "md": "md (Markdown)", "csv": "csv", "json": "json"}


def format_option(choices=FORMATS, default="table"):
    """``--format``, its help listing exactly the formats the command writes."""
    names = [FORMAT_NAMES[c] for c in choices]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(choices),
        default=default,
        show_default=True,
        help=f"Output format: {listed}.",
    )


def run_options(unit: str, workers_default: str = "all cores"):
    """``--workers``, ``--scheduler`` and ``--progress``: where a long run's chunks go
    (:mod:`odds.runs`) and whether it says how far it is when stderr is not a terminal."""

    def decorate(func):
        func = click.option(
            "--progress",
            "progress",
            is_flag=True,
            help=f"Say how far the run is ({unit} done, rate, time left) on stderr every 10 s when it is "
            "not a terminal (on a terminal a bar shows anyway).",
        )(func)
        func = click.option(
            "--scheduler",
            default=None,
            metavar="ADDRESS",
            help="A Dask scheduler (tcp://host:port) to spread the work over (pip install 'odds[dask]'; "
            "ODDS_DASK_TIMEOUT bounds every wait, default 20 s).",
        )(func)
        return click.option(
            "--workers", type=WORKERS, default=None, metavar="N", help=f"Local processes (default: {workers_default})."
        )(func)

    return decorate


def pay_option(func):
    """``--pay BET.OUTCOME=VALUE`` (repeatable): try a pay without writing a paytable file."""
    return click.option(
        "--pay",
        "pays",
        multiple=True,
        metavar="BET.OUTCOME=VALUE",
        help="Try a pay without a file (repeatable), e.g. --pay tie.tie=9; outcome keys are in the sheet's key column.",
    )(func)


def shoe_options(func):
    """``--decks N`` and ``--remove CARDS``: the composition the next round is dealt from."""
    func = click.option(
        "--remove",
        "remove",
        default="",
        metavar="CARDS",
        help="Cards already seen, e.g. 5x3,K,Th (rank A 2-9 T J Q K, optional suit s h d c, xN).",
    )(func)
    func = click.option(
        "--decks",
        type=DECKS_OR_INF,
        default=None,
        metavar="N",
        help="Decks in the shoe (default: the game's, 8 for baccarat); inf: an infinite shoe (cards dealt "
        "with replacement).",
    )(func)
    return func


def seen_options(func):
    """``--player CARDS`` and ``--banker CARDS``: the cards of the current round already seen."""
    func = click.option(
        "--banker",
        "banker",
        default="",
        metavar="CARDS",
        help="The banker's cards of this round seen so far, in order (e.g. 9 or 9h,K).",
    )(func)
    func = click.option(
        "--player",
        "player",
        default="",
        metavar="CARDS",
        help="The player's cards of this round seen so far, in order (e.g. 5,K): every figure "
        "becomes conditional on them.",
    )(func)
    return func


def paytable_option(func):
    return click.option(
        "--paytable",
        default=None,
        metavar="NAME|FILE",
        help="A paytable listed by `odds games`, or your own TOML file.",
    )(func)


def bet_option(func):
    return click.option(
        "--bet",
        "bets",
        multiple=True,
        metavar="ID",
        shell_complete=complete_bet,
        help="Only this bet (repeatable); default every bet.",
    )(func)


def complete_game(ctx, param, incomplete: str) -> list[str]:
    """Shell completion of GAME: the game ids (from the registry, no game imported)."""
    from ..games import game_ids

    return [g for g in game_ids() if g.startswith(incomplete)]


def complete_bet(ctx, param, incomplete: str) -> list[str]:
    """Shell completion of ``--bet``: the ids of the command's game, in the paytable named (or the
    default); nothing when the game is not known yet or the paytable cannot be read."""
    from ..games import GAME_MODULES

    game_id = ctx.params.get("game_id")
    if game_id is None:  # click leaves the words unparsed while an option waits for its value
        game_id = next((word for word in ctx.args if word in GAME_MODULES), None)
    if game_id not in GAME_MODULES:
        return []
    try:
        table = resolve_paytable(get_game(game_id), ctx.params.get("paytable"))
    except (OddsError, OSError):
        return []
    return [b for b in table.bets if b.startswith(incomplete)]


game_argument = click.argument("game_id", metavar="GAME", shell_complete=complete_game)


def game_option(help: str):
    """``--game GAME`` (optional; completed from the game ids), for commands whose GAME may come
    from elsewhere (a log, every game by default)."""
    return click.option("--game", "game_id", default=None, metavar="GAME", shell_complete=complete_game, help=help)


"""The GAME argument of a command (completed by the shell from the game ids)."""


def resolve_game(game_id: str):
    return get_game(game_id)


def resolve_shoe(game, decks: int | str | None, remove: str) -> Shoe | None:
    """The shoe a command was asked for; None for games without one (dice, wheels)."""
    if not game.uses_shoe:
        if decks is not None or remove:
            raise OddsError(f"{game.id} deals no cards: --decks and --remove do not apply")
        return None
    shoe = Shoe.infinite_shoe() if decks == "inf" else Shoe.decks(game.default_decks if decks is None else decks)
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


def resolve_paytable(game, paytable: str | None, pays=(), unknowns: str | None = None):
    """The paytable asked for, with the pays of ``--pay`` applied (:mod:`odds.pays`) and the
    unknown multiplier weights of ``--unknowns`` given (:func:`odds.overlay.sheet.with_unknowns`)."""
    table = load_paytable(game, paytable)
    if pays:
        from ..pays import parse_pay_option, with_pays

        table = with_pays(table, [parse_pay_option(text) for text in pays])
    if unknowns:
        from ..overlay.sheet import parse_unknowns, with_unknowns

        table = with_unknowns(table, parse_unknowns(unknowns))
    return table


unknowns_option = click.option(
    "--unknowns",
    default=None,
    metavar="NAME=X,...",
    help="Values for the unknown multiplier weights of the paytable's multiplier bets, e.g. p=0.938 "
    "(odds solve GAME --weights finds them).",
)
