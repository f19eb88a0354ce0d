"""Solve for a pay: the pay of one outcome line that gives a target house edge.

The rest of the bet's paytable stays fixed. With ``c_i`` the outcome counts out of ``N`` equally
likely deals, ``x_i`` the pays and ``x`` the unknown pay of outcome ``o``:

    house edge(x) = -(sum over i != o of c_i x_i  +  c_o x) / N

which is linear in ``x``; sympy solves ``house edge(x) = target`` exactly (a Rational), and
with no target solves for break-even (edge 0). When the line pays less than even money
by a commission of at most 10% (``0.9 <= pay < 1``: the banker's 0.95, a dealer line's 0.95, a
Dragon Tiger colour's 0.9) the pay is also read as ``1 - commission`` and the edge is shown as an
expression in the commission.

The nearest practical pays around the exact solution come from a grid a dealer can pay:
multiples of 0.05 below 2, halves from 2 up to 10, whole numbers from 10 up. Each is priced
exactly by :func:`odds.sheet.bet_sheet` (the one place house edges are computed).

sympy is imported here and only here, lazily, so the other commands stay fast.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import ceil, floor

from ..errors import OddsError, UnknownName, shown
from ..limits import check_number_text
from ..sheet import bet_sheet

GRID_TEXT = "multiples of 0.05 below 2, of 0.5 from 2 to 10, whole numbers from 10 up"


class SolveError(OddsError):
    """A target no pay can reach, or an outcome that cannot happen for this shoe."""


@dataclass(frozen=True)
class NearbyPay:
    pays: Fraction
    house_edge: Fraction


@dataclass
class Solution:
    game_id: str
    bet_id: str
    outcome: str
    outcome_label: str
    paytable: str
    shoe: str
    target_edge: Fraction
    """The house edge solved for (0 = break-even)."""
    pays: Fraction
    """The exact pay (to 1) of the outcome line that gives the target edge."""
    current_pays: Fraction
    current_edge: Fraction
    nearby: list[NearbyPay]
    expression: str
    """The house edge as an exact expression in the pay symbol ``x``."""
    commission_expression: str | None = None
    """The edge in the commission ``c`` (pay = 1 - c), for lines paying less than even money."""
    commission: Fraction | None = None
    notes: list[str] = field(default_factory=list)
    slope: Fraction | None = None
    """How the house edge moves with the pay (``d edge / d x``, exact; negative when paying more
    costs the house)."""
    lines: dict[str, Line] | None = None
    """With ``--line``: each line moved, its pay ``a x + b`` in the unknown ``x`` (``pays`` is then
    the value of ``x``, ``nearby`` values of ``x``); None: the one ``outcome`` pays ``x``."""

    current_line_pays: dict[str, Fraction] = field(default_factory=dict)
    """Each moved line's pay in the paytable as it is."""

    def line_texts(self) -> dict[str, str]:
        """Each moved line's pay in ``x``, as sympy writes it (``2*x + 1/2``)."""
        return {k: line_text(line) for k, line in (self.lines or {self.outcome: (Fraction(1), Fraction(0))}).items()}

    def __repr__(self) -> str:
        what = ", ".join(f"{k} = {t}" for k, t in self.line_texts().items()) if self.lines else self.outcome
        return (
            f"<Solution {self.bet_id} ({what}): {'x' if self.lines else 'pays'} {float(self.pays):.10g} for house "
            f"edge {float(self.target_edge):.4%}, {self.shoe}>"
        )

    def line_pays(self, x: Fraction | None = None) -> dict[str, Fraction]:
        """Each line's pay at ``x`` (default the solution)."""
        x = self.pays if x is None else x
        return {k: a * x + b for k, (a, b) in (self.lines or {self.outcome: (Fraction(1), Fraction(0))}).items()}


Line = tuple[Fraction, Fraction]
"""A moved line's pay ``a x + b`` in the unknown pay ``x``: ``(a, b)``."""

LINE_TERM = re.compile(
    r"(?:(?P<coef>[0-9][0-9./]*)\s*\*?\s*)?(?P<x>x)(?:\s*/\s*(?P<div>[0-9][0-9./]*))?|(?P<number>[0-9][0-9./]*)"
)


