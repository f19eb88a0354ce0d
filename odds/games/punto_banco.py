"""The drawing rules of punto banco baccarat (seeds 001 and 003, Tables 1 and 2).

Deal order is P1 B1 P2 B2, then the player's third card, then the banker's. These functions are
the one place the rules live; the compiled enumerator, the brute-force oracle and the Monte Carlo
dealer all call them.

>>> player_draws(5), player_draws(6)
(True, False)
>>> banker_draws(3, 8), banker_draws(3, 9), banker_draws(5, None)
(False, True, True)
>>> play_round([4, 3, 0, 3, 2, 9])   # player 4 draws a 2 -> 6; banker 6 on a 2 stands
Round(player=6, banker=6, player_cards=3, banker_cards=2)
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from typing import NamedTuple
from collections.abc import Sequence

# Table 2 of the seeds: the banker's two-card total -> the player's third-card values on which
# the banker draws. 0-2 always draw, 7 stands, 8-9 are naturals (never reached here).
BANKER_DRAWS_ON = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset({0, 1, 2, 3, 4, 5, 6, 7, 9}),  # stands on an 8
    4: frozenset({2, 3, 4, 5, 6, 7}),
    5: frozenset({4, 5, 6, 7}),
    6: frozenset({6, 7}),
    7: frozenset(),
}


class Round(NamedTuple):
    """How a baccarat round ended: both totals and how many cards each hand holds."""

    player: int
    banker: int
    player_cards: int
    banker_cards: int

    @property
    def cards(self) -> int:
        return self.player_cards + self.banker_cards

    @property
    def player_natural(self) -> bool:
        return self.player_cards == 2 and self.player >= 8

    @property
    def banker_natural(self) -> bool:
        return self.banker_cards == 2 and self.banker >= 8


def is_natural(total: int) -> bool:
    return total >= 8


def player_draws(player_total: int) -> bool:
    """Table 1: the player draws on 0-5 and stands on 6-7 (naturals are handled before)."""
    return player_total <= 5


def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """Whether the banker draws; ``player_third`` is None when the player stood.

    When the player stood the banker draws on 0-5; otherwise Table 2 decides.
    """
    if player_third is None:
        return banker_total <= 5
    return player_third in BANKER_DRAWS_ON.get(banker_total, frozenset())


def play_round(values: Sequence[int]) -> Round | None:
    """Play the round dealt from these card values in order (P1 B1 P2 B2, then draws): the
    drawing of :func:`deal_state` on one round. None when the round needs more cards than given.
    """
    import numpy as np

    if len(values) < 4:
        return None
    row = np.zeros((1, 6), dtype=np.int64)
    row[0, : min(len(values), 6)] = list(values)[:6]
    state = {k: int(v[0]) for k, v in deal_state(row).items()}
    if state["used"] > len(values):
        return None
    return _round_of(state)


def cards_used(values: Sequence[int]) -> int | None:
    """How many cards the round dealt from these card values uses (4 to 6); None when it needs
    more than are given. For dealing real cards one at a time: a lookup in the drawing of
    :func:`deal_state` over every five-value prefix (the sixth card decides nothing), made once.

    >>> cards_used([4, 3, 0, 3]), cards_used([4, 3, 0, 3, 2]), cards_used([9, 3, 0, 3])
    (None, 5, 4)
    """
    if len(values) < 4:
        return None
    table = _used_by_prefix()
    key = ((values[0] * 10 + values[1]) * 10 + values[2]) * 10 + values[3]
    used = table[key * 10]  # a round that stops at four cards never reads the fifth
    if used > 4:
        if len(values) < 5:
            return None
        used = table[key * 10 + values[4]]
    return used if used <= len(values) else None


def cards_used_from(values):
    """:func:`cards_used` of a round starting at every position of a run of card values (a numpy
    int array; past its end the values read as 0): the same lookup, all positions at once.

    >>> import numpy as np
    >>> cards_used_from(np.array([4, 3, 0, 3, 2, 9, 3, 0, 3])).tolist()
    [5, 5, 6, 5, 4, 4, 5, 6, 6]
    """
    import numpy as np

    padded = np.zeros(len(values) + 4, dtype=np.int64)
    padded[: len(values)] = values
    key = padded[:-4] * 10**4  # the first five values as a five-digit number
    for digit in range(1, 5):
        key += padded[digit : len(padded) - 4 + digit] * 10 ** (4 - digit)
    return _used_array()[key].astype(np.int64)


@cache
def _used_by_prefix() -> list[int]:
    """Cards used by the round, by its first five values read as a five-digit number."""
    return _used_array().tolist()


@cache
def _used_array():
    """:func:`_used_by_prefix` as a numpy array (int8: 100 kB, kept in the caches)."""
    import numpy as np

    rows = np.zeros((10**5, 6), dtype=np.int64)
    rows[:, :5] = np.indices((10,) * 5).reshape(5, -1).T
    return deal_state(rows)["used"].astype(np.int8)


def _round_of(state: dict) -> Round:
    """The :class:`Round` of one row of :func:`deal_state`."""
    player, banker = state["player_two"], state["banker_two"]
    if state["player_third"] >= 0:
        player = (player + state["player_third"]) % 10
    if state["banker_third"] >= 0:
        banker = (banker + state["banker_third"]) % 10
    return Round(player, banker, 2 + (state["player_third"] >= 0), 2 + (state["banker_third"] >= 0))


# -- the rules as the seeds' tables print them (to explain a round) -------------------------------


def table_1_row(total: int) -> tuple[tuple[int, ...], bool]:
    """The row of Table 1 a player's two-card total falls in: ``(its totals, draws)``, read from
    :func:`player_draws`.

    >>> table_1_row(5)
    ((0, 1, 2, 3, 4, 5), True)
    """
    draws = player_draws(total)
    return tuple(t for t in range(8) if player_draws(t) == draws), draws


def table_2_row(banker_total: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Table 2's row for a banker two-card total: ``(player third-card values it draws on, values
    it stands on)``, read from :func:`banker_draws`.

    >>> table_2_row(6)
    ((6, 7), (0, 1, 2, 3, 4, 5, 8, 9))
    """
    draw = tuple(v for v in range(10) if banker_draws(banker_total, v))
    return draw, tuple(v for v in range(10) if v not in draw)


