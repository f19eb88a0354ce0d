"""Commands over paytable sheets: ``games``, ``sheet``, ``export``, ``batch``."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from .. import batch as batch_lib
from .. import export as export_lib
from .. import limits
from ..errors import OddsError
from ..files import read_limited
from ..games import all_games
from ..paytable import shipped_names
from ..render import records
from ..render.sheet import render_sheet
from ..sheet import build_sheet
from .options import (seen_options, DECKS, WORKERS, FilePath, bet_option, format_option, paytable_option, resolve_bets,
                      resolve_game, resolve_paytable, resolve_shoe, shoe_options)


@click.command()
@format_option()
def games(fmt):
    """List the games, their paytables and bet ids; --format md: the catalogue of every bet of every
    paytable (rule, source, house edge)."""
    if fmt == "md":
        from ..catalogue import catalogue_md

        click.echo(catalogue_md(), nl=False)
        return
    listing = [{"game": g.id, "default_paytable": g.default_paytable, "paytables": shipped_names(g.id),
                "bets": list(g.bets)} for g in all_games()]
    if fmt == "json":
        click.echo(json.dumps(listing, indent=2))
        return
    flat = [{"game": g["game"], "paytables": " ".join(g["paytables"]), "bets": " ".join(g["bets"])} for g in listing]
    click.echo(records(flat, fmt), nl=False)


def sheet_bets(game, shoe, bets, paytable) -> list[str]:
    """The bets to show. Bets that need suits are left out, with a note on stderr, when cards were
    removed without suits and the user did not ask for them by name."""
    chosen = resolve_bets(game, bets, paytable)
    if bets or shoe is None or shoe.has_suits:
        return chosen
    kept = [b for b in chosen if paytable.rule(b).resolution != "card"]
    skipped = [b for b in chosen if b not in kept]
    if skipped:
        click.echo(f"note: {', '.join(skipped)} left out: they need suits, and --remove named cards "
                   f"without one (write Kh, not K)", err=True)
    return kept


@click.command()
@click.argument("game_id", metavar="GAME")
@bet_option
@paytable_option
@shoe_options
@click.option("--fee", default=None, metavar="AMOUNT",
              help="Collection fee per wager, in units of the stake (card-room games), e.g. 0.05 or 1/20.")
@seen_options
@format_option()
def sheet(game_id, bets, paytable, decks, remove, fee, fmt, player, banker):
    """The exact paytable sheet of GAME's bets for a shoe."""
    game = resolve_game(game_id)
    table = resolve_paytable(game, paytable)
    shoe = resolve_shoe(game, decks, remove)
    result = build_sheet(game, table, shoe, sheet_bets(game, shoe, bets, table), fee=parse_fee(fee),
                         player=player, banker=banker)
    click.echo(render_sheet(result, fmt), nl=False)


@click.command()
@click.option("--out", "out_dir", type=FilePath(file_okay=False), default="tables", show_default=True,
              help="Folder to write.")
@click.option("--check", is_flag=True, help="Write nothing; exit 1 if the folder differs from a fresh export.")
@click.option("--paytable", "paytables", multiple=True, metavar="FILE",
              help="Also export this paytable file (your own bets), with its game's sheets and in the overview.")
def export(out_dir, check, paytables):
    """Write every game's sheets (md, csv, json) and the overviews into a folder."""
    root = Path(out_dir)
    export_lib.check_out(root)  # a bad --out fails before the tables are computed
    for path in paytables:
        export_lib.paytable_game(path)  # so does a bad paytable file
    files = export_lib.export_files(paytables)
    if check:
        stale = export_lib.differences(files, root)
        if stale:
            for line in stale:
                click.echo(line, err=True)
            raise OddsError(f"{root} is stale: {len(stale)} file(s) differ; run `odds export --out {root}`")
        click.echo(f"{root}: {len(files)} files up to date", err=True)
        return
    written = export_lib.write(files, root)
    click.echo(f"{root}: {len(files)} files and the manifest {export_lib.MANIFEST} ({written} changed)", err=True)


@click.command()
@click.argument("game_id", metavar="GAME")
@click.option("--shoes", "shoes_file", type=FilePath(exists=True, dir_okay=False, allow_dash=True), required=True,
              help="File with one --remove spec per line (an empty line is the full shoe); - for stdin.")
@bet_option
@paytable_option
@click.option("--decks", type=DECKS, default=None, metavar="N", help="Decks before the removals.")
@click.option("--workers", type=WORKERS, default=None, metavar="N",
              help="Processes to use for a big batch (default: all cores).")
@format_option(choices=("csv", "json"), default="csv")
def batch(game_id, shoes_file, bets, paytable, decks, workers, fmt):
    """House edges of many partly dealt shoes: one row per line and bet."""
    game = resolve_game(game_id)
    if not game.uses_shoe:
        raise OddsError(f"{game.id} deals no cards: batch takes card games only")
    table = resolve_paytable(game, paytable)
    bet_ids = resolve_bets(game, bets, table)
    lines = read_shoe_lines(shoes_file).split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the file's final newline ends the last line; it is not an empty line
    if workers is not None and workers < 1:
        raise click.BadParameter("must be at least 1", param_hint="--workers")
    sys.stdout.write(batch_lib.run_batch(game, table, lines, bet_ids, decks, fmt,
                                         workers or os.cpu_count() or 1))


def read_shoe_lines(path: str) -> str:
    """The text of a batch file (``-``: stdin), refused in one line when bigger than
    ``MAX_DATA_BYTES`` (``/dev/zero`` never ends) or not UTF-8 (naming the line)."""
    if path == "-":
        stdin = sys.stdin.buffer
        try:
            data = stdin.read(limits.MAX_DATA_BYTES + 1)
        except OSError as exc:
            raise OddsError(f"--shoes -: cannot read stdin: {exc.strerror or exc}") from None
        if len(data) > limits.MAX_DATA_BYTES:
            raise OddsError(f"--shoes -: more than {limits.MAX_DATA_BYTES >> 20} MiB on stdin; split the batch")
    else:
        data = read_limited(path, limits.MAX_DATA_BYTES, "batch file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise OddsError(f"--shoes {path}: line {line}: not UTF-8 text (byte {data[exc.start]:#04x})") from None


def parse_fee(text: str | None):
    from ..paytable import parse_pay

    if text is None:
        return None
    fee = parse_pay(text, "--fee")
    if fee < 0:
        raise OddsError(f"--fee must be zero or more, not {text}")
    return fee


def register(cli):
    for command in (games, sheet, export, batch):
        cli.add_command(command)
