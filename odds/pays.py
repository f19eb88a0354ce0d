"""Trying a pay without a file: ``--pay BET.OUTCOME=VALUE`` (every command taking ``--paytable``, and ``pays=``).

A change names a bet, one of its outcome keys (the key column of ``odds sheet``) and a pay read
exactly as a paytable file reads it (:func:`odds.paytable.parse_pay`: ``9``, ``0.95``, ``"19/20"``,
bounded by :mod:`odds.limits`); a price group (Sic Bo's ``triple``) names all its members, as a
paytable file's entry does. The changed paytable keeps everything else of the bet - its other
pays, its window, its rule - and says what changed in its name and notes, so a sheet printed with
``--pay`` cannot be mistaken for the shipped one.

>>> from odds.games import get_game
>>> from odds.paytable import load_paytable
>>> table = with_pays(load_paytable(get_game("baccarat")), [parse_pay_option("tie.tie=9")])
>>> table.name, table.bet("tie").pays["tie"], table.bet("tie").pays["no-tie"]
('seed with tie.tie=9', Fraction(9, 1), Fraction(-1, 1))
>>> parse_pay_option("tie=9")
Traceback (most recent call last):
...
odds.errors.OddsError: --pay 'tie=9': write BET.OUTCOME=VALUE, e.g. --pay tie.tie=9
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from .core import exact_text
from .errors import OddsError, UnknownName, shown, shown_repr
from .paytable import Paytable, check_bet_pays, parse_pay


@dataclass(frozen=True)
class PayChange:
    bet: str
    outcome: str
    pay: Fraction
    text: str
    """As the user wrote it, for the paytable's name and notes."""


def parse_pay_option(text: str) -> PayChange:
    """``BET.OUTCOME=VALUE`` as a :class:`PayChange` (the bet and outcome are checked against a
    paytable by :func:`with_pays`)."""
    target, sep, value = text.partition("=")
    bet, dot, outcome = target.strip().partition(".")
    if not (sep and dot and bet and outcome and value.strip()):
        raise OddsError(f"--pay {shown_repr(text)}: write BET.OUTCOME=VALUE, e.g. --pay tie.tie=9")
    pay = parse_pay(value.strip(), f"--pay {shown_repr(text)}")
    return PayChange(bet, outcome.strip(), pay, f"{bet}.{outcome.strip()}={value.strip()}")


def with_pays(paytable: Paytable, changes: list[PayChange]) -> Paytable:
    """The paytable with each change's pay in place (later changes of the same line win)."""
    if not changes:
        return paytable
    from .games import get_game

    groups = get_game(paytable.game).price_groups  # Sic Bo's triple prices triple-1 ... triple-6
    bets = dict(paytable.bets)
    notes = []
    for change in changes:
        members = (change.bet,) if change.bet in bets else groups.get(change.bet)
        if members is None:
            raise UnknownName(f"{paytable.game} bet (in --pay {shown(change.text)})", change.bet, [*bets, *groups])
        for member in members:
            bet = bets[member]
            if change.outcome not in bet.pays:
                raise UnknownName(f"outcome of {member} (in --pay {shown(change.text)})", change.outcome, bet.pays)
            bets[member] = replace(bet, pays={**bet.pays, change.outcome: change.pay})
            check_bet_pays(bets[member], f"--pay {shown(change.text)}")
        was = ", ".join(sorted({exact_text(paytable.bets[m].pays[change.outcome]) for m in members}))
        whom = change.bet if len(members) == 1 else f"{change.bet} ({', '.join(members)})"
        notes.append(
            f"--pay {change.text}: {whom} pays {exact_text(change.pay)} to 1 on {change.outcome} "
            f"(the paytable {paytable.name} pays {was})."
        )
    label = ", ".join(c.text for c in changes)
    return replace(
        paytable,
        name=f"{paytable.name} with {label}",
        source=f"{paytable.source} with --pay {label}",
        bets=bets,
        notes=paytable.notes + tuple(notes),
    )
