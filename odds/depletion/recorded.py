"""Recorded shoes (``count --replay``), every card or only some of them.

A recorded shoe is one line: its cards in dealing order, burns in their places, each named with
its suit as ``--remove`` names cards (``Kh,5s,Ad``; ``5sx3`` three of a card in a row). A record
from the floor often lacks cards, so a line may say what it does not know:

* ``?`` a card not recorded (a face-down burn, a card nobody wrote down), ``?x5`` five of them;
* ``...`` as the last item: the rest of the shoe not recorded (the tail behind the cut card that
  was never dealt, or a record that stops early);
* ``|`` between two cards: a round ends here (optional; checked against the rules where the
  round's cards are known). Needed only after a round whose length its missing cards leave open
  (a baccarat round whose first cards are missing may have used 4, 5 or 6 cards) when recorded
  cards follow it; ``|`` also ends the commencement burn when the first card is not recorded.

What is replayed is exactly what the record knows. A round is dealt where the rules and the
record place it; before each round the *unseen* cards are the shoe less the exposed cards that
were recorded - a card exposed but not recorded stays among the unseen, as a face-down burn does,
so each round's expectation is the exact expectation given the record. (Where a round's length
depends on missing cards the length places the rounds but is not taken as evidence about those
cards.) A round whose length cannot be told and after which nothing is recorded is the shoe's
last one replayed. A line is refused (one line, naming it) only when it cannot be the shoe: more
cards of a kind than the shoe holds, more cards than the shoe, fewer without ``...``, a ``|``
that does not fall between two rounds as the rules deal them, or a round whose end is open and is
followed by recorded cards without a ``|`` to say where it ends.

A line is kept as bytes, one a position: a card kind 0..51, :data:`UNKNOWN` for a card not
recorded, and :data:`ROUND_END` before the position a ``|`` marks. A line with neither is a
fully recorded shoe, dealt as a shuffled one is (:func:`~.dealer.deal_chunk`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import RANKS, card_kind_index, card_name, parse_cards
from ..errors import OddsError, shown
from ..lazy import numpy as np
from ..shoe import commencement_burn
from .dealer import DealRules, round_spans
from .evaluator import CARD_OF_KIND

UNKNOWN = 52
"""A position whose card was not recorded."""
ROUND_END = 53
"""A round ends before the next position (``|``)."""

MAX_ORDERS = 2_000
"""Orders of the missing cards tried to tell how many cards a round used, at most (then the round's
length is open unless a ``|`` says it)."""


def read_record(text: str, full: Sequence[int]) -> bytes:
    """A recorded shoe's line as bytes (module docstring), checked against the shoe ``full`` (52
    card counts): no more cards of a kind than it holds, exactly its number of positions (the
    rest filled with :data:`UNKNOWN` after a final ``...``).

    >>> list(read_record("As,?,Ad|Ac", [1, 1, 1, 1] + [0] * 48))
    [0, 52, 2, 53, 3]
    >>> list(read_record("As,...", [1, 1, 1, 1] + [0] * 48))
    [0, 52, 52, 52]
    """
    total = sum(full)
    out: list[int] = []
    positions = 0
    pieces = text.split("|")
    for number, piece in enumerate(pieces):
        if number:
            if not positions or out[-1] == ROUND_END:
                raise OddsError("a | must stand between two cards (a round ends there)")
            out.append(ROUND_END)
        items = [item.strip() for item in piece.replace(" ", ",").split(",") if item.strip()]
        for index, item in enumerate(items):
            if item == "...":
                if number != len(pieces) - 1 or index != len(items) - 1:
                    raise OddsError("... (the rest of the shoe not recorded) must be the line's last item")
                if positions > total:
                    break
                out += [UNKNOWN] * (total - positions)
                positions = total
                continue
            if item.startswith("?"):
                many = item[1:]
                if many and not (many[0] in "x*" and many[1:].isdigit() and len(many) <= 8 and int(many[1:]) >= 1):
                    raise OddsError(f"bad card {shown(item, 20)}: ? is a card not recorded, ?xN N of them (e.g. ?x5)")
                n = int(many[1:]) if many else 1
                out += [UNKNOWN] * min(n, total + 1)
                positions += n
            else:
                for spec in parse_cards(item):
                    if spec.suit is None:
                        raise OddsError(
                            f"{card_name(spec.rank)} has no suit: a recorded shoe names every card it knows (Kh, "
                            "not K); write ? for a card not recorded"
                        )
                    out += [card_kind_index(spec.rank, spec.suit)] * min(spec.count, total + 1)
                    positions += spec.count
            if positions > total:
                break
    if out and out[-1] == ROUND_END:
        out.pop()  # a round ends with the line: nothing to place
    known = Counter(k for k in out if k < UNKNOWN)
    extra = [f"{known[k] - full[k]} {card_name(*CARD_OF_KIND[k])}" for k in sorted(known) if known[k] > full[k]]
    decks = total // 52
    if extra:
        raise OddsError(
            f"more cards of a kind than the {decks}-deck shoe holds: {len(extra)} kind(s) too many "
            f"({', '.join(extra[:3])}{' ...' if len(extra) > 3 else ''} more)"
        )
    if positions > total:
        raise OddsError(f"{positions:,} cards, more than the {total:,} of the {decks}-deck shoe")
    if positions < total:
        short = [card_name(*CARD_OF_KIND[k]) for k in range(52) if known[k] < full[k]]
        said = f" (short of {', '.join(short[:3])})" if short and UNKNOWN not in out else ""
        raise OddsError(
            f"{positions:,} cards, not the {total:,} of the {decks}-deck shoe card for card{said}: a recorded "
            "shoe gives every card of the shoe in dealing order (? for a card not recorded, ... for the rest)"
        )
    return bytes(out)


def partly_recorded(record: bytes) -> bool:
    """Whether a line has cards not recorded or marked round ends (else it is dealt as a shuffled
    shoe is)."""
    return bool(record) and max(record) >= UNKNOWN


class _Branch(Exception):
    """A round drew a card that was not recorded: try each rank it may be."""


class _Short(Exception):
    """A round drew past the end of the shoe."""


def deal_record(game, record: bytes, rules: DealRules, full: Sequence[int]):
    """Deal a recorded shoe as far as the record places its rounds: ``(unseen, burned)``, the 52
    unseen card counts before each round (the shoe less the exposed cards recorded) and the
    face-down cards burned before each round's bets (:func:`~.count.burned_before`'s). Raises
    :class:`OddsError` for a line that cannot be the shoe (module docstring)."""
    kinds: list[int] = []
    marks: list[int] = []  # positions a | stands before
    for byte in record:
        if byte == ROUND_END:
            marks.append(len(kinds))
        else:
            kinds.append(byte)
    total = len(kinds)
    known_from = [False] * (total + 1)  # a recorded card at this position or after it
    for p in range(total - 1, -1, -1):
        known_from[p] = known_from[p + 1] or kinds[p] != UNKNOWN
    pool = Counter({k: n for k, n in enumerate(full) if n})
    pool.subtract(Counter(k for k in kinds if k != UNKNOWN))  # the cards not recorded
    rounds: list[int] = []
    lengths: list[int] = []

    def next_mark(pos: int) -> int | None:
        return next((m for m in marks if m > pos), None)

    def where(pos: int) -> str:
        return f"card {pos + 1}" if pos < total else "the end of the line"

    def deal(pos: int) -> int:
        number = len(rounds) + 1
        rounds.append(pos)
        mark = next_mark(pos)
        want = mark - pos if mark is not None else None
        possible, complete = _lengths(game, kinds, pos, pool, want)
        if len(possible) == 1 and complete:
            (used,) = possible
            if mark is not None and mark < pos + used:
                raise OddsError(
                    f"the | before {where(mark)} falls inside round {number}, which takes {used} cards by the rules "
                    f"(cards {pos + 1} to {pos + used})"
                )
            lengths.append(used)
            return used
        if want is not None and (want in possible or (not complete and want <= game.min_cards)):
            lengths.append(want)
            return want
        if want is not None and complete and want < max(possible, default=0):
            raise OddsError(
                f"the | before {where(pos + want)} ends round {number} after {want} cards; by the rules it takes "
                f"{_listed(sorted(possible))} cards"
            )
        if known_from[min(pos + min(possible, default=game.min_cards), total)]:
            if not complete:  # every length the rules allow, to say them (the search above stopped at two)
                possible, complete = _lengths(game, kinds, pos, pool, -1, 25 * MAX_ORDERS)
            said = _listed(sorted(possible)) + ("" if complete else ", as far as the orders tried tell")
            raise OddsError(
                f"round {number} (from card {pos + 1}) has cards not recorded that decide how many cards it "
                f"takes ({said}): put a | where it ends"
            )
        lengths.append(total - pos)  # nothing recorded after it: the last round replayed
        return total - pos

    start = 0
    if rules.commencement and total:
        if kinds[0] != UNKNOWN:
            start = 1 + commencement_burn(CARD_OF_KIND[kinds[0]][0])
        else:
            mark = next_mark(0)
            if mark is not None and 2 <= mark <= 11:
                start = mark
            elif known_from[2]:
                raise OddsError(
                    "the first card (the commencement card) is not recorded, so how many cards it burns is not "
                    "known: put a | where its burn ends"
                )
            else:
                start = total  # nothing can be placed
    if start < total:
        round_spans(game, total, start, rules, deal)
    ends = {start} | {p + n for p, n in zip(rounds, lengths)}
    stray = [m for m in marks if m not in ends]
    if stray:
        raise OddsError(
            f"the | before {where(stray[0])} does not fall between two rounds as the rules deal this shoe "
            "(--cut-card and --after-cut say where the last round ends)"
        )
    return _unseen(kinds, full, start, rounds, lengths, rules, game)


def _unseen(kinds, full, start: int, rounds: list[int], lengths: list[int], rules: DealRules, game):
    """The unseen counts before each round, and the cards burned face down by then."""
    exposed = np.zeros(52, dtype=np.int64)
    if rules.commencement and kinds and kinds[0] != UNKNOWN:
        exposed[kinds[0]] += 1
    unseen = np.zeros((len(rounds), 52), dtype=np.int64)
    whole = np.asarray(full, dtype=np.int64)
    for r, (pos, used) in enumerate(zip(rounds, lengths)):
        unseen[r] = whole - exposed
        for k in kinds[pos : pos + used]:
            if k != UNKNOWN:
                exposed[k] += 1
    first = start - 1 if rules.commencement and kinds else 0  # the commencement burn
    burned = first + game.burn_per_round * np.arange(len(rounds), dtype=np.int64)
    return unseen, burned


def _lengths(
    game, kinds: list[int], pos: int, pool: Counter, want: int | None, limit: int = MAX_ORDERS
) -> tuple[set[int], bool]:
    """How many cards the round from ``pos`` may use: every order of the missing cards it draws
    (one card of each rank the cards not recorded still hold - the rules read ranks, not suits),
    and whether every order was tried (at most ``limit``; the search stops early once
    ``want`` is possible, or once two lengths are and no ``want`` is asked)."""
    possible: set[int] = set()
    stack: list[list[int]] = [[]]
    tried = 0
    while stack:
        choices = stack.pop()
        tried += 1
        if tried > limit:
            return possible, False
        try:
            used = _deal_one(game, kinds, pos, choices)
        except _Branch:
            left = pool - Counter(choices)
            for rank in RANKS:
                kind = next((k for k in range(4 * (rank - 1), 4 * rank) if left[k] > 0), None)
                if kind is not None:
                    stack.append([*choices, kind])
            continue
        except _Short:
            continue  # this order runs out of cards: the rules would not deal the round so
        possible.add(used)
        if (want is not None and want in possible) or (want is None and len(possible) > 1):
            return possible, False
    return possible, True


def _deal_one(game, kinds: list[int], pos: int, choices: list[int]) -> int:
    """The cards the round from ``pos`` uses when its missing cards are ``choices`` in order;
    raises :class:`_Branch` when it draws one more missing card, :class:`_Short` past the shoe."""
    at, taken = pos, 0

    def draw():
        nonlocal at, taken
        if at >= len(kinds):
            raise _Short
        kind = kinds[at]
        if kind == UNKNOWN:
            if taken == len(choices):
                raise _Branch
            kind = choices[taken]
            taken += 1
        at += 1
        return CARD_OF_KIND[kind]

    game.deal_round(draw)
    return at - pos


def _listed(values: list[int]) -> str:
    return str(values[0]) if len(values) == 1 else ", ".join(map(str, values[:-1])) + f" or {values[-1]}"


def deal_records(game, records: Sequence[bytes], rules: DealRules, full: Sequence[int]):
    """Many recorded shoes as :func:`~.dealer.deal_chunk` deals shuffled ones: ``(unseen,
    rounds, burned)``, every shoe's rows one after the other, each shoe's rounds, and each shoe's
    cards burned before its rounds."""
    rows, rounds, burned = [], [], []
    for record in records:
        unseen, burns = deal_record(game, record, rules, full)
        rows.append(unseen)
        rounds.append(len(unseen))
        burned.append(burns)
    stacked = np.concatenate(rows) if rows else np.zeros((0, 52), dtype=np.int64)
    return stacked, np.asarray(rounds, dtype=np.int64), burned
