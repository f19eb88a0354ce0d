"""The floor: ``track`` (the live shoe tracker: a local page, or ``--stdin``) and ``audit`` (a
session's wagers priced when they were placed)."""

from __future__ import annotations

import sys

import click

from ..errors import OddsError, shown
from .options import (
    DECKS,
    FilePath,
    Whole,
    game_option,
    format_option,
    game_argument,
    paytable_option,
    resolve_game,
)

PORT = Whole(0, 65535)
DEFAULT_PORT = 8765


def _start(decks, ranks):
    """How each shoe starts: ``--decks`` or ``--ranks`` (13 counts A..K), not both."""
    from ..floor.table import Start

    if ranks is not None:
        if decks is not None:
            raise click.UsageError("give --decks or --ranks, not both")
        items = [x.strip() for x in ranks.split(",")]
        if len(items) != 13 or not all(x.isdigit() and len(x) <= 7 for x in items):
            raise OddsError(f"--ranks needs 13 whole numbers, the cards left of each rank A..K; got {ranks[:60]!r}")
        return Start(ranks=tuple(int(x) for x in items))
    return Start(decks=decks)


@click.command()
@game_argument
@paytable_option
@click.option("--decks", type=DECKS, default=None, metavar="N", help="Decks in each shoe (default: the game's).")
@click.option(
    "--ranks",
    default=None,
    metavar="A,2,...,K",
    help="Start from the cards left instead: 13 counts, one per rank A..K (suits unknown).",
)
@click.option(
    "--tags",
    "tags_text",
    default=None,
    metavar="T1,...,Tn",
    help="A count to show the true count of: 10 integers (values A..T), 13 (ranks) or 52 (cards).",
)
@click.option(
    "--db",
    "db",
    type=FilePath(dir_okay=False),
    default=None,
    metavar="FILE",
    help="SQLite file the tables are written to after every card (default: floor.sqlite here).",
)
@click.option("--host", default="127.0.0.1", show_default=True, metavar="HOST", help="Address to serve the page on.")
@click.option("--port", type=PORT, default=DEFAULT_PORT, show_default=True, metavar="N", help="Port (0: any free one).")
@click.option(
    "--stdin",
    "from_stdin",
    is_flag=True,
    help="No page: read cards line by line from stdin and print each round as it is settled.",
)
@format_option(choices=("table", "json"))
def track(game_id, paytable, decks, ranks, tags_text, db, host, port, from_stdin, fmt):
    """Follow a shoe as it is dealt: every bet's exact expectation after each card.

    Serves a page on HOST:PORT (127.0.0.1 by default; anywhere else it asks for the token it
    prints) to enter cards by tapping ranks, with every round settled, the bets positive for the
    next round highlighted and their windows; the tables are written to a SQLite file after every
    card. GAME opens the first table when the file holds none. With --stdin: lines of cards
    ('K 4 3', 'burn 7', 'undo', 'shoe') in, each round's settlement and the positive bets out.
    """
    from ..depletion.tags import parse_count_tags
    from ..limits import MAX_LEVEL

    game = resolve_game(game_id)
    if not game.uses_shoe:
        raise OddsError(f"{game.id} deals no cards: the tracker follows card games")
    start = _start(decks if decks is not None or ranks is not None else game.default_decks, ranks)
    tags = parse_count_tags(tags_text, "--tags", MAX_LEVEL)[1] if tags_text is not None else None
    if from_stdin:
        if db is not None:
            raise click.UsageError("--stdin keeps its shoe in memory: --db is for the page")
        _follow_stdin(game, paytable, start, tags, fmt)
        return
    if fmt != "table":
        raise click.UsageError("--format json is for --stdin; the page is the output")
    _serve(game, paytable, start, tags, db, host, port)


def _follow_stdin(game, paytable, start, tags, fmt):
    from ..floor.stream import follow
    from ..floor.table import Table
    from ..paytable import load_paytable
    from .bulk import shoe_lines

    table = Table(game, load_paytable(game, paytable), start, tags)

    def write(text):
        sys.stdout.write(text)
        sys.stdout.flush()

    with shoe_lines("-", "--stdin") as lines:
        refused = follow(table, lines, fmt, write, lambda text: click.echo(text, err=True))
    if refused:
        raise OddsError(f"{refused} line{'s' if refused != 1 else ''} of input not applied (named above)")


