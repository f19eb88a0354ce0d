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


def edge_expression(counts, pays, outcome: str, symbol):
    """The house edge as a sympy expression, the pay of ``outcome`` replaced by ``symbol``."""
    import sympy

    total = sympy.Integer(counts.total)
    ev = sympy.Integer(0)
    for key, pay in pays.pays.items():
        value = symbol if key == outcome else sympy.Rational(pay.numerator, pay.denominator)
        ev += sympy.Integer(counts.counts.get(key, 0)) * value
    return sympy.expand(-ev / total)


def _fraction(r) -> Fraction:
    import sympy

    r = sympy.nsimplify(r)
    if not r.is_Rational:
        raise SolveError(f"no exact rational solution: {r}")
    return Fraction(int(r.p), int(r.q))


def with_pay(paytable, bet_id: str, outcome: str, pay: Fraction):
    """The paytable with one line's pay changed."""
    bet = paytable.bet(bet_id)
    return replace(paytable, bets={**paytable.bets, bet_id: replace(bet, pays={**bet.pays, outcome: pay})})


def counts_follow_pays(game) -> bool:
    """Whether a game's counts can move with its pays: only a game whose player decides by
    expectation does, and such a game says so by dealing with options drawn from the paytable
    (:meth:`odds.games.base.Game.dealing_options`). The others are counted once, with the user's
    own paytable: a trial pay is never handed to the game, which may check a paytable's pays
    against each other (roulette's call bets against their chip layout) and would refuse it."""
    from ..games.base import Game

    return type(game).dealing_options is not Game.dealing_options


def price(game, bet_id: str, paytable, shoe, outcome: str, pay: Fraction, counts=None) -> Fraction:
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
    game, bet_id: str, paytable, shoe, outcome: str | None = None, target_edge: Fraction = Fraction(0)
) -> Solution:
    """The exact pay of ``outcome`` (default: the bet's highest-paying line) giving
    ``target_edge``, with the nearest practical pays and their exact edges.

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
    outcome = outcome or default_outcome(rule, pays)
    if outcome not in rule.outcome_keys:
        raise UnknownName(f"outcome of {bet_id}", outcome, rule.outcome_keys)
    if shoe is not None:
        game.check_shoe(shoe)
    counts = game.count(shoe, [bet_id], paytable)[bet_id]  # the user's paytable, checked as it is
    follows = counts_follow_pays(game)
    fixed = None if follows else counts

    x = sympy.Symbol("x")
    target = sympy.Rational(target_edge.numerator, target_edge.denominator)
    notes = []
    for attempt in range(MAX_ROUNDS):  # noqa: B007 - read after the loop
        if not counts.counts.get(outcome, 0):
            raise SolveError(f"{rule.label(outcome)!r} cannot happen with this shoe: no pay changes the edge")
        edge = edge_expression(counts, pays, outcome, x)
        roots = sympy.solve(sympy.Eq(edge, target), x)
        if len(roots) != 1:
            raise SolveError(f"expected one solution for the pay, got {roots}")
        pay = _fraction(roots[0])
        if pay < -1:
            raise SolveError(
                f"no pay reaches a house edge of {float(target_edge):.6%}: it would take "
                f"{float(pay):.6g} to 1, below -1 (losing more than the stake)"
            )
        if not follows:
            break  # the counts do not depend on the pay: nothing to recount
        recount = game.count(shoe, [bet_id], with_pay(paytable, bet_id, outcome, pay))[bet_id]
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
    if pay <= 0 and pays.pays[outcome] > 0:
        notes.append(f"the solved pay {float(pay):.6g} is not a win: the line would have to lose or push")

    current = pays.pays[outcome]
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
        price(game, bet_id, paytable, shoe, outcome, current, fixed),
        [NearbyPay(p, price(game, bet_id, paytable, shoe, outcome, p, fixed)) for p in practical_pays_around(pay)],
        str(edge),
        notes=notes,
    )
    if Fraction(9, 10) <= current < 1:
        c = sympy.Symbol("c")
        solution.commission_expression = str(sympy.expand(edge.subs(x, 1 - c)))
        solution.commission = 1 - pay
    return solution
