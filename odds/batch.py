"""House edges of many shoes at once (``odds batch``).

Bets decided by card values alone go through the compiled table's fast path
(:meth:`odds.engine.compiled.CompiledDeal.batch_linear`, exact for any pays and any shoe size,
bet by bet: one bet with awkward pays does not slow the others); the rest through the exact
sheet path, shoe by shoe. The edges are reduced in Python integers. Both paths give the same
exact fractions (tests check it, ``tests/test_exactness.py`` with random pays and 1 to 200 decks).
"""

from __future__ import annotations

import itertools
import multiprocessing
import sys
from collections import deque
from dataclasses import dataclass
from fractions import Fraction
from math import gcd, lcm
from collections.abc import Callable, Iterable, Iterator, Sequence

import numpy as np

from .counting import falling
from .errors import OddsError
from .cards import RANKS, baccarat_value, card_kind_index, parse_cards
from .sheet import expected_value
from .shoe import Shoe, SuitsUnknown

RANK_TO_VALUE = np.array([[baccarat_value(r) == v for v in range(10)] for r in RANKS], dtype=np.int64)


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
            if spec is not None and spec.count > base.total:  # more than the shoe holds (and int64)
                _shoe_of_line(game, base, number, item)  # raises the shoe's own error
            codes[item] = (
                0
                if spec is None
                else ((card_kind_index(spec.rank, spec.suit) if spec.suit else 52 + spec.rank - 1) + SLOTS * spec.count)
            )
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


def batch_house_edges(
    game, paytable, lines: Sequence[str], bet_ids: Sequence[str], decks=None, first_line: int = 1
) -> list[dict]:
    """Rows ``{line, bet, house_edge}`` (exact) for every line of shoes and every bet."""
    ratios = _line_ratios(game, paytable, FastPlan.of(game, paytable, bet_ids), lines, bet_ids, decks, first_line)
    return [
        {"line": i + first_line, "bet": bet, "house_edge": Fraction(*ratios[bet][i])}
        for i in range(len(lines))
        for bet in bet_ids
    ]


@dataclass(frozen=True)
class FastPlan:
    """The bets of a batch that take the compiled table's fast path, their integer pay scales,
    and the table folded with their pay columns (computed once per batch)."""

    bets: tuple[str, ...]
    scales: tuple[int, ...]
    folded: object

    @classmethod
    def of(cls, game, paytable, bet_ids: Sequence[str]) -> FastPlan:
        """Each bet's pays are scaled to integers by the least common multiple of their
        denominators; bets whose game gives no integer pay column per compiled end state
        (``state_columns``) are left to the exact sheet path."""
        bets, scales, columns = [], [], []
        for bet in bet_ids:
            pays = paytable.bet(bet).pays
            scale = lcm(*(p.denominator for p in pays.values()))
            column = getattr(game, "state_columns", lambda *a: None)(bet, pays, scale, paytable)
            if column is not None:
                bets.append(bet)
                scales.append(scale)
                columns.append(column)
        folded = game.compiled().fold(np.array(columns, dtype=object).T) if bets else None
        return cls(tuple(bets), tuple(scales), folded)


