"""Shoe by shoe: each bet's exact expectation at every round, and what knowing it is worth.

For every shoe (dealt by :mod:`.dealer`) and every round, the bet's expected value for the
unseen cards is computed exactly (:mod:`.evaluator`); whether it is positive is decided on the
exact integer numerator. From those:

* perfect-information bettor: bets 1 unit at every round whose expectation is positive; what it
  wins per shoe is the *sum of those exact expectations* (not simulated outcomes: by the tower
  rule both have the same mean, and the sum has far less noise);
* the same restricted to the bet's window (the first ``window`` rounds of the shoe; default the
  paytable's ``window``, the seed's);
* a linear count: the tags given (``--tags``: 10 values, 13 ranks or 52 cards) or those of
  :mod:`.tags` derived from the full shoe's effects of removal; true count (``--true-count``,
  :data:`TRUE_COUNTS`) = (running count of the exposed cards - cards exposed x the full shoe's
  mean tag) x 52 / unseen cards (the usual running count x 52 / unseen for a balanced count; the
  correction keeps an unbalanced count from drifting with depth), or the plain running count x
  52 / cards left in the shoe; the bettor bets when the true count is at least a trigger: the
  one given (``--trigger``) or the one that wins most over the run (chosen on the same shoes, so
  slightly optimistic); the study figures of :func:`study_figures` (bet frequency, average edge,
  units per 100 hands, desirability index) and, at a given trigger, their standard errors
  across shoes from per-shoe sums (:class:`Moments`).

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
import re
from fractions import Fraction
from collections.abc import Callable, Sequence

from ..lazy import numpy as np

from ..errors import OddsError
from ..sheet import build_sheet
from ..shoe import Shoe, commencement_burn
from .dealer import DealRules, deal_chunk, shuffled
from .eor import effects_of_removal, kind_label
from .recorded import deal_records, partly_recorded
from .evaluator import CARD_OF_KIND, Evaluator
from .tally import (
    DEFAULT_LEVEL,
    FIX,
    TC_STEP,
    TRUE_COUNTS,
    BetTally,
    CountSpec,
    Moments,
    RampMoments,
    Tally,
    add_bins,
    empty_tally,
    ramp_scale,
)
from .tags import betting_correlation, derive_tags, is_balanced, labels_for, spread_tags

INT64_MAX = 2**63 - 1

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
    records = spec.replay[start:stop] if spec.replay is not None else []
    if any(partly_recorded(record) for record in records):  # cards not recorded: dealt as the record says
        unseen, rounds, burned = deal_records(evaluator.game, records, spec.rules, spec.full)
    else:
        orders = [
            np.frombuffer(spec.replay[index], dtype=np.uint8).astype(np.int64)
            if spec.replay is not None
            else shuffled(spec.full, spec.seed, index)
            for index in range(start, stop)
        ]
        unseen, rounds = deal_chunk(evaluator.game, orders, spec.rules)
        burned = [burned_before(evaluator.game, order, spec.rules, n) for order, n in zip(orders, rounds.tolist())]
    tally_chunk(
        tally, spec, unseen, rounds, burned, evaluator.evaluate_chunk(unseen, rounds)
    )  # one pass over every row
    return tally


def tally_chunk(
    tally: Tally, spec: CountSpec, unseen: np.ndarray, rounds: np.ndarray, burned: list, results: dict
) -> None:
    """Add many dealt shoes to ``tally`` at once (``unseen``: their rows one after the other,
    ``rounds`` per shoe, as :func:`~.dealer.deal_chunk` gives them; ``results``: the rows'
    :meth:`~.evaluator.Evaluator.evaluate_chunk`): the same sums as :func:`tally_shoe` shoe by
    shoe (a test compares them), with the numpy work done once over every round of the chunk.

    Exact: a shoe's sums are differences of int64 prefix sums over the chunk's rounds. Prefix sums
    may wrap, but int64 arithmetic is exact modulo ``2**64`` and each shoe's sum is below
    ``2**63`` in size (its rounds x its largest value are, checked per shoe), so every difference
    is that shoe's exact sum; the shoes' sums are then added as Python integers. A chunk with a
    value past int64 (pays beyond ``2**30`` to 1) or a shoe failing that check goes shoe by shoe."""
    sizes = np.asarray(rounds, dtype=np.int64)
    fixed_of = {}
    for bet in spec.bet_ids if len(sizes) > 1 and sizes.all() and not spec.keep_values else ():
        fixed, peak = fixed_point(results[bet][1])
        if fixed.dtype == object or int(sizes.max()) * peak > INT64_MAX:
            break
        fixed_of[bet] = fixed, peak
    ends = np.cumsum(sizes)
    starts = ends - sizes
    if len(fixed_of) < len(spec.bet_ids):  # (and the chart's per-round tallies, empty shoes): shoe by shoe
        pending: dict = {}
        for first, last, burn in zip(starts.tolist(), ends.tolist(), burned):
            result = {b: (positive[first:last], ev[first:last]) for b, (positive, ev) in results.items()}
            tally_shoe(tally, spec, None, unseen[first:last], burn, result, pending)
        flush_bins(tally, pending)
        return
    round_index = np.arange(len(unseen)) - np.repeat(starts, sizes)
    full = np.array(spec.full, dtype=np.int64)
    left = unseen.sum(axis=1)
    if spec.true_count == "in-shoe":
        left = left - np.concatenate([np.asarray(b, dtype=np.int64) for b in burned])

    def per_shoe(values: np.ndarray) -> list[int]:
        prefix = np.zeros(len(values) + 1, dtype=np.int64)
        np.cumsum(values, out=prefix[1:])  # may wrap: see the docstring
        return (prefix[ends] - prefix[starts]).tolist()

    tally.shoes += len(sizes)
    pending: dict = {}
    tagged = [i for i, tags in enumerate(spec.tags52) if tags is not None]
    sums_of = dict(zip(tagged, tag_sums(unseen, [spec.tags52[i] for i in tagged]).T)) if tagged else {}
    for index, (bet, window, tags) in enumerate(zip(spec.bet_ids, spec.windows, spec.tags52)):
        positive = results[bet][0]
        fixed, peak = fixed_of[bet]
        in_window = round_index < (window if window is not None else len(unseen))
        t = tally.bets[bet]
        t.add_rounds(positive, in_window)
        t.ev_sum += sum(per_shoe(fixed))
        perfect = per_shoe(np.where(positive, fixed, 0))
        t.perfect += sum(perfect)
        t.perfect_sq += sum(x * x for x in perfect)
        t.perfect_in_window += sum(per_shoe(np.where(positive & in_window, fixed, 0)))
        trigger = spec.trigger_bin(index)
        bet_mask = None
        if tags is not None:
            bins = count_bins(spec, full, tags, unseen, left, sums_of[index])
            bet_mask = bin_rounds(t, pending, bet, bins, fixed, in_window, len(fixed) * peak, trigger)
            if spec.ramp is not None:
                add_ramp_shoes(t.ramp, spec.ramp, bins, fixed, per_shoe)
        if tags is not None and trigger is not None:
            if bet_mask is None:
                bet_mask = np.zeros(len(fixed), dtype=bool)
            for moments, scope in ((t.study, np.ones(len(fixed), dtype=bool)), (t.study_in_window, in_window)):
                chosen = bet_mask & scope
                for r, b, w in zip(
                    per_shoe(scope.astype(np.int64)),
                    per_shoe(chosen.astype(np.int64)),
                    per_shoe(np.where(chosen, fixed, 0)),
                ):
                    moments.add_shoe(r, b, w)
    flush_bins(tally, pending)


def burned_before(game, order, rules: DealRules, rounds: int) -> np.ndarray:
    """Cards burned face down before each round's bets are placed: the commencement burn (the
    exposed first card's value) and ``burn_per_round`` for each earlier round (a round's own
    burn comes after the bets)."""
    first = commencement_burn(CARD_OF_KIND[int(order[0])][0]) if rules.commencement and len(order) else 0
    return first + game.burn_per_round * np.arange(rounds, dtype=np.int64)


def tally_shoe(
    tally: Tally,
    spec: CountSpec,
    evaluator: Evaluator,
    unseen: np.ndarray,
    burned: np.ndarray | None = None,
    results: dict | None = None,
    pending: dict | None = None,
) -> dict[str, np.ndarray]:
    """Add one dealt shoe (its unseen compositions before each round, and the face-down cards
    burned by then: :func:`burned_before`) to ``tally``; returns each bet's expectation per round
    (``results``: the shoe's ``evaluator.evaluate(unseen)``, if known). With ``pending`` (a dict
    the caller keeps), the true-count bins are added later, many shoes at once, by
    :func:`flush_bins`; the tally is complete only after it."""
    full = np.array(spec.full, dtype=np.int64)
    tally.shoes += 1
    results = evaluator.evaluate(unseen) if results is None else results
    left = unseen.sum(axis=1)
    if spec.true_count == "in-shoe":
        if burned is None:
            raise ValueError("the in-shoe true count needs the burned cards of each round")
        left = left - np.asarray(burned, dtype=np.int64)
    defer = pending is not None
    pending = {} if pending is None else pending
    for index, (bet, window, tags) in enumerate(zip(spec.bet_ids, spec.windows, spec.tags52)):
        positive, ev = results[bet]
        fixed, peak = fixed_point(ev)
        in_window = np.arange(len(ev)) < (window if window is not None else len(ev))
        t = tally.bets[bet]
        t.add_rounds(positive, in_window)
        # every sum below is over some of these values: one bound proves int64 for all of them
        in_int64 = fixed.dtype != object and len(fixed) * peak <= INT64_MAX
        total = (lambda x: int(x.sum())) if in_int64 else (lambda x: sum(int(v) for v in x.tolist()))
        t.ev_sum += total(fixed)
        shoe_perfect = total(fixed[positive])
        t.perfect += shoe_perfect
        t.perfect_sq += shoe_perfect * shoe_perfect
        t.perfect_in_window += total(fixed[positive & in_window])
        trigger = spec.trigger_bin(index)
        bet_mask = None
        if tags is not None and len(ev):
            bins = count_bins(spec, full, tags, unseen, left)
            bet_mask = bin_rounds(t, pending, bet, bins, fixed, in_window, len(fixed) * peak, trigger, in_int64)
            if spec.ramp is not None:
                add_ramp_shoes(t.ramp, spec.ramp, bins, fixed, lambda values, total=total: [total(values)])
        if tags is not None and trigger is not None:
            if bet_mask is None:
                bet_mask = np.zeros(len(ev), dtype=bool)
            for moments, scope in ((t.study, np.ones(len(ev), dtype=bool)), (t.study_in_window, in_window)):
                moments.add_shoe(int(scope.sum()), int((bet_mask & scope).sum()), total(fixed[bet_mask & scope]))
        if spec.keep_values:
            mask = bet_mask if bet_mask is not None else np.zeros(len(ev), dtype=bool)
            for r, (value, bet_now) in enumerate(zip(fixed.tolist(), mask.tolist())):
                if r == len(t.by_round):
                    t.by_round.append([0, 0, 0, 0])
                row = t.by_round[r]
                row[0] += 1
                row[1] += value
                if bet_now:
                    row[2] += 1
                    row[3] += value
    if not defer:
        flush_bins(tally, pending)
    return {bet: results[bet][1] for bet in spec.bet_ids}


def add_ramp_shoes(moments: RampMoments, ramp, bins: np.ndarray, fixed: np.ndarray, per_shoe) -> None:
    """Add shoes to a bet's :class:`RampMoments` at ``ramp``: ``bins`` and ``fixed`` are the true-count
    bins and fixed-point expectations of their rounds, ``per_shoe(values)`` each shoe's sum of
    ``values`` over its rounds (Python ints). Each step of the ramp is summed apart (its rounds and
    their expectations: sums the caller proved exact), then weighted by its whole units in Python
    integers, so no product of a unit and an expectation is taken in int64."""
    scale = ramp_scale(ramp)
    steps = [(int(tc / TC_STEP), int(units * scale)) for tc, units in ramp]
    rounds = per_shoe(np.ones(len(fixed), dtype=np.int64))
    won, staked, squares = [0] * len(rounds), [0] * len(rounds), [0] * len(rounds)
    for k, (start, units) in enumerate(steps):
        at = np.asarray(bins >= start, dtype=bool)
        if k + 1 < len(steps):
            at &= np.asarray(bins < steps[k + 1][0], dtype=bool)
        if not units or not at.any():
            continue
        for i, (n, ev) in enumerate(zip(per_shoe(at.astype(np.int64)), per_shoe(np.where(at, fixed, 0)))):
            won[i] += units * int(ev)
            staked[i] += units * int(n)
            squares[i] += units * units * int(n)
    for shoe in zip(rounds, won, staked, squares):
        moments.add_shoe(*(int(x) for x in shoe))


def count_bins(
    spec: CountSpec, full: np.ndarray, tags, unseen: np.ndarray, left: np.ndarray, tags_unseen: np.ndarray | None = None
) -> np.ndarray:
    """Each round's true-count bin under the spec's convention (:data:`TRUE_COUNTS`): ``unseen``
    rows of 52 counts, ``left`` the cards the convention divides by; ``tags_unseen``: the tag
    sums of ``unseen``, if known (:func:`tag_sums`)."""
    tag = np.array(tags, dtype=np.int64)
    if tags_unseen is None:
        tags_unseen = tag_sums(unseen, [tags])[:, 0]
    if spec.true_count == "in-shoe":
        return running_count_bins(int(full @ tag), tags_unseen, left)
    return true_count_bins(int(full @ tag), int(full.sum()), tags_unseen, left)


def tag_sums(unseen: np.ndarray, tags: Sequence[Sequence[int]]) -> np.ndarray:
    """``unseen @ tags.T``: each row's sum of each count's tags, exactly: one float64 product
    when ``max row total x max |tag| < 2**53`` (then every product and partial sum is an integer
    below it), int64 below ``2**62``, else Python integers.

    >>> tag_sums(np.array([[1, 2] + [0] * 50]), [[1, -1] + [0] * 50, [2, 2] + [0] * 50]).tolist()
    [[-1, 6]]
    """
    from ..exact.plan import rank_counts
    from ..threads import single_threaded_blas

    table = np.array(tags, dtype=np.int64).T
    rows = np.asarray(unseen, dtype=np.int64)
    if not len(rows):
        return np.zeros((0, table.shape[1]), dtype=np.int64)
    bound = int(rows.sum(axis=1).max()) * int(np.abs(table).max(initial=0))
    by_rank = table.reshape(13, 4, -1)
    if (by_rank == by_rank[:, :1]).all():  # every tag reads the rank alone: a quarter of the work
        rows, table = rank_counts(rows), np.ascontiguousarray(by_rank[:, 0])
    if bound < FLOAT_EXACT:  # (the same bound: a rank's count is some of the row's cards)
        with single_threaded_blas():  # (two BLAS threads double the CPU time, on a busy machine far more)
            return (rows.astype(np.float64) @ table.astype(np.float64)).astype(np.int64)
    if bound < 2**62:
        return rows @ table
    return np.array(rows.astype(object) @ table.astype(object))


def bin_rounds(
    t: BetTally,
    pending: dict,
    bet: str,
    bins: np.ndarray,
    fixed: np.ndarray,
    in_window: np.ndarray,
    bound: int,
    trigger: int | None,
    int64: bool = True,
) -> np.ndarray | None:
    """Add rounds to a bet's true-count bins: queued in ``pending`` for :func:`flush_bins` when
    the bins and values are int64 (``bound``: rounds x max|value|), else at once in Python
    integers. Returns which rounds the trigger bets (None without a trigger)."""
    if int64 and bins.dtype != object:
        pending.setdefault(bet, []).append((bins, fixed, in_window, bound))
    else:
        add_binned(t, bins, fixed, in_window)
    return None if trigger is None else np.asarray(bins >= trigger, dtype=bool)


def add_binned(t: BetTally, bins, fixed, in_window) -> None:
    """Add one shoe's rounds to a bet's true-count bins, one by one (exact for any values)."""
    add_bins(t.tc_ev, bin_sums(bins, fixed))
    add_bins(t.tc_ev_in_window, bin_sums(bins[in_window], fixed[in_window]))
    add_bins(t.tc_rounds, bin_sums(bins, np.ones(len(fixed), dtype=np.int64)))
    add_bins(t.tc_rounds_in_window, bin_sums(bins[in_window], np.ones(int(in_window.sum()), dtype=np.int64)))


def flush_bins(tally: Tally, pending: dict) -> None:
    """Add the shoes held in ``pending`` (bet -> ``[(bins, fixed, in_window, bound)]``) to the
    bets' true-count bins, all shoes of a bet at once: a ``np.bincount`` per column (float64, where
    the bound below proves it exact) or one sort of their rounds by bin and one
    ``np.add.reduceat`` (int64), then one dict update per distinct bin (a chunk of 50 shoes has a few hundred
    bins for its 4,000 rounds, so this does a tenth of the dict work of shoe by shoe).

    Exact: each entry's ``bound`` is ``rounds x max|value|`` of its shoe, so every partial sum of
    every bin is at most the bounds' total: below ``2**53``, float64 adds these integers exactly;
    below ``2**63``, int64; else shoe by shoe in Python integers. Same sums every way (a test
    takes each way)."""
    for bet, entries in pending.items():
        t = tally.bets[bet]
        if sum(e[3] for e in entries) > INT64_MAX:
            for bins, fixed, in_window, _ in entries:
                add_binned(t, bins, fixed, in_window)
            continue
        bins = np.concatenate([e[0] for e in entries])
        fixed = np.concatenate([e[1] for e in entries])
        window = np.concatenate([e[2] for e in entries]).astype(np.int64)
        lowest = int(bins.min())
        span = int(bins.max()) - lowest + 1
        if sum(e[3] for e in entries) < FLOAT_EXACT and span <= BINCOUNT_SPAN:
            # every |value| and every partial sum of a bin is an integer below 2**53: exact in
            # float64, whatever the order bincount adds them in
            where = bins - lowest
            values = fixed.astype(np.float64)
            rounds = np.bincount(where, minlength=span)
            in_window = np.bincount(where, weights=window, minlength=span)
            present = np.flatnonzero(rounds)
            keys = present + lowest
            sums = np.stack(
                [
                    np.bincount(where, weights=values, minlength=span)[present],
                    np.bincount(where, weights=values * window, minlength=span)[present],
                    rounds[present],
                    in_window[present],
                ],
                axis=1,
            ).astype(np.int64)
            _add_bin_sums(t, keys, sums)
            continue
        order = np.argsort(bins, kind="stable")
        ordered = bins[order]
        starts = np.flatnonzero(np.diff(ordered, prepend=ordered[0] - 1))
        keys = ordered[starts]
        in_order = fixed[order], window[order]
        sums = np.add.reduceat(
            np.stack([in_order[0], in_order[0] * in_order[1], np.ones_like(window), in_order[1]], axis=1),
            starts,
            axis=0,
        )
        _add_bin_sums(t, keys, sums)
    pending.clear()


FLOAT_EXACT = 2**53
BINCOUNT_SPAN = 1 << 16
"""True-count bins a chunk may span for :func:`flush_bins`'s bincount (else it sorts)."""


