"""``odds export``: every generated file of ``tables/``, built in memory, then written or checked.

The export owns only the files it wrote, listed in the folder's manifest (:data:`MANIFEST`): it
replaces those and deletes those it no longer produces, and never replaces or deletes any
other file (it refuses to run instead). Every file is written whole, by rename.

Producers are functions returning ``{relative path: text}``; each concern adds its own to
``PRODUCERS``. Output is deterministic (no timestamps) so the committed tables diff cleanly.
"""

from __future__ import annotations

from pathlib import Path
from collections.abc import Callable

from .errors import OddsError, shown
from .files import read_limited, usable, write_text
from .limits import MAX_MANIFEST_BYTES
from .paytable import FILE_PREFIX, check_distinct, load_paytable
from .text import escape
from .render.sheet import render_sheet
from .sheet import full_shoe_sheets, paytable_game


def sheet_files(paytables=()) -> dict[str, str]:
    """Every game's every paytable (and the paytable files given), full shoe of the game's
    default decks, in md, csv and json."""
    files = {}
    for sheet in full_shoe_sheets(paytables):
        for fmt in ("md", "csv", "json"):
            files[f"{sheet_path(sheet.game.id, sheet.paytable.name)}.{fmt}"] = render_sheet(sheet, fmt)
    return files


USER_FOLDER = "files"
"""Where a user's paytable file's sheets go in a game's folder (``baccarat/files/seed.md`` for
``--paytable my/seed.toml``): a shipped paytable's name has no ``/``, so a user's file can never
write over a shipped paytable's sheets, whatever it is called."""


def sheet_path(game_id: str, paytable_name: str) -> str:
    """The path of a paytable's sheets in the export, without the format's suffix.

    >>> sheet_path("baccarat", "tie-9"), sheet_path("baccarat", "file:seed")
    ('baccarat/tie-9', 'baccarat/files/seed')
    """
    if paytable_name.startswith(FILE_PREFIX):
        return f"{game_id}/{USER_FOLDER}/{paytable_name.removeprefix(FILE_PREFIX)}"
    return f"{game_id}/{paytable_name}"


def user_paytables(paths) -> list:
    """The paytable files given to ``export --paytable``, loaded and checked before any work: a
    file name that could not be a line of the manifest (a control character, a leading dot) and
    two files of the same name are refused."""
    tables = []
    for path in paths:
        game = paytable_game(path)
        table = load_paytable(game, path)
        stem = table.name.removeprefix(FILE_PREFIX)
        if escape(stem) != stem or stem.startswith(".") or not stem.strip():
            raise OddsError(
                f"--paytable {shown(path, 80)}: export names a paytable's sheets by its file name, and "
                f"{shown(stem, 40)} cannot be one; rename the file (letters, digits, - and _)"
            )
        tables.append(table)
    check_distinct(tables)
    return tables


def vectors_files(paytables=()) -> dict[str, str]:
    """``vectors.json`` (counts, :mod:`odds.design.vectors`) and ``settlement-vectors.json`` (rounds
    and their settlements, :mod:`odds.design.rounds`)."""
    from .design import rounds, vectors

    return {
        "vectors.json": vectors.dumps(vectors.build_vectors()),
        "settlement-vectors.json": rounds.dumps(rounds.build_rounds()),
    }


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


def catalogue_files(paytables=()) -> dict[str, str]:
    """``catalogue.md``: every bet of every shipped paytable (and the files given), by game and
    file, with its rule, source and house edge (:mod:`odds.catalogue`)."""
    from .catalogue import catalogue_files as produce

    return produce(paytables)


PRODUCERS.append(catalogue_files)


def export_files(paytables=()) -> dict[str, str]:
    """Every file of the export; ``paytables``: paytable files (users' own bets) to add. Text a
    user's file put in them (a bet's name or description) has its control characters escaped, as
    on the terminal: the files are read with ``cat`` too."""
    from .text import escape_lines

    files: dict[str, str] = {}
    for produce in PRODUCERS:
        files.update(produce(tuple(paytables)))
    return {rel: escape_lines(text) for rel, text in sorted(files.items())}


