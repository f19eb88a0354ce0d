"""``count --checkpoint FILE``: a count's tallies kept in a file as the run goes (:mod:`odds.runs.checkpoint`),
so that a run stopped at any moment goes on from them when run again with the same arguments -
and prints the same bytes as a run never stopped (the tallies are integer sums: the order in
which shoes are added changes nothing).

The file names the arguments that decide the figures (game, paytable and its pays, bets, shoe,
seed, dealing rules, windows, tags, triggers, true count, chart, shoes) and refuses another run's;
``--workers`` and ``--scheduler`` may change between runs. Its tallies are checked field by
field (whole numbers where the sums are, none negative that cannot be, as many shoes as the
ranges it says are done) before a figure is built from them.
"""

from __future__ import annotations

import hashlib

from ..errors import OddsError
from ..runs import checkpoint as files
from .tally import RAMP_MOMENTS, BetTally, CountSpec, Tally, empty_tally

KIND = "odds count"

OPTION = {
    "game": "GAME",
    "paytable": "--paytable",
    "pays": "the paytable's bets and pays",
    "bets": "--bet",
    "shoe": "--decks",
    "seed": "--seed",
    "cut_card": "--cut-card",
    "after_cut": "--after-cut",
    "commencement": "the commencement burn",
    "windows": "--window",
    "tags": "--tags or --level",
    "triggers": "--trigger",
    "true_count": "--true-count",
    "chart": "--plot",
    "shoes": "--shoes",
}

COUNTS = ("rounds", "rounds_in_window", "positive", "positive_in_window")
SUMS = ("ev_sum", "perfect", "perfect_in_window", "perfect_sq")
BINS = ("tc_ev", "tc_ev_in_window", "tc_rounds", "tc_rounds_in_window")
MOMENTS = ("r", "b", "w", "rr", "bb", "ww", "rb", "rw", "bw")
NOT_NEGATIVE = {"r", "b", "rr", "bb", "ww"}
RAMP_NOT_NEGATIVE = {"r", "s", "q", "rr", "rs", "rq", "ww", "ss", "sq", "qq"}


def arguments(spec: CountSpec, shoes: int) -> dict:
    """What decides a run's figures, as plain JSON."""
    return (
        {
            "game": spec.game_id,
            "paytable": spec.paytable.name,
            "pays": hashlib.sha256(repr(spec.paytable).encode()).hexdigest()[:16],
            "bets": list(spec.bet_ids),
            "shoe": list(spec.full),
            "seed": spec.seed,
            "cut_card": spec.rules.cut_card,
            "after_cut": spec.rules.after_cut,
            "commencement": spec.rules.commencement,
            "windows": list(spec.windows),
            "tags": [list(t) if t is not None else None for t in spec.tags52],
            "triggers": [spec.trigger_bin(i) for i in range(len(spec.bet_ids))],
            "true_count": spec.true_count,
            "chart": spec.keep_values,
            "shoes": shoes,
        }
        | ({"replay": hashlib.sha256(b"".join(spec.replay)).hexdigest()[:16]} if spec.replay is not None else {})
        | ({"ramp": [[str(tc), str(units)] for tc, units in spec.ramp]} if spec.ramp is not None else {})
    )


def tally_data(tally: Tally) -> dict:
    """A tally as plain JSON (true-count bins as ``[bin, sum]`` pairs)."""
    bets = {}
    for bet, t in tally.bets.items():
        bets[bet] = {
            **{k: getattr(t, k) for k in COUNTS + SUMS},
            **{k: sorted(getattr(t, k).items()) for k in BINS},
            "study": [getattr(t.study, k) for k in MOMENTS],
            "study_in_window": [getattr(t.study_in_window, k) for k in MOMENTS],
            "ramp": [getattr(t.ramp, k) for k in RAMP_MOMENTS],
            "by_round": [list(row) for row in t.by_round],
        }
    return {"shoes": tally.shoes, "bets": bets}