def stood_row() -> tuple[int, ...]:
    """The banker totals that draw when the player stood (0-5)."""
    return tuple(b for b in range(8) if banker_draws(b, None))


# -- the rules compiled over card values ---------------------------------------------------------


def _decode(code: int) -> Round:
    return Round(code % 10, code // 10 % 10, 2 + code // 100 % 2, 2 + code // 200)


def _drawing_tables():
    """:func:`is_natural` and :func:`player_draws` by total, :func:`banker_draws` by total and
    player's third card (column 10: the player stood), as numpy lookup tables, made once."""
    if not _DRAWING_TABLES:
        import numpy as np

        _DRAWING_TABLES.append(np.array([is_natural(t) for t in range(10)]))
        _DRAWING_TABLES.append(np.array([player_draws(t) for t in range(10)]))
        _DRAWING_TABLES.append(
            np.array([[banker_draws(b, t if t < 10 else None) for t in range(11)] for b in range(10)])
        )
    return _DRAWING_TABLES


_DRAWING_TABLES: list = []


def play_many(grid):
    """:func:`deal_state` over rows of six card values, as (cards used, state code): the code
    packs both final totals and who drew (decoded by :func:`_decode`)."""
    import numpy as np

    state = deal_state(grid)
    p_draws, b_draws = state["player_third"] >= 0, state["banker_third"] >= 0
    p_final = (state["player_two"] + np.maximum(state["player_third"], 0)) % 10
    b_final = (state["banker_two"] + np.maximum(state["banker_third"], 0)) % 10
    return state["used"], p_final + 10 * b_final + 100 * p_draws + 200 * b_draws


# -- the round's features, for bets written as conditions (odds/bets) ------------------------------


def deal_state(values):
    """The drawing over rows of six card values in dealing order (numpy int arrays, shape
    ``(rows, 6)``; values beyond the cards a round uses are ignored). Returns the arrays
    ``player_two``, ``banker_two`` (two-card totals), ``natural`` (either is a natural), ``player_third``, ``banker_third`` (the third
    card's value, -1 when that hand stood), ``banker_third_at`` (the third card's position in the
    deal: 4 or 5, -1 when the banker stood) and ``used`` (cards the round uses, 4-6).

    The one place the drawing is played out: it reads the rules through :func:`is_natural`,
    :func:`player_draws` and :func:`banker_draws` (as lookup tables), and :func:`play_round`,
    :func:`play_many`, the settling of a round (:mod:`odds.settle`) and player-dealer baccarat
    all call it.
    """
    import numpy as np

    values = np.asarray(values, dtype=np.int64)
    natural_table, player_table, banker_table = _drawing_tables()
    p2 = (values[:, 0] + values[:, 2]) % 10
    b2 = (values[:, 1] + values[:, 3]) % 10
    natural = natural_table[p2] | natural_table[b2]
    p_draws = ~natural & player_table[p2]
    third = np.where(p_draws, values[:, 4], 10)
    b_draws = ~natural & banker_table[b2, third]
    b_at = np.where(p_draws, 5, 4)
    banker_third = np.where(b_draws, np.take_along_axis(values, b_at[:, None], axis=1)[:, 0], -1)
    return {
        "player_two": p2,
        "banker_two": b2,
        "natural": natural,
        "player_third": np.where(p_draws, values[:, 4], -1),
        "banker_third": banker_third,
        "banker_third_at": np.where(b_draws, b_at, -1),
        "used": 4 + p_draws.astype(np.int64) + b_draws.astype(np.int64),
    }


def state_features(state) -> dict:
    """Every feature decided by the round's end state (two-card totals and third cards)."""
    import numpy as np

    p2, b2, pt, bt = state["player_two"], state["banker_two"], state["player_third"], state["banker_third"]
    natural = _drawing_tables()[0]
    player = np.where(pt >= 0, (p2 + pt) % 10, p2)
    banker = np.where(bt >= 0, (b2 + bt) % 10, b2)
    player_cards = 2 + (pt >= 0).astype(np.int64)
    banker_cards = 2 + (bt >= 0).astype(np.int64)
    return {
        "player_total": player,
        "banker_total": banker,
        "player_two_card_total": p2,
        "banker_two_card_total": b2,
        "player_cards": player_cards,
        "banker_cards": banker_cards,
        "player_third": pt,
        "banker_third": bt,
        "player_natural": natural[p2],
        "banker_natural": natural[b2],
        "player_wins": player > banker,
        "banker_wins": banker > player,
        "tie": player == banker,
        "cards": player_cards + banker_cards,
    }


PLAYER_AT = (0, 2, 4)
"""Positions in the deal of the player's first, second and third card (P1 B1 P2 B2, then draws)."""
BANKER_AT = (1, 3)
"""Positions of the banker's first two cards; the third is at 4 or 5 (``banker_third_at``)."""


def card_features(state, values, ranks, suits, wanted) -> dict:
    """Features that read single cards: values, ranks (A = 1 ... K = 13) and suit codes of each
    hand's cards (-1 / "" for a card not dealt), pairs and suited first two cards. ``values``,
    ``ranks``, ``suits`` are ``(rows, 6)`` arrays in dealing order; a rank or suit not enumerated
    is -1 and never read (the engine enumerates what the wanted features need)."""
    import numpy as np

    from ..bets.condition import text_code

    def hand(arr, missing):
        """The arrays of the player's and the banker's first, second and third cards."""
        p = [arr[:, 0], arr[:, 2]]
        b = [arr[:, 1], arr[:, 3]]
        if state is not None:  # third cards exist only where the drawing was played
            b_at = state["banker_third_at"]
            third = np.take_along_axis(arr, np.maximum(b_at, 0)[:, None], axis=1)[:, 0]
            p.append(np.where(state["player_third"] >= 0, arr[:, 4], missing))
            b.append(np.where(b_at >= 0, third, missing))
        return p, b

    out = {}
    names = set(wanted)
    if names & {"player_value1", "player_value2", "banker_value1", "banker_value2"}:
        out.update(
            player_value1=values[:, 0],
            player_value2=values[:, 2],
            banker_value1=values[:, 1],
            banker_value2=values[:, 3],
        )
    if any(n.startswith(("player_rank", "banker_rank")) or n.endswith("_pair") for n in names):
        p, b = hand(ranks, -1)
        for i in range(len(p)):
            out[f"player_rank{i + 1}"], out[f"banker_rank{i + 1}"] = p[i], b[i]
        out["player_pair"] = ranks[:, 0] == ranks[:, 2]
        out["banker_pair"] = ranks[:, 1] == ranks[:, 3]
    if any(n.startswith(("player_suit", "banker_suit")) for n in names):
        codes = np.array([text_code(s) for s in SUIT_TEXTS] + [text_code("")], dtype=np.int64)
        suit_codes = codes[np.where(suits >= 0, suits, len(SUIT_TEXTS))]
        p, b = hand(suit_codes, text_code(""))
        for i in range(len(p)):
            out[f"player_suit{i + 1}"], out[f"banker_suit{i + 1}"] = p[i], b[i]
        out["player_suited"] = suits[:, 0] == suits[:, 2]
        out["banker_suited"] = suits[:, 1] == suits[:, 3]
    return {n: out[n] for n in wanted if n in out}


SUIT_TEXTS = ("s", "h", "d", "c")
"""Suit letters in card-kind order (a card kind is ``4 * (rank - 1) + suit index``)."""


def _features():
    from ..bets.features import flag, number, text

    # what each fact of the drawing depends on: the values of the cards that decide it (the
    # banker draws on the player's third card; a third card may not be dealt)
    first = [(0, "value"), (2, "value")]
    first_b = [(1, "value"), (3, "value")]
    four = [(p, "value") for p in range(4)]
    five = four + [(4, "value")]
    six = five + [(5, "value")]

    def drawn(reads, drawing=True):
        """A fact of the end state reading these positions (``drawing``: some may not be dealt)."""
        return dict(reads=reads, drawing=drawing, state=True)

    out = [
        number("player_total", 0, 9, "the player's final total", **drawn(reads=six)),
        number("banker_total", 0, 9, "the banker's final total", **drawn(reads=six)),
        number(
            "player_two_card_total",
            0,
            9,
            "the player's total on its first two cards",
            **drawn(reads=first, drawing=False),
        ),
        number(
            "banker_two_card_total",
            0,
            9,
            "the banker's total on its first two cards",
            **drawn(reads=first_b, drawing=False),
        ),
        number("player_cards", 2, 3, "cards in the player's hand", **drawn(reads=four, drawing=False)),
        number("banker_cards", 2, 3, "cards in the banker's hand", **drawn(reads=five)),
        number(
            "player_third",
            -1,
            9,
            "the value of the player's third card; -1 when the player stood",
            **drawn(reads=five),
        ),
        number(
            "banker_third",
            -1,
            9,
            "the value of the banker's third card; -1 when the banker stood",
            **drawn(reads=six),
        ),
        flag("player_natural", "the player has 8 or 9 on two cards", **drawn(reads=first, drawing=False)),
        flag("banker_natural", "the banker has 8 or 9 on two cards", **drawn(reads=first_b, drawing=False)),
        flag("player_wins", "the player's total is higher", **drawn(reads=six)),
        flag("banker_wins", "the banker's total is higher", **drawn(reads=six)),
        flag("tie", "the totals are equal", **drawn(reads=six)),
        number("cards", 4, 6, "cards dealt in the round", **drawn(reads=five)),
        number(
            "player_value1", 0, 9, "the value of the player's first card (10, J, Q, K count 0)", reads=[(0, "value")]
        ),
        number("player_value2", 0, 9, "the value of the player's second card", reads=[(2, "value")]),
        number(
            "banker_value1",
            0,
            9,
            "the value of the banker's first card (the dealer's up card in a card room)",
            reads=[(1, "value")],
        ),
        number("banker_value2", 0, 9, "the value of the banker's second card", reads=[(3, "value")]),
    ]
    # the third card is the 5th card dealt for the player; the 5th or 6th for the banker (which,
    # and whether it is dealt, the first four cards and the player's third decide)
    thirds = {"player": (four, (4,)), "banker": (five, (4, 5))}
    ordinal = ("first", "second", "third")
    for side, at in (("player", PLAYER_AT), ("banker", BANKER_AT)):
        for i in range(3):
            first_two = i < 2
            reads = [(at[i], "rank")] if first_two else thirds[side][0] + [(p, "rank") for p in thirds[side][1]]
            out.append(
                number(
                    f"{side}_rank{i + 1}",
                    1 if first_two else -1,
                    13,
                    f"the rank of the {side}'s {ordinal[i]} card: A = 1 ... J = 11, Q = 12, K = 13"
                    + ("" if first_two else "; -1 when not dealt"),
                    reads=reads,
                    drawing=not first_two,
                )
            )
    for side, at in (("player", PLAYER_AT), ("banker", BANKER_AT)):
        for i in range(3):
            first_two = i < 2
            reads = [(at[i], "suit")] if first_two else thirds[side][0] + [(p, "suit") for p in thirds[side][1]]
            out.append(
                text(
                    f"{side}_suit{i + 1}",
                    SUIT_TEXTS + (() if first_two else ("",)),
                    f"the suit of the {side}'s {ordinal[i]} card: s h d c"
                    + ("" if first_two else '; "" when not dealt'),
                    reads=reads,
                    drawing=not first_two,
                    suits="value",
                )
            )
    out += [
        flag("player_pair", "the player's first two cards have the same rank", reads=[(0, "rank"), (2, "rank")]),
        flag("banker_pair", "the banker's first two cards have the same rank", reads=[(1, "rank"), (3, "rank")]),
        flag(
            "player_suited",
            "the player's first two cards have the same suit",
            reads=[(0, "suit"), (2, "suit")],
            suits="symmetric",
        ),
        flag(
            "banker_suited",
            "the banker's first two cards have the same suit",
            reads=[(1, "suit"), (3, "suit")],
            suits="symmetric",
        ),
    ]
    return {f.name: f for f in out}


FEATURES = _features()
"""The features of a baccarat round (punto banco, Tiger Baccarat, player-dealer house way)."""


# -- the deal as the bet engine sees it --------------------------------------------------------------


def _state_code(state):
    """An integer per end state: two-card totals and third-card values (-1: stood)."""
    return (
        state["player_two"]
        + 10 * state["banker_two"]
        + 100 * (state["player_third"] + 1)
        + 1100 * (state["banker_third"] + 1)
    )


def _decode_state(code: int) -> tuple[int, int, int, int]:
    """``(player two-card total, banker two-card total, player third, banker third)``."""
    return code % 10, code // 10 % 10, code // 100 % 11 - 1, code // 1100 - 1


def state_table():
    """The rules compiled over the 10 values with each deal's end state (two-card totals and
    third-card values: 3,394 end states over 6,958 multisets); loaded from the stored tables
    (:mod:`odds.exact.store`), built only when missing."""
    return _stored_state_table()[0]


@cache
def _stored_state_table():
    import sys

    from ..exact import store

    def play(grid):
        state = deal_state(grid)
        return state["used"], _state_code(state)

    one_deck = [16] + [4] * 9
    return store.compiled_deal("baccarat-states", [sys.modules[__name__]], 10, 6, play, _decode_state, one_deck)


def stored_tables() -> dict:
    """The stored table this module needs, by name, with a function building it afresh."""
    key, build = _stored_state_table()[1]
    return {key: build}


def end_state_features(states) -> dict:
    """The drawing features of end states ``(player_two, banker_two, player_third, banker_third)``."""
    import numpy as np

    arr = np.array(states, dtype=np.int64).reshape(-1, 4)
    return state_features(
        {"player_two": arr[:, 0], "banker_two": arr[:, 1], "player_third": arr[:, 2], "banker_third": arr[:, 3]}
    )


def round_features(state, values, ranks, suits, names) -> dict:
    """The named features over rows of cards in dealing order (``state``: :func:`deal_state` of
    the rows, or None when no feature needs the drawing)."""
    out = state_features(state) if state is not None else {}
    out.update(card_features(state, values, ranks, suits, names))
    return {n: out[n] for n in names}


def _deal():
    from ..exact.deals import ShoeDeal

    return ShoeDeal(
        "baccarat",
        ("baccarat", "tiger-baccarat", "player-dealer-baccarat"),
        6,
        round_features,
        deal_state,
        state_table,
        end_state_features,
        always_dealt=4,
    )


DEAL = _deal()
"""Baccarat's deal for the bet engine: six positions P1 B1 P2 B2 and the third cards."""
POSITIONAL_DEAL = replace(DEAL, name="baccarat-positional", state_table=None, state_features=None)
"""The same deal with every condition bet on its own positional table: for games whose fast
batch path folds another compiled table (player-dealer baccarat's, with the option hand)."""


# -- the hands a multiplier overlay reads (odds.overlay) ------------------------------------------------


def _hand_mask(which: str):
    """``mask(state, rows)``: per row of a deal, the positions of a hand's cards (dealt only)."""

    def mask(state, rows):
        import numpy as np

        out = np.zeros((rows, 6), dtype=bool)
        if which in ("player", "player-pair"):
            out[:, [0, 2]] = True
        if which in ("banker", "banker-pair"):
            out[:, [1, 3]] = True
        if which == "player":
            out[:, 4] = state["player_third"] >= 0
        if which == "banker":
            at = state["banker_third_at"]
            out[np.flatnonzero(at >= 0), at[at >= 0]] = True
        if which == "all":
            out[:] = np.arange(6)[None, :] < state["used"][:, None]
        return out

    return mask


def overlay_support():
    """What a baccarat overlay boosts (card identities, or bet spots) and the hands it reads: the
    player's or banker's cards as dealt, every card dealt, or a hand's first two (its pair)."""
    from ..overlay.support import SPOTS, CardSupport

    hands = {
        "player": ((0, 2, 4), True, _hand_mask("player")),
        "banker": ((1, 3, 4, 5), True, _hand_mask("banker")),
        "all": ((0, 1, 2, 3, 4, 5), True, _hand_mask("all")),
        "player-pair": ((0, 2), False, _hand_mask("player-pair")),
        "banker-pair": ((1, 3), False, _hand_mask("banker-pair")),
    }
    return CardSupport({"cards": tuple(hands), **SPOTS}, {"cards": 52}, hands=hands, state=deal_state)


# -- the cards of the current round already seen ----------------------------------------------------


def seen_cards(player: str, banker: str):
    """The cards seen so far in a round (``--player``, ``--banker``: card specs in each hand's
    order) as :func:`seen_condition` reads them; None when none."""
    from ..cards import parse_cards

    if not player and not banker:
        return None
    hands = [
        [(spec.rank, spec.suit) for spec in parse_cards(text) for _ in range(spec.count)] for text in (player, banker)
    ]
    return seen_condition(*hands)


def seen_condition(player, banker) -> tuple[str, dict[int, tuple[int, str | None]]]:
    """The cards seen so far in a round, per hand in its own order (``(rank, suit or None)``), as
    a condition on the round's features and the deal positions they pin down.

    The first two cards of each hand and the player's third sit at fixed positions (P1 B1 P2 B2,
    then the player's third); the banker's third is the 5th or 6th card dealt, so it is only a
    condition. A deal agrees with what was seen when the condition holds.

    >>> seen_condition([(5, "h"), (13, None)], [])
    ('player_rank1 == 5 and player_suit1 == "h" and player_rank2 == 13', {0: (5, 'h'), 2: (13, None)})
    """
    from ..errors import OddsError

    if len(player) > 3 or len(banker) > 3:
        raise OddsError("a baccarat hand holds at most three cards")
    parts, at = [], {}
    for side, cards, positions in (("player", player, PLAYER_AT), ("banker", banker, BANKER_AT)):
        for i, (rank, suit) in enumerate(cards):
            parts.append(f"{side}_rank{i + 1} == {rank}")
            if suit:
                parts.append(f'{side}_suit{i + 1} == "{suit}"')
            if i < len(positions):
                at[positions[i]] = (rank, suit)
    return " and ".join(parts), at
