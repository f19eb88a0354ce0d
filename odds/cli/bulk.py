"""Commands that price many sheets or shoes at once: ``export`` (every game's sheets to files)
and ``batch`` (one row per partly dealt shoe of a file); and :func:`shoe_lines`, the reader of a
file of lines that ``batch``, ``settle``, ``count`` and ``track`` share."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from pathlib import Path
from collections.abc import Iterator

import click

from .. import limits
from ..errors import OddsError, shown
from ..files import usable
from .options import (
    game_argument,
    echo,
    DECKS,
    FilePath,
    bet_option,
    format_option,
    pay_option,
    paytable_option,
    resolve_bets,
    resolve_game,
    resolve_paytable,
    run_options,
)


@click.command()
@click.option(
    "--out", "out_dir", type=FilePath(file_okay=False), default="tables", show_default=True, help="Folder to write."
)
@click.option("--check", is_flag=True, help="Write nothing; exit 1 if the folder differs from a fresh export.")
@click.option(
    "--paytable",
    "paytables",
    multiple=True,
    metavar="FILE",
    help="Also export this paytable file (your own bets), with its game's sheets and in the overview.",
)
@click.option(
    "--only",
    is_flag=True,
    help="Write only the lab sheet of each --paytable FILE (md, csv, json, pdf: every bet's description, "
    "conditions, pays, exact edge at 1, 6 and 8 decks, volatility index and hold), into --out "
    "(default: the current folder).",
)
def export(out_dir, check, paytables, only):
    """Write every game's sheets (md, csv, json) and the overviews into a folder."""
    from .. import export as export_lib
    from ..render import files as files_text

    if only:
        _export_lab(out_dir, check, paytables)
        return
    root = Path(out_dir)
    export_lib.check_out(root)  # a bad --out fails before the tables are computed
    export_lib.user_paytables(paytables)  # so does a bad paytable file, or two of one name
    files = export_lib.export_files(paytables)
    if check:
        stale = export_lib.differences(files, root)
        if stale:
            for line in stale:
                echo(line + "\n", err=True)
            raise OddsError(files_text.export_stale(root, len(stale)))
        echo(files_text.export_checked(root, len(files)) + "\n", err=True)
        return
    written = export_lib.write(files, root)
    echo(files_text.export_written(root, len(files), export_lib.MANIFEST, written) + "\n", err=True)


def _export_lab(out_dir, check, paytables) -> None:
    """``export --paytable FILE --only``: each file's lab sheet, four files each (:mod:`odds.lab`)."""
    from .. import export as export_lib
    from ..files import write_bytes
    from ..games import get_game
    from ..lab import lab_files

    if check or not paytables:
        raise click.UsageError("--only writes the lab sheet of each --paytable FILE: give --paytable, not --check")
    ctx = click.get_current_context()
    root = Path("." if ctx.get_parameter_source("out_dir") == click.core.ParameterSource.DEFAULT else out_dir)
    if not root.is_dir():
        raise OddsError(f"--out {shown(str(root), 80)}: there is no such folder")
    written = 0
    for table in export_lib.user_paytables(paytables):
        for name, data in lab_files(get_game(table.game), table).items():
            write_bytes(root / name, data, "lab sheet")
            written += 1
    echo(f"{root}: {written} lab sheet files written\n", err=True)


BATCH_FILE = FilePath(exists=True, dir_okay=False, allow_dash=True)


