"""Sic Bo (seed 003): three fair dice, every bet counted over the 216 equally likely ordered rolls.

Every bet a player can place is a bet id: ``number-1`` ... ``number-6``, ``double-1`` ...,
``triple-1`` ..., ``pair-1-2`` ... ``pair-5-6`` (15 pairs), ``total-4`` ... ``total-17``, ``small``,
``big``, ``odd``, ``even``, ``any-triple``. The paytable prices the numbers, doubles, triples and
pairs by group (entries ``number``, ``double``, ``triple``, ``pair``), as the seed's table does.
Small and Big, Odd and Even lose on any triple. Counts, with ``n_t`` the ordered rolls of total ``t``:

    number on k dice    C(3,k) 5^(3-k)            (75, 15, 1 of 216 for k = 1, 2, 3; 125 none)
    specific double     3*5 + 1 = 16 (exactly two, or three)
    specific triple     1        any triple   6
    pair match          2 numbers both show: 6*4 (the third die differs from both) + 2*3 = 30
    total t             n_t = 1 3 6 10 15 21 25 27 27 25 21 15 10 6 3 1 for t = 3 .. 18
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Sequence

from .base import BetRule, Game, OutcomeCounts
from .base import outcomes

COUNTING = "216 ordered rolls of three dice"
ROLLS = tuple(product(range(1, 7), repeat=3))
FACES = range(1, 7)
PAIRS = tuple(combinations(FACES, 2))



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


def _number(face: int):
    def settle(roll) -> str:
        return ("none", "one", "two", "three")[roll.count(face)]

    return settle


def _double(face: int):
    def settle(roll) -> str:
        return "double" if roll.count(face) >= 2 else "other"

    return settle


def _triple(face: int):
    def settle(roll) -> str:
        return "triple" if roll.count(face) == 3 else "other"

    return settle


def _any_triple(roll) -> str:
    return "triple" if _is_triple(roll) else "other"


def _pair(a: int, b: int):
    def settle(roll) -> str:
        return "pair" if a in roll and b in roll else "other"

    return settle


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
    (BetRule("any-triple", "Any Triple", outcomes(("triple", "All three dice the same"), ("other", "Any other roll")),
             None, "all three dice show the same number"), _any_triple),
] + [
    (BetRule(f"total-{t}", f"Specific Total {t}", outcomes(("hit", f"Total {t}"), ("miss", "Any other total")), None,
             f"the three dice add up to {t}"), _total(t))
    for t in range(4, 18)
]
BETS += [
    (BetRule(f"number-{n}", f"Number {n}",
             outcomes(("three", f"{n} on three dice"), ("two", f"{n} on two dice"), ("one", f"{n} on one die"),
                      ("none", f"{n} on no die")), None,
             f"{n} shows; paid by how many dice show it"), _number(n))
    for n in FACES
] + [
    (BetRule(f"double-{n}", f"Specific Double {n}",
             outcomes(("double", f"{n} on two or three dice"), ("other", "Any other roll")), None,
             f"{n} on at least two dice"), _double(n))
    for n in FACES
] + [
    (BetRule(f"triple-{n}", f"Specific Triple {n}",
             outcomes(("triple", f"{n} on all three dice"), ("other", "Any other roll")), None,
             f"{n} on all three dice"), _triple(n))
    for n in FACES
] + [
    (BetRule(f"pair-{a}-{b}", f"Pair Match {a}-{b}",
             outcomes(("pair", f"Both {a} and {b} show"), ("other", "Any other roll")), None,
             f"{a} and {b} both show"), _pair(a, b))
    for a, b in PAIRS
]
KIND_ORDER = ("small", "big", "odd", "even", "number", "double", "triple", "any-triple", "total", "pair")
BETS.sort(key=lambda bet: KIND_ORDER.index(bet[0].id if bet[0].id in KIND_ORDER else bet[0].id.split("-")[0]))
"""In the order of the seed's bet list (the sort is stable: numbers, totals and pairs stay in order)."""
PRICE_GROUPS = {
    "number": tuple(f"number-{n}" for n in FACES),
    "double": tuple(f"double-{n}" for n in FACES),
    "triple": tuple(f"triple-{n}" for n in FACES),
    "pair": tuple(f"pair-{a}-{b}" for a, b in PAIRS),
}
"""Paytable entries that price every member alike, as the seed's table does."""


class SicBoGame(Game):
    """Sic Bo: no shoe; every bet settled on each of the 216 ordered rolls."""

    def __init__(self):
        super().__init__("sic-bo", "Sic Bo", COUNTING, {rule.id: rule for rule, _ in BETS},
                         uses_shoe=False, min_cards=0, price_groups=PRICE_GROUPS, notes=(
                             "Numbers, Specific Doubles, Specific Triples and Pair Matches are priced by group "
                             "(paytable entries number, double, triple, pair); every member has its own sheet, "
                             "and by the symmetry of the dice the members of a group have the same odds.",
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
