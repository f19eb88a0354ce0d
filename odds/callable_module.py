"""Modules that are also the library function of their name.

``odds.sheet`` is both the module :mod:`odds.sheet` (``odds.sheet.build_sheet``) and the function
:func:`odds.api.sheet` (``odds.sheet("baccarat")``); so are ``odds.settle`` and ``odds.games``.
Python binds a submodule to its package's attribute when it is first imported, so a plain
function ``odds.sheet`` would be replaced by the module as soon as anything imported the module;
a callable module is the same object either way.

The call is looked up in :mod:`odds.api` by name when it is made - a late binding, not an import:
the modules sit below the library API (which imports them), never the other way round.
"""

from __future__ import annotations

import importlib
import inspect
import sys
import types

API_MODULE = "odds.api"


class CallableModule(types.ModuleType):
    """A module whose call is the library function of the same name (:data:`API_MODULE`)."""

    def __call__(self, *args, **kwargs):
        return getattr(importlib.import_module(API_MODULE), self.__name__.rsplit(".", 1)[1])(*args, **kwargs)

    @property
    def __signature__(self):
        return inspect.signature(getattr(importlib.import_module(API_MODULE), self.__name__.rsplit(".", 1)[1]))


def make_callable(module_name: str) -> None:
    """Make the module ``odds.<name>`` callable as :func:`odds.api.<name>`."""
    sys.modules[module_name].__class__ = CallableModule