def _add_bin_sums(t: BetTally, keys: np.ndarray, sums: np.ndarray) -> None:
    """Add per-bin sums (columns: expectations, those in the window, rounds, rounds in the
    window) to a bet's sparse bins."""
    for target, column in ((t.tc_ev, 0), (t.tc_ev_in_window, 1), (t.tc_rounds, 2), (t.tc_rounds_in_window, 3)):
        reached = sums[:, 3 if column % 2 else 2] != 0  # a bin the window never reached stays absent
        pairs = zip(keys[reached].tolist(), sums[reached, column].tolist())
        if not target:  # (a chunk's fresh tally: its bins in the same order, without a lookup each)
            target.update(pairs)
            continue
        for b, v in pairs:
            target[b] = target.get(b, 0) + v


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
    unseen = np.asarray(tags_unseen)
    unseen = unseen if unseen.dtype == object else unseen.astype(np.int64)  # (Python ints: tag_sums' beyond int64)
    largest = 52 * per_step * cards_full * (abs(tags_full) + (int(np.abs(unseen).max()) if len(unseen) else 0))
    if largest >= 2**62:  # beyond int64 (tags and shoes far past the limits): Python integers, still exact
        left, unseen = left.astype(object), unseen.astype(object)
    steps = (52 * per_step * (left * tags_full - cards_full * unseen)) // (cards_full * left)
    return np.asarray(steps, dtype=np.int64 if largest < 2**62 else object)


