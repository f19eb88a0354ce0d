"""A sheet's start-up in instructions, not seconds: `odds sheet` from the package's stored tables
under valgrind's callgrind, which counts the instructions the process runs (issue 21).

    python benchmarks/startup_instructions.py [--against REV] [-- SHEET ARGS...]

A sheet from the cache takes 0.3 to 0.5 s of CPU, and on this shared machine the same command
varies by 0.1 s from run to run: a change of 10 ms cannot be seen in seconds. The instruction
count of one run is the same to 0.01% every time (PYTHONHASHSEED=0, one BLAS thread, no
bytecode written - every module of odds is compiled, as with PYTHONDONTWRITEBYTECODE set), so two
versions compare in one run each. ``--against REV`` counts a git revision too, from a temporary
worktree. Needs valgrind (``apt-get install valgrind``); a run takes about 15 s per sheet.
Instructions are not time: a cache miss or a page fault costs more than an instruction. Use it
to compare versions, and `bench_first_sheet.py` for the seconds.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SHEETS = [
    ["baccarat", "--paytable", "bad-beat", "--bet", "banker"],
    ["baccarat", "--paytable", "egalite-grouped", "--bet", "egalite-1-3"],
    ["baccarat", "--paytable", "contrast-bonus", "--bet", "contrast-bonus"],
    ["dragon-tiger", "--bet", "tie"],
    ["sic-bo", "--bet", "big"],
]
"""A drawing bet, the slowest shipped sheet of the last sweep, a suit-reading table, a positional
table, a roll."""


def instructions(tree: Path, args: list[str], cache: Path) -> int:
    """Instructions of ``python -m odds sheet ARGS`` with ``tree``'s odds, by callgrind."""
    env = {
        **os.environ,
        "PYTHONHASHSEED": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "ODDS_CACHE_DIR": str(cache),
        "PYTHONPATH": str(tree),
    }
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-m",
            "odds",
            "sheet",
            *args,
        ],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    match = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not match:
        raise SystemExit(f"odds sheet {' '.join(args)} failed under valgrind:\n{done.stderr[-800:]}")
    return int(match.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REV", help="Also count this git revision (a temporary worktree).")
    parser.add_argument("sheet", nargs="*", help="One sheet's arguments (default: five representative sheets).")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    sheets = [args.sheet] if args.sheet else SHEETS
    with tempfile.TemporaryDirectory(prefix="odds-startup-") as scratch:
        trees = {"HEAD (work tree)": ROOT}
        if args.against:
            other = Path(scratch) / "against"
            subprocess.run(["git", "worktree", "add", "--detach", "-q", str(other), args.against], cwd=ROOT, check=True)
            trees = {args.against: other, **trees}
        try:
            print(f"{'sheet':60} " + " ".join(f"{name[:18]:>18}" for name in trees))
            for sheet in sheets:
                counts = [instructions(tree, sheet, Path(scratch) / "cache") for tree in trees.values()]
                ratio = f"  {counts[-1] / counts[0] - 1:+.1%}" if len(counts) == 2 else ""
                print(f"{' '.join(sheet)[:60]:60} " + " ".join(f"{c:>18,}" for c in counts) + ratio)
        finally:
            if args.against:
                subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=ROOT, check=False)


if __name__ == "__main__":
    main()
