"""The shoe: a composition of cards, never an ordered deck.

Every figure in ``odds`` is "off the top": the next round is dealt from a random order of exactly
the cards in the shoe, so only how many of each kind remain matters. A :class:`Shoe` keeps those
counts at three resolutions - 10 baccarat values, 13 ranks, 52 cards - and each bet reads the
coarsest one it needs. When a card is removed without naming its suit the 52-card counts are no
longer known; bets that need suits then refuse the shoe instead of guessing.

>>> shoe = Shoe.decks(8).remove("5x3,K,Th")
>>> shoe.total, shoe.values()[5], shoe.ranks()[12]
(411, 29, 31)
>>> shoe.has_suits
False
>>> Shoe.decks(1).remove("Kh").card_counts()[card_kind_index(13, "h")]
0

Removals are checked at the finest resolution they name: after ``2`` (suit unknown), the shoe
still knows it holds at most one ace of spades, so ``Asx4`` is refused in either order:

>>> Shoe.decks(1).remove("2,Asx4")
Traceback (most recent call last):
...
odds.shoe.ShoeError: cannot remove Asx4: the shoe holds at most 1 of As
"""

from __future__ import annotations

from dataclasses import dataclass, field
from numbers import Integral

from .errors import OddsError, shown_repr
from .limits import MAX_CARDS, MAX_DECKS
from .cards import RANKS, SUITS, CardSpec, baccarat_value, card_kind_index, card_name, parse_cards

SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


class ShoeError(OddsError):
    """A shoe that cannot be built: bad deck count, a removal the shoe cannot supply."""


class SuitsUnknown(ShoeError):
    """A bet needs suits but cards were removed without naming their suit."""

    MESSAGE = (
        "this bet needs suits, but cards were removed without a suit: name each removed card's suit (e.g. Kh, not K)"
    )


