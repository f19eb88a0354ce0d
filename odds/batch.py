"""House edges of many shoes at once (``odds batch``).

Each line of a batch is a shoe (cards removed from full decks); every line's composition is read
with numpy, and the bets' plan (:meth:`odds.exact.plan.Plan.numerators`) prices all of them in
one pass - through the fast kernels where their bounds prove them exact - for rank counts, or
card counts when a bet reads suits. The edges are reduced in Python integers. They equal the
sheets' (``tests/test_exactness.py``, random pays and 1 to 200 decks).
"""

from __future__ import annotations

import contextlib
import itertools
import sys
from dataclasses import dataclass
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from math import gcd

import numpy as np

from .cards import card_kind_index, parse_cards
from .errors import OddsError
from .exact.plan import Plan, PricedBets
from .runs import RunStopped, Where, map_chunks, signal_of
from .shoe import Shoe, SuitsUnknown


def _shoe_of_line(game, base: Shoe, number: int, line: str) -> Shoe:
    try:
        shoe = base.remove(line) if line.strip() else base
        game.check_shoe(shoe)
    except OddsError as exc:
        raise OddsError(f"line {number}: {exc}") from None
    return shoe


def compositions(game, base: Shoe, lines: Sequence[str], first_line: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """The 13 rank counts and the 52 card counts left in each line's shoe, as :meth:`Shoe.remove`
    would leave them (card counts of -1 where a line removed a card without its suit).

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
    cards = np.array(base.suited_counts or [0] * 52, dtype=np.int64) - removed[:, :52]
    cards[removed[:, 52:].any(axis=1)] = -1  # which suit left the shoe is unknown
    for index in np.flatnonzero(doubtful).tolist():
        shoe = _shoe_of_line(game, base, index + first_line, lines[index])
        ranks[index] = shoe.rank_counts
        cards[index] = shoe.suited_counts if shoe.has_suits else -1
    return ranks, cards


SLOTS = 65


def batch_house_edges(
    game, paytable, lines: Sequence[str], bet_ids: Sequence[str], decks=None, first_line: int = 1
) -> list[dict]:
    """Rows ``{line, bet, house_edge}`` (exact) for every line of shoes and every bet."""
    from .overlay import refuse_multipliers

    refuse_multipliers(paytable, bet_ids, "a batch")
    ratios = _line_ratios(game, Plan.of(game, paytable, bet_ids), lines, decks, first_line)
    return [
        {"line": i + first_line, "bet": bet, "house_edge": Fraction(*ratios[bet][i])}
        for i in range(len(lines))
        for bet in bet_ids
    ]


def house_edges(plan: Plan, rows: np.ndarray) -> dict[str, list[tuple[int, int]]]:
    """Exact house edge of each of the plan's bets for each row of counts (52 card counts, or 13
    rank counts when no bet reads suits), as a reduced ``(numerator, denominator)`` pair."""
    out = {}
    for bet, (num, den) in plan.sums(rows).items():
        if num.dtype == den.dtype == np.int64:  # |num|, den < 2**63: -num and gcd exact in int64
            common = np.gcd(num, den)
            out[bet] = list(zip((-num // common).tolist(), (den // common).tolist()))
            continue
        pairs = []
        for x, y in zip(num.tolist(), den.tolist()):
            numerator, denominator = -int(x), int(y)
            common = gcd(numerator, denominator)
            pairs.append((numerator // common, denominator // common))
        out[bet] = pairs
    return out


def _line_ratios(game, plan: Plan, lines, decks, first_line):
    base = Shoe.decks(game.default_decks if decks is None else decks)
    ranks, cards = compositions(game, base, lines, first_line)
    if not plan.needs_suits:
        return house_edges(plan, ranks)
    unknown = np.flatnonzero(cards[:, 0] < 0)
    if len(unknown):
        needing = [bet for bet in plan.bet_ids if plan.rules[bet].resolution == "card"]
        raise OddsError(f"line {int(unknown[0]) + first_line}: {', '.join(needing)}: {SuitsUnknown.MESSAGE}")
    return house_edges(plan, cards)


# -- the command: streamed, in chunks, over one or many processes ----------------------------------

CHUNK_LINES = 4096
"""Lines computed and written at a time: memory holds one chunk's shoes and rows (a few MiB),
however many lines the batch has. Each chunk is a whole vectorised pass (4,096 shoes take about
0.1 s on the fast path), so the chunks cost nothing measurable against one pass over every line."""

PARALLEL_MIN_LINES = 5000
"""Below this many lines a batch runs in one process: measured here, two workers only start to pay
off beyond a few thousand shoes (20,000 shoes: 0.85 s against 1.02 s in one process)."""


@dataclass(frozen=True)
class BatchJob:
    """What every chunk of a batch needs, small enough to send to each worker once (a Dask
    worker, a spawned process); the game and its fast-path plan are made once per process from
    it (:meth:`prepared`)."""

    game_id: str
    paytable: PricedBets
    bet_ids: tuple[str, ...]
    decks: int | None
    fmt: str

    def prepared(self) -> tuple:
        """``(game, paytable, plan, bet_ids, decks, fmt)``, made once per process (a forked
        worker inherits its parent's)."""
        key = (self.game_id, repr(self.paytable), self.bet_ids, self.decks, self.fmt)
        if key not in _PREPARED:
            from .games import get_game

            _PREPARED.clear()
            game = get_game(self.game_id)
            plan = Plan.of(game, self.paytable, self.bet_ids)
            _PREPARED[key] = (game, self.paytable, plan, self.bet_ids, self.decks, self.fmt)
        return _PREPARED[key]


_PREPARED: dict = {}


def batch_chunk(job: BatchJob, chunk: tuple[int, list[str]]) -> str:
    """The unit of work of a batch over workers (:mod:`odds.runs`): a chunk's rendered rows."""
    return _render_chunk(job.prepared(), *chunk)


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
    scheduler: str | None = None,
    client=None,
    progress: Callable[[int], None] | None = None,
) -> int:
    """``odds batch``: read ``lines`` as they are needed, compute them ``chunk_lines`` at a time
    (default :data:`CHUNK_LINES`) and ``write`` (default: stdout's) each chunk's rendered rows as soon as it and every
    chunk before it are done; returns the number of lines. The output is the same whatever the
    chunk size and the number of ``workers``, and memory does not grow with the lines: at most one
    chunk (one process) or ``2 * workers`` chunks plus the lines read to decide whether to start
    workers (many) are held at once.

    With ``scheduler`` (an address) or ``client``, the chunks run on a Dask cluster instead
    (:mod:`odds.runs`), in the same order; ``progress(n)`` is called with the lines of each
    chunk written.

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

    from .overlay import refuse_multipliers

    refuse_multipliers(paytable, bet_ids, "a batch")
    chunk_lines = chunk_lines or CHUNK_LINES
    plan = Plan.of(game, paytable, bet_ids)
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
    try:
        if not parallel and client is None and scheduler is None:
            for first, part in todo:
                out.rows(_render_chunk(job, first, part), len(part))
                if progress:
                    progress(len(part))
        else:
            _run_pool(job, todo, Where(workers, scheduler, client), out, progress)
    except KeyboardInterrupt as exc:
        raise RunStopped(signal_of(exc), out.lines, None, "lines written") from None
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


def _run_pool(job, chunks, where: Where, out, progress) -> None:
    """The chunks over local processes or a Dask cluster (:mod:`odds.runs`), written in order as
    they come back; at most ``2 * workers`` chunks are out at once, so a fast reader never piles
    up lines."""
    game, paytable, _plan, bet_ids, decks, fmt = job
    batch_job = BatchJob(game.id, paytable, bet_ids, decks, fmt)
    if not where.on_dask:
        _PREPARED.clear()
        _PREPARED[(game.id, repr(paytable), bet_ids, decks, fmt)] = job  # forked workers inherit it
    with contextlib.closing(map_chunks(batch_chunk, batch_job, chunks, where)) as parts:
        for (_first, part), rows in parts:
            out.rows(rows, len(part))
            if progress:
                progress(len(part))


def _render_chunk(job, first_line: int, lines: Sequence[str]) -> str:
    """The rendered rows of a chunk of lines (:mod:`odds.render.batch`), computed with one BLAS
    thread (small matrix products: :mod:`odds.threads`)."""
    from .render.batch import batch_chunk
    from .threads import single_threaded_blas

    game, paytable, plan, bet_ids, decks, fmt = job
    with single_threaded_blas():
        ratios = _line_ratios(game, plan, lines, decks, first_line)
    return batch_chunk([(bet, ratios[bet]) for bet in bet_ids], len(lines), first_line, fmt)


from .callable_module import make_callable  # noqa: E402 - the module is also odds.batch(), the library call

make_callable(__name__, "odds.api_design")
