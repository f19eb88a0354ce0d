"""What a multiplier overlay does to a bet, exactly: from counts of rounds by (outcome, pattern) to
the hit table of every prize and multiplier, and every figure of the sheet.

The reduction. The multipliers are drawn before the deal and independently of it, and every set
of ``k`` targets is as likely as any other. So given a round, what the overlay pays depends only on
how the items the bet reads repeat: the *pattern* of the round, the multiplicities ``a_1 .. a_j``
of the ``j`` distinct targets among the items read (the winning hand 7h 7h 2c reads card
identities with pattern (2, 1)). With ``n`` targets, ``K`` of them drawn (weights ``w_k``) and
multipliers ``M`` drawn independently (weights ``v_m``), a given set ``T`` of ``t`` of the ``j``
targets is exactly the part drawn with probability

    q_t = sum over k of w_k C(n - j, k - t) / C(n, k)

and then the product is ``prod over i in T of M_i ** a_i``. Summing over the sets ``T`` gives the
distribution of the product for the pattern (:func:`product_distribution`), and

    figure = sum over outcomes o and patterns a of count(o, a) / total x f(o, product | a)

So the only thing a game's deal must give is ``count(o, a)``: how many rounds end in outcome ``o``
with pattern ``a`` (:mod:`odds.overlay.support`). Everything else is here, for every game alike.
Weights may be :class:`~odds.overlay.poly.Poly` polynomials in unknowns: every figure is then a
polynomial (``odds solve`` fits the unknowns); with numbers they are Fractions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb, lcm

from .model import Overlay

GLI_ODDS = 100_000_000
"""GLI-11: a top award rarer than 1 in this many rounds must have its odds displayed."""


def subset_probabilities(overlay: Overlay, j: int) -> list:
    """``q_t`` for ``t = 0 .. j``: the chance that exactly a given ``t`` of ``j`` distinct targets
    (and none of the other ``j - t``) are among those drawn."""
    n = overlay.universe
    out = []
    for t in range(j + 1):
        q = Fraction(0)
        for k, w in overlay.counts:
            if k - t < 0 or k - t > n - j:
                continue
            q = q + w * Fraction(comb(n - j, k - t), comb(n, k))
        out.append(q)
    return out


def read_parts(overlay: Overlay, pattern: tuple) -> list[tuple[int, tuple]]:
    """Per distinct target of a pattern: how often it is read, and the multipliers it draws from.
    A pattern's part is a multiplicity, or ``(multiplicity, target)`` where targets have
    multipliers of their own (``target_values``: :func:`odds.overlay.support.named_pattern`)."""
    return [(a, overlay.values) if isinstance(a, int) else (a[0], overlay.values_for(a[1])) for a in pattern]


def product_distribution(overlay: Overlay, pattern: tuple) -> dict[Fraction, object]:
    """``{product: probability}`` of the multipliers' product over the items read, for a round
    whose items repeat with ``pattern`` (module docstring). Probabilities are Fractions, or
    polynomials when weights are unknown."""
    q = subset_probabilities(overlay, len(pattern))
    parts = read_parts(overlay, pattern)
    out: dict = {}
    for t in range(len(pattern) + 1):
        if not q[t]:
            continue
        for chosen in combinations(range(len(pattern)), t):
            dist = {Fraction(1): Fraction(1)}
            for i in chosen:
                a, values = parts[i]
                step: dict = {}
                for x, p in dist.items():
                    for m, w in values:
                        key = x * m**a
                        step[key] = step.get(key, 0) + p * w
                dist = step
            for x, p in dist.items():
                out[x] = out.get(x, 0) + q[t] * p
    return {x: p for x, p in out.items() if p != 0}


def boosted_net(boost, overlay: Overlay, product: Fraction, plain: Fraction) -> Fraction:
    """The net result per unit staked of a boosted outcome whose items' product is ``product``
    (1: nothing read was drawn) and whose plain pay is ``plain``."""
    if overlay.pay == "replace" and product != 1:
        win = product
    else:
        win = boost.base_for(plain) * product
    if overlay.cap is not None:
        win = min(win, overlay.cap)
    return win + boost.returned - 1


@dataclass(frozen=True)
class Prize:
    """One row of an overlay bet's hit table: an outcome and the product of its multipliers."""

    outcome: str
    product: Fraction | None
    """None: an outcome the overlay does not boost."""
    pays: Fraction
    probability: object
    """A Fraction, or a Poly when weights are unknown."""

    @property
    def key(self) -> str:
        if self.product is None:
            return self.outcome
        return f"{self.outcome}-x{number_key(self.product)}"


def number_key(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}-{x.denominator}"


