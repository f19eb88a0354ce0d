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
    """Every stored table - the drawing tables and the positional tables, 13 to 81,156 terms -
    rebuilt from scratch equals what is stored, array by array (one test per table, so the big
    ones run side by side). A table built by a faulty compiler and stored with a valid digest
    passes every other test that reads it."""
    stored = store.load(key)
    assert stored is not None, f"{key}: not stored; run `python -m odds.engine.store`"
    fresh = SHIPPED[key]()
    assert set(fresh) == set(stored)
    for name in fresh:
        assert np.array_equal(np.asarray(fresh[name]), np.asarray(stored[name])), (key, name)


def test_stored_tables_come_in_every_size():
    """The check above covers both kinds of table and positional tables from tens to tens of
    thousands of terms (the old check skipped those above 2,000 and every drawing table)."""
    sizes = [len(t["terms"]) for t in map(store.load, SHIPPED) if "terms" in t]
    assert min(sizes) < 100 and max(sizes) > 50_000 and len(sizes) < len(SHIPPED)


def test_a_corrupt_cache_file_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path))
    arrays = {"x": np.arange(5)}
    path = store.save("k" * 32, arrays)
    assert np.array_equal(store.load("k" * 32)["x"], arrays["x"])
    path.write_bytes(path.read_bytes()[:-20] + b"\0" * 20)
    assert store.load("k" * 32) is None
