"""Roulette: European (single-zero, seed 003) over the 37 equally likely pockets, and American
(double-zero) over 38.

The simple bets are written as conditions on the spin in the paytable files (features
``number``, ``red``, ``black``, ``zero``, ``column``, ``dozen``). A bet covering ``k`` numbers
wins in ``k`` of the 37 pockets. Bets whose members all cover the same count of numbers at the
same pay appear once, for a representative member (the sheet is the same for every member):

    straight 17, split 17/20 (also 0/1, 0/2, 0/3), street 16-17-18, corner 17-18-20-21,
    line 16-21, column: the 2nd (2, 5, ... 35), dozen: the 2nd (13-24)

The trios 0-1-2 and 0-2-3, the four 0-1-2-3, and red, black, even, odd, low, high each have
their own sheet.

Call bets are chip layouts (docs/rules.md, seed 003 L400-425). A call bet's outcome is the set of its
chips that win; its pays are per chip wagered: (chips returned - chips wagered) / chips wagered,
where a winning chip on a bet paying ``x`` to 1 returns ``x + 1``. The paytable writes those pays
(citing the seed's tables); :meth:`RouletteGame.count` checks them against the layout and the
paytable's own straight / split / trio / corner pays. Neighbours of N is one sheet: five
straights, N and two each side on the wheel, the same for every N (counted for 8, the seed's
example).

Two spins. En prison holds an even-money bet lost to a zero for the next spin; a bet file says so
with the features of the next spin (``next_number``, ``next_red``, ... ``next_zero``). A bet that
reads any of them is counted over the 37 x 37 = 1,369 equally likely ordered pairs of spins (the
first spin, then the next): each outcome's count is the number of pairs that settle the bet so,
so a round decided on the first spin counts 37 times, once per next spin. Its sheet is then the
exact distribution of what the bet finally pays per unit staked - expectation and variance alike.

American roulette (game ``american-roulette``): the pockets 1-36, 0 and 00; the feature
``number`` holds 00 as 37 (``double_zero`` says the same; ``green`` is 0 or 00; ``zero`` is the
single 0 only). No call bets: the racetrack's sections are the single-zero wheel's.

Triple-zero roulette (game ``triple-zero-roulette``): 39 pockets, 1-36, 0, 00 and 000 (number 38,
``triple_zero``; ``green`` is any of the three). Each wheel reads its own pockets
(:class:`Wheel`): ``00`` is a pocket of the double- and triple-zero wheels only, ``000`` of the
triple-zero wheel only.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from functools import partial
from fractions import Fraction
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import OddsError, shown
from ..paytable import PaytableError
from ..core import expected_value
from ..core import BetRule, Outcome, OutcomeCounts, exact_text
from .base import Game

COUNTING = "37 equally likely pockets (single-zero wheel)"
POCKETS = tuple(range(37))
DOUBLE_ZERO = 37
"""American roulette's 00, as the feature ``number`` holds it."""
TRIPLE_ZERO = 38
"""The triple-zero wheel's 000, as the feature ``number`` holds it."""
TRIPLE_ZERO_POCKETS = tuple(range(39))
TRIPLE_ZERO_COUNTING = "39 equally likely pockets (triple-zero wheel: 0, 00, 000 and 1-36)"
AMERICAN_POCKETS = tuple(range(38))
AMERICAN_COUNTING = "38 equally likely pockets (double-zero wheel: 0, 00 and 1-36)"
WHEEL = (
    0,
    32,
    15,
    19,
    4,
    21,
    2,
    25,
    17,
    34,
    6,
    27,
    13,
    36,
    11,
    30,
    8,
    23,
    10,
    5,
    24,
    16,
    33,
    1,
    20,
    14,
    31,
    9,
    22,
    18,
    29,
    7,
    28,
    12,
    35,
    3,
    26,
)
"""The wheel order, clockwise from zero (docs/rules.md)."""
RED = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
POCKET_NAMES = tuple(str(n) for n in POCKETS)
"""The single-zero wheel's pockets as written on it: pocket ``i`` is ``POCKET_NAMES[i]``."""
AMERICAN_POCKET_NAMES = POCKET_NAMES + ("00",)
"""The double-zero wheel's: 0-36, then 00 (pocket 37, as the feature ``number`` holds it)."""


NEIGHBOUR = 8
"""The number the ``neighbours`` sheet is counted for (seed 003 L422's example)."""


