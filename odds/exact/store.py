"""Compiled tables kept on disk, so a command loads the rules instead of compiling them again.

A table (the drawing rules over multisets of values, or a bet's positional table) is a pure
function of the rules and the bet's conditions. It is stored as a ``.npz`` file (its integers in
the smallest type that holds them, :func:`compact`) named by a hash of everything it depends on
(:data:`VERSION` of the compilers, the game's deal, the conditions):

* ``odds/exact/stored/``: the tables of every shipped bet, shipped with the package (rebuilt by
  ``python -m odds.shipped_tables``; a test checks they equal a fresh build);
* the user's cache folder (``$ODDS_CACHE_DIR``, else ``$XDG_CACHE_HOME/odds``, else
  ``~/.cache/odds``): tables of the user's own bets, written the first time they are counted.

The user's folder is untrusted: anyone who can write it could plant a table that prints a wrong
figure. So a cached table is used only when all of this holds, else it is rebuilt (with a
one-line note on stderr) and written again:

* it is a regular file (``lstat``-style: opened without following a link and without blocking, so
  a FIFO or a device never hangs a command), at most :data:`MAX_FILE_BYTES`;
* its zip members declare at most :data:`MAX_INFLATED_BYTES` in all and inflate to exactly what
  they declare (a deflate bomb is refused before it is inflated, never inflated whole), and hold
  plain arrays (integers, booleans, text: never pickles);
* it carries an HMAC of its key and content under a per-user secret kept outside the cache folder
  (:func:`secret_path`, made on first use, readable by the user only): a table edited by hand,
  even with its digest recomputed, fails it;
* its arrays have the shapes, types and index ranges the table's type requires (``check``): a
  table whose indexes point outside its arrays is never used.

The shipped tables are package data: trusted as the package's code is (their content digest
guards against a damaged install). A folder that cannot be written is skipped: the cache can make
a command faster, never wrong.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import os
import stat
import sys
import zipfile
from pathlib import Path
from collections.abc import Callable, Hashable, Iterable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..lazy import numpy as np

if TYPE_CHECKING:
    from .drawing import CompiledDeal

Arrays = dict[str, "np.ndarray"]
"""A table's named arrays, as stored."""
Check = Callable[[Arrays], "str | None"]
"""What is wrong with a table's arrays for its type (None when nothing)."""

VERSION = 1
"""Bump when a compiler changes what it builds: every stored table is then rebuilt."""
PACKAGE_DIR = Path(__file__).parent / "stored"
MAX_FILE_BYTES = 64 << 20
"""A cached table's file: the biggest shipped one is 100 kB; a user bet's table at the
enumeration limit is a few MB."""
MAX_INFLATED_BYTES = 256 << 20
"""What a cached table's arrays may inflate to, all together."""
MAX_MEMBERS = 16
ARRAY_KINDS = "iubU"
"""The array types a table holds: integers, booleans, text (JSON) - never objects or pickles."""


def key_of(modules: Iterable[ModuleType], *parts: object) -> str:
    """The file name (without suffix) of a table built by the code of ``modules`` (their source
    text is part of the key, so editing a compiler or a rule never reuses an old table) from
    ``parts`` (plain data: conditions, readings)."""
    h = hashlib.sha256(repr((VERSION,) + parts).encode())
    for module in sorted(modules, key=lambda m: m.__name__):
        h.update(_source(module))
    return h.hexdigest()[:32]


_SOURCES: dict[str, bytes] = {}


def _source(module: ModuleType) -> bytes:
    if module.__name__ not in _SOURCES:
        if module.__file__ is None:
            raise ValueError(f"{module.__name__} has no source file to key its tables by")
        _SOURCES[module.__name__] = Path(module.__file__).read_bytes()
    return _SOURCES[module.__name__]


def user_dir() -> Path:
    if os.environ.get("ODDS_CACHE_DIR"):
        return Path(os.environ["ODDS_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "odds"


def _digest(arrays: dict[str, np.ndarray]) -> str:
    h = hashlib.sha256()
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name])
        h.update(name.encode() + str(a.dtype).encode() + repr(a.shape).encode())
        h.update(a.reshape(-1).view(np.uint8).data)  # its bytes in C order, as tobytes() gives them, not copied
    return h.hexdigest()


