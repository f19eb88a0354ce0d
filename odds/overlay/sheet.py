"""The sheet of a multiplier bet: its hit table (every prize and multiplier, exact), its figures
per unit wagered (the fee included), and its advertised top awards with the GLI-11 flag."""

from __future__ import annotations

from fractions import Fraction

from ..errors import OddsError
from .prices import expected_return, prizes, sheet_rows, top_awards


class UnknownWeights(OddsError):
    """A multiplier bet whose weights are left unknown cannot be priced as numbers."""


def pattern_counts(game, paytable, shoe, bet_id):
    """``({(outcome, pattern): rounds}, total)`` of a multiplier bet (its game's deal)."""
    pays = paytable.bet(bet_id)
    if shoe is not None:
        game.check_shoe(shoe)
    return game.overlays.pattern_counts(game, shoe, pays.rule, pays.overlay)


def hit_table(game, paytable, shoe, bet_id, overlay=None):
    """The prizes of a multiplier bet (:func:`odds.overlay.prices.prizes`); ``overlay``: the bet's
    own, or one with weights given."""
    pays = paytable.bet(bet_id)
    counts, total = pattern_counts(game, paytable, shoe, bet_id)
    return prizes(overlay or pays.overlay, pays.pays, counts, total)


def overlay_bet_sheet(game, paytable, shoe, bet_id, overlay=None):
    """A multiplier bet's :class:`odds.sheet.BetSheet`: one row per prize (outcome and product
    of multipliers), combinations over the rounds times the overlay's draws."""
    from ..sheet import BetSheet

    pays = paytable.bet(bet_id)
    overlay = overlay or pays.overlay
    if not overlay.known:
        raise UnknownWeights(
            f"{bet_id}: its multiplier weights are unknown ({', '.join(overlay.unknowns)}): "
            f"`odds solve {game.id} {bet_id} --weights --paytable ...` fits them to the published RTPs"
        )
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
            "fee": overlay.fee,
            "cap": overlay.cap,
            "pay": overlay.pay,
            "rtp": expected_return(overlay, table),
            "top_awards": top_awards(overlay, pays.rule, table),
        }
    }
    return BetSheet(pays.rule.id, pays.rule.name, tuple(rows), total, pays.window, extra, overlay.fee)


def _text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
