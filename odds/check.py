"""``odds check``: what in a paytable looks like a designer's slip, from its exact figures.

Each note names the bet (and outcome) and says why, on the game's full default shoe:

* ``impossible``: an outcome no round can reach (its condition never holds);
* ``shadowed``: an outcome whose condition holds in some rounds, but earlier outcomes take every
  one of them (a round falls into the *first* outcome whose condition holds: the general line
  written before the specific one), so it is priced at 0 combinations;
* ``player-edge``: a bet whose expectation is positive (the player has the edge);
* ``pay-slip``: a line lower in the bet paying more than a rarer line above it, both paying at
  least even money (paytables list the rarest wins first and pay them most: a swapped or mistyped
  pay);
* ``window``: a window longer than the rounds a shoe can deal.

The last outcome of a bet (every round the others do not take) is not checked for being reached.

>>> from odds.games import get_game
>>> notes = check_paytable(get_game("baccarat"), get_game("baccarat").paytable())
>>> notes
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .sheet import Sheet, build_sheet
from .shoe import CUT_CARD, Shoe


@dataclass(frozen=True)
class Note:
    """One finding: its ``kind`` (module docstring), the bet, the outcome (or None) and the text."""

    kind: str
    bet: str
    outcome: str | None
    text: str


def check_paytable(game, paytable, sheet: Sheet | None = None) -> list[Note]:
    """Every note on the paytable's bets (``sheet``: their full-shoe sheet, when already built)."""
    shoe = Shoe.decks(game.default_decks) if game.uses_shoe else None
    if sheet is None:
        sheet = build_sheet(game, paytable, shoe, keep_going=True)
    return check_sheet(game, paytable, sheet)


def check_sheet(game, paytable, sheet: Sheet) -> list[Note]:
    """The notes on the bets of a sheet of the full default shoe."""
    notes: list[Note] = []
    for bet in sheet.bets:
        rule = paytable.rule(bet.id)
        # a multiplier bet's rows are its prizes (outcome and multiplier), not its outcomes: only
        # the edge and the window are read from them
        boosted = paytable.bet(bet.id).overlay is not None
        counts = {r.key: r.combinations for r in bet.rows}
        unreached = [] if boosted else [o.key for o in rule.outcomes[:-1] if not counts.get(o.key)]
        if unreached and rule.conditions is not None:
            alone = _alone(game, paytable, rule, unreached, sheet.shoe)
            for key in unreached:
                label = rule.label(key)
                if alone[key]:
                    notes.append(
                        Note(
                            "shadowed",
                            bet.id,
                            key,
                            f"{bet.id}: outcome {key} ({label}) is never reached: the outcomes before it take "
                            f"all its rounds (it holds in {alone[key]:,} of {bet.total:,}); put it before them",
                        )
                    )
                else:
                    notes.append(Note("impossible", bet.id, key, f"{bet.id}: outcome {key} ({label}) can never happen"))
        if bet.player_has_edge:
            notes.append(
                Note(
                    "player-edge",
                    bet.id,
                    None,
                    f"{bet.id}: the player has the edge ({float(bet.expected_value):+.4%} a unit staked)",
                )
            )
        notes += [] if boosted else _pay_slips(bet, rule)
        window = paytable.bet(bet.id).window
        most = _most_rounds(game, sheet.shoe)
        if window is not None and most is not None and window > most:
            notes.append(
                Note(
                    "window",
                    bet.id,
                    None,
                    f"{bet.id}: a window of {window} rounds is longer than a shoe ({most} rounds at most)",
                )
            )
    return notes


def _alone(game, paytable, rule, keys: list[str], shoe) -> dict[str, int]:
    """How many deals each outcome's own condition holds in, whatever the outcomes before it."""
    from .core import BetRule, Outcome
    from .exact.plan import Plan

    out = {}
    conditions = dict(zip(rule.outcome_keys, rule.conditions))
    rules = {}
    for key in keys:
        alone = BetRule(
            f"{rule.id}-{key}",
            rule.name,
            (Outcome("holds", key), Outcome("other", "other")),
            rule.resolution,
            conditions=(conditions[key], None),
        )
        rules[alone.id] = (key, alone)
    lone = _Rules({i: r for i, (_, r) in rules.items()}, paytable)
    counts = Plan.of(game, lone, list(rules), keep_going=True).counts(shoe)
    for bet_id, (key, _) in rules.items():
        out[key] = counts[bet_id].counts["holds"] if bet_id in counts else 1
    return out


class _Rules:
    """A paytable of rules alone (pays 0), for counting conditions with a :class:`Plan`."""

    def __init__(self, rules: dict, paytable):
        self.rules, self.name, self.source = rules, paytable.name, getattr(paytable, "source", paytable.name)

    def rule(self, bet_id: str):
        return self.rules[bet_id]

    def bet(self, bet_id: str):
        from .paytable import BetPays

        return BetPays(bet_id, {k: Fraction(0) for k in self.rules[bet_id].outcome_keys}, rule=self.rules[bet_id])


def _pay_slips(bet, rule) -> list[Note]:
    """Lines paying at least even money that pay more than a rarer line above them."""
    by_key = {r.key: r for r in bet.rows}
    rows = [by_key[k] for k in rule.outcome_keys if by_key[k].pays >= 1 and by_key[k].combinations]
    notes = []
    for i, lower in enumerate(rows):
        for upper in rows[:i]:
            if upper.combinations < lower.combinations and upper.pays < lower.pays:
                notes.append(
                    Note(
                        "pay-slip",
                        bet.id,
                        lower.key,
                        f"{bet.id}: outcome {lower.key} pays {_pay(lower.pays)}, more than the rarer "
                        f"{upper.key} above it ({_pay(upper.pays)}): are the pays swapped?",
                    )
                )
                break
    return notes


def _pay(pay: Fraction) -> str:
    return f"{pay.numerator}/{pay.denominator}" if pay.denominator != 1 else str(pay.numerator)


def _most_rounds(game, shoe) -> int | None:
    """The most rounds a shoe can deal: every round as short as the game's rounds get, the cut
    card at its default place (and one round after it)."""
    if shoe is None or shoe.infinite or game.reshuffled:  # no shoe runs out: no window to outlast
        return None
    return (shoe.total - CUT_CARD) // (game.fewest_cards() + game.burn_per_round) + 1


from .callable_module import make_callable  # noqa: E402 - the module is also odds.check(), the library call

make_callable(__name__, "odds.api_design")
