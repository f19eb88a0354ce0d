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

    def _call(self):
        api = self.__dict__.get("__api__", API_MODULE)
        return getattr(importlib.import_module(api), self.__name__.rsplit(".", 1)[1])

    def __call__(self, *args, **kwargs):
        return self._call()(*args, **kwargs)

    @property  # type: ignore[override]
    def __doc__(self) -> str:  # type: ignore[override]
        """What ``help(odds.sheet)`` shows first: the call and its summary, then the module's own
        text (the module docstring's examples stay the module's doctests)."""
        name = self.__name__.rsplit(".", 1)[1]
        call = self._call()
        summary = inspect.cleandoc(call.__doc__ or "").split("\n\n")[0]
        own = self.__dict__.get("__doc__") or ""
        where = f"{call.__module__}.{name}"
        return f"odds.{name}{inspect.signature(call)}\n\n{summary}\n\n(The whole call: help({where}).)\n\n{own}"

    @__doc__.setter
    def __doc__(self, text: str) -> None:
        self.__dict__["__doc__"] = text

    @property
    def __signature__(self):
        return inspect.signature(self._call())


def make_callable(module_name: str, api: str = API_MODULE) -> None:
    """Make the module ``odds.<name>`` callable as ``<api>.<name>`` (default :mod:`odds.api`)."""
    module = sys.modules[module_name]
    module.__dict__["__api__"] = api
    module.__class__ = CallableModule