def running_count_bins(tags_full: int, tags_unseen: np.ndarray, in_shoe: np.ndarray) -> np.ndarray:
    """Bin of the ``in-shoe`` true count: the running count of the exposed cards ``T - t`` per 52
    cards still in the shoe ``S``, floored to a multiple of TC_STEP, in exact integers:

        true count = 52 (T - t) / S
    """
    per_step = TC_STEP.denominator
    in_shoe = np.maximum(np.asarray(in_shoe, dtype=np.int64), 1)
    unseen = np.asarray(tags_unseen)
    unseen = unseen if unseen.dtype == object else unseen.astype(np.int64)  # (Python ints: tag_sums' beyond int64)
    largest = 52 * per_step * (abs(tags_full) + (int(np.abs(unseen).max()) if len(unseen) else 0))
    if largest >= 2**62:  # beyond int64: Python integers, still exact
        in_shoe, unseen = in_shoe.astype(object), unseen.astype(object)
    steps = (52 * per_step * (tags_full - unseen)) // in_shoe
    return np.asarray(steps, dtype=np.int64 if largest < 2**62 else object)


def bin_sums(bins: np.ndarray, values: np.ndarray) -> dict[int, int]:
    """``{bin: sum of the values in it}`` (exact: Python integers)."""
    out: dict[int, int] = {}
    for b, v in zip(np.asarray(bins).tolist(), np.asarray(values).tolist()):
        out[b] = out.get(b, 0) + v
    return out


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
    return {b: c["tags52"] for b, c in bet_counts(game, paytable, shoe, bet_ids, level).items()}


