"""The drawing rules of punto banco baccarat (seeds 001 and 003, Tables 1 and 2).

Deal order is P1 B1 P2 B2, then the player's third card, then the banker's. These functions are
the one place the rules live; the compiled enumerator, the brute-force oracle and the Monte Carlo
dealer all call them.

>>> player_draws(5), player_draws(6)
(True, False)
>>> banker_draws(3, 8), banker_draws(3, 9), banker_draws(5, None)
(False, True, True)
>>> play_round([4, 3, 0, 3, 2, 9])   # player 4 draws a 2 -> 6; banker 6 on a 2 stands
Round(player=6, banker=6, player_cards=3, banker_cards=2)
"""

from __future__ import annotations

from functools import cache

from typing import NamedTuple, Sequence

# Table 2 of the seeds: the banker's two-card total -> the player's third-card values on which
# the banker draws. 0-2 always draw, 7 stands, 8-9 are naturals (never reached here).
BANKER_DRAWS_ON = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset({0, 1, 2, 3, 4, 5, 6, 7, 9}),  # stands on an 8
    4: frozenset({2, 3, 4, 5, 6, 7}),
    5: frozenset({4, 5, 6, 7}),
    6: frozenset({6, 7}),
    7: frozenset(),
}


class Round(NamedTuple):
    """How a baccarat round ended: both totals and how many cards each hand holds."""

    player: int
    banker: int
    player_cards: int
    banker_cards: int

    @property
    def cards(self) -> int:
        return self.player_cards + self.banker_cards

    @property
    def player_natural(self) -> bool:
        return self.player_cards == 2 and self.player >= 8

    @property
    def banker_natural(self) -> bool:
        return self.banker_cards == 2 and self.banker >= 8


def is_natural(total: int) -> bool:
    return total >= 8


def player_draws(player_total: int) -> bool:
    """Table 1: the player draws on 0-5 and stands on 6-7 (naturals are handled before)."""
    return player_total <= 5


def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """Whether the banker draws; ``player_third`` is None when the player stood.

    When the player stood the banker draws on 0-5; otherwise Table 2 decides.
    """
    if player_third is None:
        return banker_total <= 5
    return player_third in BANKER_DRAWS_ON.get(banker_total, frozenset())


def play_round(values: Sequence[int]) -> Round | None:
    """Play the round dealt from these card values in order (P1 B1 P2 B2, then draws).

    Returns None when the round needs more cards than given.
    """
    if len(values) < 4:
        return None
    p = (values[0] + values[2]) % 10
    b = (values[1] + values[3]) % 10
    if is_natural(p) or is_natural(b):
        return Round(p, b, 2, 2)
    if not player_draws(p):
        if not banker_draws(b, None):
            return Round(p, b, 2, 2)
        if len(values) < 5:
            return None
        return Round(p, (b + values[4]) % 10, 2, 3)
    if len(values) < 5:
        return None
    third = values[4]
    p = (p + third) % 10
    if not banker_draws(b, third):
        return Round(p, b, 3, 2)
    if len(values) < 6:
        return None
    return Round(p, (b + values[5]) % 10, 3, 3)


# -- the rules compiled over card values ---------------------------------------------------------

def _decode(code: int) -> Round:
    return Round(code % 10, code // 10 % 10, 2 + code // 100 % 2, 2 + code // 200)


def play_many(grid):
    """Vectorised :func:`play_round` over rows of six card values: (cards used, state code).

    It reads the rules through lookup tables built from :func:`player_draws` and
    :func:`banker_draws`, so the rules stay in one place; a test checks it against
    :func:`play_round` on every row.
    """
    import numpy as np

    player_table = np.array([player_draws(t) for t in range(10)])
    # banker_table[b, t]: column 10 is "the player stood"
    banker_table = np.array([[banker_draws(b, t if t < 10 else None) for t in range(11)]
                             for b in range(10)])
    p = (grid[:, 0] + grid[:, 2]) % 10
    b = (grid[:, 1] + grid[:, 3]) % 10
    natural = (p >= 8) | (b >= 8)
    p_draws = ~natural & player_table[p]
    third = np.where(p_draws, grid[:, 4], 10)
    b_draws = ~natural & banker_table[b, third]
    b_card = np.where(p_draws, grid[:, 5], grid[:, 4])
    p_final = np.where(p_draws, (p + grid[:, 4]) % 10, p)
    b_final = np.where(b_draws, (b + b_card) % 10, b)
    used = 4 + p_draws.astype(np.int64) + b_draws.astype(np.int64)
    codes = p_final + 10 * b_final + 100 * p_draws + 200 * b_draws
    return used, codes


@cache
def compiled():
    """The punto banco rules compiled over the 10 baccarat values (built once per process)."""
    from ..engine.compiled import compile_deal

    return compile_deal(10, 6, play_many, _decode)
