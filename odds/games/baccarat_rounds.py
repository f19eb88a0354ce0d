"""One baccarat round explained, as data: the hands and how the drawing went (:func:`baccarat_hands`,
played out by :func:`odds.games.punto_banco.deal_state`), the check that cards are exactly one
round, and the rounds that exercise every cell of the drawing tables (settlement vectors).

:class:`BaccaratRounds` gives a baccarat-family game (punto banco, Tiger Baccarat, player-dealer
baccarat) its :meth:`~odds.games.base.Game.read_round` and
:meth:`~odds.games.base.Game.vector_rounds`; the settling of a round (:mod:`odds.settle`) and the
vectors (:mod:`odds.design.rounds`) hold no rule of their own.

Cells a round exercises (``covers`` in the settlement vectors): ``table-1/player-T`` (the player's
two-card total), ``table-2/banker-B/third-V`` (Table 2: the banker's total against the player's
third card), ``player-stood/banker-B``, ``natural/player-8`` ... ``natural/both``.

>>> player, banker = baccarat_hands([(4, "s"), (13, "h"), (1, "d"), (4, "c"), (2, "h"), (9, "d")])
>>> player.total, banker.rule, banker.player_third, banker.total
(7, 'table-2', 2, 3)
>>> drawing_cells([(4, "s"), (13, "h"), (1, "d"), (4, "c"), (2, "h"), (9, "d")])
['table-1/player-5', 'table-2/banker-4/third-2']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import SUITS, baccarat_value, card_name
from ..errors import shown
from . import punto_banco

if TYPE_CHECKING:
    from ..dealt import Hand

ORDER = "P1 B1 P2 B2, then the third cards as drawn"
"""How a round's cards are given and listed."""


# -- the drawing, explained as data ----------------------------------------------------------------


def baccarat_hands(cards: Sequence[tuple[int, str | None]], banker_name: str = "banker") -> tuple[Hand, Hand]:
    """The two hands of a complete baccarat round and how the drawing went: the drawing as
    :func:`odds.games.punto_banco.deal_state` plays it (``rule``: ``natural``, ``table-1``,
    ``table-2`` with ``player_third``, ``player-stood``)."""
    import numpy as np

    from ..dealt import Hand  # here, as in check_round: a sheet reads no round

    values = [baccarat_value(rank) for rank, _ in cards]
    names = [card_name(rank, suit) for rank, suit in cards]
    row = np.zeros((1, 6), dtype=np.int64)
    row[0, : min(len(values), 6)] = values[:6]
    state = {k: int(v[0]) for k, v in punto_banco.deal_state(row).items()}
    p2, b2 = state["player_two"], state["banker_two"]
    player_cards, banker_cards = [names[0], names[2]], [names[1], names[3]]
    if punto_banco.is_natural(p2) or punto_banco.is_natural(b2):
        return (
            Hand("player", tuple(player_cards), p2, p2, False, "natural"),
            Hand(banker_name, tuple(banker_cards), b2, b2, False, "natural"),
        )
    p_draws, b_draws = state["player_third"] >= 0, state["banker_third"] >= 0
    third = state["player_third"] if p_draws else None
    if p_draws:
        player_cards.append(names[4])
    if b_draws:
        banker_cards.append(names[state["banker_third_at"]])
    return (
        Hand("player", tuple(player_cards), (p2 + (third or 0)) % 10, p2, p_draws, "table-1"),
        Hand(
            banker_name,
            tuple(banker_cards),
            (b2 + max(state["banker_third"], 0)) % 10,
            b2,
            b_draws,
            "table-2" if p_draws else "player-stood",
            third,
        ),
    )