def bet_counts(
    game, paytable, shoe: Shoe, bet_ids: Sequence[str], level: int, given: dict[str, list[int]] | None = None
) -> dict[str, dict]:
    """Per bet, the count it is measured with: the tags ``given`` (10, 13 or 52 integers, see
    :func:`.tags.spread_tags`) or those derived from its effects of removal at ``level``; the
    tags as shown (``tags``, ``cards``), ``tags52`` (None when every tag is zero), ``source``,
    ``level``, ``balanced`` and the ``betting_correlation`` with the effects (over the 52 card
    kinds, each effect the effect of the kind's value, rank or card)."""
    given = given or {}
    out = {}
    full = shoe.card_counts()
    for bet in effects_of_removal(game, paytable, shoe, bet_ids):
        by_label = {e.card: e.effect for e in bet.effects}
        effects52 = [by_label.get(kind_label(rank, suit, bet.resolution), 0) for rank, suit in CARD_OF_KIND]
        if bet.id in given:
            shown = list(given[bet.id])
            cards = list(labels_for(len(shown)))
            tags52 = spread_tags(shown)
            source, used_level = "user", None
        else:
            shown = derive_tags([e.effect for e in bet.effects], level)
            cards = [e.card for e in bet.effects]
            tag_of = dict(zip(cards, shown))
            tags52 = tuple(tag_of.get(kind_label(rank, suit, bet.resolution), 0) for rank, suit in CARD_OF_KIND)
            source, used_level = "derived", level
        out[bet.id] = {
            "tags": shown,
            "cards": cards,
            "tags52": tags52 if any(tags52) else None,
            "source": source,
            "level": used_level,
            "balanced": is_balanced(tags52, full),
            "betting_correlation": betting_correlation(effects52, tags52, full),
        }
    return out


def per_bet(
    values: Sequence[str], asked: Sequence[str], bet_ids: Sequence[str], option: str, known=None
) -> dict[str, str]:
    """``--tags`` / ``--trigger`` values -> ``{bet: text}``: ``BET=TEXT`` for any bet counted, or a
    plain ``TEXT`` when exactly one ``--bet`` was asked for. ``known``: every bet id of the
    paytable (an unknown one gets a suggestion).

    >>> per_bet(["big-tiger=8", "tiger=2"], ["big-tiger", "tiger"], ["big-tiger", "tiger"], "--trigger")
    {'big-tiger': '8', 'tiger': '2'}
    >>> per_bet(["8"], ["big-tiger"], ["big-tiger"], "--trigger")
    {'big-tiger': '8'}
    """
    from ..errors import UnknownName, shown

    out: dict[str, str] = {}
    for value in values:
        if "=" in value:
            bet, text = (part.strip() for part in value.split("=", 1))
            if bet not in bet_ids:
                if known is not None and bet not in known:
                    raise UnknownName(f"{option} bet", bet, known)
                raise OddsError(
                    f"{option} {shown(value)}: {shown(bet)} is not among the bets counted (add --bet {bet})"
                )
        elif len(asked) == 1:
            bet, text = asked[0], value.strip()
        else:
            raise OddsError(
                f"{option} {shown(value)}: without BET= it applies to a single --bet; "
                f"with {'no --bet' if not asked else 'several bets'} write {option} BET=..."
            )
        if bet in out:
            raise OddsError(f"{option} is given twice for {bet}")
        out[bet] = text
    return out