@dataclass(frozen=True)
class Wheel:
    """A wheel's pockets as players name them, in the order of the feature ``number`` (0-36, then
    ``00`` = 37 and ``000`` = 38 where the wheel has them): the one place a wheel's pockets are
    read from text and written back. A spin is never read another way: ``37`` is no pocket (00 is
    written ``00``), ``000`` never 0, ``07`` no spelling of 7.

    >>> TRIPLE_ZERO_WHEEL.read("17,000"), TRIPLE_ZERO_WHEEL.label(37)
    ([17, 38], '00')
    >>> TRIPLE_ZERO_WHEEL.read("39")
    Traceback (most recent call last):
    ...
    odds.dealt.RoundError: bad pocket '39': the triple-zero wheel's pockets are 0-36, 00 and 000
    >>> DOUBLE_ZERO_WHEEL.read_pocket("00"), DOUBLE_ZERO_WHEEL.pocket_label(37), SINGLE_ZERO_WHEEL.read_pocket(17)
    (37, '00', 17)
    >>> DOUBLE_ZERO_WHEEL.read_pocket(37)
    Traceback (most recent call last):
    ...
    odds.errors.OddsError: bad number '37': a pocket of the double-zero wheel is 0-36 or 00
    """

    name: str
    """``single-zero wheel``: what messages call it."""
    labels: tuple[str, ...]

    def label(self, number: int) -> str:
        return self.labels[number]

    def pocket_label(self, pocket: int):
        """A pocket as outputs write it: the number 0-36, or its name (``"00"``)."""
        return pocket if pocket <= 36 else self.labels[pocket]

    @property
    def zeros_text(self) -> str:
        """``0-36 or 00``: the pockets in words, for a message about one spin."""
        extra = list(self.labels[37:])
        return "0-36" + ("" if not extra else (", " if len(extra) > 1 else " or ") + " or ".join(extra))

    @property
    def spelled(self) -> str:
        """``0-36, 00 and 000``: the pockets as the errors name them."""
        extra = list(self.labels[37:])
        return "0-36" + (", " if len(extra) > 1 else " and " if extra else "") + " and ".join(extra)

    def read_pocket(self, value) -> int:
        """The pocket one spin names: an ``int`` 0-36, or its name on this wheel as text."""
        from ..errors import OddsError, shown_repr

        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 36:
            return value
        if isinstance(value, str) and value.strip() in self.labels:
            return self.labels.index(value.strip())
        plain = isinstance(value, (str, int)) and not isinstance(value, bool)
        shown_value = shown(str(value).strip()) if plain else shown_repr(value)
        raise OddsError(f"bad number {shown_value}: a pocket of the {self.name} is {self.zeros_text}")

    def read(self, text_or_list) -> list[int]:
        """The pockets named in ``"17,000"`` or a list of names or numbers (an int is the
        feature's number; text is the pocket's name, so ``"000"`` is never 0)."""
        from ..dealt import RoundError, round_items

        items = round_items(text_or_list, "a spin is one pocket or two")
        out = []
        for item in items:
            if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < len(self.labels):
                out.append(item)
            elif isinstance(item, str) and item.strip() in self.labels:
                out.append(self.labels.index(item.strip()))
            else:
                raise RoundError(f"bad pocket {shown(str(item), 20)}: the {self.name}'s pockets are {self.spelled}")
        return out


SINGLE_ZERO_WHEEL = Wheel("single-zero wheel", POCKET_NAMES)

# -- the layout: where a chip may sit (bets on chosen numbers: odds settle --bet split:8-11) --------


def layout_placements(zeros: Sequence[int]) -> dict[int, set[frozenset[int]]]:
    """Every placement of a chip on the layout of a wheel with these zeros (0, and 37 for 00, 38
    for 000), by how many pockets it covers: straights; splits of adjacent numbers (and those of
    the zeros: 0/1 0/2 0/3 on the single-zero layout; 0/1 0/2 00/2 00/3 0/00 on the double-zero
    one; 0/1 00/2 000/3 0/00 00/000 on the triple-zero one); streets and trios; corners (and 0-1-2-3);
    the double-zero top line; six-number lines; columns and dozens."""
    top = {1: [{0, 1}, {0, 2}, {0, 3}], 2: [{0, 1}, {0, 2}, {37, 2}, {37, 3}, {0, 37}]}
    top[3] = [{0, 1}, {37, 2}, {38, 3}, {0, 37}, {37, 38}]
    trios = {1: [{0, 1, 2}, {0, 2, 3}], 2: [{0, 1, 2}, {0, 37, 2}, {37, 2, 3}], 3: [{0, 37, 38}]}
    k = len(zeros)
    out: dict[int, list] = {1: [{n} for n in range(1, 37)] + [{z} for z in zeros]}
    out[2] = [{n, n + 1} for n in range(1, 36) if n % 3] + [{n, n + 3} for n in range(1, 34)] + top[k]
    out[3] = [{n, n + 1, n + 2} for n in range(1, 35, 3)] + trios[k]
    out[4] = [{n, n + 1, n + 3, n + 4} for n in range(1, 33) if n % 3] + ([{0, 1, 2, 3}] if k == 1 else [])
    out[5] = [{0, 37, 1, 2, 3}] if k == 2 else []
    out[6] = [set(range(n, n + 6)) for n in range(1, 32, 3)]
    out[12] = [set(range(c, 37, 3)) for c in (1, 2, 3)] + [set(range(d, d + 12)) for d in (1, 13, 25)]
    return {size: {frozenset(p) for p in places} for size, places in out.items()}


