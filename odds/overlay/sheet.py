"""The sheet of a multiplier bet: its hit table (every prize and multiplier, exact), its figures
per unit wagered (the fee included), and its advertised top awards with the GLI-11 flag."""

from __future__ import annotations

from fractions import Fraction

from ..errors import OddsError
from .prices import expected_return, prizes, sheet_rows, top_awards


class UnknownWeights(OddsError):
    """A multiplier bet whose weights are left unknown cannot be priced as numbers."""


_COUNTS: dict = {}
"""The last few bets' counts by (outcome, pattern): they do not depend on the weights, so pricing a
bet again (other weights, the solver then the sheet) does not count the deal again. Read only."""


def pattern_counts(game, paytable, shoe, bet_id):
    """``({(outcome, pattern): rounds}, total)`` of a multiplier bet (its game's deal)."""
    pays = paytable.bet(bet_id)
    if shoe is not None:
        game.check_shoe(shoe)
        if shoe.infinite:
            raise OddsError(f"{bet_id}: a multiplier bet is counted on a shoe of whole decks, not an infinite one")
    overlay = pays.overlay
    key = (
        game.id,
        shoe.card_counts() if shoe is not None and shoe.has_suits else shoe.ranks() if shoe is not None else None,
        tuple(c.text if c is not None else None for c in pays.rule.conditions or ()),
        pays.rule.outcome_keys,
        overlay.boosts,
        tuple((b.outcome, b.reads) for b in overlay.boosted),
        bool(overlay.target_groups),  # the patterns then name their targets
    )
    if key not in _COUNTS:
        if len(_COUNTS) >= 32:
            _COUNTS.pop(next(iter(_COUNTS)))
        _COUNTS[key] = game.overlays.pattern_counts(game, shoe, pays.rule, overlay)
    return _COUNTS[key]


def hit_table(game, paytable, shoe, bet_id, overlay=None):
    """The prizes of a multiplier bet (:func:`odds.overlay.prices.prizes`); ``overlay``: the bet's
    own, or one with weights given."""
    pays = paytable.bet(bet_id)
    counts, total = pattern_counts(game, paytable, shoe, bet_id)
    return prizes(overlay or pays.overlay, pays.pays, counts, total)


def overlay_rows(game, paytable, shoe, bet_id, overlay=None):
    """A multiplier bet's sheet as ``(rows, total, extra, fee)`` (:class:`odds.sheet.BetSheet`
    makes it): one row per prize (outcome and product of multipliers), combinations over the
    rounds times the overlay's draws."""
    pays = paytable.bet(bet_id)
    overlay = overlay or pays.overlay
    if not overlay.known:
        raise unknown_weights_error(game, paytable, [bet_id])
    table = hit_table(game, paytable, shoe, bet_id, overlay)
    rows, scale = sheet_rows(overlay, pays.rule, table)
    rows.sort(key=lambda r: -r.pays)
    total = sum(r.combinations for r in rows)
    extra = {
        "multipliers": {
            "boosts": overlay.boosts,
            "targets": overlay.universe,
            "count": {str(k): w for k, w in overlay.counts},
            "values": {_text(m): w for m, w in overlay.values},
            **(
                {
                    "target_values": [
                        {"targets": list(names), "values": {_text(m): w for m, w in values}}
                        for names, _, values in overlay.target_groups
                    ]
                }
                if overlay.target_groups
                else {}
            ),
            "fee": overlay.fee,
            "cap": overlay.cap,
            "pay": overlay.pay,
            "rtp": expected_return(overlay, table),
            "top_awards": top_awards(overlay, pays.rule, table),
        }
    }
    return tuple(rows), total, extra, overlay.fee


def unknown_weights_error(game, paytable, bet_ids) -> UnknownWeights:
    names = sorted({u for b in bet_ids for u in paytable.bet(b).overlay.unknowns})
    return UnknownWeights(
        f"{', '.join(bet_ids)}: the multiplier weights are unknown ({', '.join(names)}): "
        f"`odds solve {game.id} --weights --paytable {paytable.name}` fits them to the published RTPs, "
        f"--unknowns {names[0]}=X prices them"
    )


def unknown_weights_note(game, paytable, bet_ids) -> str:
    names = sorted({u for b in bet_ids for u in paytable.bet(b).overlay.unknowns})
    return (
        f"Left out: {', '.join(bet_ids)}, whose multiplier weights are unknown ({', '.join(names)}); "
        f"`odds solve {game.id} --weights --paytable {paytable.name}` fits them to the published RTPs, "
        f"`--unknowns {names[0]}=X` prices them."
    )


def with_unknowns(paytable, values: dict):
    """The paytable with unknown weights given values (``{"p": Fraction(469, 500)}``): every
    multiplier bet using them priced. An unknown no bet uses, or a weight then outside [0, 1], is an
    error."""
    from dataclasses import replace

    used = {u for p in paytable.bets.values() if p.overlay is not None for u in p.overlay.unknowns}
    stray = sorted(set(values) - used)
    if stray:
        raise OddsError(
            f"--unknowns: {', '.join(stray)} is no unknown of paytable {paytable.name} ({', '.join(sorted(used)) or 'none'})"
        )
    bets = {}
    for bet_id, p in paytable.bets.items():
        if p.overlay is None or not set(p.overlay.unknowns) & set(values):
            bets[bet_id] = p
            continue
        overlay = p.overlay.weighted(values)
        groups = [(f"values of {', '.join(names)}", values) for names, _, values in overlay.target_groups]
        for what, pairs in (("count", overlay.counts), ("values", overlay.values), *groups):
            for key, w in pairs:
                if overlay.known and not 0 <= w <= 1:
                    raise OddsError(f"--unknowns: {bet_id}'s weight of {what} {key} is {w}, not a probability")
        bets[bet_id] = replace(p, overlay=overlay)
    return replace(paytable, bets=bets, name=f"{paytable.name} with {', '.join(f'{k}={v}' for k, v in values.items())}")


def parse_unknowns(text: str) -> dict:
    """``"p=469/500,q=0.1"`` -> ``{"p": Fraction(469, 500), "q": Fraction(1, 10)}``."""
    from ..limits import exact_number

    out = {}
    for item in (i.strip() for i in text.split(",") if i.strip()):
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise OddsError(f"--unknowns: {item!r}: write NAME=X, e.g. p=0.938")
        out[name.strip()] = exact_number(value.strip(), f"--unknowns {name.strip()}", high=1)
    return out


def _text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
