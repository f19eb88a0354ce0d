"""One table on the floor: its shoe as it is dealt, the rounds settled, the burns, and undo.

A :class:`Table` is a list of :class:`Event` (a card dealt, a card burned face up, a new shoe)
and what follows from them: the cards left (a :class:`~odds.shoe.Shoe`), the rounds settled by
the rules (:func:`odds.settle.settle_round`: the same hands, drawing and nets as ``odds
settle``), the cards of the round being dealt, and every bet's exact expectation for the next
round (:mod:`.prices`). A round ends when its cards are all the game deals
(``game.deal_round``); the next card starts the next round.

Cards are entered in a small line language, the same on the page and on ``odds track --stdin``
(:func:`parse_entry`): cards ``K 4 3`` or ``Kh,4s`` (a rank ``A 2-9 T J Q K``, a suit ``s h d
c`` where bets read it), ``burn K`` (the next card is burned face up: seen, in no round),
``undo`` (take back the last event), ``shoe`` (a new shoe). A line is applied whole or not at
all.

>>> from odds.games import get_game
>>> game = get_game("baccarat")
>>> table = Table(game, game.paytable(), Start(decks=8))
>>> table.enter("burn 7  4s Kh Ad 4c 2h")
>>> len(table.rounds), table.pending_cards
(0, ('4s', 'Kh', 'Ad', '4c', '2h'))
>>> table.enter("9d")
>>> r = table.rounds[0]
>>> r.number, r.settlement.bet("banker").outcome, table.shoe.total
(1, 'player-wins', 409)
>>> table.enter("undo undo")
>>> len(table.rounds), table.pending_cards
(0, ('4s', 'Kh', 'Ad', '4c'))
>>> table.enter("4c Zz")
Traceback (most recent call last):
...
odds.floor.table.EntryError: bad card 'Zz': write a rank A 2-9 T J Q K, an optional suit s h d c and an optional multiplier, e.g. 5x3,K,Th
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..cards import CardError, card_name, parse_cards
from ..errors import OddsError, shown
from ..limits import MAX_CARDS, MAX_DECKS
from ..shoe import Shoe
from .prices import card_row, expectations, priced_bets

MAX_ENTRY = 2000
"""Characters in one line of entry (a whole 8-deck shoe typed as ``K 4 3 ...`` takes about 1,000)."""

KEYWORDS = ("burn", "undo", "shoe")


class EntryError(OddsError):
    """A line of entry that cannot be applied: a bad card, a card the shoe does not hold, a
    keyword out of place. The table is left as it was."""


# -- how a table starts, and what happens to it --------------------------------------------------


@dataclass(frozen=True)
class Start:
    """How each shoe of a table starts: ``decks`` full decks, or ``ranks``, 13 counts A..K (the
    cards left in a shoe already under way; suits unknown)."""

    decks: int | None = None
    ranks: tuple[int, ...] | None = None

    def __post_init__(self):
        if (self.decks is None) == (self.ranks is None):
            raise EntryError("a table starts from a number of decks or from 13 counts per rank, one of the two")
        if self.decks is not None and (
            not isinstance(self.decks, int) or isinstance(self.decks, bool) or not 1 <= self.decks <= MAX_DECKS
        ):
            raise EntryError(f"decks: a whole number from 1 to {MAX_DECKS:,}, not {shown(str(self.decks), 20)}")
        if self.ranks is not None:
            ranks = tuple(self.ranks)
            if len(ranks) != 13 or not all(
                isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= MAX_CARDS for c in ranks
            ):
                raise EntryError(f"counts per rank: 13 whole numbers A..K, each from 0 to {MAX_CARDS:,}")
            if sum(ranks) > MAX_CARDS:
                raise EntryError(f"counts per rank: at most {MAX_CARDS:,} cards in all")
            object.__setattr__(self, "ranks", ranks)

    def shoe(self) -> Shoe:
        return Shoe.decks(self.decks) if self.decks is not None else Shoe.from_rank_counts(self.ranks)

    def to_dict(self) -> dict:
        return {"decks": self.decks} if self.decks is not None else {"ranks": list(self.ranks)}

    @classmethod
    def from_dict(cls, data) -> Start:
        """A start as :meth:`to_dict` wrote it (or a page sent it): anything else is an EntryError."""
        if not isinstance(data, dict) or set(data) - {"decks", "ranks"}:
            raise EntryError("a table starts from {'decks': N} or {'ranks': [13 counts]}")
        ranks = data.get("ranks")
        if ranks is not None and not isinstance(ranks, (list, tuple)):
            raise EntryError("counts per rank: 13 whole numbers A..K")
        return cls(data.get("decks"), tuple(ranks) if ranks is not None else None)

    def describe(self) -> str:
        if self.decks is not None:
            return f"{self.decks} deck{'s' if self.decks != 1 else ''}"
        return f"{sum(self.ranks):,} cards by rank"


@dataclass(frozen=True)
class Event:
    """``card`` (dealt in a round), ``burn`` (burned face up: seen, in no round; a face-down burn
    changes nothing the tracker knows and is not entered) or ``shoe`` (a new shoe)."""

    kind: str
    rank: int | None = None
    suit: str | None = None

    @property
    def card(self) -> str:
        return card_name(self.rank, self.suit) if self.rank is not None else ""

    @classmethod
    def read(cls, kind: str, card: str) -> Event:
        """An event as stored (``kind``, card name): checked, never trusted."""
        if kind == "shoe" and not card:
            return cls("shoe")
        if kind not in ("card", "burn") or not isinstance(card, str):
            raise EntryError(f"not an event: {shown(str(kind), 20)} {shown(str(card), 20)}")
        rank, suit = _one_card(card)
        return cls(kind, rank, suit)


@dataclass(frozen=True)
class Round:
    number: int
    """1 for the shoe's first round."""
    settlement: object
    """:class:`odds.settle.Settlement`: hands, drawing, every bet's outcome and net."""


