"""The tallies of a counting run: what a run of shoes adds up, bet by bet, exactly (the spec it
was dealt under, fixed-point sums of the expectations, counts of rounds and bets, the true-count
bins). Kept apart from the counting itself (:mod:`.count`) so that what reads and writes them -
merging parts on workers, checkpoints (:mod:`.checkpoint`) - needs nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..lazy import numpy as np
from .dealer import DealRules

FIX_BITS = 32
FIX = 1 << FIX_BITS
"""Fixed-point unit of the sums: an expectation ``e`` counts as ``round(e * FIX)``."""

TC_STEP = Fraction(1, 10)
"""True counts are binned in steps of 0.1, however far they go (no end bins: a high ``--level``
or a deep shoe reaches true counts of hundreds, and each keeps its own bin)."""

DEFAULT_LEVEL = 3

TRUE_COUNTS = ("unseen", "in-shoe")
"""How the running count becomes a true count (``--true-count``):

* ``unseen``: per 52 unseen cards (the cards not yet exposed, face-down burns included), less
  what the exposed cards count on average (zero for a balanced count);
* ``in-shoe``: the plain running count per 52 cards still in the shoe (face-down burns are in
  the discard tray, as a player reckons decks remaining in blackjack); no correction for an
  unbalanced count."""


@dataclass(frozen=True)
class CountSpec:
    """Everything a worker needs to deal and evaluate a range of shoes (picklable)."""

    game_id: str
    paytable: object
    bet_ids: tuple[str, ...]
    full: tuple[int, ...]
    """52 card counts of the full shoe."""
    seed: int
    rules: DealRules
    windows: tuple[int | None, ...]
    """Per bet: rounds it is offered in (None: the whole shoe)."""
    tags52: tuple[tuple[int, ...] | None, ...]
    """Per bet: its count's tag for each of the 52 card kinds (None: every tag zero, no count)."""
    keep_values: bool = False
    """Tally by round of the shoe too (for the chart: :attr:`BetTally.by_round`)."""
    triggers: tuple[int | None, ...] = ()
    """Per bet: bet when the true count's bin (steps of ``TC_STEP``) is at least this; None (or
    missing): the best trigger of the run, chosen after it."""
    true_count: str = "unseen"
    """How the true count is taken (:data:`TRUE_COUNTS`)."""
    info: tuple[dict, ...] = ()
    """Per bet, what the report shows beside the tallies (name, off-the-top edge and variance,
    the tags as given, their source and betting correlation); not needed by the workers."""
    replay: tuple[bytes, ...] | None = None
    """Recorded shoes (``--replay``): shoe ``i`` is dealt in the order of ``replay[i]`` (a card kind
    0..51 a byte) instead of being shuffled."""
    ramp: tuple[tuple[Fraction, Fraction], ...] | None = None
    """A bet spread by true count (``--ramp``: ``((true count, units), ...)``): each shoe's sums
    at it are kept (:class:`RampMoments`) for the ramp figures' standard errors."""

    def trigger_bin(self, index: int) -> int | None:
        return self.triggers[index] if index < len(self.triggers) else None


