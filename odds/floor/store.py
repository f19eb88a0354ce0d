"""The tables of a tracker, written to a SQLite database after every change.

A :class:`Floor` holds the open tables (:class:`~odds.floor.table.Table`) and keeps the
database one step behind nothing: every line entered is one transaction, committed before the
page hears back, so a reload, a closed tab or a killed server loses nothing. Each table is a row
(its game, paytable, how its shoes start, its count) and its events (a card, a burn, a new shoe)
are rows in order; opening the database deals every table's current shoe again from them.

What the database holds is read as untrusted: games, paytables, starts and cards are checked as
if typed, and a paytable *file* is never opened from a path found there - a table of a user's
file opens only when the tracker was started with that same file (``--paytable``).

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "floor.sqlite")
>>> floor = Floor(path, Choices())
>>> table_id = floor.create("baccarat", "seed", {"decks": 8})
>>> floor.enter(table_id, "4s Kh Ad 4c 2h 9d").rounds[0].settlement.bet("player").net
Fraction(1, 1)
>>> floor.close()
>>> again = Floor(path, Choices())
>>> again.tables[table_id].shoe.total, len(again.tables[table_id].rounds)
(410, 1)
>>> again.close()
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from pathlib import Path

from ..errors import OddsError, UnknownName, shown
from .table import EntryError, Event, Start, Table

SCHEMA = """
CREATE TABLE IF NOT EXISTS floor_tables (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    paytable TEXT NOT NULL,
    paytable_file TEXT,
    start TEXT NOT NULL,
    tags TEXT
);
CREATE TABLE IF NOT EXISTS floor_events (
    table_id INTEGER NOT NULL REFERENCES floor_tables(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    card TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""


class StoreError(OddsError):
    """A database that cannot be opened or written, or whose content is not a tracker's."""


class Choices:
    """The paytables a page may pick: every shipped one of each card game, and the user's own
    file given on the command line (``--paytable FILE``), by key - a page names one, it never
    sends a path."""

    def __init__(self, user_file: str | None = None):
        from ..games import get_game
        from ..paytable import load_paytable, read_game_of

        self.user = None
        self.user_path = None
        if user_file is not None:
            game = get_game(read_game_of(user_file))
            self.user = load_paytable(game, user_file)
            self.user_path = str(Path(user_file).resolve())

    @property
    def user_key(self) -> str | None:
        """The key of the user's paytable file on the page: its name, ``file:`` and the file's
        name (:data:`odds.paytable.FILE_PREFIX`; never its path)."""
        return self.user.name if self.user is not None else None

    def games(self) -> list:
        from ..games import all_games

        return [g for g in all_games() if g.uses_shoe]

    def names(self, game) -> list[str]:
        """The keys a page may send for ``game``: the shipped paytables, then the user's file."""
        from ..paytable import shipped_names

        names = shipped_names(game)
        if self.user is not None and self.user.game == game.id:
            names.append(self.user_key)
        return names

    def paytable(self, game, key: str):
        """The paytable of ``key`` (:meth:`names`), or an UnknownName error naming the closest."""
        if not isinstance(key, str):
            raise EntryError("name a paytable, e.g. seed")
        if key == self.user_key and self.user.game == game.id:
            return self.user
        names = self.names(game)
        if key not in names:
            raise UnknownName(f"paytable of {game.id}", key, names)
        return game.paytable(key)

    def file_of(self, key: str) -> str | None:
        return self.user_path if key == self.user_key else None


class Floor:
    """The tables of one tracker and their database (module docstring). Every method holds one
    lock: a page's requests are applied one at a time, in the order they come."""

    def __init__(self, path: str, choices: Choices):
        self.path = str(path)
        self.choices = choices
        self.lock = threading.RLock()
        self.tables: dict[int, Table] = {}
        self.keys: dict[int, str] = {}
        self.skipped: list[str] = []
        """Tables of the database not opened, and why (the tracker prints them at start)."""
        try:
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")  # a commit appends to the log: fast, and a crash keeps it
            self.db.execute("PRAGMA synchronous=FULL")  # each commit on disk before the page hears back
            self.db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            raise StoreError(f"{shown(self.path, 200)}: cannot open the tracker's database: {exc}") from None
        self._load()

    def close(self) -> None:
        with self.lock:
            self.db.close()

    # -- reading -------------------------------------------------------------------------------------
    def _load(self) -> None:
        from ..games import get_game

        try:
            rows = self.db.execute(
                "SELECT id, game, paytable, paytable_file, start, tags FROM floor_tables ORDER BY id"
            )
            rows = rows.fetchall()
        except sqlite3.Error as exc:
            raise StoreError(f"{shown(self.path, 200)}: not a tracker's database ({exc})") from None
        for table_id, game_id, key, file, start, tags in rows:
            try:
                game = get_game(str(game_id))
                if file is not None and file != self.choices.file_of(key):
                    raise OddsError(f"its paytable is the file {file}: start the tracker with --paytable {file}")
                paytable = self.choices.paytable(game, key)
                events = self.db.execute(
                    "SELECT kind, card FROM floor_events WHERE table_id = ? ORDER BY seq", (table_id,)
                ).fetchall()
                table = Table(
                    game,
                    paytable,
                    Start.from_dict(json.loads(start)),
                    _tags(json.loads(tags)) if tags is not None else None,
                    [Event.read(kind, card) for kind, card in events],
                )
            except (OddsError, ValueError, TypeError, sqlite3.Error) as exc:
                self.skipped.append(f"table {table_id} ({shown(str(game_id), 30)}, {shown(str(key), 40)}): {exc}")
                continue
            self.tables[int(table_id)] = table
            self.keys[int(table_id)] = key

    # -- changing ------------------------------------------------------------------------------------
    def create(self, game_id, paytable_key, start, tags=None) -> int:
        """Open a new table: ``game_id``, a paytable key (:class:`Choices`), ``start`` as
        :meth:`Start.from_dict` takes it, ``tags`` (10, 13 or 52 integers) or None."""
        from ..games import get_game

        if not isinstance(game_id, str):
            raise EntryError("name a game, e.g. baccarat")
        game = get_game(game_id)
        paytable = self.choices.paytable(game, paytable_key or game.default_paytable)
        table = Table(game, paytable, Start.from_dict(start), _tags(tags) if tags is not None else None)
        with self.lock:
            with self._transaction():
                cursor = self.db.execute(
                    "INSERT INTO floor_tables (game, paytable, paytable_file, start, tags) VALUES (?, ?, ?, ?, ?)",
                    (
                        game.id,
                        paytable_key or game.default_paytable,
                        self.choices.file_of(paytable_key),
                        json.dumps(table.start.to_dict()),
                        json.dumps(list(table.tags)) if table.tags is not None else None,
                    ),
                )
            table_id = int(cursor.lastrowid)
            self.tables[table_id] = table
            self.keys[table_id] = paytable_key or game.default_paytable
            return table_id

    def enter(self, table_id: int, text: str) -> Table:
        """Apply a line of entry to a table and write it, or change nothing: a line that cannot
        be applied (EntryError) or written (StoreError; the table is then dealt again from the
        database, so what the page shows is always what the database holds)."""
        with self.lock:
            table = self.table(table_id)
            table.enter(text)
            try:
                self._write(table_id, table)
            except StoreError:
                self.tables[table_id] = self._read_table(table_id, table)
                raise
            return table

    def remove(self, table_id: int) -> None:
        """Close a table for good: it and its events leave the database."""
        with self.lock:
            self.table(table_id)
            with self._transaction():
                self.db.execute("DELETE FROM floor_events WHERE table_id = ?", (table_id,))
                self.db.execute("DELETE FROM floor_tables WHERE id = ?", (table_id,))
            del self.tables[table_id]
            del self.keys[table_id]

    def _read_table(self, table_id: int, table: Table) -> Table:
        """``table`` as the database holds it (its events read again)."""
        try:
            rows = self.db.execute(
                "SELECT kind, card FROM floor_events WHERE table_id = ? ORDER BY seq", (table_id,)
            ).fetchall()
        except sqlite3.Error as exc:
            raise StoreError(f"{shown(self.path, 200)}: cannot read the tracker's database: {exc}") from None
        return Table(table.game, table.paytable, table.start, table.tags, [Event.read(k, c) for k, c in rows])

    def table(self, table_id) -> Table:
        if table_id not in self.tables:
            label = table_id if isinstance(table_id, int) else shown(str(table_id), 20)
            open_ones = ", ".join(map(str, sorted(self.tables))) or "none"
            raise EntryError(f"no table {label} (open tables: {open_ones})")
        return self.tables[table_id]

    def _write(self, table_id: int, table: Table) -> None:
        kept, new = table.take_changes()
        with self._transaction():
            self.db.execute("DELETE FROM floor_events WHERE table_id = ? AND seq >= ?", (table_id, kept))
            self.db.executemany(
                "INSERT INTO floor_events (table_id, seq, kind, card) VALUES (?, ?, ?, ?)",
                [(table_id, kept + i, e.kind, e.card) for i, e in enumerate(new)],
            )

    def _transaction(self):
        return _Transaction(self.db, self.path)


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on any failure); a database error is one
    StoreError line."""

    def __init__(self, db, path):
        self.db, self.path = db, path

    def __enter__(self):
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StoreError(f"{shown(self.path, 200)}: cannot write the tracker's database: {exc}") from None

    def __exit__(self, kind, exc, tb):
        try:
            self.db.execute("COMMIT" if kind is None else "ROLLBACK")
        except sqlite3.Error as error:
            if kind is None:
                raise StoreError(f"{shown(self.path, 200)}: cannot write the tracker's database: {error}") from None
        if isinstance(exc, sqlite3.Error):
            raise StoreError(f"{shown(self.path, 200)}: cannot write the tracker's database: {exc}") from None
        return False


def _tags(values) -> tuple[int, ...]:
    """A count's tags as a page or the database gives them: 10, 13 or 52 whole numbers."""
    from ..depletion.tags import parse_count_tags
    from ..limits import MAX_LEVEL

    if isinstance(values, str):
        return tuple(parse_count_tags(values, "tags", MAX_LEVEL)[1])
    if not isinstance(values, (list, tuple)) or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise EntryError("tags: 10, 13 or 52 whole numbers")
    return tuple(parse_count_tags(",".join(map(str, values)), "tags", MAX_LEVEL)[1])


def default_path() -> str:
    """Where the tracker keeps its tables unless told (``--db``): ``floor.sqlite`` in the
    working folder."""
    return os.path.join(os.getcwd(), "floor.sqlite")