def secret_path() -> Path:
    """Where the per-user secret that authenticates the user's cached tables lives: outside the
    cache folder (``$XDG_CONFIG_HOME/odds/cache-key``, else ``~/.config/odds/cache-key``)."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "odds" / "cache-key"


SECRET_BYTES = 32


def _secret() -> bytes | None:
    """The user's secret (32 random bytes, made on first use, mode 0600); None when it cannot be
    read or made - then no table is cached in, or read from, the user's folder."""
    path = secret_path()
    for _ in range(2):
        try:
            data = read_regular(path, SECRET_BYTES)
            return data if len(data) == SECRET_BYTES else None
        except FileNotFoundError:
            pass
        except (OSError, BrokenEntry):
            return None
        try:  # first use: write it whole, then link it into place (two processes agree on one)
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            import tempfile  # only when a file is written (a sheet from the store writes none)

            handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=".cache-key.")
            try:
                os.write(handle, os.urandom(SECRET_BYTES))
                os.close(handle)
                os.link(tmp, path)
            except FileExistsError:
                pass
            finally:
                Path(tmp).unlink(missing_ok=True)
        except OSError:
            return None
    return None


def _mac(secret: bytes, key: str, arrays: dict[str, np.ndarray]) -> str:
    """The HMAC of a table under its key: what the user's cache files carry."""
    return hmac.new(secret, key.encode() + b"\0" + _digest(arrays).encode(), hashlib.sha256).hexdigest()


