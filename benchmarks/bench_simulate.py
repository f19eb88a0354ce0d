"""100,000 simulated rounds of every game: CPU time of `odds simulate` in a fresh process (issue 21).

    python benchmarks/bench_simulate.py [--only GAME] [--repeat 3] [--bytecode]

Every game of `odds games`, its default paytable (every bet), `--rounds 100000`, once with
`--workers 1` and once with the default workers, as a user runs it: the whole command, start-up
and the exact sheet it compares with included. Each process is timed by the kernel (user + system
CPU, `os.wait4`: a pool's workers count too, as `/usr/bin/time` counts them); the best of
`--repeat` runs is kept, as the machine is shared. Bound (docs/designing.md): 2 s of CPU either
way. The two runs must print the same JSON (the workers never change the figures).

Python writes no bytecode when PYTHONDONTWRITEBYTECODE is set (this project's machine sets it),
so every command compiles the modules it imports (about 0.1 to 0.2 s); `--bytecode` keeps the
compiled modules in a temporary folder (PYTHONPYCACHEPREFIX, written by one run first), as an
installed package has them. The naive C yardstick (/work/shared/bench/naive_baccarat.c, built in
a temporary folder, never committed) is timed in the same run for scale.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_batch import build_yardstick, c_cpu_ms_per_composition  # noqa: E402
from bench_first_sheet import bytecode_note, environment  # noqa: E402

CPU_BOUND = 2.0
ROUNDS = 100_000


def run(command: list[str], env: dict) -> tuple[float, bytes]:
    """``(CPU seconds of the process and the children it waited for, stdout)``."""
    child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = child.stdout.read()
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):  # 1: a bet failed its z test, still timed
        raise SystemExit(f"{' '.join(command)} failed: {err.decode()[-500:]}")
    return usage.ru_utime + usage.ru_stime, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=None, metavar="GAME", help="Only this game.")
    parser.add_argument("--repeat", type=int, default=3, help="Runs of each command; the best is kept.")
    parser.add_argument("--bytecode", action="store_true", help="Keep compiled modules (as an installed package).")
    args = parser.parse_args()
    from odds.games import game_ids

    odds = [sys.executable, "-m", "odds", "simulate"]
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        env = environment(folder, args.bytecode)
        c_ms = c_cpu_ms_per_composition(build_yardstick(folder))
        print(f"naive C yardstick: {c_ms:.3f} ms of CPU per composition")
        print(
            f"odds simulate GAME --rounds {ROUNDS:,}: CPU seconds, best of {args.repeat} "
            f"({bytecode_note(args.bytecode)}; load average {os.getloadavg()[0]:.1f})"
        )
        if args.bytecode:
            run(odds + ["sic-bo", "--rounds", "2", "--workers", "1"], env)  # writes the bytecode
        print(f"  {'game':24s} {'--workers 1':>12s} {'default':>9s}  runs")
        worst = 0.0
        for game in game_ids():
            if args.only and game != args.only:
                continue
            one, default, outputs = [], [], set()
            for _ in range(args.repeat):
                for times, workers in ((one, ["--workers", "1"]), (default, [])):
                    cpu, out = run(odds + [game, "--rounds", str(ROUNDS), "--format", "json"] + workers, env)
                    times.append(cpu)
                    outputs.add(out)
            best = (min(one), min(default))
            worst = max(worst, *best)
            flag = "" if max(best) <= CPU_BOUND else "  OVER"
            same = "" if len(outputs) == 1 else "  THE WORKERS CHANGED THE OUTPUT"
            runs = " ".join(f"{a:.2f}/{b:.2f}" for a, b in zip(one, default))
            print(f"  {game:24s} {best[0]:10.2f} s {best[1]:7.2f} s  {runs}{flag}{same}")
        print(f"slowest: {worst:.2f} s of CPU = {worst * 1000 / c_ms:,.0f} yardstick compositions; bound {CPU_BOUND} s")


if __name__ == "__main__":
    main()