def chosen_rule(wheel: Wheel, zeros: Sequence[int], paytable, bet_id: str, choice: str, covered) -> BetRule:
    """The rule of ``bet_id`` with its chip on the numbers ``choice`` names: ``17``, ``8-11`` (or
    ``8/11``), ``0-00``, ``16-17-18`` (or ``16-18`` for a street, ``16-21`` for a line), ``2`` for
    the 2nd column or dozen. The bet's first outcome (its win) then holds on those numbers; its
    other outcomes read as before. ``covered``: the pockets where the bet's first outcome holds
    as written. Refused unless the bet covers a placement of the layout and the choice is one of
    the same size (a split for a split)."""
    from ..bets.condition import compile_condition
    from ..bets.features import feature_table
    from ..dealt import RoundError

    rule = paytable.rule(bet_id)
    places = layout_placements(zeros)
    size = len(covered)
    if rule.conditions is None or rule.conditions[0] is None or frozenset(covered) not in places.get(size, ()):
        raise RoundError(f"{bet_id} covers no numbers a player chooses: it takes no chosen number ({bet_id}:{choice})")
    same_kind = places[size]
    if size == 12:  # a column's chip goes on a column, a dozen's on a dozen (both cover 12 numbers)
        same_kind = {p for p in same_kind if (p in _COLUMNS) == (frozenset(covered) in _COLUMNS)}
    parts = [p for p in re.split(r"[-/]", choice.strip()) if p.strip()] if isinstance(choice, str) else []
    try:
        numbers = wheel.read(parts) if parts else []
    except OddsError:
        numbers = []
    if size == 12 and len(numbers) == 1 and 1 <= numbers[0] <= 3:  # the 2nd column, or dozen
        numbers = sorted(sorted(same_kind, key=min)[numbers[0] - 1])
    elif size in (3, 6) and len(numbers) == 2 and 1 <= numbers[0] < numbers[1] <= 36:  # a street, a line: ends
        if numbers[1] - numbers[0] == size - 1:
            numbers = list(range(numbers[0], numbers[1] + 1))
    chosen = frozenset(numbers)
    if len(numbers) != size or len(chosen) != size or chosen not in same_kind:  # 1-1-2 is no split
        raise RoundError(
            f"{shown(f'{bet_id}:{choice}', 40)}: {bet_id} covers {size} number{'s' if size > 1 else ''} "
            f"placed together on the {wheel.name}'s layout; name such a placement, e.g. "
            f"{bet_id}:{_example(same_kind, wheel)}"
        )
    labels = ", ".join(str(n) for n in sorted(chosen))
    when = compile_condition(f"number in ({labels})", feature_table(paytable.game))
    return replace(
        rule,
        id=f"{bet_id}:{choice}",
        name=f"{rule.name}: {'-'.join(wheel.label(n) for n in sorted(chosen, key=_layout_order))}",
        conditions=(when,) + tuple(rule.conditions[1:]),
    )


_COLUMNS = {frozenset(range(c, 37, 3)) for c in (1, 2, 3)}


def _layout_order(n: int) -> int:
    """Where a pocket goes in a chosen bet's name: the zeros first, 0 00 000 in that order, then 1-36."""
    return {0: -3, DOUBLE_ZERO: -2, TRIPLE_ZERO: -1}.get(n, n)


def _example(places, wheel: Wheel) -> str:
    first = min(places, key=lambda p: (min(p) == 0, sorted(p)))
    return "-".join(wheel.label(n) for n in sorted(first))


DOUBLE_ZERO_WHEEL = Wheel("double-zero wheel", AMERICAN_POCKET_NAMES)


def neighbours(n: int, each_side: int = 2) -> tuple[int, ...]:
    """``n`` and ``each_side`` numbers either side of it on the wheel, in wheel order."""
    i = WHEEL.index(n)
    return tuple(WHEEL[(i + d) % 37] for d in range(-each_side, each_side + 1))


# -- the features of a spin, for bets written as conditions ---------------------------------------


