"""Bets side by side: house edge, RTP and standard deviation by deck count and paytable
(``odds compare``), the table a designer asks for first ("what does this bet hold at 6 decks?").

Every cell is the bet's exact sheet (:func:`odds.sheet.build_sheet`) off the top of a full shoe
of that many decks, under that paytable: the same figures ``odds sheet`` prints, computed in the
same one place. Dice and wheels have no shoe: one column.

>>> from odds.games import get_game
>>> from odds.paytable import load_paytable
>>> game = get_game("baccarat")
>>> c = compare(game, [load_paytable(game), load_paytable(game, "tie-9")], [1, 8], ["tie"])
>>> [str(c.sheet("tie", "tie-9", 8).house_edge), str(c.sheet("tie", "seed", 8).house_edge)]
['63053127805/1301666217579', '103841353768/723147898655']
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence

from .errors import OddsError, UnknownName
from .limits import MAX_DECKS
from .sheet import BetSheet, build_sheet
from .shoe import Shoe

DEFAULT_DECKS = (1, 2, 4, 6, 8)
"""The deck counts compared when none are given: every shoe size a casino deals from."""

MAX_COLUMNS = 20
"""Deck counts in one comparison: a table of more is no longer read side by side."""


@dataclass(frozen=True)
class Comparison:
    game: object
    bets: tuple[str, ...]
    """Bet ids, rows in order: those asked for, or every bet of the paytables compared."""
    paytables: tuple
    """The paytables compared (:class:`odds.paytable.Paytable`), in the order given."""
    shoes: tuple
    """The full shoes compared (``(None,)`` for dice and wheels)."""
    cells: dict
    """``(bet, paytable name, index of shoe) -> BetSheet``; absent when the paytable has no such bet."""
    names: dict
    """Bet id -> the bet's name (from the first paytable that has it)."""

    def sheet(self, bet: str, paytable: str, decks: int | None) -> BetSheet | None:
        """The cell of a bet under a paytable (by name) at a deck count (None: no shoe)."""
        for i, shoe in enumerate(self.shoes):
            if (shoe.deck_count if shoe is not None else None) == decks:
                return self.cells.get((bet, paytable, i))
        raise KeyError(decks)


def parse_decks(text: str) -> list[int]:
    """``"1,2,4,6,8"`` as deck counts, each a whole number from 1 to the limit on a shoe; the
    order given is kept and repeats are dropped.

    >>> parse_decks("8, 6,1,6")
    [8, 6, 1]
    """
    decks: list[int] = []
    for item in text.split(","):
        item = item.strip()
        if not item.isdigit() or len(item) > 6:
            from .errors import shown

            raise OddsError(f"--decks {shown(text)}: write deck counts separated by commas, e.g. 1,2,4,6,8")
        n = int(item)
        if not 1 <= n <= MAX_DECKS:
            raise OddsError(f"--decks: {n:,} decks is outside 1 to {MAX_DECKS:,}")
        if n not in decks:
            decks.append(n)
    if len(decks) > MAX_COLUMNS:
        raise OddsError(f"--decks: at most {MAX_COLUMNS} deck counts in one comparison, not {len(decks)}")
    return decks


def compare(
    game, paytables: Sequence, decks: Sequence[int] | None = None, bet_ids: Sequence[str] | None = None
) -> Comparison:
    """Each bet's sheet under each paytable at each deck count (default :data:`DEFAULT_DECKS`;
    none for dice and wheels, which refuse a deck count)."""
    if not paytables:
        raise OddsError("compare needs at least one paytable")
    if game.uses_shoe:
        shoes = tuple(Shoe.decks(n) for n in (decks or DEFAULT_DECKS))
        for shoe in shoes:
            game.check_shoe(shoe)
    elif decks:
        raise OddsError(f"{game.id} deals no cards: --decks does not apply")
    else:
        shoes = (None,)
    known: dict[str, str] = {}
    for table in paytables:
        for bet in table.bets:
            known.setdefault(bet, table.rule(bet).name)
    for bet in bet_ids or ():
        if bet not in known:
            raise UnknownName(f"{game.id} bet", bet, known)
    bets = tuple(dict.fromkeys(bet_ids)) if bet_ids else tuple(known)
    cells = {}
    for table in paytables:
        priced = [b for b in bets if b in table.bets]
        if not priced:
            continue
        for i, shoe in enumerate(shoes):
            for sheet in build_sheet(game, table, shoe, priced).bets:
                cells[(sheet.id, table.name, i)] = sheet
    return Comparison(game, bets, tuple(paytables), shoes, cells, {b: known[b] for b in bets})


from .callable_module import make_callable  # noqa: E402 - the module is also odds.compare(), the library call

make_callable(__name__, "odds.api_design")
