"""Speed of a bet written by a user against a shipped one, measured in one run (issue 9 item 2).

    python benchmarks/bench_user_bet.py [--shoes 2000] [--seed 1]

1. A user paytable (extends the seed) defines Dragon 7 - "banker wins with a three-card 7", read
   from values and the drawing only - and a bet that reads suits together with the drawing
   ("the player's first two cards suited and the player wins").
2. `odds batch baccarat` over the same 2,000 random partly dealt 8-deck shoes as
   benchmarks/bench_batch.py, run in this process (CPU time, best of 5) for the user's Dragon 7
   alone and for the shipped `dragon-bonus-banker` alone: the time per shoe of each and their
   ratio (the issue's bound: at most 1.5).
3. `odds sheet` of the suits-and-drawing bet on 8 decks, as a command, twice: the first run
   compiles and stores its table, the second loads it.

The machine is shared and noisy; only ratios measured in the same run mean much.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_batch import random_shoes  # noqa: E402  (the same shoes as the batch benchmark)

USER_BETS = """
game = "baccarat"
extends = "seed"

[bets.dragon-7]
name = "Dragon 7"
outcomes = [
  { key = "win", when = "banker_wins and banker_cards == 3 and banker_total == 7", pays = 40 },
  { key = "other", pays = -1 },
]

[bets.suited-win]
name = "Player suited and wins"
outcomes = [
  { key = "win", when = "player_suited and player_wins", pays = 3 },
  { key = "other", pays = -1 },
]
"""
REPEATS = 5


def per_shoe(game, table, lines, bet) -> float:
    from odds.batch import batch_house_edges

    batch_house_edges(game, table, lines[:10], [bet])  # warm: compile or load the tables
    best = float("inf")
    for _ in range(REPEATS):
        start = time.process_time()
        batch_house_edges(game, table, lines, [bet])
        best = min(best, time.process_time() - start)
    return best / len(lines) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from odds.games import get_game
    from odds.paytable import load_paytable

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "user-bets.toml"
        path.write_text(USER_BETS)
        game = get_game("baccarat")
        table = load_paytable(game, str(path))
        lines = random_shoes(args.shoes, args.seed)
        user = per_shoe(game, table, lines, "dragon-7")
        shipped = per_shoe(game, table, lines, "dragon-bonus-banker")
        print(f"odds batch, {args.shoes} shoes, in process, best of {REPEATS} (CPU time per shoe):")
        print(f"  user-defined dragon-7:         {user:.4f} ms")
        print(f"  shipped dragon-bonus-banker:   {shipped:.4f} ms")
        print(f"  ratio user / shipped:          {user / shipped:.2f} (the bound: at most 1.5)")
        env = dict(os.environ, ODDS_CACHE_DIR=str(Path(folder) / "cache"))
        command = [sys.executable, "-m", "odds", "sheet", "baccarat", "--paytable", str(path), "--bet", "suited-win"]
        for label in ("first run (compiles and stores its table)", "second run (loads it)"):
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, env=env)
            print(
                f"odds sheet of a bet reading suits and the drawing, 8 decks, {label}: "
                f"{time.perf_counter() - start:.2f} s"
            )


if __name__ == "__main__":
    main()
