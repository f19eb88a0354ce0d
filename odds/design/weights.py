"""Solve for unknown multiplier weights: the weights that reproduce the RTPs a supplier publishes.

Suppliers print each multiplier bet's RTP (Prosperity Tree Baccarat: Player 98.9%, Banker 98.7%,
Tie 92.8%, Pair 92.5%) but not the weights of the multipliers. A bet file leaves those weights as
named unknowns; every RTP is then an exact polynomial in them (:mod:`odds.overlay.prices`). A
figure printed to ``d`` places stands for every value that rounds to it: ``98.9%`` is any RTP in
``[98.85%, 98.95%]``. So the published RTPs constrain the unknowns:

    lo_i <= RTP_i(unknowns) <= hi_i        for every bet i,   and 0 <= every weight <= 1.

With one unknown each constraint is a union of intervals, found exactly from the real roots of
``RTP_i - lo_i`` and ``RTP_i - hi_i`` (sympy; the endpoints are algebraic numbers); their
intersection is every weight that reproduces all the figures at once - or it is empty, and no
weight can. With several unknowns :func:`fit_weights` states each constraint (factored, in the
overlay's means where it factors that way: Lightning Roulette's straight-up RTP fixes
``E[K] (E[M] - 29)``) and searches for one set of weights meeting them all (a coordinate search,
then one unknown at a time on ever finer grids; the point found is checked exactly), saying so
when it finds none.

sympy is imported here, by ``odds solve --weights`` only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from ..errors import OddsError
from ..overlay.poly import Poly


class WeightsError(OddsError):
    """Nothing to solve, or a target that cannot be read."""


@dataclass(frozen=True)
class Target:
    """A published RTP and the interval it stands for at its printed precision."""

    text: str
    value: Fraction
    low: Fraction
    high: Fraction


def printed_interval(text: str) -> Target:
    """The RTPs a printed figure stands for: every value that rounds to it.

    >>> t = printed_interval("97.10%")
    >>> t.value, t.low, t.high
    (Fraction(971, 1000), Fraction(19419, 20000), Fraction(19421, 20000))
    """
    raw = text.strip()
    percent = raw.endswith("%")
    digits = raw[:-1].strip() if percent else raw
    if not re.fullmatch(r"\d{1,3}(\.\d{1,10})?", digits):
        raise WeightsError(f"a published RTP is a number as printed, e.g. 98.9% or 0.989, not {text!r}")
    places = len(digits.split(".")[1]) if "." in digits else 0
    scale = 100 if percent else 1
    value = Fraction(digits) / scale
    half = Fraction(1, 2 * 10**places) / scale
    return Target(raw, value, value - half, value + half)


@dataclass
class BetFit:
    bet_id: str
    target: Target
    rtp: Poly
    constraint: str = ""
    """The constraint in words: the RTP factored, in the overlay's means where it factors so."""
    feasible: list = field(default_factory=list)
    """One unknown: the intervals ``(low, high)`` of it meeting this bet's figure (sympy numbers)."""


