"""Shoe by shoe: each bet's exact expectation at every round, and what knowing it is worth.

For every shoe (dealt by :mod:`.dealer`) and every round, the bet's expected value for the
unseen cards is computed exactly (:mod:`.evaluator`); whether it is positive is decided on the
exact integer numerator. From those:

* perfect-information bettor: bets 1 unit at every round whose expectation is positive; what it
  wins per shoe is the *sum of those exact expectations* (not simulated outcomes: by the tower
  rule both have the same mean, and the sum has far less noise);
* the same restricted to the bet's window (the first ``window`` rounds of the shoe; default the
  paytable's ``window``, the seed's);
* a linear count: the tags of :mod:`.tags` derived from the full shoe's effects of removal; true
  count = (running count of the exposed cards - cards exposed x the full shoe's mean tag) x 52 /
  unseen cards (the usual running count x 52 / unseen for a balanced count; the correction keeps
  an unbalanced count from drifting with depth); the bettor bets when the true count is at least
  a trigger, and the trigger reported is the one that wins most over the run
  (chosen on the same shoes, so slightly optimistic).

Sums are kept as integers in units of ``2**-32`` (each round's exact expectation rounded to the
nearest unit, an error below ``2.4e-10`` per round): integer sums do not depend on the order in
which shoes are added, so a run's figures are identical for a seed whatever the number of
workers or the cluster. The tallies are exact for any number of shoes and any pays: the sums
are Python integers (a shoe's sums use int64 only where ``rounds * max|value| < 2**63`` proves
it cannot wrap), and the true-count bins stay int64 only while the sum of every ``|value|`` put
in them is below ``2**63``, then turn into Python integers. True counts are binned by
``TC_STEP`` for the trigger search.

Shoes are dealt in chunks, in this process, in local processes (``workers``) or on a Dask
cluster (``scheduler``); :class:`Tally` objects from the chunks are added up.
"""

from __future__ import annotations

import math
import os
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Sequence

import numpy as np

from ..errors import OddsError
from ..shoe import Shoe
from .dealer import DealRules, deal_shoe, shuffled
from .eor import effects_of_removal, kind_label
from .evaluator import CARD_OF_KIND, Evaluator
from .tags import derive_tags

INT64_MAX = 2**63 - 1

FIX_BITS = 32
FIX = 1 << FIX_BITS
"""Fixed-point unit of the sums: an expectation ``e`` counts as ``round(e * FIX)``."""

TC_STEP = Fraction(1, 10)
"""True counts are binned in steps of 0.1, however far they go (no end bins: a high ``--level``
or a deep shoe reaches true counts of hundreds, and each keeps its own bin)."""

DEFAULT_LEVEL = 3


@dataclass(frozen=True)
class CountSpec:
    """Everything a worker needs to deal and evaluate a range of shoes (picklable)."""

    game_id: str
    paytable: object
    bet_ids: tuple[str, ...]
    full: tuple[int, ...]
    """52 card counts of the full shoe."""
    seed: int
    rules: DealRules
    windows: tuple[int | None, ...]
    """Per bet: rounds it is offered in (None: the whole shoe)."""
    tags52: tuple[tuple[int, ...] | None, ...]
    """Per bet: its count's tag for each of the 52 card kinds (None: every tag zero, no count)."""
    keep_values: bool = False
    """Keep every round's expectation (for the chart), not only the sums."""