MANIFEST = "odds-export.manifest"
"""The list of files the export wrote into a folder: the only files it may later replace or
delete there. Anything else in the folder - at any depth, whatever its name - is the user's."""

MANIFEST_HEAD = (
    "# Files written by `odds export`. The export replaces or deletes these and never "
    "touches any other file in this folder.\n"
)


def manifest_text(files: dict[str, str]) -> str:
    return MANIFEST_HEAD + "".join(f"{rel}\n" for rel in sorted(files))


def _with_manifest(files: dict[str, str]) -> dict[str, str]:
    return {**files, MANIFEST: manifest_text(files)}


def _safe_relative(rel: str) -> bool:
    """A path the manifest may name: relative, inside the folder (a hand-edited or hostile
    manifest cannot point the export at ``../elsewhere`` or ``/etc``)."""
    parts = rel.split("/")
    return bool(rel) and not rel.startswith("/") and "\\" not in rel and all(p not in ("", ".", "..") for p in parts)


def _manifest_bytes(root: Path) -> bytes | None:
    """The folder's manifest, read with a size cap (:data:`odds.limits.MAX_MANIFEST_BYTES`: ours
    lists a few hundred files); None when there is none (or it is a link: never followed)."""
    path = root / MANIFEST
    if path.is_symlink() or not path.is_file():
        return None
    try:
        return read_limited(path, MAX_MANIFEST_BYTES, "export's manifest")
    except OddsError as exc:
        raise OddsError(f"{exc}; move it away or choose another --out") from None


def owned(root: Path) -> set[str]:
    """The files a previous export listed in the folder's manifest (none without one)."""
    path = root / MANIFEST
    data = _manifest_bytes(root)
    if data is None:
        return set()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise OddsError(
            f"{path}: cannot read the export's manifest ({exc.__class__.__name__}); "
            f"move it away or choose another --out"
        ) from None
    return {
        line.strip()
        for line in text.splitlines()
        if line.strip() and not line.startswith("#") and _safe_relative(line.strip())
    }


def _plain_inside(root: Path, rel: str) -> bool:
    """Whether ``root/rel`` is a regular file reached through real folders only: no component
    below ``root`` - a folder at any depth, or the file itself - is a symbolic link (a manifest
    entry through a linked folder would reach a file outside ``--out``)."""
    path = root
    for part in rel.split("/"):
        path = path / part
        if path.is_symlink():
            return False
    return path.is_file()


def _stale(files: dict[str, str], root: Path) -> list[Path]:
    """Files a previous export wrote (its manifest lists them) that this one no longer produces;
    only regular files inside the folder, never through a link."""
    return [root / rel for rel in sorted(owned(root) - set(files) - {MANIFEST}) if _plain_inside(root, rel)]


def _same(path: Path, text: str) -> bool:
    """Whether the regular file ``path`` holds exactly ``text`` (its size is compared first, so a
    huge file in the way is never read whole)."""
    data = text.encode("utf-8")
    try:
        if path.stat().st_size != len(data):
            return False
        with open(path, "rb") as stream:
            return stream.read(len(data) + 1) == data
    except OSError as exc:
        raise OddsError(f"{path}: cannot read it: {exc.strerror or exc}") from None


def _check_folder(root: Path) -> None:
    if root.exists() and not root.is_dir():
        raise OddsError(f"--out {root}: not a folder")


def check_out(root: Path) -> None:
    """Fail early on an --out that can never be written: not a usable path, not a folder, or a
    missing parent."""
    usable(root, "--out")
    _check_folder(root)
    if not root.exists() and not root.parent.is_dir():
        raise OddsError(f"--out {root}: there is no folder {root.parent}")


