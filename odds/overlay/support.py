"""What each game's deal gives a multiplier overlay: counts of rounds by (outcome, pattern), and
the items one dealt round reads (for ``settle`` and ``simulate``).

A game declares what it can boost and which items each boosted outcome may read (its
:class:`OverlaySupport`, the game's ``overlays``): Sic Bo and Lightning Dice boost dice totals,
the wheels pockets, Bac Bo dice faces, Dragon Tiger card identities or suits, baccarat card
identities; every game may boost bet spots. The counts come from one of two places:

* dice and wheels (:class:`RollSupport`): every equally likely roll or pocket, settled, its items
  read off the roll;
* card games (:class:`CardSupport`): the deal enumerated over its positions at the coarsest
  resolution that decides the bet and the items (baccarat values when the bet reads only the
  drawing), each sequence weighted by its ordered deals of the shoe. Card identities within a
  class of that resolution (a value, a rank) are exchangeable, so the identities of the hand's
  cards of one class are an ordered sample without replacement from the shoe's cards of that
  class, and how they repeat follows exactly from the class's composition
  (:func:`class_patterns`). Exact for any composition given with its suits; suits themselves are
  read at card resolution (Dragon Tiger's two cards).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from math import factorial
from collections.abc import Callable

from ..exact.intmath import falling
from ..errors import OddsError

ENUMERATION_LIMIT = 6_000_000
"""Most sequences of kinds a card overlay enumerates (six baccarat positions at rank: 4.8M)."""


def pattern_of(items) -> tuple[int, ...]:
    """How the items repeat: the multiplicities of the distinct targets, largest first.

    >>> pattern_of(["7h", "2c", "7h"]), pattern_of([])
    ((2, 1), ())
    """
    return tuple(sorted(Counter(items).values(), reverse=True))


def named_pattern(items) -> tuple[tuple[int, object], ...]:
    """How the items repeat, each distinct target named (an overlay whose targets have multipliers
    of their own: which targets are read matters, not only how often).

    >>> named_pattern([10]), named_pattern([4, 4, 2])
    (((1, 10),), ((2, 4), (1, 2)))
    """
    return tuple(sorted(((n, t) for t, n in Counter(items).items()), reverse=True))


@dataclass(frozen=True)
class OverlaySupport:
    """What a game can boost (``reads``: boosts -> the items a boosted outcome may read) and how
    many targets each kind has (``universes``; absent: the file says, as for bet spots)."""

    reads: dict[str, tuple[str, ...]]
    universes: dict[str, int] = field(default_factory=dict)
    names_targets: bool = False
    """Whether each round names the targets it reads (dice, wheels), so a target may have
    multipliers of its own (``target_values``); card games count identities as exchangeable."""

    def universe(self, boosts: str) -> int | None:
        return self.universes.get(boosts)

    def pattern_counts(self, game, shoe, rule, overlay) -> tuple[Counter, int]:
        """``({(outcome key, pattern): rounds}, total)``; outcomes the overlay does not boost
        have pattern ()."""
        raise NotImplementedError

    def items(self, boosts: str, reads: str, round_) -> list:
        """The targets one round's boosted outcome reads (spots: the bet's own spot, 0)."""
        raise NotImplementedError

    def target(self, boosts: str, text: str):
        """The target a player names (``7h``, ``s``, ``17``, ``00``, ``11``, ``spot``)."""
        raise NotImplementedError

    def target_name(self, boosts: str, target) -> str:
        raise NotImplementedError

    def round_of(self, cards):
        """The round as :meth:`items` reads it, from a settlement's cards."""
        raise NotImplementedError

    def targets(self, boosts: str, universe: int) -> tuple:
        """Every target of a kind (what a draw picks from)."""
        return tuple(range(universe))


SPOTS = {"spots": ("spot",)}
"""Every game can boost bet spots: a boosted outcome reads its own spot (target 0)."""


def _spot_target(text: str):
    if text.strip() != "spot":
        raise OddsError(f"bad target {text!r}: a bet spot's multiplier is written spot=X")
    return 0


