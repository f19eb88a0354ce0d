"""House edges of many shoes at once (``odds batch``).

Bets decided by card values alone go through the compiled table's fast path
(:meth:`odds.engine.compiled.CompiledDeal.batch_linear`); the rest through the exact sheet path,
shoe by shoe. Both give the same exact fractions (a test checks it).
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import lcm
from typing import Sequence

import numpy as np

from .counting import falling
from .errors import OddsError
from .render import exact
from .cards import RANKS, baccarat_value, card_kind_index, parse_cards
from .shoe import Shoe

RANK_TO_VALUE = np.array([[baccarat_value(r) == v for v in range(10)] for r in RANKS], dtype=np.int64)


def parse_shoes(game, lines: Sequence[str], decks: int | None) -> list[Shoe]:
    """One shoe per line: the full shoe less that line's ``--remove`` spec."""
    base = Shoe.decks(game.default_decks if decks is None else decks)
    return [_shoe_of_line(game, base, number, line) for number, line in enumerate(lines, start=1)]


def _shoe_of_line(game, base: Shoe, number: int, line: str) -> Shoe:
    try:
        shoe = base.remove(line) if line.strip() else base
        game.check_shoe(shoe)
    except OddsError as exc:
        raise OddsError(f"line {number}: {exc}") from None
    return shoe


def rank_compositions(game, base: Shoe, lines: Sequence[str]) -> np.ndarray:
    """The 13 rank counts left in each line's shoe, as :meth:`Shoe.remove` would leave them.

    A fast reading for big batches: each distinct item of the spec is parsed once, every line's
    removals are summed with numpy, and a line is accepted at once when no rank and no card is
    removed more often than the full shoe holds it (sufficient for :meth:`Shoe.remove` to
    accept it). Any other line is handed to :meth:`Shoe.remove` itself, which stays the one
    judge of what a spec means: it raises the error, naming the line, or accepts it.
    """
    slots: dict[str, tuple[int, int]] = {}  # item -> (slot, count); slot 52 + r is rank r, suit unknown
    flat_line, flat_slot, flat_count = [], [], []
    for number, line in enumerate(lines):
        for item in line.replace(" ", ",").split(","):
            code = slots.get(item)
            if code is None:
                if not item.strip():
                    continue
                try:
                    (spec,) = parse_cards(item)
                except OddsError as exc:
                    raise OddsError(f"line {number + 1}: {exc}") from None
                slot = card_kind_index(spec.rank, spec.suit) if spec.suit else 52 + spec.rank - 1
                code = slots[item] = (slot, spec.count)
            flat_line.append(number)
            flat_slot.append(code[0])
            flat_count.append(code[1])
    removed = np.zeros((len(lines), 65), dtype=np.int64)
    np.add.at(removed, (np.array(flat_line, dtype=np.int64), np.array(flat_slot, dtype=np.int64)),
              np.array(flat_count, dtype=np.int64))
    rank_removed = removed[:, 52:] + removed[:, :52].reshape(len(lines), 13, 4).sum(axis=2)
    ranks = np.array(base.rank_counts, dtype=np.int64) - rank_removed
    cards_ok = (removed[:, :52] <= np.array(base.suited_counts or [0] * 52, dtype=np.int64)).all(axis=1)
    doubtful = ~cards_ok | (ranks < 0).any(axis=1) | (ranks.sum(axis=1) < game.min_cards)
    for number in np.flatnonzero(doubtful).tolist():
        ranks[number] = _shoe_of_line(game, base, number + 1, lines[number]).rank_counts
    return ranks


def batch_house_edges(game, paytable, lines: Sequence[str], bet_ids: Sequence[str], decks=None) -> list[dict]:
    """Rows ``{line, bet, house_edge}`` (exact) for every line of shoes and every bet."""
    base = Shoe.decks(game.default_decks if decks is None else decks)
    ranks = rank_compositions(game, base, lines)
    edges = house_edges(game, paytable, LazyShoes(game, base, lines), bet_ids, ranks)
    return [{"line": i + 1, "bet": bet, "house_edge": edges[bet][i]}
            for i in range(len(lines)) for bet in bet_ids]


class LazyShoes:
    """The batch's shoes as :class:`Shoe` values, built only if a bet off the fast path needs them."""

    def __init__(self, game, base: Shoe, lines: Sequence[str]):
        self.game, self.base, self.lines = game, base, lines

    def __len__(self):
        return len(self.lines)

    def __iter__(self):
        for number, line in enumerate(self.lines, start=1):
            yield _shoe_of_line(self.game, self.base, number, line)


def house_edges(game, paytable, shoes, bet_ids: Sequence[str], ranks: np.ndarray | None = None) -> dict[str, list[Fraction]]:
    """Exact house edge of each bet for each shoe (``ranks``: the shoes' 13 rank counts, if known).

    Bets whose game gives integer pay columns over its compiled end states (``state_columns``)
    share one pass of the fast path: each bet's pays are scaled to integers by the least common
    multiple of their denominators, and the edge is the column sum over ``scale * total``.
    """
    out: dict[str, list[Fraction]] = {}
    fast, scales, columns = [], [], []
    for bet in bet_ids:
        pays = paytable.bet(bet).pays
        scale = lcm(*(p.denominator for p in pays.values()))
        column = getattr(game, "state_columns", lambda *a: None)(bet, pays, scale)
        if column is None or not len(shoes):
            out[bet] = [_edge_from_counts(game.count(shoe, [bet])[bet], pays) for shoe in shoes]
        else:
            fast.append(bet)
            scales.append(scale)
            columns.append(column)
    if fast:
        compiled = game.compiled()
        folded = compiled.fold(np.array(columns, dtype=object).T)
        if ranks is None:
            ranks = np.array([shoe.ranks() for shoe in shoes], dtype=np.int64)
        sums = compiled.batch_linear(ranks @ RANK_TO_VALUE, folded)
        totals = [falling(n, compiled.max_cards) for n in ranks.sum(axis=1).tolist()]
        for j, (bet, scale) in enumerate(zip(fast, scales)):
            out[bet] = [Fraction(-row[j], scale * total) for row, total in zip(sums, totals)]
    return out


def _edge_from_counts(counts, pays) -> Fraction:
    return -sum((Fraction(pays[k] * n) for k, n in counts.counts.items()), Fraction(0)) / counts.total


def render(rows: list[dict], fmt: str) -> str:
    """CSV (``line,bet,house_edge,house_edge_float``) or JSON (a list of those records, the exact
    edge a string). Written by hand rather than through ``csv``: a batch has many thousands of rows
    and no field needs quoting (bet ids are lowercase words and hyphens)."""
    if fmt == "json":
        return json.dumps([{"line": r["line"], "bet": r["bet"], "house_edge": exact(r["house_edge"]),
                            "house_edge_float": float(r["house_edge"])} for r in rows], indent=1) + "\n"
    lines = ["line,bet,house_edge,house_edge_float\n"]
    lines.extend(f"{r['line']},{r['bet']},{exact(r['house_edge'])},{float(r['house_edge'])!r}\n" for r in rows)
    return "".join(lines)
