"""Sic Bo (seed 003): three fair dice, every bet counted over the 216 equally likely ordered rolls.

Bets whose members all have the same odds appear once, for a representative member (the counts
are the same for every member by the symmetry of the dice; a test checks each member):

    number      one number, paid by how many dice show it (counted for 1; 1-6 alike)
    double      a specific double: at least two dice show it (counted for 1-1; 1-6 alike)
    triple      a specific triple (counted for 1-1-1; 1-6 alike)
    pair        pair match: two given different numbers both show (counted for 1-2; all 15 alike)

Totals differ in odds and each has its own bet, ``total-4`` ... ``total-17``. Small and Big, Odd
and Even lose on any triple. Counts, with ``n_t`` the ordered rolls of total ``t``:

    number on k dice    C(3,k) 5^(3-k)            (75, 15, 1 of 216 for k = 1, 2, 3; 125 none)
    specific double     3*5 + 1 = 16 (exactly two, or three)
    specific triple     1        any triple   6
    pair match          2 numbers both show: 6*4 (the third die differs from both) + 2*3 = 30
    total t             n_t = 1 3 6 10 15 21 25 27 27 25 21 15 10 6 3 1 for t = 3 .. 18
"""

from __future__ import annotations

from itertools import product
from typing import Sequence

from .base import BetRule, Game, OutcomeCounts
from .base import outcomes

COUNTING = "216 ordered rolls of three dice"
ROLLS = tuple(product(range(1, 7), repeat=3))
NUMBER, DOUBLE, TRIPLE, PAIR = 1, 1, 1, (1, 2)
"""The representative member counted for each bet kind whose members are alike."""



def _is_triple(roll) -> bool:
    return roll[0] == roll[1] == roll[2]


def _size(roll) -> str:
    if _is_triple(roll):
        return "triple"
    return "small" if sum(roll) <= 10 else "big"


def _parity(roll) -> str:
    if _is_triple(roll):
        return "triple"
    return "odd" if sum(roll) % 2 else "even"


def _number(roll) -> str:
    return ("none", "one", "two", "three")[roll.count(NUMBER)]


def _double(roll) -> str:
    return "double" if roll.count(DOUBLE) >= 2 else "other"


def _triple(roll) -> str:
    return "triple" if roll.count(TRIPLE) == 3 else "other"


def _any_triple(roll) -> str:
    return "triple" if _is_triple(roll) else "other"


def _pair(roll) -> str:
    return "pair" if PAIR[0] in roll and PAIR[1] in roll else "other"


def _total(t: int):
    def settle(roll) -> str:
        return "hit" if sum(roll) == t else "miss"

    return settle


TRIPLE_ROW = ("triple", "Any triple")
BETS: list[tuple[BetRule, object]] = [
    (BetRule("small", "Small (4-10)", outcomes(("small", "Total 4 to 10, not a triple"), TRIPLE_ROW,
                                         ("big", "Total 11 to 17, not a triple")), None,
             "total 4 to 10; loses on any triple"), _size),
    (BetRule("big", "Big (11-17)", outcomes(("big", "Total 11 to 17, not a triple"), TRIPLE_ROW,
                                      ("small", "Total 4 to 10, not a triple")), None,
             "total 11 to 17; loses on any triple"), _size),
    (BetRule("odd", "Odd", outcomes(("odd", "Odd total, not a triple"), TRIPLE_ROW, ("even", "Even total, not a triple")),
             None, "odd total; loses on any triple"), _parity),
    (BetRule("even", "Even", outcomes(("even", "Even total, not a triple"), TRIPLE_ROW, ("odd", "Odd total, not a triple")),
             None, "even total; loses on any triple"), _parity),
    (BetRule("number", "Number (any one of 1-6)",
             outcomes(("three", "Number on three dice"), ("two", "Number on two dice"), ("one", "Number on one die"),
                ("none", "Number on no die")), None,
             "one chosen number, paid by how many dice show it; every number alike (counted for 1)"), _number),
    (BetRule("double", "Specific Double (any one of 1-6)",
             outcomes(("double", "Two or three dice show the number"), ("other", "Any other roll")), None,
             "a chosen number on at least two dice; every number alike (counted for 1-1)"), _double),
    (BetRule("triple", "Specific Triple (any one of 1-6)",
             outcomes(("triple", "All three dice show the number"), ("other", "Any other roll")), None,
             "a chosen number on all three dice; every number alike (counted for 1-1-1)"), _triple),
    (BetRule("any-triple", "Any Triple", outcomes(("triple", "All three dice the same"), ("other", "Any other roll")),
             None, "all three dice show the same number"), _any_triple),
] + [
    (BetRule(f"total-{t}", f"Specific Total {t}", outcomes(("hit", f"Total {t}"), ("miss", "Any other total")), None,
             f"the three dice add up to {t}"), _total(t))
    for t in range(4, 18)
] + [
    (BetRule("pair", "Pair Match (any two different numbers)",
             outcomes(("pair", "Both numbers show"), ("other", "Any other roll")), None,
             "two chosen different numbers both show; all 15 pairs alike (counted for 1-2)"), _pair),
]


class SicBoGame(Game):
    """Sic Bo: no shoe; every bet settled on each of the 216 ordered rolls."""

    def __init__(self):
        super().__init__("sic-bo", "Sic Bo", COUNTING, {rule.id: rule for rule, _ in BETS},
                         uses_shoe=False, min_cards=0, notes=(
                             "Number, Specific Double, Specific Triple and Pair Match are one sheet each: "
                             "every number (every pair of numbers) has the same odds by the symmetry of the "
                             "dice. Each Specific Total has its own sheet.",
                             "Seed 003 pays 18 on totals 5 and 16 and 14 on totals 6 and 15, where the common "
                             "table pays 30 and 17: totals 5 and 16 are the stingiest bets of the seed's layout "
                             "(compare the house edges below with paytable `common`).",
                         ))
        self.settle = {rule.id: settle for rule, settle in BETS}

    def count(self, shoe=None, bet_ids: Sequence[str] = (), paytable=None) -> dict[str, OutcomeCounts]:
        """Outcome counts over the 216 ordered rolls (each roll settled directly)."""
        out = {}
        for bet_id in bet_ids:
            settle = self.settle[bet_id]
            tally = dict.fromkeys(self.bets[bet_id].outcome_keys, 0)
            for roll in ROLLS:
                tally[settle(roll)] += 1
            out[bet_id] = OutcomeCounts(tally, len(ROLLS))
        return out

    def play_random(self, rng) -> dict[str, str]:
        roll = tuple(rng.randint(1, 6) for _ in range(3))
        return self.settle_roll(roll)

    def settle_roll(self, roll) -> dict[str, str]:
        return {bet_id: settle(roll) for bet_id, settle in self.settle.items()}


SIC_BO = SicBoGame()