# -- dice and wheels -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RollSupport(OverlaySupport):
    """A dice or wheel game: ``readers[(boosts, reads)](rows) -> items per row`` over the deal's
    equally likely rows (a roll, a pocket); ``parse`` and ``name`` read and write a target."""

    readers: dict[tuple[str, str], Callable] = field(default_factory=dict)
    names_targets: bool = True
    parse: Callable | None = None
    name: Callable | None = None
    rows_of: Callable | None = None
    """``rows_of()``: the deal's rows (rolls or pockets) in the deal's order."""
    read_round: Callable = tuple
    """A settlement's cards (dice, the pocket) -> the row."""
    target_ids: dict = field(default_factory=dict)
    """Targets of a kind that are not ``0 .. n - 1`` (totals 3-18, faces 1-6)."""

    def round_of(self, cards):
        return self.read_round(cards)

    def targets(self, boosts, universe):
        return self.target_ids.get(boosts, tuple(range(universe)))

    def pattern_counts(self, game, shoe, rule, overlay):
        from ..exact.plan import compile_bet

        try:
            outcomes = compile_bet(game.deal, game.id, rule).roll_outcomes.tolist()
        except KeyError as exc:  # a feature of a later roll or spin (en prison's next_red ...)
            raise OddsError(
                f"{rule.id}: a multiplier bet is settled on one roll or spin; it reads {exc.args[0]}"
            ) from None
        rows = self.rows_of()
        shape = named_pattern if overlay.target_groups else pattern_of
        out: Counter = Counter()
        for row, index in zip(rows, outcomes):
            key = rule.outcomes[index].key
            boost = overlay.boost(key)
            out[key, shape(self.items(overlay.boosts, boost.reads, row)) if boost else ()] += 1
        return out, len(rows)

    def items(self, boosts, reads, round_):
        if boosts == "spots":
            return [0]
        return list(self.readers[boosts, reads](round_))

    def target(self, boosts, text):
        return _spot_target(text) if boosts == "spots" else self.parse(boosts, text)

    def target_name(self, boosts, target):
        return "spot" if boosts == "spots" else self.name(boosts, target)


