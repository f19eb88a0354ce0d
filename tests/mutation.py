"""Mutation testing, on demand (not in CI: it takes an hour or more on two cores).

    python tests/mutation.py                       # every module below
    python tests/mutation.py odds/sheet.py         # one module
    python tests/mutation.py --keep                # keep the scratch clone (mutmut browse there)

mutmut (``pip install mutmut``) changes one operator, constant or condition at a time in the
modules below and runs the tests that reach the changed function; a mutant no test notices
"survives". Each survivor is either killed by a new test or explained in docs/development.md
(an equivalent mutant: a change that computes the same thing). The run happens in a clone of HEAD
in a temporary folder (mutmut writes a ``mutants/`` copy of the tree beside the code), so the
work tree is never touched; the clone's pyproject.toml gets the ``[tool.mutmut]`` section below.

Hook for the exact-evaluation layer: ``odds/exact/`` joins the run by itself once it exists (see
:data:`LATER`), with the tests that reach it found by mutmut's own coverage pass.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MODULES = {
    # module: the test files that check it (mutmut runs, per mutant, those of them that reach it)
    "odds/bets/condition.py": ["tests/test_condition.py", "tests/test_user_bets.py", "tests/test_catalogue.py"],
    "odds/games/punto_banco.py": ["tests/test_reference_rules.py", "tests/test_baccarat.py", "tests/test_settle.py"],
    "odds/games/dragon_tiger.py": [
        "tests/test_reference_rules.py",
        "tests/test_dragon_tiger.py",
        "tests/test_settle.py",
    ],
    "odds/games/sic_bo.py": ["tests/test_sic_bo.py", "tests/test_settle.py", "tests/test_reference_rules.py"],
    "odds/games/roulette.py": ["tests/test_roulette.py", "tests/test_american_roulette.py", "tests/test_settle.py"],
    "odds/games/player_dealer.py": ["tests/test_player_dealer.py", "tests/test_reference_rules.py"],
    "odds/sheet.py": ["tests/test_sheet_figures.py", "tests/test_pays_oracle.py", "tests/test_published.py"],
}
"""The modules under mutation: the condition language, the rules of each game, the sheet's figures."""

LATER = {"odds/exact/": ["tests/"]}
"""Modules that join the run when they exist: the exact-evaluation layer (issue 20)."""


def config(modules: dict[str, list[str]]) -> str:
    tests = sorted({t for files in modules.values() for t in files})
    quoted = lambda items: ", ".join(f'"{i}"' for i in items)  # noqa: E731
    return (
        "\n[tool.mutmut]\n"
        f"source_paths = [{quoted(modules)}]\n"
        f"pytest_add_cli_args_test_selection = [{quoted(tests)}]\n"
        # one process per mutant run (mutmut runs mutants side by side itself), no slow tier
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-o", "addopts=", "-m", "not slow"]\n'
        'also_copy = ["odds/", "tests/", "tables/", "docs/", "README.md"]\n'
    )


def main() -> int:
    parser = argparse.ArgumentParser(description="mutation testing of the rules, the condition language and the sheet")
    parser.add_argument("modules", nargs="*", help="modules to mutate (default: all of MODULES)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch clone")
    parser.add_argument("--children", type=int, default=2, help="mutants run side by side (default 2)")
    args = parser.parse_args()
    every = {**MODULES, **{m: t for m, t in LATER.items() if (ROOT / m).exists()}}
    chosen = {m: every[m] for m in args.modules} if args.modules else every
    if shutil.which("mutmut") is None:
        print("mutmut is not installed: pip install mutmut", file=sys.stderr)
        return 2
    folder = Path(tempfile.mkdtemp(prefix="odds-mutation-"))
    clone = folder / "odds"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    with open(clone / "pyproject.toml", "a", encoding="utf-8") as out:
        out.write(config(chosen))
    print(f"mutating {', '.join(chosen)} in {clone}", file=sys.stderr)
    subprocess.run(["mutmut", "run", "--max-children", str(args.children)], cwd=clone)
    results = subprocess.run(["mutmut", "results", "--all", "true"], cwd=clone, capture_output=True, text=True)
    tally: dict[str, dict[str, int]] = {}
    survivors = []
    for line in results.stdout.splitlines():
        match = re.match(r"\s*([\w.]+)__mutmut_\d+: (.+)", line)
        if not match:
            continue
        name, status = match.groups()
        module = name.rsplit(".", 2)[0] if ".x" in name else name
        tally.setdefault(module, {}).setdefault(status, 0)
        tally[module][status] += 1
        if status == "survived":
            survivors.append(line.strip().split(":")[0])
    for module, counts in sorted(tally.items()):
        print(f"{module}: " + ", ".join(f"{n} {status}" for status, n in sorted(counts.items())))
    print(f"{len(survivors)} survived:" + "".join(f"\n  {s}" for s in survivors))
    print(f"see one: cd {clone} && mutmut show NAME" if args.keep else "", end="")
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
