"""``odds export``: every generated file of ``tables/``, built in memory, then written or checked.

Producers are functions returning ``{relative path: text}``; each concern adds its own to
``PRODUCERS``. Output is deterministic (no timestamps) so the committed tables diff cleanly.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from .games import all_games
from .paytable import load_paytable, shipped_names
from .render.sheet import render_sheet
from .sheet import build_sheet
from .shoe import Shoe


def sheet_files(paytables=()) -> dict[str, str]:
    """Every game's every paytable (and the paytable files given), full shoe of the game's
    default decks, in md, csv and json."""
    files = {}
    for sheet in full_shoe_sheets(paytables):
        for fmt in ("md", "csv", "json"):
            files[f"{sheet.game.id}/{sheet.paytable.name}.{fmt}"] = render_sheet(sheet, fmt)
    return files


def full_shoe_sheets(paytables=()):
    """Every shipped paytable of every game (and each paytable file given: a user's own bets),
    every bet, on the game's full default shoe."""
    for game in all_games():
        shoe = Shoe.decks(game.default_decks) if game.uses_shoe else None
        for name in shipped_names(game.id):
            yield build_sheet(game, load_paytable(game, name), shoe)
    for path in paytables:
        game = paytable_game(path)
        yield build_sheet(game, load_paytable(game, path), Shoe.decks(game.default_decks) if game.uses_shoe else None)


def paytable_game(path: str):
    """The game a paytable file names (its ``game`` key)."""
    from .paytable import read_game_of

    return read_game_of(path)


def vectors_files(paytables=()) -> dict[str, str]:
    """``vectors.json``: the reference vectors of :mod:`odds.design.vectors`."""
    from .design.vectors import vectors_files as produce

    return produce()


PRODUCERS: list[Callable[[], dict[str, str]]] = [sheet_files, vectors_files]


def overview_files(paytables=()) -> dict[str, str]:
    """``overview.md`` and ``overview.csv``: every bet of every game and paytable (:mod:`odds.overview`)."""
    from .overview import overview_files as produce

    return produce(paytables)


PRODUCERS.append(overview_files)


def windows_files(paytables=()) -> dict[str, str]:
    """``windows.md`` and ``windows.csv``: each windowed side bet's perfect-play value with and
    without its window, rendered from committed data (:mod:`odds.depletion.windows`)."""
    from .depletion.windows import windows_files as produce

    return produce()


PRODUCERS.append(windows_files)


def export_files(paytables=()) -> dict[str, str]:
    """Every file of the export; ``paytables``: paytable files (users' own bets) to add."""
    files: dict[str, str] = {}
    for produce in PRODUCERS:
        files.update(produce(tuple(paytables)))
    return dict(sorted(files.items()))


def _owned(rel: str, files: dict[str, str]) -> bool:
    """Whether the export owns a path of the folder: every file in a folder it writes into
    (``baccarat/``, ...), and the top-level files it writes. Anything else - a README, notes,
    the rest of a folder given to ``--out .`` - is never reported nor deleted."""
    folders = {name.split("/")[0] for name in files if "/" in name}
    return rel in files or rel.split("/")[0] in folders and "/" in rel


def _stale(files: dict[str, str], root: Path) -> list[Path]:
    if not root.is_dir():
        return []
    return [path for path in sorted(p for p in root.rglob("*") if p.is_file())
            if not path.relative_to(root).as_posix() in files
            and _owned(path.relative_to(root).as_posix(), files)]


def differences(files: dict[str, str], root: Path) -> list[str]:
    """What differs between a fresh export and the folder: missing, changed, or left over in a
    folder the export owns."""
    out = []
    for rel, text in files.items():
        path = root / rel
        if not path.is_file():
            out.append(f"missing: {path}")
        elif path.read_text(encoding="utf-8") != text:
            out.append(f"changed: {path}")
    out.extend(f"not produced by the export: {path}" for path in _stale(files, root))
    return out


def write(files: dict[str, str], root: Path) -> int:
    """Write the files and drop the ones the export no longer produces in the folders it owns;
    returns how many changed."""
    changed = 0
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed += 1
    for path in _stale(files, root):
        path.unlink()
        changed += 1
    return changed
