"""The stored compiled tables: every command loads the shipped bets' tables instead of compiling
them, and a stored table is the one a fresh build gives."""

from __future__ import annotations

import numpy as np
import pytest

from odds.shipped_tables import stored_keys_of_shipped_bets
from odds.exact import store


def test_every_shipped_table_is_stored_in_the_package():
    """A key hashes the compilers' and rules' source and the bet's conditions: any change to them
    needs `python -m odds.shipped_tables` (this test says so) before it lands."""
    wanted = stored_keys_of_shipped_bets()
    missing = [k for k in wanted if not (store.PACKAGE_DIR / f"{k}.npz").is_file()]
    assert not missing, f"{len(missing)} stored tables are stale: run `python -m odds.shipped_tables`"
    extra = [p.stem for p in store.PACKAGE_DIR.glob("*.npz") if p.stem not in wanted]
    assert not extra, f"tables no shipped bet needs: run `python -m odds.shipped_tables` ({extra[:3]})"


SHIPPED = stored_keys_of_shipped_bets()


@pytest.mark.parametrize("key", sorted(SHIPPED))
def test_stored_table_equals_a_fresh_build(key):
    """Every stored table - the drawing tables and the positional tables, 1 to about 50,000 terms -
    rebuilt from scratch equals what is stored, array by array (one test per table, so the big
    ones run side by side). A table built by a faulty compiler and stored with a valid digest
    passes every other test that reads it."""
    stored = store.load(key)
    assert stored is not None, f"{key}: not stored; run `python -m odds.shipped_tables`"
    fresh = SHIPPED[key]()
    assert set(fresh) == set(stored)
    for name in fresh:
        assert np.array_equal(np.asarray(fresh[name]), np.asarray(stored[name])), (key, name)


def test_stored_tables_come_in_every_size():
    """The check above covers both kinds of table and positional tables from tens to tens of
    thousands of terms (the old check skipped those above 2,000 and every drawing table)."""
    sizes = [len(t["terms"]) for t in map(store.load, SHIPPED) if "terms" in t]
    assert min(sizes) < 100 and max(sizes) > 10_000 and len(sizes) < len(SHIPPED)


def test_a_corrupt_cache_file_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path))
    arrays = {"x": np.arange(5)}
    path = store.save("k" * 32, arrays)
    assert np.array_equal(store.load("k" * 32)["x"], arrays["x"])
    path.write_bytes(path.read_bytes()[:-20] + b"\0" * 20)
    assert store.load("k" * 32) is None


@pytest.mark.parametrize(
    "array",
    [
        np.array(3),
        np.array("héllo"),
        np.zeros((0, 3), dtype=np.int32),
        np.arange(12).reshape(3, 4)[:, ::2],  # not contiguous
        np.arange(6, dtype=np.uint16).reshape(2, 3).T,  # Fortran order
        np.arange(5, dtype=">i8"),  # big-endian
        np.array([True, False]),
        np.array(["ab", "c"]),
        np.array([[1, -2], [720, 0]], dtype=np.int16),
    ],
)
def test_the_digest_is_the_hash_of_each_arrays_name_type_shape_and_bytes(array):
    """What every stored and cached table is sealed with (hashed in place, without a copy of each
    array): SHA-256 of each array's name, type, shape and bytes in C order, as written down here,
    so tables stored before keep verifying."""
    import hashlib

    arrays = {"b": array, "a": np.arange(3)}
    h = hashlib.sha256()
    for name in ("a", "b"):
        a = np.ascontiguousarray(arrays[name])
        h.update(name.encode() + str(a.dtype).encode() + repr(a.shape).encode() + a.tobytes())
    assert store._digest(arrays) == h.hexdigest()