def parse_line(text: str) -> tuple[str, Line]:
    """``--line OUTCOME=PAY``: an outcome key and its pay as a linear expression in ``x``, the
    unknown solved for (``x``, ``2x``, ``2*x``, ``x/2``, ``3/2x + 1``, ``x - 0.5``; a number alone is a
    fixed pay). Read term by term, never evaluated as code.

    >>> parse_line("six-three-cards = 2x + 1/2")
    ('six-three-cards', (Fraction(2, 1), Fraction(1, 2)))
    >>> parse_line("tie=x/4 - 1")
    ('tie', (Fraction(1, 4), Fraction(-1, 1)))
    """
    outcome, sep, expression = text.partition("=")
    outcome, expression = outcome.strip(), expression.strip()
    hint = f"--line {shown(text)}: write OUTCOME=PAY, the pay in the unknown x, e.g. six-three-cards=2x or tie=x+1"
    if not (sep and outcome and expression) or len(expression) > 200:
        raise OddsError(hint)
    a = b = Fraction(0)
    rest = expression
    first = True
    while rest:
        sign = 1
        if rest[0] in "+-":
            sign, rest = (-1 if rest[0] == "-" else 1), rest[1:].lstrip()
        elif not first:
            raise OddsError(hint)
        match = LINE_TERM.match(rest)
        if not match:
            raise OddsError(hint)
        try:
            if match.group("x"):
                coef = _number(match.group("coef") or "1") / _number(match.group("div") or "1")
                a += sign * coef
            else:
                b += sign * _number(match.group("number"))
        except OddsError:  # a number past the limits says so itself
            raise
        except (ValueError, ZeroDivisionError):
            raise OddsError(hint) from None
        rest, first = rest[match.end() :].lstrip(), False
    return outcome, (a, b)


def _number(text: str) -> Fraction:
    check_number_text(text, "--line")
    return Fraction(text)


def line_text(line: Line) -> str:
    """A line's pay as sympy writes it (``2*x + 1/2``)."""
    import sympy

    a, b = line
    x = sympy.Symbol("x")
    return str(sympy.Rational(a.numerator, a.denominator) * x + sympy.Rational(b.numerator, b.denominator))


def parse_target(text: str, what: str) -> Fraction:
    """A target edge or RTP: a fraction, a decimal, or a percentage (``"1.06%"``, ``"0.0106"``,
    ``"53/5000"``). A bare number above 1 is refused (write ``97%`` or ``0.97``)."""
    raw = text.strip()
    check_number_text(raw, f"--{what}")  # 1e999999999 would be a billion-digit integer
    try:
        if raw.endswith("%"):
            value = Fraction(raw[:-1].strip()) / 100
        else:
            value = Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise OddsError(
            f"--{what} {shown(text)}: write a fraction, decimal or percentage, e.g. 0.0106, 1.06% or 53/5000"
        ) from None
    if not raw.endswith("%") and abs(value) > 1:
        raise OddsError(f"--{what} {shown(text)} means {float(value) * 100:g}%; write {raw}% or {float(value) / 100:g}")
    if what == "rtp" and value < 0:
        raise OddsError(f"--rtp {text!r}: a return cannot be negative")
    return value


# -- the grid of practical pays --------------------------------------------------------------------


def _step_above(g: Fraction) -> Fraction:
    return Fraction(1) if g >= 10 else Fraction(1, 2) if g >= 2 else Fraction(1, 20)


def _step_below(g: Fraction) -> Fraction:
    return Fraction(1) if g > 10 else Fraction(1, 2) if g > 2 else Fraction(1, 20)


def grid_floor(x: Fraction) -> Fraction:
    """The largest practical pay at or below ``x``."""
    if x >= 10:
        return Fraction(floor(x))
    if x >= 2:
        return Fraction(floor(2 * x), 2)
    return Fraction(floor(20 * x), 20)


def grid_ceil(x: Fraction) -> Fraction:
    """The smallest practical pay at or above ``x``."""
    if x > 10:
        return Fraction(ceil(x))
    if x > 2:
        return Fraction(ceil(2 * x), 2)
    return Fraction(ceil(20 * x), 20)