@dataclass
class WeightFit:
    game_id: str
    paytable: str
    shoe: str
    unknowns: tuple[str, ...]
    bets: list[BetFit]
    validity: list[tuple[Poly, str]]
    """Every weight as a polynomial, with where it is: each must lie in [0, 1]."""
    feasible: list = field(default_factory=list)
    """One unknown: the intervals meeting every bet's figure and every weight's range."""
    point: dict | None = None
    """Weights meeting every figure (exact Fractions), if found."""
    rtps_at_point: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def fit_weights(game, paytable, shoe, bet_ids=None, targets: dict | None = None) -> WeightFit:
    """Fit the unknown weights of the paytable's multiplier bets (or ``bet_ids``) to their
    published RTPs (``targets``: bet id -> printed RTP text, overriding the file's)."""
    from ..overlay.prices import expected_rtp
    from ..overlay.sheet import pattern_counts

    targets = dict(targets or {})
    unknown = [b for b, p in paytable.bets.items() if p.overlay is not None and not p.overlay.known]
    chosen = list(bet_ids or [b for b in unknown if paytable.bet(b).published_rtp is not None])
    unpublished = [b for b in unknown if b not in chosen and not bet_ids]
    fits, validity, unknowns = [], [], []
    for bet_id in chosen:
        pays = paytable.bet(bet_id)
        if pays.overlay is None:
            raise WeightsError(f"{bet_id}: not a multiplier bet (it has no [bets.{bet_id}.multipliers])")
        text = targets.get(bet_id, pays.published_rtp)
        if text is None:
            raise WeightsError(
                f"{bet_id}: no published RTP to fit (give one: --rtp 98.9%, or published_rtp in the file)"
            )
        overlay = pays.overlay
        counts, total = pattern_counts(game, paytable, shoe, bet_id)
        rtp = Poly.lift(expected_rtp(overlay, pays.pays, counts, total))
        fits.append(BetFit(bet_id, printed_interval(text), rtp))
        for u in overlay.unknowns:
            if u not in unknowns:
                unknowns.append(u)
        for k, w in overlay.counts:
            validity.append((Poly.lift(w), f"{bet_id}: weight of {k} drawn"))
        for m, w in overlay.values:
            validity.append((Poly.lift(w), f"{bet_id}: weight of x{m}"))
        for names, _, values in overlay.target_groups:
            for m, w in values:
                validity.append((Poly.lift(w), f"{bet_id}: weight of x{m} for {', '.join(names)}"))
    if not fits:
        raise WeightsError(f"{paytable.name}: no multiplier bet with unknown weights to fit")
    fit = WeightFit(
        game.id, paytable.name, str(shoe) if shoe is not None else "no shoe", tuple(unknowns), fits, _unique(validity)
    )
    if unpublished:
        fit.notes.append(f"no published RTP to fit for {', '.join(unpublished)}: left out")
    for b in fits:
        counts, _ = pattern_counts(game, paytable, shoe, b.bet_id)
        read = {part[1] for _, pattern in counts for part in pattern if not isinstance(part, int)}
        b.constraint = describe_constraint(b, paytable.bet(b.bet_id).overlay, read)
    if len(unknowns) == 1:
        _solve_one(fit)
    elif unknowns:
        _search(fit)
    else:
        fit.point = {}
    if fit.point is not None:
        fit.rtps_at_point = {b.bet_id: b.rtp.at(fit.point) for b in fits}
    return fit


def _unique(items):
    seen, out = set(), []
    for poly, where in items:
        if poly.is_constant or poly in seen:
            continue
        seen.add(poly)
        out.append((poly, where))
    return out


# -- one unknown: exact intervals ---------------------------------------------------------------------


def _solve_one(fit: WeightFit) -> None:
    import sympy

    (name,) = fit.unknowns
    x = sympy.Symbol(name, real=True)
    domain = [(sympy.Integer(0), sympy.Integer(1))]
    for poly, _ in fit.validity:
        domain = _intersect(domain, _where(poly.to_sympy({name: x}), 0, 1, x))
    total = domain
    for b in fit.bets:
        own = _intersect(domain, _where(b.rtp.to_sympy({name: x}), b.target.low, b.target.high, x))
        b.feasible = own
        total = _intersect(total, own)
    fit.feasible = total
    if total:
        low, high = total[0]
        fit.point = {name: _rational_inside(low, high)}
    else:
        fit.notes.append(f"no value of {name} reproduces every published figure at its printed precision")


def _rational(x):
    import sympy

    x = Fraction(x)
    return sympy.Rational(x.numerator, x.denominator)


def _key(r, digits: int = 60):
    return r.evalf(digits)


def _less(a, b) -> bool:
    """``a < b`` for exact real numbers (rationals, real roots), by evaluating them to more and
    more digits until they differ (equal after 600 digits: taken as equal)."""
    import sympy

    a, b = sympy.sympify(a), sympy.sympify(b)
    if a == b:
        return False
    for digits in (30, 120, 600):
        da, db = a.evalf(digits), b.evalf(digits)
        if da != db:
            return bool(da < db)
    return False


