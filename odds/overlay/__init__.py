"""Multiplier overlays: bets whose pay is multiplied by random multipliers drawn before the deal
(Lightning Baccarat, Golden Wealth, Prosperity Tree, Lightning Roulette, Lightning Dice, Lightning
Dragon Tiger ...).

* :mod:`.model`: the ``[bets.ID.multipliers]`` table of a bet file, read and checked;
* :mod:`.poly`: exact polynomials in the unknown weights, and their small expression language;
* :mod:`.support`: what each game's deal gives: counts of rounds by (outcome, pattern of the
  items read), and the items one dealt round reads;
* :mod:`.prices`: from those counts to the hit table of every prize and multiplier, the RTP and
  every figure, exactly (the reduction is written there);
* :mod:`.sheet`: a multiplier bet's sheet.
"""


def refuse_multipliers(paytable, bet_ids, what: str) -> None:
    """Refuse multiplier bets where a figure is computed from plain outcome counts (``what``: the
    study), which would leave their multipliers out and be wrong without a word."""
    from ..errors import OddsError

    boosted = [b for b in bet_ids if paytable.bet(b).overlay is not None]
    if boosted:
        raise OddsError(
            f"{', '.join(boosted)}: multiplier bets; {what} counts plain outcomes and would leave their "
            f"multipliers out (sheet, compare, simulate, solve --weights and settle price them)"
        )