def practical_pays_around(x: Fraction) -> list[Fraction]:
    """Two practical pays below ``x`` and two above (``x`` itself when it is on the grid),
    never below -1.

    >>> [str(p) for p in practical_pays_around(Fraction(1907, 1000))]
    ['37/20', '19/10', '39/20', '2']
    >>> [str(p) for p in practical_pays_around(Fraction(25, 2))]
    ['11', '12', '13', '14']
    """
    lo, hi = grid_floor(x), grid_ceil(x)
    points = {lo - _step_below(lo), lo, hi, hi + _step_above(hi)}
    return sorted(p for p in points if p >= -1)


# -- solving ---------------------------------------------------------------------------------------


def default_outcome(rule, pays) -> str:
    """The line a designer usually prices: the bet's highest-paying outcome."""
    return max(rule.outcome_keys, key=lambda k: pays.pays[k])


def edge_expression(counts, pays, outcome: str | dict[str, Line], symbol):
    """The house edge as a sympy expression, the pay of ``outcome`` replaced by ``symbol`` (or
    of each line of a dict ``{outcome: (a, b)}`` by ``a symbol + b``)."""
    import sympy

    lines = outcome if isinstance(outcome, dict) else {outcome: None}
    total = sympy.Integer(counts.total)
    ev = sympy.Integer(0)
    for key, pay in pays.pays.items():
        if key in lines:
            line = lines[key]
            value = symbol if line is None else _rational(line[0]) * symbol + _rational(line[1])
        else:
            value = sympy.Rational(pay.numerator, pay.denominator)
        ev += sympy.Integer(counts.counts.get(key, 0)) * value
    return sympy.expand(-ev / total)


def _rational(value: Fraction):
    import sympy

    return sympy.Rational(value.numerator, value.denominator)


def _fraction(r) -> Fraction:
    import sympy

    r = sympy.nsimplify(r)
    if not r.is_Rational:
        raise SolveError(f"no exact rational solution: {r}")
    return Fraction(int(r.p), int(r.q))


def with_pay(paytable, bet_id: str, outcome: str | dict[str, Line], pay: Fraction):
    """The paytable with one line's pay changed (or each line of ``{outcome: (a, b)}`` paying
    ``a pay + b``)."""
    bet = paytable.bet(bet_id)
    changed = {k: a * pay + b for k, (a, b) in outcome.items()} if isinstance(outcome, dict) else {outcome: pay}
    return replace(paytable, bets={**paytable.bets, bet_id: replace(bet, pays={**bet.pays, **changed})})


def counts_follow_pays(game) -> bool:
    """Whether a game's counts can move with its pays: only a game whose player decides by
    expectation does, and such a game says so by dealing with options drawn from the paytable
    (:meth:`odds.games.base.Game.dealing_options`). The others are counted once, with the user's
    own paytable: a trial pay is never handed to the game, which may check a paytable's pays
    against each other (roulette's call bets against their chip layout) and would refuse it."""
    from ..games.base import Game

    return type(game).dealing_options is not Game.dealing_options


def price(game, bet_id: str, paytable, shoe, outcome: str | dict[str, Line], pay: Fraction, counts=None) -> Fraction:
    """The exact house edge of the bet with ``outcome`` paying ``pay``, priced by the sheet:
    with ``counts`` when the counts do not move with the pays, else counted afresh (a game may
    decide a player's option by the pays)."""
    table = with_pay(paytable, bet_id, outcome, pay)
    if counts is None:
        counts = game.count(shoe, [bet_id], table)[bet_id]
    return bet_sheet(table.rule(bet_id), table.bet(bet_id), counts).house_edge


MAX_ROUNDS = 12
"""Re-solves allowed when the counts move with the pay (an option decided by expectation)."""


