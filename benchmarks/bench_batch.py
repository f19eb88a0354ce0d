"""Speed of `odds batch` against the naive C yardstick, in CPU time, measured in one run.

    python benchmarks/bench_batch.py [--shoes 2000] [--seed 1]

1. Builds ../shared/bench/naive_baccarat.c with `cc -O2` into a temporary folder (never committed)
   and takes its CPU time per composition (the child process's user + system time over 300
   compositions of the full 8-deck shoe), before and after the rest; the mean of the two.
2. Writes 2,000 random partly dealt 8-deck shoes (seeded: 0 to 330 cards dealt off a shuffled
   shoe, every card with its suit) and prices them in this process as `odds batch` does
   (:func:`odds.batch.run_batch`, CSV rows included), best of 5, in CPU time:
   - all 16 bets of the baccarat seed paytable (the drawing bets, the pairs, Perfect Pair, the
     first-card duel);
   - its 9 value bets (decided by the drawing: banker ... dragon-bonus-banker);
   - the 9 value bets with the tie priced 12347/9871 (a pay column of two base-256 digits).
   The bets' plan is built once before the timing (a batch builds it once per run: its start-up).
3. Prints each per-shoe time and its ratio to the C time per composition. Issue 20 asks for 10x
   (all 16 bets) and 15x (value bets).

The machine is shared and noisy: only ratios measured in the same run mean much, and CPU time
is steadier than wall time when other processes compete for the cores.
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
YARDSTICK = next(
    (p / "shared" / "bench" / "naive_baccarat.c" for p in ROOT.parents if (p / "shared" / "bench").is_dir()),
    ROOT.parent / "shared" / "bench" / "naive_baccarat.c",
)
"""The C yardstick: ``shared/bench/naive_baccarat.c`` beside the checkout (or a worktree's checkout)."""
REPEATS = 5
C_COMPOSITIONS = 300

ODD_PAYTABLE = """game = "baccarat"
extends = "seed"

[bets.tie]
pays.tie = "12347/9871"
pays.no-tie = -1
"""
"""The seed with one bet priced 12347/9871 (its pay column needs two base-256 digits)."""


def random_shoes(count: int, seed: int) -> list[str]:
    """``--remove`` specs of partly dealt 8-deck shoes: a random number of cards off the top."""
    rng = random.Random(seed)
    deck = [rank + suit for rank in "A23456789TJQK" for suit in "shdc"] * 8
    lines = []
    for _ in range(count):
        rng.shuffle(deck)
        seen = Counter(deck[: rng.randint(0, 330)])
        lines.append(",".join(card if n == 1 else f"{card}x{n}" for card, n in sorted(seen.items())))
    return lines


def build_yardstick(folder: Path) -> Path:
    binary = folder / "naive_baccarat"
    subprocess.run(["cc", "-O2", "-o", str(binary), str(YARDSTICK)], check=True)
    return binary


def c_cpu_ms_per_composition(binary: Path) -> float:
    """The yardstick's CPU time (user + system of the child) per composition, in ms."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([str(binary), str(C_COMPOSITIONS)], check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return spent / C_COMPOSITIONS * 1e3


def batch_cpu_ms_per_shoe(game, table, lines: list[str], bets: list[str]) -> float:
    """CPU milliseconds per shoe of ``odds batch`` in this process, best of REPEATS (the plan and
    its kernels built first, as a batch does once per run)."""
    from odds.batch import run_batch

    run_batch(game, table, lines[:10], bets)
    best = float("inf")
    for _ in range(REPEATS):
        start = time.process_time()
        run_batch(game, table, lines, bets)
        best = min(best, time.process_time() - start)
    return best / len(lines) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not shutil.which("cc"):
        sys.exit("needs a C compiler (cc) for the yardstick")
    sys.path.insert(0, str(ROOT))
    from odds.games import get_game
    from odds.paytable import load_paytable

    game = get_game("baccarat")
    seed = load_paytable(game)
    every = list(seed.bets)
    value = [b for b in every if seed.rule(b).resolution == "value"]
    lines = random_shoes(args.shoes, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        binary = build_yardstick(folder)
        c_before = min(c_cpu_ms_per_composition(binary) for _ in range(3))
        odd_file = folder / "odd.toml"
        odd_file.write_text(ODD_PAYTABLE)
        odd = load_paytable(game, str(odd_file))
        runs = [
            (f"all {len(every)} bets", batch_cpu_ms_per_shoe(game, seed, lines, every), 10),
            (f"{len(value)} value bets", batch_cpu_ms_per_shoe(game, seed, lines, value), 15),
            (f"{len(value)} value bets, tie at 12347/9871", batch_cpu_ms_per_shoe(game, odd, lines, value), None),
        ]
        c_after = min(c_cpu_ms_per_composition(binary) for _ in range(3))
    c_ms = (c_before + c_after) / 2
    print(
        f"naive C yardstick: {c_ms:.4f} ms CPU per composition (best of 3 before: {c_before:.4f}, after: {c_after:.4f})"
    )
    print(f"odds batch baccarat, {args.shoes} shoes, CPU per shoe in one process (best of {REPEATS}):")
    for name, ms, aim in runs:
        target = f" (aim: {aim}x)" if aim else ""
        print(f"  {name}: {ms:.4f} ms -> {c_ms / ms:.1f}x faster than C per composition{target}")


if __name__ == "__main__":
    main()