TRIGGER_TEXT = re.compile(r"[+-]?[0-9]{1,9}(\.[0-9])?")  # ASCII digits: Fraction() reads others too


def parse_trigger(text: str, bet: str) -> Fraction:
    """A trigger true count: a whole number or one decimal (the bins are 0.1 wide), exactly.

    >>> parse_trigger("+8", "big-tiger"), parse_trigger("-2.5", "x")
    (Fraction(8, 1), Fraction(-5, 2))
    """
    from ..errors import shown

    if not TRIGGER_TEXT.fullmatch(text.strip()):
        raise OddsError(
            f"--trigger for {bet} must be a true count such as 8, -2 or 2.5 (steps of 0.1), not {shown(text, 20)}"
        )
    return Fraction(text.strip())


def make_spec(
    game,
    paytable,
    bet_ids,
    decks: int,
    seed: int,
    rules: DealRules,
    window: int | None = None,
    level: int = DEFAULT_LEVEL,
    keep_values: bool = False,
    tags: dict[str, list[int]] | None = None,
    triggers: dict[str, Fraction] | None = None,
    true_count: str = "unseen",
    replay: Sequence[bytes] | None = None,
    ramp: Ramp | None = None,
) -> CountSpec:
    """The run's spec: windows from the paytable unless ``window`` overrides them all; per bet
    the ``tags`` given (else derived at ``level``) and the ``triggers`` given (true counts,
    multiples of ``TC_STEP``; else the run's best); a ``ramp`` (:func:`parse_ramp`) whose
    per-shoe sums the run keeps for the standard errors of its figures."""
    if not game.uses_shoe:
        raise OddsError(f"{game.id} deals no cards: counting applies to card games only")
    if game.reshuffled:
        raise OddsError(f"{game.id} shuffles the cards before every round: there is no shoe to count down")
    if window is not None and window < 1:
        raise OddsError(f"--window must be at least 1 round, not {window}")
    if true_count not in TRUE_COUNTS:
        raise OddsError(f"--true-count must be one of {', '.join(TRUE_COUNTS)}, not {true_count!r}")
    tags, triggers = tags or {}, triggers or {}
    for what, named in (("--tags", tags), ("--trigger", triggers)):
        stray = [b for b in named if b not in bet_ids]
        if stray:
            raise OddsError(f"{what} names {stray[0]}, which is not among the bets counted ({', '.join(bet_ids)})")
    for bet, trigger in triggers.items():
        if Fraction(trigger) % TC_STEP:
            raise OddsError(f"--trigger for {bet} must be a multiple of {float(TC_STEP)}, not {trigger}")
    shoe = Shoe.decks(decks)
    game.check_shoe(shoe)
    if rules.cut_card >= shoe.total:
        raise OddsError(
            f"--cut-card {rules.cut_card}: the shoe holds {shoe.total} cards; "
            f"the cut card must lie inside it (at most {shoe.total - 1} cards behind it)"
        )
    counts = bet_counts(game, paytable, shoe, bet_ids, level, tags)
    sheet = build_sheet(game, paytable, shoe, list(bet_ids))
    windows = tuple(window if window is not None else paytable.bet(b).window for b in bet_ids)
    info = []
    for bet_sheet in sheet.bets:
        c = counts[bet_sheet.id]
        info.append(
            {
                "name": bet_sheet.name,
                "house_edge": bet_sheet.house_edge,
                "variance": bet_sheet.variance,
                **{k: c[k] for k in ("tags", "cards", "source", "level", "balanced", "betting_correlation")},
            }
        )
    trigger_bins = tuple(int(Fraction(triggers[b]) / TC_STEP) if b in triggers else None for b in bet_ids)
    return CountSpec(
        game.id,
        paytable,
        tuple(bet_ids),
        tuple(shoe.card_counts()),
        seed,
        rules,
        windows,
        tuple(counts[b]["tags52"] for b in bet_ids),
        keep_values,
        trigger_bins,
        true_count,
        tuple(info),
        tuple(replay) if replay is not None else None,
        ramp,
    )


CHUNK_SHOES = 200
"""Shoes per unit of work, at most: a chunk's tally goes back to the parent, whose merging costs a
core's tenth at 50 shoes a chunk on a 10^6-shoe run, on a machine whose cores the workers need."""


def chunks(shoes: int, workers: int) -> list[tuple[int, int]]:
    """Split shoes 0..shoes-1 into ranges: about four per worker, at most CHUNK_SHOES each."""
    return chunks_of([(0, shoes)], workers)


def chunks_of(ranges: Sequence[tuple[int, int]], workers: int) -> list[tuple[int, int]]:
    """Split ranges of shoes (``[start, stop)``) into chunks: about four per worker, at most
    CHUNK_SHOES each (a resumed run deals the ranges its checkpoint lacks).

    >>> chunks_of([(0, 5), (9, 12)], 1)
    [(0, 2), (2, 4), (4, 5), (9, 11), (11, 12)]
    """
    shoes = sum(stop - start for start, stop in ranges)
    size = max(1, min(CHUNK_SHOES, math.ceil(shoes / max(1, 4 * workers))))
    return [(s, min(s + size, stop)) for start, stop in ranges for s in range(start, stop, size)]


def count_chunk(spec: CountSpec, chunk: tuple[int, int]) -> Tally:
    """The unit of work of a run (:mod:`odds.runs`): shoes ``start .. stop-1``."""
    return count_shoes(spec, *chunk)


def add_tally(total: Tally, part: Tally) -> None:
    total.add(part)


