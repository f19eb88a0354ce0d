"""Proving that an int64 computation cannot wrap, by running the same code on intervals.

numpy's int64 arithmetic wraps silently. A formula written with ``+ - * ** // @``, ``sum``,
``reshape``, indexing and ``diagonal`` can be run twice: first on :class:`Interval` inputs that
contain every input row (here, for counts, ``[0, max]`` per column), where every operation
computes with Python integers a range that contains every value the int64 run will compute at
that step (interval arithmetic), and the peak magnitude of all of them is kept; then, if that peak
is below ``2**63``, on the int64 arrays themselves, else on object arrays of Python integers. No
hand-kept bound: the proof is the formula itself.

A sum (``sum``, ``@``) is bounded by the sum of its terms' magnitudes, which also bounds every
partial sum whatever order numpy adds them in.

    >>> def f(c):
    ...     n = c.sum(axis=1)
    ...     return n * (n - 1) * (n - 2) * (n - 3)
    >>> rows = np.array([[3000, 1000], [10, 20]])
    >>> fits_int64(f, rows), int(f(rows)[0]) == 4000 * 3999 * 3998 * 3997
    (True, True)
    >>> fits_int64(f, np.array([[60000, 0]]))  # 60000**4 > 2**63
    False
"""

from __future__ import annotations

import numpy as np

INT64_MAX = 2**63 - 1


class Peak:
    """The largest magnitude seen over a run on intervals."""

    def __init__(self):
        self.value = 0

    def see(self, *arrays) -> None:
        for a in arrays:
            a = np.asarray(a, dtype=object)
            if a.size:
                self.value = max(self.value, max(abs(int(x)) for x in a.ravel().tolist()))


def _obj(x) -> np.ndarray:
    return np.asarray(x, dtype=object) if isinstance(x, np.ndarray) else np.array(int(x), dtype=object)


class Interval:
    """Element-wise ranges ``lo <= x <= hi`` (object arrays of Python ints) of an int array."""

    __array_ufunc__ = None  # ndarray (op) Interval defers to Interval; np.add(..., Interval) refuses

    def __array__(self, *args, **kwargs):
        # numpy must not wrap an Interval in an object array and compute something unchecked:
        # a formula the prover cannot follow fails loudly instead
        raise TypeError("an Interval is not an array: write the formula with operators and methods")

    def __init__(self, lo, hi, peak: Peak):
        self.lo, self.hi, self.peak = _obj(lo), _obj(hi), peak
        peak.see(self.lo, self.hi)

    @classmethod
    def of_counts(cls, rows: np.ndarray, peak: Peak) -> "Interval":
        """One row containing every row of non-negative counts: ``[0, column max]``."""
        rows = np.asarray(rows)
        hi = np.asarray(rows.max(axis=0, keepdims=True), dtype=object) if len(rows) else np.zeros((1,) + rows.shape[1:], dtype=object)
        return cls(np.zeros_like(hi), hi, peak)

    def _other(self, x):
        if isinstance(x, Interval):
            return x.lo, x.hi
        x = _obj(x)
        self.peak.see(x)  # a constant must fit in int64 too
        return x, x

    def __add__(self, other):
        lo, hi = self._other(other)
        return Interval(self.lo + lo, self.hi + hi, self.peak)

    __radd__ = __add__

    def __sub__(self, other):
        lo, hi = self._other(other)
        return Interval(self.lo - hi, self.hi - lo, self.peak)

    def __rsub__(self, other):
        lo, hi = self._other(other)
        return Interval(lo - self.hi, hi - self.lo, self.peak)

    def __neg__(self):
        return Interval(-self.hi, -self.lo, self.peak)

    def __mul__(self, other):
        lo, hi = self._other(other)
        corners = [self.lo * lo, self.lo * hi, self.hi * lo, self.hi * hi]
        low, high = corners[0], corners[0]
        for c in corners[1:]:
            low, high = np.minimum(low, c), np.maximum(high, c)
        return Interval(low, high, self.peak)

    __rmul__ = __mul__

    def __pow__(self, k: int):
        out = self
        for _ in range(k - 1):
            out = out * self
        return out

    def __floordiv__(self, k: int):
        if not isinstance(k, int) or k < 1:
            return NotImplemented
        return Interval(self.lo // k, self.hi // k, self.peak)

    def magnitude(self) -> np.ndarray:
        return np.maximum(abs(self.lo), abs(self.hi))

    def sum(self, axis=None):
        self.peak.see(self.magnitude().sum(axis=axis))  # every partial sum
        return Interval(self.lo.sum(axis=axis), self.hi.sum(axis=axis), self.peak)

    def __matmul__(self, matrix):
        if isinstance(matrix, Interval):
            return NotImplemented
        m = _obj(matrix)
        self.peak.see(m)
        plus = np.where(m > 0, m, 0)
        minus = np.where(m < 0, -m, 0)
        self.peak.see(self.magnitude() @ (plus + minus))  # every partial sum
        return Interval(self.lo @ plus - self.hi @ minus, self.hi @ plus - self.lo @ minus, self.peak)

    def reshape(self, *shape):
        return Interval(self.lo.reshape(*shape), self.hi.reshape(*shape), self.peak)

    def __getitem__(self, key):
        return Interval(self.lo[key], self.hi[key], self.peak)

    def __len__(self):
        return len(self.lo)

    @property
    def shape(self):
        return self.lo.shape


def fits_int64(formula, *rows: np.ndarray) -> bool:
    """Whether ``formula(*rows)`` runs in int64 without any intermediate leaving
    ``[-(2**63 - 1), 2**63 - 1]``, for every row of non-negative counts within the column maxima
    of ``rows`` (the formula run once on intervals; see the module docstring)."""
    peak = Peak()
    formula(*(Interval.of_counts(r, peak) for r in rows))
    return peak.value <= INT64_MAX