def differences(files: dict[str, str], root: Path) -> list[str]:
    """What differs between a fresh export and the folder: missing or changed files (the
    manifest included), and files an earlier export wrote that this one no longer produces.
    Files the export did not write are not its business."""
    usable(root, "--out")
    _check_folder(root)
    out = []
    for rel, text in _with_manifest(files).items():
        path = root / rel
        if not path.is_file():
            out.append(f"missing: {path}")
            continue
        if not _same(path, text):
            out.append(f"changed: {path}")
    out.extend(f"not produced by the export: {path}" for path in _stale(files, root))
    return out


def _prepare(root: Path) -> None:
    """The folder exists (made if only it is missing: a missing parent is a typo, not a request)."""
    _check_folder(root)
    if root.is_dir():
        return
    if not root.parent.is_dir():
        raise OddsError(f"--out {root}: there is no folder {root.parent}")
    try:
        root.mkdir()
    except FileExistsError:
        pass  # another export made it just now
    except OSError as exc:
        raise OddsError(f"--out {root}: cannot make the folder: {exc.strerror or exc}") from None


def conflicts(files: dict[str, str], root: Path) -> list[str]:
    """Paths the export would have to replace although it did not write them: a file the
    manifest does not list and whose bytes differ from the export's, or anything that is not a
    plain file (a folder, a link, a device) where the export writes a file or a folder."""
    mine = owned(root)
    out = []
    for rel, text in _with_manifest(files).items():
        path = root / rel
        parents = [root.joinpath(*rel.split("/")[:i]) for i in range(1, rel.count("/") + 1)]
        blocked = next((p for p in parents if p.is_symlink() or p.exists() and not p.is_dir()), None)
        if blocked is not None:
            out.append(f"{blocked} (not a folder)")
        elif path.is_symlink() or path.exists() and not path.is_file():
            out.append(f"{path} (not a plain file)")
        elif path.is_file() and rel not in mine and rel != MANIFEST:
            # another export may have claimed it just now (it writes its manifest first)
            if not _same(path, text) and rel not in owned(root):
                out.append(str(path))
    return sorted(set(out))


def write(files: dict[str, str], root: Path) -> int:
    """Write the files into ``root`` and delete the ones an earlier export wrote there that
    this one no longer produces; returns how many changed.

    Never replaces or deletes a file the export did not write (see :data:`MANIFEST`): if one
    stands where the export would write, nothing is written and the error names it. Each file is
    written whole by rename (:mod:`odds.files`); the manifest first claims the union of the old
    and the new files, so an interrupted run still knows every file it may have written.
    """
    usable(root, "--out")
    _prepare(root)
    blocked = conflicts(files, root)
    if blocked:
        more = f" and {len(blocked) - 3} more" if len(blocked) > 3 else ""
        them = "them" if len(blocked) > 1 else "it"
        raise OddsError(
            f"--out {root}: nothing written: {', '.join(blocked[:3])}{more} would be replaced, "
            f"but odds export did not write {them}; move {them} away or choose another --out"
        )
    before = owned(root)
    stale = _stale(files, root)
    manifest = root / MANIFEST
    old_manifest = _manifest_bytes(root)
    write_text(manifest, manifest_text(dict.fromkeys(before | set(files))), "--out")
    changed = 0
    for rel, text in files.items():
        path = root / rel
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OddsError(f"--out {path}: cannot write it: {exc.strerror or exc}") from None
        same = path.is_file() and _same(path, text)
        if not same:
            write_text(path, text, "--out")
            changed += 1
    for path in stale:
        if not _plain_inside(root, path.relative_to(root).as_posix()):
            continue  # a folder on its way became a link since: not ours to follow
        try:
            path.unlink()
        except FileNotFoundError:
            continue  # another export removed it just now
        except OSError as exc:
            raise OddsError(f"--out {path}: cannot delete it: {exc.strerror or exc}") from None
        changed += 1
    final = manifest_text(files)
    write_text(manifest, final, "--out")  # only now: every file it names is written
    return changed + (old_manifest != final.encode("utf-8"))
