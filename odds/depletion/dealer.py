"""Deal whole shoes as the rules say, and record what a watcher knows before each round.

How a shoe is dealt (docs/rules.md "Cards, shoes", seeds 000, 001, 003 "Commencement", "cut card"):

1. Shuffle: every order of the cards equally likely. Shoe ``i`` of a run with seed ``s`` is
   shuffled by ``numpy.random.default_rng([s, i])``, so a shoe is the same whichever worker
   deals it.
2. Commencement: the first card is exposed; its value (A = 1, 2-9, 10/J/Q/K = 10) is the number
   of cards burned face down.
3. Rounds: before each round ``game.burn_per_round`` cards are burned face down (Dragon Tiger: 1),
   then ``game.deal_round`` deals the round; the cards it returns are exposed.
4. Cut card: ``cut_card`` cards lie behind it. It comes out when the dealer reaches it. With
   ``after_cut = "last"`` the round in which it comes out is the last. When a round ends with
   the cut card as the next card, what follows depends on the burn:

   * a game that burns a card before each round (``burn_per_round > 0``, Dragon Tiger): the cut
     card would come out as the next round's burn card, and that round does not start (seeds
     000, 003: "If game ends and yellow card is the burn card for next game, the latter game
     will not commence");
   * a game without a per-round burn (baccarat): the cut card is the first card of the next
     round, which is dealt and is the last (seed 003: "If game ends and yellow card is the first
     card for next game, the latter game will be the last game").

   The same holds after the commencement burn. This is how :mod:`odds.design.simulate` deals.
   With ``"one-more"`` exactly one more round is dealt than with ``"last"``. With ``"standard"``
   (the rule Wizard of Odds states and counting studies use: "When the cut card appears, the
   dealer will finish that hand, play one more hand ... If the cut card comes out instead of the
   first card, the dealer will finish that hand"): one more round when the cut card came out
   inside a round, none when it came out at a round's start (as ``"last"``). A round also never
   starts when fewer cards are left than a round may need (tiny test shoes only).

Before each round the watcher knows every exposed card, so the composition the round is dealt
from, as far as anyone can tell, is the *unseen* cards: the shoe less the exposed cards. Face-down
burns stay unseen (they are exchangeable with the cards still in the shoe).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from collections.abc import Sequence

from ..lazy import numpy as np

from ..cards import baccarat_value
from ..errors import OddsError
from ..shoe import CUT_CARD, commencement_burn
from .evaluator import CARD_OF_KIND

VALUE_OF_KIND = tuple(baccarat_value(rank) for rank, _ in CARD_OF_KIND)
"""The baccarat value of each card kind 0..51."""

AFTER_CUT = ("last", "one-more", "standard")


@dataclass(frozen=True)
class DealRules:
    """How deep a shoe is dealt. Defaults from docs/rules.md: 14 cards behind the cut card, the round
    in which it comes out is the last, the commencement card and its burn."""

    cut_card: int = CUT_CARD
    after_cut: str = "last"
    commencement: bool = True

    def __post_init__(self):
        if self.after_cut not in AFTER_CUT:
            raise OddsError(f"--after-cut must be one of {', '.join(AFTER_CUT)}, not {self.after_cut!r}")
        if not isinstance(self.cut_card, int) or self.cut_card < 0:
            raise OddsError(f"--cut-card must be a whole number of cards, at least 0, not {self.cut_card!r}")


def shuffled(full: Sequence[int], seed: int, index: int) -> np.ndarray:
    """Shoe ``index`` of a run: the card kinds (0..51) of the composition ``full`` in a random
    order drawn from ``default_rng([seed, index])``."""
    return np.random.default_rng([seed, index]).permutation(_sorted_shoe(tuple(full)))


@lru_cache(maxsize=8)
def _sorted_shoe(full: tuple[int, ...]) -> np.ndarray:
    """The card kinds of ``full`` in order (kept: every shoe of a run starts from it;
    ``permutation`` copies it, never changes it)."""
    return np.repeat(np.arange(52), np.asarray(full, dtype=np.int64))


def deal_shoe(game, order: Sequence[int], rules: DealRules = DealRules(), paytable=None, settle: bool = True):
    """Deal the shoe in this order of card kinds.

    Returns ``(unseen, outcomes)``: ``unseen[r]`` is the 52 card counts not yet exposed before
    round ``r`` (an int64 array, one row per round), ``outcomes[r]`` the round's
    ``{bet id: outcome key}`` for the bets of ``paytable`` (all rounds settled at once by
    ``settle_rounds``; None with ``settle=False``, when only the cards matter).

    With ``settle=False`` and a game whose rounds' lengths follow from the card values alone
    (:meth:`~odds.games.base.Game.round_lengths`: baccarat, Tiger Baccarat, Dragon Tiger), no
    round's cards are built: the shoe is walked by lengths (``odds count``'s dealing, a test checks
    it deals exactly as card by card).
    """
    kinds = np.asarray(order, dtype=np.int64)
    order = kinds.tolist()
    total = len(order)
    length_at = game.round_lengths(np.asarray(VALUE_OF_KIND, dtype=np.int64)[kinds]) if not settle and total else None
    if length_at is not None:  # Python ints: the walk below reads them one by one
        length_at = np.asarray(length_at, dtype=np.int64).tolist()
    dealt: list[list] = []

    def deal(pos: int) -> int:
        if length_at is not None:
            return length_at[pos]
        at = pos

        def draw():
            nonlocal at
            at += 1
            return CARD_OF_KIND[order[at - 1]]

        exposed = game.deal_round(draw)
        dealt.append(exposed)
        return len(exposed)

    first_exposed = bool(rules.commencement and total)
    start = 1 + commencement_burn(CARD_OF_KIND[order[0]][0]) if first_exposed else 0
    starts, lengths = round_spans(game, total, start, rules, deal)
    # the cards exposed before each round: the first card (commencement), then every earlier
    # round's own; row r + 1 of ``exposed`` counts round r's cards (row 0 the first card)
    rounds = len(starts)
    size = np.asarray(lengths, dtype=np.int64)
    first = np.asarray(starts, dtype=np.int64)
    at = np.repeat(first, size) + np.arange(int(size.sum())) - np.repeat(np.cumsum(size) - size, size)
    row = np.repeat(np.arange(1, rounds + 1), size)
    if first_exposed:
        at, row = np.concatenate([[0], at]), np.concatenate([[0], row])
    exposed = np.bincount(row * 52 + kinds[at], minlength=(rounds + 1) * 52).reshape(rounds + 1, 52)
    np.cumsum(exposed, axis=0, out=exposed)
    unseen = np.bincount(kinds, minlength=52) - exposed[:rounds]
    outcomes = game.settle_rounds(dealt, paytable) if settle else None
    return unseen.reshape(-1, 52), outcomes


def shoe_rounds(game, order: Sequence[int], rules: DealRules = DealRules()) -> list[list]:
    """The cards of each round a shoe in this order of card kinds deals (``(rank, suit)`` in
    dealing order): the commencement card and its burn, the burns, the cut card, as
    :func:`round_spans` decides - the one place a shoe is dealt, for ``count`` and ``simulate``.

    >>> from odds.games import get_game
    >>> order = list(range(52))  # As Ah Ad Ac 2s ...: the ace exposed burns one card (Ah)
    >>> rounds = shoe_rounds(get_game("dragon-tiger"), order, DealRules(cut_card=14))
    >>> rounds[0], len(rounds)  # a burn (Ad), then Dragon's and Tiger's cards, until the cut card
    ([(1, 'c'), (2, 's')], 12)
    """
    rows = shoe_kinds(game, order, rules)
    if rows is not None:
        return [[CARD_OF_KIND[k] for k in row if k >= 0] for row in rows.tolist()]
    kinds = list(map(int, order))
    total = len(kinds)
    first_exposed = bool(rules.commencement and total)
    start = 1 + commencement_burn(CARD_OF_KIND[kinds[0]][0]) if first_exposed else 0
    rounds: list[list] = []

    def deal(pos: int) -> int:
        at = pos

        def draw():
            nonlocal at
            at += 1
            return CARD_OF_KIND[kinds[at - 1]]

        rounds.append(game.deal_round(draw))
        return len(rounds[-1])

    round_spans(game, total, start, rules, deal)
    return rounds


def shoe_kinds(game, order: Sequence[int], rules: DealRules = DealRules()):
    """The rounds of :func:`shoe_rounds` as card kinds (0-51), an int64 array of one row per
    round and ``game.deal.positions`` columns, -1 past a round's cards - for a game whose rounds'
    lengths follow from the card values alone (:meth:`~odds.games.base.Game.round_lengths`),
    walked by lengths, every position's at once (a test deals every game both ways); None for
    the others, which are dealt round by round.

    >>> from odds.games import get_game
    >>> shoe_kinds(get_game("dragon-tiger"), list(range(52)), DealRules(cut_card=14))[:2].tolist()
    [[3, 4], [6, 7]]
    """
    kinds = np.asarray(order, dtype=np.int64)
    total = len(kinds)
    length_at = game.round_lengths(np.asarray(VALUE_OF_KIND, dtype=np.int64)[kinds]) if total else None
    if length_at is None:
        return None
    first_exposed = bool(rules.commencement and total)
    start = 1 + commencement_burn(CARD_OF_KIND[int(kinds[0])][0]) if first_exposed else 0
    starts, lengths = round_spans(game, total, start, rules, np.asarray(length_at).tolist().__getitem__)
    width = game.deal.positions
    at = np.asarray(starts, dtype=np.int64)[:, None] + np.arange(width)
    dealt = np.arange(width) < np.asarray(lengths, dtype=np.int64)[:, None]
    if len(lengths) and max(lengths) > width:
        raise ValueError(f"{game.id}: a round of {max(lengths)} cards, but its deal reads {width} positions")
    return np.where(dealt, kinds[np.minimum(at, total - 1)], -1).reshape(len(starts), width)


def round_spans(game, total: int, start: int, rules: DealRules, deal) -> tuple[list[int], list[int]]:
    """Where each round's first card lies and how many cards it uses, dealing from position
    ``start`` (after the commencement burn) of a shoe of ``total`` cards: before each round the
    game burns ``burn_per_round`` cards; ``deal(pos)`` deals the round from ``pos`` and returns the
    cards it used. The cut card lies ``rules.cut_card`` cards from the end; ``rules.after_cut``
    says which round is the last (:class:`DealRules`)."""
    pos = start
    cut_index = total - rules.cut_card  # the cut card lies just before order[cut_index]
    burn = game.burn_per_round
    starts: list[int] = []
    lengths: list[int] = []
    extra_dealt = False
    cut_between_rounds = False  # the cut card came out where a round starts ("standard": no more rounds)
    while True:
        # the cut card is out, or would come out as this round's burn card
        if pos > cut_index or (pos == cut_index and burn > 0):
            if (
                rules.after_cut == "last"
                or extra_dealt
                or (rules.after_cut == "standard" and (cut_between_rounds or pos == cut_index))
            ):
                break
            extra_dealt = True
        elif pos == cut_index:  # no burn: the cut card is this round's first card
            cut_between_rounds = True
        if total - pos - burn < game.min_cards:
            break
        pos += burn
        starts.append(pos)
        used = deal(pos)
        lengths.append(used)
        pos += used
    return starts, lengths


def deal_chunk(game, orders: Sequence[np.ndarray], rules: DealRules = DealRules()) -> tuple[np.ndarray, np.ndarray]:
    """Deal many shoes at once: ``(unseen, rounds)``, every shoe's rows of :func:`deal_shoe`
    (``settle=False``) one after the other, and how many rounds each shoe dealt.

    Shoes of one size are dealt with numpy over all of them. The walk: the position before each
    round follows from the one before it (``p + burn + length``), whatever the cut card, so every
    shoe is walked in step until none has a round left, then cut where :func:`round_spans` would
    stop it (:func:`_rounds_dealt`). A game without :meth:`~odds.games.base.Game.round_lengths`,
    or shoes of several sizes: shoe by shoe.
    """
    kinds = np.asarray(orders, dtype=np.int64) if len(orders) else np.zeros((0, 0), dtype=np.int64)
    lengths = None
    if kinds.ndim == 2 and kinds.shape[1]:
        shoes, total = kinds.shape
        # each shoe's round lengths from every position, its own padding after it (as deal_shoe's)
        padded = np.zeros((shoes, total + 6), dtype=np.int64)
        padded[:, :total] = np.asarray(VALUE_OF_KIND, dtype=np.int64)[kinds]
        lengths = game.round_lengths(padded.reshape(-1))
    if lengths is None:
        shoes = [deal_shoe(game, order, rules, settle=False)[0] for order in orders]
        rounds = np.array([len(u) for u in shoes], dtype=np.int64)
        return (np.concatenate(shoes) if shoes else np.zeros((0, 52), dtype=np.int64)), rounds
    length_at = np.asarray(lengths, dtype=np.int64).reshape(shoes, total + 6)
    burn = game.burn_per_round
    if rules.commencement:
        pos = 1 + np.array([commencement_burn(CARD_OF_KIND[k][0]) for k in kinds[:, 0].tolist()], dtype=np.int64)
    else:
        pos = np.zeros(shoes, dtype=np.int64)
    walked = []  # the position before each round, while a round may start
    room = total - burn - game.min_cards  # a round starts only from a position at most this
    rows = np.arange(shoes)
    while True:
        walked.append(pos)
        live = pos <= room
        if not live.any():
            break
        start = np.minimum(pos + burn, total)
        pos = np.where(live, start + length_at[rows, start], pos + burn + game.min_cards)
    before = np.stack(walked, axis=1)  # (shoes, steps)
    rounds = _rounds_dealt(before, total, burn, room, rules)
    # the cards exposed before each round, all shoes in one bincount: row r (round j of shoe i)
    # counts what came out since the row before - round j - 1's cards, or the first card (the
    # commencement) for round 0; summed down the rows, less what the shoes before had by then
    taken = np.arange(before.shape[1])[None, :] < rounds[:, None]
    shoe_of = np.repeat(rows, rounds)
    starts = before[taken] + burn
    first_row = np.cumsum(rounds) - rounds
    last = np.zeros(len(starts), dtype=bool)
    last[(first_row + rounds - 1)[rounds > 0]] = True  # a shoe's last round: its cards are never needed
    size = np.where(last, 0, length_at[shoe_of, starts])
    cards = int(size.sum())
    at = np.repeat(starts, size) + np.arange(cards) - np.repeat(np.cumsum(size) - size, size)
    row, card_shoe = np.repeat(np.arange(len(starts)) + 1, size), np.repeat(shoe_of, size)
    if rules.commencement:
        dealt = rounds > 0
        at = np.concatenate([np.zeros(int(dealt.sum()), dtype=np.int64), at])
        row = np.concatenate([first_row[dealt], row])
        card_shoe = np.concatenate([rows[dealt], card_shoe])
    height = len(starts)
    if not height:
        return np.zeros((0, 52), dtype=np.int64), rounds
    # counted kind-major, (52, rows): numpy's running sum along the contiguous axis is ten times
    # faster than down the rows of a (rows, 52) array
    exposed = np.bincount(kinds[card_shoe, at] * height + row, minlength=52 * height).reshape(52, height)
    np.cumsum(exposed, axis=1, out=exposed)
    full = np.bincount((rows[:, None] * 52 + kinds).reshape(-1), minlength=shoes * 52).reshape(shoes, 52)
    earlier = np.zeros((shoes, 52), dtype=np.int64)  # the rows' sums before each shoe's first row
    earlier[1:] = exposed[:, np.maximum(first_row[1:] - 1, 0)].T * (first_row[1:] > 0)[:, None]
    unseen = np.repeat(full + earlier, rounds, axis=0)
    unseen -= exposed.T
    return unseen, rounds


def _rounds_dealt(before: np.ndarray, total: int, burn: int, room: int, rules: DealRules) -> np.ndarray:
    """Rounds each shoe deals, from the positions before its rounds (``before[i, j]``: before
    round ``j`` as if the cut card never came out): :func:`round_spans`'s rules, per shoe at once.
    Round ``j`` finds the cut card out when ``p_j`` is past it (or at it, and a burn comes first);
    with ``k`` the first such round, "last" deals ``k`` rounds, "one-more" ``k + 1``, "standard"
    ``k`` when the cut card came out where a round starts (``p_k`` at it, or ``p_(k-1)`` at it
    without a burn), else ``k + 1``; and no round starts past ``room``."""
    cut_index = total - rules.cut_card
    steps = before.shape[1]
    out_now = (before > cut_index) | ((before == cut_index) & (burn > 0))
    first_out = np.where(out_now.any(axis=1), out_now.argmax(axis=1), steps)
    rows = np.arange(len(before))
    at_k = before[rows, np.minimum(first_out, steps - 1)]
    previous = before[rows, np.maximum(first_out - 1, 0)]
    between = (first_out < steps) & ((at_k == cut_index) | ((first_out > 0) & (previous == cut_index) & (burn == 0)))
    if rules.after_cut == "last":
        by_cut = first_out
    elif rules.after_cut == "one-more":
        by_cut = first_out + 1
    else:
        by_cut = np.where(between, first_out, first_out + 1)
    no_room = before > room
    by_room = np.where(no_room.any(axis=1), no_room.argmax(axis=1), steps)
    return np.minimum(by_cut, by_room)