def _pocket_features(number) -> dict:
    """Every feature of the pockets ``number`` (an int array; 37 is 00)."""
    import numpy as np

    plain = (number >= 1) & (number <= 36)
    return {
        "number": number,
        "red": np.isin(number, sorted(RED)),
        "black": plain & ~np.isin(number, sorted(RED)),
        "zero": number == 0,
        "double_zero": number == DOUBLE_ZERO,
        "triple_zero": number == TRIPLE_ZERO,
        "green": ~plain,
        "column": np.where(plain, (number - 1) % 3 + 1, 0),
        "dozen": np.where(plain, (number - 1) // 12 + 1, 0),
    }


NEXT = "next_"
"""Prefix of the features of the next spin (two-spin bets: en prison)."""


def spin_features(names, pockets=POCKETS) -> dict:
    """The named features of each pocket: ``number``, ``red``, ``black``, ``zero``, ``column``
    (1-3; 0 for zero), ``dozen`` (1-3; 0 for zero)."""
    import numpy as np

    out = _pocket_features(np.array(pockets, dtype=np.int64))
    return {n: out[n] for n in names}


def two_spin_features(names, pockets=POCKETS) -> dict:
    """The named features of every ordered pair of spins, first spin major: ``number`` ... of the
    first spin, ``next_number`` ... of the next (``len(pockets) ** 2`` rows)."""
    import numpy as np

    pockets = np.array(pockets, dtype=np.int64)
    first = _pocket_features(np.repeat(pockets, len(pockets)))
    then = _pocket_features(np.tile(pockets, len(pockets)))
    out = {**first, **{NEXT + k: v for k, v in then.items()}}
    return {n: out[n] for n in names}


def _split(paytable) -> tuple[list, list, list]:
    """``(every rule, the condition bets on one spin, those reading the next spin)`` of a
    paytable, worked out once per paytable (a run settles thousands of spins with it)."""
    from ..bets.settling import kept

    return kept(paytable, _split_rules)


def _spin_memo(paytable) -> dict:
    return {}


def _split_rules(paytable) -> tuple[list, list, list]:
    rules = list(paytable.rules.values())
    two = [r for r in rules if spans_two_spins(r)]
    one = [r for r in rules if r.conditions is not None and r not in two]
    return rules, one, two


def spans_two_spins(rule) -> bool:
    """Whether a condition bet reads the next spin (then it is counted over pairs of spins)."""
    return rule.conditions is not None and any(
        name.startswith(NEXT) for c in rule.conditions if c is not None for name in c.features
    )


def wheel_features(zeros: Sequence[int], next_spin: bool = False) -> dict:
    """The features a bet's conditions read on a wheel whose zero pockets are ``zeros`` (0, and
    37 for 00, 38 for 000): one list for every wheel, so a feature means the same on each.
    ``next_spin`` adds each feature of the following spin (``next_red`` ...: en prison).

    >>> sorted(wheel_features((0, DOUBLE_ZERO)))
    ['black', 'column', 'double_zero', 'dozen', 'green', 'number', 'red', 'zero']
    """
    from ..bets.features import flag, number

    extra = [z for z in zeros if z != 0]
    labels = {DOUBLE_ZERO: "00", TRIPLE_ZERO: "000"}
    named = "; " + ", ".join(f"{labels[z]} is {z}" for z in extra) if extra else ""
    for_zeros = "the zeros" if extra else "zero"

    def features(prefix: str, what: str) -> list:
        found = [
            number(prefix + "number", 0, max((*zeros, 36)), f"{what}the winning number{named}"),
            flag(prefix + "red", f"{what}a red number (1 3 5 7 9 12 14 16 18 19 21 23 25 27 30 32 34 36)"),
            flag(prefix + "black", f"{what}a black number (the other numbers from 1 to 36)"),
            flag(prefix + "zero", f"{what}the single zero 0" if extra else f"{what}the zero"),
            *(flag(prefix + f"{name}_zero", f"{what}the {name} zero {labels[z]} (number {z})")
              for name, z in (("double", DOUBLE_ZERO), ("triple", TRIPLE_ZERO)) if z in extra),
            *([flag(prefix + "green", f"{what}{' or '.join(['0', *(labels[z] for z in extra)])}")] if extra else []),
            number(prefix + "column", 0, 3, f"{what}the column of the number: 1 (1, 4, ... 34), 2 (2, 5, ... 35), "
                   f"3 (3, 6, ... 36); 0 for {for_zeros}"),
            number(prefix + "dozen", 0, 3, f"{what}the dozen: 1 (1-12), 2 (13-24), 3 (25-36); 0 for {for_zeros}"),
        ]  # fmt: skip
        return found

    this = features("", "")
    # a feature of the next spin makes the bet a two-spin bet, counted over the pairs of spins
    then = features(NEXT, "on the next spin (a bet reading it spans two spins): ") if next_spin else []
    return {f.name: f for f in this + then}


def _deal():
    from ..exact.deals import RollDeal

    return RollDeal("roulette", ("roulette",), len(POCKETS), spin_features)


def _two_spin_deal():
    from ..exact.deals import RollDeal

    return RollDeal("roulette-two-spins", ("roulette",), len(POCKETS) ** 2, two_spin_features)


def _american_deal():
    from ..exact.deals import RollDeal

    def features(names):
        return spin_features(names, AMERICAN_POCKETS)

    return RollDeal("american-roulette", ("american-roulette",), len(AMERICAN_POCKETS), features)


FEATURES = wheel_features((0,), next_spin=True)
DEAL = _deal()
TWO_SPINS = _two_spin_deal()


def overlay_support(wheel):
    """A wheel's overlay (Lightning Roulette's lucky numbers) boosts pockets, or bet spots; a
    boosted outcome reads the winning pocket."""
    from ..overlay.support import SPOTS, RollSupport

    return RollSupport(
        {"pockets": ("pocket",), **SPOTS},
        {"pockets": len(wheel.labels)},
        readers={("pockets", "pocket"): lambda number: [number]},
        parse=lambda boosts, text: _one_pocket(wheel, text),
        name=lambda boosts, target: wheel.label(target),
        rows_of=lambda: tuple(range(len(wheel.labels))),
        read_round=lambda cards: wheel.read(list(cards[:1]))[0],
    )


def _one_pocket(wheel, text) -> int:
    from ..dealt import RoundError

    numbers = wheel.read(text)
    if len(numbers) != 1:
        raise RoundError(f"name one pocket, not {text!r}")
    return numbers[0]


"""The deal of the bets that read the next spin: every ordered pair of spins."""


# -- call bets: chips on simple bets ------------------------------------------------------------------

CALL_BETS: dict[str, tuple[str, list[tuple[str, tuple[int, ...]]], str]] = {
    "voisins-du-zero": (
        "Voisins du zero",
        [
            ("split", (4, 7)),
            ("split", (12, 15)),
            ("split", (18, 21)),
            ("split", (19, 22)),
            ("split", (32, 35)),
            ("trio-0-2-3", (0, 2, 3)),
            ("trio-0-2-3", (0, 2, 3)),
            ("corner", (25, 26, 28, 29)),
            ("corner", (25, 26, 28, 29)),
        ],
        "9 chips: splits 4/7 12/15 18/21 19/22 32/35, two on 0-2-3, two on corner 25-26-28-29 (seed L401)",
    ),
    "tiers": (
        "Tiers du cylindre",
        [
            ("split", (5, 8)),
            ("split", (10, 11)),
            ("split", (13, 16)),
            ("split", (23, 24)),
            ("split", (27, 30)),
            ("split", (33, 36)),
        ],
        "6 chips: splits 5/8 10/11 13/16 23/24 27/30 33/36 (seed L411)",
    ),
    "orphelins": (
        "Orphelins",
        [
            ("straight", (1,)),
            ("split", (6, 9)),
            ("split", (14, 17)),
            ("split", (17, 20)),
            ("split", (31, 34)),
        ],
        "5 chips: straight 1, splits 6/9 14/17 17/20 31/34 (seed L414)",
    ),
    "neighbours": (
        "Neighbours of any number",
        [("straight", (n,)) for n in neighbours(NEIGHBOUR)],
        "5 chips: straight up on N and the two numbers each side of it on the wheel; every N alike "
        f"(counted for {NEIGHBOUR}: {', '.join(map(str, neighbours(NEIGHBOUR)))}) (seed L422)",
    ),
    "jeu-zero": (
        "Jeu zero",
        [("split", (0, 3)), ("split", (12, 15)), ("split", (32, 35)), ("straight", (26,))],
        "4 chips: splits 0/3 12/15 32/35, straight 26 (seed L425)",
    ),
}
KIND_WORDS = {"straight": "straight", "split": "split", "trio-0-2-3": "trio", "corner": "corner"}
NUMBER_WORDS = {1: "", 2: "two-", 3: "three-"}


def placement(kind: str, numbers: tuple[int, ...]) -> str:
    if kind == "trio-0-2-3":
        return "trio 0-2-3"
    sep = "/" if kind == "split" else "-"
    return f"{kind} {sep.join(map(str, numbers))}"


def winning_chips(bet_id: str, number: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The chips of a call bet that win when the ball lands on ``number``."""
    return tuple(chip for chip in CALL_BETS[bet_id][1] if number in chip[1])


def call_outcome_key(chips) -> str:
    """``miss``; or the kind of the winning chips (``split``, ``trio``...), ``two-splits`` when two
    different placements of one kind win."""
    if not chips:
        return "miss"
    kinds = Counter(kind for kind, _ in set(chips))
    return "-".join(f"{NUMBER_WORDS[n]}{KIND_WORDS[k]}{'s' if n > 1 else ''}" for k, n in sorted(kinds.items()))


def call_groups(bet_id: str) -> dict[str, list[int]]:
    """Outcome key -> the numbers that give it, in the order of the layout, ``miss`` last."""
    groups: dict[str, list[int]] = {}
    for n in sorted(POCKETS, key=lambda n: (not winning_chips(bet_id, n), n)):
        groups.setdefault(call_outcome_key(winning_chips(bet_id, n)), []).append(n)
    return groups


def chips_text(bet_id: str, numbers: list[int]) -> str:
    """The winning chips of a group of numbers, e.g. ``2 chips on trio 0-2-3`` or ``1 chip on its
    split`` (the numbers win on different splits)."""
    layouts = {winning_chips(bet_id, n) for n in numbers}
    parts = []
    for (kind, nums), c in Counter(winning_chips(bet_id, numbers[0])).items():
        where = placement(kind, nums) if len(layouts) == 1 else f"its {kind}"
        parts.append(f"{c} chip{'s' if c > 1 else ''} on {where}")
    return ", ".join(parts)


def _call_rule(bet_id: str) -> BetRule:
    name, chips, description = CALL_BETS[bet_id]
    outcomes = []
    for key, numbers in call_groups(bet_id).items():
        if key == "miss":
            outcomes.append(Outcome(key, "Any other number"))
            continue
        won = winning_chips(bet_id, numbers[0])
        what = chips_text(bet_id, numbers)
        outcomes.append(Outcome(key, f"{', '.join(map(str, numbers))} ({what} win{'s' if len(won) == 1 else ''})"))
    return BetRule(
        bet_id, f"{name} ({len(chips)} chips)", tuple(outcomes), None, description + "; pays per chip wagered"
    )


class ChosenNumbers:
    """Bets on numbers a player chooses (a mixin of a wheel's :class:`odds.games.base.Game`): the
    paytable prices one member (``straight`` on 17); ``odds settle --bet straight:5`` settles the
    same bet with its chip on 5 (:func:`chosen_rule`)."""

    id: str
    deal: Any  # the game's RollDeal (Game.deal is any deal)
    wheel: Wheel
    zeros: tuple[int, ...] = (0,)

    def chosen_bet(self, paytable, bet_id: str, choice: str):
        """``bet_id``'s pays and rule with its chip on ``choice`` (:func:`chosen_rule`)."""
        from ..bets.settling import settle_roll
        from ..dealt import RoundError
        from ..errors import UnknownName

        if bet_id not in paytable.bets:
            raise UnknownName(f"{self.id} bet", bet_id, paytable.bets)
        rule = paytable.rule(bet_id)
        if spans_two_spins(rule):
            raise RoundError(f"{bet_id} reads the next spin: it takes no chosen number ({bet_id}:{choice})")
        first = rule.outcomes[0].key
        covered = (
            []
            if rule.conditions is None
            else [n for n in range(self.deal.rows) if settle_roll(self.deal, self.id, [rule], n)[bet_id] == first]
        )
        chosen = chosen_rule(self.wheel, self.zeros, paytable, bet_id, choice, covered)
        return replace(paytable.bet(bet_id), bet_id=chosen.id, rule=chosen)


class WheelRounds:
    """What a single- or double-zero wheel reads from one round and lists for the settlement
    vectors (a mixin of :class:`odds.games.base.Game`; the game has a :class:`Wheel` and
    ``settle_spin``): the number, and the next spin's for bets that read it (en prison)."""

    id: str
    deal: Any  # the game's RollDeal (Game.deal is any deal)
    wheel: Wheel
    settle_spin: Callable[..., dict[str, str]]

    def read_round(self, text_or_list, paytable):
        """One number, or (for bets that read the next spin) the number and the next spin's, each
        read by the wheel, which knows its pockets (American: 0-36 or ``00``)."""
        from ..dealt import Hand, ReadRound, RoundError, Unsettled, round_items

        items = round_items(text_or_list, "a spin is one number")
        if len(items) > 2:
            raise RoundError(
                f"{self.id}: a spin is one number, e.g. 17 (and the next spin's, for en prison); got {len(items)}"
            )
        numbers = [self.wheel.read_pocket(item) for item in items]
        two = any(spans_two_spins(paytable.rule(b)) for b in paytable.bets)
        if not 1 <= len(numbers) <= (2 if two else 1):
            if two:
                raise RoundError(
                    f"{self.id}: a round is the spin and, for the bets that read it, the next spin "
                    f"(e.g. 17 or 0,17); got {len(numbers)} numbers"
                )
            raise RoundError(f"{self.id}: a spin is one number ({self.wheel.zeros_text}), e.g. 17; got {len(numbers)}")
        keys = self.settle_spin(numbers[0], paytable, *numbers[1:])
        hands = tuple(
            Hand(
                "wheel" if i == 0 else "next spin",
                (self.wheel.pocket_label(x),),
                None,
                details={
                    "number": self.wheel.pocket_label(x),
                    "colour": "green" if not 1 <= x <= 36 else "red" if x in RED else "black",
                },
            )
            for i, x in enumerate(numbers)
        )
        unsettled = None
        if len(keys) < len(paytable.bets):
            unsettled = Unsettled(
                "the next spin", "the round gives one number", "give two numbers, this spin's and the next (e.g. 0,17)"
            )
        return ReadRound(tuple(self.wheel.pocket_label(x) for x in numbers), hands, keys, None, unsettled)

    def vector_rounds(self, paytable, rng, default: bool):
        """Every pocket once (a wheel has only 37 or 38 rounds, all of them vectors); with a bet
        that reads the next spin (en prison), each pocket followed by a random next spin, then
        every pair of spins, searched for the outcomes."""
        from ..dealt import VectorRounds

        pockets = list(range(self.deal.rows))
        if not any(spans_two_spins(paytable.rule(b)) for b in paytable.bets):
            pool = [[n] for n in pockets]
        else:
            pairs = [[n, m] for n in pockets for m in pockets]
            rng.shuffle(pairs)
            pool = [[n, rng.choice(pockets)] for n in pockets] + pairs
        return VectorRounds(
            lambda batch: [self.settle_spin(spin[0], paytable, *spin[1:]) for spin in batch],
            lambda spin: ",".join(str(self.wheel.pocket_label(n)) for n in spin),
            batches=[pool],
            kept=lambda spin: len(spin) == 1,
        )


class RouletteGame(WheelRounds, ChosenNumbers, Game):
    """Single-zero roulette: the simple bets (written as conditions in the paytable) and the call
    bets (chip layouts, defined here), each settled on every pocket."""

    wheel = SINGLE_ZERO_WHEEL

    def __init__(self):
        rules = [_call_rule(b) for b in CALL_BETS]
        super().__init__(
            "roulette",
            "European Roulette",
            COUNTING,
            {r.id: r for r in rules},
            deal=DEAL,
            uses_shoe=False,
            min_cards=0,
            overlay_support=partial(overlay_support, SINGLE_ZERO_WHEEL),
            notes=(
                "Straight, split, street, corner, line, column and dozen are one sheet each "
                "(every member covers as many numbers at the same pay); trios, the four and the "
                "even-money bets each have their own. Call bets pay per chip wagered, so their "
                "house edge is the edge per chip; each shows what the whole call returns and "
                "nets, in chips, per winning number.",
            ),
        )

    def count_code(self, shoe, bet_ids: Sequence[str], paytable) -> dict[str, OutcomeCounts]:
        """Call bets: pockets per outcome (each of the 37 settled by its chips); their pays are
        checked against the layout at the paytable's own pays."""
        out = {}
        for bet_id in bet_ids:
            tally = dict.fromkeys(self.code_bets[bet_id].outcome_keys, 0)
            for number in POCKETS:
                tally[call_outcome_key(winning_chips(bet_id, number))] += 1
            out[bet_id] = OutcomeCounts(tally, len(POCKETS))
            check_call_pays(bet_id, paytable)
        return out

    def deal_of(self, rule):
        """One-spin bets over the 37 pockets; bets that read the next spin (en prison) over the
        37 x 37 ordered pairs of spins."""
        return TWO_SPINS if spans_two_spins(rule) else self.deal

    def draw_random(self, rng, paytable, rounds: int) -> list:
        """``(number, next number)`` a round; the second spin is drawn only when a bet of the
        paytable reads it (else None)."""
        spin = rng.randrange
        if _split(paytable or self.paytable())[2]:
            return [(spin(37), spin(37)) for _ in range(rounds)]
        return [(spin(37), None) for _ in range(rounds)]

    def settle_drawn(self, drawn, paytable=None) -> dict[str, str]:
        return self.settle_spin(drawn[0], paytable, next_number=drawn[1])

    def settle_spin(self, number: int, paytable=None, next_number: int | None = None) -> dict[str, str]:
        """Every bet's outcome key when the ball lands on ``number``; bets that read the next spin
        (en prison) need ``next_number``, the spin after it, and are left out without it. (Each
        spin's settlement is worked out once per paytable: a run of thousands of spins repeats
        37 of them.)"""
        from ..bets.settling import kept

        paytable = paytable or self.paytable()
        settled = kept(paytable, _spin_memo)
        key = (number, next_number)
        if key not in settled:
            settled[key] = self._settle_spin(number, paytable, next_number)
        return dict(settled[key])

    def _settle_spin(self, number: int, paytable, next_number: int | None) -> dict[str, str]:
        from ..bets.settling import settle_roll

        rules, one, two = _split(paytable)
        out = settle_roll(self.deal, self.id, one, POCKETS.index(number))
        if two and next_number is not None:
            row = POCKETS.index(number) * len(POCKETS) + POCKETS.index(next_number)
            out.update(settle_roll(TWO_SPINS, self.id, two, row))
        out.update({r.id: call_outcome_key(winning_chips(r.id, number)) for r in rules if r.conditions is None})
        return {r.id: out[r.id] for r in rules if r.id in out}

    def extra_figures(self, bet_id: str, paytable, counts, fee) -> dict:
        """A call bet's chips, as data (the text sheet words them: :mod:`odds.render.sheet`):
        ``chips_wagered``; ``by_outcome``, per outcome the numbers that give it, the winning chips
        (``kind``, the ``numbers`` of the placement when every number shares it, ``chips``,
        ``pays``) and what the call returns and nets (as seed 003's tables show them);
        ``edge_per_chip``, ``edge_per_call_chips``; and ``per_number``."""
        if bet_id not in CALL_BETS:
            return {}
        chips = len(CALL_BETS[bet_id][1])
        pays = component_pays(paytable)
        by_outcome = []
        for key, numbers in call_groups(bet_id).items():
            layouts = {winning_chips(bet_id, n) for n in numbers}
            won = [
                {"kind": kind, "numbers": list(nums) if len(layouts) == 1 else None, "chips": c, "pays": pays[kind]}
                for (kind, nums), c in Counter(winning_chips(bet_id, numbers[0])).items()
            ]
            returned = chip_return(bet_id, numbers[0], pays)
            by_outcome.append(
                {
                    "outcome": key,
                    "numbers": list(numbers),
                    "winning_chips": won,
                    "chips_returned": returned,
                    "net_chips": returned - chips,
                }
            )
        edge = -expected_value(paytable.bet(bet_id).pays, counts.counts, counts.total)
        return {
            "chips_wagered": chips,
            "by_outcome": by_outcome,
            "edge_per_chip": edge,
            "edge_per_call_chips": edge * chips,
            "per_number": [
                {
                    "number": n,
                    "chips_wagered": chips,
                    "chips_returned": chip_return(bet_id, n, pays),
                    "net_chips": chip_return(bet_id, n, pays) - chips,
                }
                for n in POCKETS
            ],
        }


def component_pays(paytable) -> dict[str, Fraction]:
    """What each simple bet a call bet's chips sit on pays ("to 1"), read from the paytable."""
    return {kind: paytable.bet(kind).pays["win"] for kind in KIND_WORDS}


def chip_return(bet_id: str, number: int, pays: dict[str, Fraction]) -> Fraction:
    """Chips returned by the whole call when ``number`` wins: each winning chip returns pay + 1."""
    return sum((pays[kind] + 1 for kind, _ in winning_chips(bet_id, number)), Fraction(0))


def layout_pays(bet_id: str, pays: dict[str, Fraction]) -> dict[str, Fraction]:
    """The call bet's pay per chip wagered on each outcome, from its layout and the simple pays."""
    chips = len(CALL_BETS[bet_id][1])
    return {
        key: Fraction(chip_return(bet_id, numbers[0], pays) - chips, chips)
        for key, numbers in call_groups(bet_id).items()
    }


def check_call_pays(bet_id: str, paytable) -> None:
    """Refuse a paytable whose call-bet pays disagree with the chip layout at its own pays."""
    expected = layout_pays(bet_id, component_pays(paytable))
    for key, pay in paytable.bet(bet_id).pays.items():
        if pay != expected[key]:
            raise PaytableError(
                f"{paytable.source}: bets.{bet_id}.pays.{key} is {exact_text(pay)}, but the chip layout "
                f"({CALL_BETS[bet_id][2]}) at this paytable's own pays gives {exact_text(expected[key])} per chip"
            )


ROULETTE = RouletteGame()


AMERICAN_FEATURES = wheel_features((0, DOUBLE_ZERO))
AMERICAN_DEAL = _american_deal()


class OneSpin:
    """Wheels whose bets read one spin (double and triple zero): a round is a pocket, drawn and
    settled here (the single-zero wheel also draws the next spin for en prison)."""

    id: str
    deal: Any  # the game's RollDeal
    wheel: Wheel
    paytable: Callable[..., Any]

    def draw_random(self, rng, paytable, rounds: int) -> list:
        pockets = len(self.wheel.labels)
        return [rng.randrange(pockets) for _ in range(rounds)]

    def settle_drawn(self, drawn, paytable=None) -> dict[str, str]:
        return self.settle_spin(drawn, paytable)

    def settle_spin(self, number, paytable=None) -> dict[str, str]:
        """Every bet's outcome key when the ball lands on ``number``: a pocket's number (00 is 37,
        000 is 38) or its name (``"00"``)."""
        from ..bets.settling import settle_roll

        (pocket,) = self.wheel.read([number])
        rules = _split(paytable or self.paytable())[0]
        return settle_roll(self.deal, self.id, rules, pocket)


class AmericanRouletteGame(OneSpin, WheelRounds, ChosenNumbers, Game):
    """Double-zero roulette: every bet written as conditions in the paytable, settled on each of
    the 38 pockets (0, 00 = number 37, 1-36)."""

    wheel = DOUBLE_ZERO_WHEEL
    zeros = (0, DOUBLE_ZERO)

    def __init__(self):
        super().__init__(
            "american-roulette",
            "American Roulette",
            AMERICAN_COUNTING,
            deal=AMERICAN_DEAL,
            uses_shoe=False,
            min_cards=0,
            overlay_support=partial(overlay_support, DOUBLE_ZERO_WHEEL),
            notes=(
                "The wheel holds 0, 00 and 1-36: every bet covering n numbers and paying 36/n - 1 "
                "has house edge 2/38 = 1/19; the five-number top line (0, 00, 1, 2, 3) pays 6 and "
                "has 3/38. Straight, split, street, corner, line, column and dozen are one sheet "
                "each (every member covers as many numbers at the same pay). 00 is number 37 in "
                "the bets' conditions.",
            ),
        )


AMERICAN_ROULETTE = AmericanRouletteGame()


# -- the triple-zero wheel ------------------------------------------------------------------------


TRIPLE_ZERO_WHEEL = Wheel("triple-zero wheel", AMERICAN_POCKET_NAMES + ("000",))


def _triple_zero_deal():
    from ..exact.deals import RollDeal

    def features(names):
        return spin_features(names, TRIPLE_ZERO_POCKETS)

    return RollDeal("triple-zero-roulette", ("triple-zero-roulette",), len(TRIPLE_ZERO_POCKETS), features)


TRIPLE_ZERO_FEATURES = wheel_features((0, DOUBLE_ZERO, TRIPLE_ZERO))
TRIPLE_ZERO_DEAL = _triple_zero_deal()


class TripleZeroRouletteGame(OneSpin, ChosenNumbers, Game):
    """Triple-zero roulette: every bet written as conditions in the paytable, settled on each of
    the 39 pockets (0, 00 = number 37, 000 = number 38, 1-36)."""

    wheel = TRIPLE_ZERO_WHEEL
    zeros = (0, DOUBLE_ZERO, TRIPLE_ZERO)

    def __init__(self):
        super().__init__(
            "triple-zero-roulette",
            "Triple-Zero Roulette",
            TRIPLE_ZERO_COUNTING,
            deal=TRIPLE_ZERO_DEAL,
            uses_shoe=False,
            min_cards=0,
            overlay_support=partial(overlay_support, TRIPLE_ZERO_WHEEL),
            notes=(
                "The wheel holds 0, 00, 000 and 1-36, and pays as the single-zero wheel does: every "
                "bet covering n numbers and paying 36/n - 1 has house edge 3/39 = 1/13 (7.69%). "
                "Straight, split, street, corner, line, column and dozen are one sheet each (every "
                "member covers as many numbers at the same pay). 00 is number 37 and 000 number 38 "
                "in the bets' conditions.",
            ),
        )

    def read_round(self, text_or_list, paytable):
        """One spin from its text (``17``, ``00``, ``000``), settled."""
        from ..dealt import Hand, ReadRound, RoundError

        numbers = self.wheel.read(text_or_list)
        if len(numbers) != 1:
            raise RoundError(f"{self.id}: a spin is one pocket, 0-36, 00 or 000 (e.g. 17); got {len(numbers)}")
        n = numbers[0]
        colour = "green" if n in (0, DOUBLE_ZERO, TRIPLE_ZERO) else "red" if n in RED else "black"
        label = self.wheel.label(n)
        hands = (Hand("wheel", (label,), None, details={"number": label, "colour": colour}),)
        return ReadRound((label,), hands, self.settle_spin(n, paytable))

    def vector_rounds(self, paytable, rng, default: bool):
        """Every pocket is a settlement vector (39 rounds)."""
        from ..dealt import VectorRounds

        return VectorRounds(
            lambda batch: [self.settle_spin(self.wheel.read(spin)[0], paytable) for spin in batch],
            ",".join,
            always=lambda: [[self.wheel.label(n)] for n in TRIPLE_ZERO_POCKETS],
            always_name="round",
        )


TRIPLE_ZERO_ROULETTE = TripleZeroRouletteGame()
