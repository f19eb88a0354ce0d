"""numpy, imported on first use: modules that compute with numpy only inside functions write
``from ..lazy import numpy as np`` instead of ``import numpy as np``, so a command that never
computes with it (``odds --help``, ``odds games``, ``odds features GAME``, a usage error) never
pays for loading it (a third of the start-up of ``odds --help``).

``np.anything`` imports numpy the first time and is then a plain attribute read (numpy's names
are copied onto the stand-in), so a hot loop pays nothing. A module that uses numpy at import
time (a module-level array) should import numpy itself: it gains nothing from the stand-in.

>>> import sys
>>> from odds.lazy import LazyModule
>>> math = LazyModule("math")
>>> math.gcd(12, 18)
6
>>> "gcd" in vars(math)  # copied: the next read does not go through the stand-in's lookup
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING


class LazyModule:
    """A stand-in for module ``name`` that imports it on the first attribute read."""

    def __init__(self, name: str):
        object.__setattr__(self, "_lazy_name", name)

    def __getattr__(self, attr: str):
        # Only called for names not copied yet: the first read, or a name the module makes on
        # demand (numpy's module __getattr__) or adds later.
        module = importlib.import_module(object.__getattribute__(self, "_lazy_name"))
        vars(self).update(vars(module))
        return getattr(module, attr)

    def __repr__(self):
        return f"<lazy module {object.__getattribute__(self, '_lazy_name')!r}>"


if TYPE_CHECKING:  # a type checker reads numpy's own names (np.ndarray in annotations)
    import numpy
else:
    numpy = LazyModule("numpy")
    """Stands in for ``import numpy as np``."""


def pandas():
    """pandas, imported when a DataFrame is asked for (the optional extra ``frame``); a clear
    :class:`odds.errors.OddsError` when it is not installed."""
    try:
        import pandas as module
    except ImportError:  # pragma: no cover - depends on the install
        from .errors import OddsError

        raise OddsError("to_frame() needs pandas: pip install 'odds[frame]'") from None
    return module
