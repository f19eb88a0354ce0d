"""Compiled tables kept on disk, so a command loads the rules instead of compiling them again.

A table (the drawing rules over multisets of values, or a bet's positional table) is a pure
function of the rules and the bet's conditions. It is stored as a ``.npz`` file named by a hash of
everything it depends on (:data:`VERSION` of the compilers, the game's deal, the conditions):

* ``odds/exact/stored/``: the tables of every shipped bet, shipped with the package (rebuilt by
  ``python -m odds.shipped_tables``; a test checks they equal a fresh build);
* the user's cache folder (``$ODDS_CACHE_DIR``, else ``$XDG_CACHE_HOME/odds``, else
  ``~/.cache/odds``): tables of the user's own bets, written the first time they are counted.

A file is trusted only if its content hash matches the one stored in it; a bad or unreadable file
is ignored (and rebuilt), a folder that cannot be written is skipped: the cache can make a command
faster, never wrong.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import tempfile
from pathlib import Path
from collections.abc import Callable

from ..lazy import numpy as np

VERSION = 1
"""Bump when a compiler changes what it builds: every stored table is then rebuilt."""
PACKAGE_DIR = Path(__file__).parent / "stored"


def key_of(modules, *parts) -> str:
    """The file name (without suffix) of a table built by the code of ``modules`` (their source
    text is part of the key, so editing a compiler or a rule never reuses an old table) from
    ``parts`` (plain data: conditions, readings)."""
    h = hashlib.sha256(repr((VERSION,) + parts).encode())
    for module in sorted(modules, key=lambda m: m.__name__):
        h.update(_source(module))
    return h.hexdigest()[:32]


_SOURCES: dict[str, bytes] = {}


def _source(module) -> bytes:
    if module.__name__ not in _SOURCES:
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
        h.update(name.encode() + str(a.dtype).encode() + repr(a.shape).encode() + a.tobytes())
    return h.hexdigest()


def load(key: str) -> dict[str, np.ndarray] | None:
    """The arrays stored under ``key`` (package folder first, then the user's), or None."""
    for folder in (PACKAGE_DIR, user_dir()):
        path = folder / f"{key}.npz"
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
        except Exception:  # unreadable or corrupt (zip, npy, pickle refused...): rebuild instead
            continue
        digest = str(arrays.pop("_digest", ""))
        if digest == _digest(arrays):
            return arrays
    return None


def save(key: str, arrays: dict[str, np.ndarray], folder: Path | None = None) -> Path | None:
    """Write the arrays under ``key`` atomically (a temporary file, then a rename); None when the
    folder cannot be written."""
    folder = folder or user_dir()
    buffer = io.BytesIO()
    np.savez_compressed(buffer, _digest=np.array(_digest(arrays)), **arrays)
    try:
        folder.mkdir(parents=True, exist_ok=True)
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


def cached(key: str, build: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """The arrays under ``key``, built (and saved to the user's folder) when not stored yet."""
    arrays = load(key)
    if arrays is None:
        arrays = build()
        save(key, arrays)
    return arrays


def encode_json(value) -> np.ndarray:
    return np.array(json.dumps(value))


def decode_json(array: np.ndarray):
    return json.loads(str(array))


def compiled_deal(name: str, modules, kinds: int, max_cards: int, play, decode, reference):
    """A game's rules compiled over multisets of card kinds (:func:`odds.exact.drawing.compile_deal`),
    loaded when stored; returns ``(CompiledDeal, (key, build))``. ``reference``: a composition
    (counts per kind) the loaded table must count every deal of, exactly once."""
    from dataclasses import replace

    from . import drawing

    def build() -> dict[str, np.ndarray]:
        deal = drawing.compile_deal(kinds, max_cards, play, lambda code: code)
        return {
            "multisets": deal.multisets,
            "table_multiset": deal.table_multiset,
            "table_state": deal.table_state,
            "table_ways": deal.table_ways,
            "codes": np.array(deal.states, dtype=np.int64),
        }

    def make(arrays):
        deal = drawing.CompiledDeal(
            kinds,
            max_cards,
            arrays["multisets"],
            arrays["table_multiset"],
            arrays["table_state"],
            arrays["table_ways"],
            tuple(int(c) for c in arrays["codes"]),
        )
        return replace(deal, states=tuple(decode(c) for c in deal.states))

    key = key_of(list(modules) + [drawing], "deal", name, kinds, max_cards)
    arrays = cached(key, build)
    if not counts_every_deal(arrays, reference, max_cards):
        arrays = build()  # a stored table that does not count every deal: never trust it
        save(key, arrays)
    return make(arrays), (key, build)


def counts_every_deal(arrays: dict[str, np.ndarray], reference, max_cards: int) -> bool:
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
        return sum(deal_weights[m] * w for m, w in zip(rows.tolist(), ways.tolist())) == every
    falls = np.array([[falling(c, k) for k in range(max_cards + 1)] for c in reference], dtype=np.int64)
    scale = np.array([falling(n - k, max_cards - k) for k in range(max_cards + 1)], dtype=np.int64)
    weights = scale[multisets.sum(axis=1)] * falls[np.arange(len(reference)), multisets].prod(axis=1)
    return int((weights[rows] * ways).sum()) == every
