"""Counting formulas for bets decided by the first cards dealt (pairs, Dragon/Tiger on first cards).

Deal order is P1 B1 P2 B2. The formulas count ordered deals of the first four (or two) cards from
a composition ``c`` (counts per kind at the bet's resolution: ranks or cards), ``N`` cards in all.
With ``(x)_k = x (x-1) ... (x-k+1)``:

    S2  = sum_k (c_k)_2                      ordered ways two given positions hold the same kind
    S22 = S2**2 - sum_k (c_k)_2**2 + sum_k (c_k)_4
                                             ordered ways P1,P2 share a kind and B1,B2 share one
    one hand's pair      S2 (N-2)_2          both hands' pairs   S22

A brute-force walk over every ordering of small shoes checks each formula (tests/).

>>> pair_counts([2, 2])      # A A B B: P pair, B pair, both, out of (4)_4 = 24 orderings
(8, 8, 8, 24)
"""

from __future__ import annotations

from typing import Sequence

from ..counting import falling


def pair_counts(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """(player pair, banker pair, both pairs, total) over ordered four-card deals."""
    n = sum(counts)
    s2 = sum(falling(c, 2) for c in counts)
    s22 = s2 * s2 - sum(falling(c, 2) ** 2 for c in counts) + sum(falling(c, 4) for c in counts)
    one_hand = s2 * falling(n - 2, 2)
    return one_hand, one_hand, s22, falling(n, 4)


def same_kind_both_hands(counts: Sequence[int]) -> int:
    """Ordered four-card deals where all four first cards are one kind: sum_k (c_k)_4."""
    return sum(falling(c, 4) for c in counts)


def same_two_cards(card_counts: Sequence[int]) -> int:
    """Ordered four-card deals where both hands are pairs made of the same two cards
    (player 9c 9h and banker 9c 9h, in any order within each hand).

    Identical cards in both hands: sum_k (c_k)_4. Two different kinds k, l of one rank: each hand
    in 2 orders, so 4 (c_k)_2 (c_l)_2 per unordered pair.
    """
    total = sum(falling(c, 4) for c in card_counts)
    for rank in range(13):
        group = card_counts[4 * rank : 4 * rank + 4]
        for i in range(4):
            for j in range(i + 1, 4):
                total += 4 * falling(group[i], 2) * falling(group[j], 2)
    return total


def first_two_rank_counts(rank_counts: Sequence[int]) -> tuple[int, int, int, int]:
    """(first card higher, equal rank, second card higher, total) over ordered two-card deals,
    ranks compared A low, K high."""
    higher = sum(rank_counts[r] * rank_counts[s] for r in range(13) for s in range(r))
    equal = sum(falling(c, 2) for c in rank_counts)
    n = sum(rank_counts)
    return higher, equal, higher, falling(n, 2)