def _rational_between(a, b):
    """A rational strictly between two exact reals ``a < b``."""
    import sympy

    for digits in (40, 160, 640):
        middle = ((a.evalf(digits) + b.evalf(digits)) / 2).evalf(digits)
        candidate = sympy.Rational(str(middle))
        if _less(a, candidate) and _less(candidate, b):
            return candidate
    raise WeightsError("two ends of an interval are too close to separate")


def _where(expr, low, high, x) -> list:
    """The closed intervals of [0, 1] where ``low <= expr <= high``: between consecutive real
    roots of ``expr - low`` and ``expr - high`` the sign is fixed, so one exact rational test point
    decides each piece; the roots themselves meet an end of the interval exactly."""
    import sympy
    from functools import cmp_to_key

    low, high = _rational(low), _rational(high)
    poly = sympy.Poly(expr, x)
    roots = []
    for edge in (low, high):
        shifted = poly - edge
        if shifted.is_zero or shifted.degree() < 1:
            continue
        roots += [r for r in sympy.real_roots(shifted) if not _less(r, 0) and not _less(1, r)]
    cuts = [sympy.Integer(0), sympy.Integer(1)] + roots
    order = cmp_to_key(lambda a, b: -1 if _less(a, b) else 1 if _less(b, a) else 0)
    cuts = sorted(cuts, key=order)
    distinct = [c for i, c in enumerate(cuts) if i == 0 or _less(cuts[i - 1], c)]

    def inside(v) -> bool:
        return bool(low <= poly.eval(v) <= high)

    pieces = []
    for a, b in zip(distinct, distinct[1:]):
        if inside(_rational_between(a, b)):
            pieces.append([a, b])
    for c in distinct:  # a point where the figure only touches an end of its interval
        on_edge = any(c == r for r in roots) or (c.is_Rational and inside(c))
        if on_edge and not any(not _less(c, p[0]) and not _less(p[1], c) for p in pieces):
            pieces.append([c, c])
    pieces.sort(key=lambda p: order(p[0]))
    merged = []
    for p in pieces:
        if merged and not _less(merged[-1][1], p[0]):
            merged[-1][1] = p[1] if _less(merged[-1][1], p[1]) else merged[-1][1]
        else:
            merged.append(p)
    return [tuple(p) for p in merged]


def _intersect(a: list, b: list) -> list:
    """The intersection of two sorted lists of closed intervals (exact endpoints)."""
    out = []
    for lo1, hi1 in a:
        for lo2, hi2 in b:
            lo = lo2 if _less(lo1, lo2) else lo1
            hi = hi2 if _less(hi2, hi1) else hi1
            if not _less(hi, lo):
                out.append((lo, hi))
    return out


def _rational_inside(low, high) -> Fraction:
    """A simple rational between two sympy numbers (the midpoint, rounded within the interval)."""
    lo, hi = Fraction(str(sympy_float(low))), Fraction(str(sympy_float(high)))
    mid = (lo + hi) / 2
    for digits in range(2, 40):
        candidate = Fraction(round(mid * 10**digits), 10**digits)
        if _exact_within(candidate, low, high):
            return candidate
    return mid


def _exact_within(value: Fraction, low, high) -> bool:
    v = _rational(value)
    return not _less(v, low) and not _less(high, v)


def sympy_float(x, digits: int = 30):
    return x.evalf(digits)


# -- several unknowns: a search -----------------------------------------------------------------------


SEARCH_SEED = 20260601
SAMPLES = 4000
ROUNDS = 40


class _Compiled:
    """A polynomial evaluated in floats at many points at once (the search's; every point it
    proposes is then checked exactly)."""

    def __init__(self, poly: Poly, names):
        import numpy as np

        index = {n: i for i, n in enumerate(names)}
        self.coefs = np.array([float(c) for c in poly.terms.values()])
        self.powers = np.zeros((len(poly.terms), len(names)), dtype=np.int64)
        for t, m in enumerate(poly.terms):
            for name, k in m:
                self.powers[t, index[name]] = k
        self.degree = int(self.powers.max()) if self.powers.size else 0

    def __call__(self, points):
        import numpy as np

        terms = np.ones((len(points), len(self.coefs)))
        for i in range(points.shape[1]):
            if self.powers[:, i].any():
                table = points[:, i : i + 1] ** np.arange(self.degree + 1)[None, :]
                terms *= table[:, self.powers[:, i]]
        return terms @ self.coefs


