"""The stored compiled tables: every command loads the shipped bets' tables instead of compiling
them, and a stored table is the one a fresh build gives."""

from __future__ import annotations

import numpy as np

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


def test_stored_tables_equal_a_fresh_build():
    """The smaller tables rebuilt from scratch equal what is stored (the big ones are the same
    code on more rows)."""
    checked = 0
    for key, build in stored_keys_of_shipped_bets().items():
        stored = store.load(key)
        if stored is None or stored.get("terms") is None or len(stored["terms"]) > 2000:
            continue
        fresh = build()
        assert set(fresh) == set(stored)
        for name in fresh:
            assert np.array_equal(np.asarray(fresh[name]), np.asarray(stored[name])), (key, name)
        checked += 1
    assert checked >= 10


def test_a_corrupt_cache_file_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path))
    arrays = {"x": np.arange(5)}
    path = store.save("k" * 32, arrays)
    assert np.array_equal(store.load("k" * 32)["x"], arrays["x"])
    path.write_bytes(path.read_bytes()[:-20] + b"\0" * 20)
    assert store.load("k" * 32) is None