@dataclass(frozen=True)
class BetPrice:
    """A bet's exact expectation per unit on the next round, and whether it is offered then."""

    id: str
    name: str
    expected_value: Fraction | None
    """None when it cannot be priced (``note`` says why)."""
    window: int | None
    open: bool
    note: str = ""

    @property
    def positive(self) -> bool:
        return self.expected_value is not None and self.expected_value > 0


# -- the line language -----------------------------------------------------------------------------


def _one_card(item: str) -> tuple[int, str | None]:
    try:
        (spec,) = parse_cards(item) or [None]
    except (CardError, ValueError) as exc:
        raise EntryError(str(exc)) from None
    if spec is None or spec.count != 1:
        raise EntryError(f"{shown(item, 20)}: one card at a time (K K K, not Kx3)")
    return spec.rank, spec.suit


def parse_entry(text: str) -> list[tuple[str, tuple[int, str | None] | None]]:
    """A line of entry as actions ``(kind, card)``: ``card``/``burn`` with ``(rank, suit)``,
    ``undo``/``shoe`` with None (module docstring).

    >>> parse_entry("burn 7, K h")
    Traceback (most recent call last):
    ...
    odds.floor.table.EntryError: bad card 'h': write a rank A 2-9 T J Q K, an optional suit s h d c and an optional multiplier, e.g. 5x3,K,Th
    >>> parse_entry("burn 7, Kh undo")
    [('burn', (7, None)), ('card', (13, 'h')), ('undo', None)]
    """
    if not isinstance(text, str):
        raise EntryError("enter cards as text, e.g. K 4 3")
    if len(text) > MAX_ENTRY:
        raise EntryError(f"{len(text):,} characters in one entry: at most {MAX_ENTRY:,} (a shoe or so)")
    out: list = []
    burn = False
    for item in text.replace(",", " ").split():
        word = item.lower()
        if word in KEYWORDS:
            if burn:
                raise EntryError("burn: name the card burned next (burn 7, burn Kh)")
            if word == "burn":
                burn = True
            else:
                out.append((word, None))
            continue
        out.append(("burn" if burn else "card", _one_card(item)))
        burn = False
    if burn:
        raise EntryError("burn: name the card burned next (burn 7, burn Kh)")
    return out