@click.command()
@game_argument
@click.option(
    "--file",
    "shoes_file",
    type=BATCH_FILE,
    default=None,
    metavar="FILE",
    help="File with one --remove spec per line (an empty line is the full shoe); - for stdin. Required.",
)
@click.option(
    "--shoes",
    "old_file",
    type=BATCH_FILE,
    default=None,
    metavar="FILE",
    help="The old name of --file (still works, with a note on stderr).",
)
@bet_option
@paytable_option
@pay_option
@click.option("--decks", type=DECKS, default=None, metavar="N", help="Decks before the removals.")
@run_options("lines")
@format_option(choices=("csv", "json"), default="csv")
def batch(game_id, shoes_file, old_file, bets, paytable, pays, decks, workers, scheduler, progress, fmt):
    """House edges of many partly dealt shoes: one row per line of FILE and bet.

    Lines are read, computed and written 4,096 at a time: memory stays flat however long FILE
    is. A bad line stops the batch with its line number (exit 1); the rows written for the chunks
    before it stand (JSON is left unclosed).
    """
    if shoes_file is not None and old_file is not None:
        raise click.UsageError("give --file, not both --file and --shoes (its old name)")
    if shoes_file is None and old_file is None:
        raise click.UsageError("Missing option '--file'.")
    game = resolve_game(game_id)
    if not game.uses_shoe:
        raise OddsError(f"{game.id} deals no cards: batch takes card games only")
    table = resolve_paytable(game, paytable, pays)
    bet_ids = resolve_bets(game, bets, table)
    if workers is not None and workers < 1:
        raise click.BadParameter("must be at least 1", param_hint="--workers")
    from .. import batch as batch_lib  # numpy: imported when a batch runs, not for a usage error
    from ..render.batch import alias_note
    from ..runs.progress import Progress

    with shoe_lines(
        shoes_file if shoes_file is not None else old_file, "--file" if shoes_file is not None else "--shoes"
    ) as lines:
        with Progress.for_command(None, "lines", progress) as meter:
            batch_lib.stream_batch(
                game,
                table,
                lines,
                bet_ids,
                decks,
                fmt,
                workers or os.cpu_count() or 1,
                sys.stdout.write,
                scheduler=scheduler,
                progress=meter,
            )
    if old_file is not None:
        click.echo(alias_note(), err=True)  # after the run: a refused run has one line to say


@contextlib.contextmanager
def shoe_lines(path: str, option: str = "--file", what: str = "batch file") -> Iterator[Iterator[str]]:
    """The lines of a batch file (``-``: stdin), read one at a time as the batch needs them (a
    final newline ends the last line; it does not start an empty one). Refused in one line: a
    file that cannot be opened (at once, before any output), more than ``MAX_DATA_BYTES`` in all
    (a regular file at once; stdin or a device such as ``/dev/zero``, which never ends, when the
    limit is reached), a line that is not UTF-8 (naming it), a read error."""
    limit = limits.MAX_DATA_BYTES
    if path == "-":
        cannot = f"{option} -: cannot read stdin"
        stream, close = getattr(sys.stdin, "buffer", None), False
        if stream is None:  # started with stdin closed (<&-): Python has no sys.stdin at all
            raise OddsError(f"{cannot}: it is closed")
        too_big = f"{option} -: more than {limit >> 20} MiB on stdin; split the {what.split()[0]}"
    else:
        name = str(usable(path))
        name = name if len(name) <= 200 else shown(name, 200)
        too_big = f"{name}: the {what} is bigger than {limit >> 20} MiB: is it the right file?"
        cannot = f"{name}: cannot read the {what}"
        try:
            stream, close = open(path, "rb"), True
            size = os.fstat(stream.fileno())
        except OSError as exc:
            raise OddsError(f"{cannot}: {exc.strerror or exc}") from None
        if stat.S_ISREG(size.st_mode) and size.st_size > limit:
            stream.close()
            raise OddsError(too_big)

    def read() -> Iterator[str]:
        left, number = limit, 0
        while True:
            try:
                data = stream.readline(left + 1)
            except OSError as exc:
                raise OddsError(f"{cannot}: {exc.strerror or exc}") from None
            if not data:
                return
            left -= len(data)
            if left < 0:
                raise OddsError(too_big)
            number += 1
            try:
                yield data[:-1].decode("utf-8") if data.endswith(b"\n") else data.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise OddsError(
                    f"{option} {path}: line {number}: not UTF-8 text (byte {data[exc.start]:#04x})"
                ) from None

    try:
        yield read()
    finally:
        if close:
            stream.close()


def register(cli):
    for command in (export, batch):
        cli.add_command(command)
