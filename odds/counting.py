"""Small exact counting functions shared by every game.

>>> falling(416, 6)
4998398275503360
>>> falling(3, 5)
0
"""

from __future__ import annotations

from math import perm


def falling(n: int, k: int) -> int:
    """The falling factorial n (n-1) ... (n-k+1): ordered ways to draw k of n cards.

    Zero when k > n; one when k == 0.
    """
    if k < 0:
        raise ValueError("k must be non-negative")
    if n < k:
        return 0
    return perm(n, k)