def house_edges(
    game, paytable, shoes, bet_ids: Sequence[str], ranks: np.ndarray | None = None, plan: FastPlan | None = None
) -> dict[str, list[tuple[int, int]]]:
    """Exact house edge of each bet for each shoe, as a reduced ``(numerator, denominator)``
    pair (``ranks``: the shoes' 13 rank counts, if known).

    Fast-path bets share one pass of :meth:`CompiledDeal.batch_linear`: the edge is minus the
    column sum over ``scale * total``. The rest go through ``game.count``, shoe by shoe.
    """
    from .overlay import refuse_multipliers

    refuse_multipliers(paytable, bet_ids, "a batch")
    plan = plan or FastPlan.of(game, paytable, bet_ids)
    out: dict[str, list[tuple[int, int]]] = {}
    rest = [bet for bet in bet_ids if bet not in plan.bets]
    if rest and len(shoes):
        if ranks is None:
            ranks = np.array([shoe.ranks() for shoe in shoes], dtype=np.int64)
        out.update(_rank_table_edges(game, paytable, rest, ranks))
    slow = [bet for bet in rest if bet not in out]
    if slow:
        out.update({bet: [] for bet in slow})
        for i, shoe in enumerate(shoes):
            for bet, edge in _edges_of_shoe(game, paytable, shoe, slow, getattr(shoes, "first_line", 1) + i).items():
                out[bet].append(edge.as_integer_ratio())
    if plan.bets and len(shoes):
        compiled = game.compiled()
        if ranks is None:
            ranks = np.array([shoe.ranks() for shoe in shoes], dtype=np.int64)
        sums = compiled.batch_linear(ranks @ RANK_TO_VALUE, plan.folded)
        totals = [falling(n, compiled.max_cards) for n in ranks.sum(axis=1).tolist()]
        for j, (bet, scale) in enumerate(zip(plan.bets, plan.scales)):
            pairs = []
            for row, total in zip(sums, totals):
                numerator, denominator = -row[j], scale * total
                common = gcd(numerator, denominator)
                pairs.append((numerator // common, denominator // common))
            out[bet] = pairs
    elif plan.bets:
        out.update({bet: [] for bet in plan.bets})
    return out


def _rank_table_edges(game, paytable, bet_ids, ranks: np.ndarray) -> dict[str, list[tuple[int, int]]]:
    """Exact edges of condition bets counted by a positional table that needs ranks but no
    suits (pairs, first cards), for every shoe at once from its 13 rank counts."""
    from .bets.engine import compile_bet

    out = {}
    if getattr(game, "deal", None) is None or not hasattr(game.deal, "positions"):
        return out
    totals = ranks.sum(axis=1).tolist()
    for bet in bet_ids:
        rule = paytable.rule(bet)
        if rule.conditions is None:
            continue
        table = compile_bet(game.deal, game.id, rule).table
        if table is None or table.needs_suits:
            continue
        pays = paytable.bet(bet).pays
        scale = lcm(*(p.denominator for p in pays.values()))
        column = [int(pays[o.key] * scale) for o in rule.outcomes]
        sums = table.batch_dot(ranks, np.array(column, dtype=object)[:, None], max(map(abs, column)))[:, 0].tolist()
        pairs = []
        for numerator, n in zip(sums, totals):
            numerator, denominator = -int(numerator), scale * falling(n, table.depth)
            common = gcd(numerator, denominator)
            pairs.append((numerator // common, denominator // common))
        out[bet] = pairs
    return out


def _line_ratios(game, paytable, plan, lines, bet_ids, decks, first_line):
    base = Shoe.decks(game.default_decks if decks is None else decks)
    ranks = rank_compositions(game, base, lines, first_line)
    return house_edges(game, paytable, LazyShoes(game, base, lines, first_line), bet_ids, ranks, plan)


class LazyShoes:
    """The batch's shoes as :class:`Shoe` values, built only if a bet off the fast path needs them."""

    def __init__(self, game, base: Shoe, lines: Sequence[str], first_line: int = 1):
        self.game, self.base, self.lines, self.first_line = game, base, lines, first_line

    def __len__(self):
        return len(self.lines)

    def __iter__(self):
        for number, line in enumerate(self.lines, start=self.first_line):
            yield _shoe_of_line(self.game, self.base, number, line)


def _edges_of_shoe(game, paytable, shoe: Shoe, bets: Sequence[str], number: int) -> dict[str, Fraction]:
    """The exact edges of bets off the fast path: one exact count of the shoe for all of them."""
    try:
        counts = game.count(shoe, bets, paytable)
    except SuitsUnknown as exc:
        needing = [bet for bet in bets if paytable.rule(bet).resolution == "card"]
        raise OddsError(f"line {number}: {', '.join(needing)}: {exc}") from None
    except OddsError as exc:
        raise OddsError(f"line {number}: {exc}") from None
    return {bet: -expected_value(paytable.bet(bet).pays, counts[bet].counts, counts[bet].total) for bet in bets}


# -- the command: streamed, in chunks, over one or many processes ----------------------------------

CHUNK_LINES = 4096
"""Lines computed and written at a time: memory holds one chunk's shoes and rows (a few MiB),
however many lines the batch has. Each chunk is a whole vectorised pass (4,096 shoes take about
0.1 s on the fast path), so the chunks cost nothing measurable against one pass over every line."""

PARALLEL_MIN_LINES = 5000
"""Below this many lines a batch runs in one process: measured here, two workers only start to pay
off beyond a few thousand shoes (20,000 shoes: 0.85 s against 1.02 s in one process)."""

_JOB = None
"""A worker's job: game, paytable, plan, bets, decks, format - inherited by a forked worker (the
compiled table and the folded plan, nothing to pickle), set by :func:`_start_spawned` in a spawned
one."""


def stream_batch(
    game,
    paytable,
    lines: Iterable[str],
    bet_ids: Sequence[str],
    decks=None,
    fmt="csv",
    workers: int = 1,
    write: Callable[[str], object] | None = None,
    chunk_lines: int | None = None,
) -> int:
    """``odds batch``: read ``lines`` as they are needed, compute them ``chunk_lines`` at a time
    (default :data:`CHUNK_LINES`) and ``write`` (default: stdout's) each chunk's rendered rows as soon as it and every
    chunk before it are done; returns the number of lines. The output is the same whatever the
    chunk size and the number of ``workers``, and memory does not grow with the lines: at most one
    chunk (one process) or ``2 * workers`` chunks plus the lines read to decide whether to start
    workers (many) are held at once.

    A bad line raises its error (naming the line) when its chunk is reached: the rows of the
    chunks before it are already written and stand (CSV: whole rows under the header; JSON: an
    array left unclosed, which no JSON reader accepts). A batch of one chunk (up to 4,096 lines)
    writes nothing then.

    >>> from io import StringIO
    >>> from odds.games import get_game
    >>> game = get_game("baccarat")
    >>> out = StringIO()
    >>> stream_batch(game, game.paytable(), ["", "5x4"], ["tie"], decks=1, write=out.write, chunk_lines=1)
    2
    >>> print(out.getvalue(), end="")  # a full deck: the tie at 8 to 1 gives the house 15.75%
    line,bet,house_edge,house_edge_float
    1,tie,2003549/12724075,0.157461...
    2,tie,268352/1533939,0.174943...
    """
    from .render.batch import BatchWriter

    chunk_lines = chunk_lines or CHUNK_LINES
    plan = FastPlan.of(game, paytable, bet_ids)
    chunks = _chunks(lines, chunk_lines)
    head: list = []
    if workers > 1:  # read up to PARALLEL_MIN_LINES lines: are there enough for workers?
        for chunk in chunks:
            head.append(chunk)
            if sum(len(c[1]) for c in head) >= PARALLEL_MIN_LINES:
                break
    parallel = workers > 1 and sum(len(c[1]) for c in head) >= PARALLEL_MIN_LINES
    todo = itertools.chain(head, chunks)
    out = BatchWriter(fmt, write or sys.stdout.write)
    job = (game, paytable, plan, tuple(bet_ids), decks, fmt)
    if not parallel:
        for first, part in todo:
            out.rows(_render_chunk(job, first, part), len(part))
    else:
        _run_pool(job, todo, workers, out)
    out.close()
    return out.lines


def run_batch(
    game, paytable, lines: Sequence[str], bet_ids: Sequence[str], decks=None, fmt="csv", workers: int = 1
) -> str:
    """The output of :func:`stream_batch` as one text (for a program that wants it whole)."""
    import io

    out = io.StringIO()
    stream_batch(game, paytable, lines, bet_ids, decks, fmt, workers, out.write)
    return out.getvalue()


def _chunks(lines: Iterable[str], size: int) -> Iterator[tuple[int, list[str]]]:
    """``(number of the first line, up to size lines)``, reading ``lines`` only as far as needed."""
    it = iter(lines)
    first = 1
    while True:
        part = list(itertools.islice(it, size))
        if not part:
            return
        yield first, part
        first += len(part)


def _run_pool(job, chunks, workers: int, out) -> None:
    """The chunks over ``workers`` processes, written in order as they come back; at most
    ``2 * workers`` chunks are out at once, so a fast reader never piles up lines."""
    global _JOB
    game, paytable, _plan, bet_ids, decks, fmt = job
    if "fork" in multiprocessing.get_all_start_methods():
        _JOB = job  # the workers inherit it
        pool = multiprocessing.get_context("fork").Pool(workers)
    else:
        pool = multiprocessing.get_context("spawn").Pool(
            workers, initializer=_start_spawned, initargs=(game.id, paytable, bet_ids, decks, fmt)
        )
    try:
        with pool:
            pending: deque = deque()
            chunks = iter(chunks)
            while True:
                try:
                    first, part = next(chunks)
                except StopIteration:
                    break
                except OddsError:
                    # the input failed (a line not UTF-8, the size limit): the chunks read before
                    # it are written first, as in one process (an error among them comes first)
                    while pending:
                        result, count = pending.popleft()
                        out.rows(result.get(), count)
                    raise
                pending.append((pool.apply_async(_pool_chunk, (first, part)), len(part)))
                if len(pending) >= 2 * workers:
                    result, count = pending.popleft()
                    out.rows(result.get(), count)
            while pending:
                result, count = pending.popleft()
                out.rows(result.get(), count)
    finally:
        _JOB = None


def _start_spawned(game_id, paytable, bet_ids, decks, fmt):
    global _JOB
    from .games import get_game

    game = get_game(game_id)
    _JOB = (game, paytable, FastPlan.of(game, paytable, bet_ids), bet_ids, decks, fmt)


def _pool_chunk(first_line: int, lines: list[str]) -> str:
    return _render_chunk(_JOB, first_line, lines)


def _render_chunk(job, first_line: int, lines: Sequence[str]) -> str:
    """The rendered rows of a chunk of lines (:mod:`odds.render.batch`), computed with one BLAS
    thread (small matrix products: :mod:`odds.threads`)."""
    from .render.batch import batch_chunk
    from .threads import single_threaded_blas

    game, paytable, plan, bet_ids, decks, fmt = job
    with single_threaded_blas():
        ratios = _line_ratios(game, paytable, plan, lines, bet_ids, decks, first_line)
    return batch_chunk([(bet, ratios[bet]) for bet in bet_ids], len(lines), first_line, fmt)
