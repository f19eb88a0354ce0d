"""What every bet is worth on the next round of a partly dealt shoe, exactly: the one place the
floor (the tracker and the audit) asks for expectations.

:func:`expectations` is the only call the floor makes into the exact core: the bets' plan
(:class:`odds.exact.plan.Plan`, the path every command takes), built once per game, paytable and
set of bets and kept. A composition is a row of 52 card counts
(rank-major, suits ``s h d c``, as :meth:`odds.shoe.Shoe.card_counts`); where the suits of the
cards seen are unknown, :func:`card_row` puts each rank's count in its suits any way at all, and
only bets that do not read suits may be asked for (:func:`priced_bets` says which).

>>> from odds.games import get_game
>>> from odds.shoe import Shoe
>>> game = get_game("baccarat")
>>> shoe = Shoe.decks(8).remove("5x3,K")
>>> ev = expectations(game, game.paytable(), ["tie"], [card_row(shoe)])["tie"][0]
>>> import odds
>>> ev == odds.sheet("baccarat", bets="tie", remove="5x3,K").bet("tie").expected_value
True
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from ..shoe import Shoe

KEPT = 16
"""Plans kept (one per game, paytable and set of bets; a tracker has a few tables)."""

_plans: OrderedDict = OrderedDict()


def expectations(game, paytable, bets: Sequence[str], rows) -> dict[str, list[Fraction]]:
    """``{bet: [exact expected value per unit staked, one per row]}``: the next round dealt from a
    random order of exactly each row's cards (rows of 52 card counts, :func:`card_row`)."""
    bets = list(bets)
    if not bets or not len(rows):
        return {b: [] for b in bets}
    return _plan(game, paytable, bets).exact(rows)


def second_moments(game, paytable, bets: Sequence[str], rows) -> dict[str, list[Fraction]]:
    """``{bet: [exact E(net**2) per unit staked, one per row]}``: with :func:`expectations`, the
    exact variance of a wager (the audit's z-scores). Written bets go through
    :func:`expectations` with every pay squared; a bet the game defines in code (player-dealer
    baccarat's best choice decides by the pays) from its exact outcome counts."""
    bets = list(bets)
    written = [b for b in bets if paytable.rule(b).conditions is not None]
    squared = replace(
        paytable,
        bets={b: replace(p, pays={k: v * v for k, v in p.pays.items()}) for b, p in paytable.bets.items()},
    )
    out = expectations(game, squared, written, rows)
    coded = [b for b in bets if b not in out]
    if coded:
        out.update({b: [] for b in coded})
        for row in rows:
            counts = game.count(Shoe.from_card_counts([int(c) for c in row]), coded, paytable)
            for b in coded:
                pays = paytable.bet(b).pays
                oc = counts[b]
                out[b].append(sum((pays[k] ** 2 * n for k, n in oc.counts.items()), Fraction(0)) / oc.total)
    return {b: out[b] for b in bets}


def _plan(game, paytable, bets: list[str]):
    """The plan of these bets, built on first use and kept (keyed by the paytable object itself,
    which it holds, so a key is never reused by another paytable)."""
    from ..exact.plan import Plan

    key = (game.id, id(paytable), tuple(bets))
    if key in _plans:
        _plans.move_to_end(key)
        return _plans[key][1]
    plan = Plan.of(game, paytable, bets)
    _plans[key] = (paytable, plan)
    while len(_plans) > KEPT:
        _plans.popitem(last=False)
    return plan


def card_row(shoe: Shoe) -> tuple[int, ...]:
    """A shoe as a row of 52 card counts: its own when it knows its suits, else each rank's
    count spread over the four suits (right for every bet that does not read suits).

    >>> card_row(Shoe.decks(1).remove("K"))[-4:]
    (1, 1, 1, 0)
    """
    if shoe.has_suits:
        return shoe.card_counts()
    return tuple(count // 4 + (suit < count % 4) for count in shoe.rank_counts for suit in range(4))


def priced_bets(paytable, bets: Sequence[str], suits_known: bool) -> tuple[list[str], list[str]]:
    """``(bets that can be priced, bets left out)``: a bet that reads suits is left out when the
    suits of the cards seen are unknown, as ``odds sheet --remove`` leaves it out."""
    if suits_known:
        return list(bets), []
    left = [b for b in bets if paytable.rule(b).resolution == "card"]
    return [b for b in bets if b not in left], left
