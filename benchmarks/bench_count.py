"""Speed of `odds count`: eight-deck baccarat shoes, the exact expectation of every baccarat bet
(main bets and every side bet) at every round.

    python benchmarks/bench_count.py [--shoes 400] [--workers N] [--game baccarat]

Runs the library's `count` (the same code as `odds count`) on ``--shoes`` shoes and prints
rounds evaluated per second (one round = every bet's exact expectation for the unseen cards),
shoes per second, and the time 10,000 shoes would take at that rate. The issue's target:
10,000 eight-deck shoes in under 5 minutes on a 2-core machine. The machine may be shared: the
figure is what this run saw.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from odds.depletion.count import make_spec, report, run  # noqa: E402
from odds.depletion.dealer import DealRules  # noqa: E402
from odds.games import get_game  # noqa: E402
from odds.paytable import load_paytable  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=400)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--game", default="baccarat")
    parser.add_argument("--decks", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = get_game(args.game)
    paytable = load_paytable(game)
    bets = list(game.bets)
    start = time.perf_counter()
    spec = make_spec(game, paytable, bets, args.decks, args.seed, DealRules())
    setup = time.perf_counter() - start
    start = time.perf_counter()
    tally = run(spec, args.shoes, workers=args.workers)
    elapsed = time.perf_counter() - start
    rows = report(spec, tally)
    rounds = round(rows[0]["rounds_per_shoe"] * args.shoes)
    print(f"{args.game}, {args.decks} decks, {len(bets)} bets ({', '.join(bets)})")
    print(f"workers {args.workers} (cpu_count {os.cpu_count()}), {args.shoes} shoes, {rounds} rounds, "
          f"setup {setup:.2f} s (effects of removal for the count's tags), dealing and evaluating {elapsed:.2f} s")
    print(f"rounds evaluated per second: {rounds / elapsed:,.0f} (each: {len(bets)} bets' exact expectations)")
    print(f"shoes per second: {args.shoes / elapsed:,.1f}")
    projected = 10_000 * elapsed / args.shoes + setup
    print(f"10,000 shoes would take about {projected:,.0f} s ({projected / 60:.1f} min); target: under 300 s")


if __name__ == "__main__":
    main()
