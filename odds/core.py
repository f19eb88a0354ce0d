"""The types every layer shares: a bet's outcomes, its rule, exact outcome counts, and the
expected value every figure derives from.

They sit at the bottom of the package and import nothing of ``odds``: the exact layer counts
bets described by them, games declare bets with them, sheets and studies read them.

>>> rule = BetRule("tie", "Tie", outcomes(("tie", "Tie"), ("no-tie", "Banker or Player wins")))
>>> rule.outcome_keys, rule.label("tie")
(('tie', 'no-tie'), 'Tie')
>>> counts = OutcomeCounts({"tie": 1, "no-tie": 9}, 10)
>>> expected_value({"tie": Fraction(8), "no-tie": Fraction(-1)}, counts.counts, counts.total)
Fraction(-1, 10)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Outcome:
    """One mutually exclusive outcome of a bet: a key the paytable prices, and a label."""

    key: str
    label: str


def outcomes(*pairs: tuple[str, str]) -> tuple[Outcome, ...]:
    """Outcomes from ``(key, label)`` pairs, in the order given."""
    return tuple(Outcome(key, label) for key, label in pairs)


@dataclass(frozen=True)
class BetRule:
    """A bet as the rules define it: its outcomes partition every round.

    ``resolution`` is the coarsest view of the cards the bet needs (``value``, ``rank`` or
    ``card``; ``None`` for dice and wheels). A bet written in a paytable file has ``conditions``:
    per outcome, its checked ``when`` (:mod:`odds.bets.condition`; None for the last), and is
    counted from them (:mod:`odds.exact.plan`). A bet the game defines in code
    (call bets' chip layouts, player-dealer baccarat's choices) has none.
    """

    id: str
    name: str
    outcomes: tuple[Outcome, ...]
    resolution: str | None = "value"
    description: str = ""
    conditions: tuple | None = None
    source: str = ""
    """Where the bet's published figures come from (catalogue bets)."""

    @property
    def outcome_keys(self) -> tuple[str, ...]:
        return tuple(o.key for o in self.outcomes)

    def label(self, key: str) -> str:
        for o in self.outcomes:
            if o.key == key:
                return o.label
        raise KeyError(key)

    def when_texts(self) -> dict[str, str | None]:
        """Each outcome's ``when`` as the paytable file writes it (None: the last outcome, which
        takes every other round); empty for a bet the game defines in code."""
        if self.conditions is None:
            return {}
        return {o.key: (c.text if c is not None else None) for o, c in zip(self.outcomes, self.conditions)}


@dataclass(frozen=True)
class OutcomeCounts:
    """Exact counts of a bet's outcomes out of ``total`` equally likely deals."""

    counts: Mapping[str, int]
    total: int

    def __post_init__(self):
        if sum(self.counts.values()) != self.total:
            raise AssertionError("outcome counts do not add up to the total")


@dataclass(frozen=True)
class Row:
    """One outcome row of a bet's sheet: its key, what it is, what it pays and in how many deals."""

    key: str
    outcome: str
    pays: Fraction
    combinations: int


def expected_value(pays, counts, total: int) -> Fraction:
    """A bet's exact expected value per unit: ``sum_o pays[o] * counts[o] / total``.

    The one formula every figure derives from; :class:`BetSheet` and the batch, depletion and
    game modules all call it.

    >>> expected_value({"win": Fraction(1), "lose": Fraction(-1)}, {"win": 18, "lose": 19}, 37)
    Fraction(-1, 37)
    """
    return sum((Fraction(pays[key] * n) for key, n in counts.items()), Fraction(0)) / total


def ratio_text(numerator: int, denominator: int) -> str:
    """A reduced fraction as every output writes it: ``"1523/144000"``, ``"-1"`` (no ``/1``).

    >>> ratio_text(19, 20), ratio_text(-1, 1)
    ('19/20', '-1')
    """
    return whole_text(numerator) if denominator == 1 else f"{whole_text(numerator)}/{whole_text(denominator)}"


def exact_text(x) -> str:
    """An exact number as JSON and CSV carry it: a Fraction by :func:`ratio_text`, an integer as
    it is.

    >>> exact_text(Fraction(1523, 144000)), exact_text(Fraction(-2)), exact_text(2292252566437888)
    ('1523/144000', '-2', '2292252566437888')
    """
    if isinstance(x, Fraction):
        return ratio_text(x.numerator, x.denominator)
    return whole_text(x) if isinstance(x, int) and not isinstance(x, bool) else str(x)


def whole_text(n: int) -> str:
    """The decimal digits of an integer of any size. Python refuses ``str()`` of an integer of
    more than 4,300 digits (``sys.set_int_max_str_digits``, which would change it for the whole
    process): such a figure is printed in halves instead. The limits on pays
    (:data:`odds.limits.MAX_PAY_DIGITS`) keep every figure far below; this is the last guard.

    >>> whole_text(-1234), whole_text(10**5000) == "1" + "0" * 5000
    ('-1234', True)
    """
    if n < 0:
        return "-" + whole_text(-n)
    if n.bit_length() < 10_000:  # about 3,000 digits: str() takes it
        return str(n)
    half = int(n.bit_length() * 0.30103) // 2
    high, low = divmod(n, 10**half)
    return whole_text(high) + whole_text(low).rjust(half, "0")
