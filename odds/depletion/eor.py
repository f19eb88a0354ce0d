"""Effects of removal: how one card out of the shoe moves a bet's expected value.

For a bet with expected value ``E(shoe)`` (off the top, exact) and a card kind ``k`` the shoe
holds ``c_k`` of (``N`` cards in all), the effect of removing one ``k`` is

    effect_k = E(shoe less one k) - E(shoe)

at the resolution the bet needs: 10 baccarat values (``T`` = any ten-value card), 13 ranks, or
52 cards. The identity

    sum_k c_k E(shoe less one k) / N = E(shoe)      equivalently      sum_k c_k effect_k = 0

holds exactly: the first card off the top is a ``k`` with chance ``c_k / N`` and, burned unseen,
leaves the next round's chances unchanged (the cards are exchangeable). A test checks it for
every bet settled by fixed rules. A bet settled by the player's best play *for the composition*
(player-dealer baccarat's ``-best-choice`` lines) is not a fixed rule: for the chooser's own bet
the mean is ``>=`` (one more card known can only help: the mean of maxima is at least the
maximum of the mean), and bets settled on the chooser's play obey no identity.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Sequence

from ..cards import RANK_LETTERS, SUITS, card_name
from ..errors import OddsError
from ..core import expected_value
from ..shoe import Shoe


@dataclass(frozen=True)
class Effect:
    card: str
    """The kind removed: ``A``-``9``, ``T`` (values); ``A``-``K`` (ranks); ``As``... (cards)."""
    count: int
    """How many of that kind the shoe holds."""
    expected_value: Fraction
    """The bet's expected value with one of them removed."""
    effect: Fraction
    """``expected_value`` minus the full shoe's."""


@dataclass(frozen=True)
class BetEffects:
    id: str
    name: str
    resolution: str
    expected_value: Fraction
    effects: tuple[Effect, ...]

    def identity_holds(self) -> bool:
        """The count-weighted mean of the removals' values equals the full shoe's value."""
        n = sum(e.count for e in self.effects)
        return sum(e.count * e.expected_value for e in self.effects) == n * self.expected_value


def kind_label(rank: int, suit: str, resolution: str) -> str:
    """The label of the kind a card (rank 1-13, suit) belongs to at this resolution, as
    :func:`removal_kinds` and the effects name it: ``A``-``9``, ``T`` (values); ``A``-``K``
    (ranks); ``As``... (cards)."""
    if resolution == "value":
        return "T" if rank >= 10 else RANK_LETTERS[rank - 1]
    if resolution == "rank":
        return RANK_LETTERS[rank - 1]
    if resolution == "card":
        return card_name(rank, suit)
    raise OddsError(f"bets at resolution {resolution!r} deal no cards: no effects of removal")


def removal_kinds(shoe: Shoe, resolution: str) -> list[tuple[str, str, int]]:
    """``(label, card spec to remove, count held)`` of each kind at this resolution the shoe
    holds at least one of, in reading order (A, 2 ... 9, T for values)."""
    kind_label(1, SUITS[0], resolution)  # a resolution that deals no cards raises here
    if resolution == "value":
        values = shoe.values()
        out = [(kind_label(v, "", resolution), RANK_LETTERS[v - 1], values[v]) for v in range(1, 10)]
        # a ten-value card: remove any rank of value 0 that the shoe holds (value bets see no difference)
        ten = next((r for r in (10, 11, 12, 13) if shoe.ranks()[r - 1]), 10)
        out.append((kind_label(ten, "", resolution), RANK_LETTERS[ten - 1], values[0]))
    elif resolution == "rank":
        out = [(kind_label(r + 1, "", resolution), RANK_LETTERS[r], shoe.ranks()[r]) for r in range(13)]
    else:  # card
        counts = shoe.card_counts()
        out = [
            (kind_label(r + 1, s, resolution), card_name(r + 1, s), counts[4 * r + i])
            for r in range(13)
            for i, s in enumerate(SUITS)
        ]
    return [k for k in out if k[2] > 0]


def _expected_values(game, paytable, shoe: Shoe, bet_ids: Sequence[str], seen=None) -> dict[str, Fraction]:
    counts = game.count(shoe, list(bet_ids), paytable, seen=seen)
    return {bet: expected_value(paytable.bet(bet).pays, counts[bet].counts, counts[bet].total) for bet in bet_ids}


def effects_of_removal(game, paytable, shoe: Shoe, bet_ids: Sequence[str], seen=None) -> list[BetEffects]:
    """Every bet's full-shoe expected value and the exact effect of removing each kind of card.

    Each removal is computed exactly with ``game.count`` on the shoe less that card (bets of one
    resolution share the counts).
    """
    if not game.uses_shoe:
        raise OddsError(f"{game.id} deals no cards: effects of removal apply to card games only")
    from ..overlay import refuse_multipliers

    refuse_multipliers(paytable, bet_ids, "the effects of removal")
    game.check_shoe(shoe)
    if shoe.infinite:
        raise OddsError("an infinite shoe is dealt with replacement: removing a card changes nothing")
    if shoe.total <= game.min_cards:
        raise OddsError(f"the shoe holds {shoe.total} cards; removing one leaves too few for a {game.id} round")
    full = _expected_values(game, paytable, shoe, bet_ids, seen)
    by_resolution: dict[str, list[str]] = {}
    for bet in bet_ids:
        by_resolution.setdefault(paytable.rule(bet).resolution, []).append(bet)
    effects: dict[str, list[Effect]] = {b: [] for b in bet_ids}
    for resolution, bets in by_resolution.items():
        for label, spec, count in removal_kinds(shoe, resolution):
            values = _expected_values(game, paytable, shoe.remove(spec), bets, seen)
            for bet in bets:
                effects[bet].append(Effect(label, count, values[bet], values[bet] - full[bet]))
    return [
        BetEffects(b, paytable.rule(b).name, paytable.rule(b).resolution, full[b], tuple(effects[b])) for b in bet_ids
    ]