def prizes(overlay: Overlay, pays: dict, counts: dict, total: int) -> list[Prize]:
    """The hit table: every (outcome, product) with its net pay and probability, from the counts
    of rounds by ``(outcome, pattern)`` (an outcome the overlay does not boost has pattern ())."""
    by_outcome: dict = {}
    for (outcome, pattern), n in counts.items():
        by_outcome.setdefault(outcome, Counter())[pattern] += n
    rows: list[Prize] = []
    for outcome, patterns in by_outcome.items():
        boost = overlay.boost(outcome)
        if boost is None:
            rows.append(Prize(outcome, None, pays[outcome], Fraction(sum(patterns.values()), total)))
            continue
        merged: dict = {}
        for pattern, n in patterns.items():
            for product, p in product_distribution(overlay, pattern).items():
                merged[product] = merged.get(product, 0) + p * Fraction(n, total)
        for product, p in merged.items():
            rows.append(Prize(outcome, product, boosted_net(boost, overlay, product, pays[outcome]), p))
    return rows


def moment(values: tuple, power: int):
    """``E[M ** power]`` of one multiplier drawn from ``values`` (``(multiplier, weight)`` pairs)."""
    return sum((w * m**power for m, w in values), Fraction(0))


def expected_product(overlay: Overlay, pattern: tuple):
    """``E[product]`` for a pattern, by moments: the sum over the subsets T of the targets read of
    ``q_|T|`` times the product over T of ``E[M ** a_i]`` (no distribution needed)."""
    q = subset_probabilities(overlay, len(pattern))
    moments = [moment(values, a) for a, values in read_parts(overlay, pattern)]
    total = Fraction(0)
    for t in range(len(pattern) + 1):
        if not q[t]:
            continue
        for chosen in combinations(range(len(pattern)), t):
            term = q[t]
            for i in chosen:
                term = term * moments[i]
            total = total + term
    return total


def expected_rtp(overlay: Overlay, pays: dict, counts: dict, total: int):
    """The RTP straight from the counts by (outcome, pattern), by moments when nothing caps a win
    (else through the hit table): a polynomial in few terms even with many unknowns."""
    if overlay.cap is not None:
        return expected_return(overlay, prizes(overlay, pays, counts, total))
    ev = Fraction(0)
    for (outcome, pattern), n in counts.items():
        boost = overlay.boost(outcome)
        p = Fraction(n, total)
        if boost is None:
            ev = ev + p * pays[outcome]
            continue
        product = expected_product(overlay, pattern)
        if overlay.pay == "replace":  # the product replaces the base unless nothing read was drawn
            none = subset_probabilities(overlay, len(pattern))[0]
            net = product - none + none * boost.base_for(pays[outcome]) + boost.returned - 1
        else:
            net = boost.base_for(pays[outcome]) * product + boost.returned - 1
        ev = ev + p * net
    return (1 + ev) / (1 + overlay.fee)


def expected_return(overlay: Overlay, table: list[Prize]):
    """RTP: what comes back per unit wagered, the fee included in the wager (Fraction or Poly)."""
    return (1 + sum((r.probability * r.pays for r in table), Fraction(0))) / (1 + overlay.fee)


def sheet_rows(overlay: Overlay, rule, table: list[Prize]):
    """``(rows, total)`` for :class:`odds.sheet.BetSheet`: integer combinations over a common
    total (the rounds times the overlay's draws), one row per prize."""
    from ..core import Row

    scale = lcm(*(Fraction(r.probability).denominator for r in table))
    rows = []
    for r in table:
        label = rule.label(r.outcome)
        if r.product is not None:
            label = f"{label}, no multiplier" if r.product == 1 else f"{label}, x{_number_text(r.product)}"
        rows.append(Row(r.key, label, r.pays, int(r.probability * scale)))
    return rows, scale


def _number_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else str(float(x))


def top_awards(overlay: Overlay, rule, table: list[Prize]) -> list[dict]:
    """Per boosted outcome, its top award (the highest pay it can reach) and the probability of a
    round paying it; flagged where rarer than 1 in 100,000,000 rounds (GLI-11: the odds must then
    be displayed)."""
    out = []
    for boost in overlay.boosted:
        rows = [r for r in table if r.outcome == boost.outcome]
        if not rows:
            continue
        top = max(r.pays for r in rows)
        p = sum((r.probability for r in rows if r.pays == top), Fraction(0))
        out.append(
            {
                "outcome": boost.outcome,
                "label": rule.label(boost.outcome),
                "pays": top,
                "probability": p,
                "one_in": (1 / p) if p else None,
                "display_odds": bool(p) and p < Fraction(1, GLI_ODDS),
            }
        )
    return out
