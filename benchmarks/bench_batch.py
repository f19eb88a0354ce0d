"""Speed of `odds batch` and `odds sheet` against the naive C yardstick, measured in one run.

    python benchmarks/bench_batch.py [--shoes 2000] [--seed 1]

1. Builds ../shared/bench/naive_baccarat.c with `cc -O2` into a temporary folder (never committed)
   and times it on the full 8-deck shoe: milliseconds per composition.
2. Writes 2,000 random partly dealt 8-deck shoes (seeded: 0 to 330 cards dealt off a shuffled shoe)
   and runs `odds batch baccarat` (banker, banker-no-commission, player, tie, lucky-6, big, small,
   dragon-bonus-player, dragon-bonus-banker) and `odds batch tiger-baccarat` (tiger, small-tiger,
   big-tiger, tiger-tie) on them as real commands, and the same commands on an empty file.
3. Prints the time per shoe two ways - the whole commands divided by the shoes, and the marginal
   time (whole commands less the same commands on an empty file, i.e. less the fixed start-up:
   interpreter, imports, compiling the rules) - and each one's ratio to the C time per composition.
4. Times `odds sheet baccarat` (every bet, 8 decks) end to end.
5. Times the 9 baccarat bets' batch again in this process (CPU time, no start-up to subtract)
   with the seed's pays and with the tie priced 12347/9871 (a paytable file extending the seed):
   the time per shoe with and without the awkward pay (its pay column needs two base-256 digits;
   every bet stays on the fast path).

The machine is shared and noisy; only ratios measured in the same run mean much.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
YARDSTICK = ROOT.parent / "shared" / "bench" / "naive_baccarat.c"
BACCARAT_BETS = [
    "banker",
    "banker-no-commission",
    "player",
    "tie",
    "lucky-6",
    "big",
    "small",
    "dragon-bonus-player",
    "dragon-bonus-banker",
]
TIGER_BETS = ["tiger", "small-tiger", "big-tiger", "tiger-tie"]
REPEATS = 5


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


def c_ms_per_composition(folder: Path, repeats: int = 300) -> float:
    binary = folder / "naive_baccarat"
    subprocess.run(["cc", "-O2", "-o", str(binary), str(YARDSTICK)], check=True)
    out = subprocess.run([str(binary), str(repeats)], check=True, capture_output=True, text=True).stdout
    return float(out.splitlines()[-1].split()[0])


def timed(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


ODD_PAYTABLE = """game = "baccarat"
extends = "seed"

[bets.tie]
pays.tie = "12347/9871"
pays.no-tie = -1
"""
"""The seed with one bet priced 12347/9871 (issue 10: it used to send the whole batch to Python
integers)."""


def batch_commands(shoes_file: Path) -> list[list[str]]:
    odds = [sys.executable, "-m", "odds"]
    return [
        odds + ["batch", "baccarat", "--shoes", str(shoes_file)] + [a for b in BACCARAT_BETS for a in ("--bet", b)],
        odds + ["batch", "tiger-baccarat", "--shoes", str(shoes_file)] + [a for b in TIGER_BETS for a in ("--bet", b)],
    ]


def odd_pay_per_shoe(folder: Path, lines: list[str]) -> tuple[float, float]:
    """CPU milliseconds per shoe of the 9 baccarat bets' batch (``run_batch``, in this process,
    best of REPEATS), with the seed's pays and with the tie at 12347/9871. In-process CPU time
    has no start-up to subtract, so it is steadier than the commands' wall time on a shared
    machine."""
    sys.path.insert(0, str(ROOT))
    from odds.batch import run_batch
    from odds.games import get_game
    from odds.paytable import load_paytable

    game = get_game("baccarat")
    odd = folder / "odd.toml"
    odd.write_text(ODD_PAYTABLE)
    out = []
    for table in (load_paytable(game), load_paytable(game, str(odd))):
        run_batch(game, table, lines[:10], BACCARAT_BETS)  # compile the rules, warm up
        best = float("inf")
        for _ in range(REPEATS):
            start = time.process_time()
            run_batch(game, table, lines, BACCARAT_BETS)
            best = min(best, time.process_time() - start)
        out.append(best / len(lines) * 1e3)
    return out[0], out[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not shutil.which("cc"):
        sys.exit("needs a C compiler (cc) for the yardstick")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shoes_file, empty_file = folder / "shoes.txt", folder / "empty.txt"
        shoes_file.write_text("\n".join(random_shoes(args.shoes, args.seed)) + "\n")
        empty_file.write_text("")
        c_ms = c_ms_per_composition(folder)
        for command in batch_commands(empty_file):  # warm the file cache
            timed(command)
        # best of REPEATS: start-up is a few tenths of a second and noisy; the minimum is its floor
        empty = sum(min(timed(c) for _ in range(REPEATS)) for c in batch_commands(empty_file))
        full = sum(min(timed(c) for _ in range(REPEATS)) for c in batch_commands(shoes_file))
        sheet = min(timed([sys.executable, "-m", "odds", "sheet", "baccarat"]) for _ in range(3))
        seed_ms, odd_ms = odd_pay_per_shoe(folder, shoes_file.read_text().splitlines())
        c_ms_after = c_ms_per_composition(folder)
    c_ms = (c_ms + c_ms_after) / 2  # the yardstick before and after, against drift in load
    print(f"naive C yardstick: {c_ms:.4f} ms per composition (banker/player/tie; mean of a run before and after)")
    print(
        f"odds batch: {args.shoes} shoes x 13 bets (9 baccarat + 4 Tiger Baccarat), both commands, best of {REPEATS};"
        f" start-up alone (empty file) {empty:.3f} s"
    )
    whole = full / args.shoes * 1e3
    marginal = (full - empty) / args.shoes * 1e3
    print(f"  {full:.3f} s in all")
    print(f"  per shoe, whole commands: {whole:.4f} ms -> {c_ms / whole:.1f}x faster than C per composition")
    print(f"  per shoe, less start-up:  {marginal:.4f} ms -> {c_ms / marginal:.1f}x faster than C per composition")
    print(f"odds sheet baccarat (every bet, 8 decks), end to end, best of 3: {sheet:.3f} s")
    print(
        f"odds batch baccarat, 9 bets, per shoe (CPU in one process, best of {REPEATS}): seed pays"
        f" {seed_ms:.4f} ms; tie at 12347/9871 {odd_ms:.4f} ms ({odd_ms / seed_ms:.2f}x)"
    )


if __name__ == "__main__":
    main()