@dataclass(frozen=True)
class Shoe:
    """An immutable, hashable composition of cards.

    ``rank_counts`` has 13 entries (A..K); ``suited_counts`` has 52 (rank-major, suits s h d c)
    or is None when suits are unknown. ``deck_count`` and ``removed`` only describe how the shoe was
    made, for the sheets.
    """

    rank_counts: tuple[int, ...]
    suited_counts: tuple[int, ...] | None
    deck_count: int | None = None
    removed: tuple[CardSpec, ...] = field(default=())
    card_bounds: tuple[int, ...] | None = field(default=None, compare=False, repr=False)
    """When suits are unknown: the most of each of the 52 cards the shoe can still hold (what
    it held less the suited removals), so a later suited removal is checked against its card,
    not only its rank. Not part of the composition (equality and hashing ignore it)."""
    infinite: bool = False
    """An infinite shoe (``--decks inf``, as random-number-generator games deal): every card drawn
    with replacement, each of the 52 equally likely. Its counts hold one of each card; the
    exact layer counts ordered sequences of ranks (13^P), or of cards (52^P) for bets that read
    suits (:meth:`odds.exact.plan.Plan.counts`). Nothing can be removed from it."""

    def __post_init__(self):
        """A shoe made directly (``Shoe(ranks, cards)``) is checked as the constructors check
        theirs: 13 rank counts, 52 card counts or None, whole numbers of at least 0 that agree.
        (Any size: the exactness tests count shoes of 2**40 cards; what a user may ask for is
        limited where they ask, :data:`odds.limits.MAX_CARDS` cards.)"""
        _check_counts(self.rank_counts, 13, "rank")
        if self.suited_counts is not None:
            _check_counts(self.suited_counts, 52, "card")
            if any(sum(self.suited_counts[4 * r : 4 * r + 4]) != self.rank_counts[r] for r in range(13)):
                raise ShoeError("a shoe's card counts must add up to its rank counts")
        if self.card_bounds is not None:
            _check_counts(self.card_bounds, 52, "card")
        if self.deck_count is not None and (not isinstance(self.deck_count, int) or isinstance(self.deck_count, bool)):
            raise ShoeError(f"deck_count must be a whole number or None, not {type(self.deck_count).__name__}")
        if not isinstance(self.infinite, bool):
            raise ShoeError(f"infinite must be True or False, not {type(self.infinite).__name__}")
        if not isinstance(self.removed, tuple) or not all(isinstance(s, CardSpec) for s in self.removed):
            raise ShoeError("removed must be a tuple of card specs")

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def decks(cls, n: int) -> Shoe:
        """``n`` full 52-card decks."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ShoeError(f"--decks must be a whole number of at least 1, not {n!r}")
        if n > MAX_DECKS:
            raise ShoeError(f"--decks must be at most {MAX_DECKS:,} (the limit on a shoe), not {n:,}")
        return cls((4 * n,) * 13, (n,) * 52, deck_count=n)

    @classmethod
    def infinite_shoe(cls) -> Shoe:
        """An infinite shoe: cards drawn with replacement (:attr:`infinite`).

        >>> Shoe.infinite_shoe().describe(), str(Shoe.infinite_shoe())
        ({'decks': 'inf', 'cards': None, 'removed': []}, 'an infinite shoe (cards dealt with replacement)')
        """
        return cls((4,) * 13, (1,) * 52, infinite=True)

    @classmethod
    def from_cards(cls, text: str) -> Shoe:
        """A shoe holding exactly the cards named, e.g. ``"As,Ah,5c,Kd"`` (small test shoes).

        With every suit named the shoe knows its suits; otherwise only its ranks.
        """
        if not isinstance(text, str):
            raise ShoeError(f"cards must be text such as 'As,Ah,5c', not {type(text).__name__}")
        specs = parse_cards(text)
        ranks = [0] * 13
        suited = [0] * 52
        for spec in specs:
            ranks[spec.rank - 1] += spec.count
            if spec.suit:
                suited[card_kind_index(spec.rank, spec.suit)] += spec.count
        all_suited = all(spec.suit for spec in specs)
        return cls(tuple(ranks), tuple(suited) if all_suited else None)

    @classmethod
    def from_rank_counts(cls, counts) -> Shoe:
        """A shoe of 13 rank counts (A..K), suits unknown."""
        return cls(_whole_counts(counts, 13, "rank"), None)

    @classmethod
    def from_card_counts(cls, counts) -> Shoe:
        """A shoe of 52 card counts (rank-major, suits s h d c)."""
        counts = _whole_counts(counts, 52, "card")
        ranks = tuple(sum(counts[4 * r : 4 * r + 4]) for r in range(13))
        return cls(ranks, counts)

    def remove(self, cards: str | list[CardSpec]) -> Shoe:
        """The shoe less the cards named (a spec string or parsed specs).

        Removing a card the shoe does not hold raises :class:`ShoeError` naming the card.
        """
        specs = parse_cards(cards) if isinstance(cards, str) else _card_specs(cards)
        if self.infinite and specs:
            raise ShoeError(
                "an infinite shoe is dealt with replacement: the cards seen change nothing, so --remove "
                "does not apply (give a number of decks to remove cards from)"
            )
        ranks = list(self.rank_counts)
        known = self.suited_counts if self.suited_counts is not None else self.card_bounds
        bounds = list(known) if known is not None else None  # at most this many of each card
        suits_known = self.suited_counts is not None
        for spec in specs:
            rank, suit, count = spec
            r = rank - 1
            # the finest resolution the spec names: its card when it has a suit (and its rank too)
            k = 4 * r + SUIT_INDEX[suit] if suit else None
            if k is not None and bounds is not None and bounds[k] < count:
                held = (
                    (f"holds {bounds[k]}" if bounds[k] else "holds none")
                    if suits_known
                    else (f"holds at most {bounds[k]}" if bounds[k] else "holds none")
                )
                raise ShoeError(f"cannot remove {spec}: the shoe {held} of {card_name(rank, suit)}")
            if ranks[r] < count:
                held = f"holds {ranks[r]}" if ranks[r] else "holds none"
                raise ShoeError(f"cannot remove {spec}: the shoe {held} of {card_name(rank, None)}")
            ranks[r] -= count
            if k is not None and bounds is not None:
                bounds[k] -= count
            if not suit:
                suits_known = False  # which suit left the shoe is unknown
        removed = self.removed + tuple(specs)
        bounds_t = tuple(bounds) if bounds is not None else None
        return Shoe(
            tuple(ranks), bounds_t if suits_known else None, self.deck_count, removed, None if suits_known else bounds_t
        )

    # -- reading ------------------------------------------------------------------------------
    @property
    def total(self) -> int:
        return sum(self.rank_counts)

    @property
    def has_suits(self) -> bool:
        return self.suited_counts is not None

    def values(self) -> tuple[int, ...]:
        """Counts of the 10 baccarat values, index = value (0 counts T, J, Q, K)."""
        out = [0] * 10
        for rank, count in zip(RANKS, self.rank_counts):
            out[baccarat_value(rank)] += count
        return tuple(out)

    def ranks(self) -> tuple[int, ...]:
        """Counts of the 13 ranks, index = rank - 1."""
        return self.rank_counts

    def card_counts(self) -> tuple[int, ...]:
        """Counts of the 52 card kinds (see :func:`odds.cards.card_kind_index`)."""
        if self.suited_counts is None:
            raise SuitsUnknown(SuitsUnknown.MESSAGE)
        return self.suited_counts

    def describe(self) -> dict:
        """The shoe as the sheets' JSON shows it."""
        if self.infinite:
            return {"decks": "inf", "cards": None, "removed": []}
        return {"decks": self.deck_count, "cards": self.total, "removed": [str(s) for s in self.removed]}

    def __str__(self) -> str:
        if self.infinite:
            return "an infinite shoe (cards dealt with replacement)"
        head = f"{self.deck_count} deck{'s' if self.deck_count != 1 else ''}" if self.deck_count else "custom shoe"
        if self.removed:
            head += " less " + ",".join(map(str, self.removed))
        return f"{head} ({self.total} cards)"