class BrokenEntry(Exception):
    """A cached table that cannot be used; the message says why (for the one-line note)."""


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes. It is opened
    without following a link and without blocking (a FIFO would wait for a writer forever), then
    checked with fstat before anything is read. FileNotFoundError when there is no such file."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if isinstance(exc, FileNotFoundError):
            raise
        import errno

        if exc.errno == errno.ELOOP:
            raise BrokenEntry("a link, not a regular file") from None
        raise BrokenEntry(f"cannot open it ({exc.strerror or exc.__class__.__name__})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise BrokenEntry("not a regular file")
        if info.st_size > limit:
            raise BrokenEntry(f"{info.st_size:,} bytes, more than the {limit:,} a table may take")
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise BrokenEntry(f"more than the {limit:,} bytes a table may take")
    return data


def unpack(data: bytes) -> dict[str, np.ndarray]:
    """The arrays of an ``.npz`` file's bytes, inflated within bounds (module docstring): the
    members' declared sizes are checked before anything is inflated, and each member is read to
    at most its declared size."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            if len(members) > MAX_MEMBERS:
                raise BrokenEntry(f"{len(members)} members, more than a table has")
            declared = sum(m.file_size for m in members)
            if declared > MAX_INFLATED_BYTES:
                raise BrokenEntry(f"it would inflate to {declared:,} bytes, more than {MAX_INFLATED_BYTES:,}")
            arrays = {}
            for member in members:
                name = member.filename
                if not name.endswith(".npy") or "/" in name or name[:-4] in arrays:
                    raise BrokenEntry(f"an unexpected member {name[:40]!r}")
                with archive.open(member) as stream:
                    raw = stream.read(member.file_size + 1)  # a member inflating past its size stops here
                if len(raw) != member.file_size:
                    raise BrokenEntry(f"member {name[:40]!r} does not inflate to its declared size")
                array = np.lib.format.read_array(io.BytesIO(raw), allow_pickle=False)
                if array.dtype.kind not in ARRAY_KINDS:
                    raise BrokenEntry(f"member {name[:40]!r} holds {array.dtype} values")
                arrays[name[:-4]] = array
            return arrays
    except BrokenEntry:
        raise
    except Exception as exc:  # noqa: BLE001 - zip, zlib and npy parsing of untrusted bytes fail many ways
        raise BrokenEntry(f"not a table file ({exc.__class__.__name__})") from None


def load(key: str, check: Check | None = None) -> dict[str, np.ndarray] | None:
    """The arrays stored under ``key`` (package folder first, then the user's), or None when
    neither holds a usable table; a user's file that is there but refused is noted on stderr
    (one line) and left to be rebuilt. ``check(arrays)``: what is wrong with the arrays for the
    table's type (None when nothing)."""
    arrays, _ = _load(key, check)
    return arrays


def _load(key: str, check: Check | None) -> tuple[dict[str, np.ndarray] | None, str | None]:
    """``(arrays, None)``; or ``(None, why the user's file was refused)`` (None: no file)."""
    try:
        arrays = unpack(read_regular(PACKAGE_DIR / f"{key}.npz", MAX_FILE_BYTES))
        digest = str(arrays.pop("_digest", ""))
        if digest == _digest(arrays) and (check is None or check(arrays) is None):
            return arrays, None
    except (FileNotFoundError, BrokenEntry):
        pass
    path = user_dir() / f"{key}.npz"
    secret = _secret()
    if secret is None:
        return None, None
    try:
        arrays = unpack(read_regular(path, MAX_FILE_BYTES))
    except FileNotFoundError:
        return None, None
    except BrokenEntry as exc:
        return None, f"{path}: {exc}"
    if "_mac" not in arrays or arrays["_mac"].dtype.kind != "U" or arrays["_mac"].ndim:
        return None, f"{path}: it carries no authentication (an older odds wrote it, or not odds at all)"
    mac = str(arrays.pop("_mac"))
    if not hmac.compare_digest(mac, _mac(secret, key, arrays)):
        return None, f"{path}: its authentication does not match (changed since odds wrote it)"
    problem = check(arrays) if check is not None else None
    if problem is not None:
        return None, f"{path}: {problem}"
    return arrays, None


def note(message: str) -> None:
    """One line on stderr about the cache (a refused table; the command still runs)."""
    from ..text import escape

    try:
        sys.stderr.write(f"note: {escape(message)}; rebuilt\n")
    except (OSError, ValueError, AttributeError):
        pass


def save(key: str, arrays: dict[str, np.ndarray], folder: Path | None = None) -> Path | None:
    """Write the arrays under ``key`` atomically (a temporary file, then a rename); None when the
    folder cannot be written (or, for the user's folder, no secret authenticates the table)."""
    package = folder is not None and Path(folder) == PACKAGE_DIR
    folder = folder or user_dir()
    arrays = {name: compact(array) for name, array in arrays.items()}
    if package:
        seal = {"_digest": np.array(_digest(arrays))}
    else:
        secret = _secret()
        if secret is None:
            return None
        seal = {"_mac": np.array(_mac(secret, key, arrays))}
    buffer = io.BytesIO()
    save: Callable[..., None] = np.savez_compressed  # (its stubs type ** as its own options)
    save(buffer, **seal, **arrays)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        import tempfile

        handle, tmp = tempfile.mkstemp(dir=folder, prefix=f".{key}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(buffer.getvalue())
            os.chmod(tmp, 0o644)
            os.replace(tmp, folder / f"{key}.npz")
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return None
    return folder / f"{key}.npz"


def compact(array: np.ndarray) -> np.ndarray:
    """An integer array in the smallest signed type that holds its values (other arrays as they
    are): a stored table is inflated, checked and authenticated on every load, and its readers
    widen what they compute with (a user bet's orderings, at most 6! = 720, and its factor
    indices are int16: a quarter of int64's bytes).

    >>> [compact(np.array(v)).dtype.name for v in ([0, 720], [-1, 100], [2**40], [True])]
    ['int16', 'int8', 'int64', 'bool']
    """
    if array.dtype.kind not in "iu" or not array.size:
        return array
    low, high = int(array.min()), int(array.max())
    for kind in (np.int8, np.int16, np.int32, np.int64):
        if np.iinfo(kind).min <= low and high <= np.iinfo(kind).max:
            return array.astype(kind)
    return array


def cached(key: str, build: Callable[[], dict[str, np.ndarray]], check: Check | None = None) -> dict[str, np.ndarray]:
    """The arrays under ``key``, built (and saved to the user's folder) when not stored yet, or
    when the stored file is refused (a one-line note says which and why)."""
    arrays, refused = _load(key, check)
    if arrays is None:
        if refused:
            note(refused)
        arrays = build()
        save(key, arrays)
    return arrays


FACTOR_FIELDS = {
    "one": (),
    "card": (52, 7),
    "shape": (13, None),
    "rank": (13, 7, 7),
    "value": (10, 7, 7),
    "group": (24 * 16, 7, 7),
    "rest": (7,),
}
"""A positional table's factors (:class:`odds.exact.positional.PositionalTable`): each field's
bound (values 0 to bound - 1); a suit shape is up to 4 parts of 1 to 6 adding up to at most 6."""


def positional_problem(arrays: Arrays, positions: int, outcomes: int) -> str | None:
    """What is wrong with a stored positional table's arrays for a deal of ``positions`` cards and
    a bet of ``outcomes`` outcomes (None: nothing): the names, shapes and types the table needs,
    every factor well formed, every term's factor index inside the list of factors, every count
    of orderings at least 0."""
    if set(arrays) != {"positions", "depth", "factors", "terms", "ways"}:
        return "not a positional table's arrays"
    terms, ways = np.asarray(arrays["terms"]), np.asarray(arrays["ways"])
    if np.ndim(arrays["positions"]) != 0 or np.asarray(arrays["positions"]).dtype.kind not in "iu":
        return "its positions are not a number"
    if int(arrays["positions"]) != positions:
        return f"a table of {int(arrays['positions'])} cards, not {positions}"
    if np.ndim(arrays["depth"]) != 0 or np.asarray(arrays["depth"]).dtype.kind not in "iu":
        return "its depth is not a number"
    if not 0 <= int(arrays["depth"]) <= positions:
        return f"a depth of {int(arrays['depth'])} positions, outside 0 to {positions}"
    if terms.ndim != 2 or ways.ndim != 2 or terms.dtype.kind not in "iu" or ways.dtype.kind not in "iu":
        return "its terms or ways are not tables of integers"
    if len(terms) != len(ways) or ways.shape[1] != outcomes or not 1 <= terms.shape[1] <= 2 * positions + 2:
        return f"its arrays' shapes {terms.shape}, {ways.shape} do not fit a bet of {outcomes} outcomes"
    try:
        factors = json.loads(str(arrays["factors"]))
    except ValueError:
        return "its factors are not readable"
    if not isinstance(factors, list) or not factors or not all(_factor_ok(f) for f in factors):
        return "a factor that is not one"
    if len(terms) and (terms.min() < 0 or terms.max() >= len(factors)):
        return "an index outside its list of factors"
    if len(ways) and ways.min() < 0:
        return "a negative count of orderings"
    return None


def _factor_ok(factor: object) -> bool:
    if not isinstance(factor, list) or not factor or factor[0] not in FACTOR_FIELDS:
        return False
    bounds = FACTOR_FIELDS[factor[0]]
    fields = factor[1:]
    if len(fields) != len(bounds):
        return False
    for value, bound in zip(fields, bounds):
        if bound is None:  # a suit shape
            if not (isinstance(value, list) and 1 <= len(value) <= 4 and sum(value) <= 6):
                return False
            if not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in value):
                return False
        elif not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < bound):
            return False
    return True


def encode_json(value: object) -> np.ndarray:
    return np.array(json.dumps(value))


def decode_json(array: np.ndarray) -> Any:
    return json.loads(str(array))


def compiled_deal(
    name: str,
    modules: Iterable[ModuleType],
    kinds: int,
    max_cards: int,
    play: Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]],
    decode: Callable[[int], Hashable],
    reference: Sequence[int],
) -> tuple[CompiledDeal, tuple[str, Callable[[], Arrays]]]:
    """A game's rules compiled over multisets of card kinds (:func:`odds.exact.drawing.compile_deal`),
    loaded when stored; returns ``(CompiledDeal, (key, build))``. ``reference``: a composition
    (counts per kind) the loaded table must count every deal of, exactly once."""
    from dataclasses import replace

    from . import drawing

    names = {"multisets", "table_multiset", "table_state", "table_ways", "codes"}

    def build() -> dict[str, np.ndarray]:
        deal = drawing.compile_deal(kinds, max_cards, play, lambda code: code)
        return {
            "multisets": deal.multisets,
            "table_multiset": deal.table_multiset,
            "table_state": deal.table_state,
            "table_ways": deal.table_ways,
            "codes": np.array(deal.states, dtype=np.int64),
        }

    def make(arrays: Arrays) -> drawing.CompiledDeal:
        codes = tuple(int(c) for c in arrays["codes"])
        wide = {name: np.asarray(arrays[name], dtype=np.int64) for name in names - {"codes"}}  # stored compact
        deal = drawing.CompiledDeal(
            kinds,
            max_cards,
            wide["multisets"],
            wide["table_multiset"],
            wide["table_state"],
            wide["table_ways"],
            codes,
        )
        return replace(deal, states=tuple(decode(c) for c in codes))

    def check(arrays: Arrays) -> str | None:
        if set(arrays) != names:
            return "not a compiled deal's arrays"
        states, codes = np.asarray(arrays["table_state"]), np.asarray(arrays["codes"])
        if states.shape != np.shape(arrays["table_ways"]) or codes.ndim != 1 or states.dtype.kind not in "iu":
            return "its arrays' shapes do not fit together"
        if len(states) and (states.min() < 0 or states.max() >= len(codes)):
            return "an end state outside its list of states"
        if not counts_every_deal(arrays, reference, max_cards):
            return "it does not count every deal exactly once"  # never trust it
        return None

    key = key_of(list(modules) + [drawing], "deal", name, kinds, max_cards)
    arrays = cached(key, build, check)
    return make(arrays), (key, build)