def check_round(game_id: str, cards, banker_name: str = "banker") -> None:
    """Refuse cards that are not exactly one round, saying what was expected."""
    from ..dealt import RoundError, nth

    order = f"give the cards in dealing order: {ORDER}"
    if len(cards) < 4:
        raise RoundError(f"{game_id}: a round needs at least 4 cards (P1 B1 P2 B2), got {len(cards)}; {order}")
    values = [baccarat_value(rank) for rank, _ in cards][:6]
    padded = values + [0] * (6 - len(values))  # a missing card's value decides nothing before it
    used = next(n for n in range(4, 7) if punto_banco.play_round(padded[:n]) is not None)
    if len(cards) < used:
        player, banker = baccarat_hands(list(cards) + [(10, None)] * (6 - len(cards)), banker_name)
        why = (
            f"player {player.two_card_total} draws, Table 1"
            if len(cards) == 4 and player.draws
            else f"{banker.hand} {banker.two_card_total} draws, "
            + ("Table 2" if banker.rule == "table-2" else "the player stood")
        )
        raise RoundError(
            f"{game_id}: the round needs a {nth(len(cards) + 1)} card ({why}), got {len(cards)} cards; {order}"
        )
    if len(cards) > used:
        player, banker = baccarat_hands(cards[:used], banker_name)
        if player.rule == "natural":
            why = "a natural"
        elif not player.draws and not banker.draws:
            why = f"player {player.two_card_total} and banker {banker.two_card_total} stand"
        elif not banker.draws:
            why = f"{banker.hand} {banker.two_card_total} stands"
        elif not player.draws:
            why = f"player {player.two_card_total} stood and the {banker.hand} has drawn"
        else:
            why = "each hand has drawn its third card"
        extra = ",".join(card_name(r, s) for r, s in cards[used:])
        raise RoundError(
            f"{game_id}: the round ends after {used} cards ({why}), got {len(cards)}: "
            f"{shown(extra)} {'is' if len(cards) - used == 1 else 'are'} not dealt"
        )


# -- the cells of the drawing tables ---------------------------------------------------------------


def drawing_cells(cards) -> list[str]:
    """The cells of the drawing tables a complete baccarat round exercises (module docstring)."""
    player, banker = baccarat_hands(cards)
    if player.rule == "natural":
        out = [f"natural/{h.hand}-{h.two_card_total}" for h in (player, banker) if (h.two_card_total or 0) >= 8]
        return out + (["natural/both"] if len(out) == 2 else [])
    out = [f"table-1/player-{player.two_card_total}"]
    if banker.rule == "table-2":
        out.append(f"table-2/banker-{banker.two_card_total}/third-{banker.player_third}")
    else:
        out.append(f"player-stood/banker-{banker.two_card_total}")
    return out


def every_cell() -> list[str]:
    """Every cell of the drawing tables, from the rules' own ranges."""
    cells = [f"table-1/player-{p}" for p in range(8)]
    cells += [f"table-2/banker-{b}/third-{v}" for b in sorted(punto_banco.BANKER_DRAWS_ON) for v in range(10)]
    cells += [f"player-stood/banker-{b}" for b in sorted(punto_banco.BANKER_DRAWS_ON)]
    return cells + ["natural/player-8", "natural/player-9", "natural/banker-8", "natural/banker-9", "natural/both"]


def card_of_value(value: int, rng: random.Random) -> tuple[int, str]:
    """A card of this baccarat value: a ten-value card's rank and every suit chosen at random."""
    return (rng.choice((10, 11, 12, 13)) if value == 0 else value), rng.choice(SUITS)


def deal_values(p_values, b_values, rng, third=None) -> list[tuple[int, str]]:
    """A complete round whose first four cards have these values (P1 P2, B1 B2); the player's
    third card has value ``third`` when it draws (random when None). The banker's third card is
    never a ten-value card and, where one can, changes who wins: a program that gets the
    banker's draw wrong then gets the banker's total and the main bets wrong, not only Big/Small."""

    def drawing(values):  # the drawing so far (cards not dealt yet read as 0s: they decide nothing before them)
        return {k: int(v[0]) for k, v in punto_banco.deal_state([values + [0] * (6 - len(values))]).items()}

    values = [p_values[0], b_values[0], p_values[1], b_values[1]]
    state = drawing(values)
    if state["player_third"] >= 0:
        values.append(third if third is not None else rng.randrange(10))
        state = drawing(values)
    if state["banker_third"] >= 0:
        player = (state["player_two"] + max(state["player_third"], 0)) % 10
        values.append(_decisive(player, state["banker_two"], rng))
    return [card_of_value(v, rng) for v in values]


def _decisive(player: int, banker: int, rng: random.Random) -> int:
    """A banker third-card value (1-9) that changes who wins against ``player``, if one does."""

    def winner(b):
        return (b > player) - (b < player)

    values = list(range(1, 10))
    rng.shuffle(values)
    return next((v for v in values if winner((banker + v) % 10) != winner(banker)), values[0])