# -- a table -----------------------------------------------------------------------------------------


class Table:
    """One table's shoe as it is dealt (module docstring). ``events``: every event so far, the
    earlier shoes' too; the rest describes the current shoe."""

    def __init__(self, game, paytable, start: Start, tags: Sequence[int] | None = None, events: Sequence[Event] = ()):
        if not game.uses_shoe:
            raise EntryError(f"{game.id} deals no cards: the tracker follows card games")
        self.game = game
        self.paytable = paytable
        self.start = start
        game.check_shoe(start.shoe())
        self.tags = tuple(tags) if tags is not None else None
        self.events: list[Event] = []
        self.version = 0
        """Grows with every change (what a page polls)."""
        self._stored = 0  # events[:_stored] are unchanged since take_changes()
        self._prices = (-1, [])
        self._new_shoe()
        for event in events:
            self._apply(event)
        self._stored = len(self.events)

    # -- the current shoe --------------------------------------------------------------------------
    def _new_shoe(self) -> None:
        self.shoe = self.start.shoe()
        self.rounds: list[Round] = []
        self.pending: list[tuple[int, str | None]] = []
        self.burns: list[str] = []
        self._before: list[tuple] = []  # per event of this shoe: the state before it (for undo)

    @property
    def pending_cards(self) -> tuple[str, ...]:
        """The cards of the round being dealt."""
        return tuple(card_name(r, s) for r, s in self.pending)

    @property
    def next_round(self) -> int:
        """The round the next wager is on: the one about to start, or after the one being dealt."""
        return len(self.rounds) + 1 + (1 if self.pending else 0)

    @property
    def cards_seen(self) -> int:
        return self.start.shoe().total - self.shoe.total

    # -- entering ---------------------------------------------------------------------------------
    def enter(self, text: str, after=None) -> None:
        """Apply a line of entry whole, or raise :class:`EntryError` and change nothing.
        ``after(kind, what)``, if given, is called after each action: ``card`` with the round it
        completed (or None), ``burn``, ``undo`` with the event taken back, ``shoe``."""
        actions = parse_entry(text)
        kept = list(self.events)
        mark, stored = len(self.events), self._stored
        try:
            for kind, card in actions:
                if kind == "undo":
                    what = self.undo()
                else:
                    what = self._apply(Event(kind, *(card or (None, None))))
                if after is not None:
                    self.version += 1
                    after(kind, what)
        except OddsError as exc:
            if self.events[:mark] == kept and all(e.kind != "shoe" for e in self.events[mark:]):
                while len(self.events) > mark:
                    self.undo()
            else:  # an undo or a new shoe inside the line: deal the shoe again as it was
                self._replay(kept)
            self._stored = stored
            raise EntryError(str(exc)) from None
        self.version += 1

    def undo(self) -> Event:
        """Take back the last event (a card, a burn, or a new shoe); returns it."""
        if not self.events:
            raise EntryError("nothing to undo")
        event = self.events.pop()
        self._stored = min(self._stored, len(self.events))
        if event.kind == "shoe":
            self._replay(self.events)
            return event
        shoe, rounds, pending, burns = self._before.pop()
        self.shoe = shoe
        del self.rounds[rounds:]
        self.pending = list(pending)
        del self.burns[burns:]
        self.version += 1
        return event

    def _replay(self, events: Sequence[Event]) -> None:
        """Deal the shoe again from the events of the last shoe in ``events``."""
        events = list(events)
        last = max((i for i, e in enumerate(events) if e.kind == "shoe"), default=-1)
        self.events = events[: last + 1]
        self._new_shoe()
        for event in events[last + 1 :]:
            self._apply(event)
        self.version += 1

    def _apply(self, event: Event) -> Round | None:
        """Apply one event; returns the round it completed, if any."""
        if event.kind == "shoe":
            self.events.append(event)
            self._new_shoe()
            return None
        if event.kind == "burn" and self.pending:
            raise EntryError(
                f"burn {event.card}: cards are burned between rounds; the round being dealt "
                f"({' '.join(self.pending_cards)}) is not complete"
            )
        try:
            shoe = self.shoe.remove([parse_cards(event.card)[0]])
        except OddsError as exc:
            raise EntryError(str(exc)) from None
        self._before.append((self.shoe, len(self.rounds), tuple(self.pending), len(self.burns)))
        self.shoe = shoe
        self.events.append(event)
        if event.kind == "burn":
            self.burns.append(event.card)
            return None
        self.pending.append((event.rank, event.suit))
        if not self._round_complete():
            return None
        from ..settle import settle_round

        settled = settle_round(self.game, ",".join(self.pending_cards), self.paytable)
        self.rounds.append(Round(len(self.rounds) + 1, settled))
        self.pending = []
        return self.rounds[-1]

    def _round_complete(self) -> bool:
        """Whether the cards of the round being dealt are all the game deals (its deal_round
        asks for no card beyond them)."""
        cards = iter(self.pending)

        class Short(Exception):
            pass

        def draw():
            try:
                return next(cards)
            except StopIteration:
                raise Short from None

        try:
            self.game.deal_round(draw)
        except Short:
            return False
        return True

    # -- persistence ---------------------------------------------------------------------------------
    def take_changes(self) -> tuple[int, list[Event]]:
        """``(kept, new)``: the first ``kept`` events are as they were at the last call; ``new``
        follow them (what a store deletes and writes)."""
        kept = self._stored
        self._stored = len(self.events)
        return kept, self.events[kept:]

    # -- what the next round is worth -----------------------------------------------------------------
    @property
    def suits_known(self) -> bool:
        return self.shoe.has_suits

    def prices(self) -> list[BetPrice]:
        """Every bet's exact expectation per unit for the next round, dealt from the cards not yet
        seen (mid-round too: by exchangeability that is the expectation, given every card seen, of
        what the next round will be worth), and whether its window is open then."""
        if self._prices[0] == self.version:
            return self._prices[1]
        bets = list(self.paytable.bets)
        priced, left = priced_bets(self.paytable, bets, self.suits_known)
        note = {b: "reads suits: enter every card's suit" for b in left}
        values: dict = {}
        if self.shoe.total < self.game.min_cards:
            note.update(dict.fromkeys(priced, f"the shoe holds {self.shoe.total} cards: no round can be dealt"))
        else:
            values = {b: v[0] for b, v in expectations(self.game, self.paytable, priced, [card_row(self.shoe)]).items()}
        out = []
        for b in bets:
            window = self.paytable.bet(b).window
            out.append(
                BetPrice(
                    b,
                    self.paytable.rule(b).name,
                    values.get(b),
                    window,
                    window is None or self.next_round <= window,
                    note.get(b, ""),
                )
            )
        self._prices = (self.version, out)
        return out

    def true_count(self) -> Fraction | None:
        """The true count of ``tags`` (10 values, 13 ranks or 52 cards) by ``odds count``'s
        ``unseen`` convention: ``52 (U T - N t) / (N U)``, ``N``/``T`` the starting shoe's cards
        and tag sum, ``U``/``t`` the unseen cards' (docs/depletion.md); None without tags, when
        52 tags meet unknown suits, or with no card left."""
        from ..depletion.tags import spread_tags

        if self.tags is None:
            return None
        start, now = self.start.shoe(), self.shoe
        if len(self.tags) == 52:
            if not (start.has_suits and now.has_suits):
                return None
            full, unseen = start.card_counts(), now.card_counts()
            tags = self.tags
        else:
            tags13 = spread_tags(self.tags)[::4]
            full, unseen, tags = start.rank_counts, now.rank_counts, tags13
        n, u = sum(full), sum(unseen)
        if not n or not u:
            return None
        big_t = sum(a * b for a, b in zip(tags, full))
        small_t = sum(a * b for a, b in zip(tags, unseen))
        return Fraction(52 * (u * big_t - n * small_t), n * u)
