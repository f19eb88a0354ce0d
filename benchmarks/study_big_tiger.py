"""Reproduce Eliot Jacobson's Big Tiger counting study with ``odds count`` (issue 12 item 3).

Jacobson, "Card Counting the Big Tiger Baccarat Side Bet" (advancedadvantageplay.com, 2024/07):
Big Tiger pays 50 to 1 when the Banker wins with a three-card 6; tags (A, 2, ..., 9, T) =
(0, 0, -1, -1, -1, -2, +1, +2, +2, 0); "one hundred million (100,000,000) eight deck shoes, with
the cut card at 14 cards": target true count +8, bet frequency 3.536%, average edge 7.227%, units
won per 100 hands 0.256, desirability index 2.08 (house edge 15.2533%, variance 42.503, betting
correlation 0.981).

Runs ``odds count tiger-baccarat --bet big-tiger --tags ... --trigger 8 --cut-card 14`` (Tiger
Baccarat's ``big-tiger`` is the same bet) and prints our figures beside his, with the run's
standard errors and ``z = (ours - his) / standard error`` (his figures come from 100 times more
shoes: their own noise is negligible beside ours, but they are rounded to the digits printed).

    python benchmarks/study_big_tiger.py --shoes 20000 --workers 2 [--true-count in-shoe] [--after-cut one-more]
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time

TAGS = "0,0,-1,-1,-1,-2,1,2,2,0"
PUBLISHED = {  # Jacobson's figures as printed (fractions, not percentages)
    "bet_frequency": 0.03536,
    "average_edge": 0.07227,
    "units_per_100_hands": 0.256,
    "desirability_index": 2.08,
}
PRINTED_STEP = {
    "bet_frequency": 0.00001,
    "average_edge": 0.00001,
    "units_per_100_hands": 0.001,
    "desirability_index": 0.01,
}
EXACT = {"house_edge_float": 0.152533, "variance_float": 42.503, "betting_correlation": 0.981}


def command(shoes: int, workers: int, seed: int, true_count: str, after_cut: str) -> list[str]:
    return [
        "odds",
        "count",
        "tiger-baccarat",
        "--bet",
        "big-tiger",
        "--tags",
        TAGS,
        "--trigger",
        "8",
        "--cut-card",
        "14",
        "--decks",
        "8",
        "--after-cut",
        after_cut,
        "--true-count",
        true_count,
        "--shoes",
        str(shoes),
        "--seed",
        str(seed),
        "--workers",
        str(workers),
        "--format",
        "json",
    ]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shoes", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--true-count", default="unseen", choices=("unseen", "in-shoe"))
    parser.add_argument("--after-cut", default="standard", choices=("last", "one-more", "standard"))
    args = parser.parse_args(argv)
    cmd = command(args.shoes, args.workers, args.seed, args.true_count, args.after_cut)
    print("$ " + " ".join(cmd), flush=True)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "odds"] + cmd[1:], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode:
        print(proc.stderr, file=sys.stderr)
        return proc.returncode
    row = json.loads(proc.stdout)["bets"][0]
    print(
        f"{args.shoes:,} shoes in {elapsed:.0f} s ({args.workers} workers); rounds per shoe "
        f"{row['rounds_per_shoe']:.3f}; true count {args.true_count}, after the cut card {args.after_cut}"
    )
    print(
        f"off the top: house edge {row['house_edge_float']:.6%} (Jacobson 15.2533%), variance "
        f"{row['variance_float']:.3f} (42.503), betting correlation {row['betting_correlation']:.3f} (0.981)"
    )
    theirs_error = outcome_noise(row)
    print(f"{'figure':<22}{'ours':>12}{'std error':>12}{'Jacobson':>12}{'z':>8}{'his s.e.':>12}{'z2':>8}")
    for key, theirs in PUBLISHED.items():
        ours, error = row[key], row[key + "_std_error"]
        z = (ours - theirs) / error if error else float("nan")
        z2 = (ours - theirs) / math.hypot(error, theirs_error[key]) if error else float("nan")
        scale = 100 if key in ("bet_frequency", "average_edge") else 1
        unit = "%" if scale == 100 else ""
        print(
            f"{key:<22}{ours * scale:>11.4f}{unit or ' '}{error * scale:>11.4f}{unit or ' '}"
            f"{theirs * scale:>11.4f}{unit or ' '}{z:>8.2f}{theirs_error[key] * scale:>11.4f}{unit or ' '}{z2:>8.2f}"
        )
    print(
        "z: against his figures as exact; z2: with the noise his figures carry if they come from settled "
        "outcomes of 10^8 shoes (his s.e.), as a simulation that deals and settles rounds has"
    )
    return 0


def outcome_noise(row: dict, shoes: float = 1e8) -> dict:
    """The standard error Jacobson's figures would carry if they were means of settled outcomes
    over ``shoes`` shoes (ours sum exact expectations instead, which is far less noisy): a bet at
    edge A pays 50 with chance (1 + A) / 51, else loses 1, so its variance is 1 + 2499 (1 + A) / 51
    - A^2; the bet frequency has no outcome noise (the count decides it)."""
    f, a, rounds = row["bet_frequency"], row["average_edge"], row["rounds_per_shoe"] * shoes
    variance = 1 + 2499 * (1 + a) / 51 - a * a
    bets = f * rounds
    per_100 = 100 * math.sqrt(f * (variance + a * a) - (f * a) ** 2) / math.sqrt(rounds)
    return {
        "bet_frequency": 0.0,
        "average_edge": math.sqrt(variance / bets),
        "units_per_100_hands": per_100,
        "desirability_index": row["desirability_index"] * per_100 / row["units_per_100_hands"],
    }


if __name__ == "__main__":
    sys.exit(main())