@dataclass
class BetTally:
    """Integer sums for one bet over a set of shoes (see the module docstring for units)."""

    rounds: int = 0
    rounds_in_window: int = 0
    positive: int = 0
    positive_in_window: int = 0
    ev_sum: int = 0
    perfect: int = 0
    perfect_in_window: int = 0
    perfect_sq: int = 0
    """Sum over shoes of (that shoe's perfect-information units)**2, in FIX**2 units."""
    tc_ev: dict = field(default_factory=dict)
    tc_ev_in_window: dict = field(default_factory=dict)
    """True-count bin (see :func:`true_count_bins`) -> sum of the expectations there (sparse)."""
    tc_rounds: dict = field(default_factory=dict)
    tc_rounds_in_window: dict = field(default_factory=dict)
    """True-count bin -> rounds dealt there (sparse)."""
    study: Moments = field(default_factory=lambda: Moments())
    study_in_window: Moments = field(default_factory=lambda: Moments())
    """Per-shoe sums at a given trigger (none when the trigger is the run's best): for the
    standard errors."""
    ramp: RampMoments = field(default_factory=lambda: RampMoments())
    """Per-shoe sums at the spec's ramp (none without one): for the ramp's standard errors."""
    by_round: list = field(default_factory=list)
    """With ``keep_values`` (the chart): per round index ``[rounds, sum of expectations, rounds
    bet, sum of the expectations bet]`` (at a given trigger; else the bets are left at 0)."""

    def add_rounds(self, positive: np.ndarray, in_window: np.ndarray) -> None:
        """Count rounds (``positive``: whether each one's expectation is above zero)."""
        self.rounds += len(positive)
        self.rounds_in_window += int(in_window.sum())
        self.positive += int(positive.sum())
        self.positive_in_window += int((positive & in_window).sum())

    def add(self, other: BetTally) -> None:
        for name in (
            "rounds",
            "rounds_in_window",
            "positive",
            "positive_in_window",
            "ev_sum",
            "perfect",
            "perfect_in_window",
            "perfect_sq",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        add_bins(self.tc_ev, other.tc_ev)
        add_bins(self.tc_ev_in_window, other.tc_ev_in_window)
        add_bins(self.tc_rounds, other.tc_rounds)
        add_bins(self.tc_rounds_in_window, other.tc_rounds_in_window)
        self.study.add(other.study)
        self.study_in_window.add(other.study_in_window)
        self.ramp.add(other.ramp)
        for i, row in enumerate(other.by_round):
            if i == len(self.by_round):
                self.by_round.append([0, 0, 0, 0])
            self.by_round[i] = [a + b for a, b in zip(self.by_round[i], row)]


@dataclass
class Moments:
    """Sums over shoes of a shoe's rounds ``r``, rounds bet ``b`` and units won ``w`` (the sum of
    the expectations bet, FIX units), and of their squares and products: what the standard
    errors of ratios across shoes need (Python integers: exact, order-free)."""

    r: int = 0
    b: int = 0
    w: int = 0
    rr: int = 0
    bb: int = 0
    ww: int = 0
    rb: int = 0
    rw: int = 0
    bw: int = 0

    def add_shoe(self, r: int, b: int, w: int) -> None:
        self.r += r
        self.b += b
        self.w += w
        self.rr += r * r
        self.bb += b * b
        self.ww += w * w
        self.rb += r * b
        self.rw += r * w
        self.bw += b * w

    def add(self, other: Moments) -> None:
        for name in ("r", "b", "w", "rr", "bb", "ww", "rb", "rw", "bw"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


RAMP_SUMS = ("r", "w", "s", "q")
RAMP_MOMENTS = RAMP_SUMS + tuple(a + b for i, a in enumerate(RAMP_SUMS) for b in RAMP_SUMS[i:])
"""The fields of :class:`RampMoments`: the four sums, then every product of two of them."""


@dataclass
class RampMoments:
    """Sums over shoes of a shoe's rounds ``r``, units won ``w`` (the sum of units x expectation
    over its rounds, in FIX x ``scale`` units), units staked ``s`` and squared units ``q`` (in
    ``scale`` and ``scale**2`` units; ``scale`` makes a ramp's units whole: :func:`ramp_scale`),
    and of every product of two of them: what the ramp figures' standard errors need (Python
    integers: exact, order-free)."""

    r: int = 0
    w: int = 0
    s: int = 0
    q: int = 0
    rr: int = 0
    rw: int = 0
    rs: int = 0
    rq: int = 0
    ww: int = 0
    ws: int = 0
    wq: int = 0
    ss: int = 0
    sq: int = 0
    qq: int = 0

    def add_shoe(self, r: int, w: int, s: int, q: int) -> None:
        shoe = {"r": r, "w": w, "s": s, "q": q}
        for name in RAMP_MOMENTS:
            value = shoe[name] if len(name) == 1 else shoe[name[0]] * shoe[name[1]]
            setattr(self, name, getattr(self, name) + value)

    def add(self, other: RampMoments) -> None:
        for name in RAMP_MOMENTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))


def ramp_scale(ramp) -> int:
    """The smallest whole number that makes every unit of a ramp whole (the lcm of their
    denominators).

    >>> ramp_scale(((Fraction(2), Fraction(1, 2)), (Fraction(4), Fraction(3, 4))))
    4
    """
    import math

    return math.lcm(*(Fraction(units).denominator for _, units in ramp)) if ramp else 1


@dataclass
class Tally:
    """The sums of a range of shoes for every bet."""

    shoes: int
    bets: dict[str, BetTally]

    def add(self, other: Tally) -> None:
        self.shoes += other.shoes
        for bet, tally in other.bets.items():
            self.bets[bet].add(tally)

    def __sizeof__(self) -> int:
        """About the bytes this tally holds, its sparse bins most of it (about 100 bytes a bin):
        what Dask's memory accounting of a chunk's result reads (``sys.getsizeof``), which would
        otherwise see a few hundred bytes for a tally of a megabyte or more."""
        return 1000 + sum(
            2000
            + 100 * sum(len(b) for b in (t.tc_ev, t.tc_ev_in_window, t.tc_rounds, t.tc_rounds_in_window))
            + 200 * len(t.by_round)
            for t in self.bets.values()
        )


def empty_tally(bet_ids: Sequence[str]) -> Tally:
    return Tally(0, {b: BetTally() for b in bet_ids})


def add_bins(total: dict[int, int], more: dict[int, int]) -> None:
    """Add one sparse tally of true-count bins into another."""
    for b, v in more.items():
        total[b] = total.get(b, 0) + v