def run(
    spec: CountSpec,
    shoes: int,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
    client=None,
    checkpoint: str | None = None,
) -> Tally:
    """Deal and tally ``shoes`` shoes: here (one worker), in local processes (``workers``,
    default all cores), or on Dask (a ``scheduler`` address or a ``client``); see
    :mod:`odds.runs`. With ``checkpoint`` (a file), the tallies so far are kept there as the run
    goes, and a run with the same arguments goes on from them (:mod:`.checkpoint`)."""
    import functools

    from ..runs import Where, reduce_chunks

    if shoes < 1:
        raise OddsError(f"--shoes must be at least 1, not {shoes}")
    where = Where(workers, scheduler, client)
    saved = None
    if checkpoint is not None:
        from .checkpoint import CountCheckpoint

        saved = CountCheckpoint(checkpoint, spec, shoes)
    todo = saved.todo() if saved else [(0, shoes)]
    done_before = shoes - sum(stop - start for start, stop in todo)
    if done_before and hasattr(progress, "skip"):
        progress.skip(done_before)  # a bar starts where the checkpoint left off
    if not todo:
        return saved.tally
    total = reduce_chunks(
        count_chunk,
        spec,
        functools.partial(chunks_of, todo),
        add_tally,
        functools.partial(empty_tally, spec.bet_ids),
        where,
        size=lambda chunk: chunk[1] - chunk[0],
        progress=progress,
        snapshot=saved.snapshot if saved else None,
        unit="shoes",
        done_before=done_before,
        planned=shoes,
    )
    return saved.combined(total) if saved else total


# -- the report -----------------------------------------------------------------------------------


def report(spec: CountSpec, tally: Tally, level: int = DEFAULT_LEVEL, ramp: Ramp | None = None) -> list[dict]:
    """One record per bet (floats for the estimated figures; exact strings for the off-the-top
    house edge and variance; JSON keys as the published studies name them); with a ``ramp``,
    what betting by it wins (:func:`ramp_figures`)."""
    from ..render import exact

    rows = []
    shoes = tally.shoes
    for index, (bet, window, tags) in enumerate(zip(spec.bet_ids, spec.windows, spec.tags52)):
        t = tally.bets[bet]
        info = spec.info[index] if index < len(spec.info) else {}
        given = spec.trigger_bin(index)
        if tags is None:
            trigger_all = trigger_win = None
        elif given is not None:
            trigger_all = trigger_win = bin_trigger(given)
        else:
            trigger_all, trigger_win = best_trigger(t.tc_ev)[1], best_trigger(t.tc_ev_in_window)[1]
        mean = t.perfect / FIX / shoes
        var = (t.perfect_sq / FIX**2 / shoes - mean * mean) if shoes > 1 else 0.0
        variance = info.get("variance")
        row = {
            "id": bet,
            "name": info.get("name"),
            "window": window,
            "house_edge": exact(info["house_edge"]) if "house_edge" in info else None,
            "house_edge_float": float(info["house_edge"]) if "house_edge" in info else None,
            "variance": exact(variance) if variance is not None else None,
            "variance_float": float(variance) if variance is not None else None,
            "rounds_per_shoe": t.rounds / shoes,
            "mean_expected_value": t.ev_sum / FIX / t.rounds if t.rounds else None,
            "positive_fraction": t.positive / t.rounds if t.rounds else 0.0,
            "mean_edge_when_positive": t.perfect / FIX / t.positive if t.positive else None,
            "perfect_units_per_shoe": mean,
            "perfect_units_per_shoe_std_error": math.sqrt(max(var, 0.0) * shoes / (shoes - 1) / shoes)
            if shoes > 1
            else None,
            "perfect_units_per_shoe_in_window": t.perfect_in_window / FIX / shoes,
            "positive_fraction_in_window": t.positive_in_window / t.rounds_in_window if t.rounds_in_window else 0.0,
            "tags_source": info.get("source") if tags is not None else None,
            "count_level": (info.get("level", level) if info else level) if tags is not None else None,
            "tags": info.get("tags"),
            "tag_cards": info.get("cards"),
            "balanced": info.get("balanced"),
            "betting_correlation": info.get("betting_correlation"),
            "trigger_source": None if tags is None else ("given" if given is not None else "best"),
            "count_trigger": float(trigger_all) if trigger_all is not None else None,
        }
        moments = (t.study, t.study_in_window) if given is not None and tags is not None else (None, None)
        for suffix, rounds, tc_rounds, tc_ev, trigger, m in (
            ("", t.rounds, t.tc_rounds, t.tc_ev, trigger_all, moments[0]),
            ("_in_window", t.rounds_in_window, t.tc_rounds_in_window, t.tc_ev_in_window, trigger_win, moments[1]),
        ):
            figures = study_figures(shoes, rounds, tc_rounds, tc_ev, trigger, variance, m)
            if suffix:
                row["count_trigger_in_window"] = float(trigger_win) if trigger_win is not None else None
            for key, value in figures.items():
                if not key.endswith("_std_error"):  # each figure, then its standard error
                    row[key + suffix] = value
                    row[key + suffix + "_std_error"] = figures[key + "_std_error"]
        if ramp is not None:
            row.update(ramp_figures(t, shoes, variance if tags is not None else None, ramp))
        rows.append(row)
    return rows


def study_figures(
    shoes: int,
    rounds: int,
    tc_rounds: dict,
    tc_ev: dict,
    trigger: Fraction | None,
    variance: Fraction | None,
    moments: Moments | None,
) -> dict:
    """What a published counting study reports, for betting 1 unit whenever the true count is at
    least ``trigger`` (None: never), from the exact sums of the run:

    * ``bet_frequency`` = rounds bet / rounds dealt;
    * ``average_edge`` = sum of the exact expectations of the rounds bet / rounds bet;
    * ``units_per_100_hands`` = 100 x sum of those expectations / rounds dealt;
    * ``desirability_index`` = 100 x units_per_100_hands / sqrt(100 x bet_frequency x variance),
      ``variance`` the bet's off-the-top variance per unit (Jacobson, after Schlesinger);
    * ``count_units_per_shoe`` = sum of those expectations / shoes.

    Standard errors (with ``moments``, the per-shoe sums at a given trigger; else None): shoes
    are independent, the rounds of a shoe are not, so each ratio ``X / Y`` of sums over shoes
    gets the delta-method (ratio estimator) error ``sqrt(sum_s (x_s - Q y_s)^2 / (n (n - 1))) /
    mean(y)``; the index, ``W / sqrt(B R)`` up to constants, the same with ``x_s/W - b_s/2B -
    r_s/2R``.
    """
    if trigger is None:
        bets = won = 0
    else:
        k = int(trigger / TC_STEP)
        bets = sum(v for b, v in tc_rounds.items() if b >= k)
        won = sum(v for b, v in tc_ev.items() if b >= k)
    if moments is not None:
        assert (moments.b, moments.w, moments.r) == (bets, won, rounds), "per-shoe sums disagree with the bins"
    frequency = Fraction(bets, rounds) if rounds else None
    per_100 = Fraction(100 * won, FIX * rounds) if rounds else None
    index = None
    if per_100 is not None and variance and bets:
        index = 100 * float(per_100) / math.sqrt(100 * float(frequency) * float(variance))
    out = {
        "bet_frequency": float(frequency) if frequency is not None else None,
        "average_edge": won / FIX / bets if bets else None,
        "units_per_100_hands": float(per_100) if per_100 is not None else None,
        "desirability_index": index,
        "count_units_per_shoe": won / FIX / shoes if shoes else None,
    }
    errors = dict.fromkeys(f"{k}_std_error" for k in out)
    n = shoes
    if moments is not None and n > 1:
        m = moments
        errors["bet_frequency_std_error"] = _ratio_error(n, m.b, m.r, m.bb, m.rr, m.rb)
        if m.b:
            errors["average_edge_std_error"] = _ratio_error(n, m.w, m.b, m.ww, m.bb, m.bw) / FIX
        if m.r:
            errors["units_per_100_hands_std_error"] = 100 * _ratio_error(n, m.w, m.r, m.ww, m.rr, m.rw) / FIX
        if index is not None and m.w:
            w, b, r = Fraction(m.w, n), Fraction(m.b, n), Fraction(m.r, n)
            z2 = (
                Fraction(m.ww) / w**2
                + Fraction(m.bb) / (4 * b**2)
                + Fraction(m.rr) / (4 * r**2)
                - Fraction(m.bw) / (w * b)
                - Fraction(m.rw) / (w * r)
                + Fraction(m.rb) / (2 * b * r)
            )
            errors["desirability_index_std_error"] = abs(index) * math.sqrt(max(float(z2 / (n * (n - 1))), 0.0))
        spread = Fraction(m.ww) - Fraction(m.w * m.w, n)
        errors["count_units_per_shoe_std_error"] = math.sqrt(max(float(spread / (n * (n - 1))), 0.0)) / FIX
    return {**out, **errors}