def counts_every_deal(arrays: Arrays, reference: Sequence[int], max_cards: int) -> bool:
    """Whether a compiled deal's arrays count every ordered ``max_cards``-card deal of the
    composition ``reference`` exactly once: the multisets' weights times their orderings sum to
    ``(N)_max_cards``, as :meth:`~odds.exact.drawing.CompiledDeal.exact_counts` would sum them.

    Checked in int64 in a few milliseconds (the Python-integer sum took a third of ``odds sheet
    baccarat``): the arrays' ranges are checked first, and then no term exceeds
    ``max_cards! * (N)_max_cards`` (a multiset's weight counts ordered deals), so a bound on the
    number of terms proves the sum cannot wrap; past it, Python integers.

    >>> from odds.games.punto_banco import state_table
    >>> t = state_table()
    >>> arrays = {"multisets": t.multisets, "table_multiset": t.table_multiset, "table_ways": t.table_ways}
    >>> counts_every_deal(arrays, [16] + [4] * 9, 6)
    True
    >>> arrays["table_ways"] = t.table_ways * 2
    >>> counts_every_deal(arrays, [16] + [4] * 9, 6)
    False
    """
    from math import factorial

    from .intmath import falling

    try:
        multisets = np.asarray(arrays["multisets"], dtype=np.int64)
        rows = np.asarray(arrays["table_multiset"], dtype=np.int64)
        ways = np.asarray(arrays["table_ways"], dtype=np.int64)
        if (
            multisets.ndim != 2
            or multisets.shape[1] != len(reference)
            or rows.shape != ways.shape
            or multisets.min(initial=0) < 0
            or multisets.sum(axis=1).max(initial=0) > max_cards
            or rows.min(initial=0) < 0
            or rows.max(initial=0) >= len(multisets)
            or ways.min(initial=0) < 0
            or ways.max(initial=0) > factorial(max_cards)
        ):
            return False
    except (KeyError, TypeError, ValueError, OverflowError):
        return False
    n = sum(reference)
    every = falling(n, max_cards)
    if len(ways) * factorial(max_cards) * every >= 2**63:
        deal_weights = [falling(n - size, max_cards - size) for size in multisets.sum(axis=1).tolist()]
        for kind, c in enumerate(reference):
            for m, k in enumerate(multisets[:, kind].tolist()):
                deal_weights[m] *= falling(c, k)
        return bool(sum(deal_weights[m] * w for m, w in zip(rows.tolist(), ways.tolist())) == every)
    falls = np.array([[falling(c, k) for k in range(max_cards + 1)] for c in reference], dtype=np.int64)
    scale = np.array([falling(n - k, max_cards - k) for k in range(max_cards + 1)], dtype=np.int64)
    weights = scale[multisets.sum(axis=1)] * falls[np.arange(len(reference)), multisets].prod(axis=1)
    return int((weights[rows] * ways).sum()) == every