@dataclass
class BetTally:
    """Integer sums for one bet over a set of shoes (see the module docstring for units)."""

    rounds: int = 0
    rounds_in_window: int = 0
    positive: int = 0
    positive_in_window: int = 0
    ev_sum: int = 0
    perfect: int = 0
    perfect_in_window: int = 0
    perfect_sq: int = 0
    """Sum over shoes of (that shoe's perfect-information units)**2, in FIX**2 units."""
    tc_ev: dict = field(default_factory=dict)
    tc_ev_in_window: dict = field(default_factory=dict)
    """True-count bin (see :func:`true_count_bins`) -> sum of the expectations there (sparse)."""

    def add(self, other: "BetTally") -> None:
        for name in ("rounds", "rounds_in_window", "positive", "positive_in_window", "ev_sum",
                     "perfect", "perfect_in_window", "perfect_sq"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        add_bins(self.tc_ev, other.tc_ev)
        add_bins(self.tc_ev_in_window, other.tc_ev_in_window)


@dataclass
class Tally:
    """The sums of a range of shoes for every bet, and (optionally) every round's expectation."""

    shoes: int
    bets: dict[str, BetTally]
    values: dict[int, dict[str, list[np.ndarray]]] = field(default_factory=dict)
    """First shoe of a chunk -> bet -> per shoe, every round's expectation (float64)."""

    def add(self, other: "Tally") -> None:
        self.shoes += other.shoes
        for bet, tally in other.bets.items():
            self.bets[bet].add(tally)
        self.values.update(other.values)

    def round_values(self, bet: str) -> list[np.ndarray]:
        """Every shoe's per-round expectations of a bet, in shoe order."""
        return [v for start in sorted(self.values) for v in self.values[start][bet]]


_EVALUATORS: dict = {}


def _evaluator(spec: CountSpec) -> Evaluator:
    from ..games import get_game

    key = (spec.game_id, repr(spec.paytable), spec.bet_ids)
    if key not in _EVALUATORS:
        _EVALUATORS.clear()
        _EVALUATORS[key] = Evaluator(get_game(spec.game_id), spec.paytable, spec.bet_ids)
    return _EVALUATORS[key]


def count_shoes(spec: CountSpec, start: int, stop: int) -> Tally:
    """Deal shoes ``start .. stop-1`` of the run and tally every bet (the unit of work)."""
    evaluator = _evaluator(spec)
    tally = Tally(0, {b: BetTally() for b in spec.bet_ids})
    values: dict[str, list[np.ndarray]] = {b: [] for b in spec.bet_ids}
    shoes = [deal_shoe(evaluator.game, shuffled(spec.full, spec.seed, index), spec.rules, settle=False)[0]
             for index in range(start, stop)]
    for unseen, results in zip(shoes, evaluator.evaluate_shoes(shoes)):  # one pass over every row
        for bet, ev in tally_shoe(tally, spec, evaluator, unseen, results).items():
            values[bet].append(ev)
    if spec.keep_values:
        tally.values[start] = values
    return tally


def tally_shoe(tally: Tally, spec: CountSpec, evaluator: Evaluator, unseen: np.ndarray,
               results: dict | None = None) -> dict[str, np.ndarray]:
    """Add one dealt shoe (its unseen compositions before each round) to ``tally``; returns each
    bet's expectation per round (``results``: the shoe's ``evaluator.evaluate(unseen)``, if known)."""
    full = np.array(spec.full, dtype=np.int64)
    tally.shoes += 1
    results = evaluator.evaluate(unseen) if results is None else results
    left = unseen.sum(axis=1)
    for bet, window, tags in zip(spec.bet_ids, spec.windows, spec.tags52):
        positive, ev = results[bet]
        fixed, peak = fixed_point(ev)
        in_window = np.arange(len(ev)) < (window if window is not None else len(ev))
        t = tally.bets[bet]
        t.rounds += len(ev)
        t.rounds_in_window += int(in_window.sum())
        t.positive += int(positive.sum())
        t.positive_in_window += int((positive & in_window).sum())
        # every sum below is over some of these values: one bound proves int64 for all of them
        in_int64 = fixed.dtype != object and len(fixed) * peak <= INT64_MAX
        total = (lambda x: int(x.sum())) if in_int64 else (lambda x: sum(int(v) for v in x.tolist()))
        t.ev_sum += total(fixed)
        shoe_perfect = total(fixed[positive])
        t.perfect += shoe_perfect
        t.perfect_sq += shoe_perfect * shoe_perfect
        t.perfect_in_window += total(fixed[positive & in_window])
        if tags is not None and len(ev):
            tag = np.array(tags, dtype=np.int64)
            bins = true_count_bins(int(full @ tag), int(full.sum()), unseen @ tag, left)
            add_bins(t.tc_ev, bin_sums(bins, fixed))
            add_bins(t.tc_ev_in_window, bin_sums(bins[in_window], fixed[in_window]))
    return {bet: results[bet][1] for bet in spec.bet_ids}


def fixed_point(ev: np.ndarray) -> tuple[np.ndarray, int]:
    """Each expectation in units of ``2**-32``, rounded to the nearest (``np.rint``), and the
    largest magnitude (a Python int): int64 when every value is below ``2**62`` in magnitude
    (always, for pays below ``2**30`` to 1), else Python ints (object array).

    >>> values, peak = fixed_point(np.array([0.5, -1.0]))
    >>> values.tolist(), peak
    ([2147483648, -4294967296], 4294967296)
    >>> fixed_point(np.array([2.0**40]))[0].dtype
    dtype('O')
    """
    scaled = np.rint(np.asarray(ev, dtype=np.float64) * FIX)
    peak = int(np.abs(scaled).max()) if len(scaled) else 0  # an integral float: exact
    if peak < 2**62:
        return scaled.astype(np.int64), peak
    return np.array([int(x) for x in scaled.tolist()], dtype=object), peak


def true_count_bins(tags_full: int, cards_full: int, tags_unseen: np.ndarray, left: np.ndarray) -> np.ndarray:
    """Bin of the true count: the true count floored to a multiple of TC_STEP, in steps (bin
    ``b`` holds true counts in ``[b/10, (b+1)/10)``), in exact integers and never clipped.

    With ``T`` the tag sum of the full shoe of ``N`` cards and ``t`` the tag sum of the ``U``
    unseen cards, the running count of the exposed cards less its expected value given how many
    were exposed is ``(T - t) - (N - U) T / N = (U T - N t) / N``; per 52 unseen cards:

        true count = 52 (U T - N t) / (N U)
    """
    per_step = TC_STEP.denominator  # steps of 1/10: floor(tc * 10)
    left = np.maximum(np.asarray(left, dtype=np.int64), 1)
    unseen = np.asarray(tags_unseen, dtype=np.int64)
    largest = 52 * per_step * cards_full * (abs(tags_full) + (int(np.abs(unseen).max()) if len(unseen) else 0))
    if largest >= 2**62:  # beyond int64 (tags and shoes far past the limits): Python integers, still exact
        left, unseen = left.astype(object), unseen.astype(object)
    steps = (52 * per_step * (left * tags_full - cards_full * unseen)) // (cards_full * left)
    return np.asarray(steps, dtype=np.int64 if largest < 2**62 else object)


def bin_sums(bins: np.ndarray, values: np.ndarray) -> dict[int, int]:
    """``{bin: sum of the values in it}`` (exact: Python integers)."""
    out: dict[int, int] = {}
    for b, v in zip(np.asarray(bins).tolist(), np.asarray(values).tolist()):
        out[b] = out.get(b, 0) + v
    return out


def add_bins(total: dict[int, int], more: dict[int, int]) -> None:
    """Add one sparse tally of true-count bins into another."""
    for b, v in more.items():
        total[b] = total.get(b, 0) + v


def bin_trigger(index: int) -> Fraction:
    """The true count at the lower edge of a bin: bet when the true count is at least this."""
    return index * TC_STEP


def best_trigger(tc_ev: dict[int, int]) -> tuple[int, Fraction | None]:
    """The trigger that wins most: ``(sum of expectations at or above it, trigger)``; ``(0,
    None)`` when no trigger wins anything (never bet). Among equal best sums the highest trigger
    is reported (the true count at which the bettor actually starts betting).

    >>> best_trigger({0: -5, 10: 3, 20: 4})  # true counts 0, 1 and 2
    (7, Fraction(1, 1))
    """
    best, trigger, gain = 0, None, 0
    for b in sorted(tc_ev, reverse=True):  # gain = the sum of the bins at or above b
        gain += int(tc_ev[b])
        if gain > best:
            best, trigger = gain, bin_trigger(b)
    return best, trigger


# -- a whole run ----------------------------------------------------------------------------------

def count_tags(game, paytable, shoe: Shoe, bet_ids: Sequence[str], level: int) -> dict[str, tuple | None]:
    """Each bet's derived tags, spread over the 52 card kinds (None when every tag is zero)."""
    out = {}
    for bet in effects_of_removal(game, paytable, shoe, bet_ids):
        tags = derive_tags([e.effect for e in bet.effects], level)
        if not any(tags):
            out[bet.id] = None
            continue
        by_label = {e.card: t for e, t in zip(bet.effects, tags)}
        out[bet.id] = tuple(by_label.get(kind_label(rank, suit, bet.resolution), 0) for rank, suit in CARD_OF_KIND)
    return out


def make_spec(game, paytable, bet_ids, decks: int, seed: int, rules: DealRules,
              window: int | None = None, level: int = DEFAULT_LEVEL, keep_values: bool = False) -> CountSpec:
    """The run's spec: windows from the paytable unless ``window`` overrides them all."""
    if not game.uses_shoe:
        raise OddsError(f"{game.id} deals no cards: counting applies to card games only")
    if window is not None and window < 1:
        raise OddsError(f"--window must be at least 1 round, not {window}")
    shoe = Shoe.decks(decks)
    game.check_shoe(shoe)
    if rules.cut_card >= shoe.total:
        raise OddsError(f"--cut-card {rules.cut_card}: the shoe holds {shoe.total} cards; "
                        f"the cut card must lie inside it (at most {shoe.total - 1} cards behind it)")
    tags = count_tags(game, paytable, shoe, bet_ids, level)
    windows = tuple(window if window is not None else paytable.bet(b).window for b in bet_ids)
    return CountSpec(game.id, paytable, tuple(bet_ids), tuple(shoe.card_counts()), seed, rules,
                     windows, tuple(tags[b] for b in bet_ids), keep_values)


def chunks(shoes: int, workers: int) -> list[tuple[int, int]]:
    """Split shoes 0..shoes-1 into ranges: about four per worker, at most 50 shoes each."""
    size = max(1, min(50, math.ceil(shoes / max(1, 4 * workers))))
    return [(s, min(s + size, shoes)) for s in range(0, shoes, size)]


def run(spec: CountSpec, shoes: int, workers: int | None = None, scheduler: str | None = None,
        progress: Callable[[int], None] | None = None) -> Tally:
    """Deal and tally ``shoes`` shoes: here (one worker), in local processes, or on Dask."""
    if shoes < 1:
        raise OddsError(f"--shoes must be at least 1, not {shoes}")
    if workers is None:
        workers = os.cpu_count() or 1
    if workers < 1:
        raise OddsError(f"--workers must be at least 1, not {workers}")
    parts = chunks(shoes, workers)
    total = Tally(0, {b: BetTally() for b in spec.bet_ids})

    def take(part: Tally):
        total.add(part)
        if progress:
            progress(part.shoes)

    if scheduler:
        _run_dask(spec, parts, scheduler, take)
    elif workers == 1 or len(parts) == 1:
        for start, stop in parts:
            take(count_shoes(spec, start, stop))
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed

        context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            futures = [pool.submit(count_shoes, spec, start, stop) for start, stop in parts]
            for future in as_completed(futures):
                take(future.result())
    return total


DASK_TIMEOUT = float(os.environ.get("ODDS_DASK_TIMEOUT", "20"))
"""Seconds to reach a Dask scheduler and hear its handshake (``ODDS_DASK_TIMEOUT``)."""


def _run_dask(spec: CountSpec, parts, address: str, take) -> None:
    try:
        from distributed import Client
    except ImportError:
        raise OddsError("--scheduler needs Dask: pip install 'odds[dask]'") from None
    _probe_scheduler(address, DASK_TIMEOUT)
    try:
        client = Client(address, timeout=f"{DASK_TIMEOUT}s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise OddsError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    with client:
        futures = [client.submit(count_shoes, spec, start, stop, pure=False) for start, stop in parts]
        try:
            _gather(client, futures, take)
        except OddsError:
            raise
        except Exception as exc:  # noqa: BLE001 - a lost worker (KilledWorker), scheduler or connection
            name = exc.__class__.__name__
            what = "a Dask worker was lost" if name == "KilledWorker" else "the Dask run failed"
            raise OddsError(f"{what} ({name}: {str(exc)[:160]}); the figures would be incomplete") from None


def _gather(client, futures, take) -> None:
    """Take each chunk as it completes; say on stderr when a worker leaves (its chunks are dealt
    again elsewhere, the figures unchanged), and fail in one line when no worker has been left
    for ``DASK_TIMEOUT`` seconds (nothing would ever finish)."""
    import time

    from distributed import wait

    pending = set(futures)
    workers = set(client.nthreads())
    alone_since = None if workers else time.monotonic()
    while pending:
        try:
            done, pending = wait(pending, timeout=1.0, return_when="FIRST_COMPLETED")
        except TimeoutError:  # nothing finished this second (distributed raises instead of returning)
            done = set()
        for future in done:
            take(future.result())
        if not pending:
            break
        now = set(client.nthreads())
        for lost in sorted(workers - now):
            print(f"note: lost Dask worker {lost}; its shoes are dealt again on the others", file=sys.stderr)
        workers = now
        if workers:
            alone_since = None
        elif alone_since is None:
            alone_since = time.monotonic()
        elif time.monotonic() - alone_since > DASK_TIMEOUT:
            raise OddsError(f"no Dask worker left for {DASK_TIMEOUT:g} s with {len(pending)} chunk(s) of shoes "
                            f"to deal; start workers or run without --scheduler")


def _probe_scheduler(address: str, timeout: float) -> None:
    """Reach the scheduler and hear its handshake within ``timeout`` seconds, or fail in one line:
    a bad address, nothing listening, a server that is not Dask (it answers garbage) or one that
    accepts and never answers (distributed's own connect waits for the handshake forever)."""
    import asyncio

    from distributed.comm import connect

    async def probe():
        comm = await asyncio.wait_for(connect(address, timeout=timeout), timeout)
        await comm.close()

    try:
        asyncio.run(probe())
    except (asyncio.TimeoutError, TimeoutError):
        raise OddsError(f"cannot reach the Dask scheduler at {address}: no answer within {timeout:g} s "
                        f"(is it a Dask scheduler? ODDS_DASK_TIMEOUT sets the wait)") from None
    except (OSError, ValueError, TypeError, OverflowError) as exc:  # OverflowError: a port beyond 65535
        raise OddsError(f"cannot reach the Dask scheduler at {address}: {str(exc)[:160]}") from None
    except (MemoryError, Exception) as exc:  # noqa: BLE001 - what a non-Dask server's bytes decode to
        raise OddsError(f"{address} does not answer as a Dask scheduler ({exc.__class__.__name__})") from None


# -- the report -----------------------------------------------------------------------------------

def report(spec: CountSpec, tally: Tally, level: int = DEFAULT_LEVEL) -> list[dict]:
    """One record per bet (floats for the estimated figures; JSON keys as the issue names them)."""
    rows = []
    shoes = tally.shoes
    for bet, window, tags in zip(spec.bet_ids, spec.windows, spec.tags52):
        t = tally.bets[bet]
        count_all, trigger_all = best_trigger(t.tc_ev) if tags is not None else (0, None)
        count_win, trigger_win = best_trigger(t.tc_ev_in_window) if tags is not None else (0, None)
        mean = t.perfect / FIX / shoes
        var = (t.perfect_sq / FIX**2 / shoes - mean * mean) if shoes > 1 else 0.0
        rows.append({
            "bet": bet,
            "window": window,
            "rounds_per_shoe": t.rounds / shoes,
            "mean_expected_value": t.ev_sum / FIX / t.rounds if t.rounds else None,
            "positive_fraction": t.positive / t.rounds if t.rounds else 0.0,
            "mean_edge_when_positive": t.perfect / FIX / t.positive if t.positive else None,
            "perfect_units_per_shoe": mean,
            "perfect_units_std_error": math.sqrt(max(var, 0.0) * shoes / (shoes - 1) / shoes) if shoes > 1 else None,
            "perfect_units_per_shoe_in_window": t.perfect_in_window / FIX / shoes,
            "positive_fraction_in_window": t.positive_in_window / t.rounds_in_window if t.rounds_in_window else 0.0,
            "count_level": level if tags is not None else None,
            "count_trigger": float(trigger_all) if trigger_all is not None else None,
            "count_units_per_shoe": count_all / FIX / shoes,
            "count_trigger_in_window": float(trigger_win) if trigger_win is not None else None,
            "count_units_per_shoe_in_window": count_win / FIX / shoes,
        })
    return rows
