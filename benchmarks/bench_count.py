"""Speed of `odds count` against a C yardstick, measured in one run.

    python benchmarks/bench_count.py [--shoes 800] [--shoes-2 200] [--repeats 2000] [--decks 8]

The yardstick is /work/shared/bench/naive_baccarat.c (override: --yardstick FILE or
$ODDS_YARDSTICK): a naive exact enumerator of the three main baccarat bets. It is compiled here,
into a temporary directory (``cc -O2``), and run in this same run (``naive_baccarat REPEATS``,
which prints "X ms per composition"), taking turns with the Python timings; both sides are timed
in CPU time (the C child's user + system time, this process's for the one-worker runs), and the
best of a few runs of each is kept (the machine may be shared: only ratios measured together mean
anything).

The Python side is the library's `count` (the same code as `odds count`), one worker: eight-deck
baccarat shoes dealt and tallied, every round evaluated for all 16 bets of the default paytable
(exact expectations for the unseen cards). The default 800 shoes go in chunks of 200, as every
chunk of a long study does (a run of ``--shoes S`` on one worker takes chunks of ``S / 4``, at
most 200). Printed:

* seconds per round of the whole `count` (dealing, exact expectations, tallies) and the ratio to
  the C time per composition, with its inverse "1/K" (issue 12: at most 1/30, aim 1/50);
* the same for the exact expectations alone (:meth:`Evaluator.evaluate_chunk` on the dealt shoes,
  in count's chunks);
* two 2-worker runs (``--shoes-2`` and twice as many shoes) and the time a 1e6-shoe study of
  every baccarat bet would take at their rate per shoe (the slope), plus their start-up.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from odds.depletion.count import chunks, make_spec, run  # noqa: E402
from odds.depletion.dealer import DealRules, deal_chunk, shuffled  # noqa: E402
from odds.depletion.evaluator import Evaluator  # noqa: E402
from odds.games import get_game  # noqa: E402
from odds.paytable import load_paytable  # noqa: E402

YARDSTICK = Path(os.environ.get("ODDS_YARDSTICK", "/work/shared/bench/naive_baccarat.c"))


def c_seconds_per_composition(binary: Path, repeats: int) -> float:
    """Run the yardstick once: its CPU seconds (user + system of the child process) per
    composition. CPU time, not the wall time it prints: on a shared machine the wall clocks of
    the two sides see different competition for the cores (issue 20)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    text = subprocess.run([str(binary), str(repeats)], check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if not re.search(r"([0-9.]+) ms per composition", text):
        raise SystemExit(f"the yardstick printed no 'ms per composition': {text!r}")
    return ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) / repeats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=800, help="shoes of the 1-worker run")
    parser.add_argument("--shoes-2", type=int, default=200, help="shoes of the 2-worker run (0: skip it)")
    parser.add_argument("--repeats", type=int, default=2000, help="compositions the yardstick enumerates per run")
    parser.add_argument("--trials", type=int, default=3, help="runs of each timing (the best is kept)")
    parser.add_argument("--decks", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--yardstick", type=Path, default=YARDSTICK)
    args = parser.parse_args()

    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None or not args.yardstick.is_file():
        raise SystemExit(f"need a C compiler and the yardstick {args.yardstick}")
    with tempfile.TemporaryDirectory(prefix="odds-bench-") as tmp:
        binary = Path(tmp) / "naive_baccarat"
        subprocess.run([compiler, "-O2", "-o", str(binary), str(args.yardstick)], check=True)

        game = get_game("baccarat")
        paytable = load_paytable(game)
        bets = list(game.bets)
        spec = make_spec(game, paytable, bets, args.decks, args.seed, DealRules())
        run(spec, 2, workers=1)  # warm: tables loaded, kernels built
        # best of --trials, C and Python taking turns: on a shared machine the least disturbed
        # run of each is the one to compare
        c_times, count_times, eval_times = [], [], []
        evaluator = Evaluator(game, paytable, bets)
        dealt = [
            deal_chunk(game, [shuffled(spec.full, spec.seed, i) for i in range(start, stop)], spec.rules)
            for start, stop in chunks(args.shoes, 1)
        ]  # count's chunks
        eval_rounds = sum(len(unseen) for unseen, _ in dealt)
        evaluator.evaluate_chunk(*dealt[0])
        rounds = None
        for _ in range(args.trials):
            c_times.append(c_seconds_per_composition(binary, args.repeats))
            start = time.process_time()  # one worker: the run is this process
            tally = run(spec, args.shoes, workers=1)
            count_times.append(time.process_time() - start)
            rounds = tally.bets[bets[0]].rounds
            start = time.process_time()
            for unseen, per_shoe in dealt:
                evaluator.evaluate_chunk(unseen, per_shoe)
            eval_times.append(time.process_time() - start)
        two = []
        for shoes_2 in (args.shoes_2, 2 * args.shoes_2) if args.shoes_2 else ():
            start = time.perf_counter()
            run(spec, shoes_2, workers=2)
            two.append((shoes_2, time.perf_counter() - start))
        c_times.append(c_seconds_per_composition(binary, args.repeats))

    c = min(c_times)
    per_round = min(count_times) / rounds
    per_eval = min(eval_times) / eval_rounds
    print(f"baccarat, {args.decks} decks, {len(bets)} bets ({', '.join(bets)})")
    print(
        f"C yardstick: {c * 1e3:.4f} ms CPU per composition (best of {len(c_times)} runs of {args.repeats}; "
        f"all: {', '.join(f'{t * 1e3:.3f}' for t in c_times)} ms)"
    )
    print(
        f"count, 1 worker: {args.shoes} shoes, {rounds} rounds; best of {args.trials}: {min(count_times):.2f} s CPU = "
        f"{per_round * 1e6:.2f} us per round (all: {', '.join(f'{t:.2f}' for t in count_times)} s)"
    )
    print(
        f"  ratio (Python s per round / C s per composition): {per_round / c:.4f} = 1/{c / per_round:.1f}"
        f"  (issue 20: 1/50 or better)"
    )
    print(
        f"exact expectations alone (Evaluator.evaluate_chunk, count's chunks): {per_eval * 1e6:.2f} us per round, "
        f"ratio {per_eval / c:.4f} = 1/{c / per_eval:.1f}"
    )
    print(f"  the rest of a round of count (dealing, tallies): {(per_round - per_eval) * 1e6:.2f} us")
    if len(two) == 2:
        (n1, t1), (n2, t2) = two
        per_shoe = (t2 - t1) / (n2 - n1)  # the slope: start-up (worker processes, tables) left out
        fixed = max(0.0, t1 - n1 * per_shoe)
        projected = 1e6 * per_shoe + fixed
        print(
            f"count, 2 workers: {n1} shoes {t1:.2f} s, {n2} shoes {t2:.2f} s: {per_shoe * 1e3:.2f} ms per shoe "
            f"+ {fixed:.1f} s start-up; a 1e6-shoe study: about {projected:,.0f} s ({projected / 60:.1f} min; "
            f"issue 12: under 15 min)"
        )


if __name__ == "__main__":
    main()