def _violations(fit: WeightFit, compiled, points, margin: float = 0.0, weight_penalty: float = 1000):
    """Per point: how far every figure is outside its interval (in interval widths, ``margin``
    of a width inside each end) plus how far any weight is outside [0, 1] (heavily)."""
    import numpy as np

    total = np.zeros(len(points))
    for b, f in zip(fit.bets, compiled["bets"]):
        lo, hi = float(b.target.low), float(b.target.high)
        width = hi - lo
        values = f(points)
        total += np.maximum(0, np.maximum(lo + margin * width - values, values - hi + margin * width)) / width
    for f in compiled["weights"]:
        values = f(points)
        total += weight_penalty * np.maximum(0, np.maximum(-values, values - 1))
    return total


def _search(fit: WeightFit) -> None:
    """A seeded random search over [0, 1] for every unknown: many points at once, then the best
    ones refined with ever smaller steps, aiming a little inside every interval; each point that
    meets every figure in floats is rounded to a short fraction and checked exactly."""
    import numpy as np

    names = list(fit.unknowns)
    compiled = {
        "bets": [_Compiled(b.rtp, names) for b in fit.bets],
        "weights": [_Compiled(poly, names) for poly, _ in fit.validity],
    }
    rng = np.random.default_rng(SEARCH_SEED)
    points = rng.random((SAMPLES, len(names)))
    for margin in (0.25, 0.1, 0.0):
        scores = _violations(fit, compiled, points, margin)
        order = np.argsort(scores)
        best = points[order[:12]]
        step = 0.05
        for _ in range(ROUNDS):
            trial = np.clip(np.repeat(best, 30, axis=0) + rng.normal(0, step, (len(best) * 30, len(names))), 0, 1)
            pool = np.concatenate([best, trial])
            scores = _violations(fit, compiled, pool, margin)
            order = np.argsort(scores)
            best = pool[order[:12]]
            step *= 0.85
            if scores[order[0]] == 0:
                break
        for candidate in best:
            point = _exact_point(fit, names, candidate)
            if point is not None:
                fit.point = point
                return
        points = np.concatenate([best, rng.random((SAMPLES // 4, len(names)))])
    for candidate in best[:2]:  # the random steps stall in many thin slabs (a figure per bet): one unknown at a time
        point = _exact_point(fit, names, _coordinate_descent(fit, compiled, candidate))
        if point is not None:
            fit.point = point
            return
    fit.notes.append(
        "the search found no weights meeting every published figure (with several unknowns this is "
        "a search, not a proof that none exist)"
    )


def _coordinate_descent(fit: WeightFit, compiled, start, sweeps: int = 6):
    """From ``start``, each unknown in turn moved to where the figures' violations are least with
    the others held (a grid over [0, 1], then two finer grids about its best), aiming a little
    inside every interval: a figure that depends on one unknown besides the shared ones (Lightning
    Dice: each total's payout weight, given the count's) is then met in one step."""
    import numpy as np

    point = np.array(start, dtype=float)
    before = _violations(fit, compiled, point[None, :], 0.25, weight_penalty=1e12)[0]
    for _ in range(sweeps):
        for i in range(len(point)):
            low, high, size = 0.0, 1.0, 1001
            for _ in range(3):
                grid = np.repeat(point[None, :], size, axis=0)
                grid[:, i] = np.linspace(low, high, size)
                scores = _violations(fit, compiled, grid, 0.25, weight_penalty=1e12)  # weights stay in [0, 1]
                best = grid[int(np.argmin(scores)), i]
                step = (high - low) / (size - 1)
                low, high, size = max(0.0, best - 2 * step), min(1.0, best + 2 * step), 101
            point[i] = best
        after = _violations(fit, compiled, point[None, :], 0.25, weight_penalty=1e12)[0]
        if after == 0 or after >= before:  # met, or a sweep that gains nothing
            break
        before = after
    return point


def _exact_point(fit: WeightFit, names, candidate) -> dict | None:
    """The candidate rounded to short fractions, if it then meets every figure exactly."""
    for digits in (3, 4, 5, 6, 8):
        point = {n: Fraction(round(float(x) * 10**digits), 10**digits) for n, x in zip(names, candidate)}
        if all(b.target.low <= b.rtp.at(point) <= b.target.high for b in fit.bets) and all(
            0 <= poly.at(point) <= 1 for poly, _ in fit.validity
        ):
            return point
    return None


# -- the constraint in words ------------------------------------------------------------------------


def describe_constraint(b: BetFit, overlay, read=frozenset()) -> str:
    """``low <= RTP <= high`` with the RTP as a polynomial; where it is affine in the product of
    the mean count E[K] and a shifted mean multiplier E[M] - c (single-item bets: Lightning
    Roulette's straight up, dice totals), in those words. ``read``: the targets the bet reads, where
    targets have multipliers of their own (``target_values``)."""
    low, high = b.target.low, b.target.high
    ek = Poly.lift(sum((k * w for k, w in overlay.counts), Fraction(0)))
    # the multipliers the bet's item draws from: the overlay's, or the law of the targets it reads
    grouped = {t for _, targets, _ in overlay.target_groups for t in targets}
    laws = [(overlay.values, "")] if overlay.values and (not read or read - grouped) else []
    laws += [
        (values, f" of {', '.join(names)}") for names, targets, values in overlay.target_groups if read & set(targets)
    ]
    for (values, whose), shift in ((law, s) for law in laws for s in _shifts(overlay)) if b.rtp.variables else ():
        em = Poly.lift(sum((m * w for m, w in values), Fraction(0)))
        product = ek * (em - shift)
        moving = next((m for m in product.terms if m), None)
        if moving is None or moving not in b.rtp.terms:
            continue
        ratio = b.rtp.terms[moving] / product.terms[moving]
        constant = b.rtp - product * ratio
        if not constant.is_constant:
            continue
        c = constant.value
        lo, hi = sorted([(low - c) / ratio, (high - c) / ratio])
        return (
            f"RTP = {c} + {ratio} E[K] (E[M] - {shift}), so {b.target.text} "
            f"({float(low):.6g} <= RTP <= {float(high):.6g}) needs "
            f"{float(lo):.7g} <= E[K] (E[M] - {shift}) <= {float(hi):.7g}, where E[K] = {ek.text} "
            f"is the mean number of {overlay.boosts} drawn and E[M] = {em.text} the mean multiplier{whose}"
        )
    return f"{float(low):.6g} <= {_factored(b.rtp)} <= {float(high):.6g}"


def _factored(poly: Poly) -> str:
    """The polynomial, factored by sympy when it has at most three unknowns (factoring more is
    slow and rarely shorter)."""
    if not poly.variables or len(poly.variables) > 3:
        return poly.text
    import sympy

    return str(sympy.factor(poly.to_sympy({u: sympy.Symbol(u) for u in poly.variables})))


def _shifts(overlay):
    """The base pays a single-item bet's multiplier is compared with (replace: the base; multiply:
    the base over ... 1)."""
    out = []
    for boost in overlay.boosted:
        out.append(boost.base if overlay.pay == "replace" else Fraction(1))
    return out or [Fraction(1)]


# -- the intervals in words -------------------------------------------------------------------------


def _end_text(x, exact: bool) -> str:
    decimal = f"{float(x.evalf(20)):.10g}"
    if not exact or x.is_Rational:
        return decimal if not x.is_Rational else str(x) if x.q < 10**6 else decimal
    return f"{decimal} (the root of {x.expr} near it)" if hasattr(x, "expr") else decimal


def interval_text(intervals, exact: bool = False) -> str:
    """``[0.93745, 0.93854]``, several joined with ``or``; ``no value`` when empty."""
    if not intervals:
        return "no value"
    return " or ".join(f"[{_end_text(a, exact)}, {_end_text(b, exact)}]" for a, b in intervals)


def interval_json(intervals) -> list:
    return [
        {"low": str(a), "high": str(b), "low_float": float(a.evalf(20)), "high_float": float(b.evalf(20))}
        for a, b in intervals
    ]