def solve_pay(
    game,
    bet_id: str,
    paytable,
    shoe,
    outcome: str | None = None,
    target_edge: Fraction = Fraction(0),
    lines: dict[str, Line] | None = None,
) -> Solution:
    """The exact pay of ``outcome`` (default: the bet's highest-paying line) giving
    ``target_edge``, with the nearest practical pays and their exact edges. With ``lines``
    (``{outcome: (a, b)}``, :func:`parse_line`) instead, several lines move at once, each paying
    ``a x + b``: the value of ``x`` giving the target, and practical values of ``x``.

    The counts are taken at the current pay; if counting again at the solved pay changes them
    (a game whose player option is decided by the pays), it solves again with the new counts
    until they stand still, so the answer always prices exactly to the target.
    """
    import sympy

    if bet_id not in paytable.bets:
        raise UnknownName(f"{game.id} bet", bet_id, paytable.bets)
    from ..overlay import refuse_multipliers

    refuse_multipliers(paytable, [bet_id], "solving for a pay")
    rule = paytable.rule(bet_id)
    pays = paytable.bet(bet_id)
    if lines is not None:
        if outcome is not None:
            raise OddsError("give --outcome or --line, not both")
        for key in lines:
            if key not in rule.outcome_keys:
                raise UnknownName(f"outcome of {bet_id}", key, rule.outcome_keys)
        if not any(a for a, _ in lines.values()):
            raise OddsError("--line: no line's pay has x in it: nothing to solve for (a fixed pay is --pay)")
        moved: str | dict[str, Line] = dict(lines)
        outcome = next(iter(lines))
    else:
        outcome = outcome or default_outcome(rule, pays)
        if outcome not in rule.outcome_keys:
            raise UnknownName(f"outcome of {bet_id}", outcome, rule.outcome_keys)
        moved = outcome
    if shoe is not None:
        game.check_shoe(shoe)
    counts = game.count(shoe, [bet_id], paytable)[bet_id]  # the user's paytable, checked as it is
    follows = counts_follow_pays(game)
    fixed = None if follows else counts

    x = sympy.Symbol("x")
    target = sympy.Rational(target_edge.numerator, target_edge.denominator)
    notes = []
    for attempt in range(MAX_ROUNDS):  # noqa: B007 - read after the loop
        if lines is None and not counts.counts.get(outcome, 0):
            raise SolveError(f"{rule.label(outcome)!r} cannot happen with this shoe: no pay changes the edge")
        if lines is not None and not sum(a * counts.counts.get(k, 0) for k, (a, _) in lines.items()):
            raise SolveError(
                "no value of x changes the edge with this shoe: the lines moved cannot happen, or their "
                "changes cancel out"
            )
        edge = edge_expression(counts, pays, moved, x)
        roots = sympy.solve(sympy.Eq(edge, target), x)
        if len(roots) != 1:
            raise SolveError(f"expected one solution for the pay, got {roots}")
        pay = _fraction(roots[0])
        for key, (a, b) in (lines or {outcome: (Fraction(1), Fraction(0))}).items():
            if a * pay + b < -1:
                said = f"{key} would pay {float(a * pay + b):.6g} to 1" if lines else f"{float(pay):.6g} to 1"
                raise SolveError(
                    f"no pay reaches a house edge of {float(target_edge):.6%}: it would take "
                    f"{said}, below -1 (losing more than the stake)"
                )
        if not follows:
            break  # the counts do not depend on the pay: nothing to recount
        recount = game.count(shoe, [bet_id], with_pay(paytable, bet_id, moved, pay))[bet_id]
        if recount == counts:
            break
        counts = recount
    else:
        raise SolveError(
            "the counts keep changing with the pay (a decision flips at the solution): "
            "no pay gives exactly this edge; see the sheet at the nearby pays"
        )
    if attempt:
        notes.append(
            "the counts depend on the pay (a player option decided by expectation); "
            "the expression holds for the decisions made at the solved pay"
        )
    if lines is None and pay <= 0 and pays.pays[outcome] > 0:
        notes.append(f"the solved pay {float(pay):.6g} is not a win: the line would have to lose or push")

    if lines is None:
        current = pays.pays[outcome]
        current_edge = price(game, bet_id, paytable, shoe, outcome, current, fixed)
    else:  # the paytable as it is: no value of x need give its pays
        current = None
        current_edge = bet_sheet(
            rule, pays, game.count(shoe, [bet_id], paytable)[bet_id] if follows else counts
        ).house_edge
    solution = Solution(
        game.id,
        bet_id,
        outcome,
        rule.label(outcome),
        paytable.name,
        str(shoe) if shoe is not None else "no shoe",
        target_edge,
        pay,
        current,
        current_edge,
        [NearbyPay(p, price(game, bet_id, paytable, shoe, moved, p, fixed)) for p in practical_pays_around(pay)],
        str(edge),
        notes=notes,
        slope=-Fraction(
            sum(a * counts.counts.get(k, 0) for k, (a, _) in (lines or {outcome: (Fraction(1), Fraction(0))}).items()),
            counts.total,
        ),
        lines=dict(lines) if lines is not None else None,
        current_line_pays={k: pays.pays[k] for k in (lines or [outcome])},
    )
    if lines is None and Fraction(9, 10) <= current < 1:
        c = sympy.Symbol("c")
        solution.commission_expression = str(sympy.expand(edge.subs(x, 1 - c)))
        solution.commission = 1 - pay
    return solution


