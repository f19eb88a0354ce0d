"""Commands over paytable sheets: ``games``, ``sheet``, ``check`` (``export`` and ``batch``, which
price many at once, are in :mod:`odds.cli.bulk`: a sheet does not compile them)."""

from __future__ import annotations

import click

from ..errors import OddsError
from ..games import all_games
from ..paytable import shipped_names
from ..render.check import note_lines, render_check
from ..render.sheet import render_sheet, suits_note
from ..sheet import build_sheet, paytable_game
from .options import (
    game_argument,
    echo,
    FilePath,
    bet_option,
    format_option,
    pay_option,
    paytable_option,
    resolve_bets,
    resolve_game,
    resolve_paytable,
    unknowns_option,
    resolve_shoe,
    seen_options,
    shoe_options,
)


@click.command()
@format_option()
def games(fmt):
    """List the games, their paytables, and each bet's id, name and rule - the default paytable's,
    then those the other shipped paytables add (Dragon 7, Panda 8 ...); --format md: the catalogue
    of every bet of every paytable (rule, source, house edge).

    The ids are what --bet, --paytable and paytable files take."""
    if fmt == "md":
        from ..catalogue import catalogue_md

        echo(catalogue_md())
        return
    from ..catalogue import other_bets
    from ..render.games import render_games  # (here: a sheet does not import it)

    listing = all_games()
    echo(render_games(listing, {g.id: shipped_names(g) for g in listing}, fmt, {g.id: other_bets(g) for g in listing}))


def sheet_bets(game, shoe, bets, paytable) -> list[str]:
    """The bets to show. Bets that need suits are left out, with a note on stderr, when cards were
    removed without suits and the user did not ask for them by name."""
    chosen = resolve_bets(game, bets, paytable)
    unpriced = [b for b in chosen if paytable.bet(b).overlay is not None and not paytable.bet(b).overlay.known]
    if unpriced and not bets:
        from ..overlay.sheet import unknown_weights_note

        chosen = [b for b in chosen if b not in unpriced]
        if not chosen:
            from ..overlay.sheet import unknown_weights_error

            raise unknown_weights_error(game, paytable, unpriced)
        click.echo(f"note: {unknown_weights_note(game, paytable, unpriced)}", err=True)
    if bets or shoe is None or shoe.has_suits:
        return chosen
    kept = [b for b in chosen if paytable.rule(b).resolution != "card"]
    skipped = [b for b in chosen if b not in kept]
    if skipped:
        click.echo(suits_note(skipped), err=True)
    return kept


@click.command()
@game_argument
@bet_option
@paytable_option
@pay_option
@unknowns_option
@shoe_options
@click.option(
    "--fee",
    default=None,
    metavar="AMOUNT",
    help="Collection fee per wager, in units of the stake (card-room games), e.g. 0.05 or 1/20.",
)
@click.option(
    "--summary",
    is_flag=True,
    help="One row per bet (house edge, RTP, hit frequency, SD, volatility index, hold intervals) "
    "instead of the outcome tables; with --format csv, a table pandas reads as it is.",
)
@seen_options
@format_option()
def sheet(game_id, bets, paytable, pays, unknowns, decks, remove, fee, summary, fmt, player, banker):
    """The exact paytable sheet of GAME's bets for a shoe.

    Per bet: each outcome (its key, for paytable files, --pay and solve --outcome), what it
    pays, its exact combinations and probability, then the house edge, RTP, hit frequency,
    variance, volatility index and the hold's intervals after 1,000 to 1,000,000 rounds. With
    --player/--banker: the same in the middle of a round, given the cards seen.
    """
    game = resolve_game(game_id)
    table = resolve_paytable(game, paytable, pays, unknowns)
    shoe = resolve_shoe(game, decks, remove)
    result = build_sheet(
        game,
        table,
        shoe,
        sheet_bets(game, shoe, bets, table),
        fee=parse_fee(fee),
        player=player,
        banker=banker,
        keep_going=True,
    )
    echo(render_sheet(result, fmt, summary=summary))
    for line in note_lines(sheet_notes(game, table, result)):
        echo(line + "\n", err=True)
    fail_for(result.failed)


def sheet_notes(game, table, result) -> list:
    """The notes of ``odds check`` on a sheet's bets (on the full default shoe, as ``check``)."""
    from ..check import check_sheet
    from ..shoe import Shoe

    full = Shoe.decks(game.default_decks) if game.uses_shoe else None
    ids = [b.id for b in result.bets]
    if not ids:
        return []
    if result.shoe != full or any(n.startswith("Given the cards") for n in result.notes):
        result = build_sheet(game, table, full, ids, keep_going=True)
    return check_sheet(game, table, result)


def fail_for(failed) -> None:
    """Each bet that could not be counted as an error line on stderr, then exit code 1 (after the
    other bets were written)."""
    for _, error in failed:
        echo(f"Error: {error}\n", err=True)
    if failed:
        raise click.exceptions.Exit(1)


@click.command()
@click.argument("path", metavar="FILE", type=FilePath(exists=True, dir_okay=False))
@format_option(choices=("table", "json"))
def check(path, fmt):
    """Look for slips in a paytable file, from its exact figures on the full shoe.

    Notes: outcomes no round reaches; outcomes that earlier outcomes shadow (a round takes the
    first outcome whose condition holds); bets that give the player the edge; a line paying more
    than a rarer line above it; a window longer than a shoe. Notes are advice (exit code 0); a bet
    that cannot be counted is an error (exit code 1, the other bets checked).
    """
    from ..check import check_sheet
    from ..shoe import Shoe

    game = paytable_game(path)
    table = resolve_paytable(game, path)
    full = Shoe.decks(game.default_decks) if game.uses_shoe else None
    result = build_sheet(game, table, full, keep_going=True)
    notes = check_sheet(game, table, result)
    echo(render_check(path, game, notes, result.failed, len(table.bets), fmt))
    fail_for(result.failed)


def parse_fee(text: str | None):
    from ..paytable import parse_pay

    if text is None:
        return None
    fee = parse_pay(text, "--fee")
    if fee < 0:
        raise OddsError(f"--fee must be zero or more, not {text}")
    return fee


def register(cli):
    for command in (games, sheet, check):
        cli.add_command(command)
