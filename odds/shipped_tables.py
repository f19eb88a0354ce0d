"""The compiled tables of every shipped game and bet, stored in the package (``odds/exact/stored/``).

Rebuild them after changing a rule, a feature, a compiler or a shipped bet::

    python -m odds.shipped_tables

A test checks the stored files are exactly the ones the shipped bets need, each equal to a
fresh build (``tests/test_store.py``).
"""

from __future__ import annotations

from .exact import store
from .exact.deals import ShoeDeal
from .exact.plan import build_positional, compile_bet
from .games import all_games
from .paytable import shipped_names


def stored_keys_of_shipped_bets() -> dict:
    """Every table the shipped games and bets need, by stored name, with a function building it
    afresh."""
    out = {}
    for game in all_games():
        out.update(game.stored_tables())
        deal = game.deal
        if not isinstance(deal, ShoeDeal):
            continue
        for name in shipped_names(game):
            for rule in game.paytable(name).rules.values():
                if rule.conditions is None:
                    continue
                compiled = compile_bet(game.deal_of(rule), game.id, rule)
                if compiled.route == "cards":
                    out[compiled.key] = lambda deal=deal, reading=compiled.reading, conditions=rule.conditions: (
                        build_positional(deal, reading, conditions).to_arrays()
                    )
    return out


def refresh_package() -> list[str]:
    """Rebuild the stored tables of every shipped bet of every game into the package folder, and
    drop files no shipped bet needs; returns the keys written."""
    store.PACKAGE_DIR.mkdir(exist_ok=True)
    wanted = stored_keys_of_shipped_bets()
    for key, build in wanted.items():
        store.save(key, build(), store.PACKAGE_DIR)
    for path in store.PACKAGE_DIR.glob("*.npz"):
        if path.stem not in wanted:
            path.unlink()
    return sorted(wanted)


if __name__ == "__main__":
    keys = refresh_package()
    print(f"{store.PACKAGE_DIR}: {len(keys)} tables")