def drawing_rounds(rng: random.Random) -> list[tuple[str, list[tuple[int, str]]]]:
    """``(cell, cards)``: rounds that exercise every cell of :func:`every_cell`, each made for the
    cell it names: one per cell of Table 2 (the player's two-card total cycling through 0-5), one
    per banker total after the player stood (6 or 7 against it), the naturals."""

    def pair(total: int) -> list[int]:
        first = rng.randrange(10)
        return [first, (total - first) % 10]

    drawing_totals = [t for t in range(8) if punto_banco.player_draws(t)]
    standing_totals = [t for t in range(8) if not punto_banco.player_draws(t)]
    banker_totals = sorted(punto_banco.BANKER_DRAWS_ON)
    rounds = []
    for i, (b, v) in enumerate((b, v) for b in banker_totals for v in range(10)):
        cards = deal_values(pair(drawing_totals[i % len(drawing_totals)]), pair(b), rng, third=v)
        rounds.append((f"table-2/banker-{b}/third-{v}", cards))
    for i, b in enumerate(banker_totals):
        cards = deal_values(pair(standing_totals[i % len(standing_totals)]), pair(b), rng)
        rounds.append((f"player-stood/banker-{b}", cards))
    for cell, p, b in (
        ("natural/player-8", 8, rng.randrange(8)),
        ("natural/player-9", 9, rng.randrange(8)),
        ("natural/banker-8", rng.randrange(8), 8),
        ("natural/banker-9", rng.randrange(8), 9),
        ("natural/both", 8, 9),
    ):
        rounds.append((cell, deal_values(pair(p), pair(b), rng)))
    return rounds


class BaccaratRounds:
    """What a baccarat-family game reads from one round and lists for the settlement vectors (a
    mixin of :class:`odds.games.base.Game`): the hands as :func:`baccarat_hands` explains them,
    and the rounds of every drawing cell for its default paytable."""

    id: str
    second_hand = "banker"
    """The second hand's name (the dealer's in player-dealer baccarat)."""

    def round_order(self) -> str:
        return ORDER

    def deal_round(self, draw) -> list:
        """Deal one round from real cards: four, then the third cards the rules call for (in
        player-dealer baccarat the option hand's hit card is dealt whatever each bettor chose)."""
        cards = [draw() for _ in range(4)]
        values = [baccarat_value(r) for r, _ in cards]
        while punto_banco.cards_used(values) is None:
            cards.append(draw())
            values.append(baccarat_value(cards[-1][0]))
        return cards

    def round_lengths(self, values):
        """Four cards, and the third cards the rules call for (:func:`punto_banco.cards_used_from`:
        the drawing's lookup by five values from each position): :meth:`deal_round` for a whole
        shoe at once."""
        return punto_banco.cards_used_from(values)

    def round_hands(self, dealt, paytable) -> tuple[tuple[Hand, ...], dict]:
        check_round(self.id, dealt, self.second_hand)
        return baccarat_hands(dealt, self.second_hand), {}

    def drawing_cells(self, cards) -> list[str]:
        """The cells of the drawing tables a complete round exercises (module docstring)."""
        return drawing_cells(cards)

    def every_cell(self) -> list[str]:
        """Every cell this game's settlement vectors exercise."""
        return every_cell()

    def drawing_rounds(self, rng: random.Random) -> list[tuple[str, list[tuple[int, str]]]]:
        """``(cell, cards)``: a round made for each cell of :meth:`every_cell` (:func:`drawing_rounds`)."""
        return drawing_rounds(rng)

    def vector_rounds(self, paytable, rng, default: bool):
        """The card game's rounds (:meth:`odds.games.base.Game.vector_rounds`), led, for the
        default paytable, by a round made for each cell of the drawing tables; every round
        names the cells it exercises."""
        from typing import cast

        from .base import Game

        made = []
        if default:
            made = self.drawing_rounds(rng)
            for cell, cards in made:  # each round exercises the cell it was made for (a guard on this code)
                if cell not in self.drawing_cells(cards):
                    raise AssertionError(f"the round made for {cell} exercises {self.drawing_cells(cards)}")
        plan = Game.vector_rounds(cast(Game, self), paytable, rng, default)  # (a mixin of a Game)
        plan.made = made
        plan.covers = self.drawing_cells
        return plan