def _serve(game, paytable, start, tags, db, host, port):
    import signal

    from ..files import usable
    from ..floor.store import Choices, Floor, default_path
    from ..floor.web import is_loopback, make_server

    try:
        import flask  # noqa: F401
        import waitress  # noqa: F401
    except ImportError:
        raise OddsError("the tracker's page needs Flask and waitress: pip install 'odds[floor]'") from None
    from ..paytable import load_paytable

    load_paytable(game, paytable)  # a file of another game, or a bad one, fails here in one line
    choices = Choices(paytable if paytable is not None and paytable not in _shipped(game) else None)
    floor = Floor(str(usable(db or default_path(), "--db")), choices)
    for line in floor.skipped:
        click.echo(f"note: not opened: {line}", err=True)
    if floor.tables:
        click.echo(
            f"note: the tables of {floor.path} reopened; GAME and its options open a table only in a new "
            f"database (+ table on the page opens more)",
            err=True,
        )
    else:
        key = choices.user_key if choices.user is not None else paytable or game.default_paytable
        floor.create(game.id, key, start.to_dict(), list(tags) if tags is not None else None)
    try:
        server, token = make_server(floor, host, port)
    except OSError as exc:
        floor.close()
        raise OddsError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None
    shown_host = f"[{host}]" if ":" in host else host
    address = f"http://{shown_host}:{server.effective_port}/"
    if token is not None:
        address += f"?token={token}"
    click.echo(address)
    sys.stdout.flush()
    where = "this machine only" if is_loopback(host) else "the network: keep the token secret"
    click.echo(
        f"odds track: {len(floor.tables)} table{'s' if len(floor.tables) != 1 else ''} in {floor.path}; "
        f"serving {where}; Ctrl-C stops",
        err=True,
    )

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        floor.close()
    click.echo("odds track: stopped; every card is in the database", err=True)


def _shipped(game) -> list[str]:
    from ..paytable import shipped_names

    return shipped_names(game)


@click.command()
@click.argument("log", metavar="LOG", type=FilePath(exists=True, dir_okay=False))
@game_option("The game (default: the log's).")
@paytable_option
@click.option(
    "--decks", type=DECKS, default=None, metavar="N", help="Decks in each shoe (default: the log's, else the game's)."
)
@format_option()
def audit(log, game_id, paytable, decks, fmt):
    """Price every wager of a session log when it was placed, and sum it up per seat.

    LOG (CSV or JSON) lists the rounds of one or more shoes in order - cards burned face up, the
    wagers (seat, bet, amount), each round's cards. Per seat: the wagers' exact expected total
    against their actual result (z), against the house edge (z across shoes), the share placed
    at a positive edge, and how wager size follows the edge.
    """
    from ..floor.audit import LogError, audit as run_audit, read_limited_log, read_log
    from ..games import get_game
    from ..paytable import load_paytable, shipped_names
    from ..render.floor import render_audit

    table = None
    if game_id is not None:  # a bad --game or --paytable fails before the log is read
        table = load_paytable(resolve_game(game_id), paytable)
    head, rows = read_log(read_limited_log(log), _name(log))
    named = head.get("game")
    if game_id is None and named is None:
        raise click.UsageError("give --game: the log does not name its game")
    if named is not None and not isinstance(named, str):
        raise LogError(f"{_name(log)}: 'game' names a game, e.g. baccarat")
    if game_id is not None and named is not None and get_game(game_id).id != get_game(named).id:
        raise LogError(f"{_name(log)}: the log is of {shown(named, 40)}, not {game_id}")
    game = resolve_game(game_id or named)
    if paytable is None and head.get("paytable") is not None:  # the log's, when no --paytable
        named_table = head["paytable"]
        if not isinstance(named_table, str) or named_table not in shipped_names(game):
            raise LogError(
                f"{_name(log)}: 'paytable' {shown(str(named_table), 40)} is not a shipped paytable of {game.id} "
                f"(a log never names a file: give your own with --paytable FILE)"
            )
        table = load_paytable(game, named_table)
    elif table is None:
        table = load_paytable(game, paytable)
    if decks is None and head.get("decks") is not None:
        decks = _log_decks(head["decks"], log)
    report = run_audit(game, table, rows, decks or game.default_decks)
    click.echo(render_audit(report, fmt), nl=False)


def _name(path: str) -> str:
    return shown(str(path), 200) if len(str(path)) > 200 else str(path)


def _log_decks(value, log) -> int:
    from ..floor.audit import LogError
    from ..limits import MAX_DECKS

    text = str(value).strip()
    if not text.isdigit() or not 1 <= int(text) <= MAX_DECKS:
        raise LogError(f"{_name(log)}: 'decks' is a whole number from 1 to {MAX_DECKS:,}, not {shown(text, 20)}")
    return int(text)


def register(cli):
    for command in (track, audit):
        cli.add_command(command)
