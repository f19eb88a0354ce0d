"""Speed of `odds count` against a C yardstick, measured in one run.

    python benchmarks/bench_count.py [--shoes 200] [--shoes-2 200] [--repeats 2000] [--decks 8]

The yardstick is /work/shared/bench/naive_baccarat.c (override: --yardstick FILE or
$ODDS_YARDSTICK): a naive exact enumerator of the three main baccarat bets. It is compiled here,
into a temporary directory (``cc -O2``), and run in this same run (``naive_baccarat REPEATS``,
which prints "X ms per composition"), before and after the Python timings: the machine may be
shared, so only ratios measured together mean anything.

The Python side is the library's `count` (the same code as `odds count`), one worker: eight-deck
baccarat shoes dealt and tallied, every round evaluated for all 16 bets of the default paytable
(exact expectations for the unseen cards). Printed:

* seconds per round of the whole `count` (dealing, exact expectations, tallies) and the ratio to
  the C time per composition, with its inverse "1/K" (issue 12: at most 1/30, aim 1/50);
* the same for the exact expectations alone (:meth:`Evaluator.evaluate_shoes` on the dealt shoes);
* a 2-worker run and the time a 1e6-shoe study of every baccarat bet would take at its rate.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from odds.depletion.count import make_spec, run  # noqa: E402
from odds.depletion.dealer import DealRules, deal_shoe, shuffled  # noqa: E402
from odds.depletion.evaluator import Evaluator  # noqa: E402
from odds.games import get_game  # noqa: E402
from odds.paytable import load_paytable  # noqa: E402

YARDSTICK = Path(os.environ.get("ODDS_YARDSTICK", "/work/shared/bench/naive_baccarat.c"))


def c_seconds_per_composition(binary: Path, repeats: int) -> float:
    """Run the yardstick once: its seconds per composition."""
    text = subprocess.run([str(binary), str(repeats)], check=True, capture_output=True, text=True).stdout
    found = re.search(r"([0-9.]+) ms per composition", text)
    if not found:
        raise SystemExit(f"the yardstick printed no 'ms per composition': {text!r}")
    return float(found.group(1)) / 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=200, help="shoes of the 1-worker run")
    parser.add_argument("--shoes-2", type=int, default=200, help="shoes of the 2-worker run (0: skip it)")
    parser.add_argument("--repeats", type=int, default=2000, help="compositions the yardstick enumerates per run")
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

        c_before = c_seconds_per_composition(binary, args.repeats)
        start = time.perf_counter()
        tally = run(spec, args.shoes, workers=1)
        count_seconds = time.perf_counter() - start
        rounds = tally.bets[bets[0]].rounds

        evaluator = Evaluator(game, paytable, bets)
        shoes = [deal_shoe(game, shuffled(spec.full, spec.seed, i), spec.rules, settle=False)[0]
                 for i in range(args.shoes)]
        evaluator.evaluate_shoes(shoes[:2])
        start = time.perf_counter()
        for first in range(0, len(shoes), 50):  # as count's chunks: at most 50 shoes per pass
            evaluator.evaluate_shoes(shoes[first : first + 50])
        eval_seconds = time.perf_counter() - start
        eval_rounds = sum(len(s) for s in shoes)

        two = None
        if args.shoes_2:
            start = time.perf_counter()
            run(spec, args.shoes_2, workers=2)
            two = time.perf_counter() - start
        c_after = c_seconds_per_composition(binary, args.repeats)

    c = (c_before + c_after) / 2
    per_round = count_seconds / rounds
    per_eval = eval_seconds / eval_rounds
    print(f"baccarat, {args.decks} decks, {len(bets)} bets ({', '.join(bets)})")
    print(f"C yardstick: {c * 1e3:.4f} ms per composition (runs before/after: {c_before * 1e3:.4f} / "
          f"{c_after * 1e3:.4f} ms; {args.repeats} compositions each)")
    print(f"count, 1 worker: {args.shoes} shoes, {rounds} rounds in {count_seconds:.2f} s: "
          f"{per_round * 1e6:.2f} us per round")
    print(f"  ratio (Python s per round / C s per composition): {per_round / c:.4f} = 1/{c / per_round:.1f}"
          f"  (issue 12: at most 1/30, aim 1/50)")
    print(f"exact expectations alone: {per_eval * 1e6:.2f} us per round, ratio {per_eval / c:.4f} = "
          f"1/{c / per_eval:.1f}")
    if two is not None:
        per_shoe = two / args.shoes_2
        projected = 1e6 * per_shoe
        print(f"count, 2 workers: {args.shoes_2} shoes in {two:.2f} s; a 1e6-shoe study would take about "
              f"{projected:,.0f} s ({projected / 60:.1f} min; issue 12: under 15 min)")
    projected_1 = 1e6 * count_seconds / args.shoes / 2
    print(f"projected from the 1-worker rate, perfectly split over 2 workers: {projected_1:,.0f} s "
          f"({projected_1 / 60:.1f} min)")


if __name__ == "__main__":
    main()
