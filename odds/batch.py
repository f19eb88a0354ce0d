"""House edges of many shoes at once (``odds batch``).

Bets decided by card values alone go through the compiled table's fast path
(:meth:`odds.engine.compiled.CompiledDeal.batch_linear`); the rest through the exact sheet path,
shoe by shoe. Both give the same exact fractions (a test checks it).
"""

from __future__ import annotations

import json
import multiprocessing
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


def rank_compositions(game, base: Shoe, lines: Sequence[str], first_line: int = 1) -> np.ndarray:
    """The 13 rank counts left in each line's shoe, as :meth:`Shoe.remove` would leave them.

    A fast reading for big batches: each distinct item of the spec is parsed once, every line's
    removals are summed with numpy, and a line is accepted at once when no rank and no card is
    removed more often than the full shoe holds it (sufficient for :meth:`Shoe.remove` to
    accept it). Any other line is handed to :meth:`Shoe.remove` itself, which stays the one
    judge of what a spec means: it raises the error, naming the line, or accepts it.
    """
    # item -> slot + SLOTS * count; slot 0-51 is a card kind, 52 + r - 1 rank r with no suit
    codes: dict[str, int] = {"": 0}

    def learn(item: str, number: int) -> int:
        if item not in codes:
            try:
                specs = parse_cards(item)
            except OddsError as exc:
                raise OddsError(f"line {number}: {exc}") from None
            spec = specs[0] if specs else None
            codes[item] = 0 if spec is None else (
                (card_kind_index(spec.rank, spec.suit) if spec.suit else 52 + spec.rank - 1) + SLOTS * spec.count)
        return codes[item]

    flat: list[int] = []
    lengths = []
    for number, line in enumerate(lines, start=first_line):
        items = (line.replace(" ", ",") if " " in line else line).split(",")
        try:
            row = [codes[item] for item in items]
        except KeyError:
            row = [learn(item, number) for item in items]
        flat.extend(row)
        lengths.append(len(row))
    flat_codes = np.array(flat, dtype=np.int64)
    line_of = np.repeat(np.arange(len(lines)), lengths)
    removed = np.zeros((len(lines), SLOTS), dtype=np.int64)
    np.add.at(removed, (line_of, flat_codes % SLOTS), flat_codes // SLOTS)
    rank_removed = removed[:, 52:] + removed[:, :52].reshape(len(lines), 13, 4).sum(axis=2)
    ranks = np.array(base.rank_counts, dtype=np.int64) - rank_removed
    cards_ok = (removed[:, :52] <= np.array(base.suited_counts or [0] * 52, dtype=np.int64)).all(axis=1)
    doubtful = ~cards_ok | (ranks < 0).any(axis=1) | (ranks.sum(axis=1) < game.min_cards)
    for index in np.flatnonzero(doubtful).tolist():
        ranks[index] = _shoe_of_line(game, base, index + first_line, lines[index]).rank_counts
    return ranks


SLOTS = 65


def batch_house_edges(game, paytable, lines: Sequence[str], bet_ids: Sequence[str], decks=None,
                      first_line: int = 1) -> list[dict]:
    """Rows ``{line, bet, house_edge}`` (exact) for every line of shoes and every bet."""
    base = Shoe.decks(game.default_decks if decks is None else decks)
    ranks = rank_compositions(game, base, lines, first_line)
    edges = house_edges(game, paytable, LazyShoes(game, base, lines, first_line), bet_ids, ranks)
    return [{"line": i + first_line, "bet": bet, "house_edge": edges[bet][i]}
            for i in range(len(lines)) for bet in bet_ids]


PARALLEL_MIN_LINES = 256
"""Below this many lines a batch runs in one process: starting workers would cost more."""


def run_batch(game, paytable, lines: Sequence[str], bet_ids: Sequence[str], decks=None, fmt="csv",
              workers: int = 1) -> str:
    """``odds batch``: the rendered rows, computed by ``workers`` processes over contiguous
    chunks of lines (the output is the same whatever the number of workers)."""
    jobs = [(game.id, paytable, lines, bet_ids, decks, 1, fmt)]
    if workers > 1 and len(lines) >= PARALLEL_MIN_LINES:
        size = -(-len(lines) // workers)
        jobs = [(game.id, paytable, lines[i : i + size], bet_ids, decks, i + 1, fmt)
                for i in range(0, len(lines), size)]
    if len(jobs) == 1:
        parts = [_batch_chunk(*jobs[0])]
    else:
        game.compiled() if hasattr(game, "compiled") else None  # compile once, before the fork
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        with context.Pool(len(jobs)) as pool:
            parts = pool.starmap(_batch_chunk, jobs)
    if fmt == "json":
        return json.dumps([record for part in parts for record in part], indent=1) + "\n"
    return "line,bet,house_edge,house_edge_float\n" + "".join(parts)


def _batch_chunk(game_id, paytable, lines, bet_ids, decks, first_line, fmt):
    from .games import get_game

    rows = batch_house_edges(get_game(game_id), paytable, lines, bet_ids, decks, first_line)
    return render_rows(rows, fmt)


class LazyShoes:
    """The batch's shoes as :class:`Shoe` values, built only if a bet off the fast path needs them."""

    def __init__(self, game, base: Shoe, lines: Sequence[str], first_line: int = 1):
        self.game, self.base, self.lines, self.first_line = game, base, lines, first_line

    def __len__(self):
        return len(self.lines)

    def __iter__(self):
        for number, line in enumerate(self.lines, start=self.first_line):
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
            out[bet] = [_edge_of_shoe(game, shoe, bet, pays, getattr(shoes, "first_line", 1) + i)
                        for i, shoe in enumerate(shoes)]
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


def _edge_of_shoe(game, shoe: Shoe, bet: str, pays, number: int) -> Fraction:
    try:
        counts = game.count(shoe, [bet])[bet]
    except OddsError as exc:
        raise OddsError(f"line {number}: {bet}: {exc}") from None
    return -sum((Fraction(pays[k] * n) for k, n in counts.counts.items()), Fraction(0)) / counts.total


def render_rows(rows: list[dict], fmt: str):
    """CSV lines (``line,bet,house_edge,house_edge_float``, no header) as one string, or JSON-ready
    records (the exact edge a string). CSV is written by hand rather than through ``csv``: a batch
    has many thousands of rows and no field needs quoting (bet ids are lowercase words and hyphens)."""
    if fmt == "json":
        return [{"line": r["line"], "bet": r["bet"], "house_edge": exact(r["house_edge"]),
                 "house_edge_float": float(r["house_edge"])} for r in rows]
    lines = []
    for r in rows:
        n, d = r["house_edge"].as_integer_ratio()
        lines.append(f"{r['line']},{r['bet']},{n}/{d},{n / d!r}\n" if d != 1 else f"{r['line']},{r['bet']},{n},{float(n)!r}\n")
    return "".join(lines)