def _whole_counts(counts, size: int, what: str) -> tuple[int, ...]:
    """Counts as given, refusing anything but whole non-negative numbers (no rounding, no bools)."""
    if not isinstance(counts, (list, tuple)) and not hasattr(counts, "__array__"):
        raise ShoeError(f"a shoe needs {size} {what} counts (a list), not {type(counts).__name__}")
    counts = tuple(counts)
    if len(counts) != size or not all(isinstance(c, Integral) and not isinstance(c, bool) and c >= 0 for c in counts):
        raise ShoeError(f"a shoe needs {size} {what} counts, each a whole number of at least 0")
    return tuple(int(c) for c in counts)


def _check_counts(counts, size: int, what: str) -> None:
    if not isinstance(counts, tuple) or len(counts) != size:
        raise ShoeError(f"a shoe needs a tuple of {size} {what} counts")
    for c in counts:
        if not isinstance(c, int) or isinstance(c, bool) or c < 0:
            raise ShoeError(f"a shoe needs {size} {what} counts, each a whole number of at least 0")


def _card_specs(cards) -> list[CardSpec]:
    """Cards to remove given as specs: ``(rank 1-13, suit s h d c or None, count of at least 1)``."""
    if not isinstance(cards, (list, tuple)):
        raise ShoeError(f"cards must be text such as '5x3,K,Th' or a list of card specs, not {type(cards).__name__}")
    out = []
    for spec in cards:
        if not isinstance(spec, tuple) or len(spec) != 3:
            raise ShoeError(f"a card spec is (rank, suit or None, count), not {shown_repr(spec)}")
        rank, suit, count = spec
        if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= 13:
            raise ShoeError(f"a card spec's rank is 1 (A) to 13 (K), not {shown_repr(rank)}")
        if suit is not None and (not isinstance(suit, str) or suit not in SUITS):
            raise ShoeError(f"a card spec's suit is one of s h d c or None, not {shown_repr(suit)}")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_CARDS:
            raise ShoeError(f"a card spec's count is 1 to {MAX_CARDS:,}, not {shown_repr(count)}")
        out.append(CardSpec(rank, suit, count))
    return out


# -- dealing a whole shoe (docs/rules.md "Cards, shoes"; the seeds' "Commencement" and cut card) -------

CUT_CARD = 14
"""Cards left behind the cut card by default: not in the seeds; docs/rules.md makes it a parameter."""


def commencement_burn(rank: int) -> int:
    """Cards burned face down after the exposed commencement card: its value, A = 1, 2-9 face
    value, 10/J/Q/K = 10.

    >>> commencement_burn(1), commencement_burn(7), commencement_burn(12)
    (1, 7, 10)
    """
    return min(rank, 10)