def _ratio_error(n: int, sx: int, sy: int, sxx: int, syy: int, sxy: int) -> float | None:
    """Standard error of ``sum x / sum y`` over ``n`` independent shoes (delta method), from the
    exact sums; None when ``sum y`` is 0."""
    if not sy:
        return None
    q = Fraction(sx, sy)
    spread = sxx - 2 * q * sxy + q * q * syy
    return math.sqrt(max(float(spread / (n * (n - 1))), 0.0)) / float(Fraction(sy, n))


# -- the table by true count, a bet ramp, recorded shoes ------------------------------------------


def by_true_count(t: BetTally, shoes: int, variance: Fraction | None) -> list[dict]:
    """A bet's run by true count, one row per whole true count ``k`` (true counts in ``[k, k +
    1)``, as Jacobson rounds down), from the lowest reached to the highest: the rounds dealt
    there (``rounds``, ``share_of_rounds``, and inside the window) and their mean exact
    expectation; then what betting 1 unit at true count ``>= k`` gives (:func:`study_figures`
    at trigger ``k``: ``bet_frequency``, ``average_edge``, ``units_per_100_hands``,
    ``desirability_index``) - the scan of triggers. What ``--plot`` draws on the left.
    Empty without a count (every tag zero)."""
    if not t.tc_rounds:
        return []
    per = TC_STEP.denominator
    floors = sorted({b // per for b in t.tc_rounds})
    sums: dict[int, list[int]] = {k: [0, 0, 0, 0] for k in range(floors[0], floors[-1] + 1)}
    for column, bins in enumerate((t.tc_rounds, t.tc_ev, t.tc_rounds_in_window, t.tc_ev_in_window)):
        for b, v in bins.items():
            sums[b // per][column] += v
    rows = []
    for k, (rounds, ev, rounds_w, ev_w) in sums.items():
        at = study_figures(shoes, t.rounds, t.tc_rounds, t.tc_ev, Fraction(k), variance, None)
        rows.append(
            {
                "true_count_floor": k,
                "rounds": rounds,
                "share_of_rounds": rounds / t.rounds if t.rounds else None,
                "mean_expected_value": ev / FIX / rounds if rounds else None,
                "rounds_in_window": rounds_w,
                "mean_expected_value_in_window": ev_w / FIX / rounds_w if rounds_w else None,
                **{key: at[key] for key in STUDY_KEYS},
            }
        )
    return rows


STUDY_KEYS = ("bet_frequency", "average_edge", "units_per_100_hands", "desirability_index")
"""The figures of betting 1 unit from a trigger on, as :func:`by_true_count` gives them."""

Ramp = tuple[tuple[Fraction, Fraction], ...]
"""A bet spread by true count: ``((true count, units), ...)``, true counts ascending; a round is
bet the units of the highest true count it reaches, none below the first."""

RAMP_STEP = re.compile(r"\s*([+-]?[0-9]{1,9}(?:\.[0-9])?)\s*=\s*([0-9]{1,9}(?:\.[0-9]{1,6})?)\s*")


def parse_ramp(text: str) -> Ramp:
    """``--ramp TC=UNITS,...``: bet UNITS from true count TC on (TC in steps of 0.1, UNITS a
    number at least 0), exactly.

    >>> parse_ramp("2=1, 4=2,6.5=4")
    ((Fraction(2, 1), Fraction(1, 1)), (Fraction(4, 1), Fraction(2, 1)), (Fraction(13, 2), Fraction(4, 1)))
    """
    from ..errors import shown

    steps = []
    for part in text.split(","):
        match = RAMP_STEP.fullmatch(part)
        if not match:
            raise OddsError(
                f"--ramp {shown(text, 60)}: write TC=UNITS steps, e.g. 2=1,4=2,6=4 (bet 1 unit from true "
                f"count +2, 2 from +4, 4 from +6); {shown(part.strip(), 20)} is not one"
            )
        steps.append((Fraction(match.group(1)), Fraction(match.group(2))))
    true_counts = [tc for tc, _ in steps]
    if true_counts != sorted(set(true_counts)):
        raise OddsError(f"--ramp {shown(text, 60)}: give each true count once, lowest first")
    return tuple(steps)


def ramp_text(ramp: Ramp) -> str:
    """The ramp as ``--ramp`` reads it: ``2=1,4=2``."""
    from ..render import exact

    return ",".join(f"{exact(tc) if tc.denominator == 1 else float(tc)}={exact(u)}" for tc, u in ramp)


def ramp_figures(t: BetTally, shoes: int, variance: Fraction | None, ramp: Ramp) -> dict:
    """Betting by ``ramp`` (from the true-count bins, exactly, then as floats):

    * ``ramp_units_per_100_hands``: 100 x the sum of (units x exact expectation) over the rounds
      / rounds dealt; ``ramp_units_per_shoe`` the same sum / shoes;
    * ``ramp_average_bet``: units staked per round dealt;
    * ``ramp_std_dev_per_100_hands``: ``sqrt(100 x v)``, ``v`` = the mean of units**2 over the
      rounds dealt x the bet's off-the-top variance per unit (the same approximation as the
      desirability index, so a ramp of one step of 1 unit gives that index);
    * ``ramp_score``: Schlesinger's SCORE, ``10**6 x w**2 / v`` with ``w`` the win per round -
      the square of the desirability index (negative for a ramp that loses).

    Each figure is followed by its standard error (``X_std_error``) across shoes, from the
    run's per-shoe sums at the ramp (:class:`~.tally.RampMoments`; a run dealt without the ramp
    in its spec has none): :func:`ramp_errors`.

    None throughout without a count (``variance`` None or no rounds); the standard deviation and
    SCORE also None when no round is bet."""
    keys = ("units_per_100_hands", "units_per_shoe", "average_bet", "std_dev_per_100_hands", "score")
    out: dict = {f"ramp_{k}{e}": None for k in keys for e in ("", "_std_error")}
    if variance is None or not t.rounds or not t.tc_rounds:
        return out
    bins = [(int(tc / TC_STEP), units) for tc, units in ramp]

    def units_at(b: int) -> Fraction:
        at = Fraction(0)
        for start, units in bins:
            if b >= start:
                at = units
        return at

    won = staked = squares = Fraction(0)
    for b, n in t.tc_rounds.items():
        u = units_at(b)
        won += u * t.tc_ev.get(b, 0)
        staked += u * n
        squares += u * u * n
    per_round = won / FIX / t.rounds
    v = squares / t.rounds * variance
    out.update(
        ramp_units_per_100_hands=float(100 * per_round),
        ramp_units_per_shoe=float(won / FIX / shoes) if shoes else None,
        ramp_average_bet=float(staked / t.rounds),
    )
    if v:
        out.update(
            ramp_std_dev_per_100_hands=math.sqrt(float(100 * v)),
            ramp_score=float(10**6 * per_round * abs(per_round) / v),
        )
    m = t.ramp
    if shoes > 1 and m.r == t.rounds:  # the per-shoe sums cover every round of the run
        scale = ramp_scale(ramp)
        assert (Fraction(m.w, FIX * scale), Fraction(m.s, scale), Fraction(m.q, scale * scale)) == (
            won / FIX,
            staked,
            squares,
        ), "per-shoe ramp sums disagree with the bins"
        errors = ramp_errors(m, shoes, scale)
        for key in keys:
            if out[f"ramp_{key}"] is not None:
                out[f"ramp_{key}_std_error"] = errors[key] * (
                    abs(out[f"ramp_{key}"]) if key in ("std_dev_per_100_hands", "score") else 1
                )
    return out


def ramp_errors(m, n: int, scale: int) -> dict:
    """Standard errors of the ramp figures from the per-shoe sums of ``n`` shoes (``m``: a
    :class:`~.tally.RampMoments`), by the delta method as :func:`study_figures` takes them:
    the win per 100 hands ``W / R`` and the average bet ``S / R`` as ratios of sums over shoes
    (:func:`_ratio_error`), the units per shoe as a mean; for the standard deviation, ``sqrt(Q /
    R)`` up to constants, and SCORE, ``W**2 / (R Q)``, the error *relative* to the figure (the
    caller multiplies by it): ``sqrt(sum_s z_s**2 / (n (n - 1)))`` with ``z_s`` the figure's
    logarithmic derivative at shoe ``s``, ``(q_s / Q - r_s / R) / 2`` and ``2 w_s / W - r_s / R -
    q_s / Q`` (means over shoes; each ``z`` averages to 0, so no centring is needed). None where
    a sum divided by is 0."""
    out: dict = {}
    win = _ratio_error(n, m.w, m.r, m.ww, m.rr, m.rw)
    out["units_per_100_hands"] = 100 * win / (FIX * scale) if win is not None else None
    spread = Fraction(m.ww) - Fraction(m.w * m.w, n)
    out["units_per_shoe"] = math.sqrt(max(float(spread / (n * (n - 1))), 0.0)) / (FIX * scale)
    bet = _ratio_error(n, m.s, m.r, m.ss, m.rr, m.rs)
    out["average_bet"] = bet / scale if bet is not None else None
    out["std_dev_per_100_hands"] = out["score"] = None
    if m.r and m.q:
        r, q = Fraction(m.r, n), Fraction(m.q, n)
        z2 = (Fraction(m.qq) / q**2 + Fraction(m.rr) / r**2 - 2 * Fraction(m.rq) / (r * q)) / 4
        out["std_dev_per_100_hands"] = math.sqrt(max(float(z2 / (n * (n - 1))), 0.0))
        if m.w:
            w = Fraction(m.w, n)
            z2 = (
                4 * Fraction(m.ww) / w**2
                + Fraction(m.rr) / r**2
                + Fraction(m.qq) / q**2
                - 4 * Fraction(m.rw) / (w * r)
                - 4 * Fraction(m.wq) / (w * q)
                + 2 * Fraction(m.rq) / (r * q)
            )
            out["score"] = math.sqrt(max(float(z2 / (n * (n - 1))), 0.0))
    return out


def replay_shoe(text: str, full: Sequence[int], game=None, rules: DealRules | None = None) -> bytes:
    """A recorded shoe's line (``Kh,5s,...`` in dealing order, burns in their places; ``?`` for a
    card not recorded, ``...`` for the rest, ``|`` where a round ends: :mod:`.recorded`) as bytes
    for :attr:`CountSpec.replay`: a card kind 0..51 a byte, and the recorded module's marks.
    Refused unless it can be the run's shoe; with the ``game`` and its ``rules``, a partly recorded
    line is also dealt once here, so a line the rules cannot place is refused before the run.

    >>> list(replay_shoe("As,Ah,Ad,Ac", [1, 1, 1, 1] + [0] * 48))
    [0, 1, 2, 3]
    """
    from .recorded import deal_record, partly_recorded, read_record

    record = read_record(text, full)
    if game is not None and partly_recorded(record):
        deal_record(game, record, rules or DealRules(), full)
    return record