def tally_of(data, bet_ids, label: str) -> Tally:
    """The tally of :func:`tally_data`, checked (one line naming the file when anything is off)."""

    def bad(what: str) -> OddsError:
        return OddsError(f"{label}: its tallies are not valid ({what}); remove the file to start again")

    def whole(value, what: str, low: int | None = None) -> int:
        if type(value) is not int or (low is not None and value < low):
            raise bad(what)
        return value

    if not isinstance(data, dict) or set(data) != {"shoes", "bets"} or not isinstance(data["bets"], dict):
        raise bad("not a tally")
    if list(data["bets"]) != list(bet_ids):
        raise bad("other bets")
    tally = empty_tally(bet_ids)
    tally.shoes = whole(data["shoes"], "shoes", 0)
    keys = set(COUNTS + SUMS + BINS) | {"study", "study_in_window", "by_round"}
    for bet, fields in data["bets"].items():
        # "ramp": the per-shoe sums at a ramp (files written before them have none)
        if not isinstance(fields, dict) or set(fields) - {"ramp"} != keys:
            raise bad(bet)
        t: BetTally = tally.bets[bet]
        for k in COUNTS + SUMS:
            setattr(t, k, whole(fields[k], f"{bet} {k}", None if k == "ev_sum" else 0))
        if t.positive > t.rounds or t.rounds_in_window > t.rounds or t.positive_in_window > t.positive:
            raise bad(f"{bet} rounds")
        for k in BINS:
            pairs = fields[k]
            if not isinstance(pairs, list):
                raise bad(f"{bet} {k}")
            bins = getattr(t, k)
            for pair in pairs:
                if not isinstance(pair, list) or len(pair) != 2:
                    raise bad(f"{bet} {k}")
                key = whole(pair[0], f"{bet} {k}")
                if key in bins:
                    raise bad(f"{bet} {k}")
                bins[key] = whole(pair[1], f"{bet} {k}", 0 if k.startswith("tc_rounds") else None)
        for k, moments in (("study", t.study), ("study_in_window", t.study_in_window)):
            values = fields[k]
            if not isinstance(values, list) or len(values) != len(MOMENTS):
                raise bad(f"{bet} {k}")
            for name, value in zip(MOMENTS, values):
                setattr(moments, name, whole(value, f"{bet} {k}", 0 if name in NOT_NEGATIVE else None))
        values = fields.get("ramp", [0] * len(RAMP_MOMENTS))
        if not isinstance(values, list) or len(values) != len(RAMP_MOMENTS):
            raise bad(f"{bet} ramp")
        for name, value in zip(RAMP_MOMENTS, values):
            setattr(t.ramp, name, whole(value, f"{bet} ramp", 0 if name in RAMP_NOT_NEGATIVE else None))
        rows = fields["by_round"]
        if not isinstance(rows, list) or len(rows) > 100_000:
            raise bad(f"{bet} by_round")
        for row in rows:
            if not isinstance(row, list) or len(row) != 4:
                raise bad(f"{bet} by_round")
            t.by_round.append([whole(v, f"{bet} by_round") for v in row])
    return tally


class CountCheckpoint:
    """The checkpoint of one count: what it holds (:attr:`done`, :attr:`tally`), what is left
    (:meth:`todo`), and :meth:`snapshot` for :func:`odds.runs.reduce_chunks`."""

    def __init__(self, path, spec: CountSpec, shoes: int, every: float | None = None):
        self.path, self.spec, self.shoes = path, spec, shoes
        self.arguments = arguments(spec, shoes)
        self.label = files._label(path)
        self.clock = files.Clock(every)
        from ..files import target

        target(path, "--checkpoint")  # a folder, a device, a missing folder: refused before any dealing
        saved = files.read(path, KIND, self.arguments, lambda key: OPTION.get(key, key))
        self.done: list[tuple[int, int]] = []
        self.tally = empty_tally(spec.bet_ids)
        if saved is not None:
            done, state = saved
            self.done = files.ranges(done, shoes, self.label)
            self.tally = tally_of(state, spec.bet_ids, self.label)
            if self.tally.shoes != sum(stop - start for start, stop in self.done):
                raise OddsError(f"{self.label}: its tallies do not hold the shoes it says are done; remove it")

    def todo(self) -> list[tuple[int, int]]:
        return files.missing(self.done, self.shoes)

    def combined(self, part: Tally) -> Tally:
        """The checkpoint's tally plus ``part`` (a new tally)."""
        total = empty_tally(self.spec.bet_ids)
        total.add(self.tally)
        total.add(part)
        return total

    def snapshot(self, total: Tally, chunks: list, final: bool) -> str:
        """Write the tallies so far (``total`` of this run holds ``chunks``), when due or
        ``final``; returns what the stop's message says about the file."""
        if not final and not self.clock.due():
            return ""
        done = files.merge_ranges(self.done + [tuple(c) for c in chunks])
        files.write(self.path, KIND, self.arguments, done, tally_data(self.combined(total)))
        held = sum(stop - start for start, stop in done)
        return f"{self.label} holds {held:,} of {self.shoes:,} shoes: the same command goes on from there"
