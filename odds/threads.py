"""BLAS threads, limited where they cost more than they give.

The fast paths (batch, depletion) multiply many small matrices (a few hundred rows, one chunk of
shoes at a time). A second BLAS thread per product costs more in hand-offs than it saves, and on a
busy machine its spin-waits can make a loop several times slower: on this project's 2-core
machine, 2,000 products of a 256x300 by 300x200 float64 matrix take 1.8x as long with OpenBLAS's
two threads as with one, and 4x to 7x as long while another process keeps one core busy
(docs/speed.md, "Start-up").

So such a loop runs inside :func:`single_threaded_blas`, which limits the BLAS libraries numpy has
loaded for the duration of the ``with`` block only, through threadpoolctl; nothing is set at import
time and no environment variable changes, so the library behaves the same whatever is imported
first and leaves the rest of the program's BLAS alone.

>>> import numpy as np
>>> with single_threaded_blas():
...     (np.ones((3, 4)) @ np.ones((4, 2))).tolist()
[[4.0, 4.0], [4.0, 4.0], [4.0, 4.0]]
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

_CONTROLLER: list[Any] = []
"""The process's threadpoolctl controller, made on first use (looking the libraries up costs about
0.2 ms; entering a limit through a made controller about 15 microseconds)."""


def single_threaded_blas() -> AbstractContextManager[Any]:
    """A context in which every BLAS numpy uses (OpenBLAS, MKL, BLIS) runs one thread, restoring
    the previous limits after it, even on an error.

    The libraries are looked up once per process (after numpy is loaded, so that its BLAS is among
    them); entering costs about 15 microseconds after that, so enter it once per batch of rows,
    never per product. The limit is the process's: worker processes forked inside the block
    inherit it, spawned ones must enter it themselves.
    """
    if not _CONTROLLER:
        import numpy  # noqa: F401 - a BLAS that is not loaded yet cannot be limited

        from threadpoolctl import ThreadpoolController

        _CONTROLLER.append(ThreadpoolController())
    return _CONTROLLER[0].limit(limits=1, user_api="blas")