@dataclass
class NearbyEverywhere:
    pays: Fraction
    """A practical value of the pay (of ``x`` with ``--line``)."""
    house_edges: list[Fraction]
    """Its exact house edge at each shoe, in order."""
    meets_target: bool
    """Whether the house keeps at least the target edge at every shoe."""


@dataclass
class ShoesSolution:
    """One solve at several shoes (``--decks 1,6,8``): each shoe's :class:`Solution`, the pays
    meeting the target at every shoe (an interval: the target is met at a shoe on the side of its
    solution where the edge is higher), and practical pays around that interval's end priced at
    every shoe."""

    solutions: list[Solution]
    at_most: Fraction | None
    """Every pay at most this meets the target at every shoe whose edge falls as the pay rises."""
    at_least: Fraction | None
    """Every pay at least this meets it at every shoe whose edge rises with the pay."""
    nearby: list[NearbyEverywhere]

    def __repr__(self) -> str:
        first = self.solutions[0]
        each = ", ".join(f"{float(s.pays):.6g}" for s in self.solutions)
        return f"<ShoesSolution {first.bet_id} at {len(self.solutions)} shoe(s): {each}>"

    @property
    def met(self) -> bool:
        """Whether some pay meets the target at every shoe."""
        return self.at_most is None or self.at_least is None or self.at_least <= self.at_most


def solve_shoes(
    game,
    bet_id: str,
    paytable,
    shoes: list,
    outcome: str | None = None,
    target_edge: Fraction = Fraction(0),
    lines: dict[str, Line] | None = None,
) -> ShoesSolution:
    """:func:`solve_pay` at each shoe of ``shoes`` (say 1, 6 and 8 decks), and the pays meeting
    ``target_edge`` at all of them: the edge is linear in the pay at each shoe, so the target is
    met where ``slope (pay - solution) >= 0`` - at most the lowest solution among the shoes whose
    edge falls as the pay rises, at least the highest among those where it rises."""
    solutions = [solve_pay(game, bet_id, paytable, shoe, outcome, target_edge, lines) for shoe in shoes]
    falling = [s.pays for s in solutions if s.slope is not None and s.slope < 0]
    rising = [s.pays for s in solutions if s.slope is not None and s.slope > 0]
    at_most = min(falling) if falling else None
    at_least = max(rising) if rising else None
    bound = at_most if at_most is not None else at_least
    assert bound is not None, "every solution moves the edge (solve_pay refuses a line that cannot)"
    moved: str | dict[str, Line] = solutions[0].lines if solutions[0].lines is not None else solutions[0].outcome
    counts = [None if counts_follow_pays(game) else game.count(shoe, [bet_id], paytable)[bet_id] for shoe in shoes]
    nearby = []
    for p in practical_pays_around(bound):
        edges = [price(game, bet_id, paytable, shoe, moved, p, c) for shoe, c in zip(shoes, counts)]
        nearby.append(NearbyEverywhere(p, edges, all(e >= target_edge for e in edges)))
    return ShoesSolution(solutions, at_most, at_least, nearby)
