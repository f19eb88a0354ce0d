"""``odds verify`` as a library call: a vectors file checked by the module that owns its schema -
counts (:mod:`.vectors`) or settlements (:mod:`.rounds`) - and its mismatches gathered into a
:class:`~.mismatch.VerifyReport` (kept apart from :mod:`.mismatch`, which both checkers use).
"""

from __future__ import annotations

from .mismatch import VerifyReport


def verify_file(path, own: dict | None = None, tolerance=None) -> VerifyReport:
    """Check a vectors file (counts, :mod:`odds.design.vectors`, or settlements,
    :mod:`odds.design.rounds`): ``own`` the user's paytables by name, ``tolerance`` for values
    written as floats."""
    from . import rounds, vectors

    data = vectors.load(path)
    settlements = data.get("schema") == rounds.SCHEMA
    checker = rounds if settlements else vectors
    problems, count, figures = checker.verify(data, own, tolerance)
    return VerifyReport(str(path), "rounds" if settlements else "vectors", count, figures, list(problems))
