"""The figures of a PAR sheet that are not exact: volatility index and the hold's intervals.

Both come from a bet's exact house edge ``h`` and standard deviation ``s`` (per unit staked,
:class:`odds.sheet.BetSheet`) and a normal quantile ``z`` (two-sided: 1.6449 for 90%, 1.9600
for 95%); a square root makes them irrational, so they are floats, and every function here
says so in its name:

    volatility index        VI = z x s
    hold after N rounds     h +- z x s / sqrt(N)   (the house's result per unit staked over N
                                                     independent rounds, normal approximation)

A result over N rounds of a unit bet falls within ``-N h +- VI sqrt(N)`` with that confidence:
the volatility index is what a designer reads as "how wild is this bet". The normal
approximation is the industry's; for a bet with a rare top pay it understates the spread over
a thousand rounds (the sum of a few hundred rounds of a 1-in-1000 pay is far from normal).

>>> from fractions import Fraction as F
>>> from odds.sheet import BetSheet, Row
>>> even = BetSheet("even", "Even", (Row("win", "Win", F(1), 18), Row("lose", "Lose", F(-1), 19)), 37)
>>> round(volatility_index_float(even, 95), 4), [round(x, 4) for x in hold_interval_float(even, 10_000, 95)]
(1.9592, [0.0074, 0.0466])
"""

from __future__ import annotations

import math

CONFIDENCES = (90, 95)
"""Confidence levels (percent) of the volatility index and the hold intervals."""

ROUNDS = (1_000, 10_000, 100_000, 1_000_000)
"""Rounds after which a sheet states the hold's intervals."""


Z = {90: 1.6448536269514722, 95: 1.959963984540054}
"""The two-sided normal quantiles of the confidences above, written out so that the exported
tables are the same bytes on every platform (``NormalDist.inv_cdf`` goes through the C
library's ``log``, which need not round alike everywhere); :func:`z_float` checks them."""


def z_float(confidence: int) -> float:
    """The two-sided normal quantile of a confidence in percent: 1.6449 for 90, 1.9600 for 95.

    >>> round(z_float(90), 4), round(z_float(95), 4)
    (1.6449, 1.96)
    >>> from statistics import NormalDist
    >>> all(abs(Z[c] - NormalDist().inv_cdf(0.5 + c / 200)) < 1e-12 for c in CONFIDENCES)
    True
    """
    if confidence in Z:
        return Z[confidence]
    if not 0 < confidence < 100:
        raise ValueError(f"a confidence is a percentage between 0 and 100, not {confidence}")
    from statistics import NormalDist  # here: statistics imports random, which a sheet never needs

    return NormalDist().inv_cdf(0.5 + confidence / 200)


def volatility_index_float(bet, confidence: int) -> float:
    """``z x standard deviation`` of one round of the bet, per unit staked."""
    return z_float(confidence) * bet.std_dev_float()


def hold_interval_float(bet, rounds: int, confidence: int) -> tuple[float, float]:
    """The interval the house's result per unit staked falls in after ``rounds`` rounds, with
    this confidence: ``house edge +- z x s / sqrt(rounds)``."""
    half = z_float(confidence) * bet.std_dev_float() / math.sqrt(rounds)
    edge = float(bet.house_edge)
    return edge - half, edge + half
