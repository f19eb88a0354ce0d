"""Settling one round of a multiplier bet: the round's multipliers, the items its outcome reads,
and the net result (``odds settle GAME CARDS --multipliers 7h=8,Kd=2``).

The multipliers of a round are ``TARGET=X`` pairs: card identities (``7h``), suits (``s``),
pockets (``17``, ``00``), dice totals or faces (``11``), or ``spot``; a target not named has no
multiplier. A boosted outcome's items multiply (an item read twice, twice); the bet's result is
its outcome key with the product (``win-x6``, as its sheet's rows are keyed) and its net result
per unit staked, the fee paid on top included: ``min(base x product, cap) + returned - 1 - fee``.

>>> from odds.settle import settle_round
>>> r = settle_round("roulette", "17", _lightning(), multipliers="17=300,5=50")
>>> r.bet("straight").outcome, r.bet("straight").net, r.multipliers
('win-x300', Fraction(300, 1), {'17': Fraction(300, 1), '5': Fraction(50, 1)})
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..errors import OddsError, shown
from ..limits import exact_number
from .prices import boosted_net, number_key

MAX_MULTIPLIERS = 64


def read_multipliers(text_or_dict, support, kinds) -> dict:
    """``{(kind, target): multiplier}`` from ``"7h=8,Kd=2"`` or ``{"7h": 8}``; each target read as
    one of the kinds the paytable's overlays boost (the first that reads it)."""
    if text_or_dict is None:
        return {}
    if isinstance(text_or_dict, str):
        items = [i.strip() for i in text_or_dict.split(",") if i.strip()]
        pairs = []
        for item in items:
            if "=" not in item:
                raise OddsError(f"--multipliers: {shown(item, 20)}: write TARGET=X, e.g. 7h=8 or 17=500")
            target, _, value = item.partition("=")
            pairs.append((target.strip(), value.strip()))
    elif isinstance(text_or_dict, dict):
        pairs = [(str(k), v) for k, v in text_or_dict.items()]
    else:
        raise OddsError("multipliers: give TARGET=X pairs (text) or a {target: multiplier} mapping")
    if len(pairs) > MAX_MULTIPLIERS:
        raise OddsError(f"--multipliers: at most {MAX_MULTIPLIERS} targets")
    out = {}
    for target, value in pairs:
        m = value if isinstance(value, Fraction) else exact_number(value, f"--multipliers {shown(target, 10)}")
        if m <= 0:
            raise OddsError(f"--multipliers {shown(target, 10)}: a multiplier must be positive")
        read = None
        for kind in kinds:
            try:
                read = (kind, support.target(kind, target))
                break
            except OddsError:
                continue
        if read is None:
            raise OddsError(
                f"--multipliers: {shown(target, 20)} is not a target of this paytable's multipliers ({', '.join(kinds)})"
            )
        if read in out:
            raise OddsError(f"--multipliers: {shown(target, 20)} is given twice")
        out[read] = m
    return out


def apply_multipliers(settled, paytable, multipliers=None):
    """The settlement with every multiplier bet settled on the round's multipliers."""
    game = settled.game
    overlays = {b.id: paytable.bet(b.id).overlay for b in settled.bets if paytable.bet(b.id).overlay is not None}
    if not overlays:
        if multipliers:
            raise OddsError(f"--multipliers: no bet of paytable {paytable.name} has multipliers")
        return settled
    support = game.overlays
    kinds = list(dict.fromkeys(o.boosts for o in overlays.values()))
    given = read_multipliers(multipliers, support, kinds)
    round_ = support.round_of(settled.cards)
    bets = []
    for b in settled.bets:
        overlay = overlays.get(b.id)
        if overlay is None:
            bets.append(b)
            continue
        boost = overlay.boost(b.outcome)
        if boost is None:
            bets.append(replace(b, net=(b.net - overlay.fee)))
            continue
        product = Fraction(1)
        for item in support.items(overlay.boosts, boost.reads, round_):
            product *= given.get((overlay.boosts, item), 1)
        net = boosted_net(boost, overlay, product, paytable.bet(b.id).pays[b.outcome]) - overlay.fee
        label = b.label if product == 1 else f"{b.label}, x{product}"
        bets.append(replace(b, outcome=f"{b.outcome}-x{number_key(product)}", net=net, label=label))
    names = {support.target_name(kind, target): m for (kind, target), m in given.items()}
    return replace(settled, bets=tuple(bets), multipliers=names)


def round_multipliers(settled, paytable, rng) -> dict:
    """Multipliers for a settlement vector of a round (``{target name: multiplier}``): as many
    targets as the overlays may draw, mostly among the items the round's boosted outcomes read
    (so the vector exercises the products), each at one of the multiplier values - a test of
    settling, not a draw by the weights (those may be unknown)."""
    overlays = [paytable.bet(b.id).overlay for b in settled.bets if paytable.bet(b.id).overlay is not None]
    if not overlays:
        return {}
    support = settled.game.overlays
    round_ = support.round_of(settled.cards)
    kind = overlays[0].boosts
    read: list = []
    for b in settled.bets:
        overlay = paytable.bet(b.id).overlay
        boost = overlay.boost(b.outcome) if overlay is not None and overlay.boosts == kind else None
        if boost is not None:
            read += [t for t in support.items(kind, boost.reads, round_) if t not in read]
    most = max(k for o in overlays if o.boosts == kind for k, _ in o.counts)
    others = [t for t in support.targets(kind, overlays[0].universe) if t not in read]
    k = rng.randint(1, max(1, most))
    chosen = rng.sample(read, min(len(read), max(1, k - 1))) if read else []
    chosen += rng.sample(others, min(len(others), k - len(chosen)))

    def values(target) -> list:  # the multipliers the target can take, in any overlay of the kind
        return sorted({m for o in overlays if o.boosts == kind for m, _ in o.values_for(target)})

    return {support.target_name(kind, t): rng.choice(values(t)) for t in chosen}


def _lightning():
    """A Lightning Roulette paytable for the example above."""
    from ..games import get_game
    from ..paytable import load_paytable

    return load_paytable(get_game("roulette"), "lightning")