# -- card games ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardSupport(OverlaySupport):
    """A card game: ``hands[reads] = (positions it may read, needs the drawing, mask(state, rows))``
    where ``mask`` gives, per row of a deal, which positions the items are (dealt cards only)."""

    hands: dict[str, tuple[tuple[int, ...], bool, Callable]] = field(default_factory=dict)

    def pattern_counts(self, game, shoe, rule, overlay):
        return card_pattern_counts(game, shoe, rule, overlay, self.hands)

    def items(self, boosts, reads, round_):
        """``round_``: the cards as dealt, ``(rank, suit)``."""
        if boosts == "spots":
            return [0]
        import numpy as np

        from ..cards import SUITS, baccarat_value

        positions, drawing, mask = self.hands[reads]
        values = np.array([[baccarat_value(r) for r, _ in round_] + [0] * (6 - len(round_))], dtype=np.int64)
        state = game_state(self, values) if drawing else None
        chosen = mask(state, 1)[0]
        cards = [round_[p] for p in range(len(round_)) if p < len(chosen) and chosen[p]]
        if boosts == "suits":
            return [SUITS.index(s) for _, s in cards]
        return [4 * (r - 1) + SUITS.index(s) for r, s in cards]

    def target(self, boosts, text):
        from ..cards import SUITS, parse_cards

        if boosts == "spots":
            return _spot_target(text)
        if boosts == "suits":
            if text.strip() not in SUITS:
                raise OddsError(f"bad suit {text!r}: s h d c")
            return SUITS.index(text.strip())
        specs = parse_cards(text)
        if len(specs) != 1 or specs[0].count != 1 or not specs[0].suit:
            raise OddsError(f"bad card {text!r}: name one card with its suit, e.g. 7h")
        return 4 * (specs[0].rank - 1) + SUITS.index(specs[0].suit)

    def round_of(self, cards):
        from ..cards import parse_cards

        return [(spec.rank, spec.suit) for text in cards for spec in parse_cards(str(text))]

    def target_name(self, boosts, target):
        from ..cards import SUITS, card_name

        if boosts == "spots":
            return "spot"
        if boosts == "suits":
            return SUITS[target]
        return card_name(target // 4 + 1, SUITS[target % 4])

    state: Callable | None = None
    """The game's drawing over rows of values (baccarat: :func:`odds.games.punto_banco.deal_state`)."""


def game_state(support: CardSupport, values):
    return support.state(values)


def _partitions(a: int, largest: int | None = None):
    """Integer partitions of ``a``, largest part first."""
    largest = a if largest is None else largest
    if a == 0:
        yield ()
        return
    for first in range(min(a, largest), 0, -1):
        for rest in _partitions(a - first, first):
            yield (first, *rest)


def _set_partitions(shape: tuple[int, ...]) -> int:
    """How many set partitions of ``sum(shape)`` labelled positions have these block sizes."""
    out = factorial(sum(shape))
    for b in shape:
        out //= factorial(b)
    for b in set(shape):
        out //= factorial(shape.count(b))
    return out


@cache
def class_patterns(pool: tuple[int, ...], a: int) -> dict[tuple[int, ...], int]:
    """``{pattern: ordered draws}`` for ``a`` cards drawn in order, without replacement, from a
    class holding ``pool[i]`` cards of identity ``i``: how many of the ``(sum pool)_a`` ordered
    draws repeat identities with each pattern. Sums to ``(sum pool)_a``.

    >>> class_patterns((2, 2), 2)   # two of each of two identities: 4 x 3 = 12 ordered draws
    {(2,): 4, (1, 1): 8}
    """
    out = {}
    for shape in _partitions(a):
        # ordered assignments of distinct identities to the blocks (a block of b takes (c)_b cards)
        ways = {0: 1}
        full = (1 << len(shape)) - 1
        for c in pool:
            if not c:
                continue
            step = dict(ways)
            for done, w in ways.items():
                for i, b in enumerate(shape):
                    if not done >> i & 1 and c >= b:
                        key = done | 1 << i
                        step[key] = step.get(key, 0) + w * falling(c, b)
            ways = step
        total = ways.get(full, 0) * _set_partitions(shape)
        if total:
            out[shape] = total
    return out


def _runs(kinds) -> dict[int, int]:
    """``{kind: how many}`` of a sorted row of kinds (-1: no card there)."""
    out: dict[int, int] = {}
    for k in kinds:
        if k >= 0:
            out[k] = out.get(k, 0) + 1
    return out


def _pools(shoe, resolution: str) -> list[tuple[int, ...]]:
    """Per class of the resolution (values 0-9, ranks A-K, or cards), the shoe's cards of each
    identity in it."""
    from ..cards import baccarat_value

    cards = shoe.card_counts()
    if resolution == "card":
        return [(c,) for c in cards]
    if resolution == "rank":
        return [tuple(cards[4 * r : 4 * r + 4]) for r in range(13)]
    return [
        tuple(cards[4 * r + s] for r in range(13) for s in range(4) if baccarat_value(r + 1) == v) for v in range(10)
    ]


RESOLUTION_KINDS = {"value": 10, "rank": 13, "card": 52}


def _sequences(deal, positions, kinds: int, level: str, drawing: bool):
    """Every sequence of kinds over ``positions`` (columns; -1 where the round deals no card
    there): with the drawing, the positions every round deals first, and a later position only
    for the rounds that deal it (a round that ends early is one sequence, not one per kind of the
    cards it never uses)."""
    import numpy as np

    always = deal.always_dealt if drawing and deal.always_dealt is not None else len(positions)
    head = np.indices((kinds,) * always).reshape(always, -1).T.astype(np.int64)
    pending = np.concatenate([head, np.full((len(head), len(positions) - always), -1, dtype=np.int64)], axis=1)
    done = []
    for j in range(always, len(positions)):
        used = deal.state(_arrays(pending, positions, deal.positions, level)[0])["used"]
        finished = used <= positions[j]
        done.append(pending[finished])
        pending = np.repeat(pending[~finished], kinds, axis=0)
        pending[:, j] = np.tile(np.arange(kinds, dtype=np.int64), len(pending) // kinds if kinds else 0)
    done.append(pending)
    return np.concatenate(done)


def _arrays(grid, positions, width: int, level: str):
    """(values, ranks, suits) arrays of the deal's ``width`` positions from kinds at ``level``
    (-1 where not known; a position not dealt has value 0 for the drawing)."""
    import numpy as np

    from ..cards import baccarat_value

    rank_value = np.array([baccarat_value(r) for r in range(1, 14)], dtype=np.int64)
    rows = len(grid)
    values = np.full((rows, width), -1, dtype=np.int64)
    ranks = values.copy()
    suits = values.copy()
    for j, p in enumerate(positions):
        k = np.maximum(grid[:, j], 0)
        dealt = grid[:, j] >= 0
        if level == "value":
            v, r, s = k, None, None
        elif level == "rank":
            v, r, s = rank_value[k], k + 1, None
        else:
            v, r, s = rank_value[k // 4], k // 4 + 1, k % 4
        values[:, p] = np.where(dealt, v, 0)
        if r is not None:
            ranks[:, p] = np.where(dealt, r, -1)
        if s is not None:
            suits[:, p] = np.where(dealt, s, -1)
    return values, ranks, suits


def card_pattern_counts(game, shoe, rule, overlay, hands) -> tuple[Counter, int]:
    """Counts of rounds by (outcome, pattern) for a card game (module docstring)."""
    import numpy as np

    from ..bets.condition import first_match
    from ..bets.features import feature_specs
    from ..exact.positional import reading_of

    deal = game.deal
    if not shoe.has_suits:
        raise OddsError("a multiplier overlay on cards needs the shoe's suits: name each removed card's suit")
    names = sorted(set().union(*(c.features for c in rule.conditions if c is not None)))
    reading = reading_of(feature_specs(game.id), rule.conditions, deal.positions)
    boosted = overlay.boosted if overlay.boosts != "spots" else ()
    drawing = reading.drawing or any(hands[b.reads][1] for b in boosted)
    read = {p for p, r in enumerate(reading.resolution) if r is not None}
    for b in boosted:
        read |= set(hands[b.reads][0])
    positions = list(range(deal.positions)) if drawing else sorted(read)
    order = ["value", "rank", "card"]
    finest = max((order.index(r) for r in reading.resolution if r is not None), default=0)
    level = order[2] if overlay.boosts == "suits" else order[finest]
    kinds = RESOLUTION_KINDS[level]
    size = kinds ** len(positions)
    if size > ENUMERATION_LIMIT:
        raise OddsError(
            f"{rule.id}: its overlay reads {len(positions)} card positions at {level} resolution "
            f"({size:,} sequences, more than {ENUMERATION_LIMIT:,}); counting it needs the rounds by "
            f"(outcome, pattern of the {overlay.boosts} read) from the exact core"
        )
    grid = _sequences(deal, positions, kinds, level, drawing)
    rows = len(grid)
    values, ranks, suits = _arrays(grid, positions, deal.positions, level)
    state = deal.state(values) if drawing else None
    outcome = first_match(rule.conditions, deal.features(state, values, ranks, suits, names), rows)
    hand = np.zeros((rows, deal.positions), dtype=bool)
    for b in boosted:
        where = outcome == rule.outcome_keys.index(b.outcome)
        hand[where] = hands[b.reads][2](state, rows)[where]
    in_hand = np.stack([hand[:, p] for p in positions], axis=1) & (grid >= 0)
    # one integer per (outcome, kinds dealt, kinds in the hand): each kind + 1, 0 for none
    bits = (kinds + 1).bit_length()
    width = len(positions)
    key_bits = 2 * width * bits + max(1, len(rule.outcomes)).bit_length()
    if key_bits < 63:
        key = outcome.copy()
        for column in (np.sort(grid + 1, axis=1), np.sort(np.where(in_hand, grid + 1, 0), axis=1)):
            for j in range(width):
                key = (key << bits) | column[:, j]
        packed, orderings = np.unique(key, return_counts=True)
        unique = []
        mask = (1 << bits) - 1
        for k in packed.tolist():
            parts = []
            for _ in range(2 * width):
                parts.append((k & mask) - 1)
                k >>= bits
            unique.append([k, *reversed(parts)])
        orderings = orderings.tolist()
    else:
        key = np.concatenate(
            [outcome[:, None], np.sort(grid, axis=1), np.sort(np.where(in_hand, grid, -1), axis=1)], axis=1
        )
        unique, orderings = np.unique(key, axis=0, return_counts=True)
        unique, orderings = unique.tolist(), orderings.tolist()
    pools = _pools(shoe, level)
    totals = [sum(p) for p in pools]
    memo: dict = {}

    def fall(n: int, m: int) -> int:
        key = (n, m)
        if key not in memo:
            memo[key] = falling(n, m)
        return memo[key]

    # every row's ordered deals, the hand's own draws left out: summed by (outcome, hand's kinds)
    by_hand: dict = {}
    for row, ways in zip(unique, orderings):
        every = _runs(row[1 : 1 + width])
        held = _runs(row[1 + width :])
        dealt = sum(every.values())
        w = ways * fall(shoe.total - dealt, deal.positions - dealt)
        for k, m in every.items():
            a = held.get(k, 0)
            w *= fall(totals[k] - a, m - a)
            if not w:
                break
        if w:
            key = (row[0], tuple(sorted(held.items())))
            by_hand[key] = by_hand.get(key, 0) + w
    out: Counter = Counter()
    for (index, held), w in by_hand.items():
        outcome_key = rule.outcome_keys[index]
        boost = overlay.boost(outcome_key)
        if boost is None or overlay.boosts == "spots":
            out[outcome_key, (1,) if boost is not None else ()] += w
            continue
        if overlay.boosts == "suits":  # card resolution: every card's suit is known
            for k, a in held:
                w *= fall(totals[k], a)
            out[outcome_key, pattern_of([k % 4 for k, a in held for _ in range(a)])] += w
            continue
        # card identities: per class, how the hand's draws from it repeat (class_patterns)
        dist = {(): w}
        for k, a in held:
            dist = {
                (*pattern, *shape): v * n
                for pattern, v in dist.items()
                for shape, n in class_patterns(pools[k], a).items()
            }
        for pattern, v in dist.items():
            out[outcome_key, tuple(sorted(pattern, reverse=True))] += v
    return out, falling(shoe.total, deal.positions)
