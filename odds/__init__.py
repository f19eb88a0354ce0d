"""odds: exact combinatorial odds for casino table games."""

# Importing odds changes nothing global (no environment variable, no thread setting): the fast
# paths limit BLAS threads only around their own loops (odds.threads.single_threaded_blas).

__version__ = "0.1.0"

# -- the library (docs/library.md; odds/api.py) ---------------------------------------------------
# Every name loads on first use, so `import odds` imports neither numpy nor the games. `sheet`,
# `settle`, `games`, `compare`, `batch` and `check` are also modules of the package: each is a callable module (odds.api.
# CallableModule in odds/callable_module.py), so `odds.sheet(...)` works whether or not `odds.sheet` was imported before.

_API = {
    "sheet": ("odds.sheet", None),
    "settle": ("odds.settle", None),
    "games": ("odds.games", None),
    "eor": ("odds.api", "eor"),
    "count": ("odds.api", "count"),
    "compare": ("odds.compare", None),
    "solve": ("odds.api_design", "solve"),
    "simulate": ("odds.api_design", "simulate"),
    "tags": ("odds.api_design", "tags"),
    "batch": ("odds.batch", None),
    "check": ("odds.check", None),
    "verify": ("odds.api_design", "verify"),
    "Shoe": ("odds.shoe", "Shoe"),
    "Sheet": ("odds.sheet", "Sheet"),
    "BetSheet": ("odds.sheet", "BetSheet"),
    "Settlement": ("odds.settle", "Settlement"),
    "Effects": ("odds.api", "Effects"),
    "CountReport": ("odds.api", "CountReport"),
    "GameInfo": ("odds.api", "GameInfo"),
    "OddsError": ("odds.errors", "OddsError"),
}
__all__ = sorted(_API)


def __getattr__(name):
    if name not in _API:
        raise AttributeError(f"module 'odds' has no attribute {name!r}")
    import importlib

    module, attr = _API[name]
    loaded = importlib.import_module(module)
    return loaded if attr is None else getattr(loaded, attr)


def __dir__():
    return sorted(set(globals()) | set(_API))
